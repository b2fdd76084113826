package spectral

import (
	"math"

	"github.com/gosparse/gosparse/core/errs"
)

// basicPivot is the smallest pivot, relative to the unit diagonal, that the
// basic method accepts in the Cholesky factor of its scaled Gram matrix:
// below it the Ritz vectors lose more than half their digits.
const basicPivot = 1e-8

// step does one LOBPCG iteration on the unlocked columns: W from the
// residuals (preconditioned by iK), Rayleigh-Ritz on S = [X_active, P, W],
// the new X and P. grew is false when W had nothing outside the basis.
func (s *lobpcg) step() (grew bool, err error) {
	// Ortho locks the converged columns: its basis is B-orthogonal to them.
	// Basic keeps them in the basis (soft locking), since nothing else would
	// keep its Ritz vectors away from them; only their residuals are left out.
	nc := s.nc
	w := s.r.cols(nc, s.n)
	if s.method == Basic {
		nc = 0
	}
	na := s.n - nc
	if s.ik != nil {
		if w, err = s.ik.apply(w); err != nil {
			return false, err
		}
	}
	var bw *mat
	switch {
	case s.ortho != nil:
		w, bw, err = s.orthoExplicit(w)
	case s.method == Ortho:
		w, bw, err = s.orthonormalize(w)
	default:
		bw, err = s.applyB(w)
	}
	if err != nil || w.c == 0 {
		return false, err
	}
	aw, err := s.a.apply(w)
	if err != nil {
		return false, err
	}
	xa, axa := s.x.cols(nc, s.n), s.ax.cols(nc, s.n)
	sb := hcat(s.m, xa, s.p, w)
	asb := hcat(s.m, axa, s.ap, aw)
	bsb := sb
	if s.b != nil {
		bsb = hcat(s.m, s.bx.cols(nc, s.n), s.bp, bw)
	}
	var coef *mat // the Ritz vectors' coefficients in S, by columns
	var vals []float64
	if s.method == Ortho {
		// S is B-orthonormal: a standard eigenproblem. The X block of
		// S^T A S is diag(E) (X are Ritz vectors), the rest is computed.
		vals, coef = s.ritz(s.projected(sb, asb, na))
	} else {
		// A Gram matrix too ill-conditioned to factor safely: restart
		// without P (as Knyazev's code does), then give up naming the step.
		ri, ok := rayleighRitzTransform(gram(sb, bsb), basicPivot)
		if !ok && s.p != nil {
			s.p, s.ap, s.bp = nil, nil, nil
			sb, asb = hcat(s.m, xa, w), hcat(s.m, axa, aw)
			bsb = sb
			if s.b != nil {
				bsb = hcat(s.m, s.bx.cols(nc, s.n), bw)
			}
			ri, ok = rayleighRitzTransform(gram(sb, bsb), basicPivot)
		}
		if !ok {
			return false, errs.Errorf(errs.ErrNoConvergence, "lobpcg(method=\"basic\"): the Gram matrix of the basis [X, P, W] is singular at iteration %d (its Cholesky factorization failed, also without P); method=\"ortho\" handles this case", s.iters+1)
		}
		var z *mat
		vals, z = s.ritz(mulSmall(mulSmall(ri.transpose(), gram(sb, asb)), ri))
		coef = mulSmall(ri, z)
	}
	cx := coef.cols(0, na)
	setCols(s.x, nc, mul(sb, cx))
	setCols(s.ax, nc, mul(asb, cx))
	if s.b != nil {
		setCols(s.bx, nc, mul(bsb, cx))
	} else {
		s.bx = s.x
	}
	copy(s.e[nc:], vals[:na])
	cp := s.directionCoefficients(coef, na)
	s.p, s.ap, s.bp = nil, nil, nil
	if cp != nil && cp.c > 0 {
		s.p, s.ap = mul(sb, cp), mul(asb, cp)
		s.bp = s.p
		if s.b != nil {
			s.bp = mul(bsb, cp)
		}
	}
	return true, nil
}

// directionCoefficients returns the coefficients in S of the next search
// directions P. Ortho: the span of the other Ritz vectors chosen by the QR
// basis of the X rows of their coefficients (Duersch et al., Algorithm 3),
// B-orthonormal and B-orthogonal to the new X by construction. Basic: the
// P and W parts of the new Ritz vectors (Knyazev 2001).
func (s *lobpcg) directionCoefficients(coef *mat, na int) *mat {
	ns := coef.r
	if s.method == Basic {
		cp := coef.cols(0, na)
		for i := 0; i < na; i++ {
			clear(cp.row(i))
		}
		return cp
	}
	if ns-na == 0 {
		return nil
	}
	z2 := coef.cols(na, ns)
	top := newMat(na, z2.c)
	copy(top.v, z2.v[:na*z2.c])
	q, _ := householderQR(top.transpose())
	return mulSmall(z2, q)
}

