package ops

import (
	"slices"
	"sort"
	"strings"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Operand is an operand of a binary op: a tensor, or (Tensor nil) a number.
type Operand struct {
	Tensor *tensor.Tensor
	Number dtype.Number
	// zeroD marks a number that holds a 0-d tensor's value
	// (zeroDimNumber): torch computes with it as with a tensor, so pow
	// takes the tensor exponent's rules (no special exponents, no
	// refusal of negative integer ones).
	zeroD bool
}

// TensorOperand wraps a tensor operand.
func TensorOperand(t *tensor.Tensor) Operand { return Operand{Tensor: t} }

// NumberOperand wraps a scalar operand.
func NumberOperand(n dtype.Number) Operand { return Operand{Number: n} }

// resultType is the dtype the operands promote to (torch.result_type): a
// tensor with dims decides, a 0-d tensor and then a number only raise the
// category (dtype.ResultType).
func resultType(ops ...Operand) dtype.DType {
	po := make([]dtype.Operand, len(ops))
	for i, o := range ops {
		if o.Tensor != nil {
			po[i] = dtype.TensorOperand(o.Tensor.DType(), len(o.Tensor.Dims()))
		} else {
			po[i] = dtype.NumberOperand(o.Number.Kind)
		}
	}
	return dtype.ResultType(po...)
}

// zeroDimAsNumber returns the operands with a 0-d tensor beside a tensor with
// dims turned into a number of its value and dtype, which the other tensor's
// elements then meet one by one, as torch broadcasts it (its part in the
// dtype is resultType's).
func zeroDimAsNumber(a, b Operand) (Operand, Operand, error) {
	if a.Tensor == nil || b.Tensor == nil || (len(a.Tensor.Dims()) == 0) == (len(b.Tensor.Dims()) == 0) {
		return a, b, nil
	}
	var err error
	if len(b.Tensor.Dims()) == 0 {
		b, err = zeroDimNumber(b.Tensor)
	} else {
		a, err = zeroDimNumber(a.Tensor)
	}
	return a, b, err
}

// zeroDimNumber is the number operand of the 0-d tensor t: a strided one's
// element as it is stored (y / norm(y), the common case, copies nothing),
// a sparse one's dense value (the sum of its entries).
func zeroDimNumber(t *tensor.Tensor) (Operand, error) {
	if t.Layout() != tensor.Strided {
		d, err := convert.ToDense(t)
		if err != nil {
			return Operand{}, err
		}
		t = d
	}
	o := NumberOperand(dtype.Number{Value: t.Values().Complex(0), Kind: t.DType()})
	o.zeroD = true
	return o, nil
}

// wrappedNumber is o with its integer number converted to the narrower
// integer dtype the op computes in, as torch converts it before computing
// (wrapping: uint8 < -3 compares with 253, int32 maximum with 2**40 takes 0),
// so comparisons, division and maximum agree with torch; add, sub and mul
// give the same wrapped results either way. pow is left out: torch refuses
// an exponent outside the dtype.
func wrappedNumber(o Operand, compute dtype.DType) Operand {
	if o.Tensor != nil || !(o.Number.Kind.IsInteger() || o.Number.Kind == dtype.Bool) {
		return o
	}
	v := o.Number.Value.Int()
	switch compute {
	case dtype.UInt8:
		v = int64(uint8(v))
	case dtype.Int8:
		v = int64(int8(v))
	case dtype.Int16:
		v = int64(int16(v))
	case dtype.Int32:
		v = int64(int32(v))
	default:
		return o
	}
	o.Number.Value = dtype.IntScalar(v)
	return o
}

// dtype is the tensor's dtype, or the number's kind.
func (o Operand) dtype() dtype.DType {
	if o.Tensor != nil {
		return o.Tensor.DType()
	}
	return o.Number.Kind
}

// BinaryArgs are the parameters of the binary ops that take any.
type BinaryArgs struct {
	// Alpha scales the second operand of add and sub (nil: 1).
	Alpha *dtype.Number
	// RoundingMode of div: "" (true division), "trunc" or "floor".
	RoundingMode string
	// Out chooses the result layout.
	Out Output
}

// binFuncs is a binary element function in each compute domain.
type binFuncs struct {
	real  func(x, y float64) float64
	cplx  func(x, y complex128) complex128
	integ func(x, y int64) int64
	// realNumberExp and cplxNumberExp, when set, replace real and cplx
	// where y is a number (not a tensor, 0-d ones included): torch's pow
	// has special exponents there (powRealNumber, powComplexNumber).
	realNumberExp func(x, y float64) float64
	cplxNumberExp func(x, y complex128) complex128
	// divides: integ divides by y, and a zero divisor is refused.
	divides bool
}

// binaryDef is one row of the binary op table.
type binaryDef struct {
	// multiplicative ops keep a sparse operand's layout against a dense one
	// (torch: sparse * dense is sparse, sparse + dense is dense) and drop
	// the entries of one operand that the other's fill annihilates.
	multiplicative bool
	// linear[i]: the op is linear in operand i when the other is a number,
	// so an uncoalesced COO operand needs no coalescing.
	linear [2]bool
	// dtype returns the compute and result dtypes from the operands' dtypes
	// and their promotion, or the refusal.
	dtype func(op string, a, b, common dtype.DType, args BinaryArgs) (compute, out dtype.DType, err error)
	// funcs builds the element functions in the compute dtype's domain.
	funcs func(args BinaryArgs, compute dtype.DType) binFuncs
	// params names the BinaryArgs fields the op reads.
	params string
}

// BinaryOps lists the names BinaryByName accepts, sorted.
func BinaryOps() []string {
	names := make([]string, 0, len(binaryOps))
	for n := range binaryOps {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// IsBinaryOp reports whether name is one of BinaryOps (a map lookup: the
// C ABI asks on every call).
func IsBinaryOp(name string) bool {
	_, ok := binaryOps[name]
	return ok
}

// BinaryByName applies the element-wise op name (torch's: "add", "sub",
// "mul", "div", "eq", "maximum", "pow", ...) to a and b, at least one a
// tensor; tensors of different shapes broadcast as torch's
// (binaryBroadcast: a sparse tensor only against a strided one). Every element of the result is
// op(a, b) at that element, fill values included; the result's fill value is
// op(fill_a, fill_b). dtypes promote as torch (PromoteTypes; a number only
// raises the category); comparisons give bool.
//
// Result layout (torch's unless args.Out asks for another): with a number,
// the tensor's; two sparse tensors, a's; sparse with strided, strided except
// for mul, whose result keeps the sparse operand's layout. COO + COO with
// zero fills follows torch's merge of the two entry lists, so adding
// uncoalesced tensors concatenates them; otherwise a sparse result holds the
// union of both patterns, less the entries that mul's zero fill annihilates.
// A custom-format tensor with a number, or two of one custom format, give a
// tensor of that format where it holds the result (elementwiseFormat).
func BinaryByName(name string, a, b Operand, args BinaryArgs) (*tensor.Tensor, error) {
	def, ok := binaryOps[name]
	if !ok {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "binary op %q is unknown; known ops: %s", name, strings.Join(BinaryOps(), ", "))
	}
	if err := checkBinaryArgs(name, def, a, b, &args); err != nil {
		return nil, err
	}
	if undefinedOperand(a) || undefinedOperand(b) {
		return binaryUndefined(name, a, b, args)
	}
	common := resultType(a, b)
	// torch refuses a bool exponent held in a tensor (0-d included) when the
	// result is bool; a bool number exponent is fine. Checked before 0-d
	// tensors become numbers.
	if name == "pow" && common == dtype.Bool && b.Tensor != nil {
		return nil, errs.Errorf(errs.ErrDType, "pow: \"pow\" not implemented for 'Bool' (a bool exponent tensor with a bool base)")
	}
	a, b, err := zeroDimAsNumber(a, b)
	if err != nil {
		return nil, err
	}
	compute, out, err := def.dtype(name, a.dtype(), b.dtype(), common, args)
	if err != nil {
		return nil, err
	}
	if compute == dtype.Bool && args.Alpha != nil {
		// torch's bool add is x || (alpha && y): -1 is true as 1 is (x + -1*y
		// would cancel).
		al := dtype.BoolNumber(!args.Alpha.Value.IsZero())
		args.Alpha = &al
	}
	dom := domainOf(compute)
	if dom == domInt && name != "pow" {
		a, b = wrappedNumber(a, compute), wrappedNumber(b, compute)
	}
	args.Alpha = alphaInComputeDType(args.Alpha, compute)
	// The result keeps a custom format of the operands as given (below).
	given := [2]Operand{a, b}
	if a, err = inComputeDType(name, a, compute); err != nil {
		return nil, err
	}
	if b, err = inComputeDType(name, b, compute); err != nil {
		return nil, err
	}
	bf := def.funcs(args, compute)
	if (dom == domReal && bf.real == nil) || (dom == domComplex && bf.cplx == nil) || (dom == domInt && bf.integ == nil) {
		return nil, errs.Errorf(errs.ErrDType, "%s: not supported for %s operands", name, compute)
	}
	if a.Tensor != nil && b.Tensor != nil && (a.Tensor.Layout() == tensor.Strided) != (b.Tensor.Layout() == tensor.Strided) {
		bf = addTwoRoundings(name, bf, &args)
	}
	var res *tensor.Tensor
	if a.Tensor == nil || b.Tensor == nil {
		res, err = binaryWithNumber(name, def, bf, a, b, dom, out, &args)
	} else if r, ok, zerr := zipCustom(name, a.Tensor, b.Tensor, out, &args); ok || zerr != nil {
		res, err = r, zerr
	} else if r, ok, zerr := zipCustomFuncs(name, bf, a.Tensor, b.Tensor, dom, out, &args); ok || zerr != nil {
		res, err = r, zerr
	} else {
		res, err = namedBinary(name, def, bf, a.Tensor, b.Tensor, dom, out, &args)
	}
	if err != nil {
		return nil, err
	}
	var pair [2]*tensor.Tensor // the operands on the stack: tensorsOf would allocate
	if f, ok := elementwiseFormat(args.Out, appendTensors(pair[:0], given[0], given[1])...); ok {
		if res, err = inFormat(res, f, appendTensors(pair[:0], given[0], given[1])...); err != nil {
			return nil, err
		}
	}
	return toOutput(res, args.Out)
}

// hasParam reports whether the space-separated list params names name
// (without building the list: this runs on every call).
func hasParam(params, name string) bool {
	for f := range strings.FieldsSeq(params) {
		if f == name {
			return true
		}
	}
	return false
}

// checkBinaryArgs validates the operands and the args the op reads.
func checkBinaryArgs(op string, def *binaryDef, a, b Operand, args *BinaryArgs) error {
	if a.Tensor == nil && b.Tensor == nil {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: at least one operand must be a tensor, got two numbers", op)
	}
	for i, o := range []Operand{a, b} {
		if o.Tensor == nil {
			if err := dtype.CheckNumber([]string{"self", "other"}[i], o.Number); err != nil {
				return err
			}
		}
	}
	if args.Alpha != nil {
		if !hasParam(def.params, "alpha") {
			return errs.Errorf(errs.ErrInvalidArgument, "%s: takes no alpha argument", op)
		}
		if err := dtype.CheckNumber("alpha", *args.Alpha); err != nil {
			return err
		}
	}
	if args.RoundingMode != "" && !hasParam(def.params, "rounding_mode") {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: takes no rounding_mode argument", op)
	}
	return nil
}

// binaryWithNumber maps a tensor's values and fill through op with the
// number bound on its side.
func binaryWithNumber(op string, def *binaryDef, bf binFuncs, a, b Operand, dom domain, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, error) {
	t, n, numberFirst, zeroD := a.Tensor, b.Number, false, b.zeroD
	var err error
	if t == nil {
		t, n, numberFirst, zeroD = b.Tensor, a.Number, true, a.zeroD
	}
	if op == "pow" && !numberFirst && !zeroD && dom == domInt && n.Value.Int() < 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "pow: Integers to negative integer powers are not allowed (exponent %d)", n.Value.Int())
	}
	s := scalarVec(dom, n.Value)
	if bf.divides && dom == domInt {
		if !numberFirst && s.i[0] == 0 && dtype.NumelOf(t.Dims()) > 0 { // torch divides an empty tensor by 0 quietly
			return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: ZeroDivisionError (integer division by the scalar 0)", op)
		}
		if numberFirst {
			if t, err = convert.Coalesce(t); err != nil { // dividing is not linear: duplicates sum first
				return nil, err
			}
			if err := checkDivisors(op, t, domInt); err != nil {
				return nil, err
			}
		}
	}
	ef := bindNumber(bf, s, numberFirst, zeroD)
	pos := 0
	if numberFirst {
		pos = 1
	}
	fast := numberFast(op, n, dom, numberFirst, args)
	if r, ok, err := mapCustom(op, t, out, dom, ef, fast, args.Out); ok || err != nil {
		return r, err
	}
	if t, err = tensor.Named(t); err != nil {
		return nil, err
	}
	// Division with a rounding mode is not linear; the other ops run per
	// duplicate, as torch, where that gives the dense result (perDuplicateSafe).
	perDup := def.linear[pos] && args.RoundingMode == "" && perDuplicateSafe(t, out, dom, numberScale(op, s))
	r, err := mapTensor(op, t, out, dom, ef, perDup, fast)
	if err == nil && op == "mul" && r.Layout() == tensor.COO && r.NNZ() == 0 {
		r = r.WithCoalesced(true) // torch's mul by a number makes an empty result anew, coalesced
	}
	return r, err
}

