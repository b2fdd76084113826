package spectral

import (
	"math"
	"runtime"
	"sync"
)

// mat is a dense row-major matrix: element (i, j) at v[i*c+j]. Blocks of
// vectors are stored this way because kernels.SpMM reads and writes them so.
type mat struct {
	r, c int
	v    []float64
}

// newMat returns a zeroed r x c matrix.
func newMat(r, c int) *mat { return &mat{r: r, c: c, v: make([]float64, r*c)} }

// at is element (i, j).
func (m *mat) at(i, j int) float64 { return m.v[i*m.c+j] }

// set writes element (i, j).
func (m *mat) set(i, j int, x float64) { m.v[i*m.c+j] = x }

// row is row i as a slice of m's storage.
func (m *mat) row(i int) []float64 { return m.v[i*m.c : (i+1)*m.c] }

// clone copies m.
func (m *mat) clone() *mat { return &mat{r: m.r, c: m.c, v: append([]float64(nil), m.v...)} }

// cols copies the columns [lo, hi).
func (m *mat) cols(lo, hi int) *mat {
	out := newMat(m.r, hi-lo)
	parallelRowsOf(m.r, m.r*out.c, func(a, b int) {
		for i := a; i < b; i++ {
			copy(out.row(i), m.v[i*m.c+lo:i*m.c+hi])
		}
	})
	return out
}

// hcat places the blocks side by side; nil blocks and blocks without
// columns are skipped. Every block has r rows.
func hcat(r int, blocks ...*mat) *mat {
	c := 0
	for _, b := range blocks {
		if b != nil {
			c += b.c
		}
	}
	out := newMat(r, c)
	parallelRowsOf(r, r*c, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			o := out.row(i)
			for _, b := range blocks {
				if b != nil && b.c > 0 {
					o = o[copy(o, b.row(i)):]
				}
			}
		}
	})
	return out
}

// identity is the n x n identity.
func identity(n int) *mat {
	m := newMat(n, n)
	for i := 0; i < n; i++ {
		m.v[i*n+i] = 1
	}
	return m
}

// transpose returns m^T (for small matrices).
func (m *mat) transpose() *mat {
	t := newMat(m.c, m.r)
	for i := 0; i < m.r; i++ {
		for j := 0; j < m.c; j++ {
			t.v[j*m.r+i] = m.v[i*m.c+j]
		}
	}
	return t
}

// parallelMin is the work (multiply-adds) below which one goroutine runs
// a dense kernel alone: waking helpers costs tens of microseconds.
const parallelMin = 1 << 17

// parallelRowsOf runs fn over ranges covering [0, n) on up to GOMAXPROCS
// goroutines when work is large enough, on the caller alone otherwise.
func parallelRowsOf(n, work int, fn func(lo, hi int)) {
	parts := runtime.GOMAXPROCS(0)
	if work < parallelMin || parts <= 1 || n < 2*parts {
		fn(0, n)
		return
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var fault any
	for p := 1; p < parts; p++ {
		lo, hi := n*p/parts, n*(p+1)/parts
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil { // re-raised on the caller, where the C boundary recovers
					mu.Lock()
					fault = r
					mu.Unlock()
				}
			}()
			fn(lo, hi)
		}()
	}
	fn(0, n/parts)
	wg.Wait()
	if fault != nil {
		panic(fault)
	}
}

// gram returns X^T Y for X (m x p) and Y (m x q). Each goroutine sums its
// rows into its own p x q matrix, a block of gramRows rows at a time, each
// 2 x 4 tile of the result in registers over the block (the block stays in
// cache while its tiles are swept).
func gram(x, y *mat) *mat { return gramFrom(x, 0, y) }

// gramFrom returns X[:, c0:]^T Y.
func gramFrom(x *mat, c0 int, y *mat) *mat {
	p, q, m := x.c, y.c, x.r
	var mu sync.Mutex
	out := newMat(p-c0, q)
	parallelRowsOf(m, m*(p-c0)*q, func(lo, hi int) {
		g := make([]float64, (p-c0)*q)
		for b0 := lo; b0 < hi; b0 += gramRows {
			gramBlock(x, c0, y, b0, min(b0+gramRows, hi), g)
		}
		mu.Lock()
		for t, v := range g {
			out.v[t] += v
		}
		mu.Unlock()
	})
	return out
}

// gramRows is the row block of gram: 2 blocks of 12 columns of 256 rows
// take 48 KiB.
const gramRows = 256

