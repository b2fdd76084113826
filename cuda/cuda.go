//go:build cuda

package cuda

/*
#cgo CFLAGS: -I${SRCDIR}/cu
#cgo LDFLAGS: -L${SRCDIR}/../build/cuda -lgscuda -l:libcusparse.so.12 -l:libcudart.so.13 -lstdc++ -lm
#include <stdlib.h>
#include "gs_cuda.h"
*/
import "C"

import (
	"unsafe"
)

// Built reports whether the library was built with CUDA.
const Built = true

// status turns a gsc_* return code and its message into an error.
func status(op string, code C.int, msg *C.char) error {
	if code == C.GSC_OK {
		return nil
	}
	return &Error{Kind: Kind(code), Op: op, Msg: C.GoString(msg)}
}

// call runs f with a C message buffer (C memory: the C side writes into it).
func call(op string, f func(msg *C.char) C.int) error {
	msg := (*C.char)(C.calloc(C.GSC_MSG_LEN, 1))
	defer C.free(unsafe.Pointer(msg))
	return status(op, f(msg), msg)
}

// vp is a device address as the C side's void pointer. It reinterprets the
// word's memory rather than converting uintptr to a pointer (which go vet
// refuses): a device address is never Go memory, so the collector ignores it.
func vp(p Ptr) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&p)) }

func csr(a CSR) C.gsc_csr {
	return C.gsc_csr{rows: C.int64_t(a.Rows), cols: C.int64_t(a.Cols), nnz: C.int64_t(a.NNZ),
		iwidth: C.int32_t(a.Width), pos: vp(a.Pos), crd: vp(a.Crd), val: vp(a.Val)}
}

// DeviceCount returns the number of CUDA devices (0 without a driver or GPU).
func DeviceCount() (int, error) {
	var n C.int
	err := call("device_count", func(m *C.char) C.int { return C.gsc_device_count(&n, m) })
	return int(n), err
}

// DeviceInfo returns the compute capability and the free and total memory of device dev.
func DeviceInfo(dev int) (major, minor int, free, total int64, err error) {
	var ma, mi C.int
	var f, t C.size_t
	err = call("device_info", func(m *C.char) C.int { return C.gsc_device_info(C.int(dev), &ma, &mi, &f, &t, m) })
	return int(ma), int(mi), int64(f), int64(t), err
}

// Alloc returns bytes of device memory on dev (cudaMalloc; never managed memory).
func Alloc(dev int, bytes int64) (Ptr, error) {
	var p unsafe.Pointer
	err := call("malloc", func(m *C.char) C.int { return C.gsc_malloc(C.int(dev), C.size_t(bytes), &p, m) })
	return Ptr(uintptr(p)), err
}

// Free releases memory from Alloc (0 is a no-op).
func Free(dev int, p Ptr) error {
	return call("free", func(m *C.char) C.int { return C.gsc_free(C.int(dev), vp(p), m) })
}

// CopyToDevice copies src into device memory at dst; it returns after the copy.
func CopyToDevice(dev int, dst Ptr, src []byte) error {
	if len(src) == 0 {
		return nil
	}
	return call("copy to device", func(m *C.char) C.int {
		return C.gsc_copy(C.int(dev), vp(dst), unsafe.Pointer(&src[0]), C.size_t(len(src)), C.GSC_H2D, m)
	})
}

// CopyToHost copies len(dst) bytes of device memory at src into dst.
func CopyToHost(dev int, dst []byte, src Ptr) error {
	if len(dst) == 0 {
		return nil
	}
	return call("copy to host", func(m *C.char) C.int {
		return C.gsc_copy(C.int(dev), unsafe.Pointer(&dst[0]), vp(src), C.size_t(len(dst)), C.GSC_D2H, m)
	})
}

