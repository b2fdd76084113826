package mmio

import (
	"math"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// codec decodes the value tokens of one entry and mirrors a value across the
// diagonal for the file's symmetry.
type codec[T any] struct {
	dtype dtype.DType
	nv    int    // value tokens per entry
	names string // the value tokens, for messages
	parse func(tok0, tok1 []byte, line int64) (T, error)
	// scan is the fast path of parse over a line's bytes (scan.go): the
	// value tokens from b[p], and the index after them.
	scan func(b []byte, p int) (T, int, bool)
	// mirror returns a_ji from a_ij; ok is false where that value does not
	// exist (the negation of the smallest int64).
	mirror func(v T) (T, bool)
	// mirrorSame: mirror returns every value as it is (symmetric and
	// pattern files), so the readers copy the value without calling it.
	// mirrorFails: mirror may report false (integer skew-symmetric), so
	// the parse must call it on each stored value.
	mirrorSame, mirrorFails bool
	// diagonal, where not nil, reports whether v may stand on the diagonal
	// (a hermitian diagonal is real).
	diagonal func(v T) bool
}

func same[T any](v T) (T, bool) { return v, true }

// mirrorOrNil is c.mirror, or nil where it keeps every value as it is.
func (c codec[T]) mirrorOrNil() func(T) (T, bool) {
	if c.mirrorSame {
		return nil
	}
	return c.mirror
}

// realCodec reads real (and double) fields; pattern files use patternCodec.
func realCodec(symmetry string) codec[float64] {
	c := codec[float64]{dtype: dtype.Float64, nv: 1, names: "value", parse: parseRealValue, scan: scanReal, mirror: same[float64], mirrorSame: true}
	if symmetry == SymmetrySkew {
		c.mirror, c.mirrorSame = func(v float64) (float64, bool) { return -v, true }, false
	}
	return c
}

func patternCodec() codec[float64] {
	return codec[float64]{dtype: dtype.Float64, nv: 0, parse: func(_, _ []byte, _ int64) (float64, error) { return 1, nil }, scan: scanPattern, mirror: same[float64], mirrorSame: true}
}

func integerCodec(symmetry string) codec[int64] {
	c := codec[int64]{dtype: dtype.Int64, nv: 1, names: "value", parse: parseIntegerValue, scan: scanInteger, mirror: same[int64], mirrorSame: true}
	if symmetry == SymmetrySkew {
		c.mirror, c.mirrorSame, c.mirrorFails = func(v int64) (int64, bool) { return -v, v != math.MinInt64 }, false, true
	}
	return c
}

func complexCodec(symmetry string) codec[complex128] {
	c := codec[complex128]{dtype: dtype.Complex128, nv: 2, names: "real and imaginary parts", parse: parseComplexValue, scan: scanComplex, mirror: same[complex128], mirrorSame: true}
	switch symmetry {
	case SymmetrySkew:
		c.mirror, c.mirrorSame = func(v complex128) (complex128, bool) { return -v, true }, false
	case SymmetryHermitian:
		c.mirror, c.mirrorSame = func(v complex128) (complex128, bool) { return complex(real(v), -imag(v)), true }, false
		c.diagonal = func(v complex128) bool { return imag(v) == 0 }
	}
	return c
}

func parseRealValue(tok, _ []byte, line int64) (float64, error) {
	return realToken(tok, "value", line)
}

func parseComplexValue(re, im []byte, line int64) (complex128, error) {
	x, err := realToken(re, "real part", line)
	if err != nil {
		return 0, err
	}
	y, err := realToken(im, "imaginary part", line)
	if err != nil {
		return 0, err
	}
	return complex(x, y), nil
}

func realToken(tok []byte, what string, line int64) (float64, error) {
	v, err := parseFloat(tok)
	switch err {
	case nil:
		return v, nil
	case errOverflow:
		return 0, errs.Errorf(errs.ErrIO, "line %d: %s %q overflows float64", line, what, clip(tok))
	}
	return 0, errs.Errorf(errs.ErrIO, "line %d: %s %q is not a real number", line, what, clip(tok))
}

func parseIntegerValue(tok, _ []byte, line int64) (int64, error) {
	v, err := parseInt(tok)
	switch err {
	case nil:
		return v, nil
	case errOverflow:
		return 0, errs.Errorf(errs.ErrIO, "line %d: value %q overflows int64", line, clip(tok))
	}
	return 0, errs.Errorf(errs.ErrIO, "line %d: value %q is not an integer (field integer)", line, clip(tok))
}
