package solve

import (
	"testing"

	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// columnEtreeOf is the column elimination tree of a's columns taken in the
// order q, from the pattern of A^T A formed explicitly (the test's own
// route, apart from columnPostorder's).
func columnEtreeOf(a *compressed[float64], q []int) []int {
	n := a.cols
	pos := invert(q)
	rowsOf := make([][]int, a.rows) // the positions of the columns holding row i
	for j := 0; j < n; j++ {
		for p := a.ptr[j]; p < a.ptr[j+1]; p++ {
			rowsOf[a.idx[p]] = append(rowsOf[a.idx[p]], pos[j])
		}
	}
	parent := make([]int, n)
	for k := range parent {
		parent[k] = -1
	}
	// Liu's algorithm without compression: k's neighbours i < k in A^T A.
	for k := 0; k < n; k++ {
		c := q[k]
		for p := a.ptr[c]; p < a.ptr[c+1]; p++ {
			for _, i := range rowsOf[a.idx[p]] {
				for i < k && parent[i] != -1 && parent[i] != k {
					i = parent[i]
				}
				if i < k && parent[i] == -1 {
					parent[i] = k
				}
			}
		}
	}
	return parent
}

// After ColAMD, Splu's columns are a postorder of the column elimination
// tree (every subtree contiguous, ending at its root) with each node's
// largest subtree first, the fill is the ordering's, and the factors solve.
func TestColumnPostorder(t *testing.T) {
	lap, err := laplacian2D(t, 30)
	require.NoError(t, err)
	for name, a := range map[string]*tensor.Tensor{"convdiff2d_30": convectionDiffusion(t, 30, 2), "laplacian_30": lap} {
		t.Run(name, func(t *testing.T) {
			opt := LUOptions{Ordering: OrderColAMD, PivotThreshold: 1}
			post, err := Splu(a, opt)
			require.NoError(t, err)
			luPostorder = false
			plain, err := Splu(a, opt)
			luPostorder = true
			require.NoError(t, err)
			require.NotEqual(t, plain.ColPerm(), post.ColPerm(), "the postorder changed nothing")
			require.Equal(t, plain.Fill(), post.Fill())

			m, err := loadCompressed[float64](a, tensor.CSC)
			require.NoError(t, err)
			q := make([]int, m.cols)
			for k, c := range post.ColPerm() {
				q[k] = int(c)
			}
			parent := columnEtreeOf(m, q)
			size := make([]int, len(q))
			for k := range size {
				size[k]++
				if p := parent[k]; p >= 0 {
					require.Greater(t, p, k)
					size[p] += size[k]
				}
			}
			// Each node's subtree is the run of positions just before it.
			for k := range q {
				for j := k - size[k] + 1; j < k; j++ {
					i := j
					for i < k && i >= 0 {
						i = parent[i]
					}
					require.Equal(t, k, i, "position %d lies in the run of %d's subtree but is not below it", j, k)
				}
			}
			// The first child of each node (its run starts the node's) has
			// the largest subtree of its children.
			firstChild := make([]int, len(q))
			for k := range firstChild {
				firstChild[k] = -1
			}
			for k, p := range parent {
				if p >= 0 && firstChild[p] < 0 {
					firstChild[p] = k
				}
			}
			reordered := 0
			for k, p := range parent {
				if p >= 0 && k != firstChild[p] {
					require.LessOrEqual(t, size[k], size[firstChild[p]], "a child of %d before its largest", p)
					if size[k] < size[firstChild[p]] {
						reordered++
					}
				}
			}
			require.Positive(t, reordered, "no node has children of different sizes")
			b := randomVector(t, a.Dims()[0], 5)
			x, err := post.Solve(b, true)
			require.NoError(t, err)
			require.Less(t, residual(t, a, x, b), 1e-12)
		})
	}
}