// CopyDevice copies bytes from src to dst, both on device dev.
func CopyDevice(dev int, dst, src Ptr, bytes int64) error {
	return call("copy on device", func(m *C.char) C.int {
		return C.gsc_copy(C.int(dev), vp(dst), vp(src), C.size_t(bytes), C.GSC_D2D, m)
	})
}

// Zero sets bytes of device memory at p to zero.
func Zero(dev int, p Ptr, bytes int64) error {
	return call("zero", func(m *C.char) C.int { return C.gsc_zero(C.int(dev), vp(p), C.size_t(bytes), m) })
}

// SpMV sets y (a.Rows) = alpha * a x (x: a.Cols).
func SpMV(dev int, dt DType, a CSR, x, y Ptr, alpha float64) error {
	return call("spmv", func(m *C.char) C.int {
		return C.gsc_spmv_csr(C.int(dev), C.int(dt), csr(a), vp(x), vp(y), C.double(alpha), m)
	})
}

// SpMM sets c (a.Rows x k, row-major) = alpha * a b (b: a.Cols x k, row-major).
func SpMM(dev int, dt DType, a CSR, b Ptr, k int64, c Ptr, alpha float64) error {
	return call("spmm", func(m *C.char) C.int {
		return C.gsc_spmm_csr(C.int(dev), C.int(dt), csr(a), vp(b), C.int64_t(k), vp(c), C.double(alpha), m)
	})
}

// SDDMM sets out[p] = beta*in[p] + alpha*(x y)[i, j] for each stored (i, j)
// of a's pattern; x is a.Rows x k, y is k x a.Cols, both row-major; in may
// be 0 (no input term).
func SDDMM(dev int, dt DType, a CSR, in, x, y Ptr, k int64, alpha, beta float64, out Ptr) error {
	return call("sddmm", func(m *C.char) C.int {
		return C.gsc_sddmm_csr(C.int(dev), C.int(dt), csr(a), vp(in), vp(x), vp(y), C.int64_t(k),
			C.double(alpha), C.double(beta), vp(out), m)
	})
}

// SpMVDIA sets y = a x for a DIA matrix.
func SpMVDIA(dev int, dt DType, a DIA, x, y Ptr) error {
	byCol := C.int(0)
	if a.ByCol {
		byCol = 1
	}
	return call("spmv_dia", func(m *C.char) C.int {
		return C.gsc_spmv_dia(C.int(dev), C.int(dt), C.int64_t(a.Rows), C.int64_t(a.Cols), C.int64_t(a.NDiag),
			(*C.int64_t)(vp(a.Offsets)), C.int64_t(a.Stride), byCol, vp(a.Val), vp(x), vp(y), m)
	})
}

// SpGEMM returns c = a b (32-bit indices) in device memory it allocated (the
// caller frees c's Pos, Crd and Val); workspaces and c above maxBytes fail
// with KindTooLarge before they are allocated.
func SpGEMM(dev int, dt DType, a, b CSR, maxBytes int64) (CSR, error) {
	var out C.gsc_csr_out
	err := call("spgemm", func(m *C.char) C.int {
		return C.gsc_spgemm_csr(C.int(dev), C.int(dt), csr(a), csr(b), C.int64_t(maxBytes), &out, m)
	})
	return CSR{Rows: int64(out.rows), Cols: int64(out.cols), NNZ: int64(out.nnz), Width: 32,
		Pos: Ptr(uintptr(out.pos)), Crd: Ptr(uintptr(out.crd)), Val: Ptr(uintptr(out.val))}, err
}

// COOToCSR sorts COO entries (row, col, val: nnz, width-bit indices) into
// CSR arrays with duplicates summed: pos (rows + 1), crd and val (room for
// nnz). It returns the result's number of entries.
func COOToCSR(dev int, dt DType, width int, rows, cols, nnz int64, row, col, val, pos, crd, outVal Ptr) (int64, error) {
	var n C.int64_t
	err := call("coo_to_csr", func(m *C.char) C.int {
		return C.gsc_coo_to_csr(C.int(dev), C.int(dt), C.int(width), C.int64_t(rows), C.int64_t(cols),
			C.int64_t(nnz), vp(row), vp(col), vp(val), vp(pos), vp(crd), vp(outVal), &n, m)
	})
	return int64(n), err
}

