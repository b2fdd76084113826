package gen

// COO is a matrix in coordinate form: entry k is Val[k] at (Row[k], Col[k]).
// Generators return entries sorted by (row, col) with no repeated position
// (coalesced), and every index within [0, Rows) x [0, Cols).
type COO struct {
	Rows, Cols int64
	Row, Col   []int64
	Val        []float64

	// buf is the one allocation that Row and Col were cut from, as its two
	// halves, so that Tensor can hand it to the tensor as the (2, nnz) index
	// array without copying. Nil for a COO built by the caller.
	buf []int64
}

// NNZ is the number of stored entries.
func (c *COO) NNZ() int64 { return int64(len(c.Val)) }

// newCOO allocates a rows x cols matrix with room for nnz entries, Row and
// Col adjacent in one buffer.
func newCOO(rows, cols, nnz int64) *COO {
	buf := make([]int64, 2*nnz)
	return &COO{
		Rows: rows, Cols: cols,
		Row: buf[:nnz:nnz], Col: buf[nnz:],
		Val: make([]float64, nnz),
		buf: buf,
	}
}
