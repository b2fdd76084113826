package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// SpMMDIA computes C = alpha*A*B + beta*C for a DIA matrix A (Rows x Cols)
// and dense row-major B (Cols x k) and C (Rows x k). When beta is zero C is
// output only. Row i of C sums, over the diagonals holding row i, the
// diagonal's value times the contiguous row i + offset (offset - i on
// anti-diagonals) of B: no column index is read or formed. The sums of a
// strip of C's row (8 float64 or 16 float32 columns on amd64 with AVX2,
// four in the Go loop) stay in registers through every diagonal of a pass
// (diaGroup of them), so C is written once a pass, and B's rows and the
// diagonals' values stream in row order. Rows are split evenly over
// goroutines above the size threshold, at fixed multiples of diaBlock; each
// row is summed alike whatever the split. One column is SpMVDIA.
func SpMMDIA[V Number](alpha V, a DIA[V], b []V, k int, beta V, c []V) error {
	const fn = "SpMMDIA"
	if err := checkDIA(fn, "a", a); err != nil {
		return err
	}
	if err := checkOperandsK(fn, k, "b", b, a.Cols, "a.Cols*k", "c", c, a.Rows, "a.Rows*k"); err != nil {
		return err
	}
	if k == 0 {
		return nil
	}
	if k == 1 {
		return SpMVDIA(alpha, a, b, beta, c)
	}
	work := int64(len(a.Offsets)+1) * int64(a.Rows) * int64(k)
	parallel.ForEven(a.Rows, diaBlock, work, func(lo, hi int) {
		spmmDIARows(alpha, beta, a, b, k, c, lo, hi)
	})
	return nil
}

// diaMMPass is one pass of SpMMDIA's row kernel over up to diaGroup
// diagonals: for row i, diagonal t's value is Val[vb[t] + i*vs] and the row
// of B it scales starts at b[xb[t] + i*xs]. vb and xb are those of row 0,
// which may lie outside the diagonal: only rows the diagonal holds form
// them. vs is -1 on anti-diagonals indexed by column, else 1; xs is -k on
// anti-diagonals, else k.
type diaMMPass struct {
	vb, xb [diaGroup]int
	g      int
	vs, xs int
}

// The row kernels' flags: diaMMReadOld sets C = alpha*sums + beta*C (else
// C = alpha*sums), diaMMAdd adds alpha*sums to C (every pass but the first).
const (
	diaMMReadOld = 1
	diaMMAdd     = 2
)

// spmmDIARows computes rows [r0, r1) of C, diaGroup diagonals a pass: the
// rows every diagonal of the pass holds go through the row kernel in one
// call; the rows near the matrix's edges, which some diagonal leaves, one
// at a time with the diagonals that hold them.
func spmmDIARows[V Number](alpha, beta V, a DIA[V], b []V, k int, c []V, r0, r1 int) {
	nd := len(a.Offsets)
	if nd == 0 {
		scaleVec(c[r0*k:r1*k], beta) // no entries: the product is zero
		return
	}
	vs, xs := 1, k
	if a.Anti {
		xs = -k
		if a.ByCol {
			vs = -1
		}
	}
	flags := 0
	if beta != 0 {
		flags = diaMMReadOld
	}
	for g0 := 0; g0 < nd; g0 += diaGroup {
		g1 := min(g0+diaGroup, nd)
		p := diaMMPass{g: g1 - g0, vs: vs, xs: xs}
		lo, hi := r0, r1 // the rows every diagonal of the pass holds
		for t := g0; t < g1; t++ {
			off := int(a.Offsets[t])
			p.vb[t-g0], p.xb[t-g0] = t*a.Stride, off*k
			if a.ByCol {
				p.vb[t-g0] += off // the slot of column off + i (off - i)
			}
			l, h := diaSpan(a, t, r0, r1)
			lo, hi = max(lo, l), min(hi, h)
		}
		if lo >= hi {
			lo, hi = r0, r0 // no row holds them all: every row is an edge row
		}
		for _, e := range [2][2]int{{r0, lo}, {hi, r1}} {
			for i := e[0]; i < e[1]; i++ {
				q := diaMMPass{vs: vs, xs: xs}
				for t := g0; t < g1; t++ {
					if col := diaCol(a, t, i); col >= 0 && col < a.Cols {
						q.vb[q.g], q.xb[q.g] = p.vb[t-g0], p.xb[t-g0]
						q.g++
					}
				}
				diaMMRows(alpha, beta, a.Val, b, k, c, &q, i, i+1, flags)
			}
		}
		diaMMRows(alpha, beta, a.Val, b, k, c, &p, lo, hi, flags)
		flags = diaMMAdd
	}
}

// diaMMRows runs the row kernel of pass p on rows [lo, hi): the assembly's
// strips where it has them, the Go loop for the columns past them.
func diaMMRows[V Number](alpha, beta V, val, b []V, k int, c []V, p *diaMMPass, lo, hi, flags int) {
	if lo >= hi {
		return
	}
	if p.g == 0 { // a row no diagonal holds: its product is zero
		if flags != diaMMAdd {
			scaleVec(c[lo*k:hi*k], beta)
		}
		return
	}
	j0 := diaMMRowsSIMD(alpha, beta, val, b, k, c, p, lo, hi, flags)
	if j0 < k {
		diaMMRowsGo(alpha, beta, val, b, k, c, p, lo, hi, j0, flags)
	}
}

// diaMMRowsGo computes columns [j0, k) of rows [lo, hi) of pass p, four
// columns' sums at a time through the pass's diagonals, then one.
func diaMMRowsGo[V Number](alpha, beta V, val, b []V, k int, c []V, p *diaMMPass, lo, hi, j0, flags int) {
	vb, xb := p.vb[:p.g], p.xb[:p.g]
	for i := lo; i < hi; i++ {
		crow := c[i*k : i*k+k]
		j := j0
		for ; j+4 <= k; j += 4 {
			var s0, s1, s2, s3 V
			for t := range vb {
				v := val[vb[t]+i*p.vs]
				x := (*[4]V)(b[xb[t]+i*p.xs+j:])
				s0 += v * x[0]
				s1 += v * x[1]
				s2 += v * x[2]
				s3 += v * x[3]
			}
			o := (*[4]V)(crow[j:])
			o[0] = diaMMOut(o[0], s0, alpha, beta, flags)
			o[1] = diaMMOut(o[1], s1, alpha, beta, flags)
			o[2] = diaMMOut(o[2], s2, alpha, beta, flags)
			o[3] = diaMMOut(o[3], s3, alpha, beta, flags)
		}
		for ; j < k; j++ {
			var s V
			for t := range vb {
				s += val[vb[t]+i*p.vs] * b[xb[t]+i*p.xs+j]
			}
			crow[j] = diaMMOut(crow[j], s, alpha, beta, flags)
		}
	}
}

// diaMMOut returns C's new value from its old one and a pass's sum.
func diaMMOut[V Number](old, s, alpha, beta V, flags int) V {
	switch flags {
	case diaMMAdd:
		return old + scale(alpha, s)
	case diaMMReadOld:
		return scale(alpha, s) + scale(beta, old)
	}
	return scale(alpha, s)
}
