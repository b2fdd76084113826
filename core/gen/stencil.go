package gen

import "strconv"

// Stencil2D returns the 5-point Laplacian of an n x n grid with Dirichlet
// boundaries: an n^2 x n^2 matrix with 4 on the diagonal and -1 for each grid
// neighbour, grid point (x, y) being row y*n + x. It has 5n^2 - 4n entries.
func Stencil2D(n int64) (*COO, error) {
	const fn = "Stencil2D"
	if err := nonNegative(fn, "n", n); err != nil {
		return nil, err
	}
	// 5n^2 - 4n <= MaxEntries holds for n <= 20724; n <= 2^20 keeps the
	// count below in range, so the check reports the true count.
	if n > 1<<20 {
		return nil, tooLarge(fn, "n = %d: the result would have about 5n^2 = %.3g entries, more than MaxEntries = %d", n, 5*float64(n)*float64(n), int64(MaxEntries))
	}
	if err := checkEntries(fn, "n = "+strconv.FormatInt(n, 10), 5*n*n-4*n, entryBytes); err != nil {
		return nil, err
	}
	c := newCOO(n*n, n*n, 5*n*n-4*n)
	row, col, val := c.Row, c.Col, c.Val
	// Grid row y holds the matrix rows [y*n, y*n+n); its entries start at a
	// closed-form offset, so grid rows fill in parallel.
	parallelFor(n, 4096/(n+1)+1, func(lo, hi int64) {
		k := slabOffset(lo, n, 3*n-2, n)
		for y := lo; y < hi; y++ {
			for x := int64(0); x < n; x++ {
				i := y*n + x
				if y > 0 {
					row[k], col[k], val[k] = i, i-n, -1
					k++
				}
				if x > 0 {
					row[k], col[k], val[k] = i, i-1, -1
					k++
				}
				row[k], col[k], val[k] = i, i, 4
				k++
				if x < n-1 {
					row[k], col[k], val[k] = i, i+1, -1
					k++
				}
				if y < n-1 {
					row[k], col[k], val[k] = i, i+n, -1
					k++
				}
			}
		}
	})
	return c, nil
}

// Stencil3D returns the 7-point Laplacian of an n x n x n grid with Dirichlet
// boundaries: an n^3 x n^3 matrix with 6 on the diagonal and -1 for each grid
// neighbour, grid point (x, y, z) being row (z*n + y)*n + x. It has
// 7n^3 - 6n^2 entries.
func Stencil3D(n int64) (*COO, error) {
	const fn = "Stencil3D"
	if err := nonNegative(fn, "n", n); err != nil {
		return nil, err
	}
	// 7n^3 - 6n^2 <= MaxEntries holds for n <= 674; n <= 2^18 keeps the
	// count below in range.
	if n > 1<<18 {
		return nil, tooLarge(fn, "n = %d: the result would have about 7n^3 = %.3g entries, more than MaxEntries = %d", n, 7*float64(n)*float64(n)*float64(n), int64(MaxEntries))
	}
	if err := checkEntries(fn, "n = "+strconv.FormatInt(n, 10), 7*n*n*n-6*n*n, entryBytes); err != nil {
		return nil, err
	}
	nn := n * n
	c := newCOO(nn*n, nn*n, 7*nn*n-6*nn)
	row, col, val := c.Row, c.Col, c.Val
	// Grid plane z holds matrix rows [z*n^2, (z+1)*n^2); planes fill in parallel.
	parallelFor(n, 4096/(nn+1)+1, func(lo, hi int64) {
		k := slabOffset(lo, n, 5*nn-4*n, nn)
		for z := lo; z < hi; z++ {
			for y := int64(0); y < n; y++ {
				for x := int64(0); x < n; x++ {
					i := (z*n+y)*n + x
					if z > 0 {
						row[k], col[k], val[k] = i, i-nn, -1
						k++
					}
					if y > 0 {
						row[k], col[k], val[k] = i, i-n, -1
						k++
					}
					if x > 0 {
						row[k], col[k], val[k] = i, i-1, -1
						k++
					}
					row[k], col[k], val[k] = i, i, 6
					k++
					if x < n-1 {
						row[k], col[k], val[k] = i, i+1, -1
						k++
					}
					if y < n-1 {
						row[k], col[k], val[k] = i, i+n, -1
						k++
					}
					if z < n-1 {
						row[k], col[k], val[k] = i, i+nn, -1
						k++
					}
				}
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
