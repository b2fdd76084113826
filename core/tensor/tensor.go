package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
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
// other format (see Format).
func (t *Tensor) Layout() Layout {
	if t.FormatStore() != nil {
		return Custom
	}
	return t.layout
}

// The accessors below give the operators the tensor's own storage, not a
// copy: what they return must not be modified. On a custom-format tensor,
// those of the named layouts' fields answer with the arrays of a Named COO
// tensor made for that call and kept by no one (the garbage collector owns
// them): operators call Named once at their entry instead (custom_coo.go).

// Dims returns the tensor's sizes (Shape without the copy).
func (t *Tensor) Dims() []int64 { return t.shape }

// StorageLevels returns the levels (Levels without the copy).
func (t *Tensor) StorageLevels() []Level { return t.named().levels }

// ValueArray returns the values array of any tensor (RawValues without the
// error: a per-call Named's values for a custom-format tensor).
func (t *Tensor) ValueArray() dtype.Array { return t.named().values }

// IndexArray returns the (sparse_dim, nse) indices of a COO tensor; an empty
// Array for the other layouts.
func (t *Tensor) IndexArray() dtype.Array { return t.named().indices }

// FillElem returns the fill value, one element of the dtype (FillBytes
// without the copy). Like FillBytes and Fill it panics on a per-slot fill
// (fill_slots.go): callers that support one read SlotFill.
func (t *Tensor) FillElem() []byte { return t.scalarFill() }

// CoalescedFlag reports the coalesced flag itself (IsCoalesced answers true
// for every layout but COO).
func (t *Tensor) CoalescedFlag() bool { return t.coalesced }

// DType returns the value dtype.
func (t *Tensor) DType() dtype.DType { return t.dtype }

// Shape returns a copy of the tensor's sizes.
func (t *Tensor) Shape() []int64 { return append([]int64(nil), t.shape...) }

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
	if u := t.FormatStore(); u != nil {
		return u.storeWidth()
	}
	return t.width
}

// BlockSize returns the BSR/BSC block size, {1, 1} for the other formats.
func (t *Tensor) BlockSize() [2]int64 { return t.block }

// IsCoalesced reports whether a COO tensor's indices are sorted and unique;
// true for every other format.
func (t *Tensor) IsCoalesced() bool { return t.layout != COO || t.coalesced }

// Levels returns the storage levels. Their arrays alias the tensor's storage.
func (t *Tensor) Levels() []Level { return append([]Level(nil), t.named().levels...) }

// FillBytes returns the fill value as one element of the dtype (a copy).
func (t *Tensor) FillBytes() []byte { return append([]byte(nil), t.scalarFill()...) }

// Fill returns the fill value, widened.
func (t *Tensor) Fill() dtype.Scalar { return dtype.LoadScalar(t.dtype, t.scalarFill()) }

// NNZ returns the number of stored elements (torch's nse): stored entries of
// the sparse levels, per batch for batched compressed tensors as torch counts;
// for strided tensors, the number of elements; for a custom-format tensor,
// its stored elements inside the tensor (its padding there included).
func (t *Tensor) NNZ() int64 {
	if u := t.FormatStore(); u != nil { // the elements inside the tensor, counted from the storage
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

// Values returns the values array (the dense data of a strided tensor). For
// COO it requires a coalesced tensor, as torch's values() does.
func (t *Tensor) Values() (dtype.Array, error) {
	t = t.named()
	if t.layout == COO && !t.coalesced {
		return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument, "values: Cannot get values on an uncoalesced tensor, please call .coalesce() first")
	}
	return t.values, nil
}

// RawValues returns the values array of any tensor (torch's _values()).
func (t *Tensor) RawValues() (dtype.Array, error) { return t.named().values, nil }

// Indices returns the (sparse_dim, nse) indices of a coalesced COO tensor.
func (t *Tensor) Indices() (dtype.Array, error) {
	t = t.named()
	if t.layout != COO {
		return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument, "indices: expected a sparse_coo tensor, got %s", t.layout)
	}
	if !t.coalesced {
		return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument, "indices: Cannot get indices on an uncoalesced tensor, please call .coalesce() first")
	}
	return t.indices, nil
}

