package mmio

import (
	"bufio"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// WriteOptions are SciPy's mmwrite options.
type WriteOptions struct {
	// Comment is written after the banner, each of its lines after a '%'
	// ("" writes none).
	Comment string
	// Field is "real", "integer", "complex" or "pattern" (coordinate files
	// only); "" picks the dtype's (integer for integer and bool dtypes).
	// integer takes float values only when they are whole and fit int64,
	// real refuses complex values.
	Field string
	// Precision, when > 0, writes real and complex values with that many
	// significant digits (1.00e+00 for 3); 0 writes the fewest digits that
	// read back to the same float64.
	Precision int
	// Symmetry is "general", "symmetric", "skew-symmetric" or "hermitian",
	// checked against the values (only the lower triangle is written; a
	// NaN matches a NaN, -0 matches 0), or "" / "auto": the first of
	// symmetric, skew-symmetric, hermitian that a square matrix has
	// exactly, else general: the file reads back bit for bit, zeros' signs
	// included, except a zero mirrored by negation (skew-symmetric, the
	// imaginary part of hermitian), which reads as the negated zero. A
	// pattern file's symmetry is its structure's, whatever the values.
	Symmetry string
}

// WriteWith writes t to the file at path as WriteTensorWith does; on
// failure (a cancel included) the file is removed.
func WriteWith(path string, t *tensor.Tensor, o WriteOptions) error {
	if err := checkWritable(t); err != nil { // before the file is created
		return err
	}
	return createAndWrite(path, func(f io.Writer) error { return WriteTensorWith(f, t, o) })
}

// checkWritable refuses what no Matrix Market file holds.
func checkWritable(t *tensor.Tensor) error {
	if t == nil {
		return errs.Errorf(errs.ErrInvalidArgument, "t: tensor is nil")
	}
	if nd := t.NDim(); nd != 1 && nd != 2 {
		return errs.Errorf(errs.ErrInvalidArgument, "t: Matrix Market holds 1-D and 2-D tensors, got %d-D of shape %v", nd, t.Dims())
	}
	return nil
}

// WriteTensorWith writes a 1-D or 2-D tensor of any layout with SciPy's
// options: a strided tensor as an array file, a sparse one as a coordinate
// file (see WriteTensor for the rest).
func WriteTensorWith(w io.Writer, t *tensor.Tensor, o WriteOptions) error {
	if err := checkWritable(t); err != nil {
		return err
	}
	m, err := entriesOf(t)
	if err != nil {
		return err
	}
	field, err := pickField(o.Field, m)
	if err != nil {
		return err
	}
	sym, err := pickSymmetry(o.Symmetry, field, m)
	if err != nil {
		return err
	}
	if o.Precision < 0 {
		return errs.Errorf(errs.ErrInvalidArgument, "precision = %d must not be negative (0: the fewest exact digits)", o.Precision)
	}
	return m.write(w, field, sym, o)
}

// writeEntries is a tensor as Matrix Market sees it: shape, and either a dense
// row-major array or coalesced COO coordinates with their values.
type writeEntries struct {
	shape    []int64
	dense    bool
	rows     []int64 // sparse: row (a vector: index) of each entry
	cols     []int64
	vals     dtype.Array
	rowStart *rowStarts // sparse: where each row starts, built for symmetry checks
}

// entriesOf reads t's entries: sparse layouts through coalesced COO.
func entriesOf(t *tensor.Tensor) (*writeEntries, error) {
	m := &writeEntries{shape: slices.Clone(t.Dims())}
	if t.Layout() == tensor.Strided {
		v, err := tensor.Component(t, tensor.CompValues)
		m.dense, m.vals = true, v
		return m, err
	}
	if f := dtype.LoadScalar(t.DType(), t.FillElem()); f.Re() != 0 || f.Im() != 0 || f.Int() != 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "t: fill value (%g%+gi) is not zero, but a coordinate file leaves unlisted entries zero; convert to strided first", f.Re(), f.Im())
	}
	c, err := coalescedCOO(t)
	if err != nil {
		return nil, err
	}
	idx, vals := c.Indices(), c.Values() // c's entries are in order (coalescedCOO)
	m.vals = vals
	nnz := m.vals.Numel()
	if idx.DType == dtype.Int64 { // views of the index rows (read only)
		all := dtype.AsSlice[int64](idx)
		m.rows = all[:nnz:nnz]
		if len(m.shape) == 2 {
			m.cols = all[nnz:]
		} else {
			m.cols = make([]int64, nnz)
		}
		return m, nil
	}
	m.rows, m.cols = make([]int64, nnz), make([]int64, nnz)
	for k := range nnz {
		if len(m.shape) == 2 {
			m.rows[k], m.cols[k] = idx.Index(k), idx.Index(nnz+k)
		} else {
			m.rows[k] = idx.Index(k)
		}
	}
	return m, nil
}

