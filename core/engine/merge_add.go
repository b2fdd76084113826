package engine

import "github.com/gosparse/gosparse/kernels"

// The add merge's row kernels: add keeps the whole union of the patterns,
// so its count reads the columns only, and its fill needs no keep test.
// They walk rows [lo, hi) by index into the whole arrays (no per-row
// slices), the two-pointer loop first and the tails after it, so the hot
// loop has one compare per entry.

// addCountRows writes the union size of row r to cnt[r+1] for r in
// [lo, hi) and reports false when a row's columns are not strictly
// increasing.
func addCountRows[I kernels.Index](pa, ca, pb, cb []I, cnt []I, lo, hi int) bool {
	a0, b0 := pa[0], pb[0]
	for r := lo; r < hi; r++ {
		i, ie := int(pa[r]-a0), int(pa[r+1]-a0)
		j, je := int(pb[r]-b0), int(pb[r+1]-b0)
		ra, rb := ca[i:ie], cb[j:je]
		if !increasing(ra) || !increasing(rb) {
			return false
		}
		both, x, y := 0, 0, 0
		for x < len(ra) && y < len(rb) {
			switch p, q := ra[x], rb[y]; {
			case p < q:
				x++
			case q < p:
				y++
			default:
				both++
				x++
				y++
			}
		}
		cnt[r+1] = I(len(ra) + len(rb) - both)
	}
	return true
}

// addFillRows writes rows [lo, hi) of a + alpha*b into oc and ov from
// offset pos[r], for real values computed in domain A: an entry of a only
// is va + alpha*fb (or va itself, keepA), of b only fa + alpha*vb, computed
// as mergeArith does (bit for bit).
func addFillRows[I kernels.Index, V realVal, A realAcc](m mergeArith[A], pa, ca []I, va []V, pb, cb []I, vb []V, pos, oc []I, ov []V, lo, hi int) {
	a0, b0 := pa[0], pb[0]
	alpha, fa, afb, keepA := m.alpha, m.fa, m.afb, m.keepA
	va, vb = va[:len(ca)], vb[:len(cb)]
	onlyA := func(x V) V {
		if keepA {
			return x
		}
		return V(A(x) + afb)
	}
	for r := lo; r < hi; r++ {
		i, ie := int(pa[r]-a0), int(pa[r+1]-a0)
		j, je := int(pb[r]-b0), int(pb[r+1]-b0)
		n, ne := int(pos[r]), int(pos[r+1])
		c, v := oc[n:ne], ov[n:ne]
		k := 0
		for i < ie && j < je {
			p, q := ca[i], cb[j]
			switch {
			case p < q:
				c[k], v[k] = p, onlyA(va[i])
				i++
			case q < p:
				c[k], v[k] = q, V(fa+alpha*A(vb[j]))
				j++
			default:
				c[k], v[k] = p, V(A(va[i])+alpha*A(vb[j]))
				i++
				j++
			}
			k++
		}
		for ; i < ie; i++ {
			c[k], v[k] = ca[i], onlyA(va[i])
			k++
		}
		for ; j < je; j++ {
			c[k], v[k] = cb[j], V(fa+alpha*A(vb[j]))
			k++
		}
	}
}

// addOneRows is the one-pass add of rows [lo, hi) for real values (see
// mergeOnePass): each row's union written from offset at, rows one after
// another, its count to cnt[r], each value as addFillRows computes it.
// Each column is checked against the one before it in its row as the merge
// consumes it (the count pass's check); st is mergeUnordered when one is
// not greater.
func addOneRows[I kernels.Index, V realVal, A realAcc](m mergeArith[A], pa, ca []I, va []V, pb, cb []I, vb []V, cnt, oc []I, ov []V, at, lo, hi int) (int, mergeStatus) {
	a0, b0 := pa[0], pb[0]
	alpha, fa, afb, keepA := m.alpha, m.fa, m.afb, m.keepA
	va, vb = va[:len(ca)], vb[:len(cb)]
	onlyA := func(x V) V {
		if keepA {
			return x
		}
		return V(A(x) + afb)
	}
	n := at
	for r := lo; r < hi; r++ {
		i, ie := int(pa[r]-a0), int(pa[r+1]-a0)
		j, je := int(pb[r]-b0), int(pb[r+1]-b0)
		c, v := oc[n:n+(ie-i)+(je-j)], ov[n:n+(ie-i)+(je-j)]
		k := 0
		lastA, lastB := minIndex[I](), minIndex[I]() // a column equal to it is negative: the general path's to refuse
		for i < ie && j < je {
			p, q := ca[i], cb[j]
			switch {
			case p < q:
				if p <= lastA {
					return 0, mergeUnordered
				}
				c[k], v[k] = p, onlyA(va[i])
				lastA = p
				i++
			case q < p:
				if q <= lastB {
					return 0, mergeUnordered
				}
				c[k], v[k] = q, V(fa+alpha*A(vb[j]))
				lastB = q
				j++
			default:
				if p <= lastA || q <= lastB {
					return 0, mergeUnordered
				}
				c[k], v[k] = p, V(A(va[i])+alpha*A(vb[j]))
				lastA, lastB = p, q
				i++
				j++
			}
			k++
		}
		for ; i < ie; i++ {
			if ca[i] <= lastA {
				return 0, mergeUnordered
			}
			c[k], v[k] = ca[i], onlyA(va[i])
			lastA = ca[i]
			k++
		}
		for ; j < je; j++ {
			if cb[j] <= lastB {
				return 0, mergeUnordered
			}
			c[k], v[k] = cb[j], V(fa+alpha*A(vb[j]))
			lastB = cb[j]
			k++
		}
		cnt[r] = I(k)
		n += k
	}
	return n - at, mergeDone
}
