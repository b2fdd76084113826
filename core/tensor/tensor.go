package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
)

// MaxDims is the most dimensions a tensor may have: the C ABI's GS_MAX_NDIM,
// the length of gs_array's shape. Operations that add dims refuse a result
// with more, before any work.
const MaxDims = 16

// Tensor is a tensor of any named format, stored in the level model: a list of
// levels mapping dimensions to storage, one values array holding the elements
// of the last level, and a fill value for the unspecified elements.
//
// Tensors are immutable after construction: every operation returns a new
// tensor, so one tensor may be read from many goroutines at once.
type Tensor struct {
	layout    Layout
	dtype     dtype.DType
	shape     []int64
	batchDim  int
	denseDim  int
	block     [2]int64 // BSR/BSC block size; {1, 1} otherwise
	levels    []Level
	values    dtype.Array // torch's values shape; the dense data for strided tensors
	indices   dtype.Array // COO: the (sparse_dim, nse) array whose rows are the levels' Crd
	fill      []byte      // one element of dtype; nil when slots holds a per-slot fill
	slots     dtype.Array // the per-slot fill (fill_slots.go), of the dense dims' shape; Data nil for a scalar fill
	undef     bool        // the fill is undefined (fill_undefined.go): fill holds a zero no path may read
	coalesced bool        // COO: indices sorted and unique
	width     int         // index width of pos/crd: 32 or 64 (0 for strided)

	// ust is the storage of a custom-format tensor (see Custom).
	ust *ustStore
}

// Layout returns the tensor's named format, or Custom for a tensor of any
// other format (see Format): the name of its Format text (doc.go).
func (t *Tensor) Layout() Layout {
	if t.formatStore() != nil {
		return Custom
	}
	return t.layout
}

// The accessors below give the operators the tensor's own storage, not a
// copy: what they return must not be modified. On a custom-format tensor,
// those of the named layouts' fields answer with the arrays of a Named COO
// tensor made for that call and kept by no one (the garbage collector owns
// them): operators call Named once at their entry instead (custom_coo.go).

// Dims returns the tensor's sizes. A caller that keeps or changes them
// copies them (slices.Clone).
func (t *Tensor) Dims() []int64 { return t.shape }

// Levels returns the storage levels. Their arrays alias the tensor's
// storage; a caller that changes the slice copies it.
func (t *Tensor) Levels() []Level { return t.named().levels }

// Values returns the values array of any tensor (torch's values shape; the
// dense data of a strided tensor; a per-call Named's values for a
// custom-format tensor). Component gives torch's values(), which refuses an
// uncoalesced COO tensor.
func (t *Tensor) Values() dtype.Array { return t.named().values }

// Indices returns the (sparse_dim, nse) indices of a COO tensor, coalesced
// or not; an empty Array for the other layouts. Component gives torch's
// indices(), which refuses an uncoalesced tensor.
func (t *Tensor) Indices() dtype.Array { return t.named().indices }

// FillElem returns the fill value, one element of the dtype
// (dtype.LoadScalar widens it). It panics on a per-slot fill
// (fill_slots.go): callers that support one read SlotFill.
func (t *Tensor) FillElem() []byte { return t.scalarFill() }

// DType returns the value dtype.
func (t *Tensor) DType() dtype.DType { return t.dtype }

// NDim returns the number of dimensions.
func (t *Tensor) NDim() int { return len(t.shape) }

// BatchDim returns the number of leading batch dimensions (compressed formats).
func (t *Tensor) BatchDim() int { return t.batchDim }

// DenseDim returns the number of trailing dense (hybrid) dimensions.
func (t *Tensor) DenseDim() int { return t.denseDim }

// SparseDim returns the number of sparse dimensions as torch counts them
// (2 for CSR/CSC/BSR/BSC; the indexed dimensions for COO and CSF; 0 for strided).
func (t *Tensor) SparseDim() int {
	if t.layout == Strided {
		return 0
	}
	return len(t.shape) - t.batchDim - t.denseDim
}

// IndexWidth returns 32 or 64, the width of the index arrays (0 for strided;
// for a custom-format tensor, its storage's pos and crd arrays', which the
// COO tensor of its elements (Named) takes too).
func (t *Tensor) IndexWidth() int {
	if u := t.formatStore(); u != nil {
		return u.storeWidth()
	}
	return t.width
}

// BlockSize returns the BSR/BSC block size, {1, 1} for the other formats.
func (t *Tensor) BlockSize() [2]int64 { return t.block }

// IsCoalesced reports whether a COO tensor's indices are sorted and unique;
// true for every other format.
func (t *Tensor) IsCoalesced() bool { return t.layout != COO || t.coalesced }

// NNZ returns the number of stored elements (torch's nse): stored entries of
// the sparse levels, per batch for batched compressed tensors as torch counts;
// for strided tensors, the number of elements; for a custom-format tensor,
// its stored elements inside the tensor (its padding there included).
func (t *Tensor) NNZ() int64 {
	if u := t.formatStore(); u != nil { // the elements inside the tensor, counted from the storage
		return u.elementCount(t)
	}
	switch t.layout {
	case Strided:
		return t.values.Numel()
	case COO:
		return t.indices.Shape[1]
	}
	if t.layout.IsCompressed() {
		return t.values.Shape[t.batchDim]
	}
	return t.values.Shape[0]
}

// DenseShape returns the sizes of the trailing dense dimensions.
func (t *Tensor) DenseShape() []int64 { return t.shape[len(t.shape)-t.denseDim:] }

// BatchCount is the number of batches (1 when there are no batch dimensions).
func (t *Tensor) BatchCount() int64 { return dtype.NumelOf(t.shape[:t.batchDim]) }

// CompressedLevel returns the index of the compressed level of a CSR/CSC/BSR/BSC tensor.
func (t *Tensor) CompressedLevel() int { return t.batchDim + 1 }

// AppendStorage appends the arrays the tensor stores to dst and returns
// the result: its levels' pos and crd, its values and, for COO, its
// indices (whose rows the levels' crd arrays view); for a custom-format
// tensor its format storage, which may be a caller's borrowed arrays
// (convert.WrapFormat) that a handle sharing the tensor must keep alive. It
// allocates nothing when dst has room, which callers on every free rely on.
func (t *Tensor) AppendStorage(dst []dtype.Array) []dtype.Array {
	if u := t.formatStore(); u != nil {
		dst = append(dst, u.Pos...)
		dst = append(dst, u.Crd...)
		return append(dst, u.Values)
	}
	for i := range t.levels {
		dst = append(dst, t.levels[i].Pos, t.levels[i].Crd)
	}
	dst = append(dst, t.values)
	if t.layout == COO {
		dst = append(dst, t.indices)
	}
	return dst
}

// SetIndex stores v into an int32 or int64 array.
func SetIndex(a dtype.Array, i, v int64) {
	if a.DType == dtype.Int32 {
		dtype.AsSlice[int32](a)[i] = int32(v)
	} else {
		dtype.AsSlice[int64](a)[i] = v
	}
}
