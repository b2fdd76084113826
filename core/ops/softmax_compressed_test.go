package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/parallel"
	"github.com/stretchr/testify/require"
)

// randomBatchedCompressed is a CSR or CSC tensor of shape (*batch, m, n,
// *dense) holding nse random entries in every batch (torch's rule), values
// normal times 10 with some -Inf and NaN, indices of width bits.
func randomBatchedCompressed(t *testing.T, rng *rand.Rand, l tensor.Layout, d dtype.DType, width int, batch []int64, m, n, nse int64, dense ...int64) *tensor.Tensor {
	t.Helper()
	outer, inner := m, n
	if l == tensor.CSC {
		outer, inner = n, m
	}
	nb := dtype.NumelOf(batch)
	comp := make([]int64, 0, nb*(outer+1))
	plain := make([]int64, 0, nb*nse)
	vals := dtype.NewArray(d, append(append(slices.Clone(batch), nse), dense...))
	for range nb {
		cells := rng.Perm(int(outer * inner))[:nse]
		slices.Sort(cells)
		row := make([]int64, outer+1)
		for _, c := range cells {
			row[int64(c)/inner+1]++
			plain = append(plain, int64(c)%inner)
		}
		for o := range outer {
			row[o+1] += row[o]
		}
		comp = append(comp, row...)
	}
	for i := range vals.Numel() {
		x := rng.NormFloat64() * 10
		switch rng.IntN(20) {
		case 0:
			x = math.Inf(-1)
		case 1:
			x = math.NaN()
		}
		vals.SetComplex(i, dtype.Real(x))
	}
	ca, pa := dtype.Int64Array(comp, append(slices.Clone(batch), outer+1)...), dtype.Int64Array(plain, append(slices.Clone(batch), nse)...)
	if width == 32 {
		ca, pa = toInt32Array(ca), toInt32Array(pa)
	}
	x, err := tensor.NewCompressed(l, ca, pa, vals, append(append(slices.Clone(batch), m, n), dense...), tensor.BuildOptions{})
	require.NoError(t, err)
	return x
}

// toInt32Array is a narrowed copy of an int64 array.
func toInt32Array(a dtype.Array) dtype.Array {
	out := dtype.NewArray(dtype.Int32, a.Shape)
	for i, v := range dtype.AsSlice[int64](a) {
		dtype.AsSlice[int32](out)[i] = int32(v)
	}
	return out
}

// Softmax of batched and unbatched CSR and CSC tensors on the engine
// (softmaxCompressed) equals the COO path (softmaxViaCOO): layout, index
// dtype, indices, coalesced flag, fill and values, over every dim, softmax
// and log_softmax, float32 and float64, int32 and int64 indices, batch
// shapes (), (3), (2, 2), (2, 3, 2) (every batch dim on the engine:
// engine.SoftmaxBatchDim) and (0, 3) (no batches), with empty rows and
// columns, -Inf and NaN, and no entries at all; the same bits at 1 and 3
// goroutines.
func TestSoftmaxCompressedMatchesCOOPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 1))
	covered := 0
	for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC} {
		for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
			for _, w := range []int{32, 64} {
				for _, batch := range [][]int64{nil, {3}, {2, 2}, {2, 3, 2}, {0, 3}} {
					for _, nse := range []int64{0, 9, 30} {
						x := randomBatchedCompressed(t, rng, l, d, w, batch, 7, 6, nse)
						for dim := range x.NDim() {
							for _, log := range []bool{false, true} {
								msg := fmt.Sprintf("%s %s w%d batch %v nse %d dim %d log %v", l, d, w, batch, nse, dim, log)
								want, err := softmaxViaCOO(x, dim, log)
								require.NoError(t, err, msg)
								var first []byte
								for _, workers := range []int{1, 3} {
									old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: workers})
									got, ok, err := softmaxNative(x, dim, log)
									parallel.SetKnobs(old)
									require.NoError(t, err, msg)
									require.True(t, ok, msg)
									requireSameSoftmax(t, want, got, msg)
									require.Equal(t, slices.Clone(x.Dims()), slices.Clone(got.Dims()), msg)
									if first == nil {
										first = got.Values().Data
									}
									require.Equal(t, first, got.Values().Data, "%s workers %d", msg, workers)
								}
								covered++
							}
						}
					}
				}
			}
		}
	}
	require.Equal(t, 2*2*2*3*(2+3+4+5+4)*2, covered)
}

