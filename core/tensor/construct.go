package tensor

import (
	"cmp"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// BuildOptions control the constructors from components.
type BuildOptions struct {
	// NoCheck skips the O(nnz) invariant checks (bounds, ordering) for trusted
	// input; shapes and lengths are always checked.
	NoCheck bool
	// Coalesced asserts that COO indices are sorted and unique (verified unless NoCheck).
	Coalesced bool
	// NonNegative tells NewCOO that the caller has proved every index
	// non-negative (a parser that checked each against the shape): it then
	// skips its scan for negative indices, a serial pass over all of them
	// that NoCheck alone keeps.
	NonNegative bool
}

// CheckIndexArray requires an int32 or int64 array of the given number of dims.
func CheckIndexArray(arg string, a dtype.Array, ndim int) error {
	if a.DType != dtype.Int32 && a.DType != dtype.Int64 {
		return errs.Errorf(errs.ErrDType, "%s: expected int32 or int64 indices, got %s", arg, a.DType)
	}
	if ndim >= 0 && len(a.Shape) != ndim {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: expected a %d-d array, got shape %v", arg, ndim, a.Shape)
	}
	return checkArray(arg, a)
}

// checkArray checks that an array's buffer holds exactly its shape's elements.
func checkArray(arg string, a dtype.Array) error {
	if err := dtype.CheckDType(arg, a.DType); err != nil {
		return err
	}
	n, err := errs.NumelCheckedField(arg, ".shape", a.Shape)
	if err != nil {
		return err
	}
	if want, ok := errs.MulChecked(n, int64(a.DType.Size())); !ok || int64(len(a.Data)) != want {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: buffer has %d bytes, shape %v of %s needs %d", arg, len(a.Data), a.Shape, a.DType, n*int64(a.DType.Size()))
	}
	return nil
}

// NewCOO builds a COO tensor, as torch.sparse_coo_tensor(indices, values, size):
// indices (sparse_dim, nse) int32 or int64, values (nse, *dense). sparse_dim
// may be 0, as in torch: every entry is then a value block of the whole
// (dense) shape, and the dense value is their sum (a 0-d tensor when values
// is (nse,)); a 0-d values array is one entry, as torch reads it. size nil
// infers the sparse sizes from the largest index. The tensor keeps (does not
// copy) indices and values; the caller must not modify them afterwards. Fewer
// than two entries are coalesced whatever opt says, as torch marks them.
func NewCOO(indices, values dtype.Array, size []int64, opt BuildOptions) (*Tensor, error) {
	if err := CheckIndexArray("indices", indices, 2); err != nil {
		return nil, err
	}
	if err := checkArray("values", values); err != nil {
		return nil, err
	}
	if len(values.Shape) < 1 {
		values.Shape = []int64{1} // torch's rule: a 0-d values array is one entry
	}
	s, nse := int(indices.Shape[0]), indices.Shape[1]
	if values.Shape[0] != nse {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "values: indices and values must have same nnz, but got nnz from indices: %d, nnz from values: %d", nse, values.Shape[0])
	}
	d := len(values.Shape) - 1
	if !opt.NonNegative {
		if k := firstNegative(indices); k >= 0 {
			j, i, v := k/max(nse, 1), k%max(nse, 1), indices.Index(k)
			return nil, errs.Errorf(errs.ErrIndex, "indices[%d, %d] = %d: found negative index %d for dim %d", j, i, v, v, j)
		}
	}
	if size == nil {
		size = make([]int64, s+d)
		for j := 0; j < s; j++ {
			for i := int64(0); i < nse; i++ {
				size[j] = max(size[j], indices.Index(int64(j)*nse+i)+1)
			}
		}
		copy(size[s:], values.Shape[1:])
	} else {
		size = append([]int64(nil), size...)
		if len(size) != s+d {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "size: %v has %d dims, expected sparse_dim + dense_dim = %d + %d", size, len(size), s, d)
		}
		for j := 0; j < d; j++ {
			if size[s+j] != values.Shape[1+j] {
				return nil, errs.Errorf(errs.ErrInvalidArgument, "size: dense dim %d has size %d but values.shape[%d] = %d", s+j, size[s+j], 1+j, values.Shape[1+j])
			}
		}
	}
	spec := FormatSpec{Layout: COO, Shape: size, DenseDim: d, Block: [2]int64{1, 1}}
	if err := spec.validate(); err != nil {
		return nil, err
	}
	if !opt.NoCheck {
		for j := 0; j < s; j++ {
			for i := int64(0); i < nse; i++ {
				if v := indices.Index(int64(j)*nse + i); v >= size[j] {
					return nil, errs.Errorf(errs.ErrIndex, "indices[%d, %d] = %d is out of range: size is inconsistent with indices: for dim %d, size is %d but found index %d", j, i, v, j, size[j], v)
				}
			}
		}
		if opt.Coalesced {
			if i, ok := FirstUnsortedColumn(indices); !ok {
				return nil, errs.Errorf(errs.ErrInvalidArgument, "indices: declared coalesced, but column %d is not greater than column %d (indices must be sorted and unique)", i, i-1)
			}
		}
	}
	coalesced := opt.Coalesced || nse < 2 // no two entries to be out of order or repeated
	t := &Tensor{layout: COO, dtype: values.DType, shape: size, denseDim: d, block: [2]int64{1, 1},
		levels: spec.Levels(), values: values, indices: indices, fill: make([]byte, values.DType.Size()),
		coalesced: coalesced, width: indices.DType.Size() * 8}
	if s == 0 { // no coordinate level (torch's scalars, all-dense COO): the values hold the entries
		return t, nil
	}
	t.levels[0].Pos = CastIndex(dtype.Int64Array([]int64{0, nse}), indices.DType)
	es := int64(indices.DType.Size())
	for j := 0; j < s; j++ {
		t.levels[j].Crd = dtype.Array{DType: indices.DType, Shape: []int64{nse}, Data: indices.Data[int64(j)*nse*es : int64(j+1)*nse*es]}
	}
	t.levels[s-1].Nonunique = !coalesced
	return t, nil
}

