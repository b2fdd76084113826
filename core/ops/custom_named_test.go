package ops

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// namedOp is one public operator with its arguments, run on a custom
// tensor a (other operands made from a's shape and elements).
type namedOp struct {
	name string
	op   func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error)
}

// namedOps lists every public operator of this package with the arguments
// that choose its paths: each unary op, each binary op with a number (both
// orders, division with rounding modes), with the tensor itself, with its
// CSR form, with a COO tensor of another pattern and with a strided row
// (broadcast); where with a custom condition and with custom x; each
// reduction over all dims, dim 0 and the last dim (keepdim too); softmax,
// shape, indexing and transpose ops; and the conversions operators read.
func namedOps() []namedOp {
	var out []namedOp
	add := func(name string, op func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error)) {
		out = append(out, namedOp{name, op})
	}
	two := dtype.FloatNumber(2)
	for _, u := range UnaryOps() {
		args := UnaryArgs{}
		switch u {
		case "pow":
			args.Exponent = &two
		case "clamp":
			lo := dtype.FloatNumber(0.5)
			args.Min = &lo
		}
		add("unary "+u, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName(u, a, args) })
	}
	for _, b := range BinaryOps() {
		add(b+" number", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
			return BinaryByName(b, TensorOperand(a), NumberOperand(two), BinaryArgs{})
		})
		add("number "+b, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
			return BinaryByName(b, NumberOperand(two), TensorOperand(a), BinaryArgs{})
		})
		add(b+" self", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
			return BinaryByName(b, TensorOperand(a), TensorOperand(a), BinaryArgs{})
		})
		add(b+" csr", func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
			if len(a.Dims()) != 2 {
				return nil, nil
			}
			c, err := convert.ToLayout(a, tensor.CSR, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
			require.NoError(t, err)
			markNamedStart() // the CSR form above is the test's, not the operator's
			return BinaryByName(b, TensorOperand(a), TensorOperand(c), BinaryArgs{})
		})
		add(b+" other pattern", func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
			return BinaryByName(b, TensorOperand(a), TensorOperand(otherPattern(t, a.Dims())), BinaryArgs{})
		})
		add(b+" row", func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
			d := a.Dims()
			row, err := tensor.NewStridedCopy(dtype.Float64Array(slices.Repeat([]float64{-2}, int(d[len(d)-1])), d[len(d)-1]))
			require.NoError(t, err)
			return BinaryByName(b, TensorOperand(a), TensorOperand(row), BinaryArgs{})
		})
	}
	for _, mode := range []string{"trunc", "floor"} {
		add("div number rounding "+mode, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
			return BinaryByName("div", TensorOperand(a), NumberOperand(two), BinaryArgs{RoundingMode: mode})
		})
	}
	add("where custom condition", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		cond, err := BinaryByName("gt", TensorOperand(a), NumberOperand(dtype.FloatNumber(1)), BinaryArgs{})
		if err != nil {
			return nil, err
		}
		markNamedStart()
		return Where(cond, NumberOperand(dtype.FloatNumber(7)), NumberOperand(dtype.FloatNumber(-1)))
	})
	add("where custom condition x y", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		cond, err := BinaryByName("gt", TensorOperand(a), NumberOperand(dtype.FloatNumber(1)), BinaryArgs{})
		if err != nil {
			return nil, err
		}
		markNamedStart()
		return Where(cond, TensorOperand(a), NumberOperand(dtype.FloatNumber(-1)))
	})
	add("where other condition", func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		cond, err := convert.ToDType(otherPattern(t, a.Dims()), dtype.Bool)
		require.NoError(t, err)
		return Where(cond, TensorOperand(a), NumberOperand(dtype.FloatNumber(7)))
	})
	for _, r := range ReductionNames() {
		add(r+" all", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Reduce(a, nil, r) })
		add(r+" dim 0", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Reduce(a, []int{0}, r) })
		add(r+" last dim", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
			return Reduce(a, []int{len(a.Dims()) - 1}, r)
		})
		add(r+" last dim keepdim", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
			return ReduceKeepDim(a, []int{len(a.Dims()) - 1}, r, true)
		})
	}
	for _, log := range []bool{false, true} {
		add(fmt.Sprintf("softmax dim 0 log %v", log), func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Softmax(a, 0, log) })
		add(fmt.Sprintf("softmax last dim log %v", log), func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
			return Softmax(a, len(a.Dims())-1, log)
		})
	}
	add("cat dim 0", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Cat([]*tensor.Tensor{a, a}, 0) })
	add("cat last dim", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return Cat([]*tensor.Tensor{a, a}, len(a.Dims())-1)
	})
	add("stack", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Stack([]*tensor.Tensor{a, a}, 1) })
	add("hstack", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return HStack([]*tensor.Tensor{a, a}) })
	add("vstack", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return VStack([]*tensor.Tensor{a, a}) })
	add("dstack", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return DStack([]*tensor.Tensor{a, a}) })
	add("unsqueeze 0", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Unsqueeze(a, 0) })
	add("unsqueeze last", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Unsqueeze(a, len(a.Dims())) })
	add("squeeze", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Squeeze(a, nil) })
	add("squeeze dim 0", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		d := 0
		return Squeeze(a, &d)
	})
	add("reshape flat", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Reshape(a, []int64{-1}) })
	add("reshape reversed", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		d := slices.Clone(a.Dims())
		slices.Reverse(d)
		return Reshape(a, d)
	})
	add("reshape split", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return Reshape(a, []int64{1, -1, a.Dims()[len(a.Dims())-1]})
	})
	add("select dim 0", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Select(a, 0, 1) })
	add("select last dim", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Select(a, len(a.Dims())-1, 0) })
	add("index", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Index(a, []int64{0}) })
	add("narrow dim 0", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return NarrowCopy(a, 0, 0, a.Dims()[0]/2+1)
	})
	add("narrow last dim", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		l := len(a.Dims()) - 1
		return NarrowCopy(a, l, 1, a.Dims()[l]-1)
	})
	add("index_select dim 0", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return IndexSelect(a, 0, dtype.Int64Array([]int64{1, 0, 1}, 3))
	})
	add("index_select last dim", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return IndexSelect(a, len(a.Dims())-1, dtype.Int64Array([]int64{0, 0}, 2))
	})
	add("transpose", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Transpose(a, 0, len(a.Dims())-1) })
	add("t", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return T(a) })
	add("permute reversed", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		p := make([]int, len(a.Dims()))
		for i := range p {
			p[i] = len(p) - 1 - i
		}
		return Permute(a, p)
	})
	add("sparse_mask by", func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return SparseMask(otherPattern(t, a.Dims()), a)
	})
	add("sparse_mask of", func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return SparseMask(a, otherPattern(t, a.Dims()))
	})
	add("sparse_resize", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		d := slices.Clone(a.Dims())
		d[0]++
		return SparseResize(a, d, len(d), 0)
	})
	add("to csr", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return convert.ToLayout(a, tensor.CSR, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	})
	add("to coo", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return convert.ToLayout(a, tensor.COO, tensor.DefaultConvert())
	})
	add("to dense", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return convert.ToDense(a) })
	add("to float32", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return convert.ToDType(a, dtype.Float32) })
	add("coalesce", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return convert.Coalesce(a) })
	add("clone", func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Clone(a), nil })
	return out
}

