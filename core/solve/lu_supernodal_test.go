package solve

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// lowPanelThreshold takes the small matrices of a test through the panels.
func lowPanelThreshold(t *testing.T) {
	old := panelMinRows
	panelMinRows = 24
	t.Cleanup(func() { panelMinRows = old })
}

// withoutPanels runs fn with the supernodal panels switched off.
func withoutPanels(fn func()) {
	luPanels = false
	defer func() { luPanels = true }()
	fn()
}

// pivotingSparse is a random n x n matrix whose dominant entries sit one
// row off the diagonal (rows of a diagonally dominant matrix rotated by
// one), so that partial pivoting must leave the diagonal, and whose fill
// under any ordering is dense enough for the panels.
func pivotingSparse(rng *rand.Rand, n int, density float64, d dtype.DType) dense {
	w := randomSparse(rng, n, density, d)
	a := make(dense, n)
	for i := range a {
		a[i] = w[(i+1)%n]
	}
	return a
}

// luFactors returns the panel and the column-at-a-time factorizations.
func luFactors(t *testing.T, at *tensor.Tensor, opt LUOptions) (panel, column *LU) {
	t.Helper()
	panel, err := Splu(at, opt)
	require.NoError(t, err)
	withoutPanels(func() { column, err = Splu(at, opt) })
	require.NoError(t, err)
	return panel, column
}

func panelColumnsOf(f *LU) int {
	switch impl := f.impl.(type) {
	case *luNumeric[float64]:
		return impl.panelColumns
	case *luNumeric[complex128]:
		return impl.panelColumns
	}
	return -1
}

// The panels give the factorization the column-at-a-time path gives (same
// pivots, same fill, L U = A[p][:, q]) on random unsymmetric matrices that
// need pivoting, real and complex, with partial and threshold pivoting.
func TestLUPanelsAgreeWithColumnPath(t *testing.T) {
	lowPanelThreshold(t)
	rng := rand.New(rand.NewPCG(21, 22))
	for _, d := range []dtype.DType{dtype.Float64, dtype.Complex128, dtype.Float32} {
		for _, n := range []int{150, 260} {
			a := pivotingSparse(rng, n, 0.03, d)
			at := tensorOf(t, a, d, tensor.CSC)
			for _, opt := range []LUOptions{{Ordering: OrderColAMD, PivotThreshold: 1}, {Ordering: OrderAMD, PivotThreshold: 0.1}, {Ordering: OrderNatural, PivotThreshold: 1}} {
				t.Run(fmt.Sprintf("%s/%d/%s/%g", d, n, opt.Ordering, opt.PivotThreshold), func(t *testing.T) {
					panel, column := luFactors(t, at, opt)
					require.Positive(t, panelColumnsOf(panel), "no panel ran")
					require.Zero(t, panelColumnsOf(column))
					require.Equal(t, column.RowPerm(), panel.RowPerm())
					require.Equal(t, column.Fill(), panel.Fill())
					requireLU(t, panel, a, d)
					b := randomDense(rng, n, 3, d)
					x, err := panel.Solve(stridedOf(t, b, d, false), true)
					require.NoError(t, err)
					require.Less(t, relDiff(matmul(a, denseOf(t, x)), b), tolerance(d))
				})
			}
		}
	}
}

// Singular matrices are refused in a panel as in a column: a column left
// without entries, always; a column that is twice another when its pivot
// comes out exactly zero, which rounding decides (the panels add in another
// order): a path that does not refuse must leave a pivot at rounding level.
func TestLUPanelsSingular(t *testing.T) {
	lowPanelThreshold(t)
	rng := rand.New(rand.NewPCG(23, 24))
	const n = 200
	c := pivotingSparse(rng, n, 0.04, dtype.Float64)
	for i := range c {
		c[i][n-5] = 0
	}
	_, err := Splu(tensorOf(t, c, dtype.Float64, tensor.CSC), LUOptions{Ordering: OrderNatural, PivotThreshold: 1})
	requireCode(t, err, errs.ErrInvalidArgument, fmt.Sprintf("structurally singular: zero pivot in column %d", n-5))
	refused := 0
	for trial := 0; trial < 6; trial++ {
		b := pivotingSparse(rng, n, 0.04, dtype.Float64)
		for i := range b {
			b[i][n-3] = 2 * b[i][n-9]
		}
		bt := tensorOf(t, b, dtype.Float64, tensor.CSC)
		for _, panels := range []bool{true, false} {
			var f *LU
			var err error
			luPanels = panels
			f, err = Splu(bt, LUOptions{Ordering: OrderNatural, PivotThreshold: 1})
			luPanels = true
			if err != nil {
				refused++
				requireCode(t, err, errs.ErrInvalidArgument, fmt.Sprintf("singular: zero pivot in column %d", n-3))
				continue
			}
			require.Equal(t, panels, panelColumnsOf(f) > 0)
			u := denseOf(t, must(f.U()))
			require.Less(t, cmplx.Abs(u[n-3][n-3]), 1e-12*frobenius(u), "column %d: pivot %v", n-3, u[n-3][n-3])
		}
	}
	t.Logf("%d of 12 refused", refused)
	// the factorization after a refusal starts clean
	f, err := Splu(tensorOf(t, pivotingSparse(rng, n, 0.04, dtype.Float64), dtype.Float64, tensor.CSC), DefaultLUOptions())
	require.NoError(t, err)
	require.Positive(t, panelColumnsOf(f))
}

