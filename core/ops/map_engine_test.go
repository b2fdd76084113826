package ops

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// mapValues are n values of dtype d with the awkward ones among them:
// zeros of both signs, NaN, infinities, extremes of the integer dtypes.
func mapValues(rng *rand.Rand, d dtype.DType, n int) dtype.Array {
	a := dtype.NewArray(d, []int64{int64(n)})
	special := []float64{0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1), 1e300, -7.5, 127, -128, 255, 1 << 40}
	for i := range int64(n) {
		v := rng.NormFloat64() * 50
		if rng.IntN(5) == 0 {
			v = special[rng.IntN(len(special))]
		}
		s := dtype.Complex128Scalar(complex(v, rng.NormFloat64()))
		if !d.IsFloat() && !d.IsComplex() {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				v = 3
			}
			s = dtype.IntScalar(int64(v))
		}
		a.SetComplex(i, s)
	}
	return a
}

// The engine's Map gives the bits the widen-apply-narrow path gave (the
// implementation before the engine: loadVec, applyUnary, store) for every
// unary op of the table and for mul, add and sub of a number on either
// side (its hand-written loop included), over every dtype, on more values
// than one chunk holds.
func TestMapEngineMatchesWidenedPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 2))
	const n = 1<<15 + 77
	lo, hi := dtype.FloatNumber(-3), dtype.IntNumber(40)
	covered := 0
	for _, d := range dtype.AllDTypes {
		src := mapValues(rng, d, n)
		check := func(name string, out dtype.DType, dom domain, ef elemFuncs, fast engine.Fast) {
			if (dom == domReal && ef.real == nil) || (dom == domComplex && ef.cplx == nil) || (dom == domInt && ef.integ == nil) {
				return
			}
			want := applyUnary(ef, loadVec(src, dom)).store(out, src.Shape)
			got, err := engine.Map(src, out, engine.Domain(dom), engine.MapFunc{Int: ef.integ, Real: ef.real, Complex: ef.cplx}, fast)
			require.NoError(t, err)
			require.Equal(t, want.Shape, got.Shape, "%s on %s", name, d)
			require.Equal(t, want.Data, got.Data, "%s on %s (fast %+v)", name, d, fast)
			covered++
		}
		for name, def := range unaryOps {
			args := UnaryArgs{}
			if name == "clamp" {
				args.Min, args.Max = &lo, &hi
			}
			out, err := def.dtype(name, d, &args)
			if err != nil {
				continue
			}
			ef, err := def.funcs(&args, out)
			if err != nil {
				continue
			}
			var fast engine.Fast
			if name == "neg" {
				fast = engine.Fast{Arith: engine.ArithNeg, IntDomain: max(domainOf(d), domainOf(out)) == domInt}
			}
			check(name, out, max(domainOf(d), domainOf(out)), ef, fast)
		}
		for _, name := range []string{"mul", "add", "sub", "div", "true_divide", "gt", "ge", "lt", "le", "eq", "ne"} {
			def := binaryOps[name]
			for _, num := range []dtype.Number{dtype.IntNumber(3), dtype.FloatNumber(0.1), dtype.FloatNumber(math.Inf(-1)), dtype.FloatNumber(math.NaN())} {
				for _, first := range []bool{false, true} {
					args := BinaryArgs{}
					common := dtype.PromoteNumber(d, num.Kind)
					ad, bd := d, num.Kind
					if first {
						ad, bd = bd, ad
					}
					compute, out, err := def.dtype(name, ad, bd, common, args)
					if err != nil {
						continue
					}
					dom := domainOf(compute)
					ef := bindNumber(def.funcs(args, compute), scalarVec(dom, num.Value), first, false)
					check(name, out, dom, ef, numberFast(name, num, dom, first, &args))
				}
			}
		}
	}
	require.Greater(t, covered, 400)
}

// A unary op and an op with a number share the input's structure: the
// result's pos, crd and COO indices are the input's arrays, not copies.
func TestMapSharesStructure(t *testing.T) {
	for _, l := range []tensor.Layout{tensor.CSR, tensor.COO} {
		x := benchLaplacian(t, 3, l)
		for _, f := range []func() (*tensor.Tensor, error){
			func() (*tensor.Tensor, error) { return UnaryByName("sin", x, UnaryArgs{}) },
			func() (*tensor.Tensor, error) {
				return BinaryByName("mul", TensorOperand(x), NumberOperand(dtype.FloatNumber(2)), BinaryArgs{})
			},
		} {
			r, err := f()
			require.NoError(t, err)
			same := func(a, b dtype.Array) bool {
				return len(a.Data) == len(b.Data) && (len(a.Data) == 0 || unsafe.SliceData(a.Data) == unsafe.SliceData(b.Data))
			}
			for i, lv := range x.Levels() {
				require.True(t, same(lv.Pos, r.Levels()[i].Pos) && same(lv.Crd, r.Levels()[i].Crd), "%s level %d", l, i)
			}
			require.True(t, same(x.Indices(), r.Indices()), "%s indices", l)
		}
	}
}

// Unary ops and ops with a number allocate their values and little else
// (the structure is shared): on a 200K-row Laplacian (1M entries) in CSR
// and COO. Copying the structure (12-24 bytes an entry) or widening the
// values (8-16) fails.
func TestMapAllocatesValuesOnly(t *testing.T) {
	const slack = 256 << 10
	for _, l := range []tensor.Layout{tensor.CSR, tensor.COO} {
		x := benchLaplacian(t, 447, l)
		for name, f := range map[string]func() (*tensor.Tensor, error){
			"sin": func() (*tensor.Tensor, error) { return UnaryByName("sin", x, UnaryArgs{}) },
			"neg": func() (*tensor.Tensor, error) { return UnaryByName("neg", x, UnaryArgs{}) },
			"mul": func() (*tensor.Tensor, error) {
				return BinaryByName("mul", TensorOperand(x), NumberOperand(dtype.FloatNumber(2)), BinaryArgs{})
			},
			"gt": func() (*tensor.Tensor, error) {
				return BinaryByName("gt", TensorOperand(x), NumberOperand(dtype.FloatNumber(0)), BinaryArgs{})
			},
		} {
			got, r := allocatedBy(t, f)
			limit := uint64(len(r.Values().Data)) + slack
			require.LessOrEqual(t, got, limit, "%s %s: %d bytes allocated, limit %d", l, name, got, limit)
		}
	}
}
