package ops

import (
	"sort"
	"strings"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Output chooses the layout of an element-wise result.
type Output struct {
	// Layout is the result's layout; nil keeps torch's choice (the input's
	// layout for unary ops, see BinaryByName for binary ones).
	Layout *tensor.Layout
	// BlockSize is the block of a BSR/BSC result when no input has that layout.
	BlockSize [2]int64
}

// UnaryArgs are the parameters of the unary ops that take any; each field
// is refused by the ops that do not use it.
type UnaryArgs struct {
	// Exponent of pow (required there).
	Exponent *dtype.Number
	// Min and Max of clamp (at least one required; nil: unbounded).
	Min, Max *dtype.Number
	// NaN, PosInf and NegInf of nan_to_num (nil: 0, and the dtype's largest
	// and smallest finite values).
	NaN, PosInf, NegInf *float64
	// Out chooses the result layout.
	Out Output
}

// elemFuncs is an element function in each compute domain; nil where the
// op does not define it.
type elemFuncs struct {
	real  func(float64) float64
	cplx  func(complex128) complex128
	integ func(int64) int64
}

// unaryDef is one row of the unary op table.
type unaryDef struct {
	// linear ops (f(x + y) = f(x) + f(y)) may run on the duplicates of an
	// uncoalesced COO tensor without summing them first, as torch does...
	linear bool
	// scale, when not 0, is the factor a linear op multiplies by (deg2rad):
	// such an op runs per duplicate only where perDuplicateSafe.
	scale float64
	// dtype is the result dtype for an input dtype, or the refusal.
	dtype func(op string, in dtype.DType, a *UnaryArgs) (dtype.DType, error)
	// funcs builds the element functions for the args and result dtype.
	funcs func(a *UnaryArgs, out dtype.DType) (elemFuncs, error)
	// params names the UnaryArgs fields the op reads.
	params string
}

// UnaryOps lists the names UnaryByName accepts, sorted.
func UnaryOps() []string {
	names := make([]string, 0, len(unaryOps)+1)
	for n := range unaryOps {
		names = append(names, n)
	}
	names = append(names, "pow")
	sort.Strings(names)
	return names
}

// IsUnaryOp reports whether name is one of UnaryOps (a map lookup).
func IsUnaryOp(name string) bool {
	_, ok := unaryOps[name]
	return ok || name == "pow"
}

// UnaryByName applies the element-wise op name (torch's name: "cos", "abs",
// "isnan", "clamp", ...) to every stored value of t and to its fill value,
// so the result keeps t's layout (or format) and pattern: to_dense(op(t)) equals op
// applied to to_dense(t). The result dtype follows torch (sqrt of an integer
// tensor is float32, abs of complex is real, isnan is bool). An uncoalesced
// COO tensor is coalesced first unless the op is linear. pow(t, Exponent)
// is BinaryByName("pow", t, Exponent).
func UnaryByName(name string, t *tensor.Tensor, args UnaryArgs) (*tensor.Tensor, error) {
	if t == nil {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: input tensor is nil", name)
	}
	if t.UndefinedFill() {
		return unaryUndefined(name, t, args)
	}
	if name == "pow" {
		if err := checkUnaryParams(name, "exponent", &args); err != nil {
			return nil, err
		}
		if args.Exponent == nil {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "pow: exponent is required")
		}
		return BinaryByName("pow", TensorOperand(t), NumberOperand(*args.Exponent), BinaryArgs{Out: args.Out})
	}
	def, ok := unaryOps[name]
	if !ok {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "unary op %q is unknown; known ops: %s", name, strings.Join(UnaryOps(), ", "))
	}
	if err := checkUnaryParams(name, def.params, &args); err != nil {
		return nil, err
	}
	out, err := def.dtype(name, t.DType(), &args)
	if err != nil {
		return nil, err
	}
	ef, err := def.funcs(&args, out)
	if err != nil {
		return nil, err
	}
	given := t // its custom format is the result's (below)
	if !widensExactly(t.DType(), out) {
		// torch converts an integer input to the float dtype it computes in
		// first: sin of int32 2147483647 is sin(2147483648f).
		if t, err = convert.ToDType(t, out); err != nil {
			return nil, err
		}
	}
	dom := max(domainOf(t.DType()), domainOf(out))
	var fast engine.Fast
	if name == "neg" {
		fast = engine.Fast{Arith: engine.ArithNeg, IntDomain: dom == domInt}
	}
	if m, ok := mathOps[name]; ok {
		fast.Math = m // the engine's typed loop: the table's function, called directly
	}
	if res, ok, err := mapCustom(name, t, out, dom, ef, fast, args.Out); ok || err != nil {
		return res, err
	}
	nt, err := tensor.Named(t)
	if err != nil {
		return nil, err
	}
	perDup := def.linear && (def.scale == 0 || perDuplicateSafe(nt, out, dom, def.scale))
	res, err := mapTensor(name, nt, out, dom, ef, perDup, fast)
	if err != nil {
		return nil, err
	}
	if f, ok := elementwiseFormat(args.Out, given); ok {
		if res, err = inFormat(res, f, given); err != nil {
			return nil, err
		}
	}
	return toOutput(res, args.Out)
}

