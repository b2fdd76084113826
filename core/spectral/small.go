package spectral

import (
	"math"
	"sort"
)

// The small dense problems: symmetric eigenproblems and SVDs of matrices
// whose order is a few block sizes, solved by Jacobi rotations (accurate to
// a few ulps of the largest element, and simple enough to be trusted).

// jacobiSweeps bounds the cyclic Jacobi sweeps; convergence is quadratic and
// takes well under 20 sweeps for any order that reaches these routines.
const jacobiSweeps = 60

// eigSym returns the eigenvalues of the symmetric matrix a (ascending) and
// the eigenvectors as the columns of v. a is not modified.
func eigSym(a *mat) ([]float64, *mat) {
	n := a.r
	w := a.clone()
	symmetrize(w)
	v := identity(n)
	for sweep := 0; sweep < jacobiSweeps; sweep++ {
		off, diag := 0.0, 0.0
		for i := 0; i < n; i++ {
			diag += w.v[i*n+i] * w.v[i*n+i]
			for j := i + 1; j < n; j++ {
				off += w.v[i*n+j] * w.v[i*n+j]
			}
		}
		if off <= 1e-32*diag || off == 0 {
			break
		}
		for p := 0; p < n-1; p++ {
			for q := p + 1; q < n; q++ {
				apq := w.v[p*n+q]
				if apq == 0 {
					continue
				}
				app, aqq := w.v[p*n+p], w.v[q*n+q]
				theta := (aqq - app) / (2 * apq)
				t := math.Copysign(1, theta) / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				c := 1 / math.Sqrt(t*t+1)
				s := t * c
				for k := 0; k < n; k++ { // columns p and q
					akp, akq := w.v[k*n+p], w.v[k*n+q]
					w.v[k*n+p], w.v[k*n+q] = c*akp-s*akq, s*akp+c*akq
				}
				for k := 0; k < n; k++ { // rows p and q
					apk, aqk := w.v[p*n+k], w.v[q*n+k]
					w.v[p*n+k], w.v[q*n+k] = c*apk-s*aqk, s*apk+c*aqk
				}
				w.v[p*n+q], w.v[q*n+p] = 0, 0
				for k := 0; k < n; k++ {
					vkp, vkq := v.v[k*n+p], v.v[k*n+q]
					v.v[k*n+p], v.v[k*n+q] = c*vkp-s*vkq, s*vkp+c*vkq
				}
			}
		}
	}
	vals := make([]float64, n)
	for i := range vals {
		vals[i] = w.v[i*n+i]
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return vals[order[a]] < vals[order[b]] })
	sv, vs := make([]float64, n), newMat(n, n)
	for j, o := range order {
		sv[j] = vals[o]
		for i := 0; i < n; i++ {
			vs.v[i*n+j] = v.v[i*n+o]
		}
	}
	return sv, vs
}

// cholesky returns the lower triangular L with L L^T = a, or ok false when a
// is not numerically positive definite (a pivot at or below 1e-14 times the
// largest diagonal entry).
func cholesky(a *mat) (l *mat, ok bool) { return choleskyPivot(a, 1e-14) }

// choleskyPivot is cholesky refusing pivots at or below rel times the
// largest diagonal entry.
func choleskyPivot(a *mat, rel float64) (l *mat, ok bool) {
	n := a.r
	l = newMat(n, n)
	dmax := 0.0
	for i := 0; i < n; i++ {
		dmax = math.Max(dmax, math.Abs(a.v[i*n+i]))
	}
	tiny := rel * dmax
	for j := 0; j < n; j++ {
		d := a.v[j*n+j]
		for k := 0; k < j; k++ {
			d -= l.v[j*n+k] * l.v[j*n+k]
		}
		if !(d > tiny) {
			return nil, false
		}
		d = math.Sqrt(d)
		l.v[j*n+j] = d
		for i := j + 1; i < n; i++ {
			s := a.v[i*n+j]
			for k := 0; k < j; k++ {
				s -= l.v[i*n+k] * l.v[j*n+k]
			}
			l.v[i*n+j] = s / d
		}
	}
	return l, true
}

