package gen

import "fmt"

// Banded returns an n x n matrix that stores every position of its band:
// (i, j) with -lower <= j - i <= upper, each with a random value in [-1, 1).
// Bands wider than the matrix are clipped to it.
func Banded(n, lower, upper int64, seed uint64) (*COO, error) {
	const fn = "Banded"
	for _, a := range []struct {
		name string
		v    int64
	}{{"n", n}, {"lower", lower}, {"upper", upper}} {
		if err := nonNegative(fn, a.name, a.v); err != nil {
			return nil, err
		}
	}
	if n == 0 {
		return newCOO(0, 0, 0), nil
	}
	l, u := min(lower, n-1), min(upper, n-1)
	what := fmt.Sprintf("n = %d, lower = %d, upper = %d", n, lower, upper)
	// The band holds n(l+u+1) - l(l+1)/2 - u(u+1)/2 >= n(l+u+1)/2 positions,
	// so an overflowing product is far beyond the limit.
	full, ok := mul(n, l+u+1)
	if !ok {
		return nil, tooLarge(fn, "%s: the result would have more than 2^62 entries, more than MaxEntries = %d", what, int64(MaxEntries))
	}
	nnz := full - l*(l+1)/2 - u*(u+1)/2
	if err := checkEntries(fn, what, nnz, entryBytes); err != nil {
		return nil, err
	}
	c := newCOO(n, n, nnz)
	row, col, val := c.Row, c.Col, c.Val
	vs := streamSeed(seed, streamValues)
	parallelFor(n, 4096/(l+u+1)+1, func(lo, hi int64) {
		k := bandStart(lo, n, l, u)
		for i := lo; i < hi; i++ {
			for j := max(0, i-l); j <= min(n-1, i+u); j++ {
				row[k], col[k], val[k] = i, j, symmetric(at(vs, uint64(k)))
				k++
			}
		}
	})
	return c, nil
}

// bandStart is the number of band entries in rows [0, i) of an n x n band
// with l <= n-1 subdiagonals and u <= n-1 superdiagonals: the sum over k < i
// of min(n, k+u+1) - max(0, k-l).
func bandStart(i, n, l, u int64) int64 {
	c := min(i, n-u) // rows k < i whose band ends inside the matrix
	right := c*(c-1)/2 + c*(u+1) + (i-c)*n
	m := max(0, i-1-l) // rows k < i whose band starts after column 0
	return right - m*(m+1)/2
}