// orthonormalize makes W B-orthogonal to X and P and B-orthonormal
// (a projection, then SVQB: the Gram matrix scaled to a unit
// diagonal, its eigenvectors, and directions with eigenvalues below dropTol
// of the largest dropped). BW comes from one product; later corrections
// update it by the same combinations. Up to three rounds.
func (s *lobpcg) orthonormalize(w *mat) (*mat, *mat, error) {
	blocks := [][2]*mat{{s.x, s.bx}, {s.p, s.bp}}
	project(w, nil, blocks) // the check after SVQB projects again where needed
	bw, err := s.applyB(w)
	if err != nil {
		return nil, nil, err
	}
	for round := 0; ; round++ {
		t := svqb(gram(w, bw))
		if t.c == 0 {
			return t, t, nil
		}
		w, bw = s.combine(w, bw, t)
		if round == 2 || project(w, bw, blocks) <= 1e-12 {
			break
		}
	}
	return w, bw, nil
}

// combine returns W T and BW T, the same combinations of W's directions and
// of their B-images (W T itself when B is the identity).
func (s *lobpcg) combine(w, bw, t *mat) (*mat, *mat) {
	w = mul(w, t)
	if s.b == nil {
		return w, w
	}
	return w, mul(bw, t)
}

// project subtracts from W its B-projection on each (V, BV) block
// (W -= V (BV^T W)), from BW too when given, and returns the largest
// element of the projections it removed.
func project(w, bw *mat, blocks [][2]*mat) float64 {
	worst := 0.0
	for _, blk := range blocks {
		v, bv := blk[0], blk[1]
		if v == nil || v.c == 0 {
			continue
		}
		c := gram(bv, w)
		for i, x := range c.v {
			worst = math.Max(worst, math.Abs(x))
			c.v[i] = -x
		}
		mulAdd(w, v, c, 1)
		if bw != nil && bw != w {
			mulAdd(bw, bv, c, 1)
		}
	}
	return worst
}

// svqb returns T with T^T G T = I on the directions kept, for the Gram
// matrix G of a block: G scaled to a unit diagonal, its eigenvectors, each
// divided by the root of its eigenvalue; eigenvalues below dropTol of the
// largest (and zero columns) are dropped, so T may have fewer columns.
func svqb(g *mat) *mat {
	n := g.r
	d := make([]float64, n)
	dmax := 0.0
	for i := 0; i < n; i++ {
		dmax = math.Max(dmax, g.v[i*n+i])
	}
	for i := range d {
		if gii := g.v[i*n+i]; gii > 1e-28*dmax && gii > 0 {
			d[i] = 1 / math.Sqrt(gii)
		}
	}
	h := newMat(n, n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			h.v[i*n+j] = d[i] * g.v[i*n+j] * d[j]
		}
	}
	vals, z := eigSym(h)
	top := 0.0
	if n > 0 {
		top = vals[n-1]
	}
	keep := []int{}
	for j, l := range vals {
		if l > dropTol*top && l > 0 {
			keep = append(keep, j)
		}
	}
	t := newMat(n, len(keep))
	for c, j := range keep {
		f := 1 / math.Sqrt(vals[j])
		for i := 0; i < n; i++ {
			t.v[i*t.c+c] = d[i] * z.v[i*n+j] * f
		}
	}
	return t
}

// projected returns S^T A S for S = [X_active, P, W] with na active columns
// of X: the rows of P and W are computed, the X block is diag(E) and the
// X-by-(P, W) block is the transpose of the (P, W)-by-X one.
func (s *lobpcg) projected(sb, asb *mat, na int) *mat {
	ns := sb.c
	low := gramFrom(sb, na, asb) // (ns - na) x ns
	t := newMat(ns, ns)
	for i := 0; i < na; i++ {
		t.v[i*ns+i] = s.e[s.n-na+i]
	}
	for i := na; i < ns; i++ {
		copy(t.row(i), low.row(i-na))
		for j := 0; j < na; j++ {
			t.v[j*ns+i] = low.v[(i-na)*ns+j]
		}
	}
	symmetrize(t)
	return t
}
