//go:build !amd64

package kernels

// sumColumnsSIMD returns 0: SumColumnsFloat64's Go loop takes every column.
func sumColumnsSIMD(a, x []float64, rows, stride int, squares bool) int { return 0 }

// sumRowsSIMD returns 0: SumRowsFloat64's Go loop takes every row.
func sumRowsSIMD(a, x []float64, rn int, squares bool) int { return 0 }
