package kernels

// AxpySub computes y -= x a over len(y) entries (x has at least as many),
// four at a time: the column update of the dense Cholesky and LU
// factorizations (potrf here, core/solve's dense kernels).
func AxpySub[T Number](y, x []T, a T) {
	x = x[:len(y)]
	i := 0
	for ; i+4 <= len(y); i += 4 {
		yy, xx := y[i:i+4], x[i:i+4]
		yy[0] -= xx[0] * a
		yy[1] -= xx[1] * a
		yy[2] -= xx[2] * a
		yy[3] -= xx[3] * a
	}
	for ; i < len(y); i++ {
		y[i] -= x[i] * a
	}
}
