package solve

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/stretchr/testify/require"
)

// splitSmall takes small matrices through factorTree with tasks of a few
// columns, on the given number of goroutines.
func splitSmall(t *testing.T, workers int) {
	oldSplit, oldTask, oldWorkers := luSplitMinColumns, luTaskMinColumns, luTreeWorkers
	luSplitMinColumns, luTaskMinColumns, luTreeWorkers = 0, 40, workers
	t.Cleanup(func() { luSplitMinColumns, luTaskMinColumns, luTreeWorkers = oldSplit, oldTask, oldWorkers })
}

// rowsRotated returns a with row i moved to row (i+1) mod n: the column
// elimination tree is the same, and partial pivoting leaves the diagonal.
func rowsRotated(t *testing.T, a *tensor.Tensor) *tensor.Tensor {
	m, err := loadCompressed[float64](a, tensor.CSC)
	require.NoError(t, err)
	n := m.rows
	var rows, cols []int64
	for j := 0; j < m.cols; j++ {
		for p := m.ptr[j]; p < m.ptr[j+1]; p++ {
			rows, cols = append(rows, int64((m.idx[p]+1)%n)), append(cols, int64(j))
		}
	}
	nnz := int64(len(rows))
	coo, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, nnz), dtype.Float64Array(m.val, nnz),
		[]int64{int64(n), int64(m.cols)}, tensor.BuildOptions{})
	require.NoError(t, err)
	out, err := convert.ToLayout(coo, tensor.CSC, tensor.DefaultConvert())
	require.NoError(t, err)
	return out
}

func luImpl(t *testing.T, f *LU) *luNumeric[float64] {
	impl, ok := f.impl.(*luNumeric[float64])
	require.True(t, ok)
	return impl
}

// The subtrees factored on 1, 2 and 3 goroutines give the same factors bit
// for bit (pivots, L, U), with tasks committed, and agree with the one
// pass: same fill within rounding's cancellations, backward error at
// rounding level.
func TestLUTreeSameAtAnyWorkerCount(t *testing.T) {
	lowPanelThreshold(t)
	for _, c := range []struct {
		name string
		a    *tensor.Tensor
	}{
		{"convdiff 2-D 60", convectionDiffusion(t, 60, 2)},
		{"convdiff 3-D 13 rows rotated", rowsRotated(t, convectionDiffusion(t, 13, 3))},
		{"laplacian 2-D 50 rows rotated", rowsRotated(t, must(laplacian2D(t, 50)))},
	} {
		t.Run(c.name, func(t *testing.T) {
			opt := LUOptions{Ordering: OrderColAMD, PivotThreshold: 1}
			one, err := Splu(c.a, opt)
			require.NoError(t, err)
			var first *luNumeric[float64]
			for _, workers := range []int{1, 2, 3} {
				splitSmall(t, workers)
				f, err := Splu(c.a, opt)
				require.NoError(t, err)
				impl := luImpl(t, f)
				require.Positive(t, impl.tasks, "no task ran")
				require.Positive(t, impl.panelColumns, "no panel ran")
				if first == nil {
					first = impl
					require.InEpsilon(t, one.Fill(), f.Fill(), 3e-3)
					b := randomVector(t, c.a.Dims()[0], 3)
					x, err := f.Solve(b, true)
					require.NoError(t, err)
					require.Less(t, backwardError(t, c.a, x, b), 1e-14)
					t.Logf("%d tasks, %d of %d columns in panels, fill %d (one pass %d)", impl.tasks, impl.panelColumns, f.Order(), f.Fill(), one.Fill())
					continue
				}
				require.Equal(t, first.pinv, impl.pinv, "workers %d", workers)
				require.Equal(t, first.lp, impl.lp)
				require.Equal(t, first.li, impl.li)
				require.Equal(t, first.lx, impl.lx)
				require.Equal(t, first.up, impl.up)
				require.Equal(t, first.ui, impl.ui)
				require.Equal(t, first.ux, impl.ux)
			}
		})
	}
}

