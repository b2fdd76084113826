package mmio

import (
	"bytes"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// parseArray reads the values of an array file into m.Dense.
func parseArray(lr *lineReader, h *header, m *Matrix) error {
	switch h.field {
	case FieldInteger:
		return array(lr, h, m, integerCodec(h.symmetry))
	case FieldComplex:
		return array(lr, h, m, complexCodec(h.symmetry))
	}
	return array(lr, h, m, realCodec(h.symmetry))
}

// array reads one value per line, column by column (only the lower triangle
// for a symmetric file), and lays the result out row-major. As coordinate
// does, it parses the body in chunks of whole lines in parallel
// (parseValues, through eachChunk), and checks in file order what depends on the
// chunks before (mergeValues): the count of values and, for a hermitian
// file, which values lie on the diagonal.
func array[T any](lr *lineReader, h *header, m *Matrix, c codec[T]) error {
	total := h.arrayValues()
	perValue := int64(c.dtype.Size())
	budget := entryBudget(perValue)
	st := mergeState{stop: min(total, budget), perEntry: perValue} // the count promised or the memory limit
	cr := &chunkReader{lr: lr, line: lr.line}
	direct := newDirectValues[T](total, c.nv, budget, h.inputBytes, lr.line+1)
	tok := cancel.Current()
	var parts []chunkEntries[T]
	parse := func(ch bodyChunk) chunkEntries[T] { return parseValues(ch, h, c, tok, direct.window(ch).vals) }
	err := eachChunk(cr, tok, parse, func(ch bodyChunk, e *chunkEntries[T]) error {
		if err := st.mergeValues(h, ch, e.summary(), hermitianDiagonal(h, c, ch, e.vals, st.total)); err != nil {
			return err
		}
		if direct != nil {
			direct.place(e)
		} else {
			parts = append(parts, *e)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if st.total < total {
		return errs.Errorf(errs.ErrIO, "line %d: too few values: the input ends after %d of the %d that the size line (line %d) promises", cr.line, st.total, total, h.sizeLine)
	}
	var vals []T
	if direct != nil {
		// st.total is total, direct's length: more values were refused.
		vals = direct.vals
	} else {
		vals = uninit[T](total)
		parallelParts(len(parts), func(p int) {
			copy(vals[parts[p].start:], parts[p].vals)
			recycle(parts[p].vals)
		})
	}
	if len(h.shape) == 1 {
		m.Dense = wrap(c.dtype, vals, h.shape[0])
		return nil
	}
	if n := h.shape[0] * h.shape[1]; n > budget {
		return tooLarge(cr.line, "elements of the expanded matrix", n, perValue)
	}
	m.Dense = wrap(c.dtype, denseRowMajor(vals, h.shape[0], h.shape[1], h.symmetry, c.mirror), h.shape[0], h.shape[1])
	recycle(vals)
	return nil
}

// parseValues parses the values of one chunk of an array file, checking
// each line on its own, up to the first broken rule. The values go to into
// where given (empty, of capacity ch.lines, which no chunk's values
// exceed), else to a new slice.
func parseValues[T any](ch bodyChunk, h *header, c codec[T], tok *cancel.Token, into []T) (e chunkEntries[T]) {
	if e.vals = into; e.vals == nil {
		e.vals = uninit[T](ch.lines)[:0]
	}
	skew := h.symmetry == SymmetrySkew
	data := ch.data
	ln := ch.firstLine
	for p := 0; p < len(data); ln++ {
		pollEvery(tok, ln)
		v, next, ok := fastValue(data, p, c.scan)
		if !ok {
			end := len(data)
			if k := bytes.IndexByte(data[p:], '\n'); k >= 0 {
				end = p + k
			}
			next = end + 1
			var skip bool
			var err error
			if v, skip, err = checkedValue(data[p:end], ln, c); err != nil {
				e.err, e.errLine = err, ln
				return e
			}
			if skip {
				p = next
				continue
			}
		}
		p = next
		// Every stored value of a skew-symmetric array is off the diagonal.
		if _, ok := c.mirror(v); skew && !ok {
			e.err, e.errLine = errs.Errorf(errs.ErrIO, "line %d: skew-symmetric value %v has no negation in int64", ln, v), ln
			return e
		}
		e.vals = append(e.vals, v)
	}
	return e
}

// checkedValue reads one array line token by token with every check and
// message: skip is true for a blank or comment line.
func checkedValue[T any](line []byte, ln int64, c codec[T]) (v T, skip bool, err error) {
	var tok [2]span
	k := splitFields(line, tok[:c.nv])
	if k == 0 || line[tok[0].lo] == '%' {
		return v, true, nil
	}
	if k != c.nv {
		return v, false, errs.Errorf(errs.ErrIO, "line %d: an array entry must hold %d number(s) (%s), found %d", ln, c.nv, c.names, k)
	}
	var t1 []byte
	if k > 1 {
		t1 = line[tok[1].lo:tok[1].hi]
	}
	v, err = c.parse(line[tok[0].lo:tok[0].hi], t1, ln)
	return v, false, err
}

// hermitianDiagonal returns the error of the first value of a chunk (its
// values vals start at the file's value start) that lies on the diagonal
// of a hermitian file with an imaginary part, or nil. Column j of the
// stored lower triangle holds n-j values, the first on the diagonal.
func hermitianDiagonal[T any](h *header, c codec[T], ch bodyChunk, vals []T, start int64) *placedErr {
	if c.diagonal == nil || len(vals) == 0 {
		return nil
	}
	n := h.shape[0]
	end := start + int64(len(vals))
	// The first column whose diagonal value is at or after start.
	lo, hi := int64(0), n
	for lo < hi {
		if mid := (lo + hi) / 2; diagonalAt(n, mid) >= start {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	for j := lo; j < n; j++ {
		k := diagonalAt(n, j)
		if k >= end {
			return nil
		}
		if v := vals[k-start]; !c.diagonal(v) {
			ln := dataLine(ch, k-start+1)
			return &placedErr{ln, errs.Errorf(errs.ErrIO, "line %d: hermitian diagonal entry (%d, %d) = %v: the diagonal of a hermitian matrix is real (imaginary part 0)", ln, j+1, j+1, v)}
		}
	}
	return nil
}

// diagonalAt is the index among the stored values of (j, j) in a lower
// triangle of order n stored by columns: n + (n-1) + ... over the columns
// before j.
func diagonalAt(n, j int64) int64 { return j*n - halfProduct(j, j-1) }

// placedErr is an error and the line it names.
type placedErr struct {
	line int64
	err  error
}

// mergeValues checks the next chunk of an array file against the ones
// before it: the count (on a line before anything else), then the first of
// the chunk's own error and a hermitian diagonal error diag.
func (st *mergeState) mergeValues(h *header, ch bodyChunk, e *chunkSummary, diag *placedErr) error {
	var countLine int64
	if k := st.stop - st.total + 1; k <= e.entries {
		countLine = dataLine(ch, k)
	} else if e.err != nil && k == e.entries+1 {
		countLine = e.errLine
	}
	switch {
	case countLine != 0 && (diag == nil || countLine <= diag.line) && (e.err == nil || countLine <= e.errLine):
		if total := h.arrayValues(); st.stop == total {
			return errs.Errorf(errs.ErrIO, "line %d: too many values: the size line (line %d) promises %d", countLine, h.sizeLine, total)
		}
		return tooLarge(countLine, "values", st.stop+1, st.perEntry)
	case diag != nil && (e.err == nil || diag.line < e.errLine):
		return diag.err
	case e.err != nil:
		return e.err
	}
	e.start = st.total
	st.total += e.entries
	return nil
}

// denseRowMajor turns the column-major values of the file into a row-major
// rows x cols matrix, filling the upper triangle of a symmetric file. A
// general file's values are the row-major cols x rows transpose of the
// result: kernels.Transpose lays them out in cache-sized tiles on every
// core, into memory that it writes in full (one strided pass on one core,
// into zeroed memory, took some 15% of a 2M-value read).
func denseRowMajor[T any](vals []T, rows, cols int64, symmetry string, mirror func(T) (T, bool)) []T {
	if rows*cols == 0 {
		return []T{} // without looping over the columns of a 0 x 2^62 matrix
	}
	if symmetry == SymmetryGeneral {
		out := uninit[T](rows * cols)
		if err := kernels.Transpose(out, vals, int(cols), int(rows)); err != nil {
			panic(err) // the lengths are rows*cols by construction
		}
		return out
	}
	out := make([]T, rows*cols)
	n := rows
	first := int64(0) // the first stored row of column j is j + first
	if symmetry == SymmetrySkew {
		first = 1
	}
	k := 0
	for j := range n {
		for i := j + first; i < n; i++ {
			v := vals[k]
			k++
			out[i*n+j] = v
			if i != j {
				out[j*n+i], _ = mirror(v)
			}
		}
	}
	return out
}