// numberFast is the engine's hand-written loop for mul, add, sub and true
// division (of floats) by a number (no alpha) and for comparisons with one, in the domain the table's
// functions compute in: the same results, without a call per element.
func numberFast(op string, n dtype.Number, dom domain, numberFirst bool, args *BinaryArgs) engine.Fast {
	if args.Alpha != nil || dom == domComplex {
		return engine.Fast{}
	}
	c, ci := n.Value.Re(), n.Value.Int()
	if cmp, ok := fastCompares[op]; ok {
		if numberFirst { // c op x is x op' c
			cmp = flippedCompare[cmp]
		}
		return engine.Fast{Cmp: cmp, Num: c, IntNum: ci, IntDomain: dom == domInt}
	}
	ar := map[string]engine.ArithOp{"mul": engine.ArithMul, "add": engine.ArithAdd, "sub": engine.ArithSub}[op]
	if (op == "div" || op == "true_divide") && args.RoundingMode == "" && dom == domReal {
		ar = engine.ArithDiv
	}
	switch {
	case ar == engine.ArithSub && numberFirst:
		ar = engine.ArithRSub
	case ar == engine.ArithDiv && numberFirst:
		ar = engine.ArithRDiv
	}
	return engine.Fast{Arith: ar, Num: c, IntNum: ci, IntDomain: dom == domInt}
}

