package gen

import (
	"math"
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkCOO asserts the invariants every generator promises: matching
// lengths, indices in bounds, positions strictly increasing in (row, col)
// order (sorted and unique), finite values.
func checkCOO(t *testing.T, c *COO) {
	t.Helper()
	require.NotNil(t, c)
	require.GreaterOrEqual(t, c.Rows, int64(0))
	require.GreaterOrEqual(t, c.Cols, int64(0))
	require.Len(t, c.Col, len(c.Row))
	require.Len(t, c.Val, len(c.Row))
	for k := range c.Row {
		r, col := c.Row[k], c.Col[k]
		if r < 0 || r >= c.Rows || col < 0 || col >= c.Cols {
			require.Failf(t, "index out of bounds", "entry %d at (%d, %d) outside %d x %d", k, r, col, c.Rows, c.Cols)
		}
		if k > 0 && (c.Row[k-1] > r || (c.Row[k-1] == r && c.Col[k-1] >= col)) {
			require.Failf(t, "not sorted and unique", "entry %d (%d, %d) does not follow (%d, %d)", k, r, col, c.Row[k-1], c.Col[k-1])
		}
		if math.IsNaN(c.Val[k]) || math.IsInf(c.Val[k], 0) {
			require.Failf(t, "non-finite value", "entry %d = %v", k, c.Val[k])
		}
	}
}

// checkValuesSymmetric asserts every value lies in [-1, 1).
func checkValuesSymmetric(t *testing.T, c *COO) {
	t.Helper()
	for k, v := range c.Val {
		if v < -1 || v >= 1 {
			require.Failf(t, "value out of [-1, 1)", "entry %d = %v", k, v)
		}
	}
}

// dense expands a small COO into a row-major dense matrix.
func dense(c *COO) [][]float64 {
	d := make([][]float64, c.Rows)
	for i := range d {
		d[i] = make([]float64, c.Cols)
	}
	for k := range c.Val {
		d[c.Row[k]][c.Col[k]] += c.Val[k]
	}
	return d
}

// withProcs runs f with GOMAXPROCS set to p, restoring it afterwards.
func withProcs(p int, f func()) {
	old := runtime.GOMAXPROCS(p)
	defer runtime.GOMAXPROCS(old)
	f()
}

// assertSplitIndependent checks that a generator gives the same matrix with
// one worker and with many (the parallel fill must not change the result).
func assertSplitIndependent(t *testing.T, gen func() (*COO, error)) {
	t.Helper()
	var one, many *COO
	var err1, err2 error
	withProcs(1, func() { one, err1 = gen() })
	withProcs(7, func() { many, err2 = gen() })
	require.NoError(t, err1)
	require.NoError(t, err2)
	assert.Equal(t, one, many)
}

// assertArgError asserts err is a *errs.Error with the code and that its
// message names the argument.
func assertArgError(t *testing.T, err error, code errs.Code, mentions string) {
	t.Helper()
	require.Error(t, err)
	var ce *errs.Error
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, code, ce.Code, "message: %s", ce.Msg)
	assert.Contains(t, ce.Msg, mentions)
}

// sameStructure reports whether two COOs store the same positions.
func sameStructure(a, b *COO) bool {
	if a.Rows != b.Rows || a.Cols != b.Cols || len(a.Row) != len(b.Row) {
		return false
	}
	for k := range a.Row {
		if a.Row[k] != b.Row[k] || a.Col[k] != b.Col[k] {
			return false
		}
	}
	return true
}
