package kernels

import (
	"math"
	"unsafe"

	"github.com/gosparse/gosparse/kernels/parallel"
)

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

// SemiFill writes rows [r0, r1) of a semi-structured matrix with Cols
// columns: each row's Cols/2 kept columns and values, row after row, into
// col and val (both (r1-r0)*Cols/2 long). SemiMMBlocks calls it from
// several goroutines at once, for disjoint rows.
type SemiFill[V Number] func(r0, r1 int, col []int32, val []V)

// semiBlockBytes is the scratch of one block of rows (columns and values):
// small enough to stay in L2 between fill writing it and the kernel reading
// it. Tests lower it to make many blocks of small matrices.
var semiBlockBytes = 256 << 10

// SemiMMBlocks computes C = A*B for a semi-structured A (rows x cols, cols
// even) whose rows fill produces block by block, and dense row-major B
// (cols x k) and C (rows x k); C is output only. Each block of rows is
// filled into a goroutine's scratch and multiplied there by SpMM's row
// kernel (the AVX2 strips where the CPU and the type have them), so the
// compressed form is expanded (decoded, widened) in cache-sized pieces, in
// parallel, and never as a whole.
func SemiMMBlocks[V Number](rows, cols int, fill SemiFill[V], b []V, k int, c []V) error {
	const fn = "SemiMMBlocks"
	if rows < 0 || cols < 0 || cols%2 != 0 || k < 0 {
		return argErr(fn, "rows, cols, k", "(%d, %d, %d): sizes must be nonnegative and cols even", rows, cols, k)
	}
	if err := checkLen2(fn, "b", b, cols, k, "cols*k"); err != nil {
		return err
	}
	if err := checkLen2(fn, "c", c, rows, k, "rows*k"); err != nil {
		return err
	}
	half := cols / 2
	if half == 0 || k == 0 {
		clear(c)
		return nil
	}
	var z V
	rb := max(1, semiBlockBytes/(half*(4+int(unsafe.Sizeof(z)))))
	rb = min(rb, rows)
	blocks := (rows + rb - 1) / rb
	parts := min(parallel.ChunkedParts(int64(rows)*int64(half)*int64(k)), blocks)
	kernel := spmmRowsSIMD[int32, V](k)
	switch {
	case kernel != nil:
	case k <= spmmNarrow:
		kernel = spmmRowsNarrow[int32, V]
	default:
		kernel = spmmRows[int32, V]
	}
	if int64(rb)*int64(half) > math.MaxInt32 {
		return overflowErr(fn, "cols", "%d: one row's %d kept values overflow int32", cols, half)
	}
	ptr := make([]int32, rb+1)
	for i := range ptr {
		ptr[i] = int32(i * half)
	}
	cols32 := make([][]int32, parts)
	vals := make([][]V, parts)
	parallel.RunChunks(parts, blocks, func(w, blk int) {
		if cols32[w] == nil {
			cols32[w], vals[w] = make([]int32, rb*half), make([]V, rb*half)
		}
		r0 := blk * rb
		n := min(rows, r0+rb) - r0
		col, val := cols32[w][:n*half], vals[w][:n*half]
		fill(r0, r0+n, col, val)
		a := CSR[int32, V]{Rows: n, Cols: cols, Ptr: ptr[:n+1], Idx: col, Val: val}
		kernel(1, 0, a, b, k, c[r0*k:(r0+n)*k], 0, n)
	})
	return nil
}

// SemiMMT computes C = Aᵀ*B for a semi-structured A (Rows x Cols), dense
// row-major B (Rows x k) and C (Cols x k); C is output only. Each kept
// value adds its scaled row of B to the row of C of its column.
func SemiMMT[V Number](a Semi[V], b []V, k int, c []V) error {
	const fn = "SemiMMT"
	if err := checkSemi(fn, a); err != nil {
		return err
	}
	if err := checkOperandsK(fn, k, "b", b, a.Rows, "a.Rows*k", "c", c, a.Cols, "a.Cols*k"); err != nil {
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
