package oracle

import "github.com/gosparse/gosparse/core/dtype"

// Category is a dtype's promotion category: bool < integer < float < complex.
type Category int

// The categories in promotion order.
const (
	CatBool Category = iota
	CatInt
	CatFloat
	CatComplex
)

func isInt(d dtype.DType) bool {
	return d == dtype.Int8 || d == dtype.Int16 || d == dtype.Int32 || d == dtype.Int64 || d == dtype.UInt8
}

// CategoryOf is d's category.
func CategoryOf(d dtype.DType) Category {
	switch {
	case d == dtype.Bool:
		return CatBool
	case isInt(d):
		return CatInt
	case d.IsComplex():
		return CatComplex
	}
	return CatFloat
}

// bits is the width of a real dtype, or of each part of a complex one.
func bits(d dtype.DType) int {
	switch d {
	case dtype.Int8, dtype.UInt8:
		return 8
	case dtype.Int16:
		return 16
	case dtype.Int32, dtype.Float32, dtype.Complex64:
		return 32
	}
	return 64
}

// complexOf is the complex dtype whose parts are the float dtype f.
func complexOf(f dtype.DType) dtype.DType {
	if f == dtype.Float64 {
		return dtype.Complex128
	}
	return dtype.Complex64
}

// Promote is torch.promote_types(a, b): the smallest dtype of the higher
// category holding both (int8 with uint8 is int16; float64 with complex64
// is complex128).
func Promote(a, b dtype.DType) dtype.DType {
	ca, cb := CategoryOf(a), CategoryOf(b)
	if ca < cb {
		a, b, ca, cb = b, a, cb, ca
	}
	switch {
	case a == b:
		return a
	case ca == CatBool:
		return a
	case ca == CatInt && cb == CatInt:
		if (a == dtype.UInt8) != (b == dtype.UInt8) {
			other := a
			if a == dtype.UInt8 {
				other = b
			}
			if other == dtype.Int8 {
				return dtype.Int16
			}
			return other
		}
		if bits(a) >= bits(b) {
			return a
		}
		return b
	case ca == cb: // two floats or two complexes
		if bits(a) >= bits(b) {
			return a
		}
		return b
	case ca == CatComplex && cb == CatFloat && bits(b) > bits(a):
		return complexOf(b)
	}
	return a
}

// Operand is one operand of a promotion: a dimensioned tensor, a 0-d
// tensor, or a number (Kind Bool, Int64, Float64 or Complex128 standing for
// a Python bool, int, float or complex).
type Operand struct {
	DType  dtype.DType
	ZeroD  bool // a 0-d tensor
	Number bool // a number
}

// ResultType is torch.result_type: dimensioned tensors outrank 0-d tensors,
// which outrank numbers; a lower rank only raises the category, and a
// number's category enters as its default dtype (int64, float32, complex64).
func ResultType(ops ...Operand) dtype.DType {
	const undefined = dtype.DType(-1)
	state := [3]dtype.DType{undefined, undefined, undefined} // dimensioned, 0-d, numbers
	for _, o := range ops {
		d, k := o.DType, 0
		switch {
		case o.Number:
			k = 2
			switch CategoryOf(d) {
			case CatFloat:
				d = dtype.Float32
			case CatComplex:
				d = dtype.Complex64
			case CatInt:
				d = dtype.Int64
			}
		case o.ZeroD:
			k = 1
		}
		if state[k] == undefined {
			state[k] = d
		} else {
			state[k] = Promote(state[k], d)
		}
	}
	return combine(state[0], combine(state[1], state[2]))
}

// combine merges a higher-ranked result with a lower-ranked one: the lower
// one counts only where its category is higher.
func combine(higher, lower dtype.DType) dtype.DType {
	const undefined = dtype.DType(-1)
	switch {
	case higher == undefined:
		return lower
	case lower == undefined:
		return higher
	case CategoryOf(higher) == CatComplex:
		return higher
	case CategoryOf(lower) == CatComplex:
		if CategoryOf(higher) == CatFloat {
			return complexOf(higher)
		}
		return lower
	case CategoryOf(higher) == CatFloat:
		return higher
	case higher == dtype.Bool || CategoryOf(lower) == CatFloat:
		return Promote(higher, lower)
	}
	return higher
}
