package kernels

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// transposeInput is a random compressed matrix of m outer segments over
// nInner inner indices (some segments empty, each sorted), int32.
func transposeInput(m int, nInner int64, seed uint64) (ptr, idx []int32, val []uint64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	ptr = make([]int32, m+1)
	for o := range m {
		k := rng.IntN(9)
		row := make([]int32, 0, k)
		for range k {
			row = append(row, rng.Int32N(int32(nInner)))
		}
		slices.Sort(row)
		idx = append(idx, slices.Compact(row)...)
		ptr[o+1] = int32(len(idx))
	}
	val = make([]uint64, len(idx))
	for k := range val {
		val[k] = rng.Uint64()
	}
	return ptr, idx, val
}

// TestTransposeCompressedParallel: the row ranges on the workers give the
// serial counting transpose's arrays exactly (the same stable order), for
// one to three ranges with uneven and empty ones, a sub-range of the
// pointers (base > 0), and the first bad index in storage order.
func TestTransposeCompressedParallel(t *testing.T) {
	ptr, idx, val := transposeInput(3000, 500, 7)
	setKnobs(t, 1<<62, 0) // serial
	want, err := TransposeCompressed(ptr, idx, val, 500)
	require.NoError(t, err)
	sub, err := TransposeCompressed(ptr[1000:2001], idx, val, 500)
	require.NoError(t, err)
	for _, workers := range []int{2, 3, 7} {
		setKnobs(t, 1, workers)
		require.Greater(t, transposeParts(len(idx), 500), 1)
		got, err := TransposeCompressed(ptr, idx, val, 500)
		require.NoError(t, err)
		require.Equal(t, want, got, "workers %d", workers)
		got, err = TransposeCompressed(ptr[1000:2001], idx, val, 500)
		require.NoError(t, err)
		require.Equal(t, sub, got, "workers %d, rows 1000-2000", workers)
		bad := slices.Clone(idx)
		bad[len(bad)-2], bad[len(bad)/3] = 500, 501
		_, err = TransposeCompressed(ptr, bad, val, 500)
		require.ErrorContains(t, err, "idx[", "workers %d", workers)
		require.ErrorContains(t, err, "] = 501: must be in [0, 500)")
	}
}

// BenchmarkTransposeCompressed: CSR -> CSC of the 1M-row 5-point Laplacian
// (5M entries, int32, 8-byte values), the csr_to_csc row's kernel
// (-cpu 1,2: serial and two ranges).
func BenchmarkTransposeCompressed(b *testing.B) {
	const g = 1000
	ptr := make([]int32, g*g+1)
	var idx []int32
	for r := range int32(g * g) {
		for _, c := range []int32{r - g, r - 1, r, r + 1, r + g} {
			if c >= 0 && c < g*g && (c/g == r/g || c == r-g || c == r+g) {
				idx = append(idx, c)
			}
		}
		ptr[r+1] = int32(len(idx))
	}
	val := make([]uint64, len(idx))
	b.SetBytes(int64(len(idx)) * 12)
	for b.Loop() {
		if _, err := TransposeCompressed(ptr, idx, val, g*g); err != nil {
			b.Fatal(err)
		}
	}
}
