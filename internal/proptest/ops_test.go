package proptest

import (
	"fmt"
	"math"
	"math/cmplx"
	"slices"
	"strings"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/oracle"
)

// opCase is one operator call: what gosparse computes and what the
// reference computes from the inputs' dense values.
type opCase struct {
	gs          string // the C export whose core call this is
	op          string // the op's name within it ("add", "sum", ...)
	args        string // the other arguments, for the repro line
	ins         []*input
	numbers     []oracle.Number
	got         func() (*tensor.Tensor, error)
	want        func() (oracle.Array, error)
	signedZeros bool // -0 and +0 differ (element-wise and data-movement ops)
	outLayout   bool // a result layout was asked for
	infAlpha    bool // add/sub's alpha is NaN or infinite
	denser      bool // a conversion to more dense (hybrid) dims than its input has
	numberFirst bool // gs_binary_number with the number as the first operand
	gotEqual    func() (bool, error)
}

// opGen makes a random case of one operator (nil when the draw does not fit it).
type opGen struct {
	gs   []string // the C exports it exercises
	make func(g *gen) (*opCase, error)
}

// number draws a number operand of a Python literal's kind.
func (g *gen) number(maxCat oracle.Category) oracle.Number {
	kinds := []dtype.DType{dtype.Bool, dtype.Int64, dtype.Float64, dtype.Complex128}[:maxCat+1]
	k := kinds[g.pick(len(kinds))]
	return oracle.Number{Kind: k, V: g.value(k, true)}
}

func toNumber(n oracle.Number) dtype.Number {
	switch n.Kind {
	case dtype.Bool:
		return dtype.BoolNumber(n.V != 0)
	case dtype.Int64:
		return dtype.IntNumber(int64(real(n.V)))
	case dtype.Float64:
		return dtype.FloatNumber(real(n.V))
	}
	return dtype.ComplexNumber(n.V)
}

func toScalar(n oracle.Number) dtype.Scalar { return toNumber(n).Value }

func dims(in *input) []int    { return make([]int, len(in.shape)) }
func (g *gen) dim(nd int) int { return g.pick(2*max(nd, 1)) - max(nd, 1) }

// dimSet draws distinct dims (empty: every dim).
func (g *gen) dimSet(nd int) []int {
	var ds []int
	for d := range nd {
		if g.chance(0.4) {
			if g.chance(0.3) {
				ds = append(ds, d-nd)
			} else {
				ds = append(ds, d)
			}
		}
	}
	return ds
}

// one draws a single input of a random shape and dtype.
func (g *gen) one(sp spec) (*input, error) {
	if sp.shape == nil {
		sp.shape = g.shape()
	}
	if sp.dt == 0 {
		sp.dt = g.dtype()
	}
	return g.tensor(sp)
}

var unaryNames = ops.UnaryOps()
var binaryNames = ops.BinaryOps()

