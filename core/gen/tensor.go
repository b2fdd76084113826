package gen

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Tensor returns c as a coalesced float64 COO tensor of shape (Rows, Cols)
// with int64 indices.
//
// The tensor shares c's memory where it can (always for a generator's
// result): do not modify c afterwards. A COO assembled by the caller is
// checked first (lengths, bounds, sorted and unique positions) and its index
// slices copied into one (2, nnz) array.
func (c *COO) Tensor() (*tensor.Tensor, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	n := int64(len(c.Val))
	var idx dtype.Array
	if c.ownsIndices() {
		idx = dtype.Array{DType: dtype.Int64, Shape: []int64{2, n}, Data: int64Bytes(c.buf)}
	} else {
		if err := checkTensorBytes(n); err != nil {
			return nil, err
		}
		idx = dtype.NewArray(dtype.Int64, []int64{2, n})
		s := dtype.AsSlice[int64](idx)
		copy(s[:n], c.Row)
		copy(s[n:], c.Col)
	}
	val := dtype.Array{DType: dtype.Float64, Shape: []int64{n}, Data: float64Bytes(c.Val)}
	// validate has checked what NewCOO would, with typed loops.
	return tensor.NewCOO(idx, val, []int64{c.Rows, c.Cols}, tensor.BuildOptions{Coalesced: true, NoCheck: true})
}

// ownsIndices reports whether Row and Col are still the two halves of buf.
func (c *COO) ownsIndices() bool {
	n := len(c.Row)
	if len(c.buf) != 2*n || len(c.Col) != n {
		return false
	}
	return n == 0 || (&c.buf[0] == &c.Row[0] && &c.buf[n] == &c.Col[0])
}

// validate checks the COO invariants that a tensor relies on.
func (c *COO) validate() error {
	const fn = "COO.Tensor"
	if c == nil {
		return invalid(fn, "c is nil")
	}
	if c.Rows < 0 || c.Cols < 0 {
		return invalid(fn, "shape (%d, %d): sizes must be >= 0", c.Rows, c.Cols)
	}
	n := len(c.Val)
	if len(c.Row) != n || len(c.Col) != n {
		return invalid(fn, "len(Row) = %d, len(Col) = %d, len(Val) = %d: must be equal", len(c.Row), len(c.Col), n)
	}
	row, col := c.Row[:n], c.Col[:n]
	for k := range n {
		r, j := row[k], col[k]
		if r < 0 || r >= c.Rows || j < 0 || j >= c.Cols {
			return errs.Errorf(errs.ErrIndex, "gen.COO.Tensor: entry %d at (%d, %d) is outside the %d x %d matrix", k, r, j, c.Rows, c.Cols)
		}
		if k > 0 && (row[k-1] > r || (row[k-1] == r && col[k-1] >= j)) {
			return invalid(fn, "entry %d at (%d, %d) does not follow (%d, %d): entries must be sorted by (row, col) and unique", k, r, j, row[k-1], col[k-1])
		}
	}
	return nil
}

// checkTensorBytes refuses an index copy beyond the memory limit.
func checkTensorBytes(n int64) error {
	if limit := tensor.MemoryLimit(); n > limit/16 {
		return tooLarge("COO.Tensor", "nnz = %d: copying the indices needs %d bytes, more than the memory limit of %d bytes", n, 16*n, limit)
	}
	return nil
}

// int64Bytes views s as bytes without copying.
func int64Bytes(s []int64) []byte {
	if len(s) == 0 {
		return []byte{}
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), 8*len(s))
}

// float64Bytes views s as bytes without copying.
func float64Bytes(s []float64) []byte {
	if len(s) == 0 {
		return []byte{}
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), 8*len(s))
}
