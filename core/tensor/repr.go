package tensor

import (
	"math"
	"strconv"
	"strings"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
)

// Printing follows torch's tensor repr (torch/_tensor_str.py's rules:
// linewidth 80, precision 4, summarised beyond 1000 elements with 3 edge
// items), so that gosparse and torch print the same text for the same tensor.
const (
	printLinewidth = 80
	printPrecision = 4
	printThreshold = 1000
	printEdgeitems = 3
)

// String returns torch's repr of the tensor, e.g.
//
//	tensor(crow_indices=tensor([0, 2, 4]),
//	       col_indices=tensor([0, 1, 0, 1]),
//	       values=tensor([1., 2., 3., 4.]), size=(2, 2), nnz=4,
//	       layout=torch.sparse_csr)
func (t *Tensor) String() string {
	const prefix = "tensor("
	indent := len(prefix)
	if u := t.formatStore(); u != nil {
		return u.repr(t, prefix)
	}
	var suffixes []string
	var body string
	if t.layout == Strided {
		body = arrayStr(t.values, indent)
		if t.values.Numel() == 0 && len(t.shape) != 1 {
			suffixes = append(suffixes, "size="+tupleStr(t.shape))
		}
		if !defaultDType(t.dtype) {
			suffixes = append(suffixes, "dtype=torch."+t.dtype.String())
		}
		return addSuffixes(prefix+body, suffixes, indent, false)
	}
	suffixes = append(suffixes, "size="+tupleStr(t.shape), "nnz="+Itoa(t.NNZ()))
	if !defaultDType(t.dtype) {
		suffixes = append(suffixes, "dtype=torch."+t.dtype.String())
	}
	if t.PerSlotFill() { // torch prints no fill; a per-slot one must not pass unseen
		suffixes = append(suffixes, "fill_value="+arrayStr(t.slots, indent))
	}
	if t.undef { // nor an undefined one
		suffixes = append(suffixes, "fill_value=[]")
	}
	var parts [][2]string
	switch {
	case t.layout == COO:
		parts = [][2]string{{"indices", ""}, {"values", ""}}
	case t.layout.IsCompressed():
		cn, pn := compressedNames(t.layout)
		parts = [][2]string{{cn, ""}, {pn, ""}, {"values", ""}}
	default:
		for i, l := range t.levels {
			if l.Kind == format.Compressed {
				parts = append(parts, [2]string{"pos_" + Itoa(int64(i)), ""})
			}
			if l.Kind != format.Dense {
				parts = append(parts, [2]string{"crd_" + Itoa(int64(i)), ""})
			}
		}
		parts = append(parts, [2]string{"values", ""})
	}
	strs := make([]string, len(parts))
	for i, p := range parts {
		a := t.component(p[0])
		s := arrayStr(a, indent+len(p[0])+len("=tensor("))
		if a.Numel() == 0 {
			s += ", size=" + tupleStr(a.Shape)
		}
		strs[i] = p[0] + "=tensor(" + s + ")"
	}
	body = strings.Join(strs, ",\n"+strings.Repeat(" ", indent))
	layout := "torch." + t.layout.String()
	if t.layout > BSC {
		layout = "gosparse." + t.layout.String()
	}
	suffixes = append(suffixes, "layout="+layout)
	return addSuffixes(prefix+body, suffixes, indent, t.layout == COO)
}

// component returns a named component array for printing.
func (t *Tensor) component(name string) dtype.Array {
	var a dtype.Array
	switch name {
	case "indices":
		a = t.indices
	case "values":
		a = t.values
	case "crow_indices", "ccol_indices":
		a, _ = t.compressedIndices(name, name == "crow_indices")
	case "col_indices", "row_indices":
		a, _ = t.plainIndices(name, name == "col_indices")
	default:
		i, _ := strconv.Atoi(name[4:])
		if strings.HasPrefix(name, "pos_") {
			a = t.levels[i].Pos
		} else {
			a = t.levels[i].Crd
		}
	}
	return a
}

// defaultDType reports the dtypes torch's repr leaves unnamed.
func defaultDType(d dtype.DType) bool {
	return d == dtype.Float32 || d == dtype.Int64 || d == dtype.Bool || d == dtype.Complex64
}

