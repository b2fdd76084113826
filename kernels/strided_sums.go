package kernels

// SumColumnsFloat64 adds rows 0..rows-1 of x into a, row r at
// x[r*stride:] (len(a) elements each), element k in ascending r: a[k] =
// ((a[k] + x[k]) + x[stride+k]) + ..., or the sum of squares when squares
// (each square rounded, then added). The ordered fold's bits; with
// AVX-512 eight columns a lane-wise add at a time, the running sums held
// in registers down the rows.
func SumColumnsFloat64(a, x []float64, rows, stride int, squares bool) {
	if rows <= 0 || len(a) == 0 {
		return
	}
	_ = x[(rows-1)*stride+len(a)-1]
	k := sumColumnsSIMD(a, x, rows, stride, squares)
	for ; k < len(a); k++ {
		s := a[k]
		for r := range rows {
			v := x[r*stride+k]
			if squares {
				v = float64(v * v)
			}
			s += v
		}
		a[k] = s
	}
}

// SumRowsFloat64 sets a[k] to the sum of the row x[k*rn : (k+1)*rn]
// (squares: of its squares) folded in order from zero, for k < len(a):
// the ordered fold's bits. With AVX-512 eight rows at a time, one lane a
// row, read by gathers down the columns.
func SumRowsFloat64(a, x []float64, rn int, squares bool) {
	if len(a) == 0 {
		return
	}
	if rn > 0 {
		_ = x[len(a)*rn-1]
	}
	k := sumRowsSIMD(a, x, rn, squares)
	for ; k < len(a); k++ {
		s := 0.0
		for _, v := range x[k*rn : (k+1)*rn] {
			if squares {
				v = float64(v * v)
			}
			s += v
		}
		a[k] = s
	}
}