// opGens is every operator the property test runs.
var opGens = []opGen{
	{gs: []string{"gs_unary"}, make: func(g *gen) (*opCase, error) {
		a, err := g.one(spec{})
		if err != nil {
			return nil, err
		}
		name := unaryNames[g.pick(len(unaryNames))]
		var ua ops.UnaryArgs
		var oa oracle.UnaryArgs
		args := ""
		switch name {
		case "pow":
			n := g.number(oracle.CatComplex)
			oa.Exponent, ua.Exponent = &n, ptr(toNumber(n))
			args = fmt.Sprintf("exponent=%v(%s)", n.V, n.Kind)
		case "clamp":
			if g.chance(0.7) {
				n := g.number(oracle.CatFloat)
				oa.Min, ua.Min = &n, ptr(toNumber(n))
				args += fmt.Sprintf("min=%v(%s) ", n.V, n.Kind)
			}
			if g.chance(0.7) {
				n := g.number(oracle.CatFloat)
				oa.Max, ua.Max = &n, ptr(toNumber(n))
				args += fmt.Sprintf("max=%v(%s)", n.V, n.Kind)
			}
		case "nan_to_num":
			if g.chance(0.5) {
				v := g.real(false)
				oa.NaN, ua.NaN = &v, &v
				args += fmt.Sprintf("nan=%v ", v)
			}
			if g.chance(0.5) {
				v := g.real(false)
				oa.PosInf, ua.PosInf = &v, &v
				args += fmt.Sprintf("posinf=%v ", v)
			}
			if g.chance(0.5) {
				v := g.real(false)
				oa.NegInf, ua.NegInf = &v, &v
				args += fmt.Sprintf("neginf=%v", v)
			}
		}
		var desc string
		ua.Out, desc = g.output()
		args += desc
		return &opCase{gs: "gs_unary", op: name, args: args, outLayout: ua.Out.Layout != nil, ins: []*input{a}, signedZeros: !a.dt.IsComplex() || name == "neg" || name == "conj_physical",
			got:  func() (*tensor.Tensor, error) { return ops.UnaryByName(name, a.t, ua) },
			want: func() (oracle.Array, error) { return oracle.Unary(name, a.dense, oa) }}, nil
	}},
	{gs: []string{"gs_binary"}, make: func(g *gen) (*opCase, error) {
		a, err := g.one(spec{})
		if err != nil {
			return nil, err
		}
		bsp := spec{shape: a.shape}
		if len(a.shape) > 0 && g.chance(0.25) { // a strided operand broadcast to a's shape
			bsp = spec{shape: g.broadcastShape(a.shape), stridedOnly: true}
		}
		b, err := g.one(bsp)
		if err != nil {
			return nil, err
		}
		if g.chance(0.5) && !slices.Equal(a.shape, b.shape) {
			a, b = b, a
		}
		name := binaryNames[g.pick(len(binaryNames))]
		ba, oa, args := g.binaryArgs(name)
		return &opCase{gs: "gs_binary", op: name, args: args, ins: []*input{a, b}, signedZeros: name != "pow", outLayout: ba.Out.Layout != nil,
			infAlpha: oa.Alpha != nil && (cmplx.IsInf(oa.Alpha.V) || cmplx.IsNaN(oa.Alpha.V)),
			got: func() (*tensor.Tensor, error) {
				return ops.BinaryByName(name, ops.TensorOperand(a.t), ops.TensorOperand(b.t), ba)
			},
			want: func() (oracle.Array, error) { return oracle.Binary(name, a.dense, b.dense, oa) }}, nil
	}},
	{gs: []string{"gs_binary_number"}, make: func(g *gen) (*opCase, error) {
		a, err := g.one(spec{})
		if err != nil {
			return nil, err
		}
		name := binaryNames[g.pick(len(binaryNames))]
		n := g.number(oracle.CatComplex)
		first := g.chance(0.3)
		ba, oa, args := g.binaryArgs(name)
		c := &opCase{gs: "gs_binary_number", op: name, ins: []*input{a}, numbers: []oracle.Number{n}, signedZeros: name != "pow", outLayout: ba.Out.Layout != nil, numberFirst: first,
			args: fmt.Sprintf("number=%v(%s) number_first=%v %s", n.V, n.Kind, first, args)}
		c.got = func() (*tensor.Tensor, error) {
			x, y := ops.TensorOperand(a.t), ops.NumberOperand(toNumber(n))
			if first {
				x, y = y, x
			}
			return ops.BinaryByName(name, x, y, ba)
		}
		c.want = func() (oracle.Array, error) {
			x, y := a.dense, oracle.NumberArray(n)
			if first {
				x, y = y, x
			}
			return oracle.Binary(name, x, y, oa)
		}
		return c, nil
	}},
	{gs: []string{"gs_where"}, make: func(g *gen) (*opCase, error) {
		dt := dtype.Bool
		if g.chance(0.15) {
			dt = g.dtype()
		}
		cond, err := g.one(spec{dt: dt})
		if err != nil {
			return nil, err
		}
		c := &opCase{gs: "gs_where", op: "where", ins: []*input{cond}, signedZeros: true}
		operand := func() (ops.Operand, oracle.Array, error) {
			if g.chance(0.3) {
				n := g.number(oracle.CatComplex)
				c.numbers = append(c.numbers, n)
				c.args += fmt.Sprintf("number=%v(%s) ", n.V, n.Kind)
				return ops.NumberOperand(toNumber(n)), oracle.NumberArray(n), nil
			}
			x, err := g.one(spec{shape: cond.shape})
			if err != nil {
				return ops.Operand{}, oracle.Array{}, err
			}
			c.ins = append(c.ins, x)
			return ops.TensorOperand(x.t), x.dense, nil
		}
		xo, xd, err := operand()
		if err != nil {
			return nil, err
		}
		yo, yd, err := operand()
		if err != nil {
			return nil, err
		}
		c.got = func() (*tensor.Tensor, error) { return ops.Where(cond.t, xo, yo) }
		c.want = func() (oracle.Array, error) { return oracle.Where(cond.dense, xd, yd) }
		return c, nil
	}},
	{gs: []string{"gs_reduce", "gs_sum", "gs_reduce_keepdim"}, make: func(g *gen) (*opCase, error) {
		a, err := g.one(spec{})
		if err != nil {
			return nil, err
		}
		names := append(ops.ReductionNames(), "gs_sum")
		name := names[g.pick(len(names))]
		ds := g.dimSet(len(a.shape))
		c := &opCase{gs: "gs_reduce", op: name, args: fmt.Sprintf("dims=%v", ds), ins: []*input{a}}
		c.got = func() (*tensor.Tensor, error) { return ops.Reduce(a.t, ds, name) }
		c.want = func() (oracle.Array, error) { return oracle.Reduce(name, a.dense, ds, false) }
		if name != "gs_sum" && g.chance(0.3) {
			c.gs, c.args = "gs_reduce_keepdim", c.args+" keepdim"
			c.got = func() (*tensor.Tensor, error) { return ops.ReduceKeepDim(a.t, ds, name, true) }
			c.want = func() (oracle.Array, error) { return oracle.Reduce(name, a.dense, ds, true) }
		}
		if name == "gs_sum" {
			c.gs, c.op = "gs_sum", "sum"
			c.got = func() (*tensor.Tensor, error) { return ops.Sum(a.t, ds) }
			c.want = func() (oracle.Array, error) { return oracle.Reduce("sum", a.dense, ds, false) }
		}
		return c, nil
	}},
	{gs: []string{"gs_softmax", "gs_log_softmax"}, make: func(g *gen) (*opCase, error) {
		a, err := g.one(spec{})
		if err != nil {
			return nil, err
		}
		log := g.chance(0.5)
		d := g.dim(len(a.shape))
		c := &opCase{gs: "gs_softmax", op: "softmax", args: fmt.Sprintf("dim=%d", d), ins: []*input{a}}
		if log {
			c.gs, c.op = "gs_log_softmax", "log_softmax"
		}
		c.got = func() (*tensor.Tensor, error) { return ops.Softmax(a.t, d, log) }
		c.want = func() (oracle.Array, error) {
			m, err := mask(a.t)
			if err != nil {
				return oracle.Array{}, err
			}
			return oracle.Softmax(a.dense, m, d, log)
		}
		return c, nil
	}},
	{gs: []string{"gs_sparse_mask"}, make: func(g *gen) (*opCase, error) {
		a, err := g.one(spec{})
		if err != nil {
			return nil, err
		}
		m, err := g.one(spec{shape: a.shape, sparseOnly: true})
		if err != nil {
			return nil, err
		}
		return &opCase{gs: "gs_sparse_mask", op: "sparse_mask", ins: []*input{a, m}, signedZeros: true,
			got: func() (*tensor.Tensor, error) { return ops.SparseMask(a.t, m.t) },
			want: func() (oracle.Array, error) {
				mk, err := mask(m.t)
				if err != nil {
					return oracle.Array{}, err
				}
				r := a.dense.Clone()
				for i := range r.V {
					if !mk[i] {
						r.V[i] = 0
					}
				}
				return r, nil
			}}, nil
	}},
	shapeOp("gs_transpose", func(g *gen, a *input) (string, func(*tensor.Tensor) (*tensor.Tensor, error), func(oracle.Array) (oracle.Array, error)) {
		d0, d1 := g.dim(len(a.shape)), g.dim(len(a.shape))
		return fmt.Sprintf("dim0=%d dim1=%d", d0, d1), func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Transpose(t, d0, d1) },
			func(x oracle.Array) (oracle.Array, error) { return oracle.Transpose(x, d0, d1) }
	}),
	shapeOp("gs_t", func(g *gen, a *input) (string, func(*tensor.Tensor) (*tensor.Tensor, error), func(oracle.Array) (oracle.Array, error)) {
		return "", ops.T, oracle.T
	}),
	shapeOp("gs_permute", func(g *gen, a *input) (string, func(*tensor.Tensor) (*tensor.Tensor, error), func(oracle.Array) (oracle.Array, error)) {
		p := g.rng.Perm(len(a.shape))
		if len(p) > 0 && g.chance(0.2) {
			p[0] -= len(p)
		}
		return fmt.Sprintf("dims=%v", p), func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Permute(t, p) },
			func(x oracle.Array) (oracle.Array, error) { return oracle.Permute(x, p) }
	}),
	shapeOp("gs_unsqueeze", func(g *gen, a *input) (string, func(*tensor.Tensor) (*tensor.Tensor, error), func(oracle.Array) (oracle.Array, error)) {
		d := g.pick(2*len(a.shape)+2) - len(a.shape) - 1
		return fmt.Sprintf("dim=%d", d), func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Unsqueeze(t, d) },
			func(x oracle.Array) (oracle.Array, error) { return oracle.Unsqueeze(x, d) }
	}),
	shapeOp("gs_squeeze", func(g *gen, a *input) (string, func(*tensor.Tensor) (*tensor.Tensor, error), func(oracle.Array) (oracle.Array, error)) {
		var d *int
		if g.chance(0.6) {
			d = ptr(g.dim(len(a.shape)))
			return fmt.Sprintf("dim=%d", *d), func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Squeeze(t, d) },
				func(x oracle.Array) (oracle.Array, error) { return oracle.Squeeze(x, d) }
		}
		return "all", func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Squeeze(t, nil) },
			func(x oracle.Array) (oracle.Array, error) { return oracle.Squeeze(x, nil) }
	}),
	shapeOp("gs_reshape", func(g *gen, a *input) (string, func(*tensor.Tensor) (*tensor.Tensor, error), func(oracle.Array) (oracle.Array, error)) {
		s := g.reshapeTo(a.shape)
		return fmt.Sprintf("shape=%v", s), func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Reshape(t, s) },
			func(x oracle.Array) (oracle.Array, error) { return oracle.Reshape(x, s) }
	}),
	shapeOp("gs_select", func(g *gen, a *input) (string, func(*tensor.Tensor) (*tensor.Tensor, error), func(oracle.Array) (oracle.Array, error)) {
		d := g.dim(len(a.shape))
		i := int64(g.pick(7) - 3)
		return fmt.Sprintf("dim=%d index=%d", d, i), func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Select(t, d, i) },
			func(x oracle.Array) (oracle.Array, error) { return oracle.Select(x, d, i) }
	}),
	shapeOp("gs_select_index_width", func(g *gen, a *input) (string, func(*tensor.Tensor) (*tensor.Tensor, error), func(oracle.Array) (oracle.Array, error)) {
		d := g.dim(len(a.shape))
		i := int64(g.pick(7) - 3)
		w := []int{0, 32, 64}[g.pick(3)]
		return fmt.Sprintf("dim=%d index=%d index_width=%d", d, i, w), func(t *tensor.Tensor) (*tensor.Tensor, error) {
				r, err := ops.SelectIndexWidth(t, d, i, w)
				if err == nil && w != 0 && r.Layout() == tensor.COO && r.IndexWidth() != w {
					return nil, fmt.Errorf("select_index_width: a COO result of index width %d, asked %d", r.IndexWidth(), w)
				}
				return r, err
			},
			func(x oracle.Array) (oracle.Array, error) { return oracle.Select(x, d, i) }
	}),
	shapeOp("gs_index", func(g *gen, a *input) (string, func(*tensor.Tensor) (*tensor.Tensor, error), func(oracle.Array) (oracle.Array, error)) {
		idx := make([]int64, g.pick(len(a.shape)+1))
		for k := range idx {
			idx[k] = int64(g.pick(5) - 1)
		}
		return fmt.Sprintf("indices=%v", idx), func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Index(t, idx) },
			func(x oracle.Array) (oracle.Array, error) { return oracle.Index(x, idx) }
	}),
	shapeOp("gs_index_select", func(g *gen, a *input) (string, func(*tensor.Tensor) (*tensor.Tensor, error), func(oracle.Array) (oracle.Array, error)) {
		d := g.dim(len(a.shape))
		idx := make([]int64, g.pick(4))
		for k := range idx {
			idx[k] = int64(g.pick(6) - 1)
		}
		strided := a.layout == "strided"
		return fmt.Sprintf("dim=%d index=%v", d, idx), func(t *tensor.Tensor) (*tensor.Tensor, error) {
				return ops.IndexSelect(t, d, dtype.Int64Array(slices.Clone(idx)))
			},
			func(x oracle.Array) (oracle.Array, error) { return oracle.IndexSelect(x, d, idx, !strided) }
	}),
	shapeOp("gs_narrow_copy", func(g *gen, a *input) (string, func(*tensor.Tensor) (*tensor.Tensor, error), func(oracle.Array) (oracle.Array, error)) {
		d := g.dim(len(a.shape))
		start, length := int64(g.pick(5)-2), int64(g.pick(4))
		return fmt.Sprintf("dim=%d start=%d length=%d", d, start, length), func(t *tensor.Tensor) (*tensor.Tensor, error) {
				return ops.NarrowCopy(t, d, start, length)
			},
			func(x oracle.Array) (oracle.Array, error) { return oracle.Narrow(x, d, start, length) }
	}),
	{gs: []string{"gs_cat", "gs_stack", "gs_hstack", "gs_vstack", "gs_dstack"}, make: func(g *gen) (*opCase, error) {
		first, err := g.one(spec{})
		if err != nil {
			return nil, err
		}
		names := []string{"gs_cat", "gs_stack", "gs_hstack", "gs_vstack", "gs_dstack"}
		name := names[g.pick(len(names))]
		d := g.dim(len(first.shape))
		ins := []*input{first}
		for range g.pick(3) {
			s := slices.Clone(first.shape)
			if name != "gs_stack" && len(s) > 0 && g.chance(0.5) {
				k := 0
				switch name {
				case "gs_cat":
					k, _ = oracle.NormDim(d, len(s))
				case "gs_hstack":
					k = min(1, len(s)-1)
				case "gs_dstack":
					k = min(2, len(s)-1)
				}
				s[k] = int64(g.pick(3))
			}
			dt := first.dt
			if g.chance(0.3) {
				dt = g.dtype()
			}
			x, err := g.one(spec{shape: s, dt: dt})
			if err != nil {
				return nil, err
			}
			ins = append(ins, x)
		}
		ts := make([]*tensor.Tensor, len(ins))
		ds := make([]oracle.Array, len(ins))
		for i, x := range ins {
			ts[i], ds[i] = x.t, x.dense
		}
		c := &opCase{gs: name, op: name[3:], ins: ins, signedZeros: true}
		switch name {
		case "gs_cat":
			c.args = fmt.Sprintf("dim=%d", d)
			c.got = func() (*tensor.Tensor, error) { return ops.Cat(ts, d) }
			c.want = func() (oracle.Array, error) { return oracle.Cat(ds, d) }
		case "gs_stack":
			d = g.pick(2*len(first.shape)+2) - len(first.shape) - 1
			c.args = fmt.Sprintf("dim=%d", d)
			c.got = func() (*tensor.Tensor, error) { return ops.Stack(ts, d) }
			c.want = func() (oracle.Array, error) { return oracle.Stack(ds, d) }
		case "gs_hstack":
			c.got = func() (*tensor.Tensor, error) { return ops.HStack(ts) }
			c.want = func() (oracle.Array, error) { return oracle.HStack(ds) }
		case "gs_vstack":
			c.got = func() (*tensor.Tensor, error) { return ops.VStack(ts) }
			c.want = func() (oracle.Array, error) { return oracle.VStack(ds) }
		default:
			c.got = func() (*tensor.Tensor, error) { return ops.DStack(ts) }
			c.want = func() (oracle.Array, error) { return oracle.DStack(ds) }
		}
		return c, nil
	}},
	{gs: []string{"gs_sparse_resize", "gs_sparse_resize_and_clear"}, make: makeResize},
	{gs: []string{"gs_mm", "gs_sparse_mm", "gs_sparse_mm_index_width", "gs_smm", "gs_hspmm", "gs_mv", "gs_bmm", "gs_matmul", "gs_mm_out", "gs_mv_out"}, make: makeProduct},
	{gs: []string{"gs_addmm", "gs_sparse_addmm", "gs_sspaddmm", "gs_addmv", "gs_sampled_addmm"}, make: makeScaledProduct},
	{gs: []string{"gs_to_dense", "gs_to_layout", "gs_to_layout_as", "gs_to_sparse_coo_dim", "gs_coalesce", "gs_to_dtype",
		"gs_to_index_width", "gs_to_format", "gs_clone", "gs_equal"}, make: makeConversion},
}

