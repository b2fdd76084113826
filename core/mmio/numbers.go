package mmio

import (
	"errors"
	"math"
	"strconv"
)

// Reasons a number token is refused; the caller turns them into messages that
// name the line and the token's role.
var (
	errSyntax   = errors.New("syntax")
	errOverflow = errors.New("overflow")
)

// parseInt parses a decimal integer with an optional sign, by hand: it is the
// hot path of every coordinate file, and strconv would need a string.
func parseInt(b []byte) (int64, error) {
	if len(b) == 0 {
		return 0, errSyntax
	}
	neg := false
	switch b[0] {
	case '-':
		neg = true
		b = b[1:]
	case '+':
		b = b[1:]
	}
	if len(b) == 0 {
		return 0, errSyntax
	}
	// Accumulate as a negative number so that math.MinInt64 is representable.
	var v int64
	for _, c := range b {
		d := int64(c) - '0'
		if d < 0 || d > 9 {
			return 0, errSyntax
		}
		if v < (math.MinInt64+d)/10 {
			// Keep scanning: a non-digit later makes it a syntax error instead.
			for _, c := range b {
				if c < '0' || c > '9' {
					return 0, errSyntax
				}
			}
			return 0, errOverflow
		}
		v = v*10 - d
	}
	if !neg {
		if v == math.MinInt64 {
			return 0, errOverflow
		}
		v = -v
	}
	return v, nil
}

// parseFloat parses a real number: decimal notation with an optional exponent
// (e, E, or Fortran's d, D), or inf, infinity, nan in any case. Hexadecimal
// floats and digit separators, which strconv would take, are refused.
func parseFloat(b []byte) (float64, error) {
	if len(b) == 0 {
		return 0, errSyntax
	}
	fortran := false
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9', c == '.', c == '+', c == '-', c == 'e', c == 'E':
		case c == 'd' || c == 'D':
			fortran = true
		default:
			return parseSpecial(b)
		}
	}
	if fortran {
		var tmp [64]byte
		if len(b) > len(tmp) {
			return 0, errSyntax
		}
		n := copy(tmp[:], b)
		for i := range n {
			if tmp[i] == 'd' || tmp[i] == 'D' {
				tmp[i] = 'e'
			}
		}
		b = tmp[:n]
	}
	v, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, errOverflow
		}
		return 0, errSyntax
	}
	return v, nil
}

// parseSpecial parses the words for infinities and NaN, with an optional sign.
func parseSpecial(b []byte) (float64, error) {
	s := b
	sign := 1.0
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		if s[0] == '-' {
			sign = -1
		}
		s = s[1:]
	}
	switch {
	case equalFold(s, "inf"), equalFold(s, "infinity"):
		return math.Inf(int(sign)), nil
	case equalFold(s, "nan"):
		return math.NaN(), nil
	}
	return 0, errSyntax
}

// equalFold compares b with the lower-case ASCII word w, ignoring case.
func equalFold(b []byte, w string) bool {
	if len(b) != len(w) {
		return false
	}
	for i := range b {
		c := b[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}
