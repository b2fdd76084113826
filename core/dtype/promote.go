package dtype

// Category orders dtypes as torch's type promotion does.
type Category int8

// The categories, lowest first.
const (
	CatBool Category = iota
	CatInt
	CatFloat
	CatComplex
)

// CategoryOf is the promotion category of d.
func CategoryOf(d DType) Category {
	switch {
	case d == Bool:
		return CatBool
	case d.IsInteger():
		return CatInt
	case d.IsFloat():
		return CatFloat
	}
	return CatComplex
}

// PromoteTypes returns the dtype two tensors of dtypes a and b combine to,
// as torch.promote_types: the smallest dtype of the higher category that
// holds both (uint8 with int8 gives int16, float16 with bfloat16 float32,
// complex64 with float64 complex128).
func PromoteTypes(a, b DType) DType {
	switch {
	case a == b:
		return a
	case a == Bool:
		return b
	case b == Bool:
		return a
	}
	ca, cb := CategoryOf(a), CategoryOf(b)
	switch {
	case ca == CatComplex || cb == CatComplex:
		if PromoteTypes(RealOf(a), RealOf(b)) == Float64 {
			return Complex128
		}
		return Complex64
	case ca == CatFloat && cb == CatFloat:
		if a.Size() == 2 && b.Size() == 2 { // float16 with bfloat16
			return Float32
		}
		if a.Size() >= b.Size() {
			return a
		}
		return b
	case ca == CatFloat:
		return a
	case cb == CatFloat:
		return b
	}
	// Two integer dtypes.
	if a == UInt8 || b == UInt8 {
		other := a
		if a == UInt8 {
			other = b
		}
		if other == Int8 {
			return Int16
		}
		return other
	}
	if a.Size() >= b.Size() {
		return a
	}
	return b
}

// PromoteNumber is the dtype of a tensor of dtype t combined with a scalar
// of kind n (torch.result_type(tensor, number)): the tensor's dtype unless
// the scalar's category is higher, then that category's default dtype.
func PromoteNumber(t, n DType) DType {
	ct, cn := CategoryOf(t), CategoryOf(n)
	if cn <= ct {
		return t
	}
	switch cn {
	case CatInt:
		return Int64
	case CatFloat:
		return Float32
	}
	if t == Float64 {
		return Complex128
	}
	return Complex64
}

// RealOf is the real dtype of a complex dtype's parts (d itself otherwise).
func RealOf(d DType) DType {
	switch d {
	case Complex64:
		return Float32
	case Complex128:
		return Float64
	}
	return d
}
