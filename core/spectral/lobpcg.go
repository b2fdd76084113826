package spectral

import (
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Method selects the LOBPCG variant, as torch.lobpcg's method argument.
type Method int32

const (
	// Ortho (torch's default, "ortho") keeps the basis [X, P, W]
	// B-orthonormal: W is projected off X and P and orthonormalized by SVQB
	// (Stathopoulos-Wu; Duersch et al. 2018), and P comes from the Ritz
	// coefficients already orthonormal, so the Rayleigh-Ritz problem is a
	// standard symmetric eigenproblem.
	Ortho Method = iota
	// Basic ("basic", Knyazev 2001) solves the Rayleigh-Ritz problem of the
	// raw basis through a Cholesky factor of its Gram matrix; it fails when
	// that matrix is singular, which the error names.
	Basic
)

// DefaultNiter is torch.lobpcg's iteration limit when niter is None.
const DefaultNiter = 1000

// LobpcgOptions are torch.lobpcg's arguments besides A. Zero values take
// torch's defaults where the comment says so.
type LobpcgOptions struct {
	K  int            // eigenpairs wanted; 0: X's column count, or 1
	N  int            // block size; 0: K (ignored when X is given: X's column count)
	B  *tensor.Tensor // symmetric positive definite (nil: the identity)
	X  *tensor.Tensor // initial block (m, n), dense or sparse; nil: normal draws
	IK *tensor.Tensor // preconditioner applied to the residuals (nil: none)
	// Niter is the iteration limit, the first Rayleigh-Ritz step counted
	// (torch's count); -1 runs until convergence.
	Niter int
	// Tol is the relative residual tolerance; 0: torch's default, the square
	// root of the result dtype's machine epsilon.
	Tol     float64
	Largest bool
	Method  Method
	Seed    uint64 // the draws of X when X is nil
	// Strict turns stopping at Niter before Tol is met into an
	// ErrNoConvergence error naming the iterations and the residual; when
	// false the result comes back with Converged < K (torch's behaviour).
	Strict bool
	// Ortho, when not nil, orthonormalizes each new block as torch's
	// _get_ortho does with these knobs (torch's ortho_*params; method Ortho
	// only). nil keeps this solver's own scheme: SVQB dropping the
	// directions below 1e-10 of the largest, up to three projections.
	Ortho *OrthoParams
	// Tracker, when not nil, is called after each iteration (the first
	// Rayleigh-Ritz step included), as torch calls its tracker; returning
	// true stops the iterations there (torch's bvars["force_stop"]), which
	// is never an ErrNoConvergence error.
	Tracker func(*TrackerState) bool
}

// TrackerState is what a Tracker sees after an iteration: what torch's
// tracker reads from its LOBPCG object. The slices are the solver's own,
// valid during the call only: copy what you keep, change nothing.
type TrackerState struct {
	Batch     int       // the matrix of a batched A, in the flat order (torch's iparams["batch_index"]); 0 otherwise
	Iteration int       // iterations done, the first Rayleigh-Ritz step counted (torch's istep)
	Converged int       // leading pairs below tol (torch's converged_count)
	M, N, K   int       // A's order, the block size, the pairs wanted
	E         []float64 // the n current Ritz values, in the order returned
	Rerr      []float64 // their relative residuals (torch's tvars["rerr"])
	X, R      []float64 // m x n, row-major: the Ritz vectors and the residuals A X - B X diag(E)
}

// LobpcgResult is torch.lobpcg's (E, X) with the iteration record.
type LobpcgResult struct {
	E, X       *tensor.Tensor // (k,) and (m, k), largest first or smallest first
	Iterations int            // iterations done, the first Rayleigh-Ritz step counted
	Converged  int            // leading eigenpairs whose relative residual is below tol
	Residual   float64        // the largest relative residual of the k returned pairs
	Tol        float64        // the tolerance used
}

// Lobpcg finds the k largest (or smallest) eigenpairs of the symmetric A,
// or of A x = λ B x, with torch.lobpcg's semantics: block size n >= k,
// m >= 3 n, convergence when the relative residual
// ||A x - λ B x|| / (||x|| (||A|| + |λ| ||B||)) of the k leading pairs is
// below tol (the norms estimated from the initial block, Duersch et al.
// §4.3), converged pairs locked. A, B and iK may have any format; an A with
// batch dimensions (*, m, m) is solved matrix by matrix (lobpcgBatch). When
// Strict and tol is not met, the error (ErrNoConvergence) comes with a
// result that holds the record only.
func Lobpcg(a *tensor.Tensor, o LobpcgOptions) (*LobpcgResult, error) {
	if a != nil && a.NDim() > 2 {
		return lobpcgBatch(a, o)
	}
	s, err := newLobpcg(a, o)
	if err != nil {
		return nil, err
	}
	if err := s.run(); err != nil {
		return nil, err
	}
	return s.result()
}

// newLobpcg checks the arguments (torch's checks and the ones that keep the
// answer meaningful: symmetric A and B, B positive definite) and builds the
// solver.
func newLobpcg(a *tensor.Tensor, o LobpcgOptions) (*lobpcg, error) {
	if err := checkOperand("A", a); err != nil {
		return nil, err
	}
	sh := slices.Clone(a.Dims())
	if sh[0] != sh[1] {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "A: must be square, got shape %v", sh)
	}
	m := int(sh[0])
	dt := resultDType(a.DType())
	if o.B != nil {
		if err := checkOperand("B", o.B); err != nil {
			return nil, err
		}
		if bs := slices.Clone(o.B.Dims()); bs[0] != sh[0] || bs[1] != sh[1] {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "B: must have A's shape %v, got %v", sh, bs)
		}
	}
	if o.IK != nil {
		if err := checkOperand("iK", o.IK); err != nil {
			return nil, err
		}
		if ks := slices.Clone(o.IK.Dims()); ks[0] != sh[0] || ks[1] != sh[1] {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "iK: must have A's shape %v, got %v", sh, ks)
		}
	}
	if o.K < 0 || o.N < 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "k = %d and n = %d: must not be negative", o.K, o.N)
	}
	k, n := o.K, o.N
	if o.X != nil {
		if err := checkOperand("X", o.X); err != nil {
			return nil, err
		}
		xs := slices.Clone(o.X.Dims())
		if xs[0] != sh[0] {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "X: must have %d rows (A's order), got shape %v", m, xs)
		}
		n = int(xs[1])
		if k == 0 {
			k = n
		}
	} else {
		if k == 0 {
			k = 1
		}
		if n == 0 {
			n = k
		}
	}
	if n == 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "X: must have at least one column")
	}
	if k > n {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "k = %d: must not exceed the block size n = %d (X's columns)", k, n)
	}
	if m < 3*n {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "LOBPCG algorithm is not applicable when the number of A rows (=%d) is smaller than 3 x the number of requested eigenpairs (=%d)", m, n)
	}
	if o.Niter < -1 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "niter = %d: must be -1 (until convergence) or non-negative", o.Niter)
	}
	if o.Method != Ortho && o.Method != Basic {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "method = %d: must be ortho (0) or basic (1)", o.Method)
	}
	if o.Ortho != nil && o.Method != Ortho {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "ortho parameters: apply to method ortho only, got method basic")
	}
	tol := o.Tol
	if math.IsNaN(tol) || tol < 0 || math.IsInf(tol, 0) {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "tol = %g: must be a finite non-negative number", tol)
	}
	if tol == 0 {
		tol = math.Sqrt(map[dtype.DType]float64{dtype.Float32: 1.2e-07, dtype.Float64: 2.23e-16}[dt])
	}
	// The working set: about 12 blocks of up to 3n columns of m doubles.
	if err := budget.Check("lobpcg workspace", budget.Mul(int64(m), int64(36*n)), 8); err != nil {
		return nil, err
	}
	s := &lobpcg{m: m, n: n, k: k, niter: o.Niter, tol: tol, largest: o.Largest, method: o.Method, dtype: dt, strict: o.Strict, tracker: o.Tracker}
	if o.Ortho != nil {
		p, err := o.Ortho.resolve(tol)
		if err != nil {
			return nil, err
		}
		s.ortho = &p
	}
	var err error
	if s.a, err = newOperator(a, false); err != nil {
		return nil, err
	}
	if err := checkSymmetric("A", a, s.a, 1e-6); err != nil {
		return nil, err
	}
	if o.B != nil {
		if s.b, err = newOperator(o.B, false); err != nil {
			return nil, err
		}
		if err := checkSymmetric("B", o.B, s.b, 1e-6); err != nil {
			return nil, err
		}
	}
	if o.IK != nil {
		if s.ik, err = newOperator(o.IK, false); err != nil {
			return nil, err
		}
	}
	if o.X != nil {
		if s.x, err = denseOf(o.X); err != nil {
			return nil, err
		}
	} else {
		s.x = randn(m, n, o.Seed)
	}
	return s, nil
}

// result returns the k leading pairs with the exact residual record; under
// Strict, stopping short of tol is an ErrNoConvergence error, returned with
// the record (E and X nil).
func (s *lobpcg) result() (*LobpcgResult, error) {
	res := &LobpcgResult{Iterations: s.iters, Converged: min(s.nc, s.k), Tol: s.tol}
	for _, r := range s.rerr[:s.k] {
		res.Residual = math.Max(res.Residual, r)
	}
	if s.nc < s.k && s.strict && !s.stopped {
		return res, errs.Errorf(errs.ErrNoConvergence, "lobpcg: no convergence after %d iterations: %d of %d eigenpairs reached tol = %.3g, the largest relative residual is %.3g (raise niter, loosen tol, or pass niter explicitly to accept the approximation)", s.iters, res.Converged, s.k, s.tol, res.Residual)
	}
	var err error
	if res.E, err = vectorOf(s.e[:s.k], s.dtype); err != nil {
		return nil, err
	}
	if res.X, err = tensorOf(s.x.cols(0, s.k), s.dtype); err != nil {
		return nil, err
	}
	return res, nil
}
