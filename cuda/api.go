package cuda

import (
	"errors"
	"fmt"
)

// ErrNotBuilt is the error of every call in a library built without the cuda tag.
var ErrNotBuilt = errors.New("built without CUDA")

// Kind classifies an Error.
type Kind int

// Error kinds, matching the GSC_ERR_* codes of cu/gs_cuda.h.
const (
	KindCUDA     Kind = 1 // a CUDA runtime error: no driver, no device, a failed launch
	KindCUSPARSE Kind = 2 // a cuSPARSE error
	KindTooLarge Kind = 3 // a workspace or output above the memory limit
	KindInvalid  Kind = 4 // an argument the kernels cannot take
	KindNoMemory Kind = 5 // cudaMalloc failed: the device is out of memory
)

// Error is a failed kernel call: its kind and the CUDA or cuSPARSE message.
type Error struct {
	Kind Kind
	Op   string
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("cuda %s: %s", e.Op, e.Msg) }

// DType is the value dtype of a kernel call.
type DType int

// The dtypes the kernels take (the codes of cu/gs_cuda.h).
const (
	Float32 DType = 0
	Float64 DType = 1
)

// Size is the dtype's size in bytes.
func (d DType) Size() int64 {
	if d == Float32 {
		return 4
	}
	return 8
}

// Ptr is the address of device memory from Alloc: never a Go pointer.
type Ptr uintptr

// CSR is a CSR matrix in device memory: Pos (Rows + 1) and Crd (NNZ) of
// Width (32 or 64) bits, Val (NNZ) of the call's dtype. A CSC matrix is
// passed as the CSR of its transpose.
type CSR struct {
	Rows, Cols, NNZ int64
	Width           int
	Pos, Crd, Val   Ptr
}

// DIA is a DIA matrix in device memory: A[r, r+Offsets[d]] = Val[d*Stride +
// r] (by column: Val[d*Stride + r + Offsets[d]]); Offsets holds NDiag int64.
type DIA struct {
	Rows, Cols, NDiag, Stride int64
	ByCol                     bool
	Offsets, Val              Ptr
}

// Unary names an element-wise unary operation on values.
type Unary int

// The unary operations (cu/gs_cuda.h GSC_NEG...).
const (
	Neg Unary = iota
	Abs
	Sqrt
	Exp
	Log
	Sin
	Cos
	Tanh
	Relu
	Square
	Sigmoid
)

// Binary names an element-wise binary operation on values.
type Binary int

// The binary operations (cu/gs_cuda.h GSC_ADD...).
const (
	Add Binary = iota
	Sub
	Mul
	Div
	Maximum
	Minimum
	Pow
)

// UnaryOps and BinaryOps map the operation names of gosparse's element-wise
// API to the operations that have a GPU kernel.
var (
	UnaryOps = map[string]Unary{"neg": Neg, "abs": Abs, "sqrt": Sqrt, "exp": Exp, "log": Log, "sin": Sin,
		"cos": Cos, "tanh": Tanh, "relu": Relu, "square": Square, "sigmoid": Sigmoid}
	BinaryOps = map[string]Binary{"add": Add, "sub": Sub, "mul": Mul, "div": Div, "maximum": Maximum,
		"minimum": Minimum, "pow": Pow}
)
