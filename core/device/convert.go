package device

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/cuda"
)

// csrArrays are CSR arrays a kernel wrote into memory this package allocated.
type csrArrays struct{ pos, crd, val buffer }

func (r csrArrays) free(dev int) { freeAll(dev, r.pos, r.crd, r.val) }

func (r csrArrays) view(rows, cols int64, width int) cuda.CSR {
	return cuda.CSR{Rows: rows, Cols: cols, NNZ: r.val.n, Width: width, Pos: r.pos.ptr, Crd: r.crd.ptr, Val: r.val.ptr}
}

// allocCSR allocates CSR arrays for rows rows and nnz entries.
func allocCSR(dev int, rows, nnz int64, width int, dtype dtype.DType) (csrArrays, error) {
	var r csrArrays
	var err error
	if r.pos, err = alloc(dev, "pos", indexDType(width), rows+1); err != nil {
		return r, err
	}
	if r.crd, err = alloc(dev, "crd", indexDType(width), nnz); err != nil {
		r.free(dev)
		return csrArrays{}, err
	}
	if r.val, err = alloc(dev, "values", dtype, nnz); err != nil {
		r.free(dev)
		return csrArrays{}, err
	}
	return r, nil
}

// transposeArrays returns the CSR arrays of a's transpose.
func transposeArrays(dev int, kd cuda.DType, a cuda.CSR, dtype dtype.DType) (csrArrays, error) {
	r, err := allocCSR(dev, a.Cols, a.NNZ, a.Width, dtype)
	if err != nil {
		return r, err
	}
	if err := cuda.Transpose(dev, kd, a, r.pos.ptr, r.crd.ptr, r.val.ptr); err != nil {
		r.free(dev)
		return csrArrays{}, wrap("transpose", err)
	}
	return r, nil
}

// sortCOO sorts t's COO entries into CSR arrays with duplicates summed,
// trimmed to the result's size.
func sortCOO(op string, t *Tensor) (csrArrays, error) {
	rows, nnz := t.shape[0], t.values.n
	r, err := allocCSR(t.dev, rows, nnz, t.width, t.dtype)
	if err != nil {
		return r, err
	}
	n, err := cuda.COOToCSR(t.dev, t.kdtype(), t.width, rows, t.shape[1], nnz, t.crd[0].ptr, t.crd[1].ptr,
		t.values.ptr, r.pos.ptr, r.crd.ptr, r.val.ptr)
	if err != nil {
		r.free(t.dev)
		return csrArrays{}, wrap(op, err)
	}
	if n == nnz {
		return r, nil
	}
	trimmed := csrArrays{pos: r.pos}
	defer freeAll(t.dev, r.crd, r.val)
	if trimmed.crd, err = copyPrefix(t.dev, "crd", r.crd, n); err == nil {
		trimmed.val, err = copyPrefix(t.dev, "values", r.val, n)
	}
	if err != nil {
		trimmed.free(t.dev)
		return csrArrays{}, err
	}
	return trimmed, nil
}

// copyPrefix copies the first n elements of b into a new buffer.
func copyPrefix(dev int, what string, b buffer, n int64) (buffer, error) {
	c, err := alloc(dev, what, b.dtype, n)
	if err != nil {
		return buffer{}, err
	}
	if err := cuda.CopyDevice(dev, c.ptr, b.ptr, c.bytes()); err != nil {
		_ = release(dev, c)
		return buffer{}, wrap(what, err)
	}
	return c, nil
}

// Coalesce sorts a COO tensor's entries and sums duplicates on the device;
// other layouts come back as copies (they are coalesced already).
func Coalesce(op string, t *Tensor) (*Tensor, error) {
	if t.layout != tensor.COO {
		return Clone(t)
	}
	r, err := sortCOO(op, t)
	if err != nil {
		return nil, err
	}
	rows, err := alloc(t.dev, "row indices", indexDType(t.width), r.val.n)
	if err == nil {
		err = wrap(op, cuda.RowIndices(t.dev, r.view(t.shape[0], t.shape[1], t.width), rows.ptr))
	}
	freeAll(t.dev, r.pos)
	if err != nil {
		freeAll(t.dev, rows, r.crd, r.val)
		return nil, err
	}
	out, err := newCOO(t.dev, t.dtype, t.shape, t.width, t.fill, true, rows, r.crd, r.val)
	if err != nil {
		freeAll(t.dev, rows, r.crd, r.val)
	}
	return out, err
}