// FirstUnsortedColumn finds the first column of a (sparse_dim, nse) index
// array that is not lexicographically greater than the one before it.
func FirstUnsortedColumn(idx dtype.Array) (int64, bool) {
	s, nse := idx.Shape[0], idx.Shape[1]
	for i := int64(1); i < nse; i++ {
		c := 0
		for j := int64(0); j < s && c == 0; j++ {
			c = cmp.Compare(idx.Index(j*nse+i-1), idx.Index(j*nse+i))
		}
		if c >= 0 {
			return i, false
		}
	}
	return 0, true
}

// NewStrided wraps a dense row-major array as a strided tensor (kept, not copied).
func NewStrided(data dtype.Array) (*Tensor, error) {
	if err := checkStrided(data); err != nil {
		return nil, err
	}
	return NewStridedOwned(data.DType, append([]int64(nil), data.Shape...), data.Data), nil
}

// NewStridedCopy builds a strided tensor holding a copy of data, which it
// does not keep: NewStrided(CopyArray(data)) without copying the copy's
// shape again. The C ABI's gs_strided_from copies from C memory with it.
func NewStridedCopy(data dtype.Array) (*Tensor, error) {
	if err := checkStrided(data); err != nil {
		return nil, err
	}
	a := dtype.CopyArray(data)
	return NewStridedOwned(a.DType, a.Shape, a.Data), nil
}

// checkStrided checks that data can be the storage of a strided tensor.
func checkStrided(data dtype.Array) error {
	if err := checkArray("data", data); err != nil {
		return err
	}
	spec := FormatSpec{Layout: Strided, Shape: data.Shape, Block: [2]int64{1, 1}}
	return spec.validate()
}

// Empty returns a tensor of the layout with no stored elements (strided: zeros).
// blocksize is used by BSR/BSC; denseDim trailing dims are dense; compressed
// layouts take the dims before the last two (and the dense ones) as batch dims.
func Empty(layout Layout, dt dtype.DType, size []int64, blocksize [2]int64, denseDim int) (*Tensor, error) {
	if err := dtype.CheckDType("dtype", dt); err != nil {
		return nil, err
	}
	size = append([]int64(nil), size...)
	if layout == Strided {
		n, err := errs.NumelChecked("size", size)
		if err != nil {
			return nil, err
		}
		if err := errs.CheckAlloc("empty", n, dt.Size()); err != nil {
			return nil, err
		}
		return NewStrided(dtype.NewArray(dt, size))
	}
	spec, err := TargetSpec(layout, size, denseDim, -1, blocksize)
	if err != nil {
		return nil, err
	}
	e := &Entries{K: len(size) - denseDim, Coords: make([][]int64, len(size)-denseDim), Vals: dtype.NewArray(dt, []int64{0}),
		Block: dtype.NumelOf(size[len(size)-denseDim:])}
	return BuildFrom(spec, e, dt, make([]byte, dt.Size()), 0, false)
}

// TargetSpec derives the format of a conversion target: batch dims lead for
// compressed layouts, sparseDim (COO, CSF; -1 for all) fixes the sparse dims.
func TargetSpec(layout Layout, shape []int64, denseDim, sparseDim int, block [2]int64) (FormatSpec, error) {
	nd := len(shape)
	if denseDim < 0 || denseDim > nd {
		return FormatSpec{}, errs.Errorf(errs.ErrInvalidArgument, "dense_dim = %d is out of range for a %d-d tensor", denseDim, nd)
	}
	spec := FormatSpec{Layout: layout, Shape: shape, DenseDim: denseDim, Block: [2]int64{1, 1}}
	switch layout {
	case COO, CSF:
		if sparseDim >= 0 {
			if sparseDim < 1 || sparseDim > nd {
				return FormatSpec{}, errs.Errorf(errs.ErrInvalidArgument, "sparse_dim = %d must be in 1..%d for a %d-d tensor", sparseDim, nd, nd)
			}
			spec.DenseDim = nd - sparseDim
		}
	case CSR, CSC, BSR, BSC, DCSR, DCSC:
		if nd-denseDim < 2 {
			return FormatSpec{}, errs.Errorf(errs.ErrInvalidArgument, "to %s: expected at least 2 sparse dimensions, got a %d-d tensor with dense_dim = %d", layout, nd, denseDim)
		}
		spec.BatchDim = nd - 2 - denseDim
		if layout.IsBlocked() {
			spec.Block = block
		}
	case Strided:
	default:
		return FormatSpec{}, errs.Errorf(errs.ErrInvalidArgument, "layout: unknown layout code %d", int32(layout))
	}
	return spec, spec.validate()
}

// firstNegative returns the flat position of the first negative entry of an
// int32 or int64 index array, or -1 (a typed loop: NewCOO runs it on every
// result an operator builds).
func firstNegative(a dtype.Array) int64 {
	if a.DType == dtype.Int32 {
		for k, v := range dtype.AsSlice[int32](a) {
			if v < 0 {
				return int64(k)
			}
		}
		return -1
	}
	for k, v := range dtype.AsSlice[int64](a) {
		if v < 0 {
			return int64(k)
		}
	}
	return -1
}
