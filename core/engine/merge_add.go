package engine

import (
	"unsafe"

	"github.com/gosparse/gosparse/kernels"
)

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
		cnt[r+1] = I(len(ra) + len(rb) - countBoth(ra, rb))
	}
	return true
}

// addFillRows writes rows [lo, hi) of a + alpha*b into oc and ov from
// offset pos[r], for real values computed in domain A: an entry of a only
// is va + alpha*fb (or va itself, keepA), of b only fa + alpha*vb, computed
// as mergeArith does (bit for bit), each sum rounded as F (m.fused:
// fusedAdd).
func addFillRows[F addMode, I kernels.Index, V realVal, A realAcc](m mergeArith[A], pa, ca []I, va []V, pb, cb []I, vb []V, pos, oc []I, ov []V, lo, hi int) {
	a0, b0 := pa[0], pb[0]
	alpha, fa, fb, afb, keepA := m.alpha, m.fa, m.fb, m.afb, m.keepA
	va, vb = va[:len(ca)], vb[:len(cb)]
	fused := unsafe.Sizeof(*new(F)) != 0
	onlyA := func(x V) V {
		switch {
		case keepA:
			return x
		case fused:
			return V(addIn[F](A(x), alpha, fb))
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
				c[k], v[k] = q, V(addIn[F](fa, alpha, A(vb[j])))
				j++
			default:
				c[k], v[k] = p, V(addIn[F](A(va[i]), alpha, A(vb[j])))
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
			c[k], v[k] = cb[j], V(addIn[F](fa, alpha, A(vb[j])))
			k++
		}
	}
}

// addOneRows is the one-pass add of rows [lo, hi) for real values (see
// mergeOnePass): each row's union written from offset at, rows one after
// another, its count to cnt[r], each value as addFillRows computes it
// (rounded as F).
// The rows' columns must be strictly increasing: st is mergeUnordered
// when they are not, or when a row pointer steps back or past its arrays.
//
// It is the hot loop of A + B and reads and writes through pointers (no
// bounds checks, few live registers: the version over slices spilled to
// the stack and ran 12% slower). What keeps every access in bounds: each
// row's ends are checked to lie between the last row's ends and those of
// row hi, which lie in the arrays; the output takes at most the entries
// read, which at most fill oc[at:] and ov[at:] (checked once). The order check compares each column
// written with the one before it in its row: the merge writes each
// operand's columns in their order, so an increasing output row means
// increasing rows of both operands (one compare an entry, not two).
func addOneRows[F addMode, I kernels.Index, V realVal, A realAcc](m mergeArith[A], pa, ca []I, va []V, pb, cb []I, vb []V, cnt, oc []I, ov []V, at, lo, hi int) (int, mergeStatus) {
	a0, b0 := pa[0], pb[0]
	alpha, fa, fb, afb, keepA := m.alpha, m.fa, m.fb, m.afb, m.keepA
	fused := unsafe.Sizeof(*new(F)) != 0
	la, lb := min(len(ca), len(va)), min(len(cb), len(vb))
	i, j := int(pa[lo]-a0), int(pb[lo]-b0)
	iEnd, jEnd := int(pa[hi]-a0), int(pb[hi]-b0)
	_, _ = cnt[lo:hi], pa[lo:hi+1]
	_ = pb[lo : hi+1]
	if i < 0 || j < 0 || iEnd < i || jEnd < j || iEnd > la || jEnd > lb || at+(iEnd-i)+(jEnd-j) > min(len(oc), len(ov)) {
		return 0, mergeUnordered
	}
	pca, pcb, poc := unsafe.Pointer(unsafe.SliceData(ca)), unsafe.Pointer(unsafe.SliceData(cb)), unsafe.Pointer(unsafe.SliceData(oc))
	pva, pvb, pov := unsafe.Pointer(unsafe.SliceData(va)), unsafe.Pointer(unsafe.SliceData(vb)), unsafe.Pointer(unsafe.SliceData(ov))
	is, vs := unsafe.Sizeof(I(0)), unsafe.Sizeof(V(0))
	col := func(p unsafe.Pointer, k int) I { return *(*I)(unsafe.Add(p, uintptr(k)*is)) }
	val := func(p unsafe.Pointer, k int) A { return A(*(*V)(unsafe.Add(p, uintptr(k)*vs))) }
	put := func(k int, c I, z A) {
		*(*I)(unsafe.Add(poc, uintptr(k)*is)) = c
		*(*V)(unsafe.Add(pov, uintptr(k)*vs)) = V(z)
	}
	onlyA := func(x A) A {
		switch {
		case keepA:
			return x
		case fused:
			return addIn[F](x, alpha, fb)
		}
		return x + afb
	}
	n, bad := at, false
	for r := lo; r < hi; r++ {
		ie, je := int(pa[r+1]-a0), int(pb[r+1]-b0)
		if uint(ie-i) > uint(iEnd-i) || uint(je-j) > uint(jEnd-j) {
			return 0, mergeUnordered
		}
		n0, last := n, minIndex[I]() // a column equal to minIndex is negative: the general path's to refuse
		for i < ie && j < je {
			p, q := col(pca, i), col(pcb, j)
			switch {
			case p < q:
				put(n, p, onlyA(val(pva, i)))
				i++
			case q < p:
				put(n, q, addIn[F](fa, alpha, val(pvb, j)))
				p = q
				j++
			default:
				put(n, p, addIn[F](val(pva, i), alpha, val(pvb, j)))
				i++
				j++
			}
			if p <= last {
				bad = true
			}
			last = p
			n++
		}
		for ; i < ie; i++ {
			p := col(pca, i)
			if p <= last {
				bad = true
			}
			put(n, p, onlyA(val(pva, i)))
			last = p
			n++
		}
		for ; j < je; j++ {
			q := col(pcb, j)
			if q <= last {
				bad = true
			}
			put(n, q, addIn[F](fa, alpha, val(pvb, j)))
			last = q
			n++
		}
		cnt[r] = I(n - n0)
	}
	if bad {
		return 0, mergeUnordered
	}
	return n - at, mergeDone
}
