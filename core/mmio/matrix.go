package mmio

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
)

// Matrix is the content of a Matrix Market file, independent of any tensor
// type. Parse fills it; every array is freshly allocated and owned by the caller.
type Matrix struct {
	// Object, Format, Field and Symmetry are the banner's words in lower case
	// (the constants of this package); a "double" field reads as FieldReal.
	Object, Format, Field, Symmetry string
	// Shape is (rows, columns) for a matrix, (length) for a vector.
	Shape []int64
	// Entries is the number of entries stored in the file: the count of the
	// size line for coordinate files, the number of values for array files
	// (a symmetric n x n array stores n(n+1)/2). Symmetry expansion adds to
	// Indices and Values, not to Entries.
	Entries int64
	// Indices (coordinate files) is an int64 array of shape (ndim, nnz): 0-based
	// coordinates in file order, the mirrored entry of a symmetric,
	// skew-symmetric or hermitian file following the entry it mirrors (the
	// diagonal is not duplicated). Duplicates are kept as in the file.
	Indices dtype.Array
	// Values (coordinate files) holds the nnz values matching Indices:
	// float64 for real and pattern (a pattern entry reads as 1), int64 for
	// integer, complex128 for complex.
	Values dtype.Array
	// Dense (array files) holds all values in row-major order, of shape Shape
	// and the dtype rule of Values, with the symmetry expanded.
	Dense dtype.Array
	// coalesced tells that Indices are in row-major order without repeats
	// already (a row-order read of a sorted symmetric file: see parse).
	coalesced bool
}

// NNZ is the number of stored entries after symmetry expansion (coordinate
// files), or the number of elements (array files).
func (m *Matrix) NNZ() int64 {
	if m.Format == FormatArray {
		return m.Dense.Numel()
	}
	return m.Values.Numel()
}

// wrap views a typed slice as a dtype.Array without copying; the Array keeps
// the slice's memory alive.
func wrap[T any](d dtype.DType, s []T, shape ...int64) dtype.Array {
	data := []byte{}
	if len(s) > 0 {
		data = unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), uintptr(len(s))*unsafe.Sizeof(s[0]))
	}
	return dtype.Array{DType: d, Shape: shape, Data: data}
}
