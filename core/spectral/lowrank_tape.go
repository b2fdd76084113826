package spectral

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// LowrankTape is what the backward of SvdLowrank and PcaLowrank needs:
// the forward's intermediates, held by reference (no copies), in the
// orientation the algorithm ran in (Â = A - M, or its transpose when A is
// wide, so that Â is tall). torch's svd_lowrank is differentiated as the
// composition it runs: for the random draw used, the gradient is that of
// Q from the QR of Â Ω and of each power iteration, B = Q^T Â, the SVD of
// B and U = Q U_B.
type LowrankTape struct {
	op, opT *operator // Â and Â^T, centring and fill terms included
	wide    bool      // Â is A^T
	rows    int       // A's rows when the centring of PcaLowrank is applied, else 0
	steps   []qrStep  // the products and QRs of the range finder, in order
	q       *mat      // the final Q (m' x q)
	ub      *mat      // U_B (q x q)
	s       []float64 // the singular values
	vb      *mat      // V_B (n' x q)
}

// qrStep is one product of the range finder and its QR: X = Â in (or
// Â^T in when transposed), X = Q R.
type qrStep struct {
	in, q, r   *mat
	transposed bool
}

// step records a product and its QR (nothing on a nil tape).
func (t *LowrankTape) step(in, q, r *mat, transposed bool) {
	if t != nil {
		t.steps = append(t.steps, qrStep{in: in, q: q, r: r, transposed: transposed})
	}
}

// centred records that Â is A with its column means (over rows rows)
// subtracted.
func (t *LowrankTape) centred(rows int) {
	if t != nil {
		t.rows = rows
	}
}

// finish records the operators and B's SVD.
func (t *LowrankTape) finish(op, opT *operator, wide bool, q, ub *mat, s []float64, vb *mat) {
	if t != nil {
		t.op, t.opT, t.wide, t.q, t.ub, t.s, t.vb = op, opT, wide, q, ub, s, vb
	}
}

// SvdLowrankTaped is SvdLowrank that also returns the tape of its
// intermediates, for its backward.
func SvdLowrankTaped(a *tensor.Tensor, q, niter int, m *tensor.Tensor, seed uint64) (*LowrankResult, *LowrankTape, error) {
	tape := &LowrankTape{}
	res, err := svdLowrank(a, q, niter, m, seed, tape)
	if err != nil {
		return nil, nil, err
	}
	return res, tape, nil
}

// PcaLowrankTaped is PcaLowrank that also returns the tape of its
// intermediates, for its backward.
func PcaLowrankTaped(a *tensor.Tensor, q int, center bool, niter int, seed uint64) (*LowrankResult, *LowrankTape, error) {
	tape := &LowrankTape{}
	res, err := pcaLowrank(a, q, center, niter, seed, tape)
	if err != nil {
		return nil, nil, err
	}
	return res, tape, nil
}

// LowrankDraw returns the random matrix R (torch's get_approximate_basis
// draw) that SvdLowrank and PcaLowrank use for an m x n matrix, q and seed:
// min(m, n) x min(q, m, n) standard normal draws, float64. Running torch's
// composition on it gives the same results, so it lets callers compare.
func LowrankDraw(m, n, q int, seed uint64) (*tensor.Tensor, error) {
	if m < 0 || n < 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "shape: must not be negative, got (%d, %d)", m, n)
	}
	if err := checkLowrankArgs(q, 0); err != nil {
		return nil, err
	}
	k := min(m, n)
	if err := budget.Check("the lowrank draw", budget.Mul(int64(k), int64(min(q, k))), 8); err != nil {
		return nil, err
	}
	return tensorOf(randn(k, min(q, k), seed), dtype.Float64)
}
