package solve

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// The fixed per-call cost of a solve on a small matrix is mostly its
// allocations (and the collections they bring): these bounds hold one
// Spsolve, and one Splu with its Solve, near the 32 allocations (west0067
// and the 8^2 operator) that the pooled ordering scratch
// (mindegree_scratch.go), the shared arrays, the factors' small storage
// from make (unzeroed: no recycling record), the row permutation in
// the factor's arrays and a transpose without a cursor array brought them
// to (58, then 40 before on west0067), with room for a collection emptying
// the pool during the runs (its dozen arrays, over 20 runs).
const (
	maxSpsolveAllocs   = 35
	maxSpluSolveAllocs = 35
)

// smallLUSystems are small unsymmetric systems taking the LU path: west0067
// when ../shared/matrices is present, and a generated convection-diffusion
// operator that is always there.
func smallLUSystems(t *testing.T) map[string]*tensor.Tensor {
	systems := map[string]*tensor.Tensor{"convdiff2d_8": convectionDiffusion(t, 8, 2)}
	path := filepath.Join("..", "..", "..", "shared", "matrices", "suitesparse", "west0067.mtx")
	if _, err := os.Stat(path); err == nil {
		a, err := convert.ToIndexWidth(realMatrix(t, "west0067.mtx"), 32)
		require.NoError(t, err)
		systems["west0067"] = a
	}
	return systems
}

func TestSpsolveSmallAllocations(t *testing.T) {
	for name, a := range smallLUSystems(t) {
		b := randomVector(t, a.Dims()[0], 3)
		got := testing.AllocsPerRun(20, func() {
			if _, err := Spsolve(a, b, true); err != nil {
				t.Fatal(err)
			}
		})
		require.LessOrEqual(t, got, float64(maxSpsolveAllocs), "%s: allocations of one Spsolve", name)
	}
}

func TestSpluSolveSmallAllocations(t *testing.T) {
	for name, a := range smallLUSystems(t) {
		b := randomVector(t, a.Dims()[0], 3)
		got := testing.AllocsPerRun(20, func() {
			f, err := Splu(a, DefaultLUOptions())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.Solve(b, true); err != nil {
				t.Fatal(err)
			}
		})
		require.LessOrEqual(t, got, float64(maxSpluSolveAllocs), "%s: allocations of one Splu and Solve", name)
	}
}
