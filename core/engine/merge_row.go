package engine

import "github.com/gosparse/gosparse/kernels"

// The merge of one row, for count (oc nil: only the entry count) and for
// fill: the two sorted column lists in step, the smaller column first,
// equal columns combined, in the compute domain; one operand's entries
// whose value is mul's result fill are dropped (mergeArith.keepOne). The real
// and complex versions differ only in how a value widens and narrows.

// mergeRowReal merges one row of bool, integer or real float values.
func mergeRowReal[I kernels.Index, V realVal, A realAcc](m mergeArith[A], ca []I, va []V, cb []I, vb []V, oc []I, ov []V) int {
	i, j, n := 0, 0, 0
	va, vb = va[:len(ca)], vb[:len(cb)]
	for i < len(ca) || j < len(cb) {
		c, z, keep := mergeStep(m, ca, cb, &i, &j, func(i int) A { return A(va[i]) }, func(j int) A { return A(vb[j]) })
		if !keep {
			continue
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
		c, z, keep := mergeStep(m, ca, cb, &i, &j, func(i int) complex128 { return complex128(va[i]) }, func(j int) complex128 { return complex128(vb[j]) })
		if !keep {
			continue
		}
		if oc != nil {
			oc[n], ov[n] = c, V(z)
		}
		n++
	}
	return n
}

// mergeStep takes the next column of the merge of ca (from i) and cb
// (from j), advances past it, and returns it with its value and whether
// it stays. x and y read a's and b's values in the compute domain (small
// closures the compiler inlines into the caller's loop).
func mergeStep[I kernels.Index, A computeVal](m mergeArith[A], ca, cb []I, i, j *int, x, y func(int) A) (I, A, bool) {
	switch {
	case *j == len(cb) || (*i < len(ca) && ca[*i] < cb[*j]):
		c, z := ca[*i], m.onlyA(x(*i))
		*i++
		return c, z, m.keepOne(z)
	case *i == len(ca) || cb[*j] < ca[*i]:
		c, z := cb[*j], m.onlyB(y(*j))
		*j++
		return c, z, m.keepOne(z)
	}
	c, z := ca[*i], m.apply(x(*i), y(*j))
	*i++
	*j++
	return c, z, true
}
