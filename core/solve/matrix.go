package solve

import (
	"math"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// compressed is a 2-D matrix in compressed storage: slice j (a column for
// CSC, a row for CSR) holds the entries idx[ptr[j]:ptr[j+1]] of the other
// dimension with values val.
type compressed[T elem] struct {
	rows, cols int
	byCol      bool // CSC when true, CSR otherwise
	ptr, idx   []int
	val        []T
}

// slices is the number of compressed slices (columns for CSC, rows for CSR).
func (m *compressed[T]) slices() int {
	if m.byCol {
		return m.cols
	}
	return m.rows
}

// checkMatrix requires a 2-D sparse or strided matrix without batch or dense
// dimensions, of a solver dtype, with a zero fill value.
func checkMatrix(arg string, a *tensor.Tensor) error {
	if err := tensor.CheckPlainMatrix(arg, a); err != nil {
		return err
	}
	if err := checkSolveDType(arg, a.DType()); err != nil {
		return err
	}
	if f := dtype.LoadScalar(a.DType(), a.FillElem()); f.Re() != 0 || f.Im() != 0 {
		if !a.DType().IsComplex() {
			return errs.Errorf(errs.ErrInvalidArgument, "%s: the fill value must be zero to solve, got %g", arg, f.Re())
		}
		// %+g, not %+v: fmt's plus flag on %v is its struct-field flag and drops the sign
		return errs.Errorf(errs.ErrInvalidArgument, "%s: the fill value must be zero to solve, got %g%+gi", arg, f.Re(), f.Im())
	}
	return nil
}

// integral says whether d is an integer or bool dtype: the solvers read such
// operands as float64 (A) or in A's dtype (B), as SciPy does.
func integral(d dtype.DType) bool { return d.IsInteger() || d == dtype.Bool }

// promoted returns a with integer or bool values converted to float64, the
// dtype SciPy's solvers compute an integer matrix in; a itself otherwise
// (nil included, for the checks that follow to refuse).
func promoted(a *tensor.Tensor) (*tensor.Tensor, error) {
	if a == nil || !integral(a.DType()) {
		return a, nil
	}
	return convert.ToDType(a, dtype.Float64)
}

// checkSquare additionally requires rows == cols.
func checkSquare(arg string, a *tensor.Tensor) error {
	if err := checkMatrix(arg, a); err != nil {
		return err
	}
	if s := a.Dims(); s[0] != s[1] {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: expected a square matrix, got shape %v", arg, s)
	}
	return nil
}

// loadCompressed reads a checked matrix as CSR or CSC: a CSR or CSC tensor is
// read as stored; any other layout is converted to prefer. A NaN or infinite
// value is refused by name (checkFinite), as the argument A.
func loadCompressed[T elem](a *tensor.Tensor, prefer tensor.Layout) (*compressed[T], error) {
	t := a
	if l := a.Layout(); l != tensor.CSR && l != tensor.CSC {
		var err error
		if t, err = convert.ToLayout(a, prefer, tensor.DefaultConvert()); err != nil {
			return nil, err
		}
	}
	s := t.Dims()
	m := &compressed[T]{rows: int(s[0]), cols: int(s[1]), byCol: t.Layout() == tensor.CSC}
	ptr, idx, err := tensor.CompressedArrays(t)
	if err != nil {
		return nil, err
	}
	vals, err := tensor.Component(t, tensor.CompValues)
	if err != nil {
		return nil, err
	}
	m.ptr, m.idx = toInts(ptr), toInts(idx)
	m.val = widen[T](vals)
	if err := checkFinite("A", m); err != nil {
		return nil, err
	}
	return m, nil
}

// toInts copies an int32 or int64 index array into Go ints.
func toInts(a dtype.Array) []int {
	n := a.Numel()
	out := unzeroed[int](int(n))
	if a.DType == dtype.Int32 {
		for i, v := range dtype.AsSlice[int32](a)[:n] {
			out[i] = int(v)
		}
		return out
	}
	for i, v := range dtype.AsSlice[int64](a)[:n] {
		out[i] = int(v)
	}
	return out
}

// toCSC returns m as CSC (m itself when it is).
func (m *compressed[T]) toCSC() *compressed[T] {
	if m.byCol {
		return m
	}
	t := m.transposeStorage()
	t.byCol = true
	return t
}

// transposeStorage swaps the compressed and the plain dimension of the
// storage: the same matrix in the other layout (rows and cols unchanged).
func (m *compressed[T]) transposeStorage() *compressed[T] {
	ns := m.slices()
	no := m.cols
	if m.byCol {
		no = m.rows
	}
	// Slice i's count goes to ptr[i+2], so that after the sums ptr[i+1]
	// is slice i's start: the fill moves it to the end, which is slice
	// i+1's start, and ptr comes out right without a separate cursor
	// array (an allocation fewer on small solves).
	ptr := make([]int, no+2)
	for _, i := range m.idx {
		ptr[i+2]++
	}
	for i := 0; i < no; i++ {
		ptr[i+2] += ptr[i+1]
	}
	idx := unzeroed[int](len(m.idx)) // the fill below sets every entry
	val := unzeroed[T](len(m.val))
	for j := 0; j < ns; j++ {
		// The slice's own rows and values: read through m, each
		// step reloaded m's bounds and arrays (the stores might alias them).
		lo, hi := m.ptr[j], m.ptr[j+1]
		vals := m.val[lo:hi]
		for k, i := range m.idx[lo:hi] {
			q := ptr[i+1]
			ptr[i+1] = q + 1
			idx[q], val[q] = j, vals[k]
		}
	}
	return &compressed[T]{rows: m.rows, cols: m.cols, byCol: !m.byCol, ptr: ptr[: no+1 : no+1], idx: idx, val: val}
}

// indexWidthOf is the index width the results built from a take: a's own
// when it has 32-bit indices, 64 otherwise (torch keeps the input's width).
func indexWidthOf(a *tensor.Tensor) int {
	if a.IndexWidth() == 32 {
		return 32
	}
	return 64
}

// cscTensor builds an n x n CSC tensor of dtype d from columns whose row
// indices are sorted, with index arrays of the given width.
func cscTensor[T elem](d dtype.DType, rows, cols int, ptr, idx []int, val []T, width int) (*tensor.Tensor, error) {
	if len(idx) > math.MaxInt32 {
		width = 64
	}
	return tensor.NewCompressed(tensor.CSC, indexArray(ptr, width), indexArray(idx, width), narrow(val, d, []int64{int64(len(val))}), []int64{int64(rows), int64(cols)}, tensor.BuildOptions{})
}

// indexArray copies ints into an int32 or int64 array.
func indexArray(v []int, width int) dtype.Array {
	if width == 32 {
		s := make([]int32, len(v))
		for i, x := range v {
			s[i] = int32(x)
		}
		return dtype.Int32Array(s)
	}
	s := make([]int64, len(v))
	for i, x := range v {
		s[i] = int64(x)
	}
	return dtype.Int64Array(s)
}
