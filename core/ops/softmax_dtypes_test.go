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

// softmaxDTypeInputs is the operands of the dtype sweeps: CSR and CSC
// batched or not, COO coalesced or not (2-d, 3-d, 1-d), BSR, BSC, DCSR
// and DCSC, no entries, a ragged batch (no dense dims), each of dtype d
// and index width w with the dense dims dense; complex values get
// imaginary parts of their own (some infinite or NaN).
func softmaxDTypeInputs(t *testing.T, rng *rand.Rand, d dtype.DType, w int, dense []int64) map[string]*tensor.Tensor {
	in := map[string]*tensor.Tensor{
		"csr":                 randomBatchedCompressed(t, rng, tensor.CSR, d, w, nil, 7, 6, 20, dense...),
		"batched csr":         randomBatchedCompressed(t, rng, tensor.CSR, d, w, []int64{3}, 5, 4, 9, dense...),
		"csr no entries":      randomBatchedCompressed(t, rng, tensor.CSR, d, w, nil, 7, 6, 0, dense...),
		"csc":                 randomBatchedCompressed(t, rng, tensor.CSC, d, w, nil, 7, 6, 20, dense...),
		"batched csc":         randomBatchedCompressed(t, rng, tensor.CSC, d, w, []int64{2, 2}, 5, 4, 9, dense...),
		"coo 2-d":             randomCOO(t, rng, d, w, []int64{6, 7}, 30, true, dense...),
		"uncoalesced coo 2-d": randomCOO(t, rng, d, w, []int64{6, 7}, 30, false, dense...),
		"coo 3-d":             randomCOO(t, rng, d, w, []int64{3, 4, 5}, 30, true, dense...),
		"coo 1-d":             randomCOO(t, rng, d, w, []int64{40}, 12, true, dense...),
	}
	for _, l := range []tensor.Layout{tensor.BSR, tensor.BSC, tensor.DCSR, tensor.DCSC} {
		opt := tensor.DefaultConvert()
		opt.IndexWidth, opt.BlockSize, opt.DenseDim = w, [2]int64{2, 3}, len(dense)
		y, err := convert.ToLayout(randomBatchedCompressed(t, rng, tensor.CSR, d, w, nil, 8, 6, 20, dense...), l, opt)
		require.NoError(t, err)
		require.Equal(t, l, y.Layout())
		in[l.String()] = y
	}
	if len(dense) == 0 {
		in["ragged"] = randomRagged(t, rng, d, w)
	}
	if d.IsComplex() {
		for _, x := range in {
			v := x.Values()
			if r, ok := tensor.RaggedOf(x); ok {
				v = r.Values
			}
			for i := range v.Numel() {
				y := rng.NormFloat64() * 4
				switch rng.IntN(25) {
				case 0:
					y = math.Inf(1)
				case 1:
					y = math.NaN()
				}
				v.SetComplex(i, dtype.Complex128Scalar(complex(v.Complex(i).Re(), y)))
			}
		}
	}
	return in
}

// randomRagged is a ragged batch of 3 batches of 4 rows, 5 columns, of
// dtype d and index width w (rows of 0 to 5 entries).
func randomRagged(t *testing.T, rng *rand.Rand, d dtype.DType, w int) *tensor.Tensor {
	pos, crd := []int64{0}, []int64{}
	for range 3 * 4 {
		cols := rng.Perm(5)[:rng.IntN(6)]
		slices.Sort(cols)
		for _, c := range cols {
			crd = append(crd, int64(c))
		}
		pos = append(pos, int64(len(crd)))
	}
	vals := dtype.NewArray(d, []int64{int64(len(crd))})
	for i := range vals.Numel() {
		vals.SetComplex(i, dtype.Real(rng.NormFloat64()*10))
	}
	pa, ca := dtype.Int64Array(pos, int64(len(pos))), dtype.Int64Array(crd, int64(len(crd)))
	if w == 32 {
		pa, ca = toInt32Array(pa), toInt32Array(ca)
	}
	x, err := tensor.NewRagged([]int64{3, 4, 5}, pa, ca, vals)
	require.NoError(t, err)
	_, ok := tensor.RaggedOf(x)
	require.True(t, ok)
	return x
}

