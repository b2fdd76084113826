package dtype

import (
	"strconv"
	"strings"

	"github.com/gosparse/gosparse/core/errs"
)

// DType is a value type. Its numeric value is DLPack's (type code << 8) | bits,
// the same number as the C ABI's gs_dtype.
type DType int32

// The supported value dtypes.
const (
	Int8       DType = 0<<8 | 8
	Int16      DType = 0<<8 | 16
	Int32      DType = 0<<8 | 32
	Int64      DType = 0<<8 | 64
	UInt8      DType = 1<<8 | 8
	Float16    DType = 2<<8 | 16
	Float32    DType = 2<<8 | 32
	Float64    DType = 2<<8 | 64
	BFloat16   DType = 4<<8 | 16
	Complex64  DType = 5<<8 | 64
	Complex128 DType = 5<<8 | 128
	Bool       DType = 6<<8 | 8
)

// AllDTypes lists every supported dtype, in torch's promotion order.
var AllDTypes = []DType{Bool, UInt8, Int8, Int16, Int32, Int64, Float16, BFloat16, Float32, Float64, Complex64, Complex128}

var dtypeNames = map[DType]string{
	Bool: "bool", UInt8: "uint8", Int8: "int8", Int16: "int16", Int32: "int32", Int64: "int64",
	Float16: "float16", BFloat16: "bfloat16", Float32: "float32", Float64: "float64",
	Complex64: "complex64", Complex128: "complex128",
}

// Valid reports whether d is one of the supported dtypes. A switch rather
// than a lookup in dtypeNames: every call through the C ABI that reads an
// array asks, and the map lookup was 3% of a small gs_strided_from.
func (d DType) Valid() bool {
	switch d {
	case Bool, UInt8, Int8, Int16, Int32, Int64, Float16, BFloat16, Float32, Float64, Complex64, Complex128:
		return true
	}
	return false
}

// String returns torch's name of the dtype ("float64"), or "dtype(N)" for an unknown one.
func (d DType) String() string {
	if n, ok := dtypeNames[d]; ok {
		return n
	}
	return "dtype(" + strconv.Itoa(int(d)) + ")"
}

// Size is the size of one element in bytes.
func (d DType) Size() int { return int(d&0xff) / 8 }

// IsFloat reports a real floating-point dtype.
func (d DType) IsFloat() bool { c := d >> 8; return c == 2 || c == 4 }

// IsComplex reports a complex dtype.
func (d DType) IsComplex() bool { return d>>8 == 5 }

// IsInteger reports a signed or unsigned integer dtype (bool excluded).
func (d DType) IsInteger() bool { c := d >> 8; return c == 0 || c == 1 }

// ParseDType reads a dtype name as torch spells it ("float64", "torch.float64", "double", ...).
func ParseDType(s string) (DType, error) {
	s = strings.TrimPrefix(s, "torch.")
	s = strings.TrimPrefix(s, "gosparse.")
	aliases := map[string]DType{"double": Float64, "float": Float32, "half": Float16, "long": Int64,
		"int": Int32, "short": Int16, "cfloat": Complex64, "cdouble": Complex128}
	if d, ok := aliases[s]; ok {
		return d, nil
	}
	for d, n := range dtypeNames {
		if n == s {
			return d, nil
		}
	}
	return 0, errs.Errorf(errs.ErrDType, "dtype %q is not one of bool, uint8, int8, int16, int32, int64, float16, bfloat16, float32, float64, complex64, complex128", s)
}

// CheckDType returns an ErrDType error naming arg when d is not supported.
func CheckDType(arg string, d DType) error {
	if !d.Valid() {
		return errs.Errorf(errs.ErrDType, "%s: unknown dtype code %d (expected a gs_dtype: DLPack code<<8 | bits)", arg, int32(d))
	}
	return nil
}
