package convert_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestToDIAFastMatchesGeneral: CSR and CSC (int32 and int64 indices) to
// DIA-I and DIA-J through the fast path give the general path's storage (the
// level walk's, reached from COO) element for element, and the same COO
// form, over shapes wide, tall, square and empty, five dtypes and a
// non-zero fill.
func TestToDIAFastMatchesGeneral(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, shape := range [][]int64{{7, 5}, {4, 9}, {6, 6}, {0, 3}, {3, 0}, {1, 1}} {
		for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Complex128, dtype.Int8, dtype.Bool} {
			for _, fill := range []bool{false, true} {
				dense := tensortest.RandomDense(t, rng, d, shape, 0.3)
				if fill {
					var err error
					dense, err = tensor.WithFill(dense, tensor.ScalarBytes(d, dtype.Real(1)))
					require.NoError(t, err)
				}
				coo, err := convert.ToLayout(dense, tensor.COO, tensor.DefaultConvert())
				require.NoError(t, err)
				for _, f := range []format.Format{format.DIAI(), format.DIAJ()} {
					want, err := convert.ToFormat(coo, f)
					require.NoError(t, err)
					for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC} {
						for _, w := range []int{32, 64} {
							msg := fmt.Sprintf("%v %s fill=%v %s from %s/%d", shape, d, fill, f, l, w)
							opt := tensor.DefaultConvert()
							opt.IndexWidth = w
							src, err := convert.ToLayout(dense, l, opt)
							require.NoError(t, err, msg)
							_, fast, _ := convert.ToDIAFast(src, f)
							require.True(t, fast, msg)
							got, err := convert.ToFormat(src, f)
							require.NoError(t, err, msg)
							requireSameStorage(t, want, got, msg)
							assert.Equal(t, w, got.IndexWidth(), "%s: the source's width", msg)
							tensortest.RequireSameDense(t, dense, got, msg)
						}
					}
				}
			}
		}
	}
}

// requireSameStorage asserts two custom tensors hold equal storage in their
// format (the entries of their level arrays, whatever their widths).
func requireSameStorage(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	uw, err := want.USTStorage()
	require.NoError(t, err, msg)
	ug, err := got.USTStorage()
	require.NoError(t, err, msg)
	assert.Equal(t, uw.LevelSizes, ug.LevelSizes, msg)
	for l := range uw.Pos {
		assert.Equal(t, tensortest.IndexValues(uw.Pos[l]), tensortest.IndexValues(ug.Pos[l]), "%s: pos[%d]", msg, l)
		assert.Equal(t, tensortest.IndexValues(uw.Crd[l]), tensortest.IndexValues(ug.Crd[l]), "%s: crd[%d]", msg, l)
	}
	assert.Equal(t, uw.Values.Data, ug.Values.Data, "%s: values", msg)
	assert.Equal(t, want.FillElem(), got.FillElem(), "%s: fill", msg)
	assert.Equal(t, want.IsCoalesced(), got.IsCoalesced(), "%s: COO form coalesced", msg)
	assert.Equal(t, tensortest.IndexValues(want.Indices()), tensortest.IndexValues(got.Indices()), "%s: COO form's indices", msg)
	assert.Equal(t, want.Values().Data, got.Values().Data, "%s: COO form's values", msg)
	assert.Equal(t, want.Values().Shape, got.Values().Shape, "%s: COO form's values shape", msg)
}

// TestToDIAFastTooLarge: diagonals far apart over a small memory limit are
// refused with ErrTooLarge before the values are allocated.
func TestToDIAFastTooLarge(t *testing.T) {
	coo, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 99999, 99999, 0}, 2, 2), dtype.Float64Array([]float64{1, 2}), []int64{100000, 100000}, tensor.BuildOptions{})
	require.NoError(t, err)
	csr, err := convert.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	old := tensor.MemoryLimit()
	require.NoError(t, tensor.SetMemoryLimit(1<<20))
	defer func() { require.NoError(t, tensor.SetMemoryLimit(old)) }()
	_, err = convert.ToFormat(csr, format.DIAI())
	assert.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), "%v", err)
}
