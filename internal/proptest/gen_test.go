package proptest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/oracle"
)

// input is one generated operand: the tensor, the dense value it was built
// to have, and how it was built (for the repro line and the exclusions).
type input struct {
	t       *tensor.Tensor
	dense   oracle.Array // the intended dense value, fill included
	layout  string       // strided, coo, csr, csc, bsr, bsc, or a custom format's text
	dt      dtype.DType
	shape   []int64
	dense_  int    // dense (hybrid) dims
	fill    string // zero, value, nan, +inf, -inf, slots
	fillV   complex128
	dup     bool // an uncoalesced COO holding repeated coordinates
	uncoal  bool // a COO not marked coalesced
	width   int  // index width
	block   [2]int64
	special bool // some stored value is NaN or an infinity
}

// String is a one-line description of the input for repro lines.
func (in *input) String() string {
	s := fmt.Sprintf("%s %s%v", in.layout, in.dt, in.shape)
	if in.dense_ > 0 {
		s += fmt.Sprintf(" dense_dim=%d", in.dense_)
	}
	if in.block != [2]int64{} {
		s += fmt.Sprintf(" block=%v", in.block)
	}
	if in.layout != "strided" {
		s += fmt.Sprintf(" i%d fill=%s", in.width, in.fill)
		if in.fill == "value" {
			s += fmt.Sprintf("(%v)", in.fillV)
		}
	}
	if in.uncoal {
		s += " uncoalesced"
	}
	if in.dup {
		s += "+dups"
	}
	return s + " dense=" + in.dense.String()
}

// gen draws the random parts of one case.
type gen struct {
	rng *rand.Rand
}

// dtypes are the dtypes the generator draws.
var dtypes = []dtype.DType{dtype.Bool, dtype.Int32, dtype.Int64, dtype.Float32, dtype.Float64, dtype.Complex64, dtype.Complex128}

// customFormats are the formats of the UST that the generator converts to
// (2-d and 3-d, no dense dims), beside the named layouts.
var customFormats = []string{
	"(i, j) -> (j - i : compressed, i : range)",                                   // DIA-I
	"(i, j) -> (i + j : compressed, j : range)",                                   // ANTI-DIA-J
	"(i, j) -> (i : compressed, j : compressed)",                                  // DCSR
	"(i, j) -> (j : compressed, i : dense)",                                       // column-compressed, dense rows
	"(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)", // blocked 2x2, column-major blocks
	"(i, j) -> (i : compressed(unordered), j : compressed(unordered))",
	"(i, j, k) -> (i : compressed, j : compressed, k : compressed)", // CSF
	"(b, i, j) -> (b : batch, i : dense, j : compressed)",           // batched CSR
	"(b, i, j) -> (j - i : compressed, b : dense, i : range)",       // batched DIA
}

func (g *gen) pick(n int) int { return g.rng.IntN(n) }

func (g *gen) chance(p float64) bool { return g.rng.Float64() < p }

func (g *gen) dtype() dtype.DType { return dtypes[g.pick(len(dtypes))] }

// shape draws 0 to 4 dims of sizes 0 to 4 (a zero size now and then).
func (g *gen) shape() []int64 {
	nd := []int{0, 1, 1, 2, 2, 2, 2, 3, 3, 4}[g.pick(10)]
	s := make([]int64, nd)
	for i := range s {
		s[i] = int64(1 + g.pick(4))
		if g.chance(0.06) {
			s[i] = 0
		}
	}
	return s
}

// real draws a float: zeros of both signs, small multiples of 1/4 (exact
// in float32 and in any order of summation), and the infinities and NaN.
func (g *gen) real(specials bool) float64 {
	switch r := g.rng.Float64(); {
	case r < 0.2:
		return 0
	case r < 0.27:
		return math.Copysign(0, -1)
	case r < 0.31 && specials:
		return math.Inf(1)
	case r < 0.35 && specials:
		return math.Inf(-1)
	case r < 0.39 && specials:
		return math.NaN()
	}
	return float64(g.rng.IntN(65)-32) / 4
}

