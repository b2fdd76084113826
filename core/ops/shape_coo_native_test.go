package ops

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// The COO relabels (unsqueezeCOO, squeezeCOO, reshapeCOO) give what the
// COO-entries path gave (unsqueezeViaCOO, ...): indices and their dtype,
// values, shape, dense dims, coalesced flag and fill, for coalesced and
// uncoalesced COO, with and without a dense dim, widths 32 and 64, every
// insert position, sparse and dense size-1 dims dropped, reshapes that split and merge
// dims; and the dense result is the dense tensor's reshape.
func TestCOORelabelsMatchCOOPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 11))
	covered := 0
	for _, w := range []int{32, 64} {
		for _, dd := range []int{0, 1} {
			x := tensortest.RandomDense(t, rng, dtype.Float32, []int64{3, 1, 4, 1}, 0.5)
			c, err := convert.ToLayout(x, tensor.COO, tensor.ConvertOptions{DenseDim: dd, SparseDim: -1, IndexWidth: w})
			require.NoError(t, err)
			c, err = tensor.WithFill(c, tensor.ScalarBytes(dtype.Float32, dtype.Real(1.5)))
			require.NoError(t, err)
			for _, in := range []*tensor.Tensor{c, duplicated(t, c)} {
				for dim := 0; dim <= 4; dim++ {
					msg := fmt.Sprintf("w%d dd%d coalesced %v unsqueeze %d", w, dd, in.IsCoalesced(), dim)
					got, err := unsqueezeCOO(in, dim)
					require.NoError(t, err, msg)
					want, err := unsqueezeViaCOO(in, dim)
					require.NoError(t, err, msg)
					requireSameCOO(t, want, got, msg)
					covered++
				}
				for _, drop := range [][]int{{1}, {3}, {1, 3}} {
					msg := fmt.Sprintf("w%d dd%d coalesced %v squeeze %v", w, dd, in.IsCoalesced(), drop)
					got, ok, err := squeezeCOO(in, drop)
					require.NoError(t, err, msg)
					require.True(t, ok, msg)
					want, err := squeezeViaCOO(in, drop)
					require.NoError(t, err, msg)
					requireSameCOO(t, want, got, msg)
					covered++
				}
				for _, shape := range [][]int64{{12}, {2, 6}, {4, 3}, {1, 12, 1}, {3, 4}} {
					if dd == 1 {
						shape = append(shape, 1)
					}
					msg := fmt.Sprintf("w%d dd%d coalesced %v reshape %v", w, dd, in.IsCoalesced(), shape)
					got, err := Reshape(in, shape)
					require.NoError(t, err, msg)
					newSparse := shape[:len(shape)-dd]
					want, err := reshapeViaCOO(in, newSparse)
					require.NoError(t, err, msg)
					requireSameCOO(t, want, got, msg)
					dense, err := convert.ToDense(in)
					require.NoError(t, err)
					dg, err := convert.ToDense(got)
					require.NoError(t, err)
					require.Equal(t, dense.Values().Data, dg.Values().Data, msg)
					covered++
				}
			}
		}
	}
	require.Equal(t, 2*2*2*(5+3+5), covered)
}

// requireSameCOO asserts two COO tensors are stored alike.
func requireSameCOO(t *testing.T, want, got *tensor.Tensor, msg string) {
	require.Equal(t, tensor.COO, got.Layout(), msg)
	require.Equal(t, want.Dims(), got.Dims(), msg)
	require.Equal(t, want.DenseDim(), got.DenseDim(), msg)
	require.Equal(t, want.IsCoalesced(), got.IsCoalesced(), msg)
	require.Equal(t, want.FillElem(), got.FillElem(), msg)
	require.Equal(t, want.Indices().DType, got.Indices().DType, msg)
	require.Equal(t, want.Indices().Shape, got.Indices().Shape, msg)
	require.Equal(t, want.Indices().Data, got.Indices().Data, msg)
	require.Equal(t, want.Values().Shape, got.Values().Shape, msg)
	require.Equal(t, want.Values().Data, got.Values().Data, msg)
}

// The relabels allocate at most their index array: unsqueeze a new index
// array (its values shared), squeeze of a leading size-1 dim nothing but
// headers (a view of the rows), reshape its int64 index array; on the
// 200K-row Laplacian in COO (1M entries).
func TestCOORelabelsAllocateIndicesOnly(t *testing.T) {
	x := benchLaplacian(t, 447, tensor.COO)
	n := x.Dims()[0]
	u, err := Unsqueeze(x, 0)
	require.NoError(t, err)
	zero := 0
	for name, fn := range map[string]func() (*tensor.Tensor, error){
		"unsqueeze": func() (*tensor.Tensor, error) { return Unsqueeze(x, 0) },
		"squeeze":   func() (*tensor.Tensor, error) { return Squeeze(u, &zero) },
		"reshape":   func() (*tensor.Tensor, error) { return Reshape(x, []int64{n * n}) },
	} {
		got, r := allocatedBy(t, fn)
		limit := uint64(64 << 10)
		if name != "squeeze" {
			limit += uint64(len(r.Indices().Data))
		}
		require.LessOrEqual(t, got, limit, "%s: %d bytes allocated, limit %d", name, got, limit)
	}
}
