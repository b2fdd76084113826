package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// DIA is a view of a matrix stored by diagonals, as the UST's DIA-I
// ((i, j) -> (j - i : compressed, i : range)) and DIA-J ((i, j) -> (j - i :
// compressed, j : range)) formats store it: diagonal k holds the entries
// (i, i + Offsets[k]) in the slots from Val[k*Stride], indexed by the row i
// (DIA-I) or, when ByCol is set, by the column i + Offsets[k] (DIA-J, as
// SciPy's dia_array). Slots outside the matrix are padding and are never
// read. Offsets may come in any order; a repeated offset adds its entries.
//
// With Anti set it stores anti-diagonals, as the UST's ANTI-DIA-I ((i, j) ->
// (i + j : compressed, i : range)) and ANTI-DIA-J (j : range): diagonal k
// holds the entries (i, Offsets[k] - i), indexed by the row i, or by the
// column Offsets[k] - i when ByCol is set.
type DIA[V Number] struct {
	Rows, Cols int
	Offsets    []int64
	Stride     int
	Val        []V
	ByCol      bool
	Anti       bool
}

// diaBlock is the most rows one call of the row kernel covers: the
// scratch sums of a segment with more than diaGroup diagonals (16 KiB of
// float64) stay in L1, and the assembly, which cannot be preempted, runs
// a microsecond or so at a time. It is also the unit of the parallel split.
const diaBlock = 2048

// diaGroup is the most diagonals one pass of the row kernel sums. Each
// diagonal is two streams (its values and its run of x); eight diagonals
// are sixteen streams, about what the hardware prefetchers follow at once.
// A segment with more diagonals takes several passes through the scratch.
const diaGroup = 8

// checkDIA checks a DIA view: sizes, a stride that holds a diagonal, the
// values' length and every offset inside the matrix (O(diagonals)).
func checkDIA[V Number](fn, name string, a DIA[V]) error {
	if a.Rows < 0 || a.Cols < 0 {
		return argErr(fn, name, "shape (%d, %d) must not be negative", a.Rows, a.Cols)
	}
	need := a.Rows
	if a.ByCol {
		need = a.Cols
	}
	if a.Stride < need {
		return argErr(fn, name+".Stride", "%d, must be at least the %d slots a diagonal spans", a.Stride, need)
	}
	// The last diagonal needs only its slots: a batch of a uniform batched
	// DIA is a view whose Stride steps over the other batches' diagonals.
	if d := int64(len(a.Offsets)); d > 0 && int64(len(a.Val)) < (d-1)*int64(a.Stride)+int64(need) {
		return argErr(fn, name+".Val", "length %d, must be at least (diagonals-1)*Stride + %d = %d", len(a.Val), need, (d-1)*int64(a.Stride)+int64(need))
	}
	lo, hi := 1-int64(a.Rows), int64(a.Cols)-1 // j - i
	if a.Anti {
		lo, hi = 0, int64(a.Rows)+int64(a.Cols)-2 // i + j
	}
	for k, off := range a.Offsets {
		if off < lo || off > hi {
			return argErr(fn, name+".Offsets", "Offsets[%d] = %d is outside %d..%d", k, off, lo, hi)
		}
	}
	return nil
}

// diaSpan returns the rows [lo, hi) diagonal k holds inside [r0, r1).
func diaSpan[V Number](a DIA[V], k, r0, r1 int) (lo, hi int) {
	off := int(a.Offsets[k])
	if a.Anti { // columns off - i in [0, Cols)
		lo, hi = min(max(r0, off-a.Cols+1), r1), min(r1, off+1)
	} else { // columns i + off in [0, Cols)
		lo, hi = min(max(r0, -off), r1), min(r1, a.Cols-off)
	}
	return lo, max(hi, lo)
}

// diaCol returns the column of row i's entry on diagonal k.
func diaCol[V Number](a DIA[V], k, i int) int {
	if a.Anti {
		return int(a.Offsets[k]) - i
	}
	return i + int(a.Offsets[k])
}

