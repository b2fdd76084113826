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
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// noCOOCase is one formats.json case in a custom format with a fill: its
// format, the COO tensor it was built from (same elements, same fill) and
// the dense value.
type noCOOCase struct {
	id    string
	f     format.Format
	src   *tensor.Tensor // COO with the fill
	dense *tensor.Tensor // strided
}

// noCOOCases lists every custom format of formats.json (unique and
// nonunique ones), fill 0 and 2.5, float64.
func noCOOCases(t *testing.T) []noCOOCase {
	t.Helper()
	var out []noCOOCase
	for _, c := range tensortest.LoadUSTCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		if _, _, named := tensor.NamedLayoutOf(f); named {
			continue
		}
		da, err := tensor.NewStridedCopy(dtype.Float64Array(c.Dense.Data, c.Dense.Shape...))
		require.NoError(t, err, c.ID)
		coo, err := convert.ToLayout(da, tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err, c.ID)
		for _, fill := range []float64{0, 2.5} {
			src, err := tensor.WithFill(coo, tensor.ScalarBytes(dtype.Float64, dtype.Real(fill)))
			require.NoError(t, err, c.ID)
			dense, err := convert.ToDense(src)
			require.NoError(t, err, c.ID)
			out = append(out, noCOOCase{id: fmt.Sprintf("%s fill %g", c.ID, fill), f: f, src: src, dense: dense})
		}
	}
	require.NotEmpty(t, out)
	return out
}

// otherPattern is a COO tensor of dims whose pattern differs from any
// case's: every third element (by flat position) holds its position + 1.
func otherPattern(t *testing.T, dims []int64) *tensor.Tensor {
	n := dtype.NumelOf(dims)
	v := make([]float64, n)
	for i := range v {
		if i%3 == 1 {
			v[i] = float64(i + 1)
		}
	}
	d, err := tensor.NewStridedCopy(dtype.Float64Array(v, dims...))
	require.NoError(t, err)
	o, err := convert.ToLayout(d, tensor.COO, tensor.DefaultConvert())
	require.NoError(t, err)
	return o
}

// noCOOOps are operators of every family run on a custom tensor a whose
// reference is the same call on the dense tensor, or on the COO tensor of
// a's stored elements where sparse semantics differ from dense ones
// (softmax: a stored zero is an element, an unstored one is not).
var noCOOOps = []struct {
	name   string
	sparse bool // the reference is the op on the COO tensor of a's stored elements
	op     func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error)
}{
	{"abs", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return UnaryByName("abs", a, UnaryArgs{})
	}},
	{"exp", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return UnaryByName("exp", a, UnaryArgs{})
	}},
	{"add other pattern", false, func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("add", TensorOperand(a), TensorOperand(otherPattern(t, a.Dims())), BinaryArgs{})
	}},
	{"mul other pattern", false, func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("mul", TensorOperand(otherPattern(t, a.Dims())), TensorOperand(a), BinaryArgs{})
	}},
	{"mul broadcast row", false, func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		d := a.Dims()
		row, err := tensor.NewStridedCopy(dtype.Float64Array(slices.Repeat([]float64{-2}, int(d[len(d)-1])), d[len(d)-1]))
		require.NoError(t, err)
		return BinaryByName("mul", TensorOperand(a), TensorOperand(row), BinaryArgs{})
	}},
	{"where", false, func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		cond, err := convert.ToDType(otherPattern(t, a.Dims()), dtype.Bool)
		require.NoError(t, err)
		return Where(cond, TensorOperand(a), NumberOperand(dtype.FloatNumber(7)))
	}},
	{"sum", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Reduce(a, nil, "sum") }},
	{"amax dim 0", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Reduce(a, []int{0}, "amax") }},
	{"softmax", true, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return Softmax(a, len(a.Dims())-1, false)
	}},
	{"cat", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Cat([]*tensor.Tensor{a, a}, 0) }},
	{"stack", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Stack([]*tensor.Tensor{a, a}, 1) }},
	{"unsqueeze", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Unsqueeze(a, 0) }},
	{"reshape", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return Reshape(a, []int64{dtype.NumelOf(a.Dims())})
	}},
	{"select", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Select(a, len(a.Dims())-1, 0) }},
	{"narrow", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return NarrowCopy(a, 0, 0, a.Dims()[0]/2+1)
	}},
	{"index_select", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return IndexSelect(a, len(a.Dims())-1, dtype.Int64Array([]int64{0, 0}, 2))
	}},
	{"transpose", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return Transpose(a, 0, len(a.Dims())-1)
	}},
	{"squeeze", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return Squeeze(a, nil) }},
	{"sparse_mask by", true, func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return SparseMask(otherPattern(t, a.Dims()), a)
	}},
	{"sparse_mask of", false, func(t *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return SparseMask(a, otherPattern(t, a.Dims()))
	}},
	{"coalesce", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return convert.Coalesce(a) }},
	{"to csr", true, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return convert.ToLayout(a, tensor.CSR, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	}},
	{"clone", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Clone(a), nil }},
	{"to float32", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return convert.ToDType(a, dtype.Float32) }},
	{"to coo", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) {
		return convert.ToLayout(a, tensor.COO, tensor.DefaultConvert())
	}},
	{"to dense", false, func(_ *testing.T, a *tensor.Tensor) (*tensor.Tensor, error) { return convert.ToDense(a) }},
}

