package tensor

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/memory"
)

// The largest data and the most dims a strided result keeps in its own
// allocation (NewStridedUninit): 1 KiB holds an 8 x 8 complex128 matrix,
// and the box then stays within the allocator's small size classes.
const (
	maxInlineBytes = 1024
	maxInlineDims  = 4
)

// smallStrided is a small strided tensor in one allocation: the Tensor, its
// fill, its shape and its data side by side (issue 32 item 7: the data, the
// shape and the tensor were three allocations of an 8 x 8 result, each
// zeroed, and swept by the collector). D is a uint64 array of one of the
// size classes of newInline: its words keep the data 8-byte aligned, as
// memory.UninitBytes' are. The box lives while any of its parts is
// referenced (a view of the data keeps all of it).
type smallStrided[D any] struct {
	t     Tensor
	fill  [maxBoxedFill]byte
	shape [maxInlineDims]int64
	data  D
}

// inline allocates a smallStrided of data class D and returns its tensor,
// shape array, fill and data (all of the class's bytes).
func inline[D any]() (*Tensor, []int64, []byte, []byte) {
	b := new(smallStrided[D])
	return &b.t, b.shape[:], b.fill[:], unsafe.Slice((*byte)(unsafe.Pointer(&b.data)), unsafe.Sizeof(b.data))
}

// newInline allocates the smallest box whose data holds n bytes (n <=
// maxInlineBytes): each class doubles the last, so at most half of a box's
// data is unused.
func newInline(n int64) (*Tensor, []int64, []byte, []byte) {
	switch {
	case n <= 8:
		return inline[[1]uint64]()
	case n <= 32:
		return inline[[4]uint64]()
	case n <= 64:
		return inline[[8]uint64]()
	case n <= 128:
		return inline[[16]uint64]()
	case n <= 256:
		return inline[[32]uint64]()
	case n <= 512:
		return inline[[64]uint64]()
	default:
		return inline[[maxInlineBytes / 8]uint64]()
	}
}

// NewStridedUninit returns a new strided tensor of dtype d and of shape (a
// copy), with its data (numel(shape) elements) and its fill (one zero
// element): for a caller that writes every element of data, and the fill
// if it is not zero, before anyone else reads the tensor. The data's
// contents are undefined (memory.UninitBytes). A result of at most
// maxInlineBytes and maxInlineDims dims is one allocation; a larger one is
// NewStridedOwned's.
func NewStridedUninit(d dtype.DType, shape []int64) (t *Tensor, data, fill []byte) {
	n := dtype.NumelOf(shape) * int64(d.Size())
	if n > maxInlineBytes || len(shape) > maxInlineDims || d.Size() > maxBoxedFill {
		data = memory.UninitBytes(n)
		t = NewStridedOwned(d, append([]int64(nil), shape...), data)
		return t, data, t.fill
	}
	t, dims, fill, data := newInline(n)
	var own []int64 // nil for 0-d, as UninitArray's copy of an empty shape
	if len(shape) > 0 {
		own = dims[:len(shape):len(shape)]
		copy(own, shape)
	}
	data, fill = data[:n:n], fill[:d.Size():d.Size()]
	*t = Tensor{layout: Strided, dtype: d, shape: own, block: [2]int64{1, 1}, levels: stridedLevels(own),
		values: dtype.Array{DType: d, Shape: own, Data: data}, fill: fill}
	return t, data, fill
}