// coalescedCOO returns t as a coalesced COO tensor over all its dims,
// which a write only reads: t itself when it is one already, or when it is
// a COO tensor whose entries are in order without the flag (SciPy's COO
// arrives so); a conversion otherwise.
func coalescedCOO(t *tensor.Tensor) (*tensor.Tensor, error) {
	if t.Layout() == tensor.COO && t.DenseDim() == 0 {
		if t.IsCoalesced() || inRowMajorOrder(t.Indices(), t.NNZ()) {
			return t, nil
		}
	}
	return convert.CoalescedCOO(t, 0)
}

// inRowMajorOrder reports whether the (ndim, nnz) indices of a 1-D or 2-D
// COO tensor are strictly increasing in row-major order (sorted, unique):
// int64 indices (SciPy's and the reader's) in parallel in place, others
// element by element.
func inRowMajorOrder(idx dtype.Array, nnz int64) bool {
	ndim := int64(1)
	if len(idx.Shape) == 2 {
		ndim = idx.Shape[0]
	}
	if idx.DType == dtype.Int64 {
		return strictlyIncreasing(dtype.AsSlice[int64](idx), nnz, int(ndim))
	}
	for k := int64(1); k < nnz; k++ {
		if k&pollLines == 0 {
			cancel.Poll()
		}
		r0, r1 := idx.Index(k-1), idx.Index(k)
		if ndim == 2 && r0 == r1 {
			r0, r1 = idx.Index(nnz+k-1), idx.Index(nnz+k)
		}
		if r0 >= r1 {
			return false
		}
	}
	return true
}

// pickField checks a given field against the values, or picks the dtype's.
func pickField(given string, m *writeEntries) (string, error) {
	d := m.vals.DType
	switch given {
	case "":
		return fieldOf(d), nil
	case FieldComplex:
		return given, nil
	case FieldReal:
		if d.IsComplex() {
			return "", errs.Errorf(errs.ErrInvalidArgument, "field = real: the values are %s; use complex", d)
		}
		return given, nil
	case FieldInteger:
		if d.IsComplex() {
			return "", errs.Errorf(errs.ErrInvalidArgument, "field = integer: the values are %s; use complex", d)
		}
		if d.IsFloat() {
			for k := range m.vals.Numel() {
				v := m.vals.Complex(k).Re()
				if v != math.Trunc(v) || math.IsInf(v, 0) {
					return "", errs.Errorf(errs.ErrInvalidArgument, "field = integer: value %v (element %d) is not a whole number", v, k)
				}
				// A reader (SciPy's, this package's) holds integers in int64.
				if v < math.MinInt64 || v >= -math.MinInt64 {
					return "", errs.Errorf(errs.ErrInvalidArgument, "field = integer: value %v (element %d) does not fit int64", v, k)
				}
			}
		}
		return given, nil
	case FieldPattern:
		if m.dense {
			return "", errs.Errorf(errs.ErrInvalidArgument, "field = pattern: an array file (a strided tensor) has no pattern form; convert to a sparse layout")
		}
		return given, nil
	}
	return "", errs.Errorf(errs.ErrInvalidArgument, "field = %q must be real, integer, complex or pattern (or empty for the dtype's)", given)
}

