package device

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/cuda"
)

// The constructors of results computed on the device, and the kernels'
// views of a tensor's arrays.

// kdtype is the kernels' code of d's dtype (checkMovable admits float32 and float64 only).
func (t *Tensor) kdtype() cuda.DType {
	if t.dtype == dtype.Float32 {
		return cuda.Float32
	}
	return cuda.Float64
}

// indexDType is the dtype of index arrays of the given width.
func indexDType(width int) dtype.DType {
	if width == 32 {
		return dtype.Int32
	}
	return dtype.Int64
}

// compressed returns the CSR arrays of a CSR tensor, or of a CSC tensor's
// transpose (a CSC is the CSR of its transpose).
func (t *Tensor) compressed() cuda.CSR {
	rows, cols := t.shape[0], t.shape[1]
	if t.layout == tensor.CSC {
		rows, cols = cols, rows
	}
	return cuda.CSR{Rows: rows, Cols: cols, NNZ: t.values.n, Width: t.width,
		Pos: t.pos[1].ptr, Crd: t.crd[1].ptr, Val: t.values.ptr}
}

// newStrided allocates an uninitialised strided tensor on dev.
func newStrided(dev int, dtype dtype.DType, shape []int64) (*Tensor, error) {
	n := int64(1)
	for _, s := range shape {
		n *= s
	}
	vals, err := alloc(dev, "result values", dtype, n)
	if err != nil {
		return nil, err
	}
	f, _ := format.DenseRowMajor(len(shape))
	return &Tensor{dev: dev, layout: tensor.Strided, format: f, dtype: dtype, shape: append([]int64(nil), shape...),
		fill: make([]byte, dtype.Size()), coalesced: true, pos: make([]buffer, len(shape)),
		crd: make([]buffer, len(shape)), values: vals}, nil
}

// newCompressed wraps device arrays as a CSR or CSC tensor (the tensor owns them).
func newCompressed(dev int, layout tensor.Layout, dtype dtype.DType, shape []int64, width int, fill []byte, pos, crd, vals buffer) *Tensor {
	f := format.CSR()
	if layout == tensor.CSC {
		f = format.CSC()
	}
	return &Tensor{dev: dev, layout: layout, format: f, dtype: dtype, shape: append([]int64(nil), shape...),
		fill: append([]byte(nil), fill...), width: width, coalesced: true,
		pos: []buffer{{}, pos}, crd: []buffer{{}, crd}, values: vals}
}

// newCOO wraps device row and column arrays (and values) as a COO tensor;
// its level 0 pos [0, nnz] is made here.
func newCOO(dev int, dt dtype.DType, shape []int64, width int, fill []byte, coalesced bool, rows, cols, vals buffer) (*Tensor, error) {
	p := dtype.NewArray(indexDType(width), []int64{2})
	if width == 32 {
		dtype.AsSlice[int32](p)[1] = int32(vals.n)
	} else {
		dtype.AsSlice[int64](p)[1] = vals.n
	}
	pos, err := upload(dev, "pos", p)
	if err != nil {
		return nil, err
	}
	return &Tensor{dev: dev, layout: tensor.COO, format: format.COO(), dtype: dt, shape: append([]int64(nil), shape...),
		fill: append([]byte(nil), fill...), width: width, coalesced: coalesced,
		pos: []buffer{pos, {}}, crd: []buffer{rows, cols}, values: vals}, nil
}

// freeAll releases buffers of a failed call.
func freeAll(dev int, bufs ...buffer) {
	for _, b := range bufs {
		_ = release(dev, b)
	}
}

// sameDevice refuses operands on different devices (torch's rule: no implicit moves).
func sameDevice(op string, a, b *Tensor) error {
	if a.dev != b.dev {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: expected all tensors on one device, got cuda:%d and cuda:%d", op, a.dev, b.dev)
	}
	if a.dtype != b.dtype {
		return errs.Errorf(errs.ErrDType, "%s: the GPU path needs one dtype, got %s and %s (convert one on the host first)", op, a.dtype, b.dtype)
	}
	return nil
}

// needZeroFill refuses a non-zero fill value where a kernel assumes zero.
func needZeroFill(op, arg string, t *Tensor) error {
	if !t.zeroFill() {
		return errs.Errorf(errs.ErrUnsupported, "%s: %s has a non-zero fill value; the GPU path of %s needs fill 0", op, arg, op)
	}
	return nil
}