var fastCompares = map[string]engine.CmpOp{"eq": engine.CmpEq, "ne": engine.CmpNe, "lt": engine.CmpLt, "le": engine.CmpLe, "gt": engine.CmpGt, "ge": engine.CmpGe}

var flippedCompare = map[engine.CmpOp]engine.CmpOp{engine.CmpEq: engine.CmpEq, engine.CmpNe: engine.CmpNe, engine.CmpLt: engine.CmpGt, engine.CmpLe: engine.CmpGe, engine.CmpGt: engine.CmpLt, engine.CmpGe: engine.CmpLe}

// bindNumber turns a binary function into a unary one with the number s on
// the left (numberFirst) or the right; on the right, the number functions
// (realNumberExp, cplxNumberExp) where set and s is no 0-d tensor's value
// (zeroD).
func bindNumber(bf binFuncs, s vec, numberFirst, zeroD bool) elemFuncs {
	var ef elemFuncs
	switch s.dom {
	case domInt:
		y := s.i[0]
		ef.integ = func(x int64) int64 { return bf.integ(x, y) }
		if numberFirst {
			ef.integ = func(x int64) int64 { return bf.integ(y, x) }
		}
	case domReal:
		y := s.f[0]
		f := bf.real
		if bf.realNumberExp != nil && !zeroD {
			f = bf.realNumberExp
		}
		ef.real = func(x float64) float64 { return f(x, y) }
		if numberFirst {
			ef.real = func(x float64) float64 { return bf.real(y, x) }
		}
	default:
		y := s.c[0]
		f := bf.cplx
		if bf.cplxNumberExp != nil && !zeroD {
			f = bf.cplxNumberExp
		}
		ef.cplx = func(x complex128) complex128 { return f(x, y) }
		if numberFirst {
			ef.cplx = func(x complex128) complex128 { return bf.cplx(y, x) }
		}
	}
	return ef
}

