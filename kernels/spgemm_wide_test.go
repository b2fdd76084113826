package kernels

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSpGEMMWideOutput checks that int32 operands with int64 output
// indices (SpGEMMBoundedTo) give the int32 product's entries, widened, bit
// for bit: through the C loops and the Go loops, with dense accumulators
// and by sorting, for rows of every kind (scanned, insertion-sorted,
// merged from runs, Shell-sorted, sorted by Go after C lists them).
func TestSpGEMMWideOutput(t *testing.T) {
	t.Run("float64", testSpGEMMWideOutput[float64])
	t.Run("float32", testSpGEMMWideOutput[float32])
	t.Run("int32", testSpGEMMWideOutput[int32]) // Go loops only
}

func testSpGEMMWideOutput[V Number](t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	pairs := []struct {
		name string
		a, b csrCase
	}{
		{"merged runs", csrCase{rows: 40, cols: 100, maxPerRow: 100}, csrCase{rows: 100, cols: 400000, maxPerRow: 10}},
		{"shell-sorted", csrCase{rows: 50, cols: 100, maxPerRow: 8, dup: true}, csrCase{rows: 100, cols: 20000, maxPerRow: 10, dup: true}},
		{"sorted by Go", csrCase{rows: 3, cols: 100, maxPerRow: 100}, csrCase{rows: 100, cols: 400000, maxPerRow: 160, dup: true}},
		{"narrow", csrCase{rows: 300, cols: 50, maxPerRow: 9, offset: 2}, csrCase{rows: 50, cols: 60, maxPerRow: 7, unsorted: true}},
	}
	for _, p := range pairs {
		a := genCSR[int32, V](r, p.a)
		b := genCSR[int32, V](r, p.b)
		for _, sorting := range []bool{false, true} {
			spgemmModes(t, func(t *testing.T) {
				if sorting {
					old := spgemmDenseAccMax
					spgemmDenseAccMax = -1 << 62 // every product by expand-sort-compress
					t.Cleanup(func() { spgemmDenseAccMax = old })
				}
				name := fmt.Sprintf("%s (sorting %v)", p.name, sorting)
				want, err := SpGEMM(a, b, nil)
				require.NoError(t, err, name)
				got, err := SpGEMMBoundedTo[int32, int64](a, b, func(int64, SpGEMMBound) error { return nil })
				require.NoError(t, err, name)
				require.Equal(t, widen(want.Ptr), got.Ptr, name)
				require.Equal(t, widen(want.Idx), got.Idx, name)
				require.Equal(t, toBits(want.Val), toBits(got.Val), name)
			})
		}
	}
}
