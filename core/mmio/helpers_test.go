package mmio

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/require"
)

// sharedMatrices returns ../../../shared/matrices (the repository's sibling
// shared/ folder) or skips the test when it is absent.
func sharedMatrices(t testing.TB) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "matrices")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared test data not found at %s (the shared/ folder beside the repository): %v", dir, err)
	}
	return dir
}

func parseString(t *testing.T, s string) *Matrix {
	t.Helper()
	m, err := Parse(strings.NewReader(s))
	require.NoError(t, err)
	return m
}

func parseFile(t testing.TB, path string) *Matrix {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	m, err := Parse(f)
	require.NoError(t, err, path)
	return m
}

// entry is one coordinate entry with its value widened to complex128.
type entry struct {
	idx [2]int64
	v   complex128
}

// entries lists the coordinate entries of m, sorted by index then value.
func entries(m *Matrix) []entry {
	nnz := m.Values.Numel()
	ndim := int64(len(m.Shape))
	out := make([]entry, nnz)
	for k := range nnz {
		for d := range ndim {
			out[k].idx[d] = m.Indices.Index(d*nnz + k)
		}
		c := m.Values.Complex(k)
		out[k].v = complex(c.Re(), c.Im())
	}
	sort.Slice(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if x.idx != y.idx {
			return x.idx[0] < y.idx[0] || (x.idx[0] == y.idx[0] && x.idx[1] < y.idx[1])
		}
		return real(x.v) < real(y.v) || (real(x.v) == real(y.v) && imag(x.v) < imag(y.v))
	})
	return out
}

// denseOf returns m as a row-major complex128 slice, duplicates summed;
// a vector is a single row.
func denseOf(m *Matrix) (rows, cols int64, d []complex128) {
	rows, cols = 1, m.Shape[0]
	if len(m.Shape) == 2 {
		rows, cols = m.Shape[0], m.Shape[1]
	}
	d = make([]complex128, rows*cols)
	if m.Format == FormatArray {
		for k := range d {
			c := m.Dense.Complex(int64(k))
			d[k] = complex(c.Re(), c.Im())
		}
		return
	}
	for _, e := range entries(m) {
		if len(m.Shape) == 1 {
			d[e.idx[0]] += e.v
		} else {
			d[e.idx[0]*cols+e.idx[1]] += e.v
		}
	}
	return
}

// requireDense checks m's contents against a row-major reference.
func requireDense(t *testing.T, m *Matrix, want []complex128, msg string) {
	t.Helper()
	_, _, got := denseOf(m)
	require.Equal(t, want, got, msg)
}

// realDense builds a complex reference from real values.
func realDense(v ...float64) []complex128 {
	out := make([]complex128, len(v))
	for i, x := range v {
		out[i] = complex(x, 0)
	}
	return out
}

// requireIOError checks that err is an ErrIO *errs.Error whose message holds every part.
func requireIOError(t *testing.T, err error, parts ...string) {
	t.Helper()
	require.Error(t, err)
	var ce *errs.Error
	require.ErrorAs(t, err, &ce)
	require.Equal(t, errs.ErrIO, ce.Code, err.Error())
	for _, p := range parts {
		require.Contains(t, err.Error(), p)
	}
}