// checkDivisors refuses a zero among the values of a coalesced t (and its
// fill, where some element is unspecified) when they divide integers.
func checkDivisors(op string, t *tensor.Tensor, dom domain) error {
	v := loadVec(t.Values(), dom)
	if t.Layout() != tensor.Strided && t.Values().Numel() < dtype.NumelOf(t.Dims()) {
		v.i = append(v.i, fillVec(t, dom).i...)
	}
	if slices.Contains(v.i, 0) {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: ZeroDivisionError (an integer divisor element is 0)", op)
	}
	return nil
}

// applyBinary computes bf(x[i], y[i]) into x.
func applyBinary(op string, bf binFuncs, x, y vec) (vec, error) {
	switch x.dom {
	case domInt:
		if bf.divides && slices.Contains(y.i, 0) {
			return vec{}, errs.Errorf(errs.ErrInvalidArgument, "%s: ZeroDivisionError (an integer divisor element is 0)", op)
		}
		for i := range x.i {
			x.i[i] = bf.integ(x.i[i], y.i[i])
		}
	case domReal:
		for i := range x.f {
			x.f[i] = bf.real(x.f[i], y.f[i])
		}
	default:
		for i := range x.c {
			x.c[i] = bf.cplx(x.c[i], y.c[i])
		}
	}
	return x, nil
}