// Softmax of complex64 and complex128 tensors runs on the engine's complex
// kernels and gives the COO route's bits (softmaxViaCOO, the route before):
// every layout of softmaxDTypeInputs, dense dims none, (2) and (2, 3),
// every dim, softmax and log_softmax, int32 and int64 indices, 1 and 3
// goroutines; the result's indices, flags and fill as the COO route's.
func TestSoftmaxComplexMatchesCOOPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 64))
	covered := 0
	for _, d := range []dtype.DType{dtype.Complex128, dtype.Complex64} {
		for _, w := range []int{32, 64} {
			for _, dense := range [][]int64{nil, {2}, {2, 3}} {
				for name, x := range softmaxDTypeInputs(t, rng, d, w, dense) {
					for dim := range x.NDim() {
						for _, log := range []bool{false, true} {
							msg := fmt.Sprintf("%s dense %v %s w%d dim %d log %v", name, dense, d, w, dim, log)
							want, err := softmaxViaCOO(x, dim, log)
							require.NoError(t, err, msg)
							var first []byte
							for _, workers := range []int{1, 3} {
								old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: workers})
								got, err := Softmax(x, dim, log)
								parallel.SetKnobs(old)
								require.NoError(t, err, msg)
								requireSameSoftmaxBits(t, want, got, msg)
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
	require.Greater(t, covered, 500)
}

// requireSameSoftmaxBits compares two softmax results as elements: their
// shapes, dtypes, fills, specified coordinates and every specified
// element's bits (through their coalesced COO forms; NaN payloads aside).
func requireSameSoftmaxBits(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	require.Equal(t, want.DType(), got.DType(), msg)
	require.Equal(t, want.FillElem(), got.FillElem(), msg)
	require.Equal(t, slices.Clone(want.Dims()), slices.Clone(got.Dims()), msg)
	require.Equal(t, specifiedMask(t, want), specifiedMask(t, got), "%s: the specified elements", msg)
	wc, err := convert.CoalescedCOO(want, -1)
	require.NoError(t, err, msg)
	gc, err := convert.CoalescedCOO(got, -1)
	require.NoError(t, err, msg)
	wv, gv := wc.Values(), gc.Values()
	require.Equal(t, wv.Shape, gv.Shape, msg)
	es := int64(wv.DType.Size())
	for i := range wv.Numel() {
		a, b := wv.Complex(i), gv.Complex(i)
		if hasNaN(a) || hasNaN(b) { // a NaN's payload is not a result
			require.True(t, hasNaN(a) && hasNaN(b), "%s element %d: %v vs %v", msg, i, a, b)
			continue
		}
		require.Equal(t, wv.Data[i*es:(i+1)*es], gv.Data[i*es:(i+1)*es], "%s element %d: %v vs %v", msg, i, a, b)
	}
}

// Softmax of float16 and bfloat16 tensors computes in float32 and rounds
// once (torch's rule for reduced floating types): every layout of
// softmaxDTypeInputs, dense dims none, (2) and (2, 3), every dim, softmax
// and log_softmax, int32 and int64 indices, 1 and 3 goroutines, gives the
// COO route's bits (softmaxViaCOO, the route before), and the float32
// Softmax of the widened input rounded to the half dtype.
func TestSoftmaxHalfMatchesCOOPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 16))
	covered := 0
	for _, d := range []dtype.DType{dtype.Float16, dtype.BFloat16} {
		for _, w := range []int{32, 64} {
			for _, dense := range [][]int64{nil, {2}, {2, 3}} {
				for name, x := range softmaxDTypeInputs(t, rng, d, w, dense) {
					for dim := range x.NDim() {
						for _, log := range []bool{false, true} {
							msg := fmt.Sprintf("%s dense %v %s w%d dim %d log %v", name, dense, d, w, dim, log)
							want, err := softmaxViaCOO(x, dim, log)
							require.NoError(t, err, msg)
							var first []byte
							for _, workers := range []int{1, 3} {
								old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: workers})
								got, err := Softmax(x, dim, log)
								parallel.SetKnobs(old)
								require.NoError(t, err, msg)
								requireSameSoftmaxBits(t, want, got, msg)
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
	require.Greater(t, covered, 500)
}

// hasNaN reports whether either part of v is NaN.
func hasNaN(v dtype.Scalar) bool { return math.IsNaN(v.Re()) || math.IsNaN(v.Im()) }

// specifiedMask is the coordinates of t's specified elements, in the
// sorted order of its coalesced COO form (index dtype set aside).
func specifiedMask(t *testing.T, x *tensor.Tensor) []int64 {
	c, err := convert.CoalescedCOO(x, -1)
	require.NoError(t, err)
	idx := c.Indices()
	out := make([]int64, idx.Numel())
	for i := range out {
		out[i] = idx.Index(int64(i))
	}
	return out
}

// Softmax of custom-format tensors (every format of formats.json, fills 0
// and 2.5) of complex and half dtypes equals the COO route's bits (NaN
// payloads aside) along every dim: complex values where a level's
// segments are dim's groups on the engine's complex segments, keeping the
// operand's structure, else through the tensor's elements; half values by
// the float32 routes on the widened storage.
func TestCustomSoftmaxComplexAndHalf(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 128))
	segments, imaginary := 0, 0
	for _, d := range []dtype.DType{dtype.Complex128, dtype.Complex64, dtype.Float16, dtype.BFloat16} {
		for _, c := range customCases(t, d) {
			if d.IsComplex() { // imaginary parts for the stored elements, the padding left at the fill
				u, err := c.a.USTStorage()
				require.NoError(t, err, c.id)
				fill := dtype.Array{DType: d, Shape: []int64{1}, Data: c.a.FillElem()}.Complex(0)
				for i := range u.Values.Numel() {
					if v := u.Values.Complex(i); v.Re() != fill.Re() {
						u.Values.SetComplex(i, dtype.Complex128Scalar(complex(v.Re(), rng.NormFloat64())))
					}
				}
			}
			for dim := range c.a.NDim() {
				for _, log := range []bool{false, true} {
					msg := fmt.Sprintf("%s %s dim %d log %v", c.id, d, dim, log)
					want, err := softmaxViaCOO(c.a, dim, log)
					require.NoError(t, err, msg)
					got, err := Softmax(c.a, dim, log)
					require.NoError(t, err, msg)
					requireSameSoftmaxBits(t, want, got, msg)
					if v := want.Values(); d.IsComplex() && v.Numel() > 0 && v.Complex(0).Im() != 0 {
						imaginary++
					}
					if _, ok, _ := softmaxCustomSegments(c.a, dim, log); ok && d.IsComplex() {
						requireSharesStructure(t, c.a, got, msg)
						segments++
					}
				}
			}
		}
	}
	require.Positive(t, segments)
	require.Positive(t, imaginary, "no complex result with an imaginary part")
}

// Softmax of complex128 and float16 tensors allocates its result plus,
// over the columns, the accumulators (for complex a float64 max and a
// complex128 sum a column, for float16 the float32 route's two float64 a
// column) and, for float16, at most the widened values and the float32
// result (4 bytes an entry each, handed back for the next call): a
// 200K-row Laplacian (1M entries) in CSR and COO, dims 0 and 1.
func TestSoftmaxComplexAndHalfAllocate(t *testing.T) {
	for _, d := range []dtype.DType{dtype.Complex128, dtype.Float16} {
		for _, l := range []tensor.Layout{tensor.CSR, tensor.COO} {
			x, err := convert.ToDType(benchLaplacian(t, 447, l), d)
			require.NoError(t, err)
			nse, cols := uint64(x.NNZ()), uint64(x.Dims()[1])
			for _, dim := range []int{0, 1} {
				got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Softmax(x, dim, false) })
				require.Equal(t, d, r.DType())
				limit := resultBytes(r) + 24*cols + 256<<10
				if d == dtype.Float16 {
					limit = resultBytes(r) + 16*cols + 8*nse + 256<<10
				}
				if l == tensor.COO { // a COO input's indices are shared
					limit -= uint64(len(r.Indices().Data))
				}
				require.LessOrEqual(t, got, limit, "%s %s dim %d: %d bytes allocated, limit %d", d, l, dim, got, limit)
				t.Logf("%s %s dim %d: %d bytes allocated, result %d", d, l, dim, got, resultBytes(r))
			}
		}
	}
}
