package kernels

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/kernels/internal/native"
)

// spgemmModes runs f (under modes) with SpGEMM's C row loops and with its
// Go loops, so that both are checked where cgo is built in; without cgo,
// only the Go loops exist.
func spgemmModes(t *testing.T, f func(t *testing.T)) {
	paths := []bool{false}
	if native.Available {
		paths = append(paths, true)
	}
	for _, on := range paths {
		t.Run(map[bool]string{true: "native", false: "go"}[on], func(t *testing.T) {
			old := useNativeSpGEMM
			useNativeSpGEMM = on
			t.Cleanup(func() { useNativeSpGEMM = old })
			modes(t, f)
		})
	}
}

// withNative sets useNativeSpGEMM for the rest of the test.
func withNative(t *testing.T, on bool) {
	old := useNativeSpGEMM
	useNativeSpGEMM = on
	t.Cleanup(func() { useNativeSpGEMM = old })
}

func TestSpGEMMNativeSameBits(t *testing.T) {
	t.Run("float64/int32", testSpGEMMNativeSameBits[int32, float64])
	t.Run("float64/int64", testSpGEMMNativeSameBits[int64, float64])
	t.Run("float32/int32", testSpGEMMNativeSameBits[int32, float32])
	t.Run("float32/int64", testSpGEMMNativeSameBits[int64, float32])
}

// testSpGEMMNativeSameBits checks that the C and Go loops give the same
// bits: values are small integers plus a binary fraction, so every sum is
// exact and fusing a multiply-add (which Go may do on some targets) cannot
// change it. Rows of every kind: short, narrow, long and wide (sorted by C
// or, longer, by Go after C lists them), empty.
func testSpGEMMNativeSameBits[I Index, V Number](t *testing.T) {
	if !native.Available {
		t.Log("built without cgo: only the Go loops exist")
		return
	}
	r := rand.New(rand.NewPCG(41, 42))
	exact := func(m CSR[I, V]) CSR[I, V] {
		for i := range m.Val {
			m.Val[i] = fromParts[V](float64(r.IntN(9)-4)+0.5*float64(r.IntN(2)), 0)
		}
		return m
	}
	cases := append(csrCases,
		csrCase{name: "long-wide", rows: 12, cols: 150, maxPerRow: 120, dup: true, unsorted: true},
		csrCase{name: "long-narrow", rows: 50, cols: 40, maxPerRow: 40},
		csrCase{name: "2000x300", rows: 2000, cols: 300, maxPerRow: 9, offset: 4})
	sameBits := func(t *testing.T, a, b CSR[I, V], name string) {
		withNative(t, false)
		want, err := SpGEMM(a, b, nil)
		require.NoError(t, err)
		withNative(t, true)
		got, err := SpGEMM(a, b, nil)
		require.NoError(t, err)
		require.Equal(t, want.Ptr, got.Ptr, name)
		require.Equal(t, want.Idx, got.Idx, name)
		require.Equal(t, toBits(want.Val), toBits(got.Val), name)
	}
	// Rows of C too wide for the scan of the tags: some 40-80 columns
	// spread over 20000 (C's merge of runs), and some 8000 over 400000
	// (more than C sorts: Go's sort).
	sameBits(t, exact(genCSR[I, V](r, csrCase{rows: 50, cols: 100, maxPerRow: 8, dup: true})),
		exact(genCSR[I, V](r, csrCase{rows: 100, cols: 20000, maxPerRow: 10, dup: true})), "shell-sorted rows")
	// Rows of C of up to 1000 columns made of up to 100 sorted runs (the
	// rows of B): merged by C up to 64 runs, Shell-sorted past that.
	sameBits(t, exact(genCSR[I, V](r, csrCase{rows: 40, cols: 100, maxPerRow: 100})),
		exact(genCSR[I, V](r, csrCase{rows: 100, cols: 400000, maxPerRow: 10})), "rows merged from runs")
	full := CSR[I, V]{Rows: 2, Cols: 100, Ptr: []I{0, 100, 103}, Idx: make([]I, 103), Val: make([]V, 103)}
	for k := range 100 {
		full.Idx[k] = I(k)
	}
	full.Idx[100], full.Idx[101], full.Idx[102] = 7, 50, 99
	sameBits(t, exact(full), exact(genCSR[I, V](r, csrCase{rows: 100, cols: 400000, maxPerRow: 160, dup: true})),
		"rows sorted by Go")
	modes(t, func(t *testing.T) {
		for _, c := range cases {
			a := exact(genCSR[I, V](r, c))
			for _, n := range []int{0, 1, 7, 64, 3000} {
				b := exact(genCSR[I, V](r, csrCase{rows: a.Cols, cols: n, maxPerRow: min(n, 40), dup: c.dup, unsorted: true, offset: 1}))
				sameBits(t, a, b, fmt.Sprintf("%s, %d columns", c.name, n))
			}
		}
	})
}

