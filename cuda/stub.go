//go:build !cuda

package cuda

// Built reports whether the library was built with CUDA.
const Built = false

// The stand-ins of a build without the cuda tag: each has the signature of
// its twin in cuda.go and fails with ErrNotBuilt.

// DeviceCount returns 0 and ErrNotBuilt.
func DeviceCount() (int, error) { return 0, ErrNotBuilt }

// DeviceInfo returns ErrNotBuilt.
func DeviceInfo(int) (major, minor int, free, total int64, err error) { return 0, 0, 0, 0, ErrNotBuilt }

// Alloc returns ErrNotBuilt.
func Alloc(int, int64) (Ptr, error) { return 0, ErrNotBuilt }

// Free returns ErrNotBuilt.
func Free(int, Ptr) error { return ErrNotBuilt }

// CopyToDevice returns ErrNotBuilt.
func CopyToDevice(int, Ptr, []byte) error { return ErrNotBuilt }

// CopyToHost returns ErrNotBuilt.
func CopyToHost(int, []byte, Ptr) error { return ErrNotBuilt }

// CopyDevice returns ErrNotBuilt.
func CopyDevice(int, Ptr, Ptr, int64) error { return ErrNotBuilt }

// Zero returns ErrNotBuilt.
func Zero(int, Ptr, int64) error { return ErrNotBuilt }

// SpMV returns ErrNotBuilt.
func SpMV(int, DType, CSR, Ptr, Ptr, float64) error { return ErrNotBuilt }

// SpMM returns ErrNotBuilt.
func SpMM(int, DType, CSR, Ptr, int64, Ptr, float64) error { return ErrNotBuilt }

// SDDMM returns ErrNotBuilt.
func SDDMM(int, DType, CSR, Ptr, Ptr, Ptr, int64, float64, float64, Ptr) error { return ErrNotBuilt }

// SpMVDIA returns ErrNotBuilt.
func SpMVDIA(int, DType, DIA, Ptr, Ptr) error { return ErrNotBuilt }

// SpGEMM returns ErrNotBuilt.
func SpGEMM(int, DType, CSR, CSR, int64) (CSR, error) { return CSR{}, ErrNotBuilt }

// COOToCSR returns ErrNotBuilt.
func COOToCSR(int, DType, int, int64, int64, int64, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr) (int64, error) {
	return 0, ErrNotBuilt
}

// Transpose returns ErrNotBuilt.
func Transpose(int, DType, CSR, Ptr, Ptr, Ptr) error { return ErrNotBuilt }

// RowIndices returns ErrNotBuilt.
func RowIndices(int, CSR, Ptr) error { return ErrNotBuilt }

// WidenIndices returns ErrNotBuilt.
func WidenIndices(int, int64, Ptr, Ptr) error { return ErrNotBuilt }

// ApplyUnary returns ErrNotBuilt.
func ApplyUnary(int, DType, Unary, int64, Ptr, Ptr) error { return ErrNotBuilt }

// ApplyBinary returns ErrNotBuilt.
func ApplyBinary(int, DType, Binary, int64, Ptr, Ptr, Ptr) error { return ErrNotBuilt }

// ApplyScalar returns ErrNotBuilt.
func ApplyScalar(int, DType, Binary, int64, Ptr, float64, bool, Ptr) error { return ErrNotBuilt }

// EqualIndices returns ErrNotBuilt.
func EqualIndices(int, int, int64, Ptr, Ptr) (bool, error) { return false, ErrNotBuilt }

// Sum returns ErrNotBuilt.
func Sum(int, DType, int64, Ptr) (float64, error) { return 0, ErrNotBuilt }

// RowSums returns ErrNotBuilt.
func RowSums(int, DType, CSR, Ptr) error { return ErrNotBuilt }

// ColSums returns ErrNotBuilt.
func ColSums(int, DType, CSR, Ptr) error { return ErrNotBuilt }