func ptr[T any](v T) *T { return &v }

// shapeOp is a one-input data-movement op whose arguments draw from the input.
func shapeOp(gs string, args func(g *gen, a *input) (string, func(*tensor.Tensor) (*tensor.Tensor, error), func(oracle.Array) (oracle.Array, error))) opGen {
	return opGen{gs: []string{gs}, make: func(g *gen) (*opCase, error) {
		a, err := g.one(spec{})
		if err != nil {
			return nil, err
		}
		desc, got, want := args(g, a)
		return &opCase{gs: gs, op: gs[3:], args: desc, ins: []*input{a}, signedZeros: true,
			got: func() (*tensor.Tensor, error) { return got(a.t) }, want: func() (oracle.Array, error) { return want(a.dense) }}, nil
	}}
}

// reshapeTo draws a shape of the same numel (a size -1 now and then), or
// now and then one that does not fit.
func (g *gen) reshapeTo(s []int64) []int64 {
	n := oracle.Numel(s)
	var out []int64
	for n > 1 && len(out) < 3 {
		d := g.divisor(n)
		out = append(out, d)
		n /= d
	}
	if n != 1 {
		out = append(out, n)
	}
	if g.chance(0.2) {
		out = append(out, 1)
	}
	if len(out) > 0 && g.chance(0.25) {
		out[g.pick(len(out))] = -1
	}
	if g.chance(0.05) {
		out = append(out, 2)
	}
	return out
}