// value draws an element of dtype d.
func (g *gen) value(d dtype.DType, specials bool) complex128 {
	switch oracle.CategoryOf(d) {
	case oracle.CatBool:
		return complex(float64(g.pick(2)), 0)
	case oracle.CatInt:
		return complex(float64(g.pick(19)-9), 0)
	case oracle.CatFloat:
		return oracle.Round(d, complex(g.real(specials), 0))
	}
	if g.chance(0.3) {
		return oracle.Round(d, complex(g.real(specials), 0)) // on the real axis, signed zero imaginary part
	}
	return oracle.Round(d, complex(g.real(specials), g.real(specials)))
}

// split writes v as a + b (exactly, in dtype d) for a repeated coordinate.
func (g *gen) split(d dtype.DType, v complex128) (complex128, complex128) {
	part := func(x float64) (float64, float64) {
		switch {
		case math.IsNaN(x) || math.IsInf(x, 0):
			return x, 0
		case x == 0 && math.Signbit(x):
			return x, x
		case x*4 != math.Trunc(x*4):
			return x, 0
		}
		a := float64(g.pick(9)-4) / 4
		return a, x - a
	}
	switch oracle.CategoryOf(d) {
	case oracle.CatBool:
		if v != 0 {
			return 1, complex(float64(g.pick(2)), 0)
		}
		return 0, 0
	case oracle.CatInt:
		a := float64(g.pick(7) - 3)
		return complex(a, 0), complex(real(v)-a, 0)
	}
	ar, br := part(real(v))
	ai, bi := part(imag(v))
	if !d.IsComplex() {
		ai, bi = 0, 0
	}
	return complex(ar, ai), complex(br, bi)
}

// spec constrains a generated tensor: its dtype and shape, and what the
// op can take.
type spec struct {
	dt    dtype.DType
	shape []int64
	// stridedOnly, sparseOnly, cooOnly, csrOnly restrict the layout.
	stridedOnly, sparseOnly, cooOnly, csrOnly bool
	noFill                                    bool // zero fill only
}