func must(x *tensor.Tensor, err error) *tensor.Tensor {
	if err != nil {
		panic(err)
	}
	return x
}

// Near-singular: columns equal up to a relative 1e-13 factor in a panel; the
// factorization succeeds on both paths with the same pivots and fill.
func TestLUPanelsNearSingular(t *testing.T) {
	lowPanelThreshold(t)
	rng := rand.New(rand.NewPCG(25, 26))
	const n = 220
	a := pivotingSparse(rng, n, 0.04, dtype.Float64)
	for i := range a {
		a[i][n-4] = a[i][n-11] * complex(1+1e-13*float64(i%7), 0)
	}
	at := tensorOf(t, a, dtype.Float64, tensor.CSC)
	panel, column := luFactors(t, at, LUOptions{Ordering: OrderNatural, PivotThreshold: 1})
	require.Positive(t, panelColumnsOf(panel))
	require.Equal(t, column.RowPerm(), panel.RowPerm())
	require.Equal(t, column.Fill(), panel.Fill())
	requireLU(t, panel, a, dtype.Float64)
}

// On the real matrices of the spsolve rows the panels keep the fill of the
// column path (within 0.1%) and a backward error at rounding level; the dense
// fronts of pushpull and bcsstk13 go through panels, the 100-row fronts of
// cryg2500 and bayer10 stay below panelMinRows.
func TestLUPanelsRealMatrices(t *testing.T) {
	for _, name := range []string{"pushpull.mtx", "bcsstk13.mtx", "cryg2500.mtx", "bayer10.mtx"} {
		t.Run(name, func(t *testing.T) {
			a := realMatrix(t, name)
			b := randomVector(t, a.Dims()[0], 9)
			for _, opt := range []LUOptions{{Ordering: OrderColAMD, PivotThreshold: 1}, {Ordering: OrderAMD, PivotThreshold: spsolveSymmetricPivot}} {
				if name == "bayer10.mtx" && opt.Ordering == OrderAMD {
					continue // AMD fills bayer10 tenfold: not a path Spsolve takes
				}
				panel, column := luFactors(t, a, opt)
				// U keeps no exact zeros, and which entries cancel to
				// exactly zero depends on the order of the additions
				// (bcsstk13's U holds some 25000 entries below 1e-12 of
				// their pivot, rounding residue that either order may
				// leave as an exact zero).
				require.InEpsilon(t, column.Fill(), panel.Fill(), 3e-3, "%s", opt.Ordering)
				x, err := panel.Solve(b, true)
				require.NoError(t, err)
				require.Less(t, backwardError(t, a, x, b), 1e-14, "%s", opt.Ordering)
				if name == "pushpull.mtx" || name == "bcsstk13.mtx" {
					require.Greater(t, panelColumnsOf(panel), int(panel.Order())/3, "%s", opt.Ordering)
				}
				t.Logf("%s %s fill %d, %d of %d columns in panels", name, opt.Ordering, panel.Fill(), panelColumnsOf(panel), panel.Order())
			}
		})
	}
}

// The dense blocks count against the memory limit: a limit that the column
// path's factors fit exactly refuses the panels (whose blocks come on top)
// with ErrTooLarge, and leaves the next call unaffected.
func TestLUPanelsMemoryLimit(t *testing.T) {
	lowPanelThreshold(t)
	rng := rand.New(rand.NewPCG(27, 28))
	const n = 240
	at := tensorOf(t, pivotingSparse(rng, n, 0.04, dtype.Float64), dtype.Float64, tensor.CSC)
	m, err := loadCompressed[float64](at, tensor.CSC)
	require.NoError(t, err)
	v := viewsOf(m)
	q := identity(n)
	var column *luNumeric[float64]
	withoutPanels(func() { column, err = factorLU(v.byCol, q, 1, entryBytes(false), 0) })
	require.NoError(t, err)
	limit := int64(cap(column.li)+cap(column.ui)) * entryBytes(false)
	old := tensor.MemoryLimit()
	t.Cleanup(func() { require.NoError(t, tensor.SetMemoryLimit(old)) })
	require.NoError(t, tensor.SetMemoryLimit(limit))
	withoutPanels(func() { _, err = factorLU(v.byCol, q, 1, entryBytes(false), 0) })
	require.NoError(t, err, "the column path fits the limit")
	_, err = factorLU(v.byCol, q, 1, entryBytes(false), 0)
	requireCode(t, err, errs.ErrTooLarge, "dense blocks")
	require.NoError(t, tensor.SetMemoryLimit(old))
	f, err := factorLU(v.byCol, q, 1, entryBytes(false), 0)
	require.NoError(t, err)
	require.Positive(t, f.panelColumns)
}