// broadcastShape draws a shape that broadcasts to shape: some dims set to
// 1, maybe the leading ones dropped.
func (g *gen) broadcastShape(shape []int64) []int64 {
	out := slices.Clone(shape[g.pick(len(shape)):])
	for d := range out {
		if g.chance(0.5) {
			out[d] = 1
		}
	}
	return out
}

// binaryArgs draws alpha (add, sub) and the rounding mode (div).
func (g *gen) binaryArgs(name string) (ops.BinaryArgs, oracle.BinaryArgs, string) {
	var ba ops.BinaryArgs
	var oa oracle.BinaryArgs
	switch {
	case (name == "add" || name == "sub") && g.chance(0.4):
		n := g.number(oracle.CatComplex)
		oa.Alpha, ba.Alpha = &n, ptr(toNumber(n))
		var desc string
		ba.Out, desc = g.output()
		return ba, oa, fmt.Sprintf("alpha=%v(%s)%s", n.V, n.Kind, desc)
	case name == "div" && g.chance(0.6):
		oa.RoundingMode = []string{"trunc", "floor"}[g.pick(2)]
		ba.RoundingMode = oa.RoundingMode
		var desc string
		ba.Out, desc = g.output()
		return ba, oa, "rounding_mode=" + oa.RoundingMode + desc
	}
	var desc string
	ba.Out, desc = g.output()
	return ba, oa, desc
}

