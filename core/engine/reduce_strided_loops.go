package engine

// The loops of ReduceStrided. Go neither reorders nor vectorises float
// adds, so one row's sum is a chain of dependent adds; these loops run
// four rows (or, down a column, four rows' elements) per pass instead,
// each result still folded in ascending order from the identity: the
// bits are the plain ordered fold's (a CSR row's segment fold's), only
// the chains overlap. float64 values go to the kernels' AVX-512 loops,
// which fold each row (column) in one lane, in the same order.

import "github.com/gosparse/gosparse/kernels"

// sumRows sets a[k] to the sum (squares: the sum of squares) of the row
// x[k*rn : (k+1)*rn], four rows at once.
func sumRows[V realVal, A realAcc](squares bool, x []V, a []A, rn int64) {
	if xs, ok := any(x).([]float64); ok {
		if as, ok := any(a).([]float64); ok {
			kernels.SumRowsFloat64(as, xs, int(rn), squares)
			return
		}
	}
	k := 0
	for ; k+4 <= len(a); k += 4 {
		r0 := x[int64(k)*rn : int64(k+1)*rn]
		r1 := x[int64(k+1)*rn : int64(k+2)*rn][:len(r0)]
		r2 := x[int64(k+2)*rn : int64(k+3)*rn][:len(r0)]
		r3 := x[int64(k+3)*rn : int64(k+4)*rn][:len(r0)]
		var s0, s1, s2, s3 A
		if squares {
			for j, v := range r0 {
				b0, b1, b2, b3 := A(v), A(r1[j]), A(r2[j]), A(r3[j])
				s0 += b0 * b0
				s1 += b1 * b1
				s2 += b2 * b2
				s3 += b3 * b3
			}
		} else {
			for j, v := range r0 {
				s0 += A(v)
				s1 += A(r1[j])
				s2 += A(r2[j])
				s3 += A(r3[j])
			}
		}
		a[k], a[k+1], a[k+2], a[k+3] = s0, s1, s2, s3
	}
	for ; k < len(a); k++ {
		var s A
		for _, v := range x[int64(k)*rn : int64(k+1)*rn] {
			if squares {
				s += A(v) * A(v)
			} else {
				s += A(v)
			}
		}
		a[k] = s
	}
}

// sumColumns adds rows 0..rn-1 of x (row r at x[r*inner:], len(a)
// elements) into a, element k in ascending r (squares: their squares),
// four rows a pass: one load and store of a[k] per four elements.
func sumColumns[V realVal, A realAcc](squares bool, x []V, a []A, rn, inner int64) {
	if xs, ok := any(x).([]float64); ok {
		if as, ok := any(a).([]float64); ok {
			kernels.SumColumnsFloat64(as, xs, int(rn), int(inner), squares)
			return
		}
	}
	w := int64(len(a))
	r := int64(0)
	for ; r+4 <= rn; r += 4 {
		r0 := x[r*inner : r*inner+w]
		r1 := x[(r+1)*inner : (r+1)*inner+w][:len(r0)]
		r2 := x[(r+2)*inner : (r+2)*inner+w][:len(r0)]
		r3 := x[(r+3)*inner : (r+3)*inner+w][:len(r0)]
		a := a[:len(r0)]
		if squares {
			for k, v := range r0 {
				b0, b1, b2, b3 := A(v), A(r1[k]), A(r2[k]), A(r3[k])
				a[k] = (((a[k] + b0*b0) + b1*b1) + b2*b2) + b3*b3
			}
		} else {
			for k, v := range r0 {
				a[k] = (((a[k] + A(v)) + A(r1[k])) + A(r2[k])) + A(r3[k])
			}
		}
	}
	for ; r < rn; r++ {
		v := x[r*inner : r*inner+w]
		a := a[:len(v)]
		for k, b := range v {
			if squares {
				a[k] += A(b) * A(b)
			} else {
				a[k] += A(b)
			}
		}
	}
}
