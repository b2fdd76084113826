package mmio

import (
	"io"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// parseCoordinate reads the entries of a coordinate file into m.
func parseCoordinate(lr *lineReader, h *header, m *Matrix) error {
	switch h.field {
	case FieldInteger:
		return coordinate(lr, h, m, integerCodec(h.symmetry))
	case FieldComplex:
		return coordinate(lr, h, m, complexCodec(h.symmetry))
	case FieldPattern:
		return coordinate(lr, h, m, patternCodec())
	}
	return coordinate(lr, h, m, realCodec(h.symmetry))
}

// coordinate reads "i [j] value..." lines, checks each, and expands the symmetry.
func coordinate[T any](lr *lineReader, h *header, m *Matrix, c codec[T]) error {
	ndim := len(h.shape)
	want := ndim + c.nv
	// Entries stop at the count the size line promises or at what the
	// memory limit holds, whichever comes first; one test covers both.
	perEntry := int64(ndim*8 + c.dtype.Size())
	budget := entryBudget(perEntry)
	stop := min(h.entries, budget)
	hint := min(stop, preallocCap)
	rows := make([]int64, 0, hint)
	var cols []int64
	if ndim == 2 {
		cols = make([]int64, 0, hint)
	}
	vals := make([]T, 0, hint)
	mirrored := h.symmetry != SymmetryGeneral
	skew := h.symmetry == SymmetrySkew
	var offDiagonal int64
	var first placed // the first off-diagonal entry, whose triangle the others must share
	var tok [4]span
	for {
		line, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		k := splitFields(line, tok[:want])
		if k == 0 || line[tok[0].lo] == '%' {
			continue
		}
		if n := int64(len(rows)); n == stop {
			if n == h.entries {
				return errs.Errorf(errs.ErrIO, "line %d: too many entries: the size line (line %d) promises %d", lr.line, h.sizeLine, h.entries)
			}
			return tooLarge(lr.line, "entries", n+1, perEntry)
		}
		if k != want {
			return errs.Errorf(errs.ErrIO, "line %d: an entry must hold %d numbers (%s), found %d", lr.line, want, entryWords(ndim, c.names), k)
		}
		var i, j int64
		if ndim == 1 {
			if i, err = readIndex(line[tok[0].lo:tok[0].hi], "index", h.shape[0], lr.line); err != nil {
				return err
			}
		} else {
			if i, err = readIndex(line[tok[0].lo:tok[0].hi], "row index", h.shape[0], lr.line); err != nil {
				return err
			}
			if j, err = readIndex(line[tok[1].lo:tok[1].hi], "column index", h.shape[1], lr.line); err != nil {
				return err
			}
		}
		var t0, t1 []byte
		if c.nv > 0 {
			t0 = line[tok[ndim].lo:tok[ndim].hi]
		}
		if c.nv > 1 {
			t1 = line[tok[ndim+1].lo:tok[ndim+1].hi]
		}
		v, err := c.parse(t0, t1, lr.line)
		if err != nil {
			return err
		}
		if mirrored {
			switch {
			case i != j:
				offDiagonal++
				at := placed{lr.line, i, j}
				if first.line == 0 {
					first = at
				} else if at.above() != first.above() {
					return errs.Errorf(errs.ErrIO, "line %d: entry (%d, %d) lies %s the diagonal, but line %d stored (%d, %d) %s it: a %s file stores one triangle, each entry standing for its mirror too",
						lr.line, i+1, j+1, at.side(), first.line, first.i+1, first.j+1, first.side(), h.symmetry)
				}
				if _, ok := c.mirror(v); !ok {
					return errs.Errorf(errs.ErrIO, "line %d: skew-symmetric value %v has no negation in int64", lr.line, v)
				}
			case skew:
				return errs.Errorf(errs.ErrIO, "line %d: skew-symmetric matrix with diagonal entry (%d, %d): its diagonal is zero and must not be stored", lr.line, i+1, j+1)
			case c.diagonal != nil && !c.diagonal(v):
				return errs.Errorf(errs.ErrIO, "line %d: hermitian diagonal entry (%d, %d) = %v: the diagonal of a hermitian matrix is real (imaginary part 0)", lr.line, i+1, j+1, v)
			}
		}
		rows = append(rows, i)
		if ndim == 2 {
			cols = append(cols, j)
		}
		vals = append(vals, v)
	}
	if n := int64(len(rows)); n < h.entries {
		return errs.Errorf(errs.ErrIO, "line %d: too few entries: the input ends after %d of the %d that the size line (line %d) promises", lr.line, n, h.entries, h.sizeLine)
	}
	if ndim == 1 {
		n := int64(len(rows))
		m.Indices = wrap(dtype.Int64, rows, 1, n)
		m.Values = wrap(c.dtype, vals, n)
		return nil
	}
	if n := int64(len(rows)) + offDiagonal; n > budget {
		return tooLarge(lr.line, "entries after symmetry expansion", n, perEntry)
	}
	idx, out := expandCoordinate(rows, cols, vals, mirrored, offDiagonal, c.mirror)
	n := int64(len(out))
	m.Indices = wrap(dtype.Int64, idx, 2, n)
	m.Values = wrap(c.dtype, out, n)
	return nil
}

// placed is where a file stored an entry: its line and 0-based coordinates.
type placed struct{ line, i, j int64 }

func (p placed) above() bool { return p.i < p.j }

func (p placed) side() string {
	if p.above() {
		return "above"
	}
	return "below"
}

// expandCoordinate lays out the (2, nnz) index array, adding the mirror of
// every off-diagonal entry right after it when the file is not general.
func expandCoordinate[T any](rows, cols []int64, vals []T, mirrored bool, offDiagonal int64, mirror func(T) (T, bool)) ([]int64, []T) {
	if !mirrored {
		n := len(rows)
		idx := make([]int64, 2*n)
		copy(idx, rows)
		copy(idx[n:], cols)
		return idx, vals
	}
	n := len(rows) + int(offDiagonal)
	idx := make([]int64, 2*n)
	r, c := idx[:n], idx[n:]
	out := make([]T, n)
	k := 0
	for e, i := range rows {
		j, v := cols[e], vals[e]
		r[k], c[k], out[k] = i, j, v
		k++
		if i != j {
			w, _ := mirror(v)
			r[k], c[k], out[k] = j, i, w
			k++
		}
	}
	return idx, out
}

// readIndex parses a 1-based index token and returns it 0-based.
func readIndex(tok []byte, what string, size, line int64) (int64, error) {
	v, err := parseInt(tok)
	switch {
	case err == errOverflow:
		return 0, errs.Errorf(errs.ErrIO, "line %d: %s %q overflows int64", line, what, clip(tok))
	case err != nil:
		return 0, errs.Errorf(errs.ErrIO, "line %d: %s %q is not an integer", line, what, clip(tok))
	case signed(tok) && v >= 0:
		return 0, errs.Errorf(errs.ErrIO, "line %d: %s %q must be written without a sign", line, what, clip(tok))
	case v < 1 || v > size:
		return 0, errs.Errorf(errs.ErrIO, "line %d: %s %d out of range 1..%d", line, what, v, size)
	}
	return v - 1, nil
}

// entryWords names the numbers of an entry for messages.
func entryWords(ndim int, values string) string {
	s := "row column"
	if ndim == 1 {
		s = "index"
	}
	if values != "" {
		s += " " + values
	}
	return s
}
