package linalg

import (
	"slices"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// MvOut is torch.mv(mat, vec, out=out): mat @ vec written into out, an
// existing strided tensor with the result's dtype and shape (mat's rows).
// Unlike torch, out is never resized: a wrong shape is refused. out must
// not share memory with mat or vec. Nothing is allocated for the result,
// which makes repeated products (iterative solvers) cheap; on error out is
// left as it was.
func MvOut(mat, vec, out *tensor.Tensor) error {
	if out == nil {
		return nilOut("mv")
	}
	if _, ok, err := mvFast(mat, vec, out); ok {
		return err
	}
	if native(mat, vec) {
		_, err := addmvNative("mv", nil, mat, vec, dtype.IntScalar(0), dtype.IntScalar(1), out)
		return err
	}
	r, err := Mv(mat, vec)
	if err != nil {
		return err
	}
	return copyOut("mv", r, out, mat, vec)
}

// MmOut is torch.mm(mat1, mat2, out=out) for a dense result (sparse @
// dense, dense @ sparse, dense @ dense): the product written into out, an
// existing strided tensor with the result's dtype and shape. out is never
// resized and must not share memory with the operands; sparse @ sparse is
// refused (its result is sparse). On error out is left as it was.
func MmOut(mat1, mat2, out *tensor.Tensor) error {
	if out == nil {
		return nilOut("mm")
	}
	if native(mat1, mat2) || mat1 != nil && mat2 != nil && mat1.Layout() != tensor.Strided && mat2.Layout() != tensor.Strided {
		// mmNative checks out; sparse @ sparse is refused there.
		_, err := mmNative("mm", mat1, mat2, out)
		return err
	}
	r, err := Mm(mat1, mat2)
	if err != nil {
		return err
	}
	return copyOut("mm", r, out, mat1, mat2)
}

// nilOut reports a missing out tensor.
func nilOut(op string) error { return errs.Errorf(errs.ErrInvalidArgument, "%s: out is nil", op) }

// checkOut checks dst (when not nil) as the destination of a result of
// dtype d and the given shape, not overlapping the operands, and returns
// its data (no shape: the kernels read data only; a zero Array when dst is
// nil).
func checkOut(op string, dst *tensor.Tensor, d dtype.DType, shape []int64, operands ...*tensor.Tensor) (dtype.Array, error) {
	if dst == nil {
		return dtype.Array{}, nil
	}
	if dst.Layout() != tensor.Strided {
		return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument, "%s: out must be a strided tensor (the result is dense), got layout %s", op, dst.Layout())
	}
	if dst.DType() != d {
		return dtype.Array{}, errs.Errorf(errs.ErrDType, "%s: out has dtype %s, the result has dtype %s", op, dst.DType(), d)
	}
	if !slices.Equal(dst.Dims(), shape) {
		// A copy goes to the message, so that shape need not escape.
		return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument, "%s: out has size %v, the result has size %v (out is not resized)", op, dst.Dims(), slices.Clone(shape))
	}
	for _, t := range operands {
		if t != nil && sharesMemory(dst.Values().Data, t) {
			return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument, "%s: out shares memory with an operand; the product cannot be written over its own input", op)
		}
	}
	return dtype.Array{DType: d, Data: dst.Values().Data}, nil
}

// copyOut checks out (not nil) against the computed dense result r and
// copies r into it.
func copyOut(op string, r, out *tensor.Tensor, operands ...*tensor.Tensor) error {
	into, err := checkOut(op, out, r.DType(), r.Dims(), operands...)
	if err != nil {
		return err
	}
	copy(into.Data, r.Values().Data)
	return nil
}

// sharesMemory reports whether buf overlaps any array of t (values, or
// the positions and coordinates of its levels).
func sharesMemory(buf []byte, t *tensor.Tensor) bool {
	for _, a := range t.AppendStorage(nil) { // a custom format's own arrays: nothing is built to answer
		if bytesOverlap(buf, a.Data) {
			return true
		}
	}
	return false
}

// bytesOverlap reports whether two byte slices share an address.
func bytesOverlap(a, b []byte) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	a0, b0 := uintptr(unsafe.Pointer(&a[0])), uintptr(unsafe.Pointer(&b[0]))
	return a0 < b0+uintptr(len(b)) && b0 < a0+uintptr(len(a))
}
