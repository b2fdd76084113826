package spectral

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
)

// LowrankResult is torch's (U, S, V) with A ≈ U diag(S) V^T.
type LowrankResult struct {
	U, S, V *tensor.Tensor
}

// SvdLowrank is torch.svd_lowrank(A, q, niter, M) for a real matrix A of any
// format: Halko et al.'s randomized range finder with niter subspace
// iterations (QR after every product) on an n x q normal draw determined by
// seed, then the SVD of Q^T A. M, when given, is subtracted (A - M is never
// formed; M may be sparse or dense, of A's shape). q beyond min(m, n) is
// reduced to it (torch's shapes); a wide A is handled through A^T as torch
// does.
func SvdLowrank(a *tensor.Tensor, q, niter int, m *tensor.Tensor, seed uint64) (*LowrankResult, error) {
	return svdLowrank(a, q, niter, m, seed, nil)
}

// svdLowrank is SvdLowrank, recording on tape when it is not nil.
func svdLowrank(a *tensor.Tensor, q, niter int, m *tensor.Tensor, seed uint64, tape *LowrankTape) (*LowrankResult, error) {
	if err := checkOperand("A", a); err != nil {
		return nil, err
	}
	if m != nil {
		if err := checkOperand("M", m); err != nil {
			return nil, err
		}
		if ms, as := slices.Clone(m.Dims()), slices.Clone(a.Dims()); ms[0] != as[0] || ms[1] != as[1] {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "M: must have A's shape %v, got %v", as, ms)
		}
	}
	if err := checkLowrankArgs(q, niter); err != nil {
		return nil, err
	}
	op, opT, err := operatorPair(a)
	if err != nil {
		return nil, err
	}
	if m != nil {
		// A - M: M's own operators, negated, as extra terms.
		if op, opT, err = withDifference(op, opT, m); err != nil {
			return nil, err
		}
	}
	return lowrank(op, opT, q, niter, seed, resultDType(a.DType()), tape)
}

// PcaLowrank is torch.pca_lowrank(A, q, center, niter): SvdLowrank of A with
// its column means subtracted when center, the centring applied as the
// rank-one term -1 c^T inside every product (a sparse A stays sparse).
// q < 0 takes torch's default min(6, m, n); q must not exceed min(m, n).
func PcaLowrank(a *tensor.Tensor, q int, center bool, niter int, seed uint64) (*LowrankResult, error) {
	return pcaLowrank(a, q, center, niter, seed, nil)
}

// pcaLowrank is PcaLowrank, recording on tape when it is not nil.
func pcaLowrank(a *tensor.Tensor, q int, center bool, niter int, seed uint64, tape *LowrankTape) (*LowrankResult, error) {
	if err := checkOperand("A", a); err != nil {
		return nil, err
	}
	s := slices.Clone(a.Dims())
	rows, cols := int(s[0]), int(s[1])
	if q < 0 {
		q = min(6, rows, cols)
	} else if q > min(rows, cols) {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "q(=%d) must be non-negative integer and not greater than min(m, n)=%d", q, min(rows, cols))
	}
	if err := checkLowrankArgs(q, niter); err != nil {
		return nil, err
	}
	op, opT, err := operatorPair(a)
	if err != nil {
		return nil, err
	}
	if center && rows > 0 {
		// c = A^T 1 / m, through the transpose's product (fill terms included).
		ones := newMat(rows, 1)
		for i := range ones.v {
			ones.v[i] = 1
		}
		c, err := opT.apply(ones)
		if err != nil {
			return nil, err
		}
		for j := range c.v {
			c.v[j] = -c.v[j] / float64(rows)
		}
		op.addRankOne(constant(rows, 1), c.v)
		opT.addRankOne(c.v, constant(rows, 1))
		tape.centred(rows)
	}
	return lowrank(op, opT, q, niter, seed, resultDType(a.DType()), tape)
}

// checkLowrankArgs is torch's q >= 0 and niter >= 0.
func checkLowrankArgs(q, niter int) error {
	if q < 0 {
		return errs.Errorf(errs.ErrInvalidArgument, "q(=%d) must be a non-negative integer", q)
	}
	if niter < 0 {
		return errs.Errorf(errs.ErrInvalidArgument, "niter(=%d) must be non-negative integer", niter)
	}
	return nil
}

// withDifference adds -M to the operators of A and A^T as a difference of
// products: (A - M) x = A x - M x.
func withDifference(op, opT *operator, m *tensor.Tensor) (*operator, *operator, error) {
	mo, moT, err := operatorPair(m)
	if err != nil {
		return nil, nil, err
	}
	return difference(op, mo), difference(opT, moT), nil
}

// difference is the operator x -> a x - b x.
func difference(a, b *operator) *operator {
	return &operator{rows: a.rows, cols: a.cols, spmm: func(x, y *mat) error {
		ya, err := a.apply(x)
		if err != nil {
			return err
		}
		yb, err := b.apply(x)
		if err != nil {
			return err
		}
		for i := range y.v {
			y.v[i] = ya.v[i] - yb.v[i]
		}
		return nil
	}}
}

// lowrank runs Halko et al.'s Algorithms 4.4 and 5.1 on the operator of A
// (op) and of A^T (opT), working on the transpose when A is wide. A tape
// that is not nil records what the backward needs (lowrank_tape.go).
func lowrank(op, opT *operator, q, niter int, seed uint64, dt dtype.DType, tape *LowrankTape) (*LowrankResult, error) {
	wide := op.rows < op.cols
	if wide {
		op, opT = opT, op
	}
	q = min(q, op.cols) // op is tall now: min(m, n) = op.cols
	// The range finder: Q spans A's dominant column space.
	omega := randn(op.cols, q, seed)
	y, err := op.apply(omega)
	if err != nil {
		return nil, err
	}
	qm, rm := qrThin(y, niter == 0)
	tape.step(omega, qm, rm, false)
	for it := 0; it < niter; it++ {
		z, err := opT.apply(qm)
		if err != nil {
			return nil, err
		}
		qz, rz := qrThin(z, false)
		tape.step(qm, qz, rz, true)
		if y, err = op.apply(qz); err != nil {
			return nil, err
		}
		qm, rm = qrThin(y, it == niter-1)
		tape.step(qz, qm, rm, false)
	}
	// B = Q^T A, through B^T = A^T Q = Qb Rb and the SVD of Rb^T: with
	// Rb^T = Ur S Vr^T, B = Ur S (Qb Vr)^T.
	bt, err := opT.apply(qm)
	if err != nil {
		return nil, err
	}
	qb, rb := qrThin(bt, true)
	ur, s, vr := svdSmall(rb.transpose())
	u, v := mul(qm, ur), mul(qb, vr)
	tape.finish(op, opT, wide, qm, ur, s, v)
	if wide {
		u, v = v, u
	}
	res := &LowrankResult{}
	if res.U, err = tensorOf(u, dt); err != nil {
		return nil, err
	}
	if res.S, err = vectorOf(s, dt); err != nil {
		return nil, err
	}
	if res.V, err = tensorOf(v, dt); err != nil {
		return nil, err
	}
	return res, nil
}
