package mmio

import (
	"io"
	"math"
	"os"

	"github.com/gosparse/gosparse/core/errs"
)

// preallocCap bounds the entries preallocated from a header's count: larger
// inputs grow as their lines arrive, so a false count cannot exhaust memory.
const preallocCap = 1 << 16

// Parse reads a Matrix Market file. Errors are *errs.Error with code
// errs.ErrIO and a message that names the line (1-based) and the broken rule.
func Parse(r io.Reader) (*Matrix, error) { return parse(r, inputSize(r), false) }

// inputSize returns the bytes left in r where r knows them (a file, an
// in-memory reader), else -1.
func inputSize(r io.Reader) int64 {
	switch x := r.(type) {
	case interface{ Len() int }: // bytes.Reader, strings.Reader, bytes.Buffer
		return int64(x.Len())
	case *os.File:
		st, err := x.Stat()
		if err != nil || !st.Mode().IsRegular() {
			return -1
		}
		at, err := x.Seek(0, io.SeekCurrent)
		if err != nil {
			return -1
		}
		return max(st.Size()-at, 0)
	}
	return -1
}

// parse is Parse of an input of size bytes (-1: unknown). rowOrder lays
// out the entries of a symmetric, skew-symmetric or hermitian coordinate
// file grouped by row (expandByRows) instead of in file order: the order
// of the tensor that Read builds, which Parse's callers do not get.
func parse(r io.Reader, size int64, rowOrder bool) (*Matrix, error) {
	lr := newLineReader(r)
	line, err := nextLine(lr, false)
	if err == io.EOF {
		return nil, errs.Errorf(errs.ErrIO, "line 1: missing the %%%%MatrixMarket banner: the input is empty")
	}
	if err != nil {
		return nil, err
	}
	b, err := parseBanner(line, lr.line)
	if err != nil {
		return nil, err
	}
	h, err := readSize(lr, b)
	if err != nil {
		return nil, err
	}
	h.inputBytes = size
	h.rowOrder = rowOrder
	m := &Matrix{Object: b.object, Format: b.format, Field: b.field, Symmetry: b.symmetry, Shape: h.shape}
	if b.format == FormatCoordinate {
		m.Entries = h.entries
		err = parseCoordinate(lr, &h, m)
	} else {
		m.Entries = h.arrayValues()
		err = parseArray(lr, &h, m)
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// nextLine returns the next line that is neither blank nor (when comments is
// true) a comment.
func nextLine(lr *lineReader, comments bool) ([]byte, error) {
	for {
		line, err := lr.next()
		if err != nil {
			return nil, err
		}
		if isBlank(line) || (comments && isComment(line)) {
			continue
		}
		return line, nil
	}
}

// header is the banner plus the size line.
type header struct {
	banner
	shape    []int64
	entries  int64 // coordinate: the promised number of entries
	sizeLine int64 // line number of the size line
	// inputBytes is the size of the whole input where known, else -1: an
	// upper bound on the entries that it can hold.
	inputBytes int64
	// rowOrder: mirrored entries are laid out grouped by row (see parse).
	rowOrder bool
}

// readSize reads the size line: "rows cols entries" (matrix coordinate),
// "rows cols" (matrix array), "length entries" (vector coordinate) or
// "length" (vector array).
func readSize(lr *lineReader, b banner) (header, error) {
	h := header{banner: b}
	var names []string
	switch {
	case b.object == ObjectMatrix && b.format == FormatCoordinate:
		names = []string{"rows", "columns", "entries"}
	case b.object == ObjectMatrix:
		names = []string{"rows", "columns"}
	case b.format == FormatCoordinate:
		names = []string{"length", "entries"}
	default:
		names = []string{"length"}
	}
	line, err := nextLine(lr, true)
	if err == io.EOF {
		return h, errs.Errorf(errs.ErrIO, "line %d: missing the size line (%s) after the banner", lr.line+1, joinWords(names))
	}
	if err != nil {
		return h, err
	}
	h.sizeLine = lr.line
	var tok [3]span
	if k := splitFields(line, tok[:len(names)]); k != len(names) {
		return h, errs.Errorf(errs.ErrIO, "line %d: the size line must hold %d numbers (%s), found %d", lr.line, len(names), joinWords(names), k)
	}
	nums := make([]int64, len(names))
	for i, name := range names {
		w := line[tok[i].lo:tok[i].hi]
		v, err := parseInt(w)
		switch {
		case err == errOverflow:
			return h, errs.Errorf(errs.ErrIO, "line %d: %s %q overflows int64", lr.line, name, clip(w))
		case err != nil:
			return h, errs.Errorf(errs.ErrIO, "line %d: %s %q is not an integer", lr.line, name, clip(w))
		case v < 0:
			return h, errs.Errorf(errs.ErrIO, "line %d: %s %d must not be negative", lr.line, name, v)
		case signed(w):
			return h, errs.Errorf(errs.ErrIO, "line %d: %s %q must be written without a sign", lr.line, name, clip(w))
		}
		nums[i] = v
	}
	ndim := 2
	if b.object == ObjectVector {
		ndim = 1
	}
	h.shape = nums[:ndim]
	if b.format == FormatCoordinate {
		h.entries = nums[ndim]
	}
	if ndim == 2 && b.symmetry != SymmetryGeneral && h.shape[0] != h.shape[1] {
		return h, errs.Errorf(errs.ErrIO, "line %d: a %s matrix must be square, found %d x %d", lr.line, b.symmetry, h.shape[0], h.shape[1])
	}
	// A tensor's element count must fit int64, sparse or not.
	if ndim == 2 && h.shape[1] != 0 && h.shape[0] > math.MaxInt64/h.shape[1] {
		return h, errs.Errorf(errs.ErrIO, "line %d: rows x columns = %d x %d overflows int64", lr.line, h.shape[0], h.shape[1])
	}
	return h, nil
}

// arrayValues is the number of values an array file stores: all elements, or
// the lower triangle (with the diagonal unless skew-symmetric).
func (h *header) arrayValues() int64 {
	if len(h.shape) == 1 {
		return h.shape[0]
	}
	n := h.shape[0]
	switch h.symmetry {
	case SymmetryGeneral:
		return n * h.shape[1]
	case SymmetrySkew:
		return halfProduct(n, n-1)
	}
	return halfProduct(n, n+1)
}

// halfProduct is a*b/2 for consecutive a, b (one of them even) without
// overflowing where a*b would.
func halfProduct(a, b int64) int64 {
	if a%2 == 0 {
		return a / 2 * b
	}
	return b / 2 * a
}

// joinWords writes names as "a b c" for messages.
func joinWords(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += " "
		}
		s += n
	}
	return s
}
