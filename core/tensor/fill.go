package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// WithFill returns a copy of t whose unspecified elements take the value
// fill (one element of t's dtype, as bytes). Stored elements are unchanged,
// so the dense value changes wherever nothing is stored; strided tensors have
// no unspecified elements and only record it.
func WithFill(t *Tensor, fill []byte) (*Tensor, error) {
	if len(fill) != t.dtype.Size() {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "fill_value: %d bytes given, one %s element has %d", len(fill), t.dtype, t.dtype.Size())
	}
	c := Clone(t)
	c.setFill(append([]byte(nil), fill...))
	return c, nil
}

// ScalarBytes narrows a scalar to one element of dtype d.
func ScalarBytes(d dtype.DType, v dtype.Scalar) []byte {
	b := make([]byte, d.Size())
	dtype.StoreScalar(d, b, v)
	return b
}
