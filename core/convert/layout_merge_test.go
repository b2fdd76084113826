package convert_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// randomNDCOO is an uncoalesced COO of the shape (every dim sparse) with nse
// entries whose coordinates repeat often, its values small integers.
func randomNDCOO(t *testing.T, rng *rand.Rand, d dtype.DType, shape []int64, nse int64) *tensor.Tensor {
	k := int64(len(shape))
	idx := dtype.NewArray(dtype.Int64, []int64{k, nse})
	for dim := range k {
		for e := range nse {
			tensor.SetIndex(idx, dim*nse+e, rng.Int64N(shape[dim]))
		}
	}
	vals := dtype.NewArray(d, []int64{nse})
	for e := range nse {
		vals.SetComplex(e, dtype.Real(float64(rng.IntN(3)+1)))
	}
	coo, err := tensor.NewCOO(idx, vals, shape, tensor.BuildOptions{})
	require.NoError(t, err)
	return coo
}

// TestSparseDimsIntoDenseDimsGroupEntries converts uncoalesced COO tensors of
// 3 and 4 dims (repeated coordinates, zero and non-zero fills) into formats
// with more dense (hybrid) dims: entries that share the remaining sparse
// coordinates must form one value block, with unique coordinates (issue 38
// item 4: to_sparse(2) of a 3-d COO wrote duplicates marked coalesced and
// lost values).
func TestSparseDimsIntoDenseDimsGroupEntries(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 4))
	// The case: two entries of one (i, j) that differ in k.
	one, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 0, 0, 0, 0, 1}, 3, 2), dtype.Float64Array([]float64{3, 4}), []int64{1, 1, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	h, err := convert.ToLayout(one, tensor.COO, tensor.ConvertOptions{DenseDim: 1, SparseDim: 2})
	require.NoError(t, err)
	d, err := convert.ToDense(h)
	require.NoError(t, err)
	require.Equal(t, []float64{3, 4}, dtype.AsSlice[float64](d.Values()))
	require.Equal(t, int64(1), h.NNZ())

	for _, shape := range [][]int64{{2, 3, 2}, {3, 2, 2, 3}, {1, 1, 2}} {
		for _, dt := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int64, dtype.Int8, dtype.Bool, dtype.Complex128} {
			for _, fill := range []float64{0, 5} {
				src := randomNDCOO(t, rng, dt, shape, 3*int64(len(shape))+2)
				require.False(t, src.IsCoalesced())
				if fill != 0 {
					src, err = tensor.WithFill(src, tensor.ScalarBytes(dt, dtype.Real(fill)))
					require.NoError(t, err)
				}
				for dd := 1; dd < len(shape); dd++ {
					for _, l := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSF} {
						if l == tensor.CSR && len(shape)-dd != 2 {
							continue // unbatched CSR only: two sparse dims
						}
						got, err := convert.ToLayout(src, l, tensor.ConvertOptions{DenseDim: dd, SparseDim: -1})
						require.NoError(t, err, "%v %s fill %v -> %s dense_dim %d", shape, dt, fill, l, dd)
						require.Equal(t, dd, got.DenseDim())
						tensortest.RequireSameDense(t, src, got, "%v %s fill %v -> %s dense_dim %d", shape, dt, fill, l, dd)
						if l == tensor.COO {
							requireUniqueCOO(t, got)
						}
					}
				}
			}
		}
	}
}

// requireUniqueCOO checks a coalesced COO holds no repeated coordinates.
func requireUniqueCOO(t *testing.T, c *tensor.Tensor) {
	t.Helper()
	require.True(t, c.IsCoalesced())
	idx, err := tensor.Component(c, tensor.CompIndices)
	require.NoError(t, err)
	s, n := idx.Shape[0], idx.Shape[1]
	seen := map[string]bool{}
	for e := range n {
		key := make([]byte, 0, 8*s)
		for d := range s {
			key = append(key, byte(idx.Index(d*n+e)), ',')
		}
		require.False(t, seen[string(key)], "coordinates %v repeat in a coalesced COO", key)
		seen[string(key)] = true
	}
}

// TestSparseDimsIntoDenseDimsKeepNegativeZero converts an uncoalesced COO
// holding -0 (alone and as the sum of two repeated -0 entries) with a zero
// fill into COO with a dense dim: the stored -0 keeps its sign, as the
// coalesced COO does. The element blocks were zero-filled and the first
// value added to the +0 (+0 + -0 = +0), so a BSR dividend over such a
// divisor read -5 // +0 = -inf where the dense reference reads +inf
// (property test seeds 23 and 32).
func TestSparseDimsIntoDenseDimsKeepNegativeZero(t *testing.T) {
	nz := math.Copysign(0, -1)
	idx := dtype.Int64Array([]int64{0, 2, 2, 3, 0, 0, 0, 0}, 2, 4)
	vals := dtype.Float64Array([]float64{nz, nz, nz, 2}, 4)
	coo, err := tensor.NewCOO(idx, vals, []int64{4, 1}, tensor.BuildOptions{})
	require.NoError(t, err)
	require.False(t, coo.IsCoalesced())
	hybrid, err := convert.ToLayout(coo, tensor.COO, tensor.ConvertOptions{DenseDim: 1, SparseDim: -1})
	require.NoError(t, err)
	require.Equal(t, 1, hybrid.DenseDim())
	got := dtype.AsSlice[float64](hybrid.Values())
	require.Equal(t, []float64{0, 0, 2}, got)
	for i, want := range []bool{true, true, false} {
		require.Equal(t, want, math.Signbit(got[i]), "value %d: sign of %v", i, got[i])
	}
}
