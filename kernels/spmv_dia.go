package kernels

// DIA is a view of a matrix stored by diagonals, as the UST's DIA-I
// ((i, j) -> (j - i : compressed, i : range)) and DIA-J ((i, j) -> (j - i :
// compressed, j : range)) formats store it: diagonal k holds the entries
// (i, i + Offsets[k]) in Val[k*Stride : (k+1)*Stride], indexed by the row i
// (DIA-I) or, when ByCol is set, by the column i + Offsets[k] (DIA-J, as
// SciPy's dia_array). Slots outside the matrix are padding and are never
// read. Offsets may come in any order; a repeated offset adds its entries.
type DIA[V Number] struct {
	Rows, Cols int
	Offsets    []int64
	Stride     int
	Val        []V
	ByCol      bool
}

// diaBlock is the row count of one block of the DIA kernels: the block's
// sums (16 KiB of float64) stay in L1 or L2 while every diagonal streams
// through them. Blocks of 512 rows ran slower (Laplacian 2000^2, serial,
// alternated: 54 against 43 ms): each diagonal's run was then one 4 KiB
// page, where the hardware prefetchers stop, so every stream restarted at
// every block.
const diaBlock = 2048

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
	if n := int64(len(a.Offsets)) * int64(a.Stride); int64(len(a.Val)) < n {
		return argErr(fn, name+".Val", "length %d, must be at least diagonals*Stride = %d", len(a.Val), n)
	}
	for k, off := range a.Offsets {
		if off <= -int64(a.Rows) || off >= int64(a.Cols) {
			return argErr(fn, name+".Offsets", "Offsets[%d] = %d is outside %d..%d", k, off, 1-int64(a.Rows), int64(a.Cols)-1)
		}
	}
	return nil
}

// diaSpan returns the rows [lo, hi) diagonal k holds inside [r0, r1), and
// the index in a.Val of row 0's slot (which may itself be padding or
// outside the diagonal: only rows in [lo, hi) are read through it).
func diaSpan[V Number](a DIA[V], k, r0, r1 int) (lo, hi, base int) {
	off := int(a.Offsets[k])
	lo, hi = min(max(r0, -off), r1), min(r1, a.Cols-off)
	base = k * a.Stride
	if a.ByCol {
		base += off
	}
	return lo, max(hi, lo), base
}

// SpMVDIA computes y = alpha*A*x + beta*y for a DIA matrix A (Rows x
// Cols), len(x) = Cols, len(y) = Rows. When beta is zero y is output only
// (NaN included), as in SpMV. No column index is read: each diagonal is a
// streaming multiply-add of two contiguous runs, Val's and x's, into a block
// of rows held in L1. Rows are split evenly over goroutines above the size
// threshold.
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
	if numChunkedParts(work) == 1 {
		spmvDIARows(alpha, beta, a, x, y, 0, a.Rows)
		return nil
	}
	parallelEven(a.Rows, diaBlock, work, func(lo, hi int) {
		spmvDIARows(alpha, beta, a, x, y, lo, hi)
	})
	return nil
}

// spmvDIARows computes rows [r0, r1) block by block. Diagonals go four at
// a time over the rows all four hold (one load and store of the sum per
// four products, four independent products per row), then one at a time
// over the rows only some of them hold (the matrix's edges).
func spmvDIARows[V Number](alpha, beta V, a DIA[V], x, y []V, r0, r1 int) {
	var acc [diaBlock]V
	nd := len(a.Offsets)
	// y = A*x (the common call) sums straight into y's block, in cache as
	// acc would be, saving a copy of every block.
	direct := beta == 0 && alpha == 1
	for b0 := r0; b0 < r1; b0 += diaBlock {
		b1 := min(b0+diaBlock, r1)
		s := acc[:b1-b0]
		if direct {
			s = y[b0:b1]
		}
		clear(s)
		k := 0
		for ; k+4 <= nd; k += 4 {
			var lo, hi, base [4]int
			clo, chi := b0, b1
			for t := range 4 {
				lo[t], hi[t], base[t] = diaSpan(a, k+t, b0, b1)
				clo, chi = max(clo, lo[t]), min(chi, hi[t])
			}
			if clo >= chi {
				clo, chi = b0, b0
			}
			diaAdd4(s[clo-b0:chi-b0], a.Val, x, clo, base, a.Offsets[k:k+4])
			for t := range 4 {
				if clo == chi {
					diaRun(s, b0, a, x, k+t, base[t], lo[t], hi[t])
					continue
				}
				diaRun(s, b0, a, x, k+t, base[t], lo[t], clo)
				diaRun(s, b0, a, x, k+t, base[t], chi, hi[t])
			}
		}
		for ; k < nd; k++ {
			lo, hi, base := diaSpan(a, k, b0, b1)
			diaRun(s, b0, a, x, k, base, lo, hi)
		}
		ys := y[b0:b1]
		ys = ys[:len(s)]
		switch {
		case direct:
		case beta == 0:
			for i, v := range s {
				ys[i] = alpha * v
			}
		default:
			for i, v := range s {
				ys[i] = alpha*v + beta*ys[i]
			}
		}
	}
}

// diaRun adds diagonal k's products for the rows [lo, hi) (none when
// lo >= hi) to s, the sums of the block from row b0.
func diaRun[V Number](s []V, b0 int, a DIA[V], x []V, k, base, lo, hi int) {
	if lo >= hi {
		return
	}
	off := int(a.Offsets[k])
	diaAdd(s[lo-b0:hi-b0], a.Val[base+lo:base+hi], x[lo+off:hi+off])
}

// diaAdd adds d[i]*x[i] to s[i]: one diagonal over a run of rows, unrolled
// by four (the sums are independent, so no accumulator chain forms).
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

// diaAdd4 adds four diagonals' products to s, the rows from r0 on, which
// all four diagonals hold; base and offs locate each diagonal's values and
// its run of x.
func diaAdd4[V Number](s, val, x []V, r0 int, base [4]int, offs []int64) {
	n := len(s)
	if n == 0 {
		return
	}
	d0 := val[base[0]+r0 : base[0]+r0+n]
	d1 := val[base[1]+r0 : base[1]+r0+n]
	d2 := val[base[2]+r0 : base[2]+r0+n]
	d3 := val[base[3]+r0 : base[3]+r0+n]
	x0 := x[r0+int(offs[0]) : r0+int(offs[0])+n]
	x1 := x[r0+int(offs[1]) : r0+int(offs[1])+n]
	x2 := x[r0+int(offs[2]) : r0+int(offs[2])+n]
	x3 := x[r0+int(offs[3]) : r0+int(offs[3])+n]
	// Equal lengths stated once, so the loop needs no bounds checks.
	d0, d1, d2, d3 = d0[:n], d1[:n], d2[:n], d3[:n]
	x0, x1, x2, x3 = x0[:n], x1[:n], x2[:n], x3[:n]
	for i := range s {
		s[i] += (d0[i]*x0[i] + d1[i]*x1[i]) + (d2[i]*x2[i] + d3[i]*x3[i])
	}
}
