package mmio

import "encoding/binary"

// The fast path of the entry lines: one pass over a chunk's bytes that
// reads the common well-formed line ("i j value" with blanks or tabs between
// the numbers, an LF or CRLF end) without splitting it into tokens first.
// Anything else it does not decide, and the line goes to the checked path
// (splitFields and the parse functions), which skips comments and blank
// lines, reads the rarer spellings and writes the messages: the fast path
// never refuses a line, so every error is the checked path's.

// skipBlanks returns the index of the first byte at or after p that is not
// a blank or a tab.
func skipBlanks(b []byte, p int) int {
	for p < len(b) && (b[p] == ' ' || b[p] == '\t') {
		p++
	}
	return p
}

// scanIndex reads the unsigned decimal of 1 to 18 digits at b[p:] (18 keep
// it clear of overflow) and returns it with the index after it.
func scanIndex(b []byte, p int) (int64, int, bool) {
	if p+8 <= len(b) {
		// Up to 7 digits followed by a non-digit within one 64-bit load:
		// no loop, no branch per digit.
		v := binary.LittleEndian.Uint64(b[p:])
		if n := leadingDigits(v); n < 8 {
			if n == 0 {
				return 0, p, false
			}
			return int64(digits8(alignDigits(v, n))), p + n, true
		}
	}
	var v int64
	i := p
	for i < len(b) {
		d := b[i] - '0'
		if d > 9 {
			break
		}
		v = v*10 + int64(d)
		i++
	}
	return v, i, i > p && i-p <= 18
}

// separated returns the index of the token after the blanks at b[p:], or
// false where there are none (the token before would run into it).
func separated(b []byte, p int) (int, bool) {
	q := skipBlanks(b, p)
	return q, q > p
}

// lineEnd returns the index after the line end at b[p:] (blanks, an
// optional CR, then LF or the end of the chunk), or false where the line
// holds something more.
func lineEnd(b []byte, p int) (int, bool) {
	p = skipBlanks(b, p)
	if p < len(b) && b[p] == '\r' {
		p++
	}
	if p == len(b) {
		return p, true
	}
	return p + 1, b[p] == '\n'
}

// scanReal reads a real value token at b[p:].
func scanReal(b []byte, p int) (float64, int, bool) { return scanFloat(b, p) }

// scanComplex reads the blank-separated real and imaginary parts at b[p:].
func scanComplex(b []byte, p int) (complex128, int, bool) {
	x, p, ok := scanFloat(b, p)
	if !ok {
		return 0, p, false
	}
	if p, ok = separated(b, p); !ok {
		return 0, p, false
	}
	y, p, ok := scanFloat(b, p)
	return complex(x, y), p, ok
}

// scanInteger reads an integer value of 1 to 18 digits with an optional
// sign at b[p:].
func scanInteger(b []byte, p int) (int64, int, bool) {
	neg := false
	if p < len(b) && (b[p] == '-' || b[p] == '+') {
		neg = b[p] == '-'
		p++
	}
	v, p, ok := scanIndex(b, p)
	if neg {
		v = -v
	}
	return v, p, ok
}

// fastValue reads the array line at b[p:]: its value tokens, and the index
// of the next line; ok is false where the line is anything else.
func fastValue[T any](b []byte, p int, scan func([]byte, int) (T, int, bool)) (v T, next int, ok bool) {
	if v, p, ok = scan(b, skipBlanks(b, p)); !ok {
		return v, p, false
	}
	next, ok = lineEnd(b, p)
	return v, next, ok
}

// scanPattern reads the value of a pattern entry: none, standing for 1.
func scanPattern(_ []byte, p int) (float64, int, bool) { return 1, p, true }

// fastEntry reads the entry line at b[p:] of a matrix (two indices) or a
// vector (one) with rows and cols as bounds, and returns its 0-based
// coordinates and value and the index of the next line; ok is false where
// the line is anything but a well-formed entry in range.
func fastEntry[T any](b []byte, p int, matrix bool, rows, cols int64, nv int, scan func([]byte, int) (T, int, bool)) (i, j int64, v T, next int, ok bool) {
	i, p, ok = scanIndex(b, skipBlanks(b, p))
	if !ok || i < 1 || i > rows {
		return 0, 0, v, p, false
	}
	if matrix {
		if p, ok = separated(b, p); !ok {
			return 0, 0, v, p, false
		}
		if j, p, ok = scanIndex(b, p); !ok || j < 1 || j > cols {
			return 0, 0, v, p, false
		}
	}
	if nv > 0 {
		if p, ok = separated(b, p); !ok {
			return 0, 0, v, p, false
		}
	}
	if v, p, ok = scan(b, p); !ok {
		return 0, 0, v, p, false
	}
	next, ok = lineEnd(b, p)
	return i - 1, j - 1, v, next, ok
}
