package ops

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestWhereTwoCustomTensors: where(A > 0.5, x, y) with x and y tensors, at
// least one of a custom format, for every unique 2-D custom format of
// formats.json (fills 0 and 2.5), the condition custom or CSR or CSC at
// int32 and int64 indices, x and y of A's storage (A and 2A), A and
// another case's tensor of the same shape in another format, and A and its
// CSR or CSC form, in both orders: the COO forms' route's dense value and
// fill, never those COO forms; served by whereFormats, the result in one
// storage's format, else the layout of the first named operand (CSR when
// every operand is custom), sharing its index arrays. A gather that finds a
// value outside the base pattern is left to the COO route.
func TestWhereTwoCustomTensors(t *testing.T) {
	var mats []customCase
	for _, c := range customCases(t, dtype.Float64) {
		if c.a.NDim() == 2 && c.f.IsUnique() {
			mats = append(mats, c)
		}
	}
	served, one := 0, 0
	for i, c := range mats {
		cond, err := BinaryByName("gt", TensorOperand(c.a), NumberOperand(dtype.FloatNumber(0.5)), BinaryArgs{})
		require.NoError(t, err, c.id)
		twice, err := BinaryByName("mul", TensorOperand(c.a), NumberOperand(dtype.FloatNumber(2)), BinaryArgs{})
		require.NoError(t, err, c.id)
		conds := []*tensor.Tensor{cond}
		for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC} {
			n, err := convert.ToLayout(cond, l, tensor.DefaultConvert())
			require.NoError(t, err, c.id)
			w, err := convert.ToIndexWidth(n, 64)
			require.NoError(t, err, c.id)
			conds = append(conds, n, w)
		}
		others := []*tensor.Tensor{twice}
		for k := 1; k < len(mats); k++ {
			if o := mats[(i+k)%len(mats)]; sameDims(o.a, c.a) && !o.f.Equal(c.f) {
				others = append(others, o.a)
				break
			}
		}
		for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC} {
			n, err := convert.ToLayout(c.a, l, tensor.DefaultConvert())
			require.NoError(t, err, c.id)
			others = append(others, n)
		}
		for _, cd := range conds {
			for _, o := range others {
				for _, swap := range []bool{false, true} {
					x, y := c.a, o
					if swap {
						x, y = o, c.a
					}
					msg := fmt.Sprintf("%s: condition %s, x %s, y %s", c.id, cd.Layout(), x.Format(), y.Format())
					got, ok, err := whereFormats(cd, TensorOperand(x), TensorOperand(y))
					require.NoError(t, err, msg)
					named := func(t0 *tensor.Tensor) *tensor.Tensor {
						n, err := tensor.Named(t0)
						require.NoError(t, err, msg)
						return n
					}
					want, err := Where(named(cd), TensorOperand(named(x)), TensorOperand(named(y)))
					require.NoError(t, err, msg)
					viaWhere, err := Where(cd, TensorOperand(x), TensorOperand(y))
					require.NoError(t, err, msg)
					wd, err := convert.ToDense(want)
					require.NoError(t, err, msg)
					ewRequireSameDense(t, wd, viaWhere, msg)
					require.Equal(t, want.FillElem(), viaWhere.FillElem(), "%s: fill", msg)
					if !ok {
						continue
					}
					served++
					ewRequireSameDense(t, wd, got, msg)
					require.Equal(t, want.FillElem(), got.FillElem(), "%s: fill", msg)
					switch {
					case cd.Layout() == tensor.Custom && o == twice:
						one++
						require.True(t, got.Format().Equal(c.f), "%s: %s", msg, got.Format())
					case cd.Layout() != tensor.Custom:
						require.Equal(t, cd.Layout(), got.Layout(), msg)
						require.Equal(t, unsafe.SliceData(cd.Levels()[1].Crd.Data), unsafe.SliceData(got.Levels()[1].Crd.Data), "%s: crd shared", msg)
					case o.Layout() != tensor.Custom:
						require.Equal(t, o.Layout(), got.Layout(), msg)
					default:
						require.Equal(t, tensor.CSR, got.Layout(), msg)
					}
				}
			}
		}
	}
	t.Logf("%d served by whereFormats, %d of them over one storage", served, one)
	require.Positive(t, one)
	require.Greater(t, served, one)
}

// TestWhereDIAWithDIAJ: where(A > 0, A, B) of the 90k-row Laplacian in
// DIA-I (A) and DIA-J (B, its negation) gives CSR sharing nothing of a COO
// form: A converted to CSR is the base, B gathered over it; the call
// allocates the CSR form (12 bytes an entry and a word a row), two
// gathered arrays, the result's values and 64 KiB; the COO forms' route's
// values exactly.
func TestWhereDIAWithDIAJ(t *testing.T) {
	lap := benchLaplacian(t, 300, tensor.CSR)
	n, nnz := lap.Dims()[0], lap.NNZ()
	a, err := convert.ToFormat(lap, format.DIAI())
	require.NoError(t, err)
	neg, err := UnaryByName("neg", lap, UnaryArgs{})
	require.NoError(t, err)
	b, err := convert.ToFormat(neg, format.DIAJ())
	require.NoError(t, err)
	cond, err := BinaryByName("gt", TensorOperand(a), NumberOperand(dtype.FloatNumber(0)), BinaryArgs{})
	require.NoError(t, err)
	got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Where(cond, TensorOperand(a), TensorOperand(b)) })
	require.Equal(t, tensor.CSR, r.Layout())
	named := func(t0 *tensor.Tensor) *tensor.Tensor {
		x, err := tensor.Named(t0)
		require.NoError(t, err)
		return x
	}
	want, err := Where(named(cond), TensorOperand(named(a)), TensorOperand(named(b)))
	require.NoError(t, err)
	diff, err := BinaryByName("sub", TensorOperand(want), TensorOperand(r), BinaryArgs{})
	require.NoError(t, err)
	for k, v := range dtype.AsSlice[float64](diff.Values())[:diff.Values().Numel()] {
		require.Zero(t, v, "entry %d of the COO route's result less this one", k)
	}
	limit := uint64(12*nnz+8*n) + 3*uint64(len(r.Values().Data)) + uint64(nnz) + 64<<10
	t.Logf("%d bytes allocated, result values %d, limit %d", got, len(r.Values().Data), limit)
	require.LessOrEqual(t, got, limit)
}