// applyBlock runs its products on a range of panel columns wider than the
// mask; the columns outside the mask keep their values exactly, also when
// the block holds an infinity (whose product with their zeros is NaN).
func TestLUApplyBlockLeavesOtherColumns(t *testing.T) {
	for _, inf := range []bool{false, true} {
		const n = 6
		s := newLUSupernodes[float64](n, make([]int, n))
		l20 := 0.5
		if inf {
			l20 = math.Inf(1)
		}
		// Columns 0 and 1 of L over rows 0, 1 (their pivots), 2 and 3.
		vals := []float64{1, 0.25, l20, -0.5, 0, 1, 0.75, 2}
		var z float64
		for _, v := range vals {
			z += v - v
		}
		b := snBlock[float64]{first: 0, size: 2, rows: []int{0, 1, 2, 3}, vals: vals, finite: z == 0}
		xs := make([]float64, n*panelWidth)
		at := func(i, c int) *float64 { return &xs[i*panelWidth+c] }
		*at(0, 3), *at(1, 3), *at(2, 3), *at(3, 3) = 1, 2, 3, 4 // panel column 3, in the mask
		*at(2, 4), *at(3, 4) = 5, 6                             // column 4: live rows, none of the block's pivots
		s.applyBlock(&b, 1<<3, xs, []int{0, 1, 2, 3})           // rows at the slots of their numbers
		y1 := 2 - 0.25*1
		require.Equal(t, 1.0, *at(0, 3))
		require.Equal(t, y1, *at(1, 3))
		if !inf {
			require.InDelta(t, 3-(0.5*1+0.75*y1), *at(2, 3), 1e-15)
		}
		require.InDelta(t, 4-(-0.5*1+2*y1), *at(3, 3), 1e-15)
		require.Equal(t, 5.0, *at(2, 4), "inf=%v", inf)
		require.Equal(t, 6.0, *at(3, 4), "inf=%v", inf)
		for c := 0; c < panelWidth; c++ {
			if c != 3 && c != 4 {
				for i := 0; i < n; i++ {
					require.Zero(t, *at(i, c), "row %d column %d", i, c)
				}
			}
		}
	}
}

// trsmUnitLowerT solves X L^T = B as forward substitution does, on
// triangles narrower and wider than trsmBlock, with zeros among the
// multipliers, for float64 and complex128.
func TestTrsmUnitLowerT(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	for _, s := range []int{1, 3, 5, 8, 9, 17, 32, 37, 70} {
		for _, nc := range []int{1, 3, 16, 32} {
			ld := s + 3
			l := make([]complex128, ld*s)
			b := make([]complex128, nc*s)
			for j := 0; j < s; j++ {
				for i := j + 1; i < s; i++ {
					if rng.Float64() < 0.7 {
						l[i+j*ld] = complex(rng.Float64()-0.5, rng.Float64()-0.5)
					}
				}
			}
			for i := range b {
				b[i] = complex(rng.Float64()-0.5, rng.Float64()-0.5)
			}
			// Forward substitution on each right-hand side ci.
			want := append([]complex128(nil), b...)
			for ci := 0; ci < nc; ci++ {
				for r := 0; r < s; r++ {
					for j := 0; j < r; j++ {
						want[r*nc+ci] -= l[r+j*ld] * want[j*nc+ci]
					}
				}
			}
			got := append([]complex128(nil), b...)
			trsmUnitLowerT(s, nc, l, ld, got)
			for i := range want {
				require.InDelta(t, 0, cmplx.Abs(got[i]-want[i]), 1e-12*(1+cmplx.Abs(want[i])), "s=%d nc=%d complex", s, nc)
			}
			lr, br := make([]float64, len(l)), make([]float64, len(b))
			for i := range l {
				lr[i] = real(l[i])
			}
			for i := range b {
				br[i] = real(b[i])
			}
			wantR := append([]float64(nil), br...)
			for ci := 0; ci < nc; ci++ {
				for r := 0; r < s; r++ {
					for j := 0; j < r; j++ {
						wantR[r*nc+ci] -= lr[r+j*ld] * wantR[j*nc+ci]
					}
				}
			}
			trsmUnitLowerT(s, nc, lr, ld, br)
			require.InDeltaSlice(t, wantR, br, 1e-12, "s=%d nc=%d", s, nc)
		}
	}
}

