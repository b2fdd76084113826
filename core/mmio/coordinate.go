package mmio

import (
	"bytes"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels/cancel"
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

// coordinate reads "i [j] value..." lines, checks each, and expands the
// symmetry. The body is cut into chunks of whole lines, parsed in parallel
// (parseChunk, through eachChunk), and checked in file order where one chunk
// depends on the ones before it (mergeChunk): the count of entries and the
// triangle of a symmetric file. The first broken rule in file order is the
// one reported, as when the lines are read one by one.
func coordinate[T any](lr *lineReader, h *header, m *Matrix, c codec[T]) error {
	ndim := len(h.shape)
	// Entries stop at the count the size line promises or at what the
	// memory limit holds, whichever comes first; one test covers both.
	perEntry := int64(ndim*8 + c.dtype.Size())
	budget := entryBudget(perEntry)
	st := mergeState{stop: min(h.entries, budget), perEntry: perEntry}
	cr := &chunkReader{lr: lr, line: lr.line}
	direct := newDirectOut[T](h, ndim, c.nv, budget, lr.line+1)
	tok := cancel.Current()
	var parts []chunkEntries[T]
	parse := func(ch bodyChunk) chunkEntries[T] { return parseChunk(ch, h, c, tok, direct.window(ch)) }
	err := eachChunk(cr, tok, parse, func(ch bodyChunk, e *chunkEntries[T]) error {
		if err := st.merge(h, ch, e.summary()); err != nil {
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
	if st.total < h.entries {
		return errs.Errorf(errs.ErrIO, "line %d: too few entries: the input ends after %d of the %d that the size line (line %d) promises", cr.line, st.total, h.entries, h.sizeLine)
	}
	mirrored := h.symmetry != SymmetryGeneral
	if direct != nil && !mirrored {
		// st.total is h.entries, the size of direct's arrays: a count
		// beyond or short of it has been refused.
		m.Indices = wrap(dtype.Int64, direct.idx, int64(ndim), st.total)
		m.Values = wrap(c.dtype, direct.vals, st.total)
		m.coalesced = !st.unordered
		return nil
	}
	if ndim == 1 {
		idx, vals := gathered(parts, st.total, 1)
		m.Indices = wrap(dtype.Int64, idx, 1, st.total)
		m.Values = wrap(c.dtype, vals, st.total)
		m.coalesced = !st.unordered
		return nil
	}
	if n := st.total + st.offDiagonal; n > budget {
		return tooLarge(cr.line, "entries after symmetry expansion", n, perEntry)
	}
	var idx []int64
	var vals []T
	if mirrored && (direct != nil || h.rowOrder && rowGroupsFit(h.shape[0], st.total+st.offDiagonal)) {
		stored, sv := gathered(parts, st.total, 2)
		if direct != nil { // direct only where the row order fits
			stored, sv = direct.idx, direct.vals
		}
		idx, vals, m.coalesced = expandByRows(stored, sv, st.total, st.offDiagonal, h.shape[0], st.first.above(), !st.unordered, c.mirrorOrNil(), tok)
	} else {
		idx, vals = expandCoordinate(parts, st.total, mirrored, st.offDiagonal, c.mirror)
		m.coalesced = !mirrored && !st.unordered
	}
	n := int64(len(vals))
	m.Indices = wrap(dtype.Int64, idx, 2, n)
	m.Values = wrap(c.dtype, vals, n)
	return nil
}

// chunkEntries is what parseChunk found in one chunk: its entries up to the
// first line that broke a rule of its own (err, at errLine), and what
// mergeChunk needs to check the rules that span chunks.
type chunkEntries[T any] struct {
	rows, cols []int64
	vals       []T
	chunkSummary
}

// chunkSummary is the part of chunkEntries that does not depend on T.
type chunkSummary struct {
	entries      int64
	err          error
	errLine      int64
	above, below placed // the first off-diagonal entries above and below the diagonal
	offDiagonal  int64
	start        int64 // the index of the chunk's first entry in the file's (set by merge)
	// unordered: two consecutive entries of the chunk are not in
	// row-major order without a repeat; first and last are the chunk's
	// first and last coordinates (when it has entries), which merge
	// compares with the neighbouring chunks'.
	unordered   bool
	first, last [2]int64
}

// summary returns the chunk's summary, its entry count filled in.
func (e *chunkEntries[T]) summary() *chunkSummary {
	e.entries = int64(len(e.vals))
	return &e.chunkSummary
}

// parseChunk parses the entries of one chunk, checking each line on its own
// (numbers, ranges, the diagonal rules) and noting where its first entries
// above and below the diagonal are; it stops at the first broken rule.
// Lines go through fastEntry, and through checkedEntry where that does not
// decide them.
// The entries go to into's slices where given (empty, of capacity ch.lines,
// which no chunk's entries exceed), else to new ones.
func parseChunk[T any](ch bodyChunk, h *header, c codec[T], tok *cancel.Token, into window[T]) (e chunkEntries[T]) {
	ndim := len(h.shape)
	matrix := ndim == 2
	rows, cols := h.shape[0], int64(0)
	if matrix {
		cols = h.shape[1]
	}
	if e.rows, e.cols, e.vals = into.rows, into.cols, into.vals; e.rows == nil {
		e.rows = uninit[int64](ch.lines)[:0]
		if matrix {
			e.cols = uninit[int64](ch.lines)[:0]
		}
		e.vals = uninit[T](ch.lines)[:0]
	}
	mirrored := h.symmetry != SymmetryGeneral
	skew := h.symmetry == SymmetrySkew
	data := ch.data
	ln := ch.firstLine
	// The previous entry's coordinates, below every valid one at first:
	// a broken order is noted as the entries pass (a vector's j is 0).
	pi, pj := int64(-1), int64(0)
	for p := 0; p < len(data); ln++ {
		pollEvery(tok, ln)
		i, j, v, next, ok := fastEntry(data, p, matrix, rows, cols, c.nv, c.scan)
		if !ok {
			end := len(data)
			if k := bytes.IndexByte(data[p:], '\n'); k >= 0 {
				end = p + k
			}
			var skip bool
			var err error
			if i, j, v, skip, err = checkedEntry(data[p:end], ln, h, c); err != nil {
				e.err, e.errLine = err, ln
				return e
			}
			next = end + 1
			if skip {
				p = next
				continue
			}
		}
		p = next
		if mirrored {
			switch {
			case i != j:
				// Placed before the value's checks: a broken triangle is
				// reported first, as when the lines are read one by one.
				at := placed{ln, i, j}
				if at.above() && e.above.line == 0 {
					e.above = at
				} else if !at.above() && e.below.line == 0 {
					e.below = at
				}
				e.offDiagonal++
				if c.mirrorFails {
					if _, ok := c.mirror(v); !ok {
						e.err, e.errLine = errs.Errorf(errs.ErrIO, "line %d: skew-symmetric value %v has no negation in int64", ln, v), ln
						return e
					}
				}
			case skew:
				e.err, e.errLine = errs.Errorf(errs.ErrIO, "line %d: skew-symmetric matrix with diagonal entry (%d, %d): its diagonal is zero and must not be stored", ln, i+1, j+1), ln
				return e
			case c.diagonal != nil && !c.diagonal(v):
				e.err, e.errLine = errs.Errorf(errs.ErrIO, "line %d: hermitian diagonal entry (%d, %d) = %v: the diagonal of a hermitian matrix is real (imaginary part 0)", ln, i+1, j+1, v), ln
				return e
			}
		}
		if i < pi || i == pi && j <= pj {
			e.unordered = true
		}
		pi, pj = i, j
		e.rows = append(e.rows, i)
		if matrix {
			e.cols = append(e.cols, j)
		}
		e.vals = append(e.vals, v)
	}
	if len(e.rows) > 0 {
		e.first, e.last = [2]int64{e.rows[0], 0}, [2]int64{pi, pj}
		if matrix {
			e.first[1] = e.cols[0]
		}
	}
	return e
}

// checkedEntry reads one entry line token by token with every check and
// message: skip is true for a blank or comment line.
func checkedEntry[T any](line []byte, ln int64, h *header, c codec[T]) (i, j int64, v T, skip bool, err error) {
	ndim := len(h.shape)
	want := ndim + c.nv
	var tok4 [4]span
	k := splitFields(line, tok4[:want])
	if k == 0 || line[tok4[0].lo] == '%' {
		return 0, 0, v, true, nil
	}
	if k != want {
		return 0, 0, v, false, errs.Errorf(errs.ErrIO, "line %d: an entry must hold %d numbers (%s), found %d", ln, want, entryWords(ndim, c.names), k)
	}
	if ndim == 1 {
		if i, err = readIndex(line[tok4[0].lo:tok4[0].hi], "index", h.shape[0], ln); err != nil {
			return 0, 0, v, false, err
		}
	} else {
		if i, err = readIndex(line[tok4[0].lo:tok4[0].hi], "row index", h.shape[0], ln); err != nil {
			return 0, 0, v, false, err
		}
		if j, err = readIndex(line[tok4[1].lo:tok4[1].hi], "column index", h.shape[1], ln); err != nil {
			return 0, 0, v, false, err
		}
	}
	var t0, t1 []byte
	if c.nv > 0 {
		t0 = line[tok4[ndim].lo:tok4[ndim].hi]
	}
	if c.nv > 1 {
		t1 = line[tok4[ndim+1].lo:tok4[ndim+1].hi]
	}
	v, err = c.parse(t0, t1, ln)
	return i, j, v, false, err
}

// mergeState carries the rules that span chunks through the chunks in file
// order: the count of entries so far and the first off-diagonal entry.
type mergeState struct {
	stop, perEntry int64
	total          int64
	offDiagonal    int64
	first          placed // the first off-diagonal entry, whose triangle the others must share
	// unordered: the entries so far are not in row-major order without
	// repeats; last is the last one's coordinates.
	unordered bool
	last      [2]int64
}

// merge checks the next chunk against the ones before it and takes in its
// entries, or returns the first broken rule in file order: a count beyond
// what the size line promises or the memory limit holds (checked on a line
// before anything else), a triangle other than the first entry's, or the
// chunk's own error.
func (st *mergeState) merge(h *header, ch bodyChunk, e *chunkSummary) error {
	// The line of the entry past stop, if the chunk reaches it: the data
	// lines of a chunk are its entries and the line of its error, if any.
	var countLine int64
	if k := st.stop - st.total + 1; k <= e.entries {
		countLine = dataLine(ch, k)
	} else if e.err != nil && k == e.entries+1 {
		countLine = e.errLine
	}
	var triangle, at placed
	if st.first.line == 0 {
		st.first = earliest(e.above, e.below)
	}
	if st.first.line != 0 {
		other := e.below
		if !st.first.above() {
			other = e.above
		}
		if other.line > st.first.line {
			triangle, at = st.first, other
		}
	}
	switch {
	case countLine != 0 && (at.line == 0 || countLine <= at.line) && (e.err == nil || countLine <= e.errLine):
		if st.stop == h.entries {
			return errs.Errorf(errs.ErrIO, "line %d: too many entries: the size line (line %d) promises %d", countLine, h.sizeLine, h.entries)
		}
		return tooLarge(countLine, "entries", st.stop+1, st.perEntry)
	case at.line != 0 && (e.err == nil || at.line <= e.errLine):
		return errs.Errorf(errs.ErrIO, "line %d: entry (%d, %d) lies %s the diagonal, but line %d stored (%d, %d) %s it: a %s file stores one triangle, each entry standing for its mirror too",
			at.line, at.i+1, at.j+1, at.side(), triangle.line, triangle.i+1, triangle.j+1, triangle.side(), h.symmetry)
	case e.err != nil:
		return e.err
	}
	if e.entries > 0 {
		if e.unordered || st.total > 0 && !(st.last[0] < e.first[0] || st.last[0] == e.first[0] && st.last[1] < e.first[1]) {
			st.unordered = true
		}
		st.last = e.last
	}
	e.start = st.total
	st.total += e.entries
	st.offDiagonal += e.offDiagonal
	return nil
}

// earliest is whichever of two placed entries came first (line 0: none).
func earliest(a, b placed) placed {
	if a.line == 0 || (b.line != 0 && b.line < a.line) {
		return b
	}
	return a
}

// dataLine returns the line of the k-th (1-based) entry line of a chunk:
// one that is neither blank nor a comment.
func dataLine(ch bodyChunk, k int64) int64 {
	var found int64
	var tok [1]span
	forEachLine(ch.data, ch.firstLine, func(line []byte, ln int64) bool {
		if n := splitFields(line, tok[:]); n == 0 || line[tok[0].lo] == '%' {
			return true
		}
		if k--; k == 0 {
			found = ln
			return false
		}
		return true
	})
	return found
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

// expandCoordinate lays out the (2, nnz) index array and the values of the
// chunks' n entries, in parallel, adding the mirror of every off-diagonal
// entry right after it when the file is not general.
func expandCoordinate[T any](parts []chunkEntries[T], n int64, mirrored bool, offDiagonal int64, mirror func(T) (T, bool)) ([]int64, []T) {
	total := n
	if mirrored {
		total += offDiagonal
	}
	idx := uninit[int64](2 * total)
	r, c := idx[:total], idx[total:]
	out := uninit[T](total)
	// Where each chunk's entries go once mirrors are added before them.
	base := make([]int64, len(parts))
	var k int64
	for p := range parts {
		base[p] = k
		k += int64(len(parts[p].rows))
		if mirrored {
			k += parts[p].offDiagonal
		}
	}
	parallelParts(len(parts), func(p int) {
		e := &parts[p]
		k := base[p]
		if !mirrored {
			copy(r[k:], e.rows)
			copy(c[k:], e.cols)
			copy(out[k:], e.vals)
			return
		}
		for u, i := range e.rows {
			j, v := e.cols[u], e.vals[u]
			r[k], c[k], out[k] = i, j, v
			k++
			if i != j {
				w, _ := mirror(v)
				r[k], c[k], out[k] = j, i, w
				k++
			}
		}
	})
	return idx, out
}

// gathered lays out the chunks' n entries contiguously, in parallel: an
// (ndim, n) index array and the values. Each chunk's arrays are read for
// the last time and offered for reuse.
func gathered[T any](parts []chunkEntries[T], n int64, ndim int) ([]int64, []T) {
	idx, vals := uninit[int64](int64(ndim)*n), uninit[T](n)
	parallelParts(len(parts), func(p int) {
		e := &parts[p]
		copy(idx[e.start:], e.rows)
		if ndim == 2 {
			copy(idx[n+e.start:], e.cols)
		}
		copy(vals[e.start:], e.vals)
		recycle(e.rows)
		recycle(e.cols)
		recycle(e.vals)
	})
	return idx, vals
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
