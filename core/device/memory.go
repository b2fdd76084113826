package device

import (
	"errors"
	"strconv"
	"sync/atomic"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/cuda"
)

// live is the device memory held by live device tensors and by calls in
// progress, in bytes, over all devices.
var live atomic.Int64

// Live returns the device memory in use, in bytes.
func Live() int64 { return live.Load() }

// buffer is one array in device memory: n elements of dtype.
type buffer struct {
	ptr   cuda.Ptr
	dtype dtype.DType
	n     int64
}

func (b buffer) bytes() int64 { return b.n * int64(b.dtype.Size()) }

// alloc returns n elements of dtype on dev. The request, and the device
// memory in use with it, must fit the memory limit (the limit covers device
// memory as well as host memory; a cudaMalloc failure is reported too).
func alloc(dev int, what string, dtype dtype.DType, n int64) (buffer, error) {
	bytes := budget.Mul(n, int64(dtype.Size()))
	if err := budget.CheckBytes(what+" on cuda:"+strconv.Itoa(dev), bytes); err != nil {
		return buffer{}, wrap(what, err)
	}
	if total := live.Add(bytes); total > budget.Limit() {
		live.Add(-bytes)
		return buffer{}, errs.Errorf(errs.ErrTooLarge, "%s on cuda:%d: %d bytes with the %d bytes of device memory in use exceed the memory limit of %d bytes",
			what, dev, bytes, total-bytes, budget.Limit())
	}
	p, err := cuda.Alloc(dev, bytes)
	if err != nil {
		live.Add(-bytes)
		return buffer{}, wrap(what, err)
	}
	return buffer{ptr: p, dtype: dtype, n: n}, nil
}

// release frees b (a zero buffer is a no-op) and returns its bytes to the count.
func release(dev int, b buffer) error {
	if b.ptr == 0 {
		return nil
	}
	live.Add(-b.bytes())
	return wrap("free", cuda.Free(dev, b.ptr))
}

// adopt counts memory the kernels allocated themselves (the SpGEMM product)
// against the limit; over it, the memory is freed and the call refused.
func adopt(dev int, what string, bufs ...buffer) error {
	var bytes int64
	for _, b := range bufs {
		bytes += b.bytes()
	}
	if total := live.Add(bytes); total > budget.Limit() {
		for _, b := range bufs {
			_ = release(dev, b)
		}
		return errs.Errorf(errs.ErrTooLarge, "%s on cuda:%d: %d bytes with the %d bytes of device memory in use exceed the memory limit of %d bytes",
			what, dev, bytes, total-bytes, budget.Limit())
	}
	return nil
}

// upload copies a host array to a new device buffer.
func upload(dev int, what string, a dtype.Array) (buffer, error) {
	b, err := alloc(dev, what, a.DType, a.Numel())
	if err != nil {
		return buffer{}, err
	}
	if err := cuda.CopyToDevice(dev, b.ptr, a.Data[:b.bytes()]); err != nil {
		_ = release(dev, b)
		return buffer{}, wrap(what, err)
	}
	return b, nil
}

// download copies a device buffer into a new host array of the given shape.
func download(dev int, what string, b buffer, shape []int64) (dtype.Array, error) {
	if err := budget.CheckBytes(what, b.bytes()); err != nil {
		return dtype.Array{}, wrap(what, err)
	}
	a := dtype.NewArray(b.dtype, shape)
	if err := cuda.CopyToHost(dev, a.Data, b.ptr); err != nil {
		return dtype.Array{}, wrap(what, err)
	}
	return a, nil
}

// wrap turns a cuda or budget error into a core error naming what.
func wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	var ce *errs.Error
	if errors.As(err, &ce) {
		return err
	}
	var tl *budget.TooLargeError
	if errors.As(err, &tl) {
		return errs.Errorf(errs.ErrTooLarge, "%v", err)
	}
	if errors.Is(err, cuda.ErrNotBuilt) {
		return errs.Errorf(errs.ErrUnsupported, "%s: built without CUDA (rebuild with make cuda to use a GPU)", what)
	}
	var ke *cuda.Error
	if errors.As(err, &ke) {
		switch ke.Kind {
		case cuda.KindTooLarge, cuda.KindNoMemory:
			return errs.Errorf(errs.ErrTooLarge, "%s: %v", what, err)
		case cuda.KindInvalid:
			return errs.Errorf(errs.ErrUnsupported, "%s: %v", what, err)
		}
		return errs.Errorf(errs.ErrInternal, "%s: %v", what, err)
	}
	return errs.Errorf(errs.ErrInternal, "%s: %v", what, err)
}
