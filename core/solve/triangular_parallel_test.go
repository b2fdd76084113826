package solve

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// forceParallelSolves lowers the threshold so that the columns of a solve
// go to several goroutines on small inputs.
func forceParallelSolves(t *testing.T) {
	work := parallelSolveWork
	procs := runtime.GOMAXPROCS(4)
	parallelSolveWork = 0
	t.Cleanup(func() {
		parallelSolveWork = work
		runtime.GOMAXPROCS(procs)
	})
}

// Right-hand sides split between goroutines give the serial solves' results
// exactly, for the triangular solves and the factors' solves.
func TestSolveTriangularParallelMatchesSerial(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 300
	type solveCase struct {
		a, b        *tensor.Tensor
		upper, unit bool
		left        bool
		name        string
	}
	var cases []solveCase
	for _, d := range []dtype.DType{dtype.Float64, dtype.Complex128} {
		a := randomSparse(rng, n, 0.02, d)
		for i := range a {
			a[i][i] = complex(2+rng.Float64(), 0)
		}
		for _, layout := range []tensor.Layout{tensor.CSR, tensor.CSC} {
			at := tensorOf(t, a, d, layout)
			for _, upper := range []bool{false, true} {
				for _, unit := range []bool{false, true} {
					for _, k := range []int{0, 1, 4} {
						for _, left := range []bool{true, false} {
							b := randomDense(rng, n, max(k, 1), d)
							if !left && k > 0 {
								b = transpose(b)
							}
							cases = append(cases, solveCase{at, stridedOf(t, b, d, k == 0), upper, unit, left,
								fmt.Sprintf("%s/%s/upper=%v/unit=%v/k=%d/left=%v", d, layout, upper, unit, k, left)})
						}
					}
				}
			}
		}
	}
	// The factors' solves with several right-hand sides, both sides.
	lu, err := Splu(tensorOf(t, randomHPD(rng, n, 0.02, dtype.Float64), dtype.Float64, tensor.CSR), DefaultLUOptions())
	require.NoError(t, err)
	ch, err := Cholesky(tensorOf(t, randomHPD(rng, n, 0.02, dtype.Complex128), dtype.Complex128, tensor.CSR), OrderDefault)
	require.NoError(t, err)
	type factorCase struct {
		f    Factor
		b    *tensor.Tensor
		left bool
	}
	var factorCases []factorCase
	for _, left := range []bool{true, false} {
		bl := randomDense(rng, n, 5, dtype.Float64)
		bc := randomDense(rng, n, 5, dtype.Complex128)
		if !left {
			bl, bc = transpose(bl), transpose(bc)
		}
		factorCases = append(factorCases, factorCase{lu, stridedOf(t, bl, dtype.Float64, false), left},
			factorCase{ch, stridedOf(t, bc, dtype.Complex128, false), left})
	}
	factorSerial := make([]*tensor.Tensor, len(factorCases))
	for i, c := range factorCases {
		factorSerial[i], err = c.f.Solve(c.b, c.left)
		require.NoError(t, err)
	}
	serial := make([]*tensor.Tensor, len(cases))
	for i, c := range cases {
		x, err := SolveTriangular(c.a, c.b, c.upper, c.left, c.unit)
		require.NoError(t, err, c.name)
		serial[i] = x
	}
	forceParallelSolves(t)
	for i, c := range cases {
		x, err := SolveTriangular(c.a, c.b, c.upper, c.left, c.unit)
		require.NoError(t, err, c.name)
		same, err := convert.Equal(x, serial[i])
		require.NoError(t, err)
		require.True(t, same, c.name)
	}
	for i, c := range factorCases {
		x, err := c.f.Solve(c.b, c.left)
		require.NoError(t, err)
		same, err := convert.Equal(x, factorSerial[i])
		require.NoError(t, err)
		require.True(t, same, "factor solve %d", i)
	}
	// Split columns refuse a zero diagonal naming the first in substitution order.
	z := zeros(50, 50)
	for i := range z {
		z[i][i] = 1
		if i > 0 {
			z[i][i-1] = 1
		}
	}
	z[20][20], z[30][30] = 0, 0
	b := stridedOf(t, randomDense(rng, 50, 3, dtype.Float64), dtype.Float64, false)
	_, err = SolveTriangular(tensorOf(t, z, dtype.Float64, tensor.CSR), b, false, true, false)
	requireCode(t, err, errs.ErrInvalidArgument, "row 20")
	_, err = SolveTriangular(tensorOf(t, z, dtype.Float64, tensor.CSR), b, true, true, false)
	requireCode(t, err, errs.ErrInvalidArgument, "row 30")
}