// output draws now and then a result layout (gs_elementwise_args.layout,
// with a block size for BSR and BSC).
func (g *gen) output() (ops.Output, string) {
	if !g.chance(0.15) {
		return ops.Output{}, ""
	}
	l := tensor.AllLayouts[g.pick(len(tensor.AllLayouts))]
	o := ops.Output{Layout: &l}
	if l.IsBlocked() && g.chance(0.7) {
		o.BlockSize = [2]int64{int64(1 + g.pick(2)), int64(1 + g.pick(2))}
	}
	return o, fmt.Sprintf(" layout=%s block=%v", l, o.BlockSize)
}

// matShapes draws (n, k) and (k, m) sizes, now and then with a mismatch.
func (g *gen) matSizes() (n, k, k2, m int64) {
	n, k, m = int64(g.pick(4)), int64(g.pick(4)), int64(g.pick(4))
	k2 = k
	if g.chance(0.05) {
		k2 = k + 1
	}
	return
}

// productDType draws the operands' dtypes: mostly equal, now and then mixed.
func (g *gen) productDTypes() (dtype.DType, dtype.DType) {
	a := g.dtype()
	if g.chance(0.2) {
		return a, g.dtype()
	}
	return a, a
}

func makeProduct(g *gen) (*opCase, error) {
	names := []string{"gs_mm", "gs_sparse_mm", "gs_sparse_mm_index_width", "gs_smm", "gs_hspmm", "gs_mv", "gs_bmm", "gs_matmul", "gs_mm_out", "gs_mv_out"}
	name := names[g.pick(len(names))]
	n, k, k2, m := g.matSizes()
	da, db := g.productDTypes()
	sa, sb := []int64{n, k}, []int64{k2, m}
	switch name {
	case "gs_mv", "gs_mv_out":
		sb = []int64{k2}
	case "gs_bmm":
		b := int64(g.pick(3))
		sa, sb = []int64{b, n, k}, []int64{b, k2, m}
	case "gs_matmul":
		shapes := [][2][]int64{{{k}, {k2}}, {{n, k}, {k2}}, {{k}, {k2, m}}, {{n, k}, {k2, m}}, {{2, n, k}, {2, k2, m}}, {{2, n, k}, {k2, m}}, {{n, k}, {1, k2, m}}}
		p := shapes[g.pick(len(shapes))]
		sa, sb = p[0], p[1]
	}
	spA, spB := spec{dt: da, shape: sa}, spec{dt: db, shape: sb}
	switch name {
	case "gs_mm_out", "gs_mv_out":
		spB.stridedOnly = true
	case "gs_smm", "gs_hspmm":
		spA.sparseOnly = true
	}
	a, err := g.tensor(spA)
	if err != nil {
		return nil, err
	}
	b, err := g.tensor(spB)
	if err != nil {
		return nil, err
	}
	c := &opCase{gs: name, op: name[3:], ins: []*input{a, b}}
	fns := map[string]func(a, b *tensor.Tensor) (*tensor.Tensor, error){
		"gs_mm": linalg.Mm, "gs_sparse_mm": linalg.SparseMm, "gs_smm": linalg.Smm, "gs_hspmm": linalg.Hspmm,
		"gs_mv": linalg.Mv, "gs_bmm": linalg.Bmm, "gs_matmul": linalg.Matmul,
		"gs_sparse_mm_index_width": func(a, b *tensor.Tensor) (*tensor.Tensor, error) { return linalg.SparseMmIndexWidth(a, b, 64) },
	}
	refs := map[string]func(a, b oracle.Array) (oracle.Array, error){
		"gs_mm": oracle.Mm, "gs_sparse_mm": oracle.Mm, "gs_sparse_mm_index_width": oracle.Mm, "gs_smm": oracle.Mm, "gs_hspmm": oracle.Mm, "gs_mm_out": oracle.Mm,
		"gs_mv": oracle.Mv, "gs_mv_out": oracle.Mv, "gs_bmm": oracle.Bmm, "gs_matmul": oracle.Matmul,
	}
	c.want = func() (oracle.Array, error) { return refs[name](a.dense, b.dense) }
	if f, ok := fns[name]; ok {
		c.got = func() (*tensor.Tensor, error) { return f(a.t, b.t) }
		return c, nil
	}
	// the out= forms write into a strided tensor of the reference's dtype and shape
	c.got = func() (*tensor.Tensor, error) {
		w, err := c.want()
		if err != nil {
			w = oracle.Zeros(oracle.Promote(a.dt, b.dt), []int64{n})
		}
		out, err := tensor.NewStrided(dtype.NewArray(w.DType, w.Shape))
		if err != nil {
			return nil, err
		}
		if name == "gs_mm_out" {
			err = linalg.MmOut(a.t, b.t, out)
		} else {
			err = linalg.MvOut(a.t, b.t, out)
		}
		return out, err
	}
	return c, nil
}

