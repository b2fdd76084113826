package engine

import "github.com/gosparse/gosparse/kernels"

// addOneRowsComplex is addOneRows for complex values (complex64 or
// complex128, computed in complex128): the one-pass add of rows [lo, hi)
// from offset at, each entry's value as mergeRowComplex computes it (so
// the result has the two-pass merge's bits), row r's count in cnt[r].
// Complex A + B ran the count pass and the fill pass (mergeRowComplex
// twice a row) where the real dtypes ran this one.
func addOneRowsComplex[I kernels.Index, V complexVal](m mergeArith[complex128], pa, ca []I, va []V, pb, cb []I, vb []V, cnt, oc []I, ov []V, at, lo, hi int) (int, mergeStatus) {
	a0, b0 := pa[0], pb[0]
	i, j := int(pa[lo]-a0), int(pb[lo]-b0)
	iEnd, jEnd := int(pa[hi]-a0), int(pb[hi]-b0)
	if i < 0 || j < 0 || iEnd < i || jEnd < j || iEnd > min(len(ca), len(va)) || jEnd > min(len(cb), len(vb)) ||
		at+(iEnd-i)+(jEnd-j) > min(len(oc), len(ov)) || hi > len(cnt) {
		return 0, mergeUnordered
	}
	ca, va, cb, vb = ca[:iEnd], va[:iEnd], cb[:jEnd], vb[:jEnd]
	n, bad := at, false
	for r := lo; r < hi; r++ {
		ie, je := int(pa[r+1]-a0), int(pb[r+1]-b0)
		if ie < i || ie > iEnd || je < j || je > jEnd {
			return 0, mergeUnordered
		}
		n0, last := n, minIndex[I]() // a column equal to minIndex is negative: the general path's to refuse
		for i < ie || j < je {
			var c I
			var z complex128
			switch {
			case j == je || (i < ie && ca[i] < cb[j]):
				c, z = ca[i], m.onlyA(complex128(va[i]))
				i++
			case i == ie || cb[j] < ca[i]:
				c, z = cb[j], m.onlyB(complex128(vb[j]))
				j++
			default:
				c, z = ca[i], m.apply(complex128(va[i]), complex128(vb[j]))
				i++
				j++
			}
			if c <= last {
				bad = true
			}
			last = c
			oc[n], ov[n] = c, V(z)
			n++
		}
		cnt[r] = I(n - n0)
	}
	if bad {
		return 0, mergeUnordered
	}
	return n - at, mergeDone
}
