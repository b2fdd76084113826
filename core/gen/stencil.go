package gen

import (
	"math"
	"strconv"
)

// Stencil2D returns the 5-point Laplacian of an n x n grid with Dirichlet
// boundaries: an n^2 x n^2 matrix with 4 on the diagonal and -1 for each grid
// neighbour, grid point (x, y) being row y*n + x. It has 5n^2 - 4n entries.
func Stencil2D(n int64) (*COO, error) {
	// 5n^2 - 4n <= MaxEntries holds for n <= 20724; n <= 2^20 keeps the
	// count below in range, so the check reports the true count.
	return laplacian("Stencil2D", n, 2, 1<<20)
}

// Stencil3D returns the 7-point Laplacian of an n x n x n grid with Dirichlet
// boundaries: an n^3 x n^3 matrix with 6 on the diagonal and -1 for each grid
// neighbour, grid point (x, y, z) being row (z*n + y)*n + x. It has
// 7n^3 - 6n^2 entries.
func Stencil3D(n int64) (*COO, error) {
	// 7n^3 - 6n^2 <= MaxEntries holds for n <= 674; n <= 2^18 keeps the
	// count below in range.
	return laplacian("Stencil3D", n, 3, 1<<18)
}

// laplacian is the (2d+1)-point Laplacian of an n^d grid (d is 2 or 3) with
// Dirichlet boundaries: 2d on the diagonal and -1 for each grid neighbour,
// grid point (x0, x1, ...) being row x0 + n*x1 + n^2*x2. Each row lists its
// neighbours in column order: the lower ones outermost dimension first, the
// diagonal, the upper ones innermost first. maxN keeps the entry count in
// range for the check that reports it.
func laplacian(fn string, n int64, d int, maxN int64) (*COO, error) {
	if err := nonNegative(fn, "n", n); err != nil {
		return nil, err
	}
	if n > maxN {
		return nil, tooLarge(fn, "n = %d: the result would have about %dn^%d = %.3g entries, more than MaxEntries = %d", n, 2*d+1, d, float64(2*d+1)*math.Pow(float64(n), float64(d)), int64(MaxEntries))
	}
	// A slab (one index of the outermost dimension) holds m grid points.
	var stride [3]int64
	stride[0] = 1
	for j := 1; j < d; j++ {
		stride[j] = stride[j-1] * n
	}
	m := stride[d-1]
	nnz := int64(2*d+1)*m*n - int64(2*d)*m
	if err := checkEntries(fn, "n = "+strconv.FormatInt(n, 10), nnz, entryBytes); err != nil {
		return nil, err
	}
	c := newCOO(m*n, m*n, nnz)
	row, col, val := c.Row, c.Col, c.Val
	diag := float64(2 * d)
	// A slab's entries start at a closed-form offset (its own stencil of one
	// dimension less has q entries), so slabs fill in parallel.
	q := int64(2*d-1)*m - int64(2*d-2)*stride[d-2]
	parallelFor(n, 4096/(m+1)+1, func(lo, hi int64) {
		k := slabOffset(lo, n, q, m)
		var at [3]int64 // the grid coordinates of the line's first point
		at[d-1] = lo
		var below, above [2]int64
		// Line by line (the n points along x0): the neighbours across the
		// outer dimensions are the same for every point of the line.
		for i0 := lo * m; i0 < hi*m; i0 += n {
			lower, upper := below[:0], above[:0]
			for j := d - 1; j > 0; j-- {
				if at[j] > 0 {
					lower = append(lower, stride[j])
				}
			}
			for j := 1; j < d; j++ {
				if at[j] < n-1 {
					upper = append(upper, stride[j])
				}
			}
			for i := i0; i < i0+n; i++ {
				for _, o := range lower {
					row[k], col[k], val[k] = i, i-o, -1
					k++
				}
				if i > i0 {
					row[k], col[k], val[k] = i, i-1, -1
					k++
				}
				row[k], col[k], val[k] = i, i, diag
				k++
				if i < i0+n-1 {
					row[k], col[k], val[k] = i, i+1, -1
					k++
				}
				for _, o := range upper {
					row[k], col[k], val[k] = i, i+o, -1
					k++
				}
			}
			// The next line: the innermost outer coordinate that is not at
			// its end moves on, the ones inside it wrap to 0.
			for j := 1; j < d; j++ {
				if at[j]++; at[j] < n {
					break
				}
				at[j] = 0
			}
		}
	})
	return c, nil
}

// slabOffset is the first entry of slab s of a stencil on a grid whose outer
// dimension has n slabs: each slab has q entries of its own (the stencil of
// one dimension less) plus one coupling entry per point (m points) for each
// neighbouring slab that exists.
func slabOffset(s, n, q, m int64) int64 {
	return s*q + m*(max(s-1, 0)+min(s, n-1))
}
