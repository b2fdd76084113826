package main

/*
#include "capi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// Readers of the element-wise and linear algebra arguments: gs_number,
// gs_elementwise_args and op names. They check what only the C side can get
// wrong (unknown number kinds, non-zero reserved fields, fields that the
// kind of op never reads); each op's own rules live in core.

// readNumber converts the caller's gs_number arg. Its kind plays the part of
// a Python literal's type in type promotion, so only the four kinds a
// literal can have are accepted.
func readNumber(arg string, n *C.gs_cnumber) (dtype.Number, error) {
	if n == nil {
		return dtype.Number{}, errNull(arg)
	}
	if n.reserved != 0 {
		return dtype.Number{}, errArg("%s.reserved = %d must be 0", arg, int32(n.reserved))
	}
	switch dtype.DType(n.kind) {
	case dtype.Bool:
		return dtype.BoolNumber(n.i != 0), nil
	case dtype.Int64:
		return dtype.IntNumber(int64(n.i)), nil
	case dtype.Float64:
		return dtype.FloatNumber(float64(n.re)), nil
	case dtype.Complex128:
		return dtype.ComplexNumber(complex(float64(n.re), float64(n.im))), nil
	}
	return dtype.Number{}, errs.Errorf(errs.ErrDType, "%s.kind = %d must be GS_BOOL, GS_INT64, GS_FLOAT64 or GS_COMPLEX128", arg, int32(n.kind))
}

// readOptNumber is readNumber for an optional field: NULL gives nil.
func readOptNumber(arg string, n *C.gs_cnumber) (*dtype.Number, error) {
	if n == nil {
		return nil, nil
	}
	v, err := readNumber(arg, n)
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// readCoefficient reads beta or alpha of the linear algebra exports as a
// dtype.Scalar; NULL is torch's default, 1.
func readCoefficient(arg string, n *C.gs_cnumber) (dtype.Scalar, error) {
	if n == nil {
		return dtype.IntScalar(1), nil
	}
	v, err := readNumber(arg, n)
	if err != nil {
		return dtype.Scalar{}, err
	}
	return v.Value, nil
}

// readOptDouble copies an optional double field: NULL gives nil.
func readOptDouble(p *C.double) *float64 {
	if p == nil {
		return nil
	}
	v := float64(*p)
	return &v
}

// readOpName reads the op argument (not NULL); a known op's name without
// allocating (opNameAt).
func readOpName(op *C.gs_cchar) (string, error) {
	if op == nil {
		return "", errNull("op")
	}
	return opNameAt(unsafe.Pointer(op)), nil
}

// readElementwiseOp reads the op of gs_unary (unary) or gs_binary and
// gs_binary_number, refusing an op of the other kind.
func readElementwiseOp(op *C.gs_cchar, unary bool) (string, error) {
	name, err := readOpName(op)
	if err != nil {
		return "", err
	}
	return name, wrongKindOfOp(name, unary)
}

// readBinaryOp reads the op name and args of gs_binary and gs_binary_number.
func readBinaryOp(op *C.gs_cchar, args *C.gs_celementwise_args) (string, ops.BinaryArgs, error) {
	name, err := readElementwiseOp(op, false)
	if err != nil {
		return "", ops.BinaryArgs{}, err
	}
	ba, err := binaryArgs(name, args)
	return name, ba, err
}

// readOutput reads the result layout and block size of args (NULL: torch's
// choice).
func readOutput(a *C.gs_celementwise_args) (ops.Output, error) {
	if a == nil {
		return ops.Output{}, nil
	}
	if a.reserved != 0 {
		return ops.Output{}, errArg("args.reserved = %d must be 0", int32(a.reserved))
	}
	bs := [2]int64{int64(a.blocksize[0]), int64(a.blocksize[1])}
	if a.layout == -1 {
		if bs != [2]int64{} {
			return ops.Output{}, errArg("args.blocksize = %v applies to a sparse_bsr or sparse_bsc args.layout only, but args.layout = -1 (the default)", bs)
		}
		return ops.Output{}, nil
	}
	l, err := checkLayout(a.layout)
	if err != nil {
		return ops.Output{}, errArg("args.layout = %d is neither -1 (the default) nor a gs_layout (GS_STRIDED..GS_SPARSE_CSF)", int32(a.layout))
	}
	if l != tensor.BSR && l != tensor.BSC && bs != [2]int64{} {
		return ops.Output{}, errArg("args.blocksize = %v applies to sparse_bsr and sparse_bsc results only, not %s", bs, l)
	}
	if bs[0] < 0 || bs[1] < 0 {
		return ops.Output{}, errArg("args.blocksize = %v: block sizes must be positive", bs)
	}
	return ops.Output{Layout: &l, BlockSize: bs}, nil
}

// unaryArgs reads args for gs_unary op name: the fields of the binary ops
// (alpha, rounding_mode) must be unset.
func unaryArgs(name string, a *C.gs_celementwise_args) (ops.UnaryArgs, error) {
	var u ops.UnaryArgs
	out, err := readOutput(a)
	if err != nil || a == nil {
		return u, err
	}
	u.Out = out
	if a.alpha != nil {
		return u, errArg("args.alpha: unary op %q takes no alpha (alpha applies to the binary ops add and sub)", name)
	}
	if a.rounding_mode != nil {
		return u, errArg("args.rounding_mode: unary op %q takes no rounding_mode (it applies to the binary op div)", name)
	}
	if u.Exponent, err = readOptNumber("args.exponent", a.exponent); err != nil {
		return u, err
	}
	if u.Min, err = readOptNumber("args.min", a.min); err != nil {
		return u, err
	}
	if u.Max, err = readOptNumber("args.max", a.max); err != nil {
		return u, err
	}
	u.NaN, u.PosInf, u.NegInf = readOptDouble(a.nan), readOptDouble(a.posinf), readOptDouble(a.neginf)
	return u, nil
}

// binaryArgs reads args for gs_binary and gs_binary_number op name: the
// fields of the unary ops must be unset.
func binaryArgs(name string, a *C.gs_celementwise_args) (ops.BinaryArgs, error) {
	var b ops.BinaryArgs
	out, err := readOutput(a)
	if err != nil || a == nil {
		return b, err
	}
	b.Out = out
	if a.exponent != nil || a.min != nil || a.max != nil || a.nan != nil || a.posinf != nil || a.neginf != nil {
		return b, unaryFieldSet(name, a)
	}
	if a.alpha == nil && a.rounding_mode == nil {
		return b, nil // the common call: nothing more to read
	}
	if b.Alpha, err = readOptNumber("args.alpha", a.alpha); err != nil {
		return b, err
	}
	if a.rounding_mode != nil {
		b.RoundingMode = C.GoString(a.rounding_mode)
		if b.RoundingMode != "trunc" && b.RoundingMode != "floor" {
			return b, errArg("args.rounding_mode = %q must be NULL (true division), \"trunc\" or \"floor\"", b.RoundingMode)
		}
	}
	return b, nil
}

// unaryFieldSet names the first field of the unary ops that args sets for
// binary op name (binaryArgs calls it once it saw one set; the table is built
// only then, off the path of every call).
func unaryFieldSet(name string, a *C.gs_celementwise_args) error {
	unset := []struct {
		field string
		set   bool
	}{
		{"exponent", a.exponent != nil}, {"min", a.min != nil}, {"max", a.max != nil},
		{"nan", a.nan != nil}, {"posinf", a.posinf != nil}, {"neginf", a.neginf != nil},
	}
	for _, f := range unset {
		if f.set {
			return errArg("args.%s: binary op %q takes no %s (it applies to unary ops; pow's exponent is its second operand)", f.field, name, f.field)
		}
	}
	return nil
}

// wrongKindOfOp explains an op name given to the other kind of export
// (a binary op to gs_unary, or a unary op to gs_binary); nil otherwise.
func wrongKindOfOp(name string, unary bool) error {
	if unary && name != "pow" && ops.IsBinaryOp(name) {
		return errArg("op = %q is a binary op: use gs_binary or gs_binary_number", name)
	}
	if !unary && !ops.IsBinaryOp(name) && ops.IsUnaryOp(name) {
		return errArg("op = %q is a unary op: use gs_unary", name)
	}
	return nil
}