// tensor draws a tensor of the spec: a layout, dense dims, a pattern, a
// fill and an index width; values with duplicates for uncoalesced COO.
func (g *gen) tensor(sp spec) (*input, error) {
	nd := len(sp.shape)
	in := &input{dt: sp.dt, shape: slices.Clone(sp.shape), width: []int{32, 64}[g.pick(2)]}
	specials := !g.chance(0.3)
	layouts := []string{"strided", "coo", "coo"}
	if nd >= 2 {
		layouts = append(layouts, "csr", "csc", "bsr", "bsc", "custom")
	}
	switch {
	case sp.stridedOnly:
		layouts = []string{"strided"}
	case sp.cooOnly:
		layouts = []string{"coo"}
	case sp.csrOnly:
		layouts = []string{"csr"}
	case sp.sparseOnly:
		layouts = layouts[1:]
	}
	in.layout = layouts[g.pick(len(layouts))]
	if in.layout == "custom" {
		var fits []string
		for _, f := range customFormats {
			blocked := strings.Contains(f, "/ 2")
			if strings.Count(strings.Split(f, "->")[0], ",")+1 == nd && (!blocked || sp.shape[0]%2 == 0 && sp.shape[1]%2 == 0) {
				fits = append(fits, f)
			}
		}
		if len(fits) == 0 {
			in.layout = "csr"
		} else {
			in.layout = fits[g.pick(len(fits))]
		}
	}
	// dense dims: trailing dims stored whole (hybrid tensors)
	minSparse := map[string]int{"coo": 0, "csr": 2, "csc": 2, "bsr": 2, "bsc": 2}[in.layout]
	if in.layout != "strided" && !strings.HasPrefix(in.layout, "(") && nd > minSparse && g.chance(0.25) {
		in.dense_ = 1 + g.pick(min(2, nd-minSparse))
		if in.layout == "coo" && nd == 0 {
			in.dense_ = 0
		}
	}
	sparseDims := nd - in.dense_
	dshape := sp.shape[sparseDims:]
	block := oracle.Numel(dshape)
	// the values of every element, then the pattern of the sparse positions
	vals := oracle.Zeros(sp.dt, sp.shape)
	for i := range vals.V {
		vals.V[i] = g.value(sp.dt, specials)
		if math.IsNaN(real(vals.V[i])) || math.IsInf(real(vals.V[i]), 0) || math.IsNaN(imag(vals.V[i])) || math.IsInf(imag(vals.V[i]), 0) {
			in.special = true
		}
	}
	if in.layout == "strided" {
		in.dense = vals
		t, err := tensor.NewStrided(toArray(vals))
		in.t = t
		return in, err
	}
	// the fill
	in.fill = "zero"
	if !sp.noFill && g.chance(0.5) {
		kinds := []string{"value", "value", "slots"}
		if oracle.CategoryOf(sp.dt) >= oracle.CatFloat {
			kinds = append(kinds, "nan", "+inf", "-inf")
		}
		in.fill = kinds[g.pick(len(kinds))]
		if in.fill == "slots" && (in.dense_ == 0 || block < 2 || in.layout != "coo" && in.layout != "csr" && in.layout != "bsr") {
			in.fill = "value"
		}
	}
	fillSlots := make([]complex128, block)
	switch in.fill {
	case "value":
		for in.fillV == 0 {
			in.fillV = g.value(sp.dt, false)
		}
	case "nan":
		in.fillV = complex(math.NaN(), 0)
	case "+inf":
		in.fillV = complex(math.Inf(1), 0)
	case "-inf":
		in.fillV = complex(math.Inf(-1), 0)
	}
	for j := range fillSlots {
		fillSlots[j] = oracle.Round(sp.dt, in.fillV)
		if in.fill == "slots" {
			fillSlots[j] = g.value(sp.dt, false)
		}
	}
	// the specified sparse positions
	sshape := sp.shape[:sparseDims]
	npos := oracle.Numel(sshape)
	density := []float64{0, 0.3, 0.6, 1}[g.pick(4)]
	var coords [][]int64
	var entryVals [][]complex128
	in.dense = vals.Clone()
	idx := make([]int64, sparseDims)
	// batched compressed layouts need one count of entries per batch (torch's
	// rule): every batch takes the pattern of the first
	perBatch := npos
	if sparseDims > 2 && in.layout != "coo" {
		perBatch = sshape[sparseDims-2] * sshape[sparseDims-1]
	}
	pattern := make([]bool, perBatch)
	for p := range pattern {
		pattern[p] = g.chance(density)
	}
	for p := range npos {
		if pattern[p%max(perBatch, 1)] {
			oracle.Unravel(p, sshape, idx)
			c := slices.Clone(idx)
			blk := vals.V[p*block : (p+1)*block]
			if in.layout == "coo" && g.chance(0.3) { // a repeated coordinate: the value split in two
				a, b := make([]complex128, block), make([]complex128, block)
				for j, v := range blk {
					a[j], b[j] = g.split(sp.dt, v)
				}
				coords = append(coords, c, slices.Clone(c))
				entryVals = append(entryVals, a, b)
				in.dup = true
			} else {
				coords = append(coords, c)
				entryVals = append(entryVals, slices.Clone(blk))
			}
		} else {
			copy(in.dense.V[p*block:(p+1)*block], fillSlots)
		}
	}
	uncoalesced := in.layout == "coo" && (in.dup || g.chance(0.3))
	if uncoalesced {
		g.rng.Shuffle(len(coords), func(i, j int) {
			coords[i], coords[j] = coords[j], coords[i]
			entryVals[i], entryVals[j] = entryVals[j], entryVals[i]
		})
	}
	nse := int64(len(coords))
	ix := dtype.NewArray(widthDType(in.width), []int64{int64(sparseDims), nse})
	for e, c := range coords {
		for d, v := range c {
			tensor.SetIndex(ix, int64(d)*nse+int64(e), v)
		}
	}
	va := oracle.Zeros(sp.dt, append([]int64{nse}, dshape...))
	for e, v := range entryVals {
		copy(va.V[int64(e)*block:], v)
	}
	coo, err := tensor.NewCOO(ix, toArray(va), slices.Clone(sp.shape), tensor.BuildOptions{Coalesced: !uncoalesced})
	if err != nil {
		return nil, fmt.Errorf("building the COO input: %w", err)
	}
	in.uncoal = !coo.IsCoalesced()
	switch in.fill {
	case "zero":
	case "slots":
		fa := oracle.Zeros(sp.dt, dshape)
		copy(fa.V, fillSlots)
		if coo, err = tensor.WithSlotFill(coo, toArray(fa)); err != nil {
			return nil, fmt.Errorf("with_fill_array: %w", err)
		}
	default:
		fa := toArray(oracle.Scalar(sp.dt, in.fillV))
		if coo, err = tensor.WithFill(coo, fa.Data); err != nil {
			return nil, fmt.Errorf("with_fill_value: %w", err)
		}
	}
	in.t = coo
	opt := tensor.ConvertOptions{DenseDim: in.dense_, SparseDim: -1, IndexWidth: in.width}
	switch in.layout {
	case "coo":
		return in, nil
	case "csr":
		in.t, err = convert.ToLayout(coo, tensor.CSR, opt)
	case "csc":
		in.t, err = convert.ToLayout(coo, tensor.CSC, opt)
	case "bsr", "bsc":
		r, c := sp.shape[sparseDims-2], sp.shape[sparseDims-1]
		opt.BlockSize = [2]int64{g.divisor(r), g.divisor(c)}
		in.block = opt.BlockSize
		l := tensor.BSR
		if in.layout == "bsc" {
			l = tensor.BSC
		}
		in.t, err = convert.ToLayout(coo, l, opt)
	default:
		var f format.Format
		if f, err = format.Parse(in.layout); err == nil {
			in.t, err = convert.ToFormat(coo, f)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("converting the COO input to %s: %w", in.layout, err)
	}
	return in, nil
}

// divisor draws a block size dividing n (any for n = 0).
func (g *gen) divisor(n int64) int64 {
	var ds []int64
	for d := int64(1); d <= max(n, 2); d++ {
		if n%d == 0 {
			ds = append(ds, d)
		}
	}
	return ds[g.pick(len(ds))]
}

func widthDType(w int) dtype.DType {
	if w == 32 {
		return dtype.Int32
	}
	return dtype.Int64
}

// toArray is a as a gosparse array of its dtype.
func toArray(a oracle.Array) dtype.Array {
	r := dtype.NewArray(a.DType, slices.Clone(a.Shape))
	for i, v := range a.V {
		if oracle.CategoryOf(a.DType) <= oracle.CatInt {
			r.SetComplex(int64(i), dtype.IntScalar(int64(real(v))))
		} else {
			r.SetComplex(int64(i), dtype.Complex128Scalar(v))
		}
	}
	return r
}

// fromTensor is the dense value of t as an oracle array.
func fromTensor(t *tensor.Tensor) (oracle.Array, error) {
	d, err := convert.ToDense(t)
	if err != nil {
		return oracle.Array{}, err
	}
	va := d.Values()
	r := oracle.Zeros(d.DType(), slices.Clone(d.Dims()))
	if va.Numel() != int64(len(r.V)) {
		return oracle.Array{}, fmt.Errorf("to_dense gave %d values for shape %v", va.Numel(), d.Dims())
	}
	for i := range r.V {
		s := va.Complex(int64(i))
		r.V[i] = complex(s.Re(), s.Im())
	}
	return r, nil
}

// mask is the specified positions of t over its full shape (a stored
// sparse position specifies its whole dense block); nil for strided.
func mask(t *tensor.Tensor) ([]bool, error) {
	if t.Layout() == tensor.Strided {
		return nil, nil
	}
	c, err := convert.AsCOO(t)
	if err != nil {
		return nil, err
	}
	shape := slices.Clone(t.Dims())
	m := make([]bool, oracle.Numel(shape))
	s := len(shape) - c.DenseDim
	block := oracle.Numel(shape[s:])
	idx := make([]int64, s)
	for e := range c.Nse() {
		for d := range s {
			idx[d] = c.Coords[d][e]
		}
		p := oracle.Ravel(idx, shape[:s])
		for j := range block {
			m[p*block+j] = true
		}
	}
	return m, nil
}
