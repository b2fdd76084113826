package kernels

// Leaf kernels of the level walk: the loops a sparse @ dense product runs
// on one fiber (the stored positions under one parent position) of a
// tensor in any format. The walk picks one per fiber from the fiber's kind
// (a run of consecutive coordinates, a crd slice, a dense tile) and from
// how its coordinate moves the row and the column; each is a plain loop
// with no call per element. Arguments are trusted (the walk slices them
// from checked storage): they index as Go does and panic past an end.

// DotIdx returns the sum of val[k] * x[idx[k]]: a fiber along a row whose
// column is its coordinate (CSR's rows, with x sliced at the fiber's first
// column).
func DotIdx[I Index, V Number](val []V, idx []I, x []V) V {
	val = val[:len(idx)]
	var s0, s1, s2, s3 V
	k := 0
	for ; k+4 <= len(idx); k += 4 {
		s0 += val[k] * x[idx[k]]
		s1 += val[k+1] * x[idx[k+1]]
		s2 += val[k+2] * x[idx[k+2]]
		s3 += val[k+3] * x[idx[k+3]]
	}
	for ; k < len(idx); k++ {
		s0 += val[k] * x[idx[k]]
	}
	return (s0 + s1) + (s2 + s3)
}

// DotRun returns the sum of val[k] * x[k]: a dense run along a row.
func DotRun[V Number](val, x []V) V {
	x = x[:len(val)]
	var s0, s1, s2, s3 V
	k := 0
	for ; k+4 <= len(val); k += 4 {
		s0 += val[k] * x[k]
		s1 += val[k+1] * x[k+1]
		s2 += val[k+2] * x[k+2]
		s3 += val[k+3] * x[k+3]
	}
	for ; k < len(val); k++ {
		s0 += val[k] * x[k]
	}
	return (s0 + s1) + (s2 + s3)
}

// AxpyIdx adds a * val[k] to y[idx[k]]: a fiber along a column whose row
// is its coordinate (CSC's columns, a = x at the column).
func AxpyIdx[I Index, V Number](a V, val []V, idx []I, y []V) {
	val = val[:len(idx)]
	for k, i := range idx {
		y[i] += a * val[k]
	}
}

// AxpyRun adds a * val[k] to y[k]: a dense run along a column, or one row
// of a matrix product (y and val rows of n).
func AxpyRun[V Number](a V, val, y []V) {
	y = y[:len(val)]
	for k, v := range val {
		y[k] += a * v
	}
}

// StridedIdx adds val[k] * x[c0 + cs*idx[k]] to y[r0 + rs*idx[k]]: a fiber
// whose coordinate moves the row and the column at once (an anti-diagonal,
// a format the named loops do not cover).
func StridedIdx[I Index, V Number](val []V, idx []I, x []V, c0, cs int, y []V, r0, rs int) {
	val = val[:len(idx)]
	for k, c := range idx {
		y[r0+rs*int(c)] += val[k] * x[c0+cs*int(c)]
	}
}

// StridedRun is StridedIdx over the coordinates c0run, c0run+1, ...: a
// diagonal of DIA read from its range level.
func StridedRun[V Number](val []V, c0run int, x []V, c0, cs int, y []V, r0, rs int) {
	r, c := r0+rs*c0run, c0+cs*c0run
	for _, v := range val {
		y[r] += v * x[c]
		r += rs
		c += cs
	}
}

// TileRowMajor adds the bm x bn dense tile val (row-major) times x[:bn]
// to y[:bm]: a BSR block.
func TileRowMajor[V Number](val []V, bm, bn int, x, y []V) {
	x, y = x[:bn], y[:bm]
	for a := range y {
		y[a] += DotRun(val[a*bn:(a+1)*bn], x)
	}
}

// TileColMajor adds the bm x bn dense tile val (column-major: column b at
// val[b*bm:(b+1)*bm]) times x[:bn] to y[:bm]: a BSR block stored by
// columns, read as bn column updates (no strided access).
func TileColMajor[V Number](val []V, bm, bn int, x, y []V) {
	x, y = x[:bn], y[:bm]
	switch bm {
	case 2:
		var y0, y1 V
		for b, xb := range x {
			c := val[b*2 : b*2+2]
			y0 += c[0] * xb
			y1 += c[1] * xb
		}
		y[0] += y0
		y[1] += y1
	case 4:
		var y0, y1, y2, y3 V
		for b, xb := range x {
			c := val[b*4 : b*4+4]
			y0 += c[0] * xb
			y1 += c[1] * xb
			y2 += c[2] * xb
			y3 += c[3] * xb
		}
		y[0] += y0
		y[1] += y1
		y[2] += y2
		y[3] += y3
	default:
		for b, xb := range x {
			AxpyRun(xb, val[b*bm:(b+1)*bm], y)
		}
	}
}
