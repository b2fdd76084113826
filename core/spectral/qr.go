package spectral

import "math"

// qrThin returns Q (orthonormal columns, m x min(m, p)) and R (min(m, p) x p,
// upper triangular) with Q R = X. Tall blocks go through CholeskyQR (one
// Gram pass and one product; one read of X each, which is what a thin block
// costs), repeated once when the first pass may have left Q's columns less
// than orthonormal to 1e-10 (a condition estimate above 1e3) or always when
// exact is set (CholeskyQR2); when a Gram matrix is not numerically positive
// definite (X nearly rank deficient) Householder reflections give a Q that
// is orthonormal anyway.
func qrThin(x *mat, exact bool) (q, r *mat) {
	if x.c > 0 && x.r >= 4*x.c {
		if l1, ok := cholesky(gram(x, x)); ok {
			q1 := mul(x, invLowerT(l1))
			if !exact && pivotRatio(l1) < 1e3 {
				return q1, l1.transpose()
			}
			if l2, ok := cholesky(gram(q1, q1)); ok {
				return mul(q1, invLowerT(l2)), mulSmall(l2.transpose(), l1.transpose())
			}
		}
	}
	return householderQR(x)
}

// pivotRatio is the largest over the smallest diagonal entry of a Cholesky
// factor: an estimate of the condition number of the factored block.
func pivotRatio(l *mat) float64 {
	lo, hi := math.Inf(1), 0.0
	for i := 0; i < l.r; i++ {
		d := l.v[i*l.c+i]
		lo, hi = math.Min(lo, d), math.Max(hi, d)
	}
	return hi / lo
}

// mulSmall returns a b for small matrices.
func mulSmall(a, b *mat) *mat {
	out := newMat(a.r, b.c)
	for i := 0; i < a.r; i++ {
		for k := 0; k < a.c; k++ {
			aik := a.v[i*a.c+k]
			if aik == 0 {
				continue
			}
			for j := 0; j < b.c; j++ {
				out.v[i*b.c+j] += aik * b.v[k*b.c+j]
			}
		}
	}
	return out
}

// householderQR is qrThin by Householder reflections H_j = I - tau_j v_j v_j^T
// (v_j stored below the diagonal of a copy of X with an implicit leading 1).
func householderQR(x *mat) (q, r *mat) {
	m, p := x.r, x.c
	k := min(m, p)
	a := x.clone()
	tau := make([]float64, k)
	w := make([]float64, p)
	for j := 0; j < k; j++ {
		norm := 0.0
		for i := j; i < m; i++ {
			norm += a.v[i*p+j] * a.v[i*p+j]
		}
		norm = math.Sqrt(norm)
		alpha := a.v[j*p+j]
		if norm == 0 || norm == math.Abs(alpha) && m-j == 1 {
			continue // nothing to annihilate: H_j = I
		}
		beta := -math.Copysign(norm, alpha)
		scale := 1 / (alpha - beta)
		for i := j + 1; i < m; i++ {
			a.v[i*p+j] *= scale
		}
		tau[j] = (beta - alpha) / beta
		a.v[j*p+j] = beta
		// a[j:, j+1:] -= tau v (v^T a[j:, j+1:])
		ws := w[j+1 : p]
		copy(ws, a.v[j*p+j+1:j*p+p])
		for i := j + 1; i < m; i++ {
			vi := a.v[i*p+j]
			row := a.v[i*p+j+1 : i*p+p]
			for t := range ws {
				ws[t] += vi * row[t]
			}
		}
		for t := range ws {
			ws[t] *= tau[j]
		}
		row := a.v[j*p+j+1 : j*p+p]
		for t := range ws {
			row[t] -= ws[t]
		}
		for i := j + 1; i < m; i++ {
			vi := a.v[i*p+j]
			row := a.v[i*p+j+1 : i*p+p]
			for t := range ws {
				row[t] -= vi * ws[t]
			}
		}
	}
	r = newMat(k, p)
	for i := 0; i < k; i++ {
		for j := i; j < p; j++ {
			r.v[i*p+j] = a.v[i*p+j]
		}
	}
	q = newMat(m, k)
	for i := 0; i < k; i++ {
		q.v[i*k+i] = 1
	}
	wq := make([]float64, k)
	for j := k - 1; j >= 0; j-- {
		if tau[j] == 0 {
			continue
		}
		// q[j:, :] -= tau v (v^T q[j:, :])
		copy(wq, q.v[j*k:j*k+k])
		for i := j + 1; i < m; i++ {
			vi := a.v[i*p+j]
			if vi == 0 {
				continue
			}
			row := q.v[i*k : i*k+k]
			for t := range wq {
				wq[t] += vi * row[t]
			}
		}
		for t := range wq {
			wq[t] *= tau[j]
		}
		row := q.v[j*k : j*k+k]
		for t := range wq {
			row[t] -= wq[t]
		}
		for i := j + 1; i < m; i++ {
			vi := a.v[i*p+j]
			if vi == 0 {
				continue
			}
			row := q.v[i*k : i*k+k]
			for t := range wq {
				row[t] -= vi * wq[t]
			}
		}
	}
	return q, r
}
