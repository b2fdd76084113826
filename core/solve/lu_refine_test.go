package solve

import (
	"testing"

	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// Spsolve's refinement step leaves a residual at or below the unrefined
// LU solve's on the ill-conditioned real matrices (cryg2500's and bayer10's
// are far above rounding level), both ways (A x = b and x A = b).
func TestSpsolveRefinesLU(t *testing.T) {
	for _, name := range []string{"cryg2500.mtx", "bayer10.mtx", "west0067.mtx"} {
		t.Run(name, func(t *testing.T) {
			a := realMatrix(t, name)
			n := a.Dims()[0]
			m, err := loadCompressed[float64](a, tensor.CSC)
			require.NoError(t, err)
			v := viewsOf(m)
			opt := LUOptions{Ordering: OrderColAMD, PivotThreshold: 1}
			if symmetryOfViews(v).nearlySymmetric() {
				opt = LUOptions{Ordering: OrderAMD, PivotThreshold: spsolveSymmetricPivot}
			}
			plain, err := Splu(a, opt)
			require.NoError(t, err)
			for seed := uint64(0); seed < 3; seed++ {
				b := randomVector(t, n, 30+seed)
				x, err := Spsolve(a, b, true)
				require.NoError(t, err)
				y, err := plain.Solve(b, true)
				require.NoError(t, err)
				rx, ry := residual(t, a, x, b), residual(t, a, y, b)
				require.LessOrEqual(t, rx, ry)
				at, err := ops.Transpose(a, 0, 1)
				require.NoError(t, err)
				xt, err := Spsolve(a, b, false) // x A = b: A^T x = b
				require.NoError(t, err)
				yt, err := plain.Solve(b, false)
				require.NoError(t, err)
				require.LessOrEqual(t, residual(t, at, xt, b), residual(t, at, yt, b))
				t.Logf("seed %d: residual %.2e refined, %.2e unrefined", seed, rx, ry)
			}
		})
	}
}
