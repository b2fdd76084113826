package kernels

// Index is the integer type of stored indices and pointers: int32 or int64.
type Index interface {
	~int32 | ~int64
}

// Number is the element type the arithmetic kernels accept. Integer
// arithmetic wraps on overflow, as in Go (and as torch does on CPU).
type Number interface {
	~float32 | ~float64 | ~complex64 | ~complex128 |
		~int8 | ~int16 | ~int32 | ~int64 | ~uint8
}

// Word is a pointer-free element type: a Number, or raw words of a value
// dtype's size that conversions move without looking at them.
type Word interface {
	Number | ~uint16 | ~uint32 | ~uint64 | ~[2]uint64
}

// CSR is a view of a compressed sparse row matrix with Rows x Cols
// elements. Row i holds the entries Idx[Ptr[i]:Ptr[i+1]] (column indices)
// with values Val[Ptr[i]:Ptr[i+1]]. Ptr[0] need not be zero, so a CSR may
// view a slice of a larger one. Columns within a row may be unsorted or
// repeated unless a kernel says otherwise (repeated entries are summed).
//
// A CSC matrix of m x n elements is the CSR view of its transpose
// (Rows = n, Cols = m, Ptr = ccol_indices, Idx = row_indices).
type CSR[I Index, V Number] struct {
	Rows, Cols int
	Ptr        []I
	Idx        []I
	Val        []V
}

// NNZ returns the count of stored entries, Ptr[Rows]-Ptr[0], or 0 when Ptr
// is too short to tell.
func (a CSR[I, V]) NNZ() int {
	if a.Rows < 0 || len(a.Ptr) < a.Rows+1 {
		return 0
	}
	return int(a.Ptr[a.Rows] - a.Ptr[0])
}

// COO is a view of a coordinate-format matrix with Rows x Cols elements:
// entry t is at (Row[t], Col[t]) with value Val[t]. Entries may be in any
// order and repeated (repeated entries are summed).
type COO[I Index, V Number] struct {
	Rows, Cols int
	Row, Col   []I
	Val        []V
}

// BSR is a view of a block compressed sparse row matrix: a CSR matrix of
// BlockRows x BlockCols blocks, each block BM x BN dense elements stored
// row-major, block t at Val[t*BM*BN : (t+1)*BM*BN]. The matrix has
// BlockRows*BM rows and BlockCols*BN columns.
type BSR[I Index, V Number] struct {
	BlockRows, BlockCols int
	BM, BN               int
	Ptr                  []I
	Idx                  []I
	Val                  []V
}