// coefficient draws beta or alpha: an integer, or a float for float dtypes.
func (g *gen) coefficient(d dtype.DType) oracle.Number {
	if oracle.CategoryOf(d) >= oracle.CatFloat && g.chance(0.5) {
		return oracle.Number{Kind: dtype.Float64, V: complex(float64(g.pick(9)-4)/2, 0)}
	}
	return oracle.Number{Kind: dtype.Int64, V: complex(float64(g.pick(5)-2), 0)}
}

func makeScaledProduct(g *gen) (*opCase, error) {
	names := []string{"gs_addmm", "gs_sparse_addmm", "gs_sspaddmm", "gs_addmv", "gs_sampled_addmm"}
	name := names[g.pick(len(names))]
	n, k, k2, m := g.matSizes()
	da, db := g.productDTypes()
	di := da
	if g.chance(0.2) {
		di = g.dtype()
	}
	si, sa, sb := []int64{n, m}, []int64{n, k}, []int64{k2, m}
	spI, spA, spB := spec{dt: di}, spec{dt: da, shape: sa}, spec{dt: db, shape: sb}
	switch name {
	case "gs_addmv":
		si, sb = []int64{n}, []int64{k2}
	case "gs_sspaddmm":
		spI.cooOnly, spA.cooOnly, spB.stridedOnly = true, true, true
	case "gs_sampled_addmm":
		spI.csrOnly, spA.stridedOnly, spB.stridedOnly = true, true, true
		spI.noFill = true // the result's fill of a non-zero input fill is an open question (see the report)
	case "gs_sparse_addmm":
		spA.sparseOnly = true
	}
	if name == "gs_addmm" && g.chance(0.2) {
		si = []int64{m} // broadcast over the rows
	}
	spI.shape = si
	in, err := g.tensor(spI)
	if err != nil {
		return nil, err
	}
	a, err := g.tensor(spA)
	if err != nil {
		return nil, err
	}
	b, err := g.tensor(spB)
	if err != nil {
		return nil, err
	}
	beta, alpha := g.coefficient(di), g.coefficient(da)
	c := &opCase{gs: name, op: name[3:], ins: []*input{in, a, b}, numbers: []oracle.Number{beta, alpha},
		args: fmt.Sprintf("beta=%v alpha=%v", real(beta.V), real(alpha.V))}
	fns := map[string]func(i, a, b *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error){
		"gs_addmm": linalg.Addmm, "gs_sparse_addmm": linalg.SparseAddmm, "gs_sspaddmm": linalg.Sspaddmm,
		"gs_addmv": linalg.Addmv, "gs_sampled_addmm": linalg.SampledAddmm,
	}
	c.got = func() (*tensor.Tensor, error) { return fns[name](in.t, a.t, b.t, toScalar(beta), toScalar(alpha)) }
	c.want = func() (oracle.Array, error) {
		switch name {
		case "gs_addmv":
			return oracle.Addmv(in.dense, a.dense, b.dense, beta, alpha)
		case "gs_sampled_addmm":
			mk, err := mask(in.t)
			if err != nil {
				return oracle.Array{}, err
			}
			return oracle.SampledAddmm(in.dense, mk, a.dense, b.dense, beta, alpha)
		}
		return oracle.Addmm(in.dense, a.dense, b.dense, beta, alpha)
	}
	return c, nil
}

