package kernels

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/kernels/cancel"
)

// withToken makes cancel.Current return tok (as the C ABI's thread binding
// does) for the rest of the test.
func withToken(t *testing.T, tok *cancel.Token) {
	restore := cancel.BindAll(tok)
	t.Cleanup(func() {
		restore()
		tok.Release()
	})
}

// spgemmStopped runs C = A*A and returns the cancellation error, or nil
// when the product finished.
func spgemmStopped(a CSR[int32, float64]) (err error) {
	defer cancel.Catch(&err)
	_, err = SpGEMM(a, a, nil)
	return err
}

// A cancel from another goroutine stops SpGEMM, on every path (split or
// serial, dense or sorting accumulator), and the next product works.
func TestSpGEMMCancelled(t *testing.T) {
	for _, c := range []struct {
		name     string
		workers  int
		denseMax int64
	}{{"split", 4, spgemmDenseAccMax}, {"serial", 1, spgemmDenseAccMax}, {"sorting", 2, 0}} {
		t.Run(c.name, func(t *testing.T) {
			setKnobs(t, 1000, c.workers)
			old := spgemmDenseAccMax
			spgemmDenseAccMax = c.denseMax
			t.Cleanup(func() { spgemmDenseAccMax = old })
			tok := cancel.New()
			withToken(t, tok)
			a := genCSR[int32, float64](rand.New(rand.NewPCG(1, 2)), csrCase{rows: 6000, cols: 6000, maxPerRow: 400})

			tok.Cancel()
			require.ErrorIs(t, spgemmStopped(a), cancel.ErrCancelled, "a cancelled token stops the product at once")
			tok.Reset()

			// Some 240M multiply-adds, a quarter of a second at the least:
			// the cancel comes 5 ms in.
			go func() { time.Sleep(5 * time.Millisecond); tok.Cancel() }()
			require.ErrorIs(t, spgemmStopped(a), cancel.ErrCancelled)
			tok.Reset()
			small := genCSR[int32, float64](rand.New(rand.NewPCG(3, 4)), csrCase{rows: 50, cols: 50, maxPerRow: 8})
			got, err := SpGEMM(small, small, nil)
			require.NoError(t, err)
			require.InDeltaSlice(t, denseSquare(small), denseOf(got), 1e-9)
		})
	}
}

// denseSquare is A*A of a square A computed on dense arrays.
func denseSquare(a CSR[int32, float64]) []float64 {
	d, n := denseOf(a), a.Rows
	c := make([]float64, n*n)
	for i := range n {
		for k := range n {
			for j := range n {
				c[i*n+j] += d[i*n+k] * d[k*n+j]
			}
		}
	}
	return c
}

// A product reports its progress on the calling goroutine, upwards, within
// (0, 1], and its two phases as one.
func TestSpGEMMProgress(t *testing.T) {
	setKnobs(t, 1000, 2)
	tok := cancel.New()
	withToken(t, tok)
	var got []float64
	tok.SetProgress(func(f float64) { got = append(got, f) })
	a := genCSR[int32, float64](rand.New(rand.NewPCG(5, 6)), csrCase{rows: 3000, cols: 3000, maxPerRow: 300})
	_, err := SpGEMM(a, a, nil)
	require.NoError(t, err)
	require.NotEmpty(t, got)
	require.LessOrEqual(t, got[0], 0.35, "the first report is of the symbolic phase")
	for i, f := range got {
		require.Greater(t, f, 0.0)
		require.LessOrEqual(t, f, 1.0)
		if i > 0 {
			require.Greater(t, f, got[i-1], "reports go upwards: %v", got)
		}
	}
}
