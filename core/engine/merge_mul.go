package engine

import (
	"math"
	"unsafe"

	"github.com/gosparse/gosparse/kernels"
)

// mulRows is the mul merge of rows [lo, hi) for real values: the count
// pass (fill false: writes each row's entry count to pos[r+1], and reports
// false when a row's columns are not strictly increasing) and the fill
// pass (writes the entries from offset pos[r]). An entry of one operand
// stays unless its product with the other's fill is the result's fill
// (mergeArith.keepOne); the two-pointer loop and the tails are written out
// so that the hot loop has one compare per entry and no call.
func mulRows[I kernels.Index, V realVal, A realAcc](m mergeArith[A], pa, ca []I, va []V, pb, cb []I, vb []V, pos, oc []I, ov []V, lo, hi int, fill bool) bool {
	a0, b0 := pa[0], pb[0]
	fa, fb, fz := m.fa, m.fb, m.fill
	va, vb = va[:len(ca)], vb[:len(cb)]
	for r := lo; r < hi; r++ {
		i, ie := int(pa[r]-a0), int(pa[r+1]-a0)
		if fill && pos[r+1] == pos[r] {
			continue // counted empty: a product of patterns that barely meet skips most rows
		}
		j, je := int(pb[r]-b0), int(pb[r+1]-b0)
		if !fill && (!increasing(ca[i:ie]) || !increasing(cb[j:je])) {
			return false
		}
		var c []I
		var v []V
		if fill {
			c, v = oc[pos[r]:pos[r+1]], ov[pos[r]:pos[r+1]]
		}
		k := 0
		put := func(col I, z A) {
			if fill {
				c[k], v[k] = col, V(z)
			}
			k++
		}
		for i < ie && j < je {
			p, q := ca[i], cb[j]
			switch {
			case p < q:
				if z := A(va[i]) * fb; z != fz {
					put(p, z)
				}
				i++
			case q < p:
				if z := fa * A(vb[j]); z != fz {
					put(q, z)
				}
				j++
			default:
				put(p, A(va[i])*A(vb[j]))
				i++
				j++
			}
		}
		for ; i < ie; i++ {
			if z := A(va[i]) * fb; z != fz {
				put(ca[i], z)
			}
		}
		for ; j < je; j++ {
			if z := fa * A(vb[j]); z != fz {
				put(cb[j], z)
			}
		}
		if !fill {
			pos[r+1] = I(k)
		}
	}
	return true
}

// mulBoundRows is the one-pass mul of rows [lo, hi) for real values with
// both fills zero (mergeOnePass): each row's intersection written from
// offset at, rows one after another, its count to cnt[r]. An entry of one
// operand alone is x*0; where that is not the zero fill (x a NaN or an
// infinity) the row would pass its bound and mergeKept sends the merge to
// the two passes. Each column is checked against the one before it in its
// row as the merge consumes it (the count pass's check, without a second
// walk of the row).
func mulBoundRows[I kernels.Index, V realVal, A realAcc](m mergeArith[A], pa, ca []I, va []V, pb, cb []I, vb []V, cnt, oc []I, ov []V, at, lo, hi int) (int, mergeStatus) {
	a0, b0 := pa[0], pb[0]
	fa, fb, fz := m.fa, m.fb, m.fill
	va, vb = va[:len(ca)], vb[:len(cb)]
	n := at
	for r := lo; r < hi; r++ {
		i, ie := int(pa[r]-a0), int(pa[r+1]-a0)
		j, je := int(pb[r]-b0), int(pb[r+1]-b0)
		c, v := oc[n:n+min(ie-i, je-j)], ov[n:n+min(ie-i, je-j)]
		k := 0
		lastA, lastB := minIndex[I](), minIndex[I]() // a column equal to it is negative: the general path's to refuse
		for i < ie && j < je {
			p, q := ca[i], cb[j]
			switch {
			case p < q:
				if p <= lastA {
					return 0, mergeUnordered
				}
				if A(va[i])*fb != fz {
					return 0, mergeKept
				}
				lastA = p
				i++
			case q < p:
				if q <= lastB {
					return 0, mergeUnordered
				}
				if fa*A(vb[j]) != fz {
					return 0, mergeKept
				}
				lastB = q
				j++
			default:
				if p <= lastA || q <= lastB {
					return 0, mergeUnordered
				}
				c[k], v[k] = p, V(A(va[i])*A(vb[j]))
				lastA, lastB = p, q
				k++
				i++
				j++
			}
		}
		for ; i < ie; i++ {
			if ca[i] <= lastA {
				return 0, mergeUnordered
			}
			if A(va[i])*fb != fz {
				return 0, mergeKept
			}
			lastA = ca[i]
		}
		for ; j < je; j++ {
			if cb[j] <= lastB {
				return 0, mergeUnordered
			}
			if fa*A(vb[j]) != fz {
				return 0, mergeKept
			}
			lastB = cb[j]
		}
		cnt[r] = I(k)
		n += k
	}
	return n - at, mergeDone
}

// minIndex is the least value of I.
func minIndex[I kernels.Index]() I {
	var x I
	least := int64(math.MinInt64)
	if unsafe.Sizeof(x) == 4 {
		least = math.MinInt32
	}
	return I(least)
}
