package mmio

import (
	"bytes"
	"strings"

	"github.com/gosparse/gosparse/core/errs"
)

// Header words, in the lower-case spelling that Matrix keeps.
const (
	ObjectMatrix = "matrix"
	ObjectVector = "vector"

	FormatCoordinate = "coordinate"
	FormatArray      = "array"

	FieldReal    = "real"
	FieldInteger = "integer"
	FieldComplex = "complex"
	FieldPattern = "pattern"

	SymmetryGeneral   = "general"
	SymmetrySymmetric = "symmetric"
	SymmetrySkew      = "skew-symmetric"
	SymmetryHermitian = "hermitian"
)

// banner is the parsed first line.
type banner struct {
	object, format, field, symmetry string
}

// parseBanner reads "%%MatrixMarket object format field symmetry" from line
// (line number n). One or more leading '%' and leading blanks are accepted;
// the words are matched without regard to case, "double" is read as real.
func parseBanner(line []byte, n int64) (banner, error) {
	var b banner
	s := skipSpace(line)
	if len(s) == 0 || s[0] != '%' {
		return b, errs.Errorf(errs.ErrIO, "line %d: missing the %%%%MatrixMarket banner, found %q", n, clip(line))
	}
	s = bytes.TrimLeft(s, "%")
	var spans [6]span
	k := splitFields(s, spans[:])
	var words [6][]byte
	for i := range min(k, len(spans)) {
		words[i] = s[spans[i].lo:spans[i].hi]
	}
	if k == 0 || !equalFold(words[0], "matrixmarket") {
		return b, errs.Errorf(errs.ErrIO, "line %d: missing the %%%%MatrixMarket banner, found %q", n, clip(line))
	}
	if k != 5 {
		return b, errs.Errorf(errs.ErrIO, "line %d: the banner must name object, format, field and symmetry after %%%%MatrixMarket; found %d words", n, k-1)
	}
	var ok bool
	if b.object, ok = pick(words[1], ObjectMatrix, ObjectVector); !ok {
		return b, errs.Errorf(errs.ErrIO, "line %d: unknown object %q (want matrix or vector)", n, clip(words[1]))
	}
	if b.format, ok = pick(words[2], FormatCoordinate, FormatArray); !ok {
		return b, errs.Errorf(errs.ErrIO, "line %d: unknown format %q (want coordinate or array)", n, clip(words[2]))
	}
	if equalFold(words[3], "double") {
		b.field = FieldReal
	} else if b.field, ok = pick(words[3], FieldReal, FieldInteger, FieldComplex, FieldPattern); !ok {
		return b, errs.Errorf(errs.ErrIO, "line %d: unknown field %q (want real, double, integer, complex or pattern)", n, clip(words[3]))
	}
	if b.symmetry, ok = pick(words[4], SymmetryGeneral, SymmetrySymmetric, SymmetrySkew, SymmetryHermitian); !ok {
		return b, errs.Errorf(errs.ErrIO, "line %d: unknown symmetry %q (want general, symmetric, skew-symmetric or hermitian)", n, clip(words[4]))
	}
	return b, b.check(n)
}

// check enforces the combinations that the format forbids.
func (b banner) check(n int64) error {
	switch {
	case b.object == ObjectVector && b.symmetry != SymmetryGeneral:
		return errs.Errorf(errs.ErrIO, "line %d: a vector must be general, found symmetry %s", n, b.symmetry)
	case b.field == FieldPattern && b.format == FormatArray:
		return errs.Errorf(errs.ErrIO, "line %d: field pattern needs format coordinate, found array", n)
	case b.field == FieldPattern && b.symmetry == SymmetrySkew:
		return errs.Errorf(errs.ErrIO, "line %d: field pattern cannot be skew-symmetric (its entries have no sign)", n)
	case b.symmetry == SymmetryHermitian && b.field != FieldComplex:
		// As the format's reference reader (NIST's mm_is_valid) rules; a real
		// matrix equal to its conjugate transpose is symmetric, and says so.
		return errs.Errorf(errs.ErrIO, "line %d: symmetry hermitian needs field complex, found %s (a hermitian matrix of %s values is symmetric: write symmetric)", n, b.field, b.field)
	}
	return nil
}

// pick returns the word of choices that w spells, ignoring case.
func pick(w []byte, choices ...string) (string, bool) {
	for _, c := range choices {
		if equalFold(w, c) {
			return c, true
		}
	}
	return "", false
}

// clip shortens a token for an error message.
func clip(b []byte) string {
	const max = 40
	if len(b) > max {
		return string(b[:max]) + "..."
	}
	return strings.ToValidUTF8(string(b), "?")
}