// diaSlot returns the index in a.Val of row i's entry on diagonal k (i in
// the diagonal's span).
func diaSlot[V Number](a DIA[V], k, i int) int {
	if a.ByCol {
		return k*a.Stride + diaCol(a, k, i)
	}
	return k*a.Stride + i
}

// SpMVDIA computes y = alpha*A*x + beta*y for a DIA matrix A (Rows x
// Cols), len(x) = Cols, len(y) = Rows. When beta is zero y is output only
// (NaN included), as in SpMV. No column index is read: row i's sum takes
// each diagonal's value and x[i + offset] from contiguous runs, and every
// diagonal is added in one pass over a run of rows, so y is written once
// (not read and written once a diagonal). Rows are split evenly over
// goroutines above the size threshold.
func SpMVDIA[V Number](alpha V, a DIA[V], x []V, beta V, y []V) error {
	const fn = "SpMVDIA"
	if err := checkDIA(fn, "a", a); err != nil {
		return err
	}
	if err := checkLen(fn, "x", x, a.Cols, "a.Cols"); err != nil {
		return err
	}
	if err := checkLen(fn, "y", y, a.Rows, "a.Rows"); err != nil {
		return err
	}
	work := int64(len(a.Offsets)+1) * int64(a.Rows)
	if parallel.ChunkedParts(work) == 1 {
		spmvDIARows(alpha, beta, a, x, y, 0, a.Rows)
		return nil
	}
	parallel.ForEven(a.Rows, diaBlock, work, func(lo, hi int) {
		spmvDIARows(alpha, beta, a, x, y, lo, hi)
	})
	return nil
}

// diaPass is one pass of the row kernel: up to diaGroup diagonals, each
// given by the index in Val of its value for the pass's first row (doff)
// and the index in x that row reads (xoff). Both move on by one a row,
// except on anti-diagonals (anti), where x's index moves back, and so does
// Val's when it is indexed by column (revVal).
type diaPass struct {
	doff, xoff   [diaGroup]int
	nd           int
	anti, revVal bool
}

// diaMaxCuts is the most rows inside a block where a diagonal starts or
// ends for the block to be cut into segments; past it the block goes a
// diagonal at a time (spmvDIABlock). Cuts cost a scan of the diagonals and
// short kernel calls each: a band of 2001 diagonals cut every row near
// the matrix's top and bottom.
const diaMaxCuts = 8

// spmvDIARows computes rows [r0, r1) block by block. A block is cut into
// segments where the set of diagonals holding a row is constant (only the
// matrix's edges cut: most blocks are one segment), and each segment is
// summed by the row kernel in passes of up to diaGroup diagonals: the
// first passes into the scratch acc, the last one from acc into y.
func spmvDIARows[V Number](alpha, beta V, a DIA[V], x, y []V, r0, r1 int) {
	var acc [diaBlock]V
	nd := len(a.Offsets)
	for b0 := r0; b0 < r1; b0 += diaBlock {
		b1 := min(b0+diaBlock, r1)
		if diaCuts(a, b0, b1) > diaMaxCuts {
			spmvDIABlock(alpha, beta, a, x, y, b0, b1, acc[:b1-b0])
			continue
		}
		for p := b0; p < b1; {
			// The segment runs to the next row where a diagonal starts or ends.
			q := b1
			for k := range nd {
				lo, hi := diaSpan(a, k, b0, b1)
				if lo > p {
					q = min(q, lo)
				}
				if hi > p {
					q = min(q, hi)
				}
			}
			n := q - p
			pass := diaPass{anti: a.Anti, revVal: a.Anti && a.ByCol}
			partial := false // acc[:n] holds the sums of earlier passes
			for k := range nd {
				lo, hi := diaSpan(a, k, p, q)
				if lo >= hi {
					continue // no cut inside [p, q): the diagonal holds all of it or none
				}
				if pass.nd == diaGroup {
					diaRows(1, 0, a.Val, x, &pass, acc[:n], acc[:n], partial)
					partial, pass.nd = true, 0
				}
				pass.doff[pass.nd], pass.xoff[pass.nd] = diaSlot(a, k, p), diaCol(a, k, p)
				pass.nd++
			}
			diaRows(alpha, beta, a.Val, x, &pass, y[p:q], acc[:n], partial)
			p = q
		}
	}
}

