package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSpMMDCSR: a DCSR matrix (a CSR of its stored rows, rows naming them)
// times 1 to 17 columns equals the dense product of its rows scattered
// into the result, with the rows no stored row names zero whatever C
// held, for every value type and both index widths; the parallel split
// (threshold 1, three workers) is bit-identical to the serial run; every
// row stored is SpMM's answer bit for bit.
func TestSpMMDCSR(t *testing.T) {
	eachSuite(t, func(s kernelSuite, t *testing.T) {
		switch s.(type) {
		case suite[int32, float64]:
			testSpMMDCSR[int32, float64](t)
		case suite[int64, float64]:
			testSpMMDCSR[int64, float64](t)
		case suite[int32, float32]:
			testSpMMDCSR[int32, float32](t)
		case suite[int64, float32]:
			testSpMMDCSR[int64, float32](t)
		case suite[int32, complex128]:
			testSpMMDCSR[int32, complex128](t)
		case suite[int64, int64]:
			testSpMMDCSR[int64, int64](t)
		default:
			t.Skip("covered by the other type pairs")
		}
	})
}

func testSpMMDCSR[I Index, V Number](t *testing.T) {
	r := rand.New(rand.NewPCG(36, 1))
	for _, c := range []struct {
		name string
		m    int
		rows []int
	}{
		{"none", 6, nil},
		{"gaps", 9, []int{1, 2, 3, 6, 8}},
		{"first-rows", 7, []int{0, 1, 2}},
		{"last-rows", 7, []int{4, 5, 6}},
		{"every", 5, []int{0, 1, 2, 3, 4}},
		{"sparse-long", 400, sparseRows(r, 400)},
	} {
		a := genCSR[I, V](r, csrCase{rows: len(c.rows), cols: 13, maxPerRow: 9, offset: 2})
		rows := make([]I, len(c.rows))
		for q, i := range c.rows {
			rows[q] = I(i)
		}
		// The dense matrix of m rows holding a's rows at rows.
		dense := make([]V, c.m*a.Cols)
		da := denseOf(a)
		for q, i := range c.rows {
			copy(dense[i*a.Cols:(i+1)*a.Cols], da[q*a.Cols:(q+1)*a.Cols])
		}
		for _, k := range []int{1, 2, 3, 4, 8, 9, 16, 17} {
			b := randVec[V](r, a.Cols*k)
			alpha := fromParts[V](2, 0.5)
			want := refGEMM(alpha, dense, b, c.m, a.Cols, k, 0, nil)
			var serial []V
			for _, workers := range []int{0, 3} {
				if workers == 0 {
					setKnobs(t, 1<<62, 0)
				} else {
					setKnobs(t, 1, workers)
				}
				got := randVec[V](r, c.m*k) // stale contents the kernel must ignore
				require.NoError(t, SpMMDCSR(alpha, rows, a, c.m, b, k, got))
				assertClose(t, want, got, c.name)
				if serial == nil {
					serial = got
				} else {
					require.Equal(t, serial, got, "%s, %d columns: the parallel split changed bits", c.name, k)
				}
			}
			if len(c.rows) == c.m {
				plain := make([]V, c.m*k)
				require.NoError(t, SpMM(alpha, a, b, k, 0, plain))
				require.Equal(t, plain, serial, "%s, %d columns", c.name, k)
			}
		}
	}
}

// sparseRows returns about a third of [0, m) in order, in runs and gaps.
func sparseRows(r *rand.Rand, m int) []int {
	var rows []int
	for i := 0; i < m; i++ {
		if r.IntN(3) == 0 {
			rows = append(rows, i)
		}
	}
	return rows
}

// TestSpMMDCSRRefusesBadRows: rows out of order, repeated, negative or past
// m, and a short c, are refused naming the argument, c untouched.
func TestSpMMDCSRRefusesBadRows(t *testing.T) {
	a := CSR[int64, float64]{Rows: 2, Cols: 3, Ptr: []int64{0, 2, 3}, Idx: []int64{0, 2, 1}, Val: []float64{1, 2, 3}}
	b := make([]float64, 3*2)
	for _, rows := range [][]int64{{4, 1}, {1, 6}, {-1, 2}, {2, 2}, {1}} {
		c := []float64{9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9}
		require.ErrorContains(t, SpMMDCSR(1, rows, a, 6, b, 2, c), "rows", "%v", rows)
		require.Equal(t, []float64{9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9}, c)
	}
	require.ErrorContains(t, SpMMDCSR(1, []int64{1, 4}, a, 6, b, 2, make([]float64, 11)), "c")
}
