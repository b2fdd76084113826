package engine

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// Broadcasting as torch (and numpy) does it, in one place for the
// element-wise ops, linalg's input operands and autograd's sum back to an
// operand's shape: shapes align at their last dims, and each pair of sizes
// must be equal or one of them 1.

// BroadcastShape is torch's infer_size: the shape two operands of shapes a
// and b broadcast to, or torch's refusal naming the first dim that
// mismatches (counted from the front of the longer shape).
func BroadcastShape(a, b []int64) ([]int64, error) {
	n := max(len(a), len(b))
	out := make([]int64, n)
	for i := n - 1; i >= 0; i-- {
		sa, sb := sizeAt(a, i-n+len(a)), sizeAt(b, i-n+len(b))
		switch {
		case sa == sb || sb == 1:
			out[i] = sa
		case sa == 1:
			out[i] = sb
		default:
			return nil, errs.Errorf(errs.ErrInvalidArgument, "The size of tensor a (%d) must match the size of tensor b (%d) at non-singleton dimension %d (sizes %v and %v do not broadcast)",
				sa, sb, i, a, b)
		}
	}
	return out, nil
}

// sizeAt is shape[i], or 1 where i falls before the shape's first dim.
func sizeAt(shape []int64, i int) int64 {
	if i < 0 {
		return 1
	}
	return shape[i]
}

// BroadcastStrides is the element stride of each of out's dims in a
// row-major array of the given shape broadcast to out: 0 where the dim is
// missing from shape or stretched from size 1. shape must broadcast to out.
func BroadcastStrides(shape, out []int64) []int64 {
	st := make([]int64, len(out))
	stride := int64(1)
	lead := len(out) - len(shape)
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] != 1 || out[lead+d] == 1 {
			st[lead+d] = stride
		}
		stride *= shape[d]
	}
	return st
}

// BroadcastsTo reports whether shape broadcasts to out without changing out.
func BroadcastsTo(shape, out []int64) bool {
	if len(shape) > len(out) {
		return false
	}
	lead := len(out) - len(shape)
	for d, s := range shape {
		if s != 1 && s != out[lead+d] {
			return false
		}
	}
	return true
}

// ReducedDims lists the dims of a gradient of shape out that are summed to
// give the gradient of an operand of shape shape that broadcast to out: the
// leading dims shape lacks and the dims it stretched from 1, ascending.
func ReducedDims(out, shape []int64) []int {
	lead := len(out) - len(shape)
	var dims []int
	for i := range out {
		if i < lead || (shape[i-lead] == 1 && out[i] != 1) {
			dims = append(dims, i)
		}
	}
	return dims
}

// Expand copies a row-major array a of the given shape broadcast to out
// into a new row-major array of shape out (budget-checked): the dense
// operand of a strided result. a must broadcast to out.
func Expand(a dtype.Array, out []int64) (dtype.Array, error) {
	n := dtype.NumelOf(out)
	es := a.DType.Size()
	if err := errs.CheckAlloc("broadcast", n, es); err != nil {
		return dtype.Array{}, err
	}
	r := dtype.NewArray(a.DType, out)
	if n == 0 {
		return r, nil
	}
	st := BroadcastStrides(a.Shape, out)
	// The last dims that a holds in full are copied as one run.
	run, inner := int64(1), len(out)
	for inner > 0 && st[inner-1] == run {
		run *= out[inner-1]
		inner--
	}
	idx := make([]int64, inner)
	rb := run * int64(es)
	for dst := int64(0); dst < n; dst += run {
		src := int64(0)
		for d, i := range idx {
			src += i * st[d]
		}
		copy(r.Data[dst*int64(es):dst*int64(es)+rb], a.Data[src*int64(es):src*int64(es)+rb])
		for d := inner - 1; d >= 0; d-- {
			if idx[d]++; idx[d] < out[d] {
				break
			}
			idx[d] = 0
		}
	}
	return r, nil
}
