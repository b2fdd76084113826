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
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// The engine's merges (mergeNative for CSR/CSC, mergeCOONative for
// coalesced COO, mergeSame for one pattern) give what the COO merge gave
// (mergeBinary, the implementation before the engine, and cooAddMerge,
// torch's COO add, where fills are zero): the same layout, index dtype,
// pattern, values bit for bit, fill and flags; and the dense result is the
// op of the dense operands. Every dtype the engine takes (bool, uint8,
// int8..int64, float32/64, complex64/128), index widths 32 and 64, fills
// zero and not, alpha, patterns that overlap, coincide or are empty, NaN,
// -0 and wrapping values included.
func TestMergeEngineMatchesCOOMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 3))
	dtypes := []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int64, dtype.Int32, dtype.Int16, dtype.Int8,
		dtype.UInt8, dtype.Bool, dtype.Complex128, dtype.Complex64}
	shapes := map[tensor.Layout][][]int64{tensor.CSR: {{9, 7}}, tensor.CSC: {{9, 7}}, tensor.COO: {{9, 7}, {4, 3, 5}, {11}}}
	covered := 0
	for _, d := range dtypes {
		for _, w := range []int{32, 64} {
			for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC, tensor.COO} {
				for _, shape := range shapes[l] {
					mk := func(density float64, fill complex128) *tensor.Tensor {
						return mergeOperand(t, rng, d, l, w, shape, density, fill)
					}
					for _, fills := range mergeFills(d) {
						a := mk(0.4, fills[0])
						pairs := map[string]*tensor.Tensor{"other": mk(0.3, fills[1]), "same": a, "empty": mk(0, fills[1]),
							"equal": samePatternCopy(t, rng, a, fills[1])}
						for pname, b := range pairs {
							for _, op := range []string{"add", "sub", "mul"} {
								for _, args := range mergeAlphas(op, d) {
									msg := fmt.Sprintf("%s %v %s w%d fills %v %s %s alpha %v", l, shape, d, w, fills, pname, op, args.Alpha)
									requireMergeMatches(t, op, a, b, l, args, msg)
									covered++
								}
							}
						}
					}
				}
			}
		}
	}
	// dtypes x widths x layouts and shapes x fills x pairs x (op, alpha):
	// float, integer, bool and complex dtypes.
	require.Equal(t, 2*2*5*4*4*5+5*2*5*4*4*5+1*2*5*2*4*3+2*2*5*4*4*7, covered)
}

// mergeFills are the fill pairs tried for dtype d.
func mergeFills(d dtype.DType) [][2]complex128 {
	switch {
	case d == dtype.Bool:
		return [][2]complex128{{0, 0}, {1, 0}}
	case d.IsComplex():
		return [][2]complex128{{0, 0}, {2 - 1i, 0}, {0, complex(math.NaN(), 0)}, {2, -1i}}
	case d.IsFloat():
		return [][2]complex128{{0, 0}, {2, 0}, {0, complex(math.NaN(), 0)}, {2, -1}}
	}
	return [][2]complex128{{0, 0}, {2, 0}, {0, 3}, {2, -1}}
}

// mergeAlphas are the args tried for op on dtype d: none, and alpha -2
// (True for bool) for add and sub, and a complex one for complex dtypes.
func mergeAlphas(op string, d dtype.DType) []BinaryArgs {
	switch {
	case op == "sub" && d == dtype.Bool:
		return nil // torch refuses it (addDType)
	case op == "mul":
		return []BinaryArgs{{}}
	}
	alpha := dtype.IntNumber(-2)
	if d == dtype.Bool {
		alpha = dtype.Number{Value: dtype.IntScalar(1), Kind: dtype.Bool}
	}
	out := []BinaryArgs{{}, {Alpha: &alpha}}
	if d.IsComplex() {
		c := dtype.Number{Value: dtype.Complex128Scalar(0.5 - 1.5i), Kind: dtype.Complex128}
		out = append(out, BinaryArgs{Alpha: &c})
	}
	return out
}

