package solve

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// symmetricCholeskyCount agrees with the row-by-row column counts of the
// Cholesky factor of A + A^T's pattern, permuted, on unsymmetric random
// matrices and random orders.
func TestSymmetricCholeskyCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, c := range []struct {
		n       int
		density float64
	}{{1, 0}, {7, 0.2}, {60, 0.03}, {200, 0.01}, {300, 0.002}} {
		m := randomSparse(rng, c.n, c.density, dtype.Float64)
		for i := range m { // unsymmetric: drop some entries above the diagonal
			for j := i + 1; j < c.n; j++ {
				if rng.Float64() < 0.5 {
					m[i][j] = 0
				}
			}
		}
		at := tensorOf(t, m, dtype.Float64, tensor.CSR)
		cm, err := loadCompressed[float64](at, tensor.CSR)
		require.NoError(t, err)
		v := viewsOf(cm)
		q := rng.Perm(c.n)
		// The reference: the lower triangle of A + A^T's pattern, permuted.
		sym := zeros(c.n, c.n)
		for i := range m {
			for j := range m {
				if m[i][j] != 0 || m[j][i] != 0 {
					sym[i][j] = 1
				}
			}
		}
		st, err := loadCompressed[float64](tensorOf(t, sym, dtype.Float64, tensor.CSC), tensor.CSC)
		require.NoError(t, err)
		upper := permutedUpper(lowerTriangle(st), invert(q))
		want := int64(0)
		for _, k := range columnCounts(upper, etree(upper)) {
			want += int64(k)
		}
		require.Equal(t, want, symmetricCholeskyCount(v, q), "n=%d", c.n)
	}
}

// On the 2-D Laplacian (the splu row's matrix, pivots on the diagonal) the
// guess is L's fill exactly, so the factors are sized once and never
// copied into larger storage.
func TestSpluSizesLaplacianFactorsOnce(t *testing.T) {
	a, err := laplacian2D(t, 300)
	require.NoError(t, err)
	f, err := Splu(a, LUOptions{Ordering: OrderColAMD, PivotThreshold: 1})
	require.NoError(t, err)
	impl := f.impl.(*luNumeric[float64])
	require.Zero(t, impl.growths)
	require.Equal(t, int(f.Order())+1, cap(impl.li)-len(impl.li), "sized to the count, plus room for one column's search")
	require.Equal(t, int64(2*len(impl.li)), f.Fill(), "U is L's transpose in pattern")
}

// An upper triangular band with a full first row: LU keeps A's pattern
// (L = I), while A + A^T is an arrow whose hub comes first and whose
// Cholesky factor is full. No entry is mirrored, so symmetricFillGuess
// makes no guess; a guess from the counts is capped at 16 times the
// default size, not n^2/2 entries reserved.
func TestLUFillGuessCapped(t *testing.T) {
	const n = 6000
	a := &compressed[float64]{rows: n, cols: n, byCol: true, ptr: make([]int, n+1)}
	for j := 0; j < n; j++ {
		for i := 0; i <= j; i++ {
			if i == 0 || j-i <= 4 {
				a.idx = append(a.idx, i)
				a.val = append(a.val, 1/float64(1+j-i))
			}
		}
		a.ptr[j+1] = len(a.idx)
	}
	v := viewsOf(a)
	q := identity(n)
	require.Zero(t, symmetricFillGuess(v, q, symmetryOfViews(v)))
	guess := symmetricCholeskyCount(v, q) + n + 1
	require.Greater(t, guess, int64(n)*n/2)
	f, err := factorLU(v.byCol, q, 1, entryBytes(false), guess)
	require.NoError(t, err)
	def := int64(2*len(a.idx) + n)
	require.Equal(t, 16*def, f.firstSize)
	require.Equal(t, int64(len(a.idx)+n), f.fill(), "L = I, U = A")
	require.Equal(t, len(f.ui), cap(f.ui), "the excess is given back")
}