// TestCustomOperatorsHoldNoCOOForm: every custom format of formats.json,
// fill 0 and 2.5, through an operator of each family (element-wise of
// other structures and broadcasts, where, reductions, softmax, shape ops,
// indexing, conversions): the result equals the reference on the dense
// tensor, and the input holds its storage and nothing more afterwards (no
// COO form kept on it). The failures are listed by operator.
func TestCustomOperatorsHoldNoCOOForm(t *testing.T) {
	cases := noCOOCases(t)
	kept := map[string][]string{}
	for _, o := range noCOOOps {
		for _, c := range cases {
			msg := c.id + " " + o.name
			a, err := convert.ToFormat(c.src, c.f)
			require.NoError(t, err, msg)
			ref := c.dense
			if o.sparse { // the stored elements, padding inside the tensor included, from a copy of a
				b, err := convert.ToFormat(c.src, c.f)
				require.NoError(t, err, msg)
				ref, err = convert.ToLayout(b, tensor.COO, tensor.DefaultConvert())
				require.NoError(t, err, msg)
			}
			want, werr := o.op(t, ref)
			got, err := o.op(t, a)
			if werr != nil {
				require.Error(t, err, msg)
				require.Equal(t, errs.CodeOf(werr), errs.CodeOf(err), "%s: %v / %v", msg, werr, err)
			} else {
				require.NoError(t, err, msg)
				if want.DType() == dtype.Float32 {
					want, err = convert.ToDType(want, dtype.Float64)
					require.NoError(t, err, msg)
					got, err = convert.ToDType(got, dtype.Float64)
					require.NoError(t, err, msg)
				}
				want, err = convert.ToDense(want)
				require.NoError(t, err, msg)
				ewRequireSameDense(t, want, got, msg)
			}
			if heldBeyondStorage(t, a) {
				kept[o.name] = append(kept[o.name], c.id)
			}
		}
	}
	if len(kept) > 0 {
		var lines []string
		for name, ids := range kept {
			lines = append(lines, fmt.Sprintf("%s: %d cases (e.g. %s)", name, len(ids), ids[0]))
		}
		sort.Strings(lines)
		t.Fatalf("the input kept a COO form beside its storage after:\n%s", strings.Join(lines, "\n"))
	}
}

// heldBeyondStorage reports whether custom x holds more bytes than its
// format storage (a kept COO form of its elements; the tensor has no field
// for one any more: core/tensor's TestCustomAccessorsKeepNothing).
func heldBeyondStorage(t *testing.T, x *tensor.Tensor) bool {
	t.Helper()
	require.Equal(t, tensor.Custom, x.Layout())
	u, err := x.USTStorage()
	require.NoError(t, err)
	n := int64(len(u.Values.Data))
	for l := range u.Pos {
		n += int64(len(u.Pos[l].Data) + len(u.Crd[l].Data))
	}
	return tensor.StorageBytes(x) != n
}

// TestCustomNNZFromStorage: a custom tensor's NNZ (its stored elements
// inside the tensor, its COO form's nse) and IndexWidth are answered from
// its storage: the COO tensor of a copy's elements has as many and that
// width, and the tensor holds its storage only afterwards.
func TestCustomNNZFromStorage(t *testing.T) {
	for _, c := range noCOOCases(t) {
		a, err := convert.ToFormat(c.src, c.f)
		require.NoError(t, err, c.id)
		b, err := convert.ToFormat(c.src, c.f)
		require.NoError(t, err, c.id)
		coo, err := convert.ToLayout(b, tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err, c.id)
		require.Equal(t, coo.NNZ(), a.NNZ(), c.id)
		require.Equal(t, coo.NNZ(), a.NNZ(), c.id+" (remembered)")
		require.Equal(t, coo.IndexWidth(), a.IndexWidth(), c.id)
		require.False(t, heldBeyondStorage(t, a), "%s: NNZ kept a COO form", c.id)
	}
}