// A panel's front gives rows slots in the order first met, the same slot
// each time a row is met again; the next panel starts with no slots, also
// where another front sharing the bases (another goroutine's) gave its
// rows slots in between.
func TestLUFrontSlots(t *testing.T) {
	const n = 8
	var bases atomic.Int64
	loc := make([]int64, n)
	p := front[float64]{n: n, loc: loc, bases: &bases}
	q := front[float64]{n: n, loc: loc, bases: &bases}
	for panel := 0; panel < 3; panel++ {
		p.begin()
		require.Equal(t, 0, p.take(5), "panel %d", panel)
		require.Equal(t, 1, p.take(2))
		require.Equal(t, 0, p.take(5))
		require.Equal(t, 2, p.take(7))
		require.Equal(t, 1, p.slot(2))
		require.Equal(t, 3, p.slots)
		require.NoError(t, p.grow())
		require.GreaterOrEqual(t, len(p.xs), 3*panelWidth)
		q.begin() // rows of its own, as lu_parallel.go's goroutines have
		require.Equal(t, 0, q.take(3))
		require.Equal(t, 1, q.take(0))
	}
}

// applyBlock's product on whole tiles (rows past the block read into the
// padding, lu_pad_amd64.go) gives the bits of the product on the block's
// rows alone, which a block without the padding's capacity takes.
func TestLUApplyBlockPaddedProduct(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	for _, size := range []int{4, 5, 8, 9, 16} {
		for below := 1; below <= 19; below++ {
			ld := size + below
			vals := make([]float64, ld*size, ld*size+luGemmPad-1)
			for j := 0; j < size; j++ {
				for i := j + 1; i < ld; i++ {
					vals[i+j*ld] = rng.Float64() - 0.5
				}
				vals[j+j*ld] = 1
			}
			rows := make([]int, ld)
			for i := range rows {
				rows[i] = ld - 1 - i // slots out of order
			}
			xs := make([]float64, ld*panelWidth)
			for i := range xs {
				xs[i] = rng.Float64() - 0.5
			}
			want := slices.Clone(xs)
			s := newLUSupernodes[float64](ld, make([]int, ld))
			padded := snBlock[float64]{first: 0, size: size, rows: rows, vals: vals, finite: true}
			s.applyBlock(&padded, 0xffffffff, xs, rows)
			exact := padded
			exact.vals = slices.Clip(slices.Clone(vals))
			s.applyBlock(&exact, 0xffffffff, want, rows)
			for i := range xs {
				require.Equal(t, math.Float64bits(want[i]), math.Float64bits(xs[i]), "size %d below %d entry %d", size, below, i)
			}
		}
	}
}

// A column that joined its predecessor's exact supernode is recorded in
// the relaxed supernodes without reading its rows (columnDone's shortcut),
// to the same state as the general path: three columns of one exact
// supernode, then one that is not (a new row).
func TestColumnDoneShortcutKeepsSupernodes(t *testing.T) {
	lp := []int{0, 4, 7, 9, 11}
	li := []int{0, 1, 2, 3, 1, 2, 3, 2, 3, 3, 5}
	run := func(snFirst []int) []luSupernodes[float64] {
		f := &luNumeric[float64]{lp: lp, snFirst: snFirst}
		s := newLUSupernodes[float64](8, make([]int, 8))
		var states []luSupernodes[float64]
		for k := 0; k+1 < len(lp); k++ {
			f.li = li[:lp[k+1]]
			s.columnDone(f, k)
			state := *s
			state.mark = append([]int(nil), s.mark...)
			states = append(states, state)
		}
		return states
	}
	exact, general := run([]int{0, 0, 0, 3}), run([]int{0, 1, 2, 3})
	for k := range exact {
		require.Equal(t, general[k].start, exact[k].start, "column %d", k)
		require.Equal(t, general[k].ld, exact[k].ld, "column %d", k)
		require.Equal(t, general[k].nnz, exact[k].nnz, "column %d", k)
		require.Equal(t, general[k].prevCount, exact[k].prevCount, "column %d", k)
		require.Equal(t, general[k].stamp, exact[k].stamp, "column %d", k)
		require.Equal(t, general[k].mark, exact[k].mark, "column %d", k)
	}
	require.Equal(t, 4, exact[2].ld)
	require.Equal(t, 9, exact[2].nnz)
}
