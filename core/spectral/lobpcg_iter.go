package spectral

import (
	"math"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// lobpcg is the solver state. X, AX and BX (and P, AP, BP) are kept as
// linear combinations of the basis and its products, so an iteration costs
// one product with A (and one with B, one with iK) of the new block W;
// every refreshEvery iterations, and before stopping, AX and BX are
// recomputed from X so round-off in the recurrences cannot fake convergence.
type lobpcg struct {
	m, n, k, niter int
	tol            float64
	largest        bool
	method         Method
	dtype          dtype.DType
	a, b, ik       *operator

	x, ax, bx    *mat // the block of Ritz vectors (bx is x when B is nil)
	p, ap, bp    *mat // the search directions (nil before the first step)
	e            []float64
	r            *mat      // the residuals AX - BX diag(E)
	rerr         []float64 // relative residuals of the n columns
	nc           int       // converged (locked) leading columns
	aNorm, bNorm float64
	iters        int
	fresh        bool                     // AX and BX were computed from X since X last changed
	strict       bool                     // stopping short of tol is an error
	ortho        *OrthoParams             // torch's ortho knobs, resolved (nil: orthonormalize)
	tracker      func(*TrackerState) bool // called after each iteration; true stops
	stopped      bool                     // the tracker stopped the iterations
}

// refreshEvery is how often AX and BX are recomputed from X.
const refreshEvery = 20

// dropTol is the relative eigenvalue of a Gram matrix below which SVQB drops
// a direction as linearly dependent on the others.
const dropTol = 1e-10

func (s *lobpcg) applyB(x *mat) (*mat, error) {
	if s.b == nil {
		return x, nil
	}
	return s.b.apply(x)
}

// run does the first Rayleigh-Ritz step and iterates until the k leading
// pairs converge or the iteration limit is reached.
func (s *lobpcg) run() error {
	ax, err := s.a.apply(s.x)
	if err != nil {
		return err
	}
	bx, err := s.applyB(s.x)
	if err != nil {
		return err
	}
	nx := frobenius(s.x)
	if nx == 0 || math.IsNaN(nx) || math.IsInf(nx, 0) {
		return errs.Errorf(errs.ErrInvalidArgument, "X: must be finite and not all zero (norm %g)", nx)
	}
	s.aNorm, s.bNorm = frobenius(ax)/nx, frobenius(bx)/nx
	// B-orthonormalize X (scaled Cholesky of X^T B X), then Rayleigh-Ritz.
	ri, ok := rayleighRitzTransform(gram(s.x, bx), 1e-14)
	if !ok {
		if s.b != nil {
			return errs.Errorf(errs.ErrInvalidArgument, "B: must be positive definite, but X^T B X is not for the initial block X (or X has dependent columns)")
		}
		return errs.Errorf(errs.ErrInvalidArgument, "X: the initial block has linearly dependent columns")
	}
	x, ax := mul(s.x, ri), mul(ax, ri)
	if s.b != nil {
		bx = mul(bx, ri)
	} else {
		bx = x
	}
	vals, z := s.ritz(gram(x, ax))
	s.x, s.ax = mul(x, z), mul(ax, z)
	s.bx = s.x
	if s.b != nil {
		s.bx = mul(bx, z)
	}
	s.e = vals[:s.n]
	s.iters = 1
	s.residual()
	s.track()
	for !s.stop() {
		if s.iters%refreshEvery == 0 {
			if err := s.refresh(); err != nil {
				return err
			}
		}
		s.fresh = false
		grew, err := s.step()
		if err != nil {
			return err
		}
		s.iters++
		s.residual()
		s.track()
		if !grew {
			break // the residuals lie in the basis already: nothing new to add
		}
		if s.nc >= s.k { // confirm with exact products before stopping
			if err := s.refresh(); err != nil {
				return err
			}
		}
	}
	if s.fresh {
		return nil
	}
	return s.refresh()
}

// stop is torch's stopping rule.
func (s *lobpcg) stop() bool {
	return s.stopped || s.nc >= s.k || (s.niter >= 0 && s.iters >= max(s.niter, 1))
}

// track calls the tracker, if any, with the state after an iteration.
func (s *lobpcg) track() {
	if s.tracker == nil {
		return
	}
	st := &TrackerState{Iteration: s.iters, Converged: s.nc, M: s.m, N: s.n, K: s.k,
		E: s.e, Rerr: s.rerr, X: s.x.v, R: s.r.v}
	if s.tracker(st) {
		s.stopped = true
	}
}

// refresh recomputes AX and BX from X and the residuals from them; locked
// columns whose exact residual is above tol are unlocked.
func (s *lobpcg) refresh() error {
	ax, err := s.a.apply(s.x)
	if err != nil {
		return err
	}
	s.ax = ax
	if s.b != nil {
		if s.bx, err = s.b.apply(s.x); err != nil {
			return err
		}
	} else {
		s.bx = s.x
	}
	s.nc = 0
	s.residual()
	s.fresh = true
	return nil
}

// ritz solves the small symmetric eigenproblem t and orders the pairs the
// way the caller wants them (largest first when largest).
func (s *lobpcg) ritz(t *mat) ([]float64, *mat) {
	vals, z := eigSym(t)
	if !s.largest {
		return vals, z
	}
	nv := len(vals)
	rv, rz := make([]float64, nv), newMat(z.r, z.c)
	for j := 0; j < nv; j++ {
		rv[j] = vals[nv-1-j]
		for i := 0; i < z.r; i++ {
			rz.v[i*z.c+j] = z.v[i*z.c+nv-1-j]
		}
	}
	return rv, rz
}

// residual computes R = AX - BX diag(E), the relative residuals and the
// converged count (the leading columns below tol; never fewer than locked).
func (s *lobpcg) residual() {
	r := newMat(s.m, s.n)
	parallelRowsOf(s.m, s.m*s.n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			ri, ai, bi := r.row(i), s.ax.row(i), s.bx.row(i)
			for j := range ri {
				ri[j] = ai[j] - bi[j]*s.e[j]
			}
		}
	})
	s.r = r
	rn, xn := colNorms(r), colNorms(s.x)
	s.rerr = make([]float64, s.n)
	count := 0
	for j := range s.rerr {
		s.rerr[j] = rn[j] / (xn[j] * (s.aNorm + math.Abs(s.e[j])*s.bNorm))
		if count == j && s.rerr[j] < s.tol {
			count++
		}
	}
	if s.method == Basic { // soft locking: the count is recomputed
		s.nc = count
	} else {
		s.nc = max(s.nc, count)
	}
}

// rayleighRitzTransform returns Ri with Ri^T G Ri = I for a symmetric
// positive definite Gram matrix G, from the Cholesky factor of G scaled to
// a unit diagonal (torch's _get_rayleigh_ritz_transform); ok is false when
// G is not numerically positive definite (a scaled pivot at or below rel).
func rayleighRitzTransform(g *mat, rel float64) (*mat, bool) {
	n := g.r
	d := make([]float64, n)
	for i := range d {
		gii := g.v[i*n+i]
		if !(gii > 0) {
			return nil, false
		}
		d[i] = 1 / math.Sqrt(gii)
	}
	h := newMat(n, n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			h.v[i*n+j] = d[i] * g.v[i*n+j] * d[j]
		}
	}
	symmetrize(h)
	l, ok := choleskyPivot(h, rel)
	if !ok {
		return nil, false
	}
	ri := invLowerT(l)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			ri.v[i*n+j] *= d[i]
		}
	}
	return ri, true
}

// setCols writes src into the columns [lo, lo+src.c) of dst.
func setCols(dst *mat, lo int, src *mat) {
	for i := 0; i < dst.r; i++ {
		copy(dst.v[i*dst.c+lo:i*dst.c+lo+src.c], src.row(i))
	}
}
