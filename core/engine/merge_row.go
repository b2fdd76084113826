package engine

import "github.com/gosparse/gosparse/kernels"

// The merge of one row, for count (oc nil: only the entry count) and for
// fill: the two sorted column lists in step, the smaller column first,
// equal columns combined, in the compute domain; one operand's entries
// whose value is mul's result fill are dropped (mergeArith.keepOne). The
// real and complex versions differ only in how a value widens and narrows
// (Go converts no integer to a complex number, so one generic loop cannot
// serve both).

// mergeRowReal merges one row of bool, integer or real float values.
func mergeRowReal[I kernels.Index, V realVal, A realAcc](m mergeArith[A], ca []I, va []V, cb []I, vb []V, oc []I, ov []V) int {
	i, j, n := 0, 0, 0
	va, vb = va[:len(ca)], vb[:len(cb)]
	for i < len(ca) || j < len(cb) {
		var c I
		var z A
		switch {
		case j == len(cb) || (i < len(ca) && ca[i] < cb[j]):
			c, z = ca[i], m.onlyA(A(va[i]))
			i++
			if !m.keepOne(z) {
				continue
			}
		case i == len(ca) || cb[j] < ca[i]:
			c, z = cb[j], m.onlyB(A(vb[j]))
			j++
			if !m.keepOne(z) {
				continue
			}
		default:
			c, z = ca[i], m.apply(A(va[i]), A(vb[j]))
			i++
			j++
		}
		if oc != nil {
			oc[n], ov[n] = c, V(z)
		}
		n++
	}
	return n
}

// mergeRowComplex merges one row of complex values.
func mergeRowComplex[I kernels.Index, V complexVal](m mergeArith[complex128], ca []I, va []V, cb []I, vb []V, oc []I, ov []V) int {
	i, j, n := 0, 0, 0
	va, vb = va[:len(ca)], vb[:len(cb)]
	for i < len(ca) || j < len(cb) {
		var c I
		var z complex128
		switch {
		case j == len(cb) || (i < len(ca) && ca[i] < cb[j]):
			c, z = ca[i], m.onlyA(complex128(va[i]))
			i++
			if !m.keepOne(z) {
				continue
			}
		case i == len(ca) || cb[j] < ca[i]:
			c, z = cb[j], m.onlyB(complex128(vb[j]))
			j++
			if !m.keepOne(z) {
				continue
			}
		default:
			c, z = ca[i], m.apply(complex128(va[i]), complex128(vb[j]))
			i++
			j++
		}
		if oc != nil {
			oc[n], ov[n] = c, V(z)
		}
		n++
	}
	return n
}
