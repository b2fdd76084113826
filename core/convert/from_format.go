package convert

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// NewFromFormat builds the tensor of format f and the given shape from its
// storage, checked and copied by tensor.CheckUST (its doc lists the arrays
// and every rule): per level a pos and a crd array (int32 or int64, 1-D;
// an Array without Data, or of zero length, where the level type stores
// none) and the values (1-D, padding included), in the reference's layout,
// kept at their index width (int64 where any array is int64). Where f is a
// named layout's format the result is that layout's tensor, converted from
// the checked storage (ToLayout), else a Custom one.
func NewFromFormat(f format.Format, shape []int64, pos, crd []dtype.Array, values dtype.Array) (*tensor.Tensor, error) {
	return fromFormat(f, shape, pos, crd, values, false)
}

// WrapFormat is NewFromFormat over the caller's arrays: with the same
// checks, the tensor's storage in its format (what USTStorage and the C
// storage getters lend) is pos, crd and values themselves, of whatever
// index width they have; the caller keeps them unchanged while the tensor
// lives. The COO tensor an operator reads (tensor.Named) is made from them
// per call. A named layout's format gives that layout's tensor, built from
// a copy.
func WrapFormat(f format.Format, shape []int64, pos, crd []dtype.Array, values dtype.Array) (*tensor.Tensor, error) {
	return fromFormat(f, shape, pos, crd, values, true)
}

// fromFormat is NewFromFormat (borrow false) and WrapFormat (true).
func fromFormat(f format.Format, shape []int64, pos, crd []dtype.Array, values dtype.Array, borrow bool) (*tensor.Tensor, error) {
	c, err := tensor.CheckUST(f, shape, pos, crd, values, borrow)
	if err != nil {
		return nil, err
	}
	if src, layout, opt, ok := c.Named(); ok {
		return ToLayout(src, layout, opt)
	}
	t, _ := c.Custom()
	return t, nil
}