// makeConversion draws a conversion: the dense value stays (cast for to_dtype).
func makeConversion(g *gen) (*opCase, error) {
	a, err := g.one(spec{})
	if err != nil {
		return nil, err
	}
	names := []string{"gs_to_dense", "gs_to_layout", "gs_to_layout_as", "gs_to_sparse_coo_dim", "gs_coalesce", "gs_to_dtype", "gs_to_index_width", "gs_to_format", "gs_clone", "gs_equal"}
	name := names[g.pick(len(names))]
	c := &opCase{gs: name, op: name[3:], ins: []*input{a}, signedZeros: true}
	c.want = func() (oracle.Array, error) { return a.dense, nil }
	nd := len(a.shape)
	switch name {
	case "gs_to_dense":
		c.got = func() (*tensor.Tensor, error) { return convert.ToDense(a.t) }
	case "gs_clone":
		c.got = func() (*tensor.Tensor, error) { return tensor.Clone(a.t), nil }
	case "gs_coalesce":
		c.got = func() (*tensor.Tensor, error) { return convert.Coalesce(a.t) }
	case "gs_to_index_width":
		w := []int{0, 32, 64}[g.pick(3)]
		c.args = fmt.Sprintf("index_width=%d", w)
		c.got = func() (*tensor.Tensor, error) { return convert.ToIndexWidth(a.t, w) }
	case "gs_to_dtype":
		d := g.dtype()
		c.args = "dtype=" + d.String()
		c.got = func() (*tensor.Tensor, error) { return convert.ToDType(a.t, d) }
		c.want = func() (oracle.Array, error) { return oracle.Cast(a.dense, d), nil }
	case "gs_to_layout", "gs_to_layout_as", "gs_to_sparse_coo_dim":
		l := tensor.AllLayouts[g.pick(len(tensor.AllLayouts))]
		opt := tensor.DefaultConvert()
		opt.IndexWidth = []int{0, 32, 64}[g.pick(3)]
		if g.chance(0.3) {
			opt.DenseDim = g.pick(nd + 1)
		}
		if name == "gs_to_sparse_coo_dim" {
			l, opt.SparseDim = tensor.COO, g.pick(nd+1)+1
			opt.DenseDim = -1
		}
		if l == tensor.BSR || l == tensor.BSC {
			opt.BlockSize = [2]int64{int64(1 + g.pick(2)), int64(1 + g.pick(2))}
		}
		c.args = fmt.Sprintf("layout=%s dense_dim=%d sparse_dim=%d block=%v index_width=%d", l, opt.DenseDim, opt.SparseDim, opt.BlockSize, opt.IndexWidth)
		c.denser = opt.DenseDim > a.dense_ || opt.SparseDim > 0 && nd-opt.SparseDim > a.dense_
		c.got = func() (*tensor.Tensor, error) { return convert.ToLayout(a.t, l, opt) }
		c.want = func() (oracle.Array, error) {
			if err := conversionFits(a, l, opt); err != nil {
				return oracle.Array{}, err
			}
			return a.dense, nil
		}
	case "gs_to_format":
		text := customFormats[g.pick(len(customFormats))]
		c.args = "format=" + text
		c.got = func() (*tensor.Tensor, error) {
			f, err := format.Parse(text)
			if err != nil {
				return nil, err
			}
			return convert.ToFormat(a.t, f)
		}
		c.want = func() (oracle.Array, error) {
			f, _ := format.Parse(text)
			if f.NumDims() != nd {
				return oracle.Array{}, fmt.Errorf("format of %d dims for a %d-d tensor", f.NumDims(), nd)
			}
			if strings.Contains(text, "/ 2") && (a.shape[0]%2 != 0 || a.shape[1]%2 != 0) {
				return oracle.Array{}, fmt.Errorf("a 2 x 2 blocked format needs even sizes, got %v", a.shape)
			}
			return a.dense, nil
		}
	case "gs_equal":
		b, err := g.one(spec{shape: a.shape, dt: a.dt})
		if err != nil {
			return nil, err
		}
		if g.chance(0.5) { // the same dense value in another layout
			b = &input{t: a.t, dense: a.dense, layout: a.layout, dt: a.dt, shape: a.shape, uncoal: a.uncoal, dup: a.dup, fill: a.fill, width: a.width}
			if y, err := convert.ToLayout(a.t, tensor.COO, tensor.DefaultConvert()); err == nil {
				// a conversion from strided drops -0 as an unspecified zero, as torch's to_sparse
				b.t, b.layout, b.uncoal = y, "coo (converted)", b.uncoal || a.layout == "strided"
			}
		}
		c.ins = append(c.ins, b)
		c.gotEqual = func() (bool, error) { return convert.Equal(a.t, b.t) }
		c.want = func() (oracle.Array, error) {
			return oracle.Scalar(dtype.Bool, complex(b2f(sameValues(a.dense, b.dense)), 0)), nil
		}
	}
	return c, nil
}