// Softmax of a batched CSR over each dim allocates its result (values and
// COO indices) plus, over the rows, the scatter's two accumulators a group,
// over the batch dim two float64 a column for each goroutine: 4 batches of
// a 200K-row Laplacian (1M entries each).
func TestSoftmaxBatchedCSRAllocates(t *testing.T) {
	x := batchedCompressedLaplacian(t, 447, 4, tensor.CSR)
	shape := x.Dims()
	for dim := range 3 {
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Softmax(x, dim, false) })
		require.Equal(t, tensor.COO, r.Layout())
		extra := map[int]int64{0: 16 * shape[2] * int64(parallel.Workers()), 1: 16 * shape[0] * shape[2], 2: 0}[dim]
		limit := resultBytes(r) + uint64(extra) + 256<<10
		require.LessOrEqual(t, got, limit, "dim %d: %d bytes allocated, limit %d", dim, got, limit)
	}
}

// batchedCompressedLaplacian is nb copies of the 5-point Laplacian of a
// g x g grid, the k-th scaled by k+1, as a batched CSR or CSC tensor
// (nb, g*g, g*g) with int64 indices.
func batchedCompressedLaplacian(tb testing.TB, g, nb int64, l tensor.Layout) *tensor.Tensor {
	tb.Helper()
	m, err := convert.ToLayout(benchLaplacian(tb, g, tensor.CSR), l, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: 64})
	if err != nil {
		tb.Fatal(err)
	}
	lv := m.Levels()[1]
	pos, crd, vals := tensorIndex64(lv.Pos), tensorIndex64(lv.Crd), dtype.AsSlice[float64](m.Values())
	nnz, outer := int64(len(crd)), int64(len(pos))
	comp, plain, v := make([]int64, 0, nb*outer), make([]int64, 0, nb*nnz), make([]float64, 0, nb*nnz)
	for k := range nb {
		comp, plain = append(comp, pos...), append(plain, crd...)
		for _, e := range vals {
			v = append(v, float64(k+1)*e)
		}
	}
	va := dtype.Float64Array(v)
	va.Shape = []int64{nb, nnz}
	t, err := tensor.NewCompressed(l, dtype.Int64Array(comp, nb, outer), dtype.Int64Array(plain, nb, nnz), va, []int64{nb, g * g, g * g}, tensor.BuildOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// tensorIndex64 is an index array's values as int64.
func tensorIndex64(a dtype.Array) []int64 {
	out := make([]int64, a.Numel())
	for i := range out {
		out[i] = a.Index(int64(i))
	}
	return out
}

// TestSoftmaxDCSRMatchesCOOPath: softmax and log_softmax of DCSR and DCSC
// matrices (empty rows and columns among them) over each dim run on the
// engine through their CSR / CSC forms and equal the COO path's result.
func TestSoftmaxDCSRMatchesCOOPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 9))
	for _, l := range []tensor.Layout{tensor.DCSR, tensor.DCSC} {
		for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
			for _, w := range []int{32, 64} {
				for _, nse := range []int64{0, 9, 30} {
					opt := tensor.DefaultConvert()
					opt.IndexWidth = w
					x, err := convert.ToLayout(randomBatchedCompressed(t, rng, tensor.CSR, d, w, nil, 7, 6, nse), l, opt)
					require.NoError(t, err)
					require.Equal(t, l, x.Layout())
					for dim := range 2 {
						for _, log := range []bool{false, true} {
							msg := fmt.Sprintf("%s %s w%d nse %d dim %d log %v", l, d, w, nse, dim, log)
							want, err := softmaxViaCOO(x, dim, log)
							require.NoError(t, err, msg)
							got, ok, err := softmaxNative(x, dim, log)
							require.NoError(t, err, msg)
							require.True(t, ok, msg)
							requireSameSoftmax(t, want, got, msg)
						}
					}
				}
			}
		}
	}
}

// TestSoftmaxBSRMatchesCOOPath: softmax and log_softmax of BSR and BSC
// matrices (2x3 and 1x2 blocks) over each dim run on the
// engine through their CSR / CSC forms, every stored element of a block
// (its explicit zeros too) an entry, and equal the COO path's result.
func TestSoftmaxBSRMatchesCOOPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 11))
	for _, l := range []tensor.Layout{tensor.BSR, tensor.BSC} {
		for _, block := range [][2]int64{{2, 3}, {1, 2}} {
			for _, w := range []int{32, 64} {
				for _, nse := range []int64{0, 9, 30} {
					opt := tensor.DefaultConvert()
					opt.IndexWidth, opt.BlockSize = w, block
					x, err := convert.ToLayout(randomBatchedCompressed(t, rng, tensor.CSR, dtype.Float64, w, nil, 8, 6, nse), l, opt)
					require.NoError(t, err)
					for dim := range x.NDim() {
						for _, log := range []bool{false, true} {
							msg := fmt.Sprintf("%s %v w%d nse %d dim %d log %v", l, block, w, nse, dim, log)
							want, err := softmaxViaCOO(x, dim, log)
							require.NoError(t, err, msg)
							got, ok, err := softmaxNative(x, dim, log)
							require.NoError(t, err, msg)
							require.True(t, ok, msg)
							requireSameSoftmax(t, want, got, msg)
						}
					}
				}
			}
		}
	}
}