// invLowerT returns L^-T for a lower triangular L: X L^-T is X with its
// columns made orthonormal when L L^T = X^T X.
func invLowerT(l *mat) *mat {
	n := l.r
	inv := newMat(n, n) // L^-1, lower triangular
	for j := 0; j < n; j++ {
		inv.v[j*n+j] = 1 / l.v[j*n+j]
		for i := j + 1; i < n; i++ {
			s := 0.0
			for k := j; k < i; k++ {
				s += l.v[i*n+k] * inv.v[k*n+j]
			}
			inv.v[i*n+j] = -s / l.v[i*n+i]
		}
	}
	return inv.transpose()
}

// svdSmall returns the thin SVD a = U diag(s) V^T of a small r x c matrix
// with r >= c by one-sided Jacobi rotations on its columns: s descending,
// U r x c, V c x c.
func svdSmall(a *mat) (u *mat, s []float64, v *mat) {
	r, c := a.r, a.c
	w := a.clone()
	v = identity(c)
	for sweep := 0; sweep < jacobiSweeps; sweep++ {
		rotated := false
		for p := 0; p < c-1; p++ {
			for q := p + 1; q < c; q++ {
				alpha, beta, gamma := 0.0, 0.0, 0.0
				for i := 0; i < r; i++ {
					wp, wq := w.v[i*c+p], w.v[i*c+q]
					alpha += wp * wp
					beta += wq * wq
					gamma += wp * wq
				}
				if gamma == 0 || math.Abs(gamma) <= 1e-15*math.Sqrt(alpha*beta) {
					continue
				}
				rotated = true
				zeta := (beta - alpha) / (2 * gamma)
				t := math.Copysign(1, zeta) / (math.Abs(zeta) + math.Sqrt(1+zeta*zeta))
				cs := 1 / math.Sqrt(1+t*t)
				sn := cs * t
				for i := 0; i < r; i++ {
					wp, wq := w.v[i*c+p], w.v[i*c+q]
					w.v[i*c+p], w.v[i*c+q] = cs*wp-sn*wq, sn*wp+cs*wq
				}
				for i := 0; i < c; i++ {
					vp, vq := v.v[i*c+p], v.v[i*c+q]
					v.v[i*c+p], v.v[i*c+q] = cs*vp-sn*vq, sn*vp+cs*vq
				}
			}
		}
		if !rotated {
			break
		}
	}
	norms := colNorms(w)
	order := make([]int, c)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return norms[order[x]] > norms[order[y]] })
	u, s, vs := newMat(r, c), make([]float64, c), newMat(c, c)
	for j, o := range order {
		s[j] = norms[o]
		for i := 0; i < c; i++ {
			vs.v[i*c+j] = v.v[i*c+o]
		}
		if norms[o] > 0 {
			for i := 0; i < r; i++ {
				u.v[i*c+j] = w.v[i*c+o] / norms[o]
			}
		}
	}
	completeColumns(u, s)
	return u, s, vs
}

// completeColumns replaces the columns of u that belong to zero singular
// values (left zero by svdSmall) by unit vectors orthogonal to the others, so
// U always has orthonormal columns (as LAPACK's thin SVD gives): of the
// coordinate vectors projected off the other columns, the longest.
func completeColumns(u *mat, s []float64) {
	r, c := u.r, u.c
	for j := 0; j < c; j++ {
		if s[j] > 0 {
			continue
		}
		var best []float64
		bestNorm := -1.0
		for e := 0; e < r; e++ {
			col := make([]float64, r)
			col[e] = 1
			for pass := 0; pass < 2; pass++ {
				for k := 0; k < c; k++ {
					if k == j || (s[k] == 0 && k > j) {
						continue
					}
					d := 0.0
					for i := 0; i < r; i++ {
						d += u.v[i*c+k] * col[i]
					}
					for i := 0; i < r; i++ {
						col[i] -= d * u.v[i*c+k]
					}
				}
			}
			nrm := 0.0
			for _, x := range col {
				nrm += x * x
			}
			if nrm > bestNorm {
				best, bestNorm = col, nrm
			}
		}
		nrm := math.Sqrt(bestNorm)
		for i := 0; i < r; i++ {
			u.v[i*c+j] = best[i] / nrm
		}
	}
}
