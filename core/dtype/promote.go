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

// Priority is the part an operand plays in torch's type promotion
// (torch.result_type): tensors with dims decide the result dtype; 0-d
// tensors, and below them Python numbers, only raise its category.
type Priority int8

// The priorities, lowest first.
const (
	// PriorityNumber is a Python number, whose DType is its kind (Bool, Int64,
	// Float64 or Complex128) and which stands for its category's default dtype
	// (NumberDefault: a float is float32, a complex complex64).
	PriorityNumber Priority = iota
	// PriorityZeroDim is a 0-d tensor.
	PriorityZeroDim
	// PriorityDim is a tensor with at least one dim.
	PriorityDim
)

// Operand is one operand of a promotion: its dtype and its priority.
type Operand struct {
	DType    DType
	Priority Priority
}

// TensorOperand is the promotion operand of a tensor of dtype d and ndim dims.
func TensorOperand(d DType, ndim int) Operand {
	if ndim == 0 {
		return Operand{d, PriorityZeroDim}
	}
	return Operand{d, PriorityDim}
}

// NumberOperand is the promotion operand of a Python number of kind k.
func NumberOperand(k DType) Operand { return Operand{k, PriorityNumber} }

// ResultType returns the dtype the operands combine to, as torch.result_type
// (at least one operand): the dtypes of each priority promote among
// themselves (PromoteTypes), then a lower priority only raises the category
// of a higher one. So a float32 tensor with a 0-d complex128 tensor gives
// complex64, an int32 tensor with a 0-d float64 tensor float64 and with a
// Python float float32, an int8 tensor with a 0-d int64 tensor int8.
func ResultType(ops ...Operand) DType {
	var group [3]DType
	var has [3]bool
	for _, o := range ops {
		d := o.DType
		if o.Priority == PriorityNumber {
			d = NumberDefault(d)
		}
		if has[o.Priority] {
			d = PromoteTypes(group[o.Priority], d)
		}
		group[o.Priority], has[o.Priority] = d, true
	}
	low, hasLow := combineCategories(group[PriorityZeroDim], has[PriorityZeroDim], group[PriorityNumber], has[PriorityNumber])
	d, _ := combineCategories(group[PriorityDim], has[PriorityDim], low, hasLow)
	return d
}

// combineCategories combines the dtype of a higher priority with that of a
// lower one (either may be absent), as torch's combine_categories: the
// lower one counts only when its category is higher, and then a float
// higher dtype keeps its width (float32 with complex128 is complex64).
func combineCategories(high DType, hasHigh bool, low DType, hasLow bool) (DType, bool) {
	switch {
	case !hasHigh:
		return low, hasLow
	case !hasLow:
		return high, true
	}
	ch, cl := CategoryOf(high), CategoryOf(low)
	switch {
	case ch == CatComplex:
		return high, true
	case cl == CatComplex && ch == CatFloat:
		return ComplexOf(high), true
	case cl == CatComplex:
		return low, true
	case ch == CatFloat:
		return high, true
	case ch == CatBool || cl == CatFloat:
		return PromoteTypes(high, low), true
	}
	return high, true
}

// NumberDefault is the dtype torch gives a Python number of kind k on its
// own: a float is float32 and a complex complex64 (the default dtypes), a
// bool or an int keeps its kind.
func NumberDefault(k DType) DType {
	switch CategoryOf(k) {
	case CatFloat:
		return Float32
	case CatComplex:
		return Complex64
	}
	return k
}

// ComplexOf is the complex dtype of a real floating dtype's width: float64
// gives complex128, the narrower ones complex64 (torch's complex32 has no
// gosparse dtype).
func ComplexOf(d DType) DType {
	if d == Float64 || d == Complex128 {
		return Complex128
	}
	return Complex64
}

// PromoteNumber is the dtype of a tensor of dtype t combined with a Python
// number of kind n (torch.result_type(tensor, number)): the tensor's dtype
// unless the number's category is higher (ResultType).
func PromoteNumber(t, n DType) DType {
	return ResultType(Operand{t, PriorityDim}, NumberOperand(n))
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