// pickSymmetry checks a given symmetry against the values, or detects one.
func pickSymmetry(given, field string, m *writeEntries) (string, error) {
	square := len(m.shape) == 2 && m.shape[0] == m.shape[1]
	switch given {
	case "", "auto", "AUTO":
		if !square {
			return SymmetryGeneral, nil
		}
		cands := []string{SymmetrySymmetric, SymmetrySkew}
		if field == FieldComplex {
			cands = append(cands, SymmetryHermitian)
		}
		for _, s := range cands {
			if s == SymmetrySkew && field == FieldPattern {
				continue
			}
			if m.symmetryMismatch(s, field, true) == "" {
				return s, nil
			}
		}
		return SymmetryGeneral, nil
	case SymmetryGeneral:
		return given, nil
	case SymmetrySymmetric, SymmetrySkew, SymmetryHermitian:
		if !square {
			return "", errs.Errorf(errs.ErrInvalidArgument, "symmetry = %s: needs a square matrix, got shape %v", given, m.shape)
		}
		if given == SymmetrySkew && field == FieldPattern {
			return "", errs.Errorf(errs.ErrInvalidArgument, "symmetry = skew-symmetric: a pattern file cannot be skew-symmetric")
		}
		if given == SymmetryHermitian && field != FieldComplex {
			return "", errs.Errorf(errs.ErrInvalidArgument, "symmetry = hermitian: needs field complex (a real symmetric matrix is symmetric)")
		}
		if why := m.symmetryMismatch(given, field, false); why != "" {
			return "", errs.Errorf(errs.ErrInvalidArgument, "symmetry = %s: the matrix is not %s: %s", given, given, why)
		}
		return given, nil
	}
	return "", errs.Errorf(errs.ErrInvalidArgument, "symmetry = %q must be general, symmetric, skew-symmetric, hermitian or auto", given)
}

// value returns element k as a complex number (exact for integers up to 2^53).
func (m *writeEntries) value(k int64) complex128 {
	c := m.vals.Complex(k)
	if m.vals.DType.IsInteger() || m.vals.DType == dtype.Bool {
		return complex(float64(m.vals.Index(k)), 0)
	}
	return complex(c.Re(), c.Im())
}

// at returns A[i, j] (zero where a sparse matrix stores nothing).
func (m *writeEntries) at(i, j int64) complex128 {
	if m.dense {
		return m.value(i*m.shape[1] + j)
	}
	if k, ok := m.find(i, j); ok {
		return m.value(k)
	}
	return 0
}

// symmetryMismatch returns "" when a file of the field can have symmetry s,
// else what breaks it: mismatch for the values, patternMismatch for a
// pattern file, whose values are not written.
func (m *writeEntries) symmetryMismatch(s, field string, exact bool) string {
	if field == FieldPattern {
		return m.patternMismatch()
	}
	return m.mismatch(s, exact)
}

// mismatch returns "" when the matrix has symmetry s, else the first pair
// of elements that breaks it; exact (a detected symmetry) as fits, so that
// the file reads back bit for bit.
func (m *writeEntries) mismatch(s string, exact bool) string {
	n := m.shape[0]
	check := func(i, j int64) string {
		a, b := m.at(i, j), m.at(j, i)
		if !m.fits(s, a, b, i == j, exact) {
			if i == j { // the diagonal of a skew-symmetric matrix is zero, of a hermitian one real
				return "A[" + strconv.FormatInt(i, 10) + ", " + strconv.FormatInt(i, 10) + "] = " + formatComplex(a) + " on the diagonal"
			}
			return "A[" + strconv.FormatInt(i, 10) + ", " + strconv.FormatInt(j, 10) + "] = " + formatComplex(a) +
				" but A[" + strconv.FormatInt(j, 10) + ", " + strconv.FormatInt(i, 10) + "] = " + formatComplex(b)
		}
		return ""
	}
	if m.dense {
		for i := range n {
			cancel.Poll()
			for j := range i + 1 {
				if why := check(i, j); why != "" {
					return why
				}
			}
		}
		return ""
	}
	// Sparse: the entries are coalesced in row-major order, which
	// mirrorsAll checks in one pass. Where that fails, the scan below finds
	// the first entry in row-major order that breaks the rule.
	if m.mirrorsAll(m.mirrorCheck(s, exact)) {
		return ""
	}
	for k := range m.rows {
		if k&pollLines == 0 {
			cancel.Poll()
		}
		if why := check(m.rows[k], m.cols[k]); why != "" {
			return why
		}
	}
	return ""
}

// formatComplex writes x as a message shows it: 3, or (1+2i).
func formatComplex(x complex128) string {
	if imag(x) == 0 {
		return strconv.FormatFloat(real(x), 'g', -1, 64)
	}
	return strconv.FormatComplex(x, 'g', -1, 128)
}