// AppendStorage appends the arrays the tensor stores to dst and returns
// the result: its levels' pos and crd, its values and, for COO, its
// indices (whose rows the levels' crd arrays view); for a custom-format
// tensor its format storage, which may be a caller's borrowed arrays
// (WrapFormat) that a handle sharing the tensor must keep alive. It
// allocates nothing when dst has room, which callers on every free rely on.
func (t *Tensor) AppendStorage(dst []dtype.Array) []dtype.Array {
	if u := t.FormatStore(); u != nil {
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

// RawIndices returns the (sparse_dim, nse) indices of a COO tensor (torch's _indices()).
func (t *Tensor) RawIndices() (dtype.Array, error) {
	t = t.named()
	if t.layout != COO {
		return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument, "_indices: expected a sparse_coo tensor, got %s", t.layout)
	}
	return t.indices, nil
}

// CrowIndices returns crow_indices (*batch, rows + 1) of a CSR or BSR tensor.
func (t *Tensor) CrowIndices() (dtype.Array, error) { return t.compressedIndices("crow_indices", true) }

// CcolIndices returns ccol_indices (*batch, cols + 1) of a CSC or BSC tensor.
func (t *Tensor) CcolIndices() (dtype.Array, error) {
	return t.compressedIndices("ccol_indices", false)
}

// ColIndices returns col_indices (*batch, nse) of a CSR or BSR tensor.
func (t *Tensor) ColIndices() (dtype.Array, error) { return t.plainIndices("col_indices", true) }

// RowIndices returns row_indices (*batch, nse) of a CSC or BSC tensor.
func (t *Tensor) RowIndices() (dtype.Array, error) { return t.plainIndices("row_indices", false) }

func (t *Tensor) checkCompressedAccess(name string, rowMajor bool) error {
	want := "sparse_csr or sparse_bsr"
	if !rowMajor {
		want = "sparse_csc or sparse_bsc"
	}
	if !t.layout.IsCompressed() || t.layout.RowMajor() != rowMajor {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: expected a %s tensor, got %s", name, want, t.layout)
	}
	return nil
}

// compressedIndices turns the global pos array of the compressed level into
// torch's per-batch offsets (a copy when batched, an alias otherwise).
func (t *Tensor) compressedIndices(name string, rowMajor bool) (dtype.Array, error) {
	if err := t.checkCompressedAccess(name, rowMajor); err != nil {
		return dtype.Array{}, err
	}
	pos := t.levels[t.CompressedLevel()].Pos
	if t.batchDim == 0 {
		return pos, nil
	}
	b := t.BatchCount()
	n := (pos.Numel() - 1) / max(b, 1)
	nse := t.NNZ()
	shape := append(append([]int64(nil), t.shape[:t.batchDim]...), n+1)
	out := dtype.NewArray(pos.DType, shape)
	for k := int64(0); k < b; k++ {
		for i := int64(0); i <= n; i++ {
			SetIndex(out, k*(n+1)+i, pos.Index(k*n+i)-k*nse)
		}
	}
	return out, nil
}

// plainIndices returns the crd array of the compressed level shaped (*batch, nse).
func (t *Tensor) plainIndices(name string, rowMajor bool) (dtype.Array, error) {
	if err := t.checkCompressedAccess(name, rowMajor); err != nil {
		return dtype.Array{}, err
	}
	crd := t.levels[t.CompressedLevel()].Crd
	shape := append(append([]int64(nil), t.shape[:t.batchDim]...), t.NNZ())
	return dtype.Array{DType: crd.DType, Shape: shape, Data: crd.Data}, nil
}

// SetIndex stores v into an int32 or int64 array.
func SetIndex(a dtype.Array, i, v int64) {
	if a.DType == dtype.Int32 {
		dtype.AsSlice[int32](a)[i] = int32(v)
	} else {
		dtype.AsSlice[int64](a)[i] = v
	}
}
