package linalg

import (
	"math"
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// batchedBandDense is a dense (nb, m, k) tensor of dtype d whose batch b
// holds small integers (exact in float32) on the diagonals j - i in
// {-1 - b%2, 0, b + 1}: each batch its own diagonals.
func batchedBandDense(t testing.TB, d dtype.DType, nb, m, k int64) *tensor.Tensor {
	a := dtype.NewArray(dtype.Float64, []int64{nb, m, k})
	v := dtype.AsSlice[float64](a)
	for b := range nb {
		for _, off := range []int64{-1 - b%2, 0, b + 1} {
			for i := max(0, -off); i < m && i+off < k; i++ {
				v[(b*m+i)*k+i+off] = float64((i+b+off)%5 + 1)
			}
		}
	}
	r, err := tensor.NewStrided(a)
	require.NoError(t, err)
	if d != dtype.Float64 {
		r, err = convert.ToDType(r, d)
		require.NoError(t, err)
	}
	return r
}

// asBatchedDIA stores dense in format f with level arrays of width w
// (int32 through WrapFormat over narrowed copies of ToFormat's arrays).
func asBatchedDIA(t testing.TB, dense *tensor.Tensor, f format.Format, w int) *tensor.Tensor {
	a, err := convert.ToFormat(dense, f)
	require.NoError(t, err)
	if w == 64 {
		return a
	}
	u, err := a.USTStorage()
	require.NoError(t, err)
	narrow := func(xs []dtype.Array) []dtype.Array {
		out := make([]dtype.Array, len(xs))
		for l, x := range xs {
			if len(x.Data) == 0 {
				out[l] = x
				continue
			}
			v := make([]int32, x.Numel())
			for i := range v {
				v[i] = int32(x.Index(int64(i)))
			}
			out[l] = dtype.Int32Array(v)
		}
		return out
	}
	r, err := convert.WrapFormat(f, dense.Dims(), narrow(u.Pos), narrow(u.Crd), u.Values)
	require.NoError(t, err)
	ur, err := r.USTStorage()
	require.NoError(t, err)
	for _, c := range ur.Crd {
		if len(c.Data) > 0 {
			require.Equal(t, dtype.Int32, c.DType, "the offsets stay int32")
		}
	}
	return r
}

// TestBatchedDIABmmMatchesDense: bmm (and matmul, and its plan) on a batched
// DIA-I, uniform and not, float64 and float32, int32 and int64 levels,
// takes kernels.SpMMDIA per batch and equals the product of the dense form.
func TestBatchedDIABmmMatchesDense(t *testing.T) {
	const nb, m, k, n = 3, 9, 7, 5
	for _, f := range []format.Format{format.BatchedDIAINonUniform(), format.BatchedDIAIUniform()} {
		for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
			for _, w := range []int{32, 64} {
				dense := batchedBandDense(t, d, nb, m, k)
				a := asBatchedDIA(t, dense, f, w)
				b := batchedBandDense(t, d, nb, k, n)
				want, err := Bmm(dense, b)
				require.NoError(t, err)
				seen := traceRoute(t)
				got, err := Bmm(a, b)
				require.NoError(t, err)
				requireEqualTensors(t, want, got, "bmm %s %s width %d", f, d, w)
				got, err = Matmul(a, b)
				require.NoError(t, err)
				requireEqualTensors(t, want, got, "matmul %s %s width %d", f, d, w)
				require.Equal(t, []string{routeKernels[routeBatchedDIA], routeKernels[routeBatchedDIA]}, *seen, "%s %s width %d", f, d, w)
				p, err := PlanMatmul(a, b)
				require.NoError(t, err)
				require.Equal(t, routeKernels[routeBatchedDIA], p.Kernel)
			}
		}
	}
}

// TestBatchedDIABmmAllocatesOnlyItsOutput: the batches run on views of the
// storage, so bmm allocates its (B, m, n) result and little else (the COO
// path builds the entries and a block-diagonal copy).
func TestBatchedDIABmmAllocatesOnlyItsOutput(t *testing.T) {
	const nb, m, n = 4, 3000, 4
	for _, f := range []format.Format{format.BatchedDIAINonUniform(), format.BatchedDIAIUniform()} {
		a := asBatchedDIA(t, batchedBandDense(t, dtype.Float64, nb, m, m), f, 64)
		b := batchedBandDense(t, dtype.Float64, nb, m, n)
		_, err := Bmm(a, b) // warm up
		require.NoError(t, err)
		// The fewest bytes of three calls: TotalAlloc counts every
		// goroutine's allocations, and on a loaded machine another test's
		// or the runtime's can land inside one call's window.
		least := uint64(math.MaxUint64)
		for range 3 {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err = Bmm(a, b)
			runtime.ReadMemStats(&after)
			require.NoError(t, err)
			least = min(least, after.TotalAlloc-before.TotalAlloc)
		}
		out := uint64(nb * m * n * 8)
		require.LessOrEqual(t, least, out+64<<10, "bmm on %s allocated beyond its %d-byte output", f, out)
	}
}

// TestBatchedDIABmmEmptyShapes: a batched DIA-I with an empty dim (no
// diagonals, fewer value slots than batches times the stride) multiplies to
// the dense form's (empty or zero) product instead of slicing past its
// values (a proptest case: (2, 1, 0) @ (2, 0, 3) panicked).
func TestBatchedDIABmmEmptyShapes(t *testing.T) {
	for _, f := range []format.Format{format.BatchedDIAINonUniform(), format.BatchedDIAIUniform()} {
		for _, dims := range [][4]int64{{2, 1, 0, 3}, {3, 0, 2, 2}, {2, 2, 2, 0}} {
			nb, m, k, n := dims[0], dims[1], dims[2], dims[3]
			dense := batchedBandDense(t, dtype.Float64, nb, m, k)
			a, err := convert.ToFormat(dense, f)
			require.NoError(t, err, "%s %v", f, dims)
			b := batchedBandDense(t, dtype.Float64, nb, k, n)
			want, err := Bmm(dense, b)
			require.NoError(t, err)
			got, err := Bmm(a, b)
			require.NoError(t, err, "%s %v", f, dims)
			requireEqualTensors(t, want, got, "bmm %s %v", f, dims)
			got, err = Matmul(a, b)
			require.NoError(t, err, "%s %v", f, dims)
			requireEqualTensors(t, want, got, "matmul %s %v", f, dims)
		}
	}
}