// ToLayout converts among COO, CSR and CSC on the device (COO -> CSR sums
// duplicates, CSR <-> CSC transposes the storage); the same layout is a copy.
func ToLayout(op string, t *Tensor, layout tensor.Layout) (*Tensor, error) {
	if layout == t.layout {
		return Clone(t)
	}
	switch {
	case t.layout == tensor.COO && layout == tensor.CSR:
		r, err := sortCOO(op, t)
		if err != nil {
			return nil, err
		}
		return newCompressed(t.dev, tensor.CSR, t.dtype, t.shape, t.width, t.fill, r.pos, r.crd, r.val), nil
	case (t.layout == tensor.CSR && layout == tensor.CSC) || (t.layout == tensor.CSC && layout == tensor.CSR):
		r, err := transposeArrays(t.dev, t.kdtype(), t.compressed(), t.dtype)
		if err != nil {
			return nil, err
		}
		return newCompressed(t.dev, layout, t.dtype, t.shape, t.width, t.fill, r.pos, r.crd, r.val), nil
	case t.layout == tensor.CSR && layout == tensor.COO:
		c, err := Clone(t)
		if err != nil {
			return nil, err
		}
		rows, err := alloc(t.dev, "row indices", indexDType(t.width), t.values.n)
		if err == nil {
			err = wrap(op, cuda.RowIndices(t.dev, t.compressed(), rows.ptr))
		}
		if err != nil {
			_ = c.Free()
			freeAll(t.dev, rows)
			return nil, err
		}
		freeAll(t.dev, c.pos[1])
		out, err := newCOO(t.dev, t.dtype, t.shape, t.width, t.fill, true, rows, c.crd[1], c.values)
		if err != nil {
			freeAll(t.dev, rows, c.crd[1], c.values)
		}
		return out, err
	}
	return nil, errs.Errorf(errs.ErrUnsupported, "%s: %s to %s has no GPU path yet (coo -> csr, csr <-> csc, csr -> coo do)", op, t, layout)
}

// Transpose swaps the two dims of a 2-D sparse tensor: CSR and CSC trade
// layouts over the same arrays (copied), COO swaps its index rows.
func Transpose(op string, t *Tensor) (*Tensor, error) {
	if len(t.shape) != 2 || t.layout == tensor.Strided || t.layout == tensor.Custom {
		return nil, Refuse(op, "t", t)
	}
	c, err := Clone(t)
	if err != nil {
		return nil, err
	}
	c.shape[0], c.shape[1] = c.shape[1], c.shape[0]
	switch t.layout {
	case tensor.CSR:
		c.layout, c.format = tensor.CSC, format.CSC()
	case tensor.CSC:
		c.layout, c.format = tensor.CSR, format.CSR()
	case tensor.COO:
		c.crd[0], c.crd[1] = c.crd[1], c.crd[0]
		c.coalesced = false // column-major order now
	}
	return c, nil
}

// WidenIndices is t with int64 indices: its int32 pos and crd arrays widened
// on the device, its values copied (torch's sparse products give int64
// indices whatever the kernel computed in). An int64 tensor is cloned.
func WidenIndices(op string, t *Tensor) (*Tensor, error) {
	if t.width != 32 {
		return Clone(t)
	}
	c := &Tensor{dev: t.dev, layout: t.layout, format: t.format.Clone(), sizes: t.sizes, dtype: t.dtype, shape: t.Shape(),
		fill: append([]byte(nil), t.fill...), width: 64, coalesced: t.coalesced,
		pos: make([]buffer, len(t.pos)), crd: make([]buffer, len(t.crd))}
	fail := func(err error) (*Tensor, error) {
		_ = c.Free()
		return nil, err
	}
	var err error
	for l := range t.pos {
		if c.pos[l], err = widenBuffer(op, t.dev, "pos", t.pos[l]); err != nil {
			return fail(err)
		}
		if c.crd[l], err = widenBuffer(op, t.dev, "crd", t.crd[l]); err != nil {
			return fail(err)
		}
	}
	if c.values, err = copyBuffer(t.dev, "values", t.values); err != nil {
		return fail(err)
	}
	return c, nil
}

// widenBuffer is an int64 copy of the int32 index buffer b (absent stays absent).
func widenBuffer(op string, dev int, what string, b buffer) (buffer, error) {
	if b.ptr == 0 {
		return buffer{}, nil
	}
	w, err := alloc(dev, what, dtype.Int64, b.n)
	if err != nil {
		return buffer{}, err
	}
	if err := cuda.WidenIndices(dev, b.n, b.ptr, w.ptr); err != nil {
		_ = release(dev, w)
		return buffer{}, wrap(op, err)
	}
	return w, nil
}
