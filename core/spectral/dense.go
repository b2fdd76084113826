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

// gram returns X^T Y for X (m x p) and Y (m x q): each goroutine sums its
// rows into its own p x q matrix, four rows at a time.
func gram(x, y *mat) *mat {
	p, q, m := x.c, y.c, x.r
	var mu sync.Mutex
	out := newMat(p, q)
	parallelRowsOf(m, m*p*q, func(lo, hi int) {
		g := make([]float64, p*q)
		i := lo
		for ; i+4 <= hi; i += 4 {
			x0, x1, x2, x3 := x.row(i), x.row(i+1), x.row(i+2), x.row(i+3)
			y0, y1, y2, y3 := y.row(i), y.row(i+1), y.row(i+2), y.row(i+3)
			y1, y2, y3 = y1[:len(y0)], y2[:len(y0)], y3[:len(y0)]
			for a := 0; a < p; a++ {
				a0, a1, a2, a3 := x0[a], x1[a], x2[a], x3[a]
				ga := g[a*q : a*q+q]
				ga = ga[:len(y0)]
				for b, v := range y0 {
					ga[b] += a0*v + a1*y1[b] + a2*y2[b] + a3*y3[b]
				}
			}
		}
		for ; i < hi; i++ {
			xi, yi := x.row(i), y.row(i)
			for a := 0; a < p; a++ {
				xa := xi[a]
				ga := g[a*q : a*q+q]
				for b, v := range yi {
					ga[b] += xa * v
				}
			}
		}
		mu.Lock()
		for t, v := range g {
			out.v[t] += v
		}
		mu.Unlock()
	})
	return out
}

// mul returns X C for X (m x p) and a small C (p x q).
func mul(x, c *mat) *mat {
	out := newMat(x.r, c.c)
	mulAdd(out, x, c, 0)
	return out
}

// mulAdd sets out = beta*out + X C (out m x q).
func mulAdd(out, x, c *mat, beta float64) {
	p, q := x.c, c.c
	if q == 0 {
		return
	}
	parallelRowsOf(x.r, x.r*p*q, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			o := out.row(i)
			if beta == 0 {
				clear(o)
			} else if beta != 1 {
				for j := range o {
					o[j] *= beta
				}
			}
			xi := x.row(i)
			for a, xa := range xi {
				if xa == 0 {
					continue
				}
				ca := c.v[a*q : a*q+q]
				ca = ca[:len(o)]
				for j := range o {
					o[j] += xa * ca[j]
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
