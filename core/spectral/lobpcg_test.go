package spectral

import (
	"fmt"
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/stretchr/testify/require"
)

// checkEigenpairs requires A X = B X diag(E) and X^T B X = I to tol.
func checkEigenpairs(t *testing.T, a, b *mat, e []float64, x *mat, tol float64) {
	t.Helper()
	ax := denseMul(a, x)
	bx := x
	if b != nil {
		bx = denseMul(b, x)
	}
	scale := 0.0
	for _, v := range a.v {
		scale = math.Max(scale, math.Abs(v))
	}
	for j := range e {
		for i := 0; i < x.r; i++ {
			require.InDelta(t, ax.at(i, j), e[j]*bx.at(i, j), 50*tol*scale*float64(x.r), "residual of pair %d", j)
		}
	}
	g := gram(x, bx)
	for i := 0; i < g.r; i++ {
		for j := 0; j < g.c; j++ {
			want := 0.0
			if i == j {
				want = 1
			}
			require.InDelta(t, want, g.at(i, j), 1e3*tol, "X^T B X [%d, %d]", i, j)
		}
	}
}

func TestLobpcgLaplacianEveryFormat(t *testing.T) {
	const n = 60
	exact := laplacianEigs(n)
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		for _, l := range layouts {
			for _, method := range []Method{Ortho, Basic} {
				for _, largest := range []bool{true, false} {
					t.Run(fmt.Sprintf("%s/%v/m%d/largest=%v", d, l, method, largest), func(t *testing.T) {
						a := asTensor(t, laplacian1D(n), l, d)
						res, err := Lobpcg(a, LobpcgOptions{K: 3, N: 4, Niter: -1, Largest: largest, Method: method, Seed: 7, Strict: true})
						require.NoError(t, err)
						require.Equal(t, d, res.E.DType())
						require.Equal(t, []int64{n, 3}, res.X.Dims())
						e := vecOf(t, res.E)
						for j, v := range e {
							want := exact[j]
							if largest {
								want = exact[n-1-j]
							}
							require.InDelta(t, want, v, 100*tolFor(d), "eigenvalue %d", j)
						}
						checkEigenpairs(t, laplacian1D(n), nil, e, matOf(t, res.X), tolFor(d))
						require.Equal(t, 3, res.Converged)
						require.Less(t, res.Residual, res.Tol)
					})
				}
			}
		}
	}
}
