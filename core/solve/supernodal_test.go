package solve

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/stretchr/testify/require"
)

// A dense matrix is one supernode; its blocked panel factorization (more
// columns than panelBlock) and a path of supernodes both give L L^H = A.
func TestSupernodalDenseAndBanded(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, d := range []dtype.DType{dtype.Float64, dtype.Complex128} {
		a := randomHPD(rng, 3*panelBlock+5, 1, d)
		at := tensorOf(t, a, d, tensor.CSC)
		f, err := Cholesky(at, OrderNatural)
		require.NoError(t, err)
		require.Equal(t, 1, supernodeCount(f))
		requireCholesky(t, f, a, d)

		// Arrowhead with a dense last block: small leaf supernodes update a
		// large one through runs of rows.
		b := randomHPD(rng, 60, 0.05, d)
		for i := 40; i < 60; i++ {
			for j := 0; j < i; j++ {
				v := randomValue(rng, d)
				b[i][j], b[j][i] = v, complex(real(v), -imag(v))
			}
		}
		for i := range b {
			s := 0.0
			for j := range b {
				if i != j {
					s += math.Hypot(real(b[i][j]), imag(b[i][j]))
				}
			}
			b[i][i] = complex(s+1, 0)
		}
		for _, ord := range []Ordering{OrderNatural, OrderAMD} {
			f, err := Cholesky(tensorOf(t, b, d, tensor.CSR), ord)
			require.NoError(t, err)
			requireCholesky(t, f, b, d)
		}
	}
}

// withParallelCholesky forces the subtree schedule on any input and
// several goroutines.
func withParallelCholesky(t *testing.T) {
	oldWork, oldProcs := snParallelWork, runtime.GOMAXPROCS(4)
	snParallelWork = 0
	t.Cleanup(func() {
		snParallelWork = oldWork
		runtime.GOMAXPROCS(oldProcs)
	})
}

// The parallel schedule gives the serial factor bit for bit (every
// supernode adds its updates in one order) and refuses the same matrices.
func TestCholeskyParallelMatchesSerial(t *testing.T) {
	lap, err := laplacian2D(t, 30)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(43, 44))
	cases := []*tensor.Tensor{lap,
		tensorOf(t, randomHPD(rng, 200, 0.02, dtype.Complex128), dtype.Complex128, tensor.CSR)}
	serial := make([]*tensor.Tensor, len(cases))
	for i, a := range cases {
		f, err := Cholesky(a, OrderDefault)
		require.NoError(t, err)
		serial[i], err = f.L()
		require.NoError(t, err)
	}
	withParallelCholesky(t)
	for i, a := range cases {
		f, err := Cholesky(a, OrderDefault)
		require.NoError(t, err)
		l, err := f.L()
		require.NoError(t, err)
		same, err := convert.Equal(l, serial[i])
		require.NoError(t, err)
		require.True(t, same, "case %d: the parallel factor differs from the serial one", i)
	}
	bad := randomHPD(rng, 200, 0.02, dtype.Float64)
	bad[150][150] = -1
	_, err = Cholesky(tensorOf(t, bad, dtype.Float64, tensor.CSR), OrderDefault)
	requireCode(t, err, errs.ErrInvalidArgument, "not positive definite")
}

// supernodeCount is the number of supernodes of a Cholesky factor.
func supernodeCount(f *CholeskyFactor) int {
	switch s := f.impl.(type) {
	case *snFactor[float64]:
		return len(s.sy.super) - 1
	case *snFactor[complex128]:
		return len(s.sy.super) - 1
	}
	return -1
}

// The dense kernels split big blocks over goroutines (a descendant's update
// of an ancestor, a supernode's own POTRF and TRSM); the factor is the same
// bit for bit on one goroutine and on several, and matches A. The inputs
// are big enough for the splits: a dense 600 x 600 supernode (three column
// blocks of kernels.PanelCholesky) and the 3-D Laplacian of a 16^3 grid.
func TestCholeskyKernelSplitMatchesSerial(t *testing.T) {
	// Every block of L comes filled with NaN: each supernode must clear its own.
	t.Cleanup(memory.PoisonUninitForTests())
	rng := rand.New(rand.NewPCG(45, 46))
	dense600 := randomHPD(rng, 600, 1, dtype.Float64)
	lap, err := laplacian3D(t, 16)
	require.NoError(t, err)
	cases := []*tensor.Tensor{tensorOf(t, dense600, dtype.Float64, tensor.CSC), lap}
	factors := func() []*tensor.Tensor {
		out := make([]*tensor.Tensor, len(cases))
		for i, a := range cases {
			f, err := Cholesky(a, OrderDefault)
			require.NoError(t, err)
			out[i], err = f.L()
			require.NoError(t, err)
			if i == 0 {
				requireCholesky(t, f, dense600, dtype.Float64)
			}
		}
		return out
	}
	old := runtime.GOMAXPROCS(1)
	serial := factors()
	runtime.GOMAXPROCS(4)
	t.Cleanup(func() { runtime.GOMAXPROCS(old) })
	split := factors()
	for i := range cases {
		same, err := convert.Equal(split[i], serial[i])
		require.NoError(t, err)
		require.True(t, same, "case %d: the factor on 4 goroutines differs from the one on 1", i)
	}
}

// The numeric phase checks the caller's cancel token (with the natural
// ordering nothing before it does), on one goroutine and on the subtree
// schedule; the same call without the token works.
func TestCholeskyNumericCancelled(t *testing.T) {
	a, err := laplacian2D(t, 20)
	require.NoError(t, err)
	f := func() error { _, err := Cholesky(a, OrderNatural); return err }
	require.ErrorIs(t, stopped(t, f), cancel.ErrCancelled)
	require.NoError(t, f())
	withParallelCholesky(t)
	require.ErrorIs(t, stopped(t, f), cancel.ErrCancelled)
	require.NoError(t, f())
}

// A cancel that the dense kernels see (their splits poll the token, on the
// subtree workers too) stops the factorization with the cancellation's
// error on the caller, not a panic on a worker: the numeric phase of a
// dense 600 x 600 matrix (one supernode, factored by one worker in
// kernels.PanelCholesky) runs with no token of its own to check while a
// cancelled one is bound, so the kernels' poll is what stops it.
func TestCholeskyKernelCancelReachesCaller(t *testing.T) {
	a := tensorOf(t, randomHPD(rand.New(rand.NewPCG(47, 48)), 600, 1, dtype.Float64), dtype.Float64, tensor.CSC)
	withParallelCholesky(t)
	f, err := Cholesky(a, OrderNatural)
	require.NoError(t, err)
	sf := f.impl.(*snFactor[float64])
	m, err := loadCompressed[float64](a, tensor.CSC)
	require.NoError(t, err)
	rowsOfC := permutedUpper(lowerTriangle(m), invert(sf.p)).transposeStorage()
	require.ErrorIs(t, stopped(t, func() error {
		if e := sf.factorWith(rowsOfC, nil); e != nil {
			return fmt.Errorf("pivot of column %d", e.col)
		}
		return nil
	}), cancel.ErrCancelled)
	require.Nil(t, sf.factorWith(rowsOfC, nil))
}