// upperBandWithFullRow is TestLUFillGuessCapped's matrix as a CSR tensor:
// an upper triangular band of width 5 with a full first row, no entry
// mirrored.
func upperBandWithFullRow(t *testing.T, n int64) *tensor.Tensor {
	var rows, cols []int64
	var vals []float64
	for i := int64(0); i < n; i++ {
		for j := i; j < n; j++ {
			if i == 0 || j-i <= 4 {
				rows, cols, vals = append(rows, i), append(cols, j), append(vals, 1/float64(1+j-i))
			}
		}
	}
	nnz := int64(len(vals))
	coo, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, nnz), dtype.Float64Array(vals, nnz),
		[]int64{n, n}, tensor.BuildOptions{})
	require.NoError(t, err)
	a, err := convert.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	return a
}

// On a pattern with no entry mirrored Splu makes no fill guess: one Splu
// allocates a small multiple of its factors (the A + A^T guess reserved
// 16 times the default size: 45 MB for the 0.7 MB of factors here, 6.4 MB now).
func TestSpluUnmirroredAllocations(t *testing.T) {
	const n = 6000
	a := upperBandWithFullRow(t, n)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f, err := Splu(a, DefaultLUOptions())
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	impl := f.impl.(*luNumeric[float64])
	require.False(t, impl.guessed)
	require.Equal(t, int64(6*n-15+n), f.Fill(), "L = I, U = A (5n-10 band entries, n-5 more in row 0)")
	factorBytes := f.Fill() * 16
	t.Logf("allocated %d bytes, factors %d", after.TotalAlloc-before.TotalAlloc, factorBytes)
	require.Less(t, int64(after.TotalAlloc-before.TotalAlloc), 16*factorBytes+200*n, "bytes allocated by one Splu")
}

// When the fill passes the guess (as pivots off the diagonal make it), the
// storage grows by a quarter, not twice, and is kept without a trimming
// copy.
func TestLUGrowsAQuarterPastTheGuess(t *testing.T) {
	a, err := laplacian2D(t, 120)
	require.NoError(t, err)
	cm, err := loadCompressed[float64](a, tensor.CSC)
	require.NoError(t, err)
	v := viewsOf(cm)
	q := columnPostorder(v.byCol, columnOrder(v.byRow))
	exact := symmetricFillGuess(v, q, symmetryOfViews(v))
	require.NotZero(t, exact)
	ref, err := factorLU(v.byCol, q, 1, entryBytes(false), exact)
	require.NoError(t, err)
	require.Zero(t, ref.growths)
	short := exact * 9 / 10
	f, err := factorLU(v.byCol, q, 1, entryBytes(false), short)
	require.NoError(t, err)
	require.True(t, f.guessed)
	require.Equal(t, short, f.firstSize)
	require.Equal(t, 2, f.growths, "L's and U's storage grew once each")
	require.Equal(t, int(short+short/4), cap(f.li))
	require.Equal(t, int(short+short/4), cap(f.ui))
	require.Equal(t, ref.li, f.li)
	require.Equal(t, ref.lx, f.lx)
	require.Equal(t, ref.ui, f.ui)
	require.Equal(t, ref.ux, f.ux)
}

// arrowhead returns an n x n arrowhead matrix as a CSR tensor: a dominant
// diagonal and a full first row and column, the pattern symmetric, its
// values not. LU on AMD's order (the hub last) fills 4n-2 entries, under
// twice A's 3n-2.
func arrowhead(t *testing.T, n int64) *tensor.Tensor {
	var rows, cols []int64
	var vals []float64
	for i := int64(0); i < n; i++ {
		rows, cols, vals = append(rows, i), append(cols, i), append(vals, float64(2*n))
		if i > 0 {
			rows, cols, vals = append(rows, 0, i), append(cols, i, 0), append(vals, 1, -0.5)
		}
	}
	nnz := int64(len(vals))
	coo, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, nnz), dtype.Float64Array(vals, nnz),
		[]int64{n, n}, tensor.BuildOptions{})
	require.NoError(t, err)
	a, err := convert.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	return a
}