// namedStart is where an operator's own call began when its function
// builds operands first (markNamedStart: those builds are the test's), or
// -1.
var namedStart int64 = -1

// markNamedStart records the Named count just before the operator's call.
func markNamedStart() { namedStart = tensor.NamedBuilds() }

// reachesNamed runs op on a and reports whether the operator's own call
// made a COO tensor through tensor.Named.
func reachesNamed(t *testing.T, op namedOp, a *tensor.Tensor) bool {
	namedStart = -1
	before := tensor.NamedBuilds()
	_, _ = op.op(t, a) // errors are the operator's answer; the conformance tests check values
	if namedStart >= 0 {
		before = namedStart
	}
	return tensor.NamedBuilds() > before
}

// namedFormat is the formats.json name of case id ("DIAI_9 fill 0" ->
// "DIAI").
func namedFormat(id string) string {
	id, _, _ = strings.Cut(id, " ")
	return id[:strings.LastIndexByte(id, '_')]
}

// TestOperatorsReachNamedOnlyInBaseline runs every public operator
// (namedOps) over every case of the unique 2-D and 3-D custom formats of
// formats.json (fills 0 and 2.5) and counts the COO tensors tensor.Named
// makes in the operator's call. A (operator, format) pair that reaches
// Named and is not in namedBaseline fails: an operator moved onto its
// format's levels cannot go back, and the list only shrinks. Pairs of the
// baseline that no longer reach Named are logged (remove them).
func TestOperatorsReachNamedOnlyInBaseline(t *testing.T) {
	reached := map[string]map[string]bool{}
	for _, c := range customCases(t, dtype.Float64) {
		if n := c.a.NDim(); (n != 2 && n != 3) || !c.f.IsUnique() {
			continue
		}
		name := namedFormat(c.id)
		for _, op := range namedOps() {
			if reachesNamed(t, op, c.a) {
				if reached[op.name] == nil {
					reached[op.name] = map[string]bool{}
				}
				reached[op.name][name] = true
			}
		}
	}
	var added, gone []string
	for op, fs := range reached {
		base := namedBaselineSet(op)
		for f := range fs {
			if !base[f] {
				added = append(added, op+": "+f)
			}
		}
	}
	for op := range namedBaseline {
		for f := range namedBaselineSet(op) {
			if !reached[op][f] {
				gone = append(gone, op+": "+f)
			}
		}
	}
	sort.Strings(added)
	sort.Strings(gone)
	if len(gone) > 0 {
		t.Logf("no longer reach Named (remove from namedBaseline):\n%s", strings.Join(gone, "\n"))
	}
	if len(added) > 0 {
		t.Errorf("operators reach tensor.Named for formats outside namedBaseline:\n%s\ncurrent list:\n%s",
			strings.Join(added, "\n"), namedListing(reached))
	}
}

// namedBaselineSet is namedBaseline[op] as a set of format names.
func namedBaselineSet(op string) map[string]bool {
	s := map[string]bool{}
	for _, f := range strings.Fields(namedBaseline[op]) {
		s[f] = true
	}
	return s
}

// namedListing writes reached as namedBaseline's Go text.
func namedListing(reached map[string]map[string]bool) string {
	var ops []string
	for op := range reached {
		ops = append(ops, op)
	}
	sort.Strings(ops)
	var b strings.Builder
	for _, op := range ops {
		var fs []string
		for f := range reached[op] {
			fs = append(fs, f)
		}
		sort.Strings(fs)
		fmt.Fprintf(&b, "\t%q: %q,\n", op, strings.Join(fs, " "))
	}
	return b.String()
}