// mergeOperand is a random tensor of the layout, dtype, index width and
// shape with fill fill: some NaN and -0 among float values, and values
// near the dtype's limit among integer ones (so sums wrap).
func mergeOperand(t *testing.T, rng *rand.Rand, d dtype.DType, l tensor.Layout, w int, shape []int64, density float64, fill complex128) *tensor.Tensor {
	x := tensortest.RandomDense(t, rng, d, shape, density)
	v := x.Values()
	for i := range v.Numel() {
		if s := v.Complex(i); (s.Re() != 0 || s.Im() != 0) && rng.IntN(6) == 0 {
			switch {
			case d.IsFloat() || d.IsComplex():
				v.SetComplex(i, dtype.Real([]float64{math.NaN(), math.Copysign(0, -1), math.Inf(1)}[rng.IntN(3)]))
			case d != dtype.Bool:
				v.SetComplex(i, dtype.IntScalar([]int64{120, 127, -128, 1 << 40}[rng.IntN(4)]))
			}
		}
	}
	r, err := convert.ToLayout(x, l, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: w})
	require.NoError(t, err)
	r, err = tensor.WithFill(r, tensor.ScalarBytes(d, dtype.Complex128Scalar(fill)))
	require.NoError(t, err)
	return r
}

// requireMergeMatches checks the engine's merge of a and b against the
// reference merge and the dense result.
func requireMergeMatches(t *testing.T, op string, a, b *tensor.Tensor, l tensor.Layout, args BinaryArgs, msg string) {
	d := a.DType()
	dom := domainOf(d)
	def := binaryOps[op]
	bf := def.funcs(args, d)
	var got *tensor.Tensor
	var ok bool
	var err error
	if got, ok, err = mergeSame(op, a, b, d, l, &args); !ok && err == nil {
		if l == tensor.COO {
			got, ok, err = mergeCOONative(op, a, b, d, &args)
		} else {
			got, ok, err = mergeNative(op, a, b, d, l, &args)
		}
	}
	require.NoError(t, err, msg)
	require.True(t, ok, msg)
	var want *tensor.Tensor
	if op != "mul" && l == tensor.COO && dtype.LoadScalar(a.DType(), a.FillElem()).IsZero() && dtype.LoadScalar(b.DType(), b.FillElem()).IsZero() {
		want, err = cooAddMerge(a, b, alphaValue(op, &args, dom), d)
	} else {
		want, err = mergeBinary(op, def, bf, a, b, dom, d, l, [2]int64{1, 1})
	}
	require.NoError(t, err, msg)
	require.Equal(t, want.Layout(), got.Layout(), msg)
	require.Equal(t, want.Dims(), got.Dims(), msg)
	require.Equal(t, want.IndexWidth(), got.IndexWidth(), msg)
	require.Equal(t, want.FillElem(), got.FillElem(), msg)
	require.Equal(t, want.IsCoalesced(), got.IsCoalesced(), msg)
	if l == tensor.COO {
		require.Equal(t, want.Indices().Data, got.Indices().Data, msg)
	} else {
		for i, lv := range want.Levels() {
			require.Equal(t, lv.Pos.Data, got.Levels()[i].Pos.Data, msg)
			require.Equal(t, lv.Crd.Data, got.Levels()[i].Crd.Data, msg)
		}
	}
	requireSameBits(t, want.Values(), got.Values(), msg)
	dense, err := binaryDense(op, bf, a, b, dom, d)
	require.NoError(t, err, msg)
	gd, err := convert.ToDense(got)
	require.NoError(t, err, msg)
	requireSameValues(t, dense.Values(), gd.Values(), msg)
}

