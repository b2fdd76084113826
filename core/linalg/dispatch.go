package linalg

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels"
)

// The matmul family reaches the generic kernels through matOps: one
// implementation, typedOps[I, V], instantiated for every value dtype the
// kernels accept and both index widths, picked once per call by opsFor.

// matKind says which kernel view of a 2-D sparse matrix a kernelMat holds.
type matKind int

const (
	kindCSR matKind = iota // ptr/idx over rows
	kindCSC                // ptr/idx over columns: the CSR of the transpose
	kindCOO                // row/col/val, any order, repeats summed
	kindBSR                // ptr/idx over block rows, bm x bn blocks
)

// kernelMat is a 2-D sparse matrix of rows x cols as the kernels read it. Its
// arrays alias the tensor's storage (the kernels never write to them); the
// compressed arrays may be a batch's slice of a larger tensor, so ptr need
// not start at zero. It is passed by value: copying its few hundred bytes
// costs less than the allocation a pointer through matOps would force on
// every product.
type kernelMat struct {
	kind       matKind
	rows, cols int64
	ptr, idx   dtype.Array // CSR, CSC, BSR
	row, col   dtype.Array // COO
	val        dtype.Array // flat values
	bm, bn     int64       // BSR block
}

// matOps are the typed operations of one (index width, value dtype) pair.
// Scalars are narrowed to the dtype; dense arrays are row-major.
type matOps interface {
	// spmm sets out (a.rows x n) = alpha * a @ b for dense b (a.cols x n).
	spmm(alpha dtype.Scalar, a kernelMat, b dtype.Array, n int64, out dtype.Array) error
	// dspmm sets out (m x a.cols) = alpha * d @ a for dense d (m x a.rows);
	// a is CSR, CSC or COO.
	dspmm(alpha dtype.Scalar, d dtype.Array, m int64, a kernelMat, out dtype.Array) error
	// gemm sets out[i] (m x n) = alpha * a[i] @ b[i] for i < nb, dense
	// batches a[i] (m x k) and b[i] (k x n) laid one after another.
	gemm(alpha dtype.Scalar, a, b dtype.Array, nb, m, k, n int64, out dtype.Array)
	// spgemmBounded returns the CSR arrays of a @ b (a, b CSR or COO; columns of
	// each result row sorted and unique). check sees bounds of the result's
	// entry count, then the exact count, all before the result is allocated
	// (kernels.SpGEMMBounded). wide asks for int64 result indices from int32
	// operands (read as int32).
	spgemmBounded(a, b kernelMat, wide bool, check func(nnz int64, kind kernels.SpGEMMBound) error) (ptr, idx, val dtype.Array, err error)
	// sddmm writes into out, laid out like s.val, beta*s + alpha*(a @ bt^T)
	// at the stored entries of the CSR s; a is (s.rows x k), bt (s.cols x k).
	sddmm(alpha, beta dtype.Scalar, a, bt dtype.Array, k int64, s kernelMat, out dtype.Array) error
	// rowProducts computes the rows of alpha * a @ b (b dense, a.cols x n)
	// that a stores anything in: their indices ascending and their values
	// (len(rows) x n).
	rowProducts(alpha dtype.Scalar, a kernelMat, b dtype.Array, n int64) (rows []int64, vals dtype.Array, err error)
	// colSums returns the column sums of a dense (r x c) array; rowSums its row sums.
	colSums(a dtype.Array, r, c int64) dtype.Array
	rowSums(a dtype.Array, r, c int64) dtype.Array
	// addOuter adds s * u[i] * v[j] to out[i, j] of an (m x n) array; an
	// empty u or v stands for ones.
	addOuter(out dtype.Array, m, n int64, s dtype.Scalar, u, v dtype.Array)
	// addScaled adds s * in[i*si + j*sj] to out[i, j] of an (m x n) array.
	addScaled(out dtype.Array, m, n int64, s dtype.Scalar, in dtype.Array, si, sj int64)
	// affine returns a new array with s*x + c for each element x of a.
	affine(a dtype.Array, s, c dtype.Scalar) dtype.Array
	// finite reports whether f and every element of sums are finite.
	finite(f dtype.Scalar, sums dtype.Array) bool
	// fillProduct sets out (a.rows x n) = alpha * (A @ b) for dense b
	// (a.cols x n), A's unspecified elements reading f, in IEEE arithmetic;
	// a is CSR or COO, of a float or complex dtype.
	fillProduct(alpha, f dtype.Scalar, a kernelMat, b dtype.Array, n int64, out dtype.Array) error
}

// opsFor returns the operations of a value dtype and an index width (32 or 64).
func opsFor(op string, d dtype.DType, width int) (matOps, error) {
	var pair *[2]matOps
	switch d {
	case dtype.Float64:
		pair = &opsF64
	case dtype.Float32:
		pair = &opsF32
	case dtype.Complex128:
		pair = &opsC128
	case dtype.Complex64:
		pair = &opsC64
	case dtype.Int64:
		pair = &opsI64
	case dtype.Int32:
		pair = &opsI32
	case dtype.Int16:
		pair = &opsI16
	case dtype.Int8:
		pair = &opsI8
	case dtype.UInt8:
		pair = &opsU8
	default:
		return nil, errs.Errorf(errs.ErrDType, "%s: dtype %s is not supported (matrix products need a numeric dtype)", op, d)
	}
	if width == 32 {
		return pair[0], nil
	}
	return pair[1], nil
}

// The operations of each numeric dtype for int32 and int64 indices, boxed
// once: boxing on every call would allocate.
var (
	opsF64  = opsPair[float64](dtype.Float64)
	opsF32  = opsPair[float32](dtype.Float32)
	opsC128 = opsPair[complex128](dtype.Complex128)
	opsC64  = opsPair[complex64](dtype.Complex64)
	opsI64  = opsPair[int64](dtype.Int64)
	opsI32  = opsPair[int32](dtype.Int32)
	opsI16  = opsPair[int16](dtype.Int16)
	opsI8   = opsPair[int8](dtype.Int8)
	opsU8   = opsPair[uint8](dtype.UInt8)
)

func opsPair[V kernels.Number](d dtype.DType) [2]matOps {
	return [2]matOps{typedOps[int32, V]{d: d}, typedOps[int64, V]{d: d}}
}

// typedOps implements matOps for index type I and value type V (dtype d).
type typedOps[I kernels.Index, V kernels.Number] struct{ d dtype.DType }

// v narrows a scalar to V.
func (k typedOps[I, V]) v(s dtype.Scalar) V {
	var out V
	dtype.StoreScalar(k.d, unsafe.Slice((*byte)(unsafe.Pointer(&out)), unsafe.Sizeof(out)), s)
	return out
}

// indexDType is the dtype of index type I.
func indexDType[I kernels.Index]() dtype.DType {
	var z I
	if unsafe.Sizeof(z) == 4 {
		return dtype.Int32
	}
	return dtype.Int64
}

// wrap views a Go slice as a 1-D Array of dtype d (no copy).
func wrap[T any](d dtype.DType, s []T) dtype.Array {
	if len(s) == 0 {
		return dtype.Array{DType: d, Shape: []int64{0}, Data: []byte{}}
	}
	var z T
	n := len(s) * int(unsafe.Sizeof(z))
	return dtype.Array{DType: d, Shape: []int64{int64(len(s))}, Data: unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), n)}
}

// kernelErr turns a kernel's argument error into the core's error type.
func kernelErr(op string, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := err.(*errs.Error); ok {
		return err
	}
	return errs.Errorf(errs.ErrInternal, "%s: %v", op, err)
}
