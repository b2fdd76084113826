package gen

import (
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// laplacianOracle builds the d-dimensional Dirichlet Laplacian of an n^d
// grid densely from its definition: 2d on the diagonal, -1 between grid
// points at Manhattan distance 1.
func laplacianOracle(n, d int) [][]float64 {
	size := int(math.Pow(float64(n), float64(d)))
	coords := func(p int) []int {
		c := make([]int, d)
		for i := range c {
			c[i] = p % n
			p /= n
		}
		return c
	}
	m := make([][]float64, size)
	for p := range m {
		m[p] = make([]float64, size)
		cp := coords(p)
		for q := 0; q < size; q++ {
			dist := 0
			for i, x := range coords(q) {
				dist += max(x-cp[i], cp[i]-x)
			}
			switch dist {
			case 0:
				m[p][q] = float64(2 * d)
			case 1:
				m[p][q] = -1
			}
		}
	}
	return m
}

func TestStencil2DByHand(t *testing.T) {
	c, err := Stencil2D(2)
	require.NoError(t, err)
	assert.Equal(t, int64(4), c.Rows)
	assert.Equal(t, int64(4), c.Cols)
	assert.Equal(t, []int64{0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3}, c.Row)
	assert.Equal(t, []int64{0, 1, 2, 0, 1, 3, 0, 2, 3, 1, 2, 3}, c.Col)
	assert.Equal(t, []float64{4, -1, -1, -1, 4, -1, -1, 4, -1, -1, -1, 4}, c.Val)
}

func TestStencil2DMatchesDefinition(t *testing.T) {
	for n := int64(0); n <= 7; n++ {
		c, err := Stencil2D(n)
		require.NoError(t, err)
		checkCOO(t, c)
		assert.Equal(t, n*n, c.Rows)
		assert.Equal(t, n*n, c.Cols)
		assert.Equal(t, 5*n*n-4*n, c.NNZ(), "n = %d", n)
		if n > 0 {
			assert.Equal(t, laplacianOracle(int(n), 2), dense(c), "n = %d", n)
		}
	}
}

func TestStencil2DRowSumsCountMissingNeighbours(t *testing.T) {
	const n = 5
	c, err := Stencil2D(n)
	require.NoError(t, err)
	sums := make([]float64, c.Rows)
	for k, v := range c.Val {
		sums[c.Row[k]] += v
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			want := 0.0 // one per side of the grid the point touches (Dirichlet)
			for _, onEdge := range []bool{x == 0, x == n-1, y == 0, y == n-1} {
				if onEdge {
					want++
				}
			}
			assert.Equal(t, want, sums[y*n+x], "grid point (%d, %d)", x, y)
		}
	}
}

func TestStencil3DMatchesDefinition(t *testing.T) {
	for n := int64(0); n <= 4; n++ {
		c, err := Stencil3D(n)
		require.NoError(t, err)
		checkCOO(t, c)
		assert.Equal(t, n*n*n, c.Rows)
		assert.Equal(t, 7*n*n*n-6*n*n, c.NNZ(), "n = %d", n)
		if n > 0 {
			assert.Equal(t, laplacianOracle(int(n), 3), dense(c), "n = %d", n)
		}
	}
}

func TestStencilsLargeAreWellFormedAndSplitIndependent(t *testing.T) {
	c, err := Stencil2D(300)
	require.NoError(t, err)
	checkCOO(t, c)
	assert.Equal(t, int64(5*300*300-4*300), c.NNZ())
	assertSplitIndependent(t, func() (*COO, error) { return Stencil2D(123) })

	c, err = Stencil3D(40)
	require.NoError(t, err)
	checkCOO(t, c)
	assert.Equal(t, int64(7*40*40*40-6*40*40), c.NNZ())
	assertSplitIndependent(t, func() (*COO, error) { return Stencil3D(23) })
}

func TestSlabOffsetSumsSlabs(t *testing.T) {
	for n := int64(1); n <= 6; n++ {
		c, err := Stencil2D(n)
		require.NoError(t, err)
		for y := int64(0); y <= n; y++ {
			want := int64(0) // entries in matrix rows before y*n
			for _, r := range c.Row {
				if r < y*n {
					want++
				}
			}
			assert.Equal(t, want, slabOffset(y, n, 3*n-2, n), "n = %d, y = %d", n, y)
		}
	}
}

func TestStencilArgumentErrors(t *testing.T) {
	_, err := Stencil2D(-1)
	assertArgError(t, err, errs.ErrInvalidArgument, "n = -1")
	_, err = Stencil3D(-3)
	assertArgError(t, err, errs.ErrInvalidArgument, "n = -3")
	for _, n := range []int64{20725, 1 << 20, 1<<20 + 1, 3037000500, math.MaxInt64} {
		_, err = Stencil2D(n)
		assertArgError(t, err, errs.ErrTooLarge, "n = ")
	}
	for _, n := range []int64{675, 1 << 18, 1<<18 + 1, 2097152, math.MaxInt64} {
		_, err = Stencil3D(n)
		assertArgError(t, err, errs.ErrTooLarge, "n = ")
	}
}

// On grids large enough that slabs fill in parallel chunks, every row holds
// exactly its grid neighbours in column order: each chunk starts from the
// right coordinates and the right entry offset.
func TestStencilsLargeMatchDefinitionByRow(t *testing.T) {
	for _, tc := range []struct {
		n, d int64
		gen  func(int64) (*COO, error)
	}{{123, 2, Stencil2D}, {23, 3, Stencil3D}} {
		c, err := tc.gen(tc.n)
		require.NoError(t, err)
		var row, col []int64
		var val []float64
		size := int64(math.Pow(float64(tc.n), float64(tc.d)))
		var steps []int64 // the offsets of the neighbours, ascending
		for s := int64(1); s < size; s *= tc.n {
			steps = append([]int64{-s}, append(steps, s)...)
		}
		steps = append(steps[:len(steps)/2], append([]int64{0}, steps[len(steps)/2:]...)...)
		for i := range size {
			for _, step := range steps {
				j := i + step
				a, b, dist := i, j, int64(0)
				if j < 0 || j >= size {
					continue
				}
				for range tc.d {
					dist += max(a%tc.n-b%tc.n, b%tc.n-a%tc.n)
					a, b = a/tc.n, b/tc.n
				}
				if dist <= 1 {
					row, col = append(row, i), append(col, j)
					val = append(val, map[int64]float64{0: float64(2 * tc.d), 1: -1}[dist])
				}
			}
		}
		require.Equal(t, row, c.Row, "n = %d, d = %d", tc.n, tc.d)
		require.Equal(t, col, c.Col, "n = %d, d = %d", tc.n, tc.d)
		require.Equal(t, val, c.Val, "n = %d, d = %d", tc.n, tc.d)
	}
}