func tupleStr(s []int64) string {
	parts := make([]string, len(s))
	for i, v := range s {
		parts[i] = Itoa(v)
	}
	if len(s) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// addSuffixes appends ", suffix" items, wrapping at the line width as torch does.
func addSuffixes(s string, suffixes []string, indent int, forceNewline bool) string {
	var b strings.Builder
	b.WriteString(s)
	lastLine := len(s) - strings.LastIndexByte(s, '\n') + 1
	for _, suf := range suffixes {
		if forceNewline || lastLine+len(suf)+2 > printLinewidth {
			b.WriteString(",\n" + strings.Repeat(" ", indent) + suf)
			lastLine = indent + len(suf)
			forceNewline = false
		} else {
			b.WriteString(", " + suf)
			lastLine += len(suf) + 2
		}
	}
	b.WriteString(")")
	return b.String()
}

// arrayStr formats the data of an array as torch's _tensor_str does.
func arrayStr(a dtype.Array, indent int) string {
	if a.Numel() == 0 {
		return "[]"
	}
	summarize := a.Numel() > printThreshold
	sample := summarizedIndices(a.Shape, summarize)
	if a.DType.IsComplex() {
		re := newFormatter(a, sample, func(s dtype.Scalar) float64 { return s.Re() })
		im := newFormatter(a, sample, func(s dtype.Scalar) float64 { return s.Im() })
		return nestedStr(a, 0, 0, indent, summarize, re, im)
	}
	f := newFormatter(a, sample, func(s dtype.Scalar) float64 { return s.Re() })
	return nestedStr(a, 0, 0, indent, summarize, f, nil)
}

// summarizedIndices lists the flat indices torch's formatter looks at: all of
// them, or only the edge items of every dimension when summarising.
func summarizedIndices(shape []int64, summarize bool) []int64 {
	idx := []int64{0}
	for _, n := range shape {
		var keep []int64
		if summarize && n > 2*printEdgeitems {
			for i := int64(0); i < printEdgeitems; i++ {
				keep = append(keep, i)
			}
			for i := n - printEdgeitems; i < n; i++ {
				keep = append(keep, i)
			}
		} else {
			for i := int64(0); i < n; i++ {
				keep = append(keep, i)
			}
		}
		next := make([]int64, 0, len(idx)*len(keep))
		for _, base := range idx {
			for _, k := range keep {
				next = append(next, base*n+k)
			}
		}
		idx = next
	}
	return idx
}

// formatter is torch's _Formatter: one width and mode for all elements.
type formatter struct {
	floating bool
	intMode  bool
	sciMode  bool
	width    int
	part     func(dtype.Scalar) float64
	boolean  bool
}

func newFormatter(a dtype.Array, sample []int64, part func(dtype.Scalar) float64) *formatter {
	f := &formatter{floating: a.DType.IsFloat() || a.DType.IsComplex(), intMode: true, width: 1, part: part, boolean: a.DType == dtype.Bool}
	if !f.floating {
		for _, i := range sample {
			f.width = max(f.width, len(f.format(a.Complex(i))))
		}
		return f
	}
	var vals []float64
	for _, i := range sample {
		v := part(a.Complex(i))
		if !math.IsInf(v, 0) && !math.IsNaN(v) && v != 0 {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		return f
	}
	lo, hi := math.Inf(1), 0.0
	for _, v := range vals {
		lo, hi = math.Min(lo, math.Abs(v)), math.Max(hi, math.Abs(v))
		if v != math.Ceil(v) {
			f.intMode = false
		}
	}
	if f.intMode {
		f.sciMode = hi/lo > 1000 || hi > 1e8
	} else {
		f.sciMode = hi/lo > 1000 || hi > 1e8 || lo < 1e-4
	}
	for _, v := range vals {
		n := len(f.plain(v))
		if f.intMode && !f.sciMode {
			n = len(strconv.FormatFloat(v, 'f', 0, 64)) + 1
		}
		f.width = max(f.width, n)
	}
	return f
}

// plain formats a float without padding in the formatter's mode.
func (f *formatter) plain(v float64) string {
	switch {
	case math.IsNaN(v):
		return "nan"
	case math.IsInf(v, 1):
		return "inf"
	case math.IsInf(v, -1):
		return "-inf"
	case f.sciMode:
		return strconv.FormatFloat(v, 'e', printPrecision, 64)
	case f.intMode:
		return strconv.FormatFloat(v, 'f', 0, 64) + "."
	}
	return strconv.FormatFloat(v, 'f', printPrecision, 64)
}

// format renders one element padded to the common width.
func (f *formatter) format(s dtype.Scalar) string {
	var r string
	switch {
	case f.boolean:
		r = "False"
		if s.Int() != 0 {
			r = "True"
		}
	case !f.floating:
		r = Itoa(s.Int())
	default:
		r = f.plain(f.part(s))
	}
	if pad := f.width - len(r); pad > 0 {
		r = strings.Repeat(" ", pad) + r
	}
	return r
}

// scalarStr formats one element (complex: real and imaginary parts, "a+bj").
func scalarStr(s dtype.Scalar, f1, f2 *formatter) string {
	if f2 == nil {
		return f1.format(s)
	}
	re := f1.format(s)
	im := strings.TrimLeft(f2.format(s)+"j", " ")
	if im[0] == '+' || im[0] == '-' {
		return re + im
	}
	return re + "+" + im
}

// nestedStr formats the sub-array at flat offset off of dimension dim.
func nestedStr(a dtype.Array, dim int, off int64, indent int, summarize bool, f1, f2 *formatter) string {
	shape := a.Shape[dim:]
	if len(shape) == 0 {
		return scalarStr(a.Complex(off), f1, f2)
	}
	n := shape[0]
	inner := dtype.NumelOf(shape[1:])
	var items []int64
	cut := summarize && n > 2*printEdgeitems
	for i := int64(0); i < n; i++ {
		if !cut || i < printEdgeitems || i >= n-printEdgeitems {
			items = append(items, i)
		}
	}
	if len(shape) == 1 {
		elemLen := f1.width + 2
		if f2 != nil {
			elemLen += f2.width + 1
		}
		perLine := max(1, (printLinewidth-indent)/elemLen)
		var data []string
		for j, i := range items {
			if cut && j == printEdgeitems {
				data = append(data, " ...")
			}
			data = append(data, scalarStr(a.Complex(off+i), f1, f2))
		}
		var lines []string
		for i := 0; i < len(data); i += perLine {
			lines = append(lines, strings.Join(data[i:min(i+perLine, len(data))], ", "))
		}
		return "[" + strings.Join(lines, ",\n"+strings.Repeat(" ", indent+1)) + "]"
	}
	var slices []string
	for j, i := range items {
		if cut && j == printEdgeitems {
			slices = append(slices, "...")
		}
		slices = append(slices, nestedStr(a, dim+1, off+i*inner, indent+1, summarize, f1, f2))
	}
	sep := "," + strings.Repeat("\n", len(shape)-1) + strings.Repeat(" ", indent+1)
	return "[" + strings.Join(slices, sep) + "]"
}

// Itoa formats v in decimal.
func Itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	neg := v < 0
	var b [24]byte
	i := len(b)
	u := uint64(v)
	if neg {
		u = uint64(-v)
	}
	for u > 0 {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