// TestSpGEMMNativeBadPattern breaks A's or B's pattern in each way that the
// C loops check, in a row past the first: each must stop them with a panic
// that names the row (the Go loops' bounds checks panic too), rather than
// read or write out of range.
func TestSpGEMMNativeBadPattern(t *testing.T) {
	if !native.Available {
		t.Log("built without cgo: only the Go loops exist")
		return
	}
	withNative(t, true)
	good := func() CSR[int32, float64] {
		return CSR[int32, float64]{Rows: 3, Cols: 3, Ptr: []int32{0, 2, 4, 6},
			Idx: []int32{0, 1, 1, 2, 0, 2}, Val: []float64{1, 2, 3, 4, 5, 6}}
	}
	// B's row 1 is combined first by C's row 0 (A's row 0 holds {0, 1}).
	cases := []struct {
		name   string
		row    int // the row of C at which the symbolic phase stops
		breakA func(a *CSR[int32, float64])
		breakB func(b *CSR[int32, float64])
	}{
		{"a column past the end", 1, func(a *CSR[int32, float64]) { a.Idx[3] = 3 }, nil},
		{"a negative column", 1, func(a *CSR[int32, float64]) { a.Idx[3] = -1 }, nil},
		{"a row pointer going back", 1, func(a *CSR[int32, float64]) { a.Ptr[1] = 5 }, nil},
		{"a row pointer past the indices", 1, func(a *CSR[int32, float64]) { a.Ptr[2] = 7 }, nil},
		{"b column past the end", 0, nil, func(b *CSR[int32, float64]) { b.Idx[2] = 7 }},
		{"b negative column", 0, nil, func(b *CSR[int32, float64]) { b.Idx[3] = -4 }},
		{"b row pointer going back", 0, nil, func(b *CSR[int32, float64]) { b.Ptr[2] = 1 }},
		{"b row pointer past the indices", 0, nil, func(b *CSR[int32, float64]) { b.Ptr[2] = 7 }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, b := good(), good()
			if c.breakA != nil {
				c.breakA(&a)
			}
			if c.breakB != nil {
				c.breakB(&b)
			}
			want := fmt.Sprintf("kernels: SpGEMM: row %d: column index or row pointer out of range, "+
				"or a pattern other than the symbolic phase's", c.row)
			require.PanicsWithValue(t, want, func() { _, _ = SpGEMM(a, b, nil) })
			// The symbolic phase's loop stops by itself.
			require.PanicsWithValue(t, want, func() {
				plan, err := spgemmQuickPlan("test", a, b, func(int64, SpGEMMBound) error { return nil })
				require.NoError(t, err)
				spgemmCount(plan, a, b)
			})
			// And the numeric phase's loop, given a plan from a good pattern.
			plan, err := SpGEMMSymbolic(good(), good())
			require.NoError(t, err)
			require.PanicsWithValue(t, want, func() { _ = SpGEMMNumeric(a, b, plan, newSpGEMMOutput(plan)) })
		})
	}
	// A column of A past B's rows, where the memory after B's row pointer
	// reads as an empty row, and a plan that expects row 1's two entries:
	// only the check of A's column stops the numeric loop (and the count's).
	t.Run("a column past b's rows, an empty row beyond", func(t *testing.T) {
		planned := good()
		planned.Idx[3] = 1 // row 1 holds {1, 1}: 2 columns of C
		plan, err := SpGEMMSymbolic(planned, good())
		require.NoError(t, err)
		a := good()
		a.Idx[3] = 3 // row 1 holds {1, 3}: B's row 1 (2 columns), then no row
		b := good()
		b.Ptr = append(b.Ptr, 6)[:4] // b.Ptr[4], past the slice, reads 6: an empty row 3
		require.PanicsWithValue(t, badRow1, func() { _ = SpGEMMNumeric(a, b, plan, newSpGEMMOutput(plan)) })
		// Nor would anything else stop the count's loop.
		require.PanicsWithValue(t, badRow1, func() {
			plan, err := spgemmQuickPlan("test", a, b, func(int64, SpGEMMBound) error { return nil })
			require.NoError(t, err)
			spgemmCount(plan, a, b)
		})
	})
	// The numeric loop reads values only as far as the shorter of Idx and
	// Val: here row 1 reaches index 6 of A, which has 7 indices, 6 values.
	t.Run("a row pointer past the values", func(t *testing.T) {
		plan, err := SpGEMMSymbolic(good(), good())
		require.NoError(t, err)
		a := good()
		a.Ptr[2], a.Idx = 7, append(a.Idx, 0)
		require.PanicsWithValue(t, badRow1, func() {
			_ = SpGEMMNumeric(a, good(), plan, newSpGEMMOutput(plan))
		})
	})
	// A pattern that changed after the symbolic phase, to one with more or
	// fewer entries in a row: the numeric loop must neither write past the
	// row nor leave entries of C unwritten.
	fewer := good()
	fewer.Idx[3] = 1 // row 1 holds {1, 1}: 2 columns of C instead of 3
	for _, c := range []struct {
		name          string
		planned, used CSR[int32, float64]
	}{
		{"more", fewer, good()},
		{"fewer", good(), fewer},
	} {
		plan, err := SpGEMMSymbolic(c.planned, good())
		require.NoError(t, err)
		require.PanicsWithValue(t, badRow1, func() {
			_ = SpGEMMNumeric(c.used, good(), plan, newSpGEMMOutput(plan))
		}, c.name)
	}
}

// badRow1 is the panic of the C loops for row 1.
const badRow1 = "kernels: SpGEMM: row 1: column index or row pointer out of range, " +
	"or a pattern other than the symbolic phase's"

// newSpGEMMOutput allocates C for a plan.
func newSpGEMMOutput(plan *SpGEMMPlan) CSR[int32, float64] {
	return CSR[int32, float64]{Rows: plan.Rows, Cols: plan.Cols, Ptr: make([]int32, plan.Rows+1),
		Idx: make([]int32, plan.NNZ), Val: make([]float64, plan.NNZ)}
}