// write writes the banner, comment, size line and the entries that the
// symmetry keeps (all for general, the lower triangle otherwise, without
// the diagonal for skew-symmetric).
func (m *writeEntries) write(w io.Writer, field, sym string, o WriteOptions) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	object, format := ObjectMatrix, FormatCoordinate
	if len(m.shape) == 1 {
		object = ObjectVector
	}
	if m.dense {
		format = FormatArray
	}
	b := make([]byte, 0, 8192)
	b = append(b, "%%MatrixMarket "+object+" "+format+" "+field+" "+sym+"\n"...)
	if o.Comment != "" {
		for _, line := range strings.Split(strings.TrimSuffix(o.Comment, "\n"), "\n") {
			b = append(b, '%')
			b = append(b, line...)
			b = append(b, '\n')
		}
	}
	keep := func(i, j int64) bool {
		switch sym {
		case SymmetryGeneral:
			return true
		case SymmetrySkew:
			return i > j
		}
		return i >= j
	}
	rows, cols := m.shape[0], int64(1)
	if len(m.shape) == 2 {
		cols = m.shape[1]
	}
	b = strconv.AppendInt(b, rows, 10)
	if object == ObjectMatrix {
		b = append(b, ' ')
		b = strconv.AppendInt(b, cols, 10)
	}
	if m.dense {
		b = append(b, '\n')
		if _, err := bw.Write(b); err != nil {
			return writeError(err)
		}
		if rows == 0 {
			cols = 0
		}
		// Blocks of columns are formatted in parallel and written in order,
		// as writeCoordinate does with entries.
		per := max(1, writeBlock/max(rows, 1))
		return writeBlocks(bw, (cols+per-1)/per, func(t []byte, blk int64) []byte {
			j0 := blk * per
			for j := j0; j < min(j0+per, cols); j++ {
				for i := range rows {
					if keep(i, j) {
						t = m.appendValue(t, field, i*cols+j, o.Precision)
						t = append(t, '\n')
					}
				}
			}
			return t
		})
	}
	kept := int64(0)
	for k := range m.rows {
		if keep(m.rows[k], m.cols[k]) {
			kept++
		}
	}
	b = append(b, ' ')
	b = strconv.AppendInt(b, kept, 10)
	b = append(b, '\n')
	if _, err := bw.Write(b); err != nil {
		return writeError(err)
	}
	// Blocks of entries are formatted and written as writeCoordinate does.
	nnz := int64(len(m.rows))
	return writeBlocks(bw, (nnz+writeBlock-1)/writeBlock, func(t []byte, blk int64) []byte {
		k0 := blk * writeBlock
		for k := k0; k < min(k0+writeBlock, nnz); k++ {
			if !keep(m.rows[k], m.cols[k]) {
				continue
			}
			t = strconv.AppendInt(t, m.rows[k]+1, 10)
			if object == ObjectMatrix {
				t = append(t, ' ')
				t = strconv.AppendInt(t, m.cols[k]+1, 10)
			}
			if field != FieldPattern {
				t = append(t, ' ')
				t = m.appendValue(t, field, k, o.Precision)
			}
			t = append(t, '\n')
		}
		return t
	})
}

// appendValue formats element k for the field with the precision.
func (m *writeEntries) appendValue(b []byte, field string, k int64, precision int) []byte {
	num := func(b []byte, v float64) []byte {
		if precision > 0 {
			return appendReal(b, v, 'e', precision-1)
		}
		return appendReal(b, v, 'g', -1)
	}
	if field == FieldReal && m.vals.DType == dtype.Float64 { // the common case, without a widening
		return num(b, dtype.AsSlice[float64](m.vals)[k])
	}
	if field == FieldInteger && m.vals.DType == dtype.Int64 {
		return strconv.AppendInt(b, dtype.AsSlice[int64](m.vals)[k], 10)
	}
	v := m.value(k)
	switch field {
	case FieldInteger:
		if m.vals.DType.IsInteger() || m.vals.DType == dtype.Bool {
			return strconv.AppendInt(b, m.vals.Index(k), 10)
		}
		return strconv.AppendFloat(b, real(v), 'f', 0, 64)
	case FieldComplex:
		b = num(b, real(v))
		b = append(b, ' ')
		return num(b, imag(v))
	}
	return num(b, real(v))
}
