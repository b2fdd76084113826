package convert_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// genericConvert runs the generic level-model path, bypassing the fast paths.
func genericConvert(t *testing.T, x *tensor.Tensor, layout tensor.Layout) *tensor.Tensor {
	spec, err := tensor.TargetSpec(layout, slices.Clone(x.Dims()), x.DenseDim(), -1, [2]int64{1, 1})
	require.NoError(t, err)
	e, err := tensor.EntriesOf(x, len(x.Dims())-x.DenseDim())
	require.NoError(t, err)
	out, err := tensor.BuildFrom(spec, e, x.DType(), slices.Clone(x.FillElem()), 0, false)
	require.NoError(t, err)
	return out
}

// TestFastPathsMatchGenericPath: the direct COO/CSR/CSC conversions store
// exactly what the generic path stores, for uncoalesced hybrid COO with
// duplicates, both index widths.
func TestFastPathsMatchGenericPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, width := range []dtype.DType{dtype.Int32, dtype.Int64} {
		for _, dense := range [][]int64{nil, {2}} {
			nse := int64(40)
			idx := dtype.NewArray(width, []int64{2, nse})
			for i := int64(0); i < 2*nse; i++ {
				tensor.SetIndex(idx, i, int64(rng.IntN(6)))
			}
			vshape := append([]int64{nse}, dense...)
			vals := dtype.NewArray(dtype.Float64, vshape)
			for i := int64(0); i < vals.Numel(); i++ {
				vals.SetComplex(i, dtype.Real(float64(rng.IntN(10))))
			}
			coo, err := tensor.NewCOO(idx, vals, append([]int64{6, 7}, dense...), tensor.BuildOptions{})
			require.NoError(t, err)
			for _, from := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC} {
				src := coo
				if from != tensor.COO {
					src = genericConvert(t, coo, from)
				}
				for _, to := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC} {
					if from == to {
						continue
					}
					fast, err := convert.ToLayout(src, to, tensor.DefaultConvert())
					require.NoError(t, err)
					slow := genericConvert(t, src, to)
					require.Equal(t, slow.Values(), fast.Values(), "%s -> %s values", from, to)
					for li := range slow.Levels() {
						require.Equal(t, slow.Levels()[li].Pos.Data, fast.Levels()[li].Pos.Data, "%s -> %s pos %d", from, to, li)
						require.Equal(t, slow.Levels()[li].Crd.Data, fast.Levels()[li].Crd.Data, "%s -> %s crd %d", from, to, li)
					}
					tensortest.RequireSameDense(t, coo, fast)
				}
			}
			c, err := convert.Coalesce(coo)
			require.NoError(t, err)
			require.True(t, c.IsCoalesced())
			tensortest.RequireSameDense(t, coo, c)
		}
	}
}

// TestCOOToCSRLongRows drives the per-row sorts of the direct paths: long
// rows over a narrow column range (counting sort) and over a wide one
// (merge sort), with repeats, against the generic path's components, for
// plain values (the kernels' CompressRows) and value blocks (hybrid: the
// row sorter).
func TestCOOToCSRLongRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, dense := range [][]int64{nil, {2}} {
		for _, tc := range []struct{ rows, cols, nse int64 }{{3, 50, 600}, {2, 100000, 200}} {
			idx := dtype.NewArray(dtype.Int64, []int64{2, tc.nse})
			for e := int64(0); e < tc.nse; e++ {
				tensor.SetIndex(idx, e, rng.Int64N(tc.rows))
				tensor.SetIndex(idx, tc.nse+e, rng.Int64N(tc.cols/10)*10) // repeats in every row
			}
			vals := dtype.NewArray(dtype.Float64, append([]int64{tc.nse}, dense...))
			for e := int64(0); e < vals.Numel(); e++ {
				vals.SetComplex(e, dtype.Real(rng.Float64()))
			}
			coo, err := tensor.NewCOO(idx, vals, append([]int64{tc.rows, tc.cols}, dense...), tensor.BuildOptions{})
			require.NoError(t, err)
			// CSC groups by column at once (kernels.CompressCols, or the
			// column sorter for blocks): the same arrays as the generic path.
			for _, to := range []tensor.Layout{tensor.CSR, tensor.CSC} {
				fast, err := convert.ToLayout(coo, to, tensor.DefaultConvert())
				require.NoError(t, err)
				slow := genericConvert(t, coo, to)
				require.Equal(t, slow.Levels()[1].Pos.Data, fast.Levels()[1].Pos.Data, "%s", to)
				require.Equal(t, slow.Levels()[1].Crd.Data, fast.Levels()[1].Crd.Data, "%s", to)
				require.Equal(t, slow.Values().Data, fast.Values().Data, "%s: the same sums, in the same order", to)
			}
		}
	}
}

// TestBlockFastPathsMatchGenericPath: CSR<->BSR and CSC<->BSC store exactly
// what the generic path stores, for several block shapes and fills.
func TestBlockFastPathsMatchGenericPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, blk := range [][2]int64{{1, 1}, {2, 3}, {4, 2}} {
		src := tensortest.RandomDense(t, rng, dtype.Float64, []int64{8, 12}, 0.2)
		for _, pair := range [][2]tensor.Layout{{tensor.CSR, tensor.BSR}, {tensor.CSC, tensor.BSC}} {
			plain, err := convert.ToLayout(src, pair[0], tensor.DefaultConvert())
			require.NoError(t, err)
			plain, _ = tensor.WithFill(plain, tensor.ScalarBytes(dtype.Float64, dtype.Real(0.5)))
			spec, err := tensor.TargetSpec(pair[1], slices.Clone(plain.Dims()), 0, -1, blk)
			require.NoError(t, err)
			fast, err := convert.ToLayout(plain, pair[1], tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, BlockSize: blk})
			require.NoError(t, err)
			e, err := tensor.EntriesOf(plain, 2)
			require.NoError(t, err)
			slow, err := tensor.BuildFrom(spec, e, dtype.Float64, slices.Clone(plain.FillElem()), 0, false)
			require.NoError(t, err)
			require.Equal(t, slow.Values(), fast.Values(), "%v %s -> %s", blk, pair[0], pair[1])
			for li := range slow.Levels() {
				require.Equal(t, slow.Levels()[li].Pos.Data, fast.Levels()[li].Pos.Data, "%v %s -> %s pos %d", blk, pair[0], pair[1], li)
				require.Equal(t, slow.Levels()[li].Crd.Data, fast.Levels()[li].Crd.Data, "%v %s -> %s crd %d", blk, pair[0], pair[1], li)
			}
			back, err := convert.ToLayout(fast, pair[0], tensor.DefaultConvert())
			require.NoError(t, err)
			e2, _ := tensor.EntriesOf(fast, 2)
			slowBack, err := tensor.BuildFrom(tensor.FormatSpec{Layout: pair[0], Shape: slices.Clone(fast.Dims()), Block: [2]int64{1, 1}}, e2, dtype.Float64, slices.Clone(fast.FillElem()), 0, false)
			require.NoError(t, err)
			require.Equal(t, slowBack.Values(), back.Values(), "%v %s -> %s", blk, pair[1], pair[0])
			require.Equal(t, slowBack.Levels()[1].Crd.Data, back.Levels()[1].Crd.Data)
			tensortest.RequireSameDense(t, plain, back)
		}
	}
}