// conversionFits is nil when a conversion has a result (torch's rules on
// the dims a layout needs), else why not.
func conversionFits(a *input, l tensor.Layout, opt tensor.ConvertOptions) error {
	nd := len(a.shape)
	dd := opt.DenseDim
	if dd < 0 {
		dd = a.dense_
	}
	switch l {
	case tensor.CSR, tensor.CSC, tensor.BSR, tensor.BSC, tensor.DCSR, tensor.DCSC:
		if nd-dd < 2 {
			return fmt.Errorf("%s needs 2 sparse dims", l)
		}
	}
	if l == tensor.CSF && nd-dd < 1 {
		return fmt.Errorf("CSF needs a sparse dim")
	}
	if opt.SparseDim > nd {
		return fmt.Errorf("sparse_dim %d of a %d-d tensor", opt.SparseDim, nd)
	}
	if l == tensor.BSR || l == tensor.BSC {
		s := a.shape[nd-dd-2 : nd-dd]
		if s[0]%opt.BlockSize[0] != 0 || s[1]%opt.BlockSize[1] != 0 {
			return fmt.Errorf("block %v does not divide %v", opt.BlockSize, s)
		}
	}
	return nil
}

// sameValues is torch.equal of two dense arrays (NaN differs from NaN).
func sameValues(a, b oracle.Array) bool {
	if !slices.Equal(a.Shape, b.Shape) || a.DType != b.DType {
		return false
	}
	for i := range a.V {
		if a.V[i] != b.V[i] || math.IsNaN(real(a.V[i])) || math.IsNaN(imag(a.V[i])) {
			return false
		}
	}
	return true
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// makeResize draws sparse_resize_ (sparse sizes grow, or shrink where no
// entry is cut off) or sparse_resize_and_clear_ (every element the fill).
func makeResize(g *gen) (*opCase, error) {
	a, err := g.one(spec{sparseOnly: true})
	if err != nil {
		return nil, err
	}
	nd := len(a.shape)
	size := slices.Clone(a.shape)
	fill := oracle.Round(a.dt, a.fillV)
	if g.chance(0.5) {
		sparseDim := 1 + g.pick(max(nd, 1))
		for d := range size {
			size[d] += int64(g.pick(3) - 1)
			size[d] = max(size[d], 0)
		}
		if nd == 0 {
			size, sparseDim = []int64{int64(g.pick(3))}, 1
		}
		c := &opCase{gs: "gs_sparse_resize_and_clear", op: "sparse_resize_and_clear", ins: []*input{a}, signedZeros: true,
			args: fmt.Sprintf("size=%v sparse_dim=%d dense_dim=%d", size, sparseDim, len(size)-sparseDim)}
		c.got = func() (*tensor.Tensor, error) {
			return ops.SparseResizeAndClear(a.t, size, sparseDim, len(size)-sparseDim)
		}
		c.want = func() (oracle.Array, error) {
			if sparseDim > len(size) {
				return oracle.Array{}, fmt.Errorf("sparse_dim %d of %d dims", sparseDim, len(size))
			}
			return oracle.Full(a.dt, size, fill), nil
		}
		return c, nil
	}
	s := nd - a.t.DenseDim()
	for d := range s {
		size[d] = max(0, size[d]+int64(g.pick(4)-1))
	}
	c := &opCase{gs: "gs_sparse_resize", op: "sparse_resize", ins: []*input{a}, signedZeros: true,
		args: fmt.Sprintf("size=%v sparse_dim=%d dense_dim=%d", size, s, nd-s)}
	c.got = func() (*tensor.Tensor, error) { return ops.SparseResize(a.t, size, s, nd-s) }
	c.want = func() (oracle.Array, error) {
		// torch refuses a size that cuts off a stored entry (even one of an empty value block)
		st, err := convert.AsCOO(a.t)
		if err != nil {
			return oracle.Array{}, err
		}
		for d := range s {
			for _, v := range st.Coords[d] {
				if v >= size[d] {
					return oracle.Array{}, fmt.Errorf("a stored entry has index %d in dim %d, beyond size %v", v, d, size)
				}
			}
		}
		r := oracle.Full(a.dt, size, fill)
		idx := make([]int64, nd)
		for i, v := range a.dense.V {
			oracle.Unravel(int64(i), a.shape, idx)
			inside := true
			for d := range nd {
				inside = inside && idx[d] < size[d]
			}
			if inside {
				r.V[oracle.Ravel(idx, size)] = v
			}
		}
		return r, nil
	}
	return c, nil
}