// Transpose writes the CSR of a's transpose (a's CSC): pos (a.Cols + 1), crd and val (a.NNZ).
func Transpose(dev int, dt DType, a CSR, pos, crd, val Ptr) error {
	return call("transpose", func(m *C.char) C.int {
		return C.gsc_csr_transpose(C.int(dev), C.int(dt), csr(a), vp(pos), vp(crd), vp(val), m)
	})
}

// RowIndices writes the row of each of a's stored entries into out (a.NNZ, a.Width bits).
func RowIndices(dev int, a CSR, out Ptr) error {
	return call("csr_rows", func(m *C.char) C.int { return C.gsc_csr_rows(C.int(dev), csr(a), vp(out), m) })
}

// WidenIndices writes n int32 indices at in as int64 indices at out.
func WidenIndices(dev int, n int64, in, out Ptr) error {
	return call("widen_indices", func(m *C.char) C.int {
		return C.gsc_widen_indices(C.int(dev), C.int64_t(n), vp(in), vp(out), m)
	})
}

// ApplyUnary sets out[p] = op(in[p]) for n values.
func ApplyUnary(dev int, dt DType, op Unary, n int64, in, out Ptr) error {
	return call("unary", func(m *C.char) C.int {
		return C.gsc_unary(C.int(dev), C.int(dt), C.int(op), C.int64_t(n), vp(in), vp(out), m)
	})
}

// ApplyBinary sets out[p] = op(a[p], b[p]) for n values.
func ApplyBinary(dev int, dt DType, op Binary, n int64, a, b, out Ptr) error {
	return call("binary", func(m *C.char) C.int {
		return C.gsc_binary(C.int(dev), C.int(dt), C.int(op), C.int64_t(n), vp(a), vp(b), vp(out), m)
	})
}

// ApplyScalar sets out[p] = op(in[p], s), or op(s, in[p]) when scalarFirst.
func ApplyScalar(dev int, dt DType, op Binary, n int64, in Ptr, s float64, scalarFirst bool, out Ptr) error {
	first := C.int(0)
	if scalarFirst {
		first = 1
	}
	return call("binary_scalar", func(m *C.char) C.int {
		return C.gsc_binary_scalar(C.int(dev), C.int(dt), C.int(op), C.int64_t(n), vp(in), C.double(s), first, vp(out), m)
	})
}

// EqualIndices reports whether two n-element index arrays of width bits agree.
func EqualIndices(dev, width int, n int64, a, b Ptr) (bool, error) {
	var eq C.int
	err := call("equal_indices", func(m *C.char) C.int {
		return C.gsc_equal_indices(C.int(dev), C.int(width), C.int64_t(n), vp(a), vp(b), &eq, m)
	})
	return eq != 0, err
}

// Sum returns the sum of n values (accumulated in the dtype).
func Sum(dev int, dt DType, n int64, in Ptr) (float64, error) {
	var s C.double
	err := call("sum", func(m *C.char) C.int { return C.gsc_sum(C.int(dev), C.int(dt), C.int64_t(n), vp(in), &s, m) })
	return float64(s), err
}

// RowSums writes each row's sum of a's values into out (a.Rows).
func RowSums(dev int, dt DType, a CSR, out Ptr) error {
	return call("row_sums", func(m *C.char) C.int { return C.gsc_csr_row_sums(C.int(dev), C.int(dt), csr(a), vp(out), m) })
}

// ColSums writes each column's sum of a's values into out (a.Cols).
func ColSums(dev int, dt DType, a CSR, out Ptr) error {
	return call("col_sums", func(m *C.char) C.int { return C.gsc_csr_col_sums(C.int(dev), C.int(dt), csr(a), vp(out), m) })
}
