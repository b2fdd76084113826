package kernels

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// deltaLengths returns a delta(8) matrix of cols 200 whose rows have every
// length 0..33 three times over (random distinct columns, so every gap is
// below 256), as CSR and as its gaps.
func deltaLengths[I Index, V Number](seed uint64) (csr, delta CSR[I, V]) {
	rng := rand.New(rand.NewPCG(seed, 7))
	rows := 3 * 34
	csr = CSR[I, V]{Rows: rows, Cols: 200, Ptr: make([]I, rows+1)}
	for i := range rows {
		cols := rng.Perm(200)[:i%34]
		slices.Sort(cols)
		for _, c := range cols {
			csr.Idx = append(csr.Idx, I(c))
			csr.Val = append(csr.Val, fromParts[V](rng.NormFloat64(), rng.NormFloat64()))
		}
		csr.Ptr[i+1] = I(len(csr.Idx))
	}
	delta = csr
	delta.Idx = slices.Clone(csr.Idx)
	for i := range rows {
		prev := I(-1)
		for p := csr.Ptr[i]; p < csr.Ptr[i+1]; p++ {
			delta.Idx[p] = csr.Idx[p] - prev - 1
			prev = csr.Idx[p]
		}
	}
	return csr, delta
}

// checkDeltaProducts: SpMMDelta of deltaLengths with k = 1, 3 and 8 columns
// equals SpMV / SpMM of the same rows as CSR, bit for bit where both run
// the same row kernels (k > 1: the decoded blocks go through SpMM's; k = 1
// with the AVX-512 kernel: it sums in the CSR kernel's order), and so does every row range the vector kernel starts at (any
// entry offset, so unaligned loads).
func checkDeltaProducts[I Index, V Number](t *testing.T, name string) {
	setKnobs(t, 1<<62, 0)
	csr, delta := deltaLengths[I, V](36)
	for _, k := range []int{1, 3, 8, 12, 40} {
		b := make([]V, csr.Cols*k)
		for i := range b {
			b[i] = fromParts[V](float64(i%13)-6.5, float64(i%5))
		}
		want := make([]V, csr.Rows*k)
		require.NoError(t, SpMM(2, csr, b, k, 0, want))
		got := slices.Repeat([]V{fromParts[V](99, 0)}, csr.Rows*k)
		require.NoError(t, SpMMDelta(2, delta, 8, b, k, got))
		if k > 1 || deltaMVChecksPtr[I, V]() {
			require.Equal(t, want, got, "%s k=%d", name, k)
		} else { // the Go decode sums in pairs, SpMV's kernels otherwise
			require.InDeltaSlice(t, realsOf(want), realsOf(got), 1e-3, "%s k=%d", name, k)
		}
	}
	x := make([]V, csr.Cols)
	for i := range x {
		x[i] = fromParts[V](float64(i%13)-6.5, float64(i%5))
	}
	want := make([]V, csr.Rows)
	require.NoError(t, SpMV(1, csr, x, 0, want))
	for lo := range 40 {
		for _, hi := range []int{lo, lo + 1, lo + 37, csr.Rows} {
			got := make([]V, csr.Rows)
			bad, ok := deltaRowsMVSIMD(1, delta, 255, x, got, lo, hi)
			if !ok {
				require.Equal(t, -1, deltaRowsMV(1, delta, 255, x, got, lo, hi))
				require.InDeltaSlice(t, realsOf(want[lo:hi]), realsOf(got[lo:hi]), 1e-4, "%s rows %d..%d", name, lo, hi)
				continue
			}
			require.Equal(t, -1, bad)
			require.Equal(t, want[lo:hi], got[lo:hi], "%s rows %d..%d", name, lo, hi)
			require.Equal(t, make([]V, lo), got[:lo], "%s: a row before the range written", name)
		}
	}
}

// realPart returns the real part of v as float64.
func realPart[V Number](v V) float64 {
	switch e := any(v).(type) {
	case float32:
		return float64(e)
	case float64:
		return e
	case complex64:
		return float64(real(e))
	case complex128:
		return real(e)
	}
	panic("realPart: not a float or complex type")
}

// realsOf returns the real parts of v as float64 (for InDeltaSlice).
func realsOf[V Number](v []V) []float64 {
	out := make([]float64, len(v))
	for i, e := range v {
		out[i] = realPart(e)
	}
	return out
}

// TestSpMMDeltaMatchesCSR: the delta kernels against CSR's on every row
// length 0..33 (the assembly's 8-lane pieces, full and partial), float32,
// float64 and complex128 values, int32 and int64 indices.
func TestSpMMDeltaMatchesCSR(t *testing.T) {
	checkDeltaProducts[int32, float64](t, "f64/i32")
	checkDeltaProducts[int64, float64](t, "f64/i64")
	checkDeltaProducts[int32, float32](t, "f32/i32")
	checkDeltaProducts[int64, complex128](t, "c128/i64")
	checkDeltaProducts[int32, complex128](t, "c128/i32")
}

// TestSpMMDeltaNamesBadRow: a gap above 2^8-1, a negative gap or a column
// past Cols at every place of every row length is an error naming that row,
// with k = 1 (the fused vector kernel) and k = 8 (the decode), int32 and
// int64; so is a row pointer that decreases, for the vector kernel at the
// start of a row range too.
func TestSpMMDeltaNamesBadRow(t *testing.T) {
	setKnobs(t, 1<<62, 0)
	check := func(name string, a CSR[int64, float64], want string) {
		for _, k := range []int{1, 8} {
			err := SpMMDelta(1, a, 8, make([]float64, a.Cols*k), k, make([]float64, a.Rows*k))
			require.ErrorContains(t, err, want, "%s k=%d", name, k)
			a32 := CSR[int32, float64]{Rows: a.Rows, Cols: a.Cols, Ptr: make([]int32, len(a.Ptr)), Idx: make([]int32, len(a.Idx)), Val: a.Val}
			for i, p := range a.Ptr {
				a32.Ptr[i] = int32(p)
			}
			for i, g := range a.Idx {
				a32.Idx[i] = int32(g)
			}
			err = SpMMDelta(1, a32, 8, make([]float64, a.Cols*k), k, make([]float64, a.Rows*k))
			require.ErrorContains(t, err, want, "%s k=%d int32", name, k)
		}
	}
	_, delta := deltaLengths[int64, float64](5)
	for i := range delta.Rows {
		for p := delta.Ptr[i]; p < delta.Ptr[i+1]; p++ {
			for what, g := range map[string]int64{"gap 256": 256, "gap -1": -1, "gap 2^31": 1 << 31, "past Cols": 199} {
				a := delta
				a.Idx = slices.Clone(delta.Idx)
				a.Idx[p] = g
				if what == "past Cols" && p == delta.Ptr[i] {
					a.Idx[p] = 200 // the first column: its gap alone
				}
				check(fmt.Sprintf("%s at row %d entry %d", what, i, p), a, fmt.Sprintf("row %d:", i))
			}
		}
	}
	for _, r := range []int{1, 40, 77} {
		a := delta
		a.Ptr = slices.Clone(delta.Ptr)
		a.Ptr[r] = a.Ptr[r-1] - 1
		// Both the vector kernel and the blocks of the decode name the row
		// that ends before it starts.
		for _, k := range []int{1, 8} {
			err := SpMMDelta(1, a, 8, make([]float64, a.Cols*k), k, make([]float64, a.Rows*k))
			require.ErrorContains(t, err, fmt.Sprintf("row %d:", r-1), "Ptr[%d] below Ptr[%d], k=%d", r, r-1, k)
		}
	}
}
