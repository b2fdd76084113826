package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/parallel"
	"github.com/stretchr/testify/require"
)

// Softmax of hybrid tensors (dense dims (2), (2, 3) and (3, 0)) over
// every dim on the engine equals the COO path: over the last sparse dim
// segments, over another sparse dim the scatter a dense element at a time
// (or, for a batch dim of a compressed tensor, its cells across the
// batches), over a dense dim each entry's block's softmax along it
// (engine.SoftmaxAxis); CSR and CSC batched or not (a CSC's blocks move
// with its transpose), BSR, BSC and DCSC, COO coalesced or not, no
// entries, no batches;
// f32/f64, int32/int64 indices, 1 and 3 goroutines (the same bits).
func TestSoftmaxHybridMatchesCOOPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 6))
	covered, want := 0, 0
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		for _, w := range []int{32, 64} {
			for _, dense := range [][]int64{{2}, {2, 3}, {3, 0}} {
				inputs := []struct {
					name string
					x    *tensor.Tensor
				}{
					{"csr", randomBatchedCompressed(t, rng, tensor.CSR, d, w, nil, 7, 6, 20, dense...)},
					{"batched csr", randomBatchedCompressed(t, rng, tensor.CSR, d, w, []int64{3}, 5, 4, 9, dense...)},
					{"csr no entries", randomBatchedCompressed(t, rng, tensor.CSR, d, w, nil, 7, 6, 0, dense...)},
					{"csr no batches", randomBatchedCompressed(t, rng, tensor.CSR, d, w, []int64{0}, 1, 4, 0, dense...)},
					{"coo 3-d", randomCOO(t, rng, d, w, []int64{3, 4, 5}, 30, true, dense...)},
					{"uncoalesced coo 2-d", randomCOO(t, rng, d, w, []int64{6, 7}, 30, false, dense...)},
					{"coo 1-d", randomCOO(t, rng, d, w, []int64{40}, 12, true, dense...)},
					{"coo no entries", randomCOO(t, rng, d, w, []int64{4, 5}, 0, true, dense...)},
					{"csc", randomBatchedCompressed(t, rng, tensor.CSC, d, w, nil, 7, 6, 20, dense...)},
					{"batched csc", randomBatchedCompressed(t, rng, tensor.CSC, d, w, []int64{2, 2}, 5, 4, 9, dense...)},
					{"csc no batches", randomBatchedCompressed(t, rng, tensor.CSC, d, w, []int64{2, 0}, 3, 4, 0, dense...)},
				}
				for _, l := range []tensor.Layout{tensor.BSR, tensor.BSC, tensor.DCSC} { // through their CSR / CSC forms
					opt := tensor.DefaultConvert()
					opt.IndexWidth, opt.BlockSize, opt.DenseDim = w, [2]int64{2, 3}, len(dense)
					y, err := convert.ToLayout(randomBatchedCompressed(t, rng, tensor.CSR, d, w, nil, 8, 6, 20, dense...), l, opt)
					require.NoError(t, err)
					require.Equal(t, l, y.Layout())
					inputs = append(inputs, struct {
						name string
						x    *tensor.Tensor
					}{l.String(), y})
				}
				for _, in := range inputs {
					x := in.x
					want += 2 * x.NDim()
					for dim := range x.NDim() {
						for _, log := range []bool{false, true} {
							msg := fmt.Sprintf("%s dense %v %s w%d dim %d log %v", in.name, dense, d, w, dim, log)
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
								require.Equal(t, want.Values().Shape, got.Values().Shape, msg)
								require.Equal(t, want.DenseDim(), got.DenseDim(), msg)
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
	require.Equal(t, want, covered)
	require.Equal(t, 2*2*(3*34+14*(1+2+2))*2, covered) // 34 sparse dims in the 14 inputs
}

// Softmax over a dense dim is torch's rule (torch.sparse.softmax of a
// hybrid COO over a dense dim is the dense softmax of its values along
// that axis; checked against torch 2.15): each entry's block a dense
// softmax along the axis, computed here with math.Exp and math.Log, an
// all -Inf line NaN (as torch gives), the pattern kept and the other
// elements 0; an uncoalesced input's duplicates summed first.
func TestSoftmaxDenseDimIsValuesSoftmax(t *testing.T) {
	inf := math.Inf(-1)
	idx := dtype.Int64Array([]int64{1, 0, 1, 2, 0, 2}, 2, 3) // (1, 2) twice, (0, 0)
	vals := dtype.Float64Array([]float64{
		1, 2, inf, 3, 0.5, -1,
		inf, inf, inf, inf, 2, 7,
		0, 1, -2, 0.25, inf, 8,
	}, 3, 2, 3)
	for _, dim := range []int{2, 3} {
		for _, log := range []bool{false, true} {
			x, err := tensor.NewCOO(idx, vals, []int64{2, 3, 2, 3}, tensor.BuildOptions{})
			require.NoError(t, err)
			got, err := Softmax(x, dim, log)
			require.NoError(t, err)
			require.Equal(t, []int64{0, 1, 0, 2}, tensorIndex64(got.Indices()))
			gv := dtype.AsSlice[float64](got.Values())
			sum := func(e, k int) float64 { // the coalesced entry e's element k: (0, 0) first, then (1, 2) summed
				if e == 0 {
					return dtype.AsSlice[float64](vals)[6+k]
				}
				return dtype.AsSlice[float64](vals)[k] + dtype.AsSlice[float64](vals)[12+k]
			}
			for e := range 2 {
				for line := range 3 { // dim 2: lines over the 2 rows, one a column; dim 3: over the 3 columns, one a row
					var ks []int
					if dim == 2 {
						ks = []int{line, 3 + line}
					} else if line < 2 {
						ks = []int{3 * line, 3*line + 1, 3*line + 2}
					}
					m := inf
					for _, k := range ks {
						m = math.Max(m, sum(e, k))
					}
					s := 0.0
					for _, k := range ks {
						s += math.Exp(sum(e, k) - m)
					}
					for _, k := range ks {
						w := math.Exp(sum(e, k)-m) / s
						if log {
							w = sum(e, k) - m - math.Log(s)
						}
						msg := fmt.Sprintf("dim %d log %v entry %d element %d", dim, log, e, k)
						if math.IsNaN(w) {
							require.True(t, math.IsNaN(gv[e*6+k]), "%s: %v", msg, gv[e*6+k])
							continue
						}
						require.InDelta(t, w, gv[e*6+k], 1e-15*math.Max(1, math.Abs(w)), msg)
					}
				}
			}
			require.True(t, math.IsNaN(gv[0]) && math.IsNaN(gv[3]) == (dim == 2), "dim %d: entry (0, 0)'s all -Inf column 0 is NaN", dim)
			dense, err := convert.ToDense(got)
			require.NoError(t, err)
			require.Zero(t, dense.Values().Complex(18).Re(), "an unspecified element (1, 0, 0, 0) is 0")
		}
	}
}

// Softmax of a hybrid 2-D COO (4 dense elements an entry) over its rows,
// its columns and its dense dim allocates its values, the run bounds (over
// the columns) or the scatter's accumulators and one column (over the
// rows), nothing more over the dense dim, and shares the indices: a
// 200K-row Laplacian's pattern.
func TestSoftmaxHybridAllocates(t *testing.T) {
	lap := benchLaplacian(t, 447, tensor.COO)
	idx, nse := lap.Indices(), lap.Values().Numel()
	vals := dtype.NewArray(dtype.Float64, []int64{nse, 4})
	for i := range vals.Numel() {
		dtype.AsSlice[float64](vals)[i] = float64(i%7) - 3
	}
	x, err := tensor.NewCOO(idx, vals, append(lap.Dims(), 4), tensor.BuildOptions{Coalesced: true})
	require.NoError(t, err)
	rows := uint64(x.Dims()[0])
	for dim, extra := range []uint64{16*rows + 8*uint64(nse) + 8*uint64(nse), 8 * rows, 0} {
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Softmax(x, dim, false) })
		require.Equal(t, idx.Data, r.Indices().Data)
		limit := uint64(len(r.Values().Data)) + extra + 256<<10
		require.LessOrEqual(t, got, limit, "dim %d: %d bytes allocated, limit %d", dim, got, limit)
	}
}

// Softmax of a hybrid CSC (4 dense elements an entry, int64 indices) over
// each dim allocates its result (values and COO indices) plus the
// transpose to row order: its pointer and indices and the entries'
// numbers before and after (8 B an entry each); over the columns (across
// the CSC's segments: the transpose moves the input's values, 32 B an
// entry) also the scatter's accumulators and a column buffer. Over the
// rows and the dense dim the results are computed in the CSC's order and
// moved (the values' size once, not twice): a 200K-row Laplacian's
// pattern.
func TestSoftmaxHybridCSCAllocates(t *testing.T) {
	x := hybridLaplacian(t, 447, tensor.CSC)
	nse, n := uint64(x.NNZ()), uint64(x.Dims()[0])
	for dim, extra := range []uint64{0, 32*nse + 16*n + 8*nse, 0} {
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Softmax(x, dim, false) })
		limit := resultBytes(r) + 8*(n+1) + 24*nse + extra + 256<<10
		require.LessOrEqual(t, got, limit, "dim %d: %d bytes allocated, limit %d", dim, got, limit)
	}
}

