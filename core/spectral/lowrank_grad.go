package spectral

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Backward back-propagates the gradients of the outputs U (m x q), S (q)
// and V (n x q), row-major, nil for an output that gets none, through the
// composition the tape recorded. It returns two dense factors of dtype d,
// left (m x k) and right (n x k), with the gradient of the dense m x n
// matrix the method decomposed equal to left @ right^T: of A - M for
// SvdLowrank (so -left @ right^T is M's), of A itself for PcaLowrank, the
// centring's column-mean term included. The caller samples it on a sparse
// operand's pattern instead of forming it. Repeated or zero singular values
// give infinite gradients, as the SVD's derivative is (torch's too).
func (t *LowrankTape) Backward(gU, gS, gV []float64, d dtype.DType) (left, right *tensor.Tensor, err error) {
	if t == nil || t.op == nil {
		return nil, nil, errs.Errorf(errs.ErrInvalidArgument, "lowrank backward: the tape holds no completed forward")
	}
	mt, nt, q := t.op.rows, t.op.cols, len(t.s)
	m, n := mt, nt
	if t.wide {
		m, n = n, m
	}
	for _, c := range []struct {
		name string
		g    []float64
		want int
	}{{"U", gU, m * q}, {"S", gS, q}, {"V", gV, n * q}} {
		if c.g != nil && len(c.g) != c.want {
			return nil, nil, errs.Errorf(errs.ErrInvalidArgument, "lowrank backward: the gradient of %s has %d elements, expected %d", c.name, len(c.g), c.want)
		}
	}
	gu, gv := matOr(gU, mt, q), matOr(gV, nt, q) // in the tall orientation
	if t.wide {
		gu, gv = matOr(gV, mt, q), matOr(gU, nt, q)
	}
	ls, rs, err := t.factors(gu, gS, gv)
	if err != nil {
		return nil, nil, err
	}
	l, r := hcat(mt, ls...), hcat(nt, rs...)
	if t.wide {
		l, r = r, l
	}
	if t.rows > 0 {
		centreColumns(l)
	}
	if left, err = tensorOf(l, d); err != nil {
		return nil, nil, err
	}
	right, err = tensorOf(r, d)
	return left, right, err
}

// factors returns the gradient of Â as the sum of the products
// ls[i] @ rs[i]^T: U = Q U_B, then B = Q^T Â, then each QR and product of
// the range finder, last first.
func (t *LowrankTape) factors(gu *mat, gS []float64, gv *mat) (ls, rs []*mat, err error) {
	// U = Q U_B: gQ = gU U_B^T, gU_B = Q^T gU.
	gq := mul(gu, t.ub.transpose())
	gbt := t.svdBackwardT(gram(t.q, gu), gS, gv)
	// B = Q^T Â: gÂ += Q gB, gQ += Â gB^T.
	ab, err := t.op.apply(gbt)
	if err != nil {
		return nil, nil, err
	}
	addTo(gq, ab)
	ls, rs = append(ls, t.q), append(rs, gbt)
	for i := len(t.steps) - 1; i >= 0; i-- {
		st := t.steps[i]
		gx := qrBackward(st.q, st.r, gq)
		if !st.transposed { // X = Â in: gÂ += gX in^T, g(in) = Â^T gX
			ls, rs = append(ls, gx), append(rs, st.in)
			if i > 0 {
				if gq, err = t.opT.apply(gx); err != nil {
					return nil, nil, err
				}
			}
			continue
		}
		// X = Â^T in: gÂ += in gX^T, g(in) = Â gX.
		ls, rs = append(ls, st.in), append(rs, gx)
		if gq, err = t.op.apply(gx); err != nil {
			return nil, nil, err
		}
	}
	return ls, rs, nil
}

// svdBackwardT returns gB^T (n' x q) for B = U_B diag(s) V_B^T (q x n', U_B
// square) given gU_B, gS (nil: zero) and gV_B, by the SVD's derivative:
// gB = U_B [(F o skew(U_B^T gU_B)) S + S (F o skew(V_B^T gV_B)) + diag(gS)] V_B^T
// + U_B S^-1 gV_B^T (I - V_B V_B^T), F_ij = 1/(s_j^2 - s_i^2), skew(X) = X - X^T.
func (t *LowrankTape) svdBackwardT(gub *mat, gS []float64, gvb *mat) *mat {
	q, s := len(t.s), t.s
	j := gram(t.ub, gub) // U_B^T gU_B
	k := gram(t.vb, gvb) // V_B^T gV_B
	inner := newMat(q, q)
	for a := 0; a < q; a++ {
		for b := 0; b < q; b++ {
			if a == b {
				if gS != nil {
					inner.v[a*q+a] = gS[a]
				}
				continue
			}
			su := j.v[a*q+b] - j.v[b*q+a]
			sv := k.v[a*q+b] - k.v[b*q+a]
			inner.v[a*q+b] = (su*s[b] + s[a]*sv) / (s[b]*s[b] - s[a]*s[a])
		}
	}
	// gB^T = [V_B inner^T + (gV_B - V_B K) S^-1] U_B^T.
	w := mul(t.vb, inner.transpose())
	vk := mul(t.vb, k)
	for r := 0; r < w.r; r++ {
		for j := 0; j < q; j++ {
			w.v[r*q+j] += (gvb.v[r*q+j] - vk.v[r*q+j]) / s[j]
		}
	}
	return mul(w, t.ub.transpose())
}

// qrBackward returns the gradient of X for X = Q R (Q m x k with m >= k, R
// upper triangular, R's gradient zero) given Q's: with
// M = triu(-Q^T gQ) and sym(M) = M + M^T - diag(M),
// gX = (gQ + Q sym(M)) R^-T.
func qrBackward(q, r, gq *mat) *mat {
	k := r.r
	m := gram(q, gq)
	sym := newMat(k, k)
	for i := 0; i < k; i++ {
		for j := i; j < k; j++ {
			v := -m.v[i*k+j]
			sym.v[i*k+j], sym.v[j*k+i] = v, v
		}
	}
	w := mul(q, sym)
	addTo(w, gq)
	// Each row x of gX solves x R^T = w, that is R x^T = w^T: back substitution.
	parallelRowsOf(w.r, w.r*k*k, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			x := w.row(i)
			for a := k - 1; a >= 0; a-- {
				s := x[a]
				for b := a + 1; b < k; b++ {
					s -= r.v[a*r.c+b] * x[b]
				}
				x[a] = s / r.v[a*r.c+a]
			}
		}
	})
	return w
}

// addTo adds b to a (same shape).
func addTo(a, b *mat) {
	for i, v := range b.v {
		a.v[i] += v
	}
}

// centreColumns subtracts from each column of m its mean over the rows:
// (I - 1 1^T / m) left, the centring's term of PcaLowrank's gradient.
func centreColumns(m *mat) {
	if m.r == 0 {
		return
	}
	mean := make([]float64, m.c)
	for i := 0; i < m.r; i++ {
		for j, v := range m.row(i) {
			mean[j] += v
		}
	}
	for j := range mean {
		mean[j] /= float64(m.r)
	}
	for i := 0; i < m.r; i++ {
		row := m.row(i)
		for j := range row {
			row[j] -= mean[j]
		}
	}
}

// matOr wraps a row-major r x c slice as a matrix, zeros when v is nil.
func matOr(v []float64, r, c int) *mat {
	if v == nil {
		return newMat(r, c)
	}
	return &mat{r: r, c: c, v: v}
}
