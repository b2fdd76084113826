package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/stretchr/testify/require"
)

// stopped runs f with a cancelled token bound and returns its error, the
// cancellation's when a poll stopped it.
func stopped(t *testing.T, f func() error) (err error) {
	tok := cancel.New()
	tok.Cancel()
	defer tok.Release()
	defer cancel.BindAll(tok)()
	defer cancel.Catch(&err)
	return f()
}

// The factorizations, their orderings and the triangular solves poll the
// caller's token: cancelled, each stops; the same call without it works.
func TestSolversCancelled(t *testing.T) {
	a, err := laplacian2D(t, 20)
	require.NoError(t, err)
	b := stridedOf(t, randomDense(rand.New(rand.NewPCG(1, 2)), 400, 1, dtype.Float64), dtype.Float64, true)
	for name, f := range map[string]func() error{
		"splu natural": func() error { _, err := Splu(a, LUOptions{Ordering: OrderNatural, PivotThreshold: 1}); return err },
		"splu colamd":  func() error { _, err := Splu(a, DefaultLUOptions()); return err },
		"cholesky":     func() error { _, err := Cholesky(a, OrderAMD); return err },
		"spsolve":      func() error { _, err := Spsolve(a, b, true); return err },
		"triangular":   func() error { _, err := SolveTriangular(a, b, false, true, false); return err },
	} {
		t.Run(name, func(t *testing.T) {
			require.ErrorIs(t, stopped(t, f), cancel.ErrCancelled)
			require.NoError(t, f())
		})
	}
}
