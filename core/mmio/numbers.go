package mmio

import (
	"encoding/binary"
	"errors"
	"math"
	"math/bits"
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

// signed reports whether a number token starts with a sign: sizes and
// indices are digits only, values may carry one.
func signed(b []byte) bool { return len(b) > 0 && (b[0] == '+' || b[0] == '-') }

// parseFloat parses a real number: decimal notation with an optional exponent
// (e, E, or Fortran's d, D), or inf, infinity, nan in any case. Hexadecimal
// floats and digit separators, which strconv would take, are refused.
func parseFloat(b []byte) (float64, error) {
	if len(b) == 0 {
		return 0, errSyntax
	}
	// scanFloat decides the common well-formed decimals without a scan
	// of its own first.
	if v, n, ok := scanFloat(b, 0); ok && n == len(b) {
		return v, nil
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

// quietNaN is the NaN that C's strtod, NumPy and SciPy read ("nan" gives
// 0x7FF8000000000000; Go's math.NaN() sets the lowest payload bit too).
const quietNaN = 0x7FF8000000000000

// parseSpecial parses the words for infinities and NaN, with an optional sign
// (a NaN's sign bit, as strtod reads "-nan").
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
		return math.Copysign(math.Float64frombits(quietNaN), sign), nil
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

// pow10 holds the powers of ten that float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// scanFloat reads the decimal number that starts at b[p] (an optional sign,
// digits with at most one '.', an optional exponent with e, E, d or D) and
// returns its value and the index of the byte after it. ok is false where
// the bytes do not start such a number or where the fast paths cannot
// decide its value (more than 19 significant digits, a subnormal or
// overflowing result); the caller then takes the whole token to strconv.
func scanFloat(b []byte, p int) (v float64, next int, ok bool) {
	i := p
	neg := false
	if i < len(b) && (b[i] == '+' || b[i] == '-') {
		neg = b[i] == '-'
		i++
	}
	var mant uint64
	digits, exp := 0, 0
	start := i
	for i < len(b) && b[i] == '0' {
		i++ // leading zeros are not significant
	}
	// Most values below one ("0.5", "-0.25") have no integer digits left
	// after the zeros: no call for them.
	if i < len(b) && b[i]-'0' <= 9 {
		if i, ok = appendDigits(b, i, &mant, &digits); !ok {
			return 0, i, false
		}
	}
	sawDigit := i > start
	if i < len(b) && b[i] == '.' {
		i++
		frac := i
		if mant == 0 {
			for i < len(b) && b[i] == '0' {
				i++
			}
		}
		if i, ok = appendDigits(b, i, &mant, &digits); !ok {
			return 0, i, false
		}
		exp -= i - frac
		sawDigit = sawDigit || i > frac
	}
	if !sawDigit {
		return 0, i, false
	}
	if i < len(b) {
		if c := b[i] | 0x20; c == 'e' || c == 'd' { // 0x20 folds the case
			i++
			eneg := false
			if i < len(b) && (b[i] == '+' || b[i] == '-') {
				eneg = b[i] == '-'
				i++
			}
			estart := i
			e := 0
			for ; i < len(b); i++ {
				d := b[i] - '0'
				if d > 9 {
					break
				}
				if e < 10000 { // beyond, the value is 0 or infinite anyway
					e = e*10 + int(d)
				}
			}
			if i == estart {
				return 0, i, false
			}
			if eneg {
				e = -e
			}
			exp += e
		}
	}
	var f float64
	switch {
	case mant == 0:
	case mant < 1<<53 && exp >= -22 && exp <= 22:
		// Both operands exact: one IEEE operation rounds correctly
		// (Clinger's fast path).
		f = float64(mant)
		if exp > 0 {
			f *= pow10[exp]
		} else if exp < 0 {
			f /= pow10[-exp]
		}
	default:
		if f, ok = decimalToFloat(mant, exp); !ok {
			return 0, i, false
		}
	}
	if neg {
		f = -f
	}
	return f, i, true
}

// appendDigits appends the decimal digits at b[i:] to *mant, counting them
// in *digits, and returns the index after them; ok is false past 19
// significant digits, which uint64 may not hold. Eight bytes are examined at
// a time (leadingDigits): the run of digits they start is converted at once
// (digits8), so that a number's last few digits cost no loop whose exit
// the branch predictor must guess.
func appendDigits(b []byte, i int, mant *uint64, digits *int) (int, bool) {
	m, n := *mant, *digits
	for i+8 <= len(b) {
		v := binary.LittleEndian.Uint64(b[i:])
		d := leadingDigits(v)
		if d > 19-n {
			return i + 19 - n, false
		}
		if d == 8 {
			m = m*100_000_000 + digits8(v)
		} else if d > 0 {
			m = m*pow10Small[d] + digits8(alignDigits(v, d))
		}
		n += d
		i += d
		if d < 8 {
			*mant, *digits = m, n
			return i, true
		}
	}
	for i < len(b) && b[i]-'0' <= 9 {
		if n == 19 {
			return i, false
		}
		m = m*10 + uint64(b[i]-'0')
		n++
		i++
	}
	*mant, *digits = m, n
	return i, true
}

// pow10Small holds 10^0 ... 10^8.
var pow10Small = [...]uint64{1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000}

// leadingDigits returns how many of the eight bytes loaded little-endian in
// v (the first byte low) are decimal digits before the first that is not.
// A byte is a digit when its high nibble is 3 before and after adding 6; a
// carry out of a byte >= 0xFA only reaches bytes after it, past the first
// non-digit, which is all that is used.
func leadingDigits(v uint64) int {
	x := (v&0xF0F0F0F0F0F0F0F0 ^ 0x3030303030303030) | ((v+0x0606060606060606)&0xF0F0F0F0F0F0F0F0 ^ 0x3030303030303030)
	return bits.TrailingZeros64(x) / 8
}

// alignDigits right-aligns the first d (1 to 7) bytes of v, digits, behind
// 8-d '0's, for digits8.
func alignDigits(v uint64, d int) uint64 {
	return v<<uint(8*(8-d)) | 0x3030303030303030>>uint(8*d)
}

// digits8 converts eight ASCII digits loaded little-endian (the first digit
// in the low byte).
func digits8(v uint64) uint64 {
	v -= 0x3030303030303030
	// The first digit is the low byte: byte k becomes 10*d[k] + d[k+1].
	v = v*10 + v>>8
	// Bytes 0, 2, 4, 6 now hold the pairs p0..p3: sum p0*10^6 + p1*10^4 + p2*100 + p3.
	const lanes = 0x000000FF000000FF
	return ((v&lanes)*(100+1_000_000<<32) + (v>>16&lanes)*(1+10_000<<32)) >> 32
}