// gramBlock adds rows [lo, hi) of X[:, c0:]^T Y into g.
func gramBlock(x *mat, c0 int, y *mat, lo, hi int, g []float64) {
	p, q := x.c, y.c
	xv, yv := x.v, y.v
	g = g[:(p-c0)*q]
	a := c0
	for ; a+2 <= p; a += 2 {
		b := 0
		for ; b+4 <= q; b += 4 {
			var s00, s01, s02, s03, s10, s11, s12, s13 float64
			for i := lo; i < hi; i++ {
				xr := xv[i*p+a : i*p+a+2]
				yr := yv[i*q+b : i*q+b+4]
				x0, x1 := xr[0], xr[1]
				y0, y1, y2, y3 := yr[0], yr[1], yr[2], yr[3]
				s00 += x0 * y0
				s01 += x0 * y1
				s02 += x0 * y2
				s03 += x0 * y3
				s10 += x1 * y0
				s11 += x1 * y1
				s12 += x1 * y2
				s13 += x1 * y3
			}
			g0, g1 := g[(a-c0)*q+b:(a-c0)*q+b+4], g[(a+1-c0)*q+b:(a+1-c0)*q+b+4]
			g0[0] += s00
			g0[1] += s01
			g0[2] += s02
			g0[3] += s03
			g1[0] += s10
			g1[1] += s11
			g1[2] += s12
			g1[3] += s13
		}
		for ; b < q; b++ {
			var s0, s1 float64
			for i := lo; i < hi; i++ {
				yb := yv[i*q+b]
				s0 += xv[i*p+a] * yb
				s1 += xv[i*p+a+1] * yb
			}
			g[(a-c0)*q+b] += s0
			g[(a+1-c0)*q+b] += s1
		}
	}
	for ; a < p; a++ {
		for b := 0; b < q; b++ {
			var s float64
			for i := lo; i < hi; i++ {
				s += xv[i*p+a] * yv[i*q+b]
			}
			g[(a-c0)*q+b] += s
		}
	}
}

// mul returns X C for X (m x p) and a small C (p x q).
func mul(x, c *mat) *mat {
	out := newMat(x.r, c.c)
	mulAdd(out, x, c, 0)
	return out
}

// mulAdd sets out = beta*out + X C (out m x q): each output row is built in
// registers four columns at a time while the row of X and C (small, in
// cache) are read.
func mulAdd(out, x, c *mat, beta float64) {
	p, q := x.c, c.c
	if q == 0 {
		return
	}
	cv := c.v
	parallelRowsOf(x.r, x.r*p*q, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			o := out.v[i*q : i*q+q]
			xi := x.v[i*p : i*p+p]
			j := 0
			for ; j+4 <= q; j += 4 {
				var s0, s1, s2, s3 float64
				for a, xa := range xi {
					cr := cv[a*q+j : a*q+j+4]
					s0 += xa * cr[0]
					s1 += xa * cr[1]
					s2 += xa * cr[2]
					s3 += xa * cr[3]
				}
				os := o[j : j+4]
				if beta == 0 {
					os[0], os[1], os[2], os[3] = s0, s1, s2, s3
				} else {
					os[0] = beta*os[0] + s0
					os[1] = beta*os[1] + s1
					os[2] = beta*os[2] + s2
					os[3] = beta*os[3] + s3
				}
			}
			for ; j < q; j++ {
				var s float64
				for a, xa := range xi {
					s += xa * cv[a*q+j]
				}
				if beta == 0 {
					o[j] = s
				} else {
					o[j] = beta*o[j] + s
				}
			}
		}
	})
}

// colNorms returns the 2-norm of each column of m.
func colNorms(m *mat) []float64 {
	s := make([]float64, m.c)
	for i := 0; i < m.r; i++ {
		for j, v := range m.row(i) {
			s[j] += v * v
		}
	}
	for j := range s {
		s[j] = math.Sqrt(s[j])
	}
	return s
}

// frobenius is the Frobenius norm of m.
func frobenius(m *mat) float64 {
	s := 0.0
	for _, v := range m.v {
		s += v * v
	}
	return math.Sqrt(s)
}

// symmetrize replaces a square m by (m + m^T)/2.
func symmetrize(m *mat) {
	for i := 0; i < m.r; i++ {
		for j := i + 1; j < m.c; j++ {
			a := 0.5 * (m.v[i*m.c+j] + m.v[j*m.c+i])
			m.v[i*m.c+j], m.v[j*m.c+i] = a, a
		}
	}
}