// binaryTensors combines two tensors of equal shape.
func binaryTensors(op string, def *binaryDef, bf binFuncs, a, b *tensor.Tensor, dom domain, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, error) {
	if !slices.Equal(a.Dims(), b.Dims()) {
		if a.PerSlotFill() || b.PerSlotFill() {
			return nil, errs.Errorf(errs.ErrUnsupported, "%s: broadcasting a tensor with a per-slot fill value (sizes %s and %s) is not supported; give it one scalar fill first",
				op, shapeList(a.Dims()), shapeList(b.Dims()))
		}
		return binaryBroadcast(op, def, bf, a, b, dom, out, args)
	}
	layout := defaultBinaryLayout(def, a, b)
	if args.Out.Layout != nil {
		layout = *args.Out.Layout
		if !layout.Valid() {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "layout: unknown layout code %d", int32(layout))
		}
	}
	if layout == tensor.Strided {
		if r, ok, err := binaryStrided(op, a, b, a.Dims(), out, args); ok || err != nil {
			return r, err
		}
		return binaryDense(op, bf, a, b, dom, out)
	}
	block, err := resultBlock(layout, a, b, args.Out.BlockSize)
	if err != nil {
		return nil, err
	}
	if r, ok, err := mergeSame(op, a, b, out, layout, args); ok || err != nil {
		return r, err
	}
	if layout == tensor.COO {
		if r, ok, err := mergeCOONative(op, a, b, out, args); ok || err != nil {
			return r, err
		}
	}
	if (op == "add" || op == "sub") && layout == tensor.COO && a.Layout() == tensor.COO && b.Layout() == tensor.COO &&
		a.DenseDim() == b.DenseDim() && !a.PerSlotFill() && !b.PerSlotFill() && dtype.LoadScalar(a.DType(), a.FillElem()).IsZero() && dtype.LoadScalar(b.DType(), b.FillElem()).IsZero() {
		alpha := alphaValue(op, args, dom)
		return cooAddMerge(a, b, alpha, out)
	}
	if r, ok, err := mergeNative(op, a, b, out, layout, args); ok || err != nil {
		return r, err
	}
	return mergeBinary(op, def, bf, a, b, dom, out, layout, block)
}

// defaultBinaryLayout is torch's result layout for two tensors, a custom
// one counting as the COO tensor the op reads it as (tensor.NamedLayout:
// plans and binaryTensors see it before Named).
func defaultBinaryLayout(def *binaryDef, a, b *tensor.Tensor) tensor.Layout {
	la, lb := tensor.NamedLayout(a), tensor.NamedLayout(b)
	switch {
	case la != tensor.Strided && lb != tensor.Strided:
		return la
	case la != tensor.Strided && def.multiplicative:
		return la
	case lb != tensor.Strided && def.multiplicative:
		return lb
	}
	return tensor.Strided
}

// resultBlock is the block size of a BSR/BSC result: asked for, or an
// operand's of that layout.
func resultBlock(layout tensor.Layout, a, b *tensor.Tensor, asked [2]int64) ([2]int64, error) {
	switch {
	case !layout.IsBlocked():
		return [2]int64{1, 1}, nil
	case asked != [2]int64{}:
		return asked, nil
	case a.Layout() == layout:
		return a.BlockSize(), nil
	case b.Layout() == layout:
		return b.BlockSize(), nil
	}
	return [2]int64{}, errs.Errorf(errs.ErrInvalidArgument, "blocksize: required for a %s result when no operand is %s", layout, layout)
}

// binaryDense computes the op on the dense values of both operands.
func binaryDense(op string, bf binFuncs, a, b *tensor.Tensor, dom domain, out dtype.DType) (*tensor.Tensor, error) {
	if err := errs.CheckAlloc(op, dtype.NumelOf(a.Dims()), max(out.Size(), 8)); err != nil {
		return nil, err
	}
	da, err := convert.ToDense(a)
	if err != nil {
		return nil, err
	}
	db, err := convert.ToDense(b)
	if err != nil {
		return nil, err
	}
	z, err := applyBinary(op, bf, loadVec(da.Values(), dom), loadVec(db.Values(), dom))
	if err != nil {
		return nil, err
	}
	return tensor.NewStrided(z.store(out, a.Dims()))
}

// shapeList renders a shape as torch prints sizes: [3, 4].
func shapeList(s []int64) string {
	parts := make([]string, len(s))
	for i, x := range s {
		parts[i] = tensor.Itoa(x)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
