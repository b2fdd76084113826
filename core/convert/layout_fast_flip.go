package convert

import (
	"bytes"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
	"unsafe"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels"
)

// flipCompressed is CSR -> CSC and CSC -> CSR by one counting transpose of
// the source's own arrays (kernels.TransposeCompressed), where canonical2D
// would copy them first and transpose through a permutation. ok is false
// where it does not apply: other layouts, value blocks of several elements.
func flipCompressed[I kernels.Index](t *tensor.Tensor, spec tensor.FormatSpec, width int) (out *tensor.Tensor, ok bool, err error) {
	from, to := tensor.NamedLayout(t), spec.Layout
	if t.DenseDim() != 0 || !(from == tensor.CSR && to == tensor.CSC || from == tensor.CSC && to == tensor.CSR) {
		return nil, false, nil
	}
	switch t.DType().Size() {
	case 1:
		out, err = flipAs[I, uint8](t, spec, width)
	case 2:
		out, err = flipAs[I, uint16](t, spec, width)
	case 4:
		out, err = flipAs[I, uint32](t, spec, width)
	case 8:
		out, err = flipAs[I, uint64](t, spec, width)
	case 16:
		out, err = flipAs[I, [2]uint64](t, spec, width)
	default:
		return nil, false, nil
	}
	return out, true, err
}

// flipAs is flipCompressed with values moved as V, a word of the dtype's size.
func flipAs[I kernels.Index, V kernels.Word](t *tensor.Tensor, spec tensor.FormatSpec, width int) (*tensor.Tensor, error) {
	l := &t.Levels()[1]
	nInner := t.Dims()[1]
	if tensor.NamedLayout(t) == tensor.CSC {
		nInner = t.Dims()[0]
	}
	es := int64(t.DType().Size())
	// The result: nInner+1 pointers, and the entries' indices and values.
	if err := errs.CheckAlloc("values", budgetBytes(nInner+1, l.Crd.Numel(), int64(unsafe.Sizeof(*new(I))), es), 1); err != nil {
		return nil, err
	}
	c, err := kernels.TransposeCompressed(dtype.AsSlice[I](l.Pos), dtype.AsSlice[I](l.Crd), dtype.AsSlice[V](t.Values()), nInner)
	if err != nil {
		return nil, errs.Errorf(errs.ErrInternal, "transpose: %v", err)
	}
	vals := []byte{}
	if len(c.Val) > 0 {
		vals = unsafe.Slice((*byte)(unsafe.Pointer(&c.Val[0])), int64(len(c.Val))*es)
	}
	levels := spec.Levels()
	levels[1].Pos = dtype.IndexView(c.Ptr)
	levels[1].Crd = dtype.IndexView(c.Idx)
	return tensor.Assemble(tensor.Parts{Spec: tensor.FormatSpec{Layout: spec.Layout, Shape: slices.Clone(t.Dims())}, Levels: levels,
		Values: dtype.Array{DType: t.DType(), Shape: []int64{int64(len(c.Idx))}, Data: vals},
		Fill:   bytes.Clone(t.FillPattern()), UndefinedFill: t.UndefinedFill(), Coalesced: true, Width: width})
}

// budgetBytes is the size of ptrs pointers and nse entries of ib-byte
// indices and es-byte values, saturating instead of overflowing.
func budgetBytes(ptrs, nse, ib, es int64) int64 {
	return budget.Add(budget.Mul(ptrs, ib), budget.Mul(nse, ib+es))
}
