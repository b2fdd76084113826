package mmio

import (
	"bufio"
	"errors"
	"io"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// maxLineBytes bounds one non-comment line: no valid entry or size line comes
// near it, and the bound keeps a newline-free stream from growing a buffer
// without limit. Comment lines may be of any length: they are skipped, not kept.
const maxLineBytes = 1 << 20

// pollLines spaces the cancel polls of a read (cancel.Poll): one per 64K
// lines, some milliseconds of parsing.
const pollLines = 1<<16 - 1

// lineReader splits its input into lines (LF or CRLF) and counts them.
type lineReader struct {
	br   *bufio.Reader
	line int64  // 1-based number of the line last returned by next
	long []byte // holds a line longer than the bufio buffer
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10)}
}

// next returns the next line without its terminator; the slice is valid until
// the following call. At the end of the input it returns io.EOF; a last line
// without a terminator is returned as a line.
func (lr *lineReader) next() ([]byte, error) {
	if lr.line&pollLines == 0 {
		cancel.Poll()
	}
	chunk, err := lr.br.ReadSlice('\n')
	if err == nil || (err == io.EOF && len(chunk) > 0) {
		lr.line++
		return trimEOL(chunk), nil
	}
	if err == io.EOF {
		return nil, io.EOF
	}
	if !errors.Is(err, bufio.ErrBufferFull) {
		lr.line++
		return nil, errs.Errorf(errs.ErrIO, "line %d: read failed: %v", lr.line, err)
	}
	lr.line++
	// A long line: keep it only if it is not a comment.
	comment := isComment(chunk)
	lr.long = append(lr.long[:0], chunk...)
	for {
		chunk, err = lr.br.ReadSlice('\n')
		if !comment {
			if len(lr.long)+len(chunk) > maxLineBytes {
				return nil, errs.Errorf(errs.ErrIO, "line %d: longer than %d bytes", lr.line, maxLineBytes)
			}
			lr.long = append(lr.long, chunk...)
		}
		switch {
		case err == nil, err == io.EOF:
			if comment {
				return []byte("%"), nil
			}
			return trimEOL(lr.long), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		default:
			return nil, errs.Errorf(errs.ErrIO, "line %d: read failed: %v", lr.line, err)
		}
	}
}

// trimEOL drops a trailing "\n" or "\r\n".
func trimEOL(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b
}

// isSpace reports the bytes that separate tokens: blank, tab, CR, VT, FF.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

// skipSpace returns b without its leading separators.
func skipSpace(b []byte) []byte {
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return b[i:]
}

// isComment reports whether the first non-blank byte of b is '%'.
func isComment(b []byte) bool {
	b = skipSpace(b)
	return len(b) > 0 && b[0] == '%'
}

// isBlank reports whether b holds only separators.
func isBlank(b []byte) bool { return len(skipSpace(b)) == 0 }

// span is a token's [lo, hi) range in its line; spans rather than subslices
// keep the hot loop free of pointer writes.
type span struct{ lo, hi int }

// splitFields splits b on separators into dst, stopping after len(dst)+1
// tokens would be needed; it returns the number of tokens found (at most
// len(dst)+1, so that a caller sees that a line has too many).
func splitFields(b []byte, dst []span) int {
	n := 0
	i := 0
	for {
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		if i == len(b) {
			return n
		}
		start := i
		for i < len(b) && !isSpace(b[i]) {
			i++
		}
		if n == len(dst) {
			return n + 1
		}
		dst[n] = span{start, i}
		n++
	}
}