// diaCuts returns the number of rows inside (b0, b1) where a diagonal
// starts or ends, counting a row once a diagonal.
func diaCuts[V Number](a DIA[V], b0, b1 int) int {
	cuts := 0
	for k := range a.Offsets {
		lo, hi := diaSpan(a, k, b0, b1)
		if lo > b0 && lo < b1 {
			cuts++
		}
		if hi > b0 && hi < b1 {
			cuts++
		}
	}
	return cuts
}

// spmvDIABlock computes the rows [b0, b1) into the block's sums s (in L1),
// which then go to y once: the diagonals holding every row of the block in
// passes of up to diaGroup, the others one at a time over their runs.
func spmvDIABlock[V Number](alpha, beta V, a DIA[V], x, y []V, b0, b1 int, s []V) {
	clear(s)
	full := diaPass{anti: a.Anti, revVal: a.Anti && a.ByCol}
	one := full
	one.nd = 1
	for k := range a.Offsets {
		lo, hi := diaSpan(a, k, b0, b1)
		switch {
		case lo >= hi:
		case lo == b0 && hi == b1:
			if full.nd == diaGroup {
				diaRows(1, 0, a.Val, x, &full, s, s, true)
				full.nd = 0
			}
			full.doff[full.nd], full.xoff[full.nd] = diaSlot(a, k, b0), diaCol(a, k, b0)
			full.nd++
		default:
			one.doff[0], one.xoff[0] = diaSlot(a, k, lo), diaCol(a, k, lo)
			run := s[lo-b0 : hi-b0]
			diaRows(1, 0, a.Val, x, &one, run, run, true)
		}
	}
	diaRows(alpha, beta, a.Val, x, &full, y[b0:b1], s, true)
}

// diaRows sets out[i] = alpha*(s[i] + sum over the pass's diagonals t of
// val[doff[t]+i] * x[xoff[t]+i]) + beta*out[i] for every i < len(out) (with
// xoff[t]-i, and doff[t]-i where revVal, on anti-diagonals), where
// s is acc0 when partial, else zero, and beta*out is left out when beta is
// zero (out is then output only). out may be acc0 itself; acc0 is
// scratch the call may overwrite. It takes the assembly where there is one
// (antiRowsSIMD for anti-diagonals).
func diaRows[V Number](alpha, beta V, val, x []V, pass *diaPass, out, acc0 []V, partial bool) {
	if len(out) == 0 {
		return
	}
	if pass.anti && antiRowsSIMD(alpha, beta, val, x, pass, out, acc0, partial) ||
		!pass.anti && diaRowsSIMD(alpha, beta, val, x, pass, out, acc0, partial) {
		return
	}
	diaRowsGo(alpha, beta, val, x, pass, out, acc0, partial)
}

// diaTile is the row count of one tile of diaRowsGo: its sums (2 KiB of
// float64) stay in L1 while each diagonal adds a run of 2 KiB to them. On
// the Laplacian 2000^2 (serial, CPU time of 50 calls, loaded machine) tiles
// of 2048 rows took 844-932 ms against 755-819 ms with 256 (the earlier
// kernel's four-diagonal passes over blocks of 2048, 725-782 ms).
const diaTile = 256