// checkUnaryParams refuses UnaryArgs fields that op does not read.
func checkUnaryParams(op, params string, a *UnaryArgs) error {
	given := []struct {
		name string
		set  bool
	}{
		{"exponent", a.Exponent != nil}, {"min", a.Min != nil}, {"max", a.Max != nil},
		{"nan", a.NaN != nil}, {"posinf", a.PosInf != nil}, {"neginf", a.NegInf != nil},
	}
	for _, g := range given {
		if g.set && !hasParam(params, g.name) {
			return errs.Errorf(errs.ErrInvalidArgument, "%s: takes no %s argument", op, g.name)
		}
	}
	for _, n := range []*dtype.Number{a.Exponent, a.Min, a.Max} {
		if n != nil {
			if err := dtype.CheckNumber(op, *n); err != nil {
				return err
			}
		}
	}
	return nil
}

// mapTensor applies ef (in domain dom) to t's stored values and fill value,
// keeping t's structure (shared); the result has dtype out. The values run
// through the engine's Map (fast: its hand-written loop where it applies).
func mapTensor(op string, t *tensor.Tensor, out dtype.DType, dom domain, ef elemFuncs, linear bool, fast engine.Fast) (*tensor.Tensor, error) {
	if (dom == domReal && ef.real == nil) || (dom == domComplex && ef.cplx == nil) || (dom == domInt && ef.integ == nil) {
		return nil, errs.Errorf(errs.ErrDType, "%s: not supported for %s tensors", op, t.DType())
	}
	src := t
	if t.Layout() == tensor.COO && !t.IsCoalesced() && !(linear && linearSafe(t.DType(), out)) {
		var err error
		if src, err = convert.Coalesce(t); err != nil {
			return nil, err
		}
	}
	if err := errs.CheckAlloc(op, src.Values().Numel(), out.Size()); err != nil {
		return nil, err
	}
	mf := engine.MapFunc{Int: ef.integ, Real: ef.real, Complex: ef.cplx}
	if src.Layout() == tensor.Strided && !src.PerSlotFill() {
		// The result made with its data and fill (a small one is one allocation)
		// and written in place: the values, then the mapped fill.
		r, data, fill := tensor.NewStridedUninit(out, src.Dims())
		engine.MapInto(src.Values(), dtype.Array{DType: out, Shape: r.Dims(), Data: data}, engine.Domain(dom), mf, fast)
		mapFillInto(ef, src, out, dom, fill)
		return r, nil
	}
	vals, err := engine.Map(src.Values(), out, engine.Domain(dom), mf, fast)
	if err != nil {
		return nil, err
	}
	if src.PerSlotFill() { // the op maps each fill slot as it maps each value: the pattern stays
		slots := src.SlotFill()
		fill := applyUnary(ef, loadVec(slots, dom)).store(out, slots.Shape)
		return tensor.WithSlotFill(tensor.WithValues(src, out, vals, fill.Data[:out.Size()]), fill)
	}
	return tensor.WithValues(src, out, vals, mapFill(ef, src, out, dom)), nil
}

// mapFill is the fill value of mapTensor's result: ef applied to src's
// fill. A float fill mapped in the real domain to a float dtype is one
// float64, widened and narrowed as the array path does (no arrays: every
// call on a strided tensor makes it); the other dtypes take that path.
func mapFill(ef elemFuncs, src *tensor.Tensor, out dtype.DType, dom domain) []byte {
	fill := make([]byte, out.Size())
	mapFillInto(ef, src, out, dom, fill)
	return fill
}

// mapFillInto writes mapFill's element into fill (out.Size() bytes).
func mapFillInto(ef elemFuncs, src *tensor.Tensor, out dtype.DType, dom domain, fill []byte) {
	in := src.DType()
	if dom == domReal && (in == dtype.Float64 || in == dtype.Float32) && (out == dtype.Float64 || out == dtype.Float32) {
		dtype.StoreScalar(out, fill, dtype.Real(ef.real(dtype.LoadScalar(in, src.FillElem()).Re())))
		return
	}
	copy(fill, applyUnary(ef, elementVec(in, src.FillElem(), dom)).store(out, []int64{1}).Data)
}

// linearSafe reports whether summing duplicates after a linear op equals
// summing them before: true in floating point, and for integers whose dtype
// stays (wrap-around arithmetic is a ring); bool duplicates combine by "or".
func linearSafe(in, out dtype.DType) bool {
	c := dtype.CategoryOf(in)
	return c == dtype.CatFloat || c == dtype.CatComplex || (c == dtype.CatInt && in == out)
}

// applyUnary applies ef to every element of v, in place.
func applyUnary(ef elemFuncs, v vec) vec {
	switch v.dom {
	case domInt:
		for i, x := range v.i {
			v.i[i] = ef.integ(x)
		}
	case domReal:
		for i, x := range v.f {
			v.f[i] = ef.real(x)
		}
	default:
		for i, x := range v.c {
			v.c[i] = ef.cplx(x)
		}
	}
	return v
}

// toOutput converts an element-wise result to the layout asked for.
func toOutput(t *tensor.Tensor, o Output) (*tensor.Tensor, error) {
	if o.Layout == nil || (*o.Layout == t.Layout() && (o.BlockSize == [2]int64{} || o.BlockSize == t.BlockSize())) {
		return t, nil
	}
	opt := tensor.DefaultConvert()
	opt.BlockSize = o.BlockSize
	return convert.ToLayout(t, *o.Layout, opt)
}
