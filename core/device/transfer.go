package device

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/cuda"
	"slices"
)

// CheckDevice refuses a device index that names no present CUDA device;
// in a build without CUDA it refuses every index with "built without CUDA".
func CheckDevice(op string, dev int) error {
	n, err := cuda.DeviceCount()
	if err != nil {
		return wrap(op, err)
	}
	switch {
	case n == 0:
		return errs.Errorf(errs.ErrUnsupported, "%s: no CUDA device is present (the driver reports none)", op)
	case dev < 0 || dev >= n:
		return errs.Errorf(errs.ErrInvalidArgument, "%s: device_id %d is outside the %d CUDA devices present (0..%d)", op, dev, n, n-1)
	}
	return nil
}

// checkMovable refuses what has no device representation yet: dtypes other
// than float32/float64, and layouts other than strided, 2-D CSR/CSC/COO
// without batch or dense dims, and custom formats (DIA and the rest).
func checkMovable(op string, t *tensor.Tensor) error {
	if d := t.DType(); d != dtype.Float32 && d != dtype.Float64 {
		return errs.Errorf(errs.ErrUnsupported, "%s: dtype %s has no GPU path yet (float32 and float64 do)", op, d)
	}
	switch l := t.Layout(); l {
	case tensor.Strided, tensor.Custom:
	case tensor.CSR, tensor.CSC, tensor.COO:
		if t.NDim() != 2 || t.BatchDim() > 0 || t.DenseDim() > 0 {
			return errs.Errorf(errs.ErrUnsupported, "%s: a %s tensor of size %v with batch or dense dims has no GPU path yet (2-D ones do)", op, l, t.Dims())
		}
	default:
		return errs.Errorf(errs.ErrUnsupported, "%s: layout %s has no GPU path yet (strided, sparse_coo, sparse_csr, sparse_csc and custom formats do)", op, l)
	}
	return nil
}

// ToDevice copies t into the memory of CUDA device dev. On error nothing
// stays allocated.
func ToDevice(t *tensor.Tensor, dev int) (*Tensor, error) {
	const op = "to_device"
	if err := CheckDevice(op, dev); err != nil {
		return nil, err
	}
	if err := checkMovable(op, t); err != nil {
		return nil, err
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, err
	}
	d := &Tensor{dev: dev, layout: t.Layout(), format: u.Format, sizes: u.LevelSizes, dtype: t.DType(), shape: slices.Clone(t.Dims()),
		fill: slices.Clone(t.FillElem()), width: t.IndexWidth(), coalesced: t.IsCoalesced(),
		pos: make([]buffer, len(u.Pos)), crd: make([]buffer, len(u.Crd))}
	fail := func(err error) (*Tensor, error) {
		_ = d.Free()
		return nil, err
	}
	for l := range u.Pos {
		if u.Pos[l].Data != nil {
			if d.pos[l], err = upload(dev, "pos", u.Pos[l]); err != nil {
				return fail(err)
			}
		}
		if u.Crd[l].Data != nil {
			if d.crd[l], err = upload(dev, "crd", u.Crd[l]); err != nil {
				return fail(err)
			}
		}
	}
	if d.values, err = upload(dev, "values", u.Values); err != nil {
		return fail(err)
	}
	return d, nil
}

// ToHost copies d into a new host tensor, checked in full as any
// constructor checks its input (so a kernel's broken result cannot pass).
func ToHost(d *Tensor) (*tensor.Tensor, error) {
	vals, err := download(d.dev, "values", d.values, []int64{d.values.n})
	if err != nil {
		return nil, err
	}
	var t *tensor.Tensor
	switch d.layout {
	case tensor.Strided:
		vals.Shape = d.Shape()
		t, err = tensor.NewStrided(vals)
	case tensor.COO:
		t, err = d.hostCOO(vals)
	case tensor.CSR, tensor.CSC:
		var pos, crd dtype.Array
		if pos, err = download(d.dev, "pos", d.pos[1], []int64{d.pos[1].n}); err != nil {
			return nil, err
		}
		if crd, err = download(d.dev, "crd", d.crd[1], []int64{d.crd[1].n}); err != nil {
			return nil, err
		}
		t, err = tensor.NewCompressed(d.layout, pos, crd, vals, d.Shape(), tensor.BuildOptions{})
	default:
		pos, crd := make([]dtype.Array, len(d.pos)), make([]dtype.Array, len(d.crd))
		for l := range d.pos {
			if pos[l], err = downloadLevel(d.dev, d.pos[l]); err != nil {
				return nil, err
			}
			if crd[l], err = downloadLevel(d.dev, d.crd[l]); err != nil {
				return nil, err
			}
		}
		t, err = convert.NewFromFormat(d.format, d.Shape(), pos, crd, vals)
	}
	if err != nil || d.zeroFill() {
		return t, err
	}
	return tensor.WithFill(t, d.fill)
}

// hostCOO builds the host COO tensor from d's row and column arrays.
func (d *Tensor) hostCOO(vals dtype.Array) (*tensor.Tensor, error) {
	n := d.values.n
	idx := dtype.NewArray(d.crd[0].dtype, []int64{2, n})
	half := len(idx.Data) / 2
	if err := cuda.CopyToHost(d.dev, idx.Data[:half], d.crd[0].ptr); err != nil {
		return nil, wrap("indices", err)
	}
	if err := cuda.CopyToHost(d.dev, idx.Data[half:], d.crd[1].ptr); err != nil {
		return nil, wrap("indices", err)
	}
	return tensor.NewCOO(idx, vals, d.Shape(), tensor.BuildOptions{Coalesced: d.coalesced})
}

// downloadLevel copies a level array (absent: an Array without Data).
func downloadLevel(dev int, b buffer) (dtype.Array, error) {
	if b.ptr == 0 {
		return dtype.Array{}, nil
	}
	return download(dev, "level array", b, []int64{b.n})
}

// Clone copies d into new memory on the same device.
func Clone(d *Tensor) (*Tensor, error) {
	c := &Tensor{dev: d.dev, layout: d.layout, format: d.format.Clone(), sizes: d.sizes, dtype: d.dtype, shape: d.Shape(),
		fill: append([]byte(nil), d.fill...), width: d.width, coalesced: d.coalesced,
		pos: make([]buffer, len(d.pos)), crd: make([]buffer, len(d.crd))}
	var err error
	fail := func(err error) (*Tensor, error) {
		_ = c.Free()
		return nil, err
	}
	for l := range d.pos {
		if c.pos[l], err = copyBuffer(d.dev, "pos", d.pos[l]); err != nil {
			return fail(err)
		}
		if c.crd[l], err = copyBuffer(d.dev, "crd", d.crd[l]); err != nil {
			return fail(err)
		}
	}
	if c.values, err = copyBuffer(d.dev, "values", d.values); err != nil {
		return fail(err)
	}
	return c, nil
}

// copyBuffer copies b into a new buffer on dev (absent stays absent).
func copyBuffer(dev int, what string, b buffer) (buffer, error) {
	if b.ptr == 0 {
		return buffer{}, nil
	}
	c, err := alloc(dev, what, b.dtype, b.n)
	if err != nil {
		return buffer{}, err
	}
	if err := cuda.CopyDevice(dev, c.ptr, b.ptr, b.bytes()); err != nil {
		_ = release(dev, c)
		return buffer{}, wrap(what, err)
	}
	return c, nil
}