// diaRowsGo is diaRows in Go. A tile of rows at a time, each diagonal adds
// its products to the tile's sums (four diagonals at once where there are
// four: one load and store of a sum per four products), so every stream
// moves on a tile at a time.
func diaRowsGo[V Number](alpha, beta V, val, x []V, pass *diaPass, out, acc0 []V, partial bool) {
	var t [diaTile]V
	nd := pass.nd
	// y = A*x (the common call) and the passes into the scratch sum
	// straight into out, saving a copy.
	direct := alpha == 1 && beta == 0 && (!partial || &out[0] == &acc0[0])
	for i0 := 0; i0 < len(out); i0 += diaTile {
		m := min(diaTile, len(out)-i0)
		var s []V
		switch {
		case direct && partial:
			s = out[i0 : i0+m]
		case direct:
			s = out[i0 : i0+m]
			clear(s)
		case partial:
			s = t[:m]
			copy(s, acc0[i0:i0+m])
		default:
			s = t[:m]
			clear(s)
		}
		if pass.anti {
			for k := range nd {
				d := pass.doff[k] + i0
				if pass.revVal {
					d = pass.doff[k] - i0
				}
				antiAdd(s, val, x, d, pass.xoff[k]-i0, pass.revVal)
			}
		} else {
			k := 0
			for ; k+4 <= nd; k += 4 {
				d, xs := pass.doff[k:k+4], pass.xoff[k:k+4]
				diaAdd4(s, val[d[0]+i0:], val[d[1]+i0:], val[d[2]+i0:], val[d[3]+i0:],
					x[xs[0]+i0:], x[xs[1]+i0:], x[xs[2]+i0:], x[xs[3]+i0:])
			}
			for ; k < nd; k++ {
				diaAdd(s, val[pass.doff[k]+i0:], x[pass.xoff[k]+i0:])
			}
		}
		o := out[i0 : i0+m]
		o = o[:len(s)]
		switch {
		case direct:
		case beta == 0:
			for i, v := range s {
				o[i] = scale(alpha, v)
			}
		default:
			for i, v := range s {
				o[i] = scale(alpha, v) + scale(beta, o[i])
			}
		}
	}
}

// diaAdd adds d[i]*x[i] to s[i] for i < len(s): one diagonal over a run
// of rows, unrolled by four (the sums are independent, so no accumulator
// chain forms).
func diaAdd[V Number](s, d, x []V) {
	d = d[:len(s)]
	x = x[:len(s)]
	i := 0
	for ; i+4 <= len(s); i += 4 {
		ss := (*[4]V)(s[i : i+4])
		ds := (*[4]V)(d[i : i+4])
		xs := (*[4]V)(x[i : i+4])
		ss[0] += ds[0] * xs[0]
		ss[1] += ds[1] * xs[1]
		ss[2] += ds[2] * xs[2]
		ss[3] += ds[3] * xs[3]
	}
	for ; i < len(s); i++ {
		s[i] += d[i] * x[i]
	}
}

// antiAdd adds an anti-diagonal's products to s[t] for t < len(s): row t's
// value is val[d+t] (val[d-t] when rev) and its x is x[xo-t].
func antiAdd[V Number](s, val, x []V, d, xo int, rev bool) {
	m := len(s)
	xr := x[xo-m+1 : xo+1]
	xr = xr[:m]
	if rev {
		dr := val[d-m+1 : d+1]
		dr = dr[:m]
		for t := range s {
			s[t] += dr[m-1-t] * xr[m-1-t]
		}
		return
	}
	dd := val[d : d+m]
	dd = dd[:m]
	for t := range s {
		s[t] += dd[t] * xr[m-1-t]
	}
}

// diaAdd4 adds four diagonals' products to s[i] for i < len(s).
func diaAdd4[V Number](s, d0, d1, d2, d3, x0, x1, x2, x3 []V) {
	n := len(s)
	// Equal lengths stated once, so the loop needs no bounds checks.
	d0, d1, d2, d3 = d0[:n], d1[:n], d2[:n], d3[:n]
	x0, x1, x2, x3 = x0[:n], x1[:n], x2[:n], x3[:n]
	for i := range s {
		s[i] += (d0[i]*x0[i] + d1[i]*x1[i]) + (d2[i]*x2[i] + d3[i]*x3[i])
	}
}
