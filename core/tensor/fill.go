package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// WithFill returns a copy of t whose unspecified elements take the value
// fill (one element of t's dtype, as bytes). Stored elements are unchanged,
// so the dense value changes wherever nothing is stored; strided tensors have
// no unspecified elements and only record it. A custom-format tensor keeps
// its format and storage.
func WithFill(t *Tensor, fill []byte) (*Tensor, error) {
	if len(fill) != t.dtype.Size() {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "fill_value: %d bytes given, one %s element has %d", len(fill), t.dtype, t.dtype.Size())
	}
	if u := t.formatStore(); u != nil {
		// A custom-format tensor keeps its format: the same storage (shared,
		// tensors being immutable) under the new fill. Its padding slots are
		// stored elements, unchanged, as in its Named COO tensor.
		c := newCustomShell(t.dtype, t.shape, append([]byte(nil), fill...))
		c.ust = sharedStore(c, u, u.Format.Clone(), u.Values)
		return c, nil
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
