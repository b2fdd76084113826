package device

import (
	"fmt"
	"slices"
	"sync"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// DLPack device type codes (dlpack.h DLDeviceType).
const (
	CPU  = 1 // kDLCPU
	CUDA = 2 // kDLCUDA
)

// Tensor is a tensor whose arrays live in the memory of one CUDA device.
// Like tensor.Tensor it is immutable after construction; Free releases its
// memory once (later calls are no-ops).
type Tensor struct {
	dev       int
	layout    tensor.Layout // Strided, CSR, CSC, COO or Custom
	format    format.Format // the storage format (Custom: DIA and the rest)
	sizes     []int64       // the format's level sizes (a DIA's stride is sizes[1])
	dtype     dtype.DType
	shape     []int64
	fill      []byte // one element of dtype
	width     int    // index width of pos/crd: 32 or 64 (0 for strided)
	coalesced bool   // COO: sorted and unique
	pos, crd  []buffer
	values    buffer

	once sync.Once
}

// Device returns the CUDA device index.
func (t *Tensor) Device() int { return t.dev }

// Layout returns the tensor's layout.
func (t *Tensor) Layout() tensor.Layout { return t.layout }

// DType returns the value dtype.
func (t *Tensor) DType() dtype.DType { return t.dtype }

// Shape returns a copy of the sizes.
func (t *Tensor) Shape() []int64 { return slices.Clone(t.shape) }

// NNZ returns the number of stored values (the numel of a strided tensor).
func (t *Tensor) NNZ() int64 { return t.values.n }

// SparseDim returns the number of sparse dims as torch counts them (0 for strided).
func (t *Tensor) SparseDim() int {
	if t.layout == tensor.Strided {
		return 0
	}
	return len(t.shape)
}

// IsCoalesced reports whether a COO tensor's entries are sorted and unique
// (true for the other layouts).
func (t *Tensor) IsCoalesced() bool { return t.layout != tensor.COO || t.coalesced }

// FillBytes returns the fill value as one element of the dtype (a copy).
func (t *Tensor) FillBytes() []byte { return append([]byte(nil), t.fill...) }

// IndexWidth returns 32 or 64 (0 for strided).
func (t *Tensor) IndexWidth() int { return t.width }

// Bytes returns the device memory the tensor holds.
func (t *Tensor) Bytes() int64 {
	n := t.values.bytes()
	for i := range t.pos {
		n += t.pos[i].bytes() + t.crd[i].bytes()
	}
	return n
}

// String names the tensor for messages: "a csr float64 tensor of size [4, 5] on cuda:0".
func (t *Tensor) String() string {
	return fmt.Sprintf("a %s %s tensor of size %v on cuda:%d", t.layout, t.dtype, errs.Errorf(0, "%v", t.shape).Msg, t.dev)
}

// Free releases the tensor's device memory; later calls do nothing.
func (t *Tensor) Free() error {
	var err error
	t.once.Do(func() {
		for _, b := range append(append([]buffer{t.values}, t.pos...), t.crd...) {
			if e := release(t.dev, b); e != nil && err == nil {
				err = e
			}
		}
	})
	return err
}

// zeroFill reports whether the fill value is zero (every byte zero: +0.0).
func (t *Tensor) zeroFill() bool {
	for _, b := range t.fill {
		if b != 0 {
			return false
		}
	}
	return true
}

// Refuse is the error of an operation with no GPU path on a device tensor
// (arg names the operand): never a silent copy to the host.
func Refuse(op, arg string, t *Tensor) error {
	return errs.Errorf(errs.ErrUnsupported, "%s: %s is %s and %s has no GPU path yet; move it to the host first (gs_to_device(%s, kDLCPU, 0, &out); Python: t.cpu())",
		op, arg, t, op, arg)
}
