package convert

import (
	"bytes"
	"github.com/gosparse/gosparse/core/tensor"
	"math"
	"slices"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels"
)

// Strided -> CSR/CSC/COO with two sparse dims (any dense dims) in one
// counting pass and one fill pass over the dense values
// (kernels.DenseToCompressed), where the general path lists the stored
// blocks as entries and sorts them back into order.

// stridedConvertible reports whether ToLayout may take stridedToCompressed.
func stridedConvertible(t *tensor.Tensor, spec tensor.FormatSpec) bool {
	if tensor.NamedLayout(t) != tensor.Strided || t.PerSlotFill() || spec.BatchDim != 0 || len(t.Dims())-spec.DenseDim != 2 {
		return false
	}
	switch spec.Layout {
	case tensor.CSR, tensor.CSC, tensor.COO:
	default:
		return false
	}
	switch t.DType() { // value comparison by Go's != (half floats are raw words)
	case dtype.Float64, dtype.Float32, dtype.Complex128, dtype.Complex64,
		dtype.Int64, dtype.Int32, dtype.Int16, dtype.Int8, dtype.UInt8, dtype.Bool:
		return true
	}
	return false
}

// stridedToCompressed converts a strided tensor to spec (see stridedConvertible).
func stridedToCompressed(t *tensor.Tensor, spec tensor.FormatSpec, width int) (*tensor.Tensor, error) {
	// int32 indices whenever every position fits (then autoWidth is 32 too).
	if dtype.NumelOf(t.Dims()) < math.MaxInt32 && width != 64 {
		return stridedAs[int32](t, spec, width)
	}
	return stridedAs[int64](t, spec, width)
}

func stridedAs[I kernels.Index](t *tensor.Tensor, spec tensor.FormatSpec, width int) (*tensor.Tensor, error) {
	switch t.DType() {
	case dtype.Float64:
		return stridedTyped[I, float64](t, spec, width)
	case dtype.Float32:
		return stridedTyped[I, float32](t, spec, width)
	case dtype.Complex128:
		return stridedTyped[I, complex128](t, spec, width)
	case dtype.Complex64:
		return stridedTyped[I, complex64](t, spec, width)
	case dtype.Int64:
		return stridedTyped[I, int64](t, spec, width)
	case dtype.Int32:
		return stridedTyped[I, int32](t, spec, width)
	case dtype.Int16:
		return stridedTyped[I, int16](t, spec, width)
	case dtype.Int8:
		return stridedTyped[I, int8](t, spec, width)
	}
	return stridedTyped[I, uint8](t, spec, width) // UInt8, Bool
}

func stridedTyped[I kernels.Index, V kernels.Number](t *tensor.Tensor, spec tensor.FormatSpec, width int) (*tensor.Tensor, error) {
	rows, cols := t.Dims()[0], t.Dims()[1]
	bs := dtype.NumelOf(t.Dims()[2:])
	vals := dtype.AsSlice[V](t.Values())
	fill := *(*V)(unsafe.Pointer(&t.FillElem()[0]))
	byCols, isCOO := spec.Layout == tensor.CSC, spec.Layout == tensor.COO
	es := int64(t.DType().Size())
	outer := rows
	if byCols {
		outer = cols
	}
	var z I
	ib := int64(unsafe.Sizeof(z))
	if err := errs.CheckAlloc("crow_indices", outer+1, int(ib)); err != nil {
		return nil, err
	}
	sized := func(nse int64) error {
		idx := nse * ib
		if isCOO {
			idx *= 2
		}
		return errs.CheckAlloc("values", nse*bs*es+idx, 1)
	}
	c, err := kernels.DenseToCompressed[I](vals, rows, cols, bs, fill, byCols, isCOO, sized)
	if err != nil {
		return nil, err
	}
	p := tensor.Parts{Spec: tensor.FormatSpec{Layout: spec.Layout, Shape: slices.Clone(t.Dims()), DenseDim: spec.DenseDim}, Levels: spec.Levels(),
		Fill: bytes.Clone(t.FillPattern()), UndefinedFill: t.UndefinedFill(), Coalesced: true, Width: width}
	nse := int64(len(c.Idx))
	var valBytes []byte
	if len(c.Val) > 0 {
		valBytes = unsafe.Slice((*byte)(unsafe.Pointer(&c.Val[0])), int64(len(c.Val))*es)
	} else {
		valBytes = []byte{}
	}
	p.Values = dtype.Array{DType: t.DType(), Shape: []int64{int64(len(c.Val))}, Data: valBytes}
	if !isCOO {
		p.Levels[1].Pos = dtype.IndexView(c.Ptr)
		p.Levels[1].Crd = dtype.IndexView(c.Idx)
		return tensor.Assemble(p)
	}
	p.Levels[0].Pos = tensor.CastIndex(dtype.Int64Array([]int64{0, nse}), dtype.IndexDType[I]())
	p.Levels[0].Crd = dtype.IndexView(c.Rows)
	p.Levels[1].Crd = dtype.IndexView(c.Idx)
	// Rows and Idx are the halves of one buffer: the (2, nse) indices as
	// they are, where the result keeps their width.
	p.Indices = dtype.IndexView(c.Rows[:2*nse])
	p.Indices.Shape = []int64{2, nse}
	return tensor.Assemble(p)
}