// Softmax of a tensor with a per-slot fill reads only its stored
// elements, as with a scalar fill (unspecified elements are excluded): the
// result is the same tensor's softmax under a zero fill, fill zero,
// float64 on the engine and complex128 through the COO path; CSR, CSC and
// uncoalesced COO, every dim. It panicked in the COO form's scalar fill.
func TestSoftmaxPerSlotFill(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 31))
	for _, d := range []dtype.DType{dtype.Float64, dtype.Complex128} {
		for _, x := range []*tensor.Tensor{
			randomBatchedCompressed(t, rng, tensor.CSR, dtype.Float64, 64, nil, 7, 6, 20, 2),
			randomBatchedCompressed(t, rng, tensor.CSC, dtype.Float64, 32, []int64{2}, 5, 6, 9, 2),
			randomCOO(t, rng, dtype.Float64, 64, []int64{6, 7}, 30, false, 2),
		} {
			x, err := convert.ToDType(x, d)
			require.NoError(t, err)
			slots := dtype.NewArray(d, []int64{2})
			slots.SetComplex(0, dtype.Real(1.5))
			slots.SetComplex(1, dtype.Real(-2))
			y, err := tensor.WithSlotFill(x, slots)
			require.NoError(t, err)
			require.True(t, y.PerSlotFill())
			for dim := range x.NDim() {
				for _, log := range []bool{false, true} {
					msg := fmt.Sprintf("%s %s dim %d log %v", x.Layout(), d, dim, log)
					want, err := Softmax(x, dim, log)
					require.NoError(t, err, msg)
					got, err := Softmax(y, dim, log)
					require.NoError(t, err, msg)
					require.False(t, got.PerSlotFill(), msg)
					require.Equal(t, want.FillElem(), got.FillElem(), msg)
					require.Equal(t, want.Indices().Data, got.Indices().Data, msg)
					requireSameBits(t, want.Values(), got.Values(), msg)
				}
			}
		}
	}
}