// A fill guess below twice A's entries still sizes the factors: on an
// arrowhead (pivots on the diagonal) L's storage is the Cholesky count plus
// one column's room, never grown, and no trimming copy is made.
func TestLUTakesAGuessBelowTheDefault(t *testing.T) {
	const n = 20000
	a := arrowhead(t, n)
	f, err := Splu(a, LUOptions{Ordering: OrderAMD, PivotThreshold: 0.1})
	require.NoError(t, err)
	impl := f.impl.(*luNumeric[float64])
	require.Equal(t, int64(4*n-2), f.Fill())
	require.True(t, impl.guessed, "the guess (3n) is below the default (7n-4) but taken")
	require.Equal(t, int64(3*n), impl.firstSize, "Cholesky count 2n-1, plus n+1")
	require.Zero(t, impl.growths)
	require.Equal(t, 3*n, cap(impl.li), "kept: not trimmed")
	require.Equal(t, 3*n, cap(impl.ui))
}

// Spsolve's LU (transient factors) makes the fill guess only should the
// storage run out: on an arrowhead the default storage holds the factors
// and no guess is made (nor the excess copied away), the factors Splu's
// bits.
func TestSpsolveGuessesOnlyWhenTheStorageRunsOut(t *testing.T) {
	const n = 20000
	a := arrowhead(t, n)
	s, err := factorForSolve[float64](a)
	require.NoError(t, err)
	f := s.(*refinedLU[float64]).f
	require.False(t, f.guessed, "no guess made")
	require.Zero(t, f.growths)
	require.Nil(t, f.lazyGuess)
	require.Equal(t, 2*(3*n-2)+n, cap(f.li), "the default storage, kept")
	k, err := Splu(a, LUOptions{Ordering: OrderAMD, PivotThreshold: spsolveSymmetricPivot})
	require.NoError(t, err)
	sameFactors(t, k.impl.(*luNumeric[float64]), f, "arrowhead")
}

// sameFactors requires got to hold want's factors, bit for bit.
func sameFactors(t *testing.T, want, got *luNumeric[float64], name string) {
	require.Equal(t, want.lp, got.lp, name)
	require.Equal(t, want.li, got.li, name)
	require.Equal(t, want.up, got.up, name)
	require.Equal(t, want.ui, got.ui, name)
	require.Equal(t, want.pinv, got.pinv, name)
	require.Equal(t, bitsOf(want.lx), bitsOf(got.lx), name)
	require.Equal(t, bitsOf(want.ux), bitsOf(got.ux), name)
}

// A guess put off (luSizing.lazy) is made once, when the storage first
// runs out or, when subtrees are factored as tasks, before the first task
// is sized; L and U then grow to it in one step each. On a 2-D
// convection-diffusion operator (fill ten times A's entries) the factors
// are the bits of the guess made at the start.
func TestLUGuessPutOff(t *testing.T) {
	a := convectionDiffusion(t, 100, 2)
	cm, err := loadCompressed[float64](a, tensor.CSC)
	require.NoError(t, err)
	v := viewsOf(cm)
	q := luColumnOrder(v, false)
	sym := symmetryOfViews(v)
	guess := symmetricFillGuess(v, q, sym)
	require.Positive(t, guess)
	for _, tasks := range []bool{false, true} {
		split, task := luSplitMinColumns, luTaskMinColumns
		if tasks {
			luSplitMinColumns, luTaskMinColumns = 1000, 1000
		}
		want, err := factorLU(v.byCol, q, 1, entryBytes(false), guess)
		require.NoError(t, err)
		calls := 0
		lazy := func() int64 { calls++; return symmetricFillGuess(v, q, sym) }
		got, err := factorLUSized(v.byCol, q, 1, entryBytes(false), luSizing{lazy: lazy})
		luSplitMinColumns, luTaskMinColumns = split, task
		require.NoError(t, err)
		require.Equal(t, 1, calls)
		require.True(t, got.guessed)
		require.Equal(t, guess, got.firstSize)
		require.Equal(t, 2, got.growths, "L and U grew once each, to the guess; the tasks sized from it")
		if tasks {
			require.Positive(t, got.tasks)
			require.Equal(t, want.tasks, got.tasks)
		} else {
			require.Equal(t, int(guess), cap(got.li))
		}
		sameFactors(t, want, got, "convdiff2d_100")
	}
}
