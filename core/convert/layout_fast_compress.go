package convert

import (
	"bytes"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels"
)

// compressCOO groups a 2-D COO tensor's entries by row (axis 0, as CSR) or
// by column (axis 1, as CSC), with sorted, unique inner indices (repeats
// summed), by the kernels' CompressRows or CompressCols, which move each
// value as one raw word of its dtype's size; withRows (axis 0 only) also
// returns the row of every entry (see kernels.Compressed). ok is false for
// value blocks it does not move (hybrid tensors, whose blocks hold several
// elements).
func compressCOO[I kernels.Index](t *tensor.Tensor, axis int, withRows bool) (c *compressed2D[I], rows []I, ok bool, err error) {
	if t.DenseDim() != 0 {
		return nil, nil, false, nil
	}
	switch t.DType().Size() {
	case 1:
		c, rows, err = compressAs[I, uint8](t, axis, withRows)
	case 2:
		c, rows, err = compressAs[I, uint16](t, axis, withRows)
	case 4:
		c, rows, err = compressAs[I, uint32](t, axis, withRows)
	case 8:
		c, rows, err = compressAs[I, uint64](t, axis, withRows)
	case 16:
		c, rows, err = compressAs[I, [2]uint64](t, axis, withRows)
	default:
		return nil, nil, false, nil
	}
	return c, rows, true, err
}

// compressAs is compressCOO with values moved as V, a type of the dtype's size.
func compressAs[I kernels.Index, V kernels.Word](t *tensor.Tensor, axis int, withRows bool) (*compressed2D[I], []I, error) {
	r, col := dtype.AsSlice[I](t.Levels()[0].Crd), dtype.AsSlice[I](t.Levels()[1].Crd)
	vals, add := dtype.AsSlice[V](t.Values()), adder[V](t.DType())
	// The pointers and buckets grow with the outer dim: sized by FastPathFits.
	var res kernels.Compressed[I, V]
	var err error
	nOuter, nInner := t.Dims()[0], t.Dims()[1]
	if axis == 1 {
		nOuter, nInner = nInner, nOuter
		res, err = kernels.CompressCols(r, col, vals, t.Dims()[0], t.Dims()[1], add)
	} else {
		res, err = kernels.CompressRows(r, col, vals, t.Dims()[0], t.Dims()[1], add, withRows)
	}
	if err != nil {
		return nil, nil, errs.Errorf(errs.ErrIndex, "indices: %v", err)
	}
	out := []byte{}
	if len(res.Val) > 0 {
		out = unsafe.Slice((*byte)(unsafe.Pointer(&res.Val[0])), len(res.Val)*t.DType().Size())
	}
	return &compressed2D[I]{axis: axis, nOuter: nOuter, nInner: nInner, blockBytes: t.DType().Size(),
		ptr: res.Ptr, idx: res.Idx, vals: out}, res.Rows, nil
}

// adder returns how two values of dtype d, held as raw words V of d's size,
// combine as duplicates do (see dtype.AddBlock): directly for the Go number
// types, through dtype.AddBlock for the others.
func adder[V any](d dtype.DType) func(dst *V, src V) {
	if int(unsafe.Sizeof(*new(V))) != d.Size() {
		panic("adder: the word type does not have the dtype's size")
	}
	switch d {
	case dtype.Float64:
		return addAs[V, float64]
	case dtype.Float32:
		return addAs[V, float32]
	case dtype.Complex128:
		return addAs[V, complex128]
	case dtype.Complex64:
		return addAs[V, complex64]
	case dtype.Int64:
		return addAs[V, int64]
	case dtype.Int32:
		return addAs[V, int32]
	case dtype.Int16:
		return addAs[V, int16]
	case dtype.Int8:
		return addAs[V, int8]
	case dtype.UInt8:
		return addAs[V, uint8]
	}
	return func(dst *V, src V) {
		n := d.Size()
		dtype.AddBlock(d, unsafe.Slice((*byte)(unsafe.Pointer(dst)), n), unsafe.Slice((*byte)(unsafe.Pointer(&src)), n))
	}
}

// addAs adds the T held in src's word to the T held in dst's.
func addAs[V any, T dtype.Addable](dst *V, src V) {
	*(*T)(unsafe.Pointer(dst)) += *(*T)(unsafe.Pointer(&src))
}

// coalesce2D is COO -> COO (coalesce) through compressCOO, whose row and
// column indices are the two halves of one buffer: that buffer becomes the
// result's (2, nse) indices as it is, where finish would copy the two into
// a new one. ok is false where compressCOO does not apply.
func coalesce2D[I kernels.Index](t *tensor.Tensor, spec tensor.FormatSpec, width int) (out *tensor.Tensor, ok bool, err error) {
	if err := errs.CheckAlloc("values", t.Levels()[0].Crd.Numel()*int64(t.DType().Size()), 1); err != nil {
		return nil, true, err
	}
	c, rows, ok, err := compressCOO[I](t, 0, true)
	if !ok || err != nil {
		return nil, ok, err
	}
	nse := int64(len(rows))
	p := tensor.Parts{Spec: tensor.FormatSpec{Layout: tensor.COO, Shape: slices.Clone(t.Dims()), DenseDim: t.DenseDim()}, Levels: spec.Levels(),
		Values: dtype.Array{DType: t.DType(), Shape: []int64{nse}, Data: c.vals},
		Fill:   bytes.Clone(t.FillPattern()), UndefinedFill: t.UndefinedFill(), Coalesced: true, Width: width}
	p.Levels[0].Pos = tensor.CastIndex(dtype.Int64Array([]int64{0, nse}), dtype.IndexDType[I]())
	p.Levels[0].Crd = dtype.IndexView(rows)
	p.Levels[1].Crd = dtype.IndexView(c.idx)
	p.Indices = dtype.IndexView(rows[:2*nse]) // used where the result keeps its width
	p.Indices.Shape = []int64{2, nse}
	out, err = tensor.Assemble(p)
	return out, true, err
}
