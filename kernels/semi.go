package kernels

import "math"

// Semi is a view of a semi-structured (n:m) matrix of Rows x Cols elements
// that keeps Cols/2 values in every row: row r's values are
// Val[r*Cols/2 : (r+1)*Cols/2] at the columns Col[r*Cols/2 : (r+1)*Cols/2].
// Both 2:4 and 1:2 keep half of a row, so the row length is fixed, and the
// matrix is CSR with an implicit row pointer.
type Semi[V Number] struct {
	Rows, Cols int
	Col        []int32
	Val        []V
}

func checkSemi[V Number](fn string, a Semi[V]) error {
	if a.Rows < 0 || a.Cols < 0 || a.Cols%2 != 0 {
		return argErr(fn, "a", "shape (%d, %d): sizes must be nonnegative and Cols even", a.Rows, a.Cols)
	}
	if err := checkLen2(fn, "a.Col", a.Col, a.Rows, a.Cols/2, "a.Rows*a.Cols/2"); err != nil {
		return err
	}
	return checkLen2(fn, "a.Val", a.Val, a.Rows, a.Cols/2, "a.Rows*a.Cols/2")
}

// SemiMM computes C = A*B for a semi-structured A (Rows x Cols) and dense
// row-major B (Cols x k) and C (Rows x k); C is output only. The rows are
// SpMM's (the AVX2 strips where the CPU and the type have them), over the
// row pointer r*Cols/2 that the fixed row length implies.
func SemiMM[V Number](a Semi[V], b []V, k int, c []V) error {
	const fn = "SemiMM"
	if err := checkSemi(fn, a); err != nil {
		return err
	}
	if k < 0 {
		return argErr(fn, "k", "%d must not be negative", k)
	}
	half := a.Cols / 2
	if int64(a.Rows)*int64(half) > math.MaxInt32 {
		ptr := make([]int64, a.Rows+1)
		for r := range ptr {
			ptr[r] = int64(r) * int64(half)
		}
		idx := make([]int64, len(a.Col))
		for i, v := range a.Col {
			idx[i] = int64(v)
		}
		return SpMM(1, CSR[int64, V]{Rows: a.Rows, Cols: a.Cols, Ptr: ptr, Idx: idx, Val: a.Val}, b, k, 0, c)
	}
	ptr := make([]int32, a.Rows+1)
	for r := range ptr {
		ptr[r] = int32(r * half)
	}
	return SpMM(1, CSR[int32, V]{Rows: a.Rows, Cols: a.Cols, Ptr: ptr, Idx: a.Col, Val: a.Val}, b, k, 0, c)
}

// SemiMMT computes C = Aᵀ*B for a semi-structured A (Rows x Cols), dense
// row-major B (Rows x k) and C (Cols x k); C is output only. Each kept
// value adds its scaled row of B to the row of C of its column.
func SemiMMT[V Number](a Semi[V], b []V, k int, c []V) error {
	const fn = "SemiMMT"
	if err := checkSemi(fn, a); err != nil {
		return err
	}
	if k < 0 {
		return argErr(fn, "k", "%d must not be negative", k)
	}
	if err := checkLen2(fn, "b", b, a.Rows, k, "a.Rows*k"); err != nil {
		return err
	}
	if err := checkLen2(fn, "c", c, a.Cols, k, "a.Cols*k"); err != nil {
		return err
	}
	clear(c)
	half := a.Cols / 2
	for r := range a.Rows {
		brow := b[r*k : r*k+k]
		cols := a.Col[r*half : r*half+half]
		vals := a.Val[r*half : r*half+half]
		vals = vals[:len(cols)]
		for t, col := range cols {
			v := vals[t]
			crow := c[int(col)*k : int(col)*k+k]
			crow = crow[:len(brow)]
			for j, x := range brow {
				crow[j] += v * x
			}
		}
	}
	return nil
}
