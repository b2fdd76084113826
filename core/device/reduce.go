package device

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/cuda"
)

// Sum is torch.sum on the device: over every dim (a 0-d strided result;
// the unspecified elements count with the fill value), or over dim 0 or 1
// of a 2-D CSR or CSC tensor with fill 0 (a strided vector result).
func Sum(op string, t *Tensor, dims []int) (*Tensor, error) {
	if len(dims) == 0 || len(dims) == len(t.shape) && allDims(dims, len(t.shape)) {
		return sumAll(op, t)
	}
	if len(dims) != 1 || len(t.shape) != 2 || (t.layout != tensor.CSR && t.layout != tensor.CSC) {
		return nil, errs.Errorf(errs.ErrUnsupported, "%s: sum over dims %v of %s has no GPU path yet (all dims, or one dim of a 2-D csr/csc, do)", op, dims, t)
	}
	dim := dims[0]
	if dim < 0 {
		dim += 2
	}
	if dim != 0 && dim != 1 {
		return nil, errs.Errorf(errs.ErrIndex, "%s: dim %d is out of range for a 2-D tensor", op, dims[0])
	}
	if err := needZeroFill(op, "t", t); err != nil {
		return nil, err
	}
	out, err := newStrided(t.dev, t.dtype, []int64{t.shape[1-dim]})
	if err != nil {
		return nil, err
	}
	// A CSC tensor is the CSR of its transpose: its rows are t's columns.
	perRow := (dim == 1) == (t.layout == tensor.CSR)
	if perRow {
		err = cuda.RowSums(t.dev, t.kdtype(), t.compressed(), out.values.ptr)
	} else {
		err = cuda.ColSums(t.dev, t.kdtype(), t.compressed(), out.values.ptr)
	}
	if err != nil {
		_ = out.Free()
		return nil, wrap(op, err)
	}
	return out, nil
}

func allDims(dims []int, n int) bool {
	seen := make([]bool, n)
	for _, d := range dims {
		if d < 0 {
			d += n
		}
		if d < 0 || d >= n || seen[d] {
			return false
		}
		seen[d] = true
	}
	return true
}

// sumAll sums every element: the stored values on the device, plus the fill
// value times the number of unspecified elements.
func sumAll(op string, t *Tensor) (*Tensor, error) {
	if t.layout == tensor.COO && !t.coalesced && !t.zeroFill() {
		c, err := Coalesce(op, t) // duplicates would count the fill too few times
		if err != nil {
			return nil, err
		}
		defer c.Free()
		t = c
	}
	s, err := cuda.Sum(t.dev, t.kdtype(), t.values.n, t.values.ptr)
	if err != nil {
		return nil, wrap(op, err)
	}
	if t.layout != tensor.Strided && !t.zeroFill() {
		numel := int64(1)
		for _, d := range t.shape {
			numel *= d
		}
		s += fillValue(t) * float64(numel-t.values.n)
	}
	r := dtype.NewArray(t.dtype, nil)
	if t.dtype == dtype.Float32 {
		dtype.AsSlice[float32](r)[0] = float32(s)
	} else {
		dtype.AsSlice[float64](r)[0] = s
	}
	out, err := newStrided(t.dev, t.dtype, nil)
	if err != nil {
		return nil, err
	}
	if err := cuda.CopyToDevice(t.dev, out.values.ptr, r.Data); err != nil {
		_ = out.Free()
		return nil, wrap(op, err)
	}
	return out, nil
}

// fillValue is t's fill value as a float64.
func fillValue(t *Tensor) float64 {
	a := dtype.NewArray(t.dtype, nil)
	copy(a.Data, t.fill)
	if t.dtype == dtype.Float32 {
		return float64(dtype.AsSlice[float32](a)[0])
	}
	return dtype.AsSlice[float64](a)[0]
}