// requireSameBits compares two arrays of one dtype bit for bit, except
// that any NaN matches any NaN: which NaN a complex product of an infinity
// and a NaN gives depends on the order the compiler emits its four
// products in, which differs between two call sites.
func requireSameBits(t *testing.T, want, got dtype.Array, msg string) {
	require.Equal(t, want.DType, got.DType, msg)
	if !want.DType.IsComplex() && !want.DType.IsFloat() {
		require.Equal(t, want.Data, got.Data, msg)
		return
	}
	require.Equal(t, want.Numel(), got.Numel(), msg)
	same := func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) || (x != x && y != y) }
	for i := range want.Numel() {
		x, y := want.Complex(i), got.Complex(i)
		require.True(t, same(x.Re(), y.Re()) && same(x.Im(), y.Im()), "%s: element %d: %v, want %v", msg, i, y, x)
	}
}

// requireSameValues compares two arrays element by element: NaN parts
// match NaN parts, and zeros of either sign match (torch's COO add keeps a
// -0 the dense sum would make +0).
func requireSameValues(t *testing.T, want, got dtype.Array, msg string) {
	require.Equal(t, want.Numel(), got.Numel(), msg)
	same := func(x, y float64) bool { return x == y || (x != x && y != y) }
	for i := range want.Numel() {
		x, y := want.Complex(i), got.Complex(i)
		require.True(t, same(x.Re(), y.Re()) && same(x.Im(), y.Im()), "%s: element %d: %v, want %v", msg, i, y, x)
	}
}

// samePatternCopy is a tensor with a's pattern in new arrays (equal
// contents, not shared), new values, some NaN, and fill fill.
func samePatternCopy(t *testing.T, rng *rand.Rand, a *tensor.Tensor, fill complex128) *tensor.Tensor {
	vals := dtype.CopyArray(a.Values())
	for i := range vals.Numel() {
		if a.DType().IsFloat() || a.DType().IsComplex() {
			vals.SetComplex(i, dtype.Complex128Scalar([]complex128{complex(math.NaN(), 0), -1.5, 3 + 2i, 0.25}[rng.IntN(4)]))
		} else {
			vals.SetComplex(i, dtype.IntScalar([]int64{-3, 5, 127, 1}[rng.IntN(4)]))
		}
	}
	var r *tensor.Tensor
	var err error
	if a.Layout() == tensor.COO {
		r, err = tensor.NewCOO(dtype.CopyArray(a.Indices()), vals, slices.Clone(a.Dims()), tensor.BuildOptions{Coalesced: true})
	} else {
		lv := a.Levels()[1]
		r, err = tensor.NewCompressed(a.Layout(), dtype.CopyArray(lv.Pos), dtype.CopyArray(lv.Crd), vals, slices.Clone(a.Dims()), tensor.BuildOptions{})
	}
	require.NoError(t, err)
	r, err = tensor.WithFill(r, tensor.ScalarBytes(a.DType(), dtype.Complex128Scalar(fill)))
	require.NoError(t, err)
	return r
}

// The merges allocate their result plus O(rows) (three row pointers in
// COO, none in CSR), no COO copies: add and mul of a 200K-row Laplacian (1M entries)
// and a matrix of another pattern in CSR and COO, in float64, int32 and
// complex128 (a regression through the general path allocates several
// times the result and fails); the one-pass merges (add in CSR, mul) their
// bound.
func TestMergeAllocatesResultPlusRows(t *testing.T) {
	for _, l := range []tensor.Layout{tensor.CSR, tensor.COO} {
		for _, d := range []dtype.DType{dtype.Float64, dtype.Int32, dtype.Complex128} {
			x, err := convert.ToDType(benchLaplacian(t, 447, l), d)
			require.NoError(t, err)
			y, err := convert.ToDType(benchShifted(t, 447, l), d)
			require.NoError(t, err)
			for _, op := range []string{"add", "mul"} {
				got, r := allocatedBy(t, func() (*tensor.Tensor, error) {
					return BinaryByName(op, TensorOperand(x), TensorOperand(y), BinaryArgs{})
				})
				// A CSR merge's row pointer is its result's. A COO merge
				// allocates three beyond its result: one per operand (its
				// rows' starts) and the merge's, which the two passes (add)
				// fill with the rows' counts and the one pass (mul) with
				// its offsets, and from which the result's row indices are
				// written.
				rowPointers := uint64(0)
				if l == tensor.COO {
					rowPointers = 3
				}
				limit := resultBytes(r) + rowPointers*8*uint64(x.Dims()[0]+1) + 256<<10
				if r.NNZ() > 0 && (op == "mul" || l == tensor.CSR) {
					// The one-pass merges fill arrays of their bound, the unused
					// tail past the result added: a CSR add nnz(x) + nnz(y)
					// entries (at most 4/3 of the result: it runs only where
					// under a quarter of the entries meet), mul min(nnz(x),
					// nnz(y)) (at most twice the result: it runs only where the
					// sample fills half of it). A COO add takes the two passes:
					// its result only.
					var idxBytes int
					if l == tensor.COO {
						idxBytes = len(r.Indices().Data)
					} else {
						idxBytes = len(r.Levels()[1].Crd.Data)
					}
					entries := x.NNZ() + y.NNZ()
					if op == "mul" {
						entries = min(x.NNZ(), y.NNZ())
					}
					limit += uint64(max(entries-r.NNZ(), 0)) * uint64(idxBytes/int(r.NNZ())+d.Size())
				}
				require.LessOrEqual(t, got, limit, "%s %s %s: %d bytes allocated, limit %d", l, d, op, got, limit)
			}
		}
	}
}

