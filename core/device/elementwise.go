package device

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/cuda"
)

// The element-wise operations with a GPU path: the op runs on the stored
// values on the device and on the fill value on the host (one element,
// through the core's own table), so to_dense(op(t)) == op(to_dense(t)).

// hostScalar is a 0-d host tensor holding one element of dtype (bytes b).
func hostScalar(dt dtype.DType, b []byte) (*tensor.Tensor, error) {
	a := dtype.NewArray(dt, nil)
	copy(a.Data, b)
	return tensor.NewStrided(a)
}

// fillOf applies f to the fill values and returns the result's element.
func fillOf(dtype dtype.DType, f func() (*tensor.Tensor, error)) ([]byte, error) {
	r, err := f()
	if err != nil {
		return nil, err
	}
	if r.DType() != dtype {
		return nil, errs.Errorf(errs.ErrUnsupported, "the GPU path keeps the dtype %s; this op gives %s", dtype, r.DType())
	}
	v, err := tensor.Component(r, tensor.CompValues)
	if err != nil {
		return nil, err
	}
	return append([]byte(nil), v.Data...), nil
}

// withValues is a copy of t whose values the kernel run fills in (the
// index arrays copied, the fill value replaced).
func withValues(op string, t *Tensor, fill []byte, run func(out cuda.Ptr) error) (*Tensor, error) {
	out, err := Clone(t)
	if err != nil {
		return nil, err
	}
	out.fill = fill
	if err := wrap(op, run(out.values.ptr)); err != nil {
		_ = out.Free()
		return nil, err
	}
	return out, nil
}

// Unary applies the element-wise op name (neg, abs, sqrt, exp, log, sin,
// cos, tanh, relu, square, sigmoid) to t's values and fill value.
func Unary(name string, t *Tensor) (*Tensor, error) {
	k, ok := cuda.UnaryOps[name]
	if !ok {
		return nil, Refuse(name, "t", t)
	}
	fill, err := fillOf(t.dtype, func() (*tensor.Tensor, error) {
		s, err := hostScalar(t.dtype, t.fill)
		if err != nil {
			return nil, err
		}
		return ops.UnaryByName(name, s, ops.UnaryArgs{})
	})
	if err != nil {
		return nil, err
	}
	if t.layout == tensor.COO && !t.coalesced && k != cuda.Neg {
		// f(a + b) != f(a) + f(b): duplicates are summed first, as on the host.
		c, err := Coalesce(name, t)
		if err != nil {
			return nil, err
		}
		defer c.Free()
		t = c
	}
	return withValues(name, t, fill, func(out cuda.Ptr) error {
		return cuda.ApplyUnary(t.dev, t.kdtype(), k, t.values.n, t.values.ptr, out)
	})
}

// Binary applies op name (add, sub, mul, div, maximum, minimum, pow) to two
// device tensors of one layout, shape and dtype whose sparse patterns are
// equal (strided: any); different patterns have no GPU path yet.
func Binary(name string, a, b *Tensor) (*Tensor, error) {
	k, ok := cuda.BinaryOps[name]
	if !ok {
		return nil, Refuse(name, "a", a)
	}
	if err := sameDevice(name, a, b); err != nil {
		return nil, err
	}
	if a.layout != b.layout || !equalShape(a.shape, b.shape) {
		return nil, errs.Errorf(errs.ErrUnsupported, "%s: %s and %s: the GPU path needs one layout and one shape", name, a, b)
	}
	if a.layout == tensor.COO && (!a.coalesced || !b.coalesced) {
		return nil, errs.Errorf(errs.ErrUnsupported, "%s: uncoalesced sparse_coo operands have no GPU path; coalesce them first", name)
	}
	same, err := samePattern(a, b)
	if err != nil {
		return nil, err
	}
	if !same {
		return nil, errs.Errorf(errs.ErrUnsupported, "%s: %s and %s store different patterns; the GPU path needs equal patterns", name, a, b)
	}
	fill, err := fillOf(a.dtype, func() (*tensor.Tensor, error) {
		x, err := hostScalar(a.dtype, a.fill)
		if err != nil {
			return nil, err
		}
		y, err := hostScalar(b.dtype, b.fill)
		if err != nil {
			return nil, err
		}
		return ops.BinaryByName(name, ops.TensorOperand(x), ops.TensorOperand(y), ops.BinaryArgs{})
	})
	if err != nil {
		return nil, err
	}
	return withValues(name, a, fill, func(out cuda.Ptr) error {
		return cuda.ApplyBinary(a.dev, a.kdtype(), k, a.values.n, a.values.ptr, b.values.ptr, out)
	})
}

// BinaryNumber applies op name to a device tensor and a real number s (s
// first when numberFirst), values and fill value alike.
func BinaryNumber(name string, a *Tensor, s dtype.Number, numberFirst bool) (*Tensor, error) {
	k, ok := cuda.BinaryOps[name]
	if !ok {
		return nil, Refuse(name, "a", a)
	}
	if s.Value.Im() != 0 {
		return nil, errs.Errorf(errs.ErrUnsupported, "%s: a complex number has no GPU path", name)
	}
	scales := k == cuda.Mul || k == cuda.Div && !numberFirst
	if a.layout == tensor.COO && !a.coalesced && !scales {
		c, err := Coalesce(name, a) // only scaling distributes over duplicates
		if err != nil {
			return nil, err
		}
		defer c.Free()
		a = c
	}
	fill, err := fillOf(a.dtype, func() (*tensor.Tensor, error) {
		x, err := hostScalar(a.dtype, a.fill)
		if err != nil {
			return nil, err
		}
		l, r := ops.TensorOperand(x), ops.NumberOperand(s)
		if numberFirst {
			l, r = r, l
		}
		return ops.BinaryByName(name, l, r, ops.BinaryArgs{})
	})
	if err != nil {
		return nil, err
	}
	return withValues(name, a, fill, func(out cuda.Ptr) error {
		return cuda.ApplyScalar(a.dev, a.kdtype(), k, a.values.n, a.values.ptr, s.Value.Re(), numberFirst, out)
	})
}

func equalShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// samePattern reports whether a and b store the same entries (their index
// arrays compared on the device).
func samePattern(a, b *Tensor) (bool, error) {
	if a.values.n != b.values.n || a.width != b.width {
		return false, nil
	}
	for l := range a.pos {
		for _, pair := range [][2]buffer{{a.pos[l], b.pos[l]}, {a.crd[l], b.crd[l]}} {
			x, y := pair[0], pair[1]
			if (x.ptr == 0) != (y.ptr == 0) || x.n != y.n {
				return false, nil
			}
			if x.ptr == 0 {
				continue
			}
			eq, err := cuda.EqualIndices(a.dev, x.dtype.Size()*8, x.n, x.ptr, y.ptr)
			if err != nil || !eq {
				return false, wrap("compare patterns", err)
			}
		}
	}
	return true, nil
}