// A structurally singular column refuses the factorization with the error
// of the one pass, on any number of goroutines (the lowest failing column
// wins, tasks after it stop); the next call works.
func TestLUTreeSingular(t *testing.T) {
	a := convectionDiffusion(t, 40, 2)
	m, err := loadCompressed[float64](a, tensor.CSC)
	require.NoError(t, err)
	// Columns 100 and 700 keep only their diagonal's row... of the same row.
	for _, j := range []int{100, 700} {
		for p := m.ptr[j]; p < m.ptr[j+1]; p++ {
			if m.idx[p] != 100 {
				m.val[p] = 0
			}
		}
	}
	s, err := cscTensor(dtype.Float64, m.rows, m.cols, m.ptr, m.idx, m.val, 64)
	require.NoError(t, err)
	opt := LUOptions{Ordering: OrderColAMD, PivotThreshold: 1}
	_, want := Splu(s, opt)
	requireCode(t, want, errs.ErrInvalidArgument, "singular")
	for _, workers := range []int{1, 2, 3} {
		t.Run(fmt.Sprint(workers), func(t *testing.T) {
			splitSmall(t, workers)
			_, err := Splu(s, opt)
			require.EqualError(t, err, want.Error())
			f, err := Splu(a, opt)
			require.NoError(t, err)
			require.Positive(t, luImpl(t, f).tasks)
		})
	}
}

// A cancelled token stops the factorization on every goroutine; the same
// call without it works.
func TestLUTreeCancelled(t *testing.T) {
	a := convectionDiffusion(t, 40, 2)
	for _, workers := range []int{1, 2, 3} {
		splitSmall(t, workers)
		err := stopped(t, func() error { _, err := Splu(a, DefaultLUOptions()); return err })
		require.ErrorIs(t, err, cancel.ErrCancelled)
		_, err = Splu(a, DefaultLUOptions())
		require.NoError(t, err)
	}
}

// Past the memory limit the tasks' storage (counted with everyone's) is
// refused with ErrTooLarge, and the next call is unaffected.
func TestLUTreeMemoryLimit(t *testing.T) {
	a := convectionDiffusion(t, 60, 2)
	rng := rand.New(rand.NewPCG(3, 4))
	_ = rng
	splitSmall(t, 2)
	f, err := Splu(a, DefaultLUOptions())
	require.NoError(t, err)
	old := tensor.MemoryLimit()
	t.Cleanup(func() { require.NoError(t, tensor.SetMemoryLimit(old)) })
	require.NoError(t, tensor.SetMemoryLimit(f.Fill()*entryBytes(false)*3/4))
	_, err = Splu(a, DefaultLUOptions())
	requireCode(t, err, errs.ErrTooLarge, "splu")
	require.NoError(t, tensor.SetMemoryLimit(old))
	_, err = Splu(a, DefaultLUOptions())
	require.NoError(t, err)
}

// arrowLike is the n x n matrix with a dominant diagonal and a last column
// full: its column elimination tree is n-1 single-column trees under the
// last column.
func arrowLike(t *testing.T, n int) *tensor.Tensor {
	var rows, cols []int64
	var vals []float64
	for i := 0; i < n; i++ {
		rows, cols, vals = append(rows, int64(i)), append(cols, int64(i)), append(vals, float64(n+i))
		if i < n-1 {
			rows, cols, vals = append(rows, int64(i)), append(cols, int64(n-1)), append(vals, -1)
		}
	}
	nnz := int64(len(vals))
	coo, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, nnz), dtype.Float64Array(vals, nnz),
		[]int64{int64(n), int64(n)}, tensor.BuildOptions{})
	require.NoError(t, err)
	out, err := convert.ToLayout(coo, tensor.CSC, tensor.DefaultConvert())
	require.NoError(t, err)
	return out
}

// A forest of many small trees splits in halves: a handful of tasks
// (not one a tree), the same bits on 1 and 3 goroutines.
func TestLUTreeManySmallTrees(t *testing.T) {
	const n = 3000
	a := arrowLike(t, n)
	opt := LUOptions{Ordering: OrderColAMD, PivotThreshold: 1}
	var first *luNumeric[float64]
	for _, workers := range []int{1, 3} {
		splitSmall(t, workers)
		f, err := Splu(a, opt)
		require.NoError(t, err)
		impl := luImpl(t, f)
		require.Positive(t, impl.tasks)
		require.LessOrEqual(t, impl.tasks, 2*n/luTaskMinColumns, "one task a tree")
		b := randomVector(t, n, 4)
		x, err := f.Solve(b, true)
		require.NoError(t, err)
		require.Less(t, backwardError(t, a, x, b), 1e-14)
		if first == nil {
			first = impl
			continue
		}
		require.Equal(t, first.pinv, impl.pinv)
		require.Equal(t, first.lx, impl.lx)
		require.Equal(t, first.ux, impl.ux)
	}
}