// A COO add allocates its result plus three row pointers (one an operand, one the merge's): the two
// passes, no one-pass bound's unused tail (4.8 MB more here in float64).
func TestCOOAddAllocatesResultPlusRowPointers(t *testing.T) {
	for _, d := range []dtype.DType{dtype.Float64, dtype.Int32, dtype.Complex128} {
		x, err := convert.ToDType(benchLaplacian(t, 447, tensor.COO), d)
		require.NoError(t, err)
		y, err := convert.ToDType(benchShifted(t, 447, tensor.COO), d)
		require.NoError(t, err)
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) {
			return BinaryByName("add", TensorOperand(x), TensorOperand(y), BinaryArgs{})
		})
		limit := resultBytes(r) + 3*8*uint64(x.Dims()[0]+1) + 256<<10
		require.LessOrEqual(t, got, limit, "%s: %d bytes allocated, limit %d", d, got, limit)
	}
}

// A mul of two random 200K-row CSR matrices of 1M entries each whose
// patterns never meet (a's columns even, b's odd: the result is empty)
// allocates its result plus O(rows), with int32 and int64 indices: arrays
// sized by a bound on the result (the union nnz(a) + nnz(b), or the
// intersection bound min(nnz(a), nnz(b)), 12-16 bytes an entry against the
// 16 a row allowed) fail it.
func TestMergeMulDisjointAllocatesResultPlusRows(t *testing.T) {
	const rows, nnz = 200000, 1000000
	random := func(seed uint64, parity int64, w int) *tensor.Tensor {
		rng := rand.New(rand.NewPCG(seed, 3))
		r, c := make([]int64, nnz), make([]int64, nnz)
		for i := range r {
			r[i], c[i] = rng.Int64N(rows), 2*rng.Int64N(rows/2)+parity
		}
		v := make([]float64, nnz)
		for i := range v {
			v[i] = rng.Float64() + 0.5
		}
		coo, err := tensor.NewCOO(dtype.Int64Array(append(r, c...), 2, nnz), dtype.Float64Array(v), []int64{rows, rows}, tensor.BuildOptions{})
		require.NoError(t, err)
		csr, err := convert.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
		require.NoError(t, err)
		csr, err = convert.ToIndexWidth(csr, w)
		require.NoError(t, err)
		return csr
	}
	for _, w := range []int{32, 64} {
		x, y := random(1, 0, w), random(2, 1, w)
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) {
			return BinaryByName("mul", TensorOperand(x), TensorOperand(y), BinaryArgs{})
		})
		require.Zero(t, r.NNZ())
		limit := resultBytes(r) + 2*8*rows + 256<<10
		require.LessOrEqual(t, got, limit, "i%d disjoint mul: %d bytes allocated, limit %d", w, got, limit)
	}
}
