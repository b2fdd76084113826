package ops

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ewFormatPairs are the (a, b) format pairs tried for a case: every pair
// when all is set, else each format with itself, with strided on either side
// and with a format three places on.
func ewFormatPairs(all bool) [][2]ewFormat {
	var pairs [][2]ewFormat
	for i, fa := range ewFormats {
		if all {
			for _, fb := range ewFormats {
				pairs = append(pairs, [2]ewFormat{fa, fb})
			}
			continue
		}
		pairs = append(pairs, [2]ewFormat{fa, fa}, [2]ewFormat{fa, ewFormats[0]}, [2]ewFormat{ewFormats[0], fa},
			[2]ewFormat{fa, ewFormats[(i+3)%len(ewFormats)]})
	}
	return pairs
}

// ewDefaultLayout is torch's result layout, as BinaryByName documents it.
func ewDefaultLayout(op string, a, b tensor.Layout) tensor.Layout {
	switch {
	case a != tensor.Strided && b != tensor.Strided:
		return a
	case op == "mul" && a != tensor.Strided:
		return a
	case op == "mul" && b != tensor.Strided:
		return b
	}
	return tensor.Strided
}

// TestBinaryMatchesDense checks to_dense(op(A, B)) == op(to_dense(A),
// to_dense(B)) for every binary op over format pairs, dtype pairs, shapes and
// zero and non-zero fills; the result has torch's layout, and refusals agree.
func TestBinaryMatchesDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	dtypePairs := [][2]dtype.DType{{dtype.Float64, dtype.Float64}, {dtype.Float32, dtype.Float32}, {dtype.Int64, dtype.Int64}, {dtype.Bool, dtype.Bool},
		{dtype.Complex128, dtype.Complex128}, {dtype.Int64, dtype.Float32}, {dtype.Float32, dtype.Float64}, {dtype.Bool, dtype.Int64}, {dtype.Float64, dtype.Complex128},
		{dtype.Float16, dtype.BFloat16}, {dtype.UInt8, dtype.Int8}, {dtype.Int32, dtype.Complex64}}
	ops := BinaryOps()
	for pi, dp := range dtypePairs {
		for si, sc := range ewShapes {
			da, db := ewDense(rng, dp[0], sc), ewDense(rng, dp[1], sc)
			fa, fb := ewFill(dp[0]), ewFill(dp[1])
			fills := [][2]*dtype.Scalar{{nil, nil}, {&fa, &fb}, {&fa, nil}}
			for _, fp := range ewFormatPairs(pi == 0 && si == 0) {
				for _, fill := range fills {
					a := ewBuild(t, da, fp[0], sc, fill[0])
					b := ewBuild(t, db, fp[1], sc, fill[1])
					ra, err := convert.ToDense(a)
					require.NoError(t, err)
					rb, err := convert.ToDense(b)
					require.NoError(t, err)
					for _, op := range ops {
						msg := ewName(op, " ", dp, " ", sc.name, " ", fp[0].name, "+", fp[1].name, " fills=", fill[0] != nil, fill[1] != nil)
						want, werr := BinaryByName(op, TensorOperand(ra), TensorOperand(rb), BinaryArgs{})
						got, gerr := BinaryByName(op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
						if werr != nil {
							require.Error(t, gerr, msg)
							require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), "%s: %v / %v", msg, werr, gerr)
							continue
						}
						require.NoError(t, gerr, msg)
						require.Equal(t, ewDefaultLayout(op, a.Layout(), b.Layout()), got.Layout(), msg)
						ewRequireSameDense(t, want, got, msg)
					}
				}
			}
		}
	}
}

// TestBinaryWithNumber checks op(A, n) and op(n, A) against the dense op for
// numbers of every kind, keeping A's layout.
func TestBinaryWithNumber(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	numbers := []dtype.Number{dtype.IntNumber(2), dtype.IntNumber(0), dtype.FloatNumber(-1.5), dtype.BoolNumber(true), dtype.ComplexNumber(complex(1, -2))}
	for _, d := range ewDTypes {
		for _, sc := range ewShapes {
			dense := ewDense(rng, d, sc)
			nz := ewFill(d)
			for _, f := range ewFormats {
				for _, fill := range []*dtype.Scalar{nil, &nz} {
					a := ewBuild(t, dense, f, sc, fill)
					ra, err := convert.ToDense(a)
					require.NoError(t, err)
					for _, op := range BinaryOps() {
						for _, n := range numbers {
							for _, first := range []bool{false, true} {
								x, y, rx, ry := TensorOperand(a), NumberOperand(n), TensorOperand(ra), NumberOperand(n)
								if first {
									x, y, rx, ry = y, x, ry, rx
								}
								msg := ewName(op, " ", d, " ", sc.name, " ", f.name, " fill=", fill != nil, " n=", n, " first=", first)
								want, werr := BinaryByName(op, rx, ry, BinaryArgs{})
								got, gerr := BinaryByName(op, x, y, BinaryArgs{})
								if werr != nil {
									require.Error(t, gerr, msg)
									require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), msg)
									continue
								}
								require.NoError(t, gerr, msg)
								require.Equal(t, a.Layout(), got.Layout(), msg)
								ewRequireSameDense(t, want, got, msg)
							}
						}
					}
				}
			}
		}
	}
}

// TestBinaryAgainstMath spot-checks results on hand-made tensors.
func TestBinaryAgainstMath(t *testing.T) {
	a, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 2}, 1, 2), dtype.Float64Array([]float64{1.5, -4}), []int64{4}, tensor.BuildOptions{Coalesced: true})
	require.NoError(t, err)
	b, err := tensor.NewCOO(dtype.Int64Array([]int64{2, 3}, 1, 2), dtype.Float64Array([]float64{2, 8}), []int64{4}, tensor.BuildOptions{Coalesced: true})
	require.NoError(t, err)
	b, err = tensor.WithFill(b, tensor.ScalarBytes(dtype.Float64, dtype.Real(0.5)))
	require.NoError(t, err)
	dense := func(x *tensor.Tensor) []float64 {
		d, err := convert.ToDense(x)
		require.NoError(t, err)
		return append([]float64(nil), dtype.AsSlice[float64](d.Values())...)
	}
	run := func(op string) *tensor.Tensor {
		r, err := BinaryByName(op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
		require.NoError(t, err, op)
		return r
	}
	// a = [1.5, 0, -4, 0] (fill 0), b = [0.5, 0.5, 2, 8] (fill 0.5)
	assert.Equal(t, []float64{2, 0.5, -2, 8}, dense(run("add")))
	sum := run("add")
	assert.Equal(t, 0.5, dtype.LoadScalar(sum.DType(), sum.FillElem()).Re())
	assert.Equal(t, []float64{0.75, 0, -8, 0}, dense(run("mul")))
	assert.Equal(t, []float64{3, 0, -2, 0}, dense(run("div")))
	assert.Equal(t, []float64{3, 0, -2, 0}, dense(run("floor_divide")))
	assert.Equal(t, []float64{math.Pow(1.5, 0.5), 0, 16, 0}, dense(run("pow")))
	assert.Equal(t, []float64{1.5, 0.5, 2, 8}, dense(run("maximum")))
	lt := run("lt")
	assert.Equal(t, dtype.Bool, lt.DType())
	d, err := convert.ToDense(lt)
	require.NoError(t, err)
	assert.Equal(t, []byte{0, 1, 1, 1}, d.Values().Data)
	// floor division rounds toward -inf; torch's formula keeps it exact.
	assert.Equal(t, -2.0, floorDivReal(-3, 2))
	assert.Equal(t, 1.0, floorDivReal(-3, -2))
	assert.Equal(t, int64(-2), floorDivInt(-3, 2))
	assert.Equal(t, int64(-3), floorDivInt(5, -2))
	assert.True(t, math.Signbit(floorDivReal(-0.5, 4)))
	assert.Equal(t, int64(0), powInt(2, -1))
	assert.Equal(t, int64(-1), powInt(-1, -3))
	assert.Equal(t, int64(1024), powInt(2, 10))
}

// TestCOOAddTorchOrder: adding uncoalesced COO tensors concatenates them as
// torch does (spec_examples coo_add_concat), and keeps them uncoalesced;
// coalesced operands give the coalesced union.
func TestCOOAddTorchOrder(t *testing.T) {
	a, err := tensor.NewCOO(dtype.Int64Array([]int64{1, 1}, 1, 2), dtype.Int64Array([]int64{5, 6}), []int64{2}, tensor.BuildOptions{})
	require.NoError(t, err)
	b, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 0}, 1, 2), dtype.Int64Array([]int64{7, 8}), []int64{2}, tensor.BuildOptions{})
	require.NoError(t, err)
	r, err := BinaryByName("add", TensorOperand(a), TensorOperand(b), BinaryArgs{})
	require.NoError(t, err)
	idx, err := tensor.Component(r, tensor.CompRawIndices)
	require.NoError(t, err)
	vals, err := tensor.Component(r, tensor.CompRawValues)
	require.NoError(t, err)
	assert.False(t, r.IsCoalesced())
	assert.Equal(t, []int64{0, 0, 1, 1}, []int64{idx.Index(0), idx.Index(1), idx.Index(2), idx.Index(3)})
	assert.Equal(t, []int64{7, 8, 5, 6}, dtype.AsSlice[int64](vals))

	alpha := dtype.IntNumber(2)
	ca, err := convert.Coalesce(a)
	require.NoError(t, err)
	cb, err := convert.Coalesce(b)
	require.NoError(t, err)
	s, err := BinaryByName("sub", TensorOperand(ca), TensorOperand(cb), BinaryArgs{Alpha: &alpha})
	require.NoError(t, err)
	assert.True(t, s.IsCoalesced())
	sv, err := tensor.Component(s, tensor.CompValues)
	require.NoError(t, err)
	assert.Equal(t, []int64{-30, 11}, dtype.AsSlice[int64](sv))
}

// TestMulIntersection: mul of COO tensors stores only common coordinates,
// and is marked coalesced only when both operands are (torch's flag); a
// sparse * dense product stays sparse, exact even against infinities.
func TestMulIntersection(t *testing.T) {
	a, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 2, 2}, 1, 3), dtype.Float64Array([]float64{1, 2, 3}), []int64{4}, tensor.BuildOptions{})
	require.NoError(t, err)
	b, err := tensor.NewCOO(dtype.Int64Array([]int64{2, 3}, 1, 2), dtype.Float64Array([]float64{10, 20}), []int64{4}, tensor.BuildOptions{Coalesced: true})
	require.NoError(t, err)
	m, err := BinaryByName("mul", TensorOperand(a), TensorOperand(b), BinaryArgs{})
	require.NoError(t, err)
	assert.Equal(t, int64(1), m.NNZ())
	assert.False(t, m.IsCoalesced())
	mv := m.Values()
	assert.Equal(t, []float64{50}, dtype.AsSlice[float64](mv))

	dense, err := tensor.NewStrided(dtype.Float64Array([]float64{2, math.Inf(1), 3, 4}))
	require.NoError(t, err)
	p, err := BinaryByName("mul", TensorOperand(a), TensorOperand(dense), BinaryArgs{})
	require.NoError(t, err)
	assert.Equal(t, tensor.COO, p.Layout())
	d, err := convert.ToDense(p)
	require.NoError(t, err)
	got := dtype.AsSlice[float64](d.Values())
	assert.Equal(t, 2.0, got[0])
	assert.True(t, math.IsNaN(got[1]), "0 * inf is NaN")
	assert.Equal(t, []float64{15, 0}, got[2:])
}

// TestBinaryOutputLayouts: any result layout may be asked for; batched
// compressed results get even batches.
func TestBinaryOutputLayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	sc := ewShape{"4x6", []int64{4, 6}, 0}
	a := ewBuild(t, ewDense(rng, dtype.Float64, sc), ewFormats[1], sc, nil)
	b := ewBuild(t, ewDense(rng, dtype.Float64, sc), ewFormats[3], sc, nil)
	want, err := BinaryByName("add", TensorOperand(ewToDense(t, a)), TensorOperand(ewToDense(t, b)), BinaryArgs{})
	require.NoError(t, err)
	for _, l := range tensor.AllLayouts {
		l := l
		got, err := BinaryByName("add", TensorOperand(a), TensorOperand(b), BinaryArgs{Out: Output{Layout: &l, BlockSize: [2]int64{2, 3}}})
		require.NoError(t, err, l.String())
		assert.Equal(t, l, got.Layout())
		ewRequireSameDense(t, want, got, l.String())
	}

	// Two batches with different patterns: the union must be evened out.
	x := dtype.NewArray(dtype.Float64, []int64{2, 2, 2})
	y := dtype.NewArray(dtype.Float64, []int64{2, 2, 2})
	copy(dtype.AsSlice[float64](x), []float64{1, 0, 0, 0, 2, 0, 0, 0})
	copy(dtype.AsSlice[float64](y), []float64{0, 3, 0, 0, 4, 0, 0, 0})
	tx, err := tensor.NewStrided(x)
	require.NoError(t, err)
	ty, err := tensor.NewStrided(y)
	require.NoError(t, err)
	sx, err := convert.ToLayout(tx, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	sy, err := convert.ToLayout(ty, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	s, err := BinaryByName("add", TensorOperand(sx), TensorOperand(sy), BinaryArgs{})
	require.NoError(t, err)
	assert.Equal(t, int64(2), s.NNZ(), "batch 0 holds 2 entries, batch 1 is padded to 2")
	dw, err := BinaryByName("add", TensorOperand(tx), TensorOperand(ty), BinaryArgs{})
	require.NoError(t, err)
	ewRequireSameDense(t, dw, s, "batched add")
	// As 2x1 BSR blocks: batch 0 covers two blocks, batch 1 one, padded to two.
	bsr := tensor.BSR
	sb, err := BinaryByName("add", TensorOperand(sx), TensorOperand(sy), BinaryArgs{Out: Output{Layout: &bsr, BlockSize: [2]int64{2, 1}}})
	require.NoError(t, err)
	assert.Equal(t, tensor.BSR, sb.Layout())
	assert.Equal(t, int64(2), sb.NNZ())
	ewRequireSameDense(t, dw, sb, "batched add to bsr")
}

func ewToDense(t *testing.T, x *tensor.Tensor) *tensor.Tensor {
	t.Helper()
	d, err := convert.ToDense(x)
	require.NoError(t, err)
	return d
}

// TestBinaryBadInput: mismatched shapes (torch's message), unknown ops,
// dtype refusals, integer division by zero, misplaced arguments.
func TestBinaryBadInput(t *testing.T) {
	a, err := tensor.Empty(tensor.COO, dtype.Float64, []int64{3, 4}, [2]int64{}, 0)
	require.NoError(t, err)
	b, err := tensor.Empty(tensor.COO, dtype.Float64, []int64{4, 3}, [2]int64{}, 0)
	require.NoError(t, err)
	_, err = BinaryByName("add", TensorOperand(a), TensorOperand(b), BinaryArgs{})
	require.Error(t, err)
	assert.Equal(t, "add: The size of tensor a (4) must match the size of tensor b (3) at non-singleton dimension 1 (sizes [3, 4] and [4, 3] do not broadcast)", err.Error())
	assert.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))

	_, err = BinaryByName("plus", TensorOperand(a), TensorOperand(a), BinaryArgs{})
	assert.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	assert.ErrorContains(t, err, `"plus" is unknown`)
	_, err = BinaryByName("add", NumberOperand(dtype.IntNumber(1)), NumberOperand(dtype.IntNumber(2)), BinaryArgs{})
	assert.ErrorContains(t, err, "at least one operand must be a tensor")

	c, err := tensor.Empty(tensor.CSR, dtype.Complex128, []int64{2, 2}, [2]int64{}, 0)
	require.NoError(t, err)
	for _, op := range []string{"floor_divide", "maximum", "lt"} {
		_, err = BinaryByName(op, TensorOperand(c), TensorOperand(c), BinaryArgs{})
		assert.Equal(t, errs.ErrDType, errs.CodeOf(err), "%s of complex: %v", op, err)
	}
	bl, err := tensor.Empty(tensor.CSR, dtype.Bool, []int64{2, 2}, [2]int64{}, 0)
	require.NoError(t, err)
	_, err = BinaryByName("sub", TensorOperand(bl), TensorOperand(bl), BinaryArgs{})
	assert.Equal(t, errs.ErrDType, errs.CodeOf(err))
	// torch refuses floor division and pow of two bool tensors; a bool number exponent is fine
	for _, c := range []struct {
		op   string
		args BinaryArgs
	}{{"floor_divide", BinaryArgs{}}, {"div", BinaryArgs{RoundingMode: "floor"}}, {"div", BinaryArgs{RoundingMode: "trunc"}}, {"pow", BinaryArgs{}}} {
		_, err = BinaryByName(c.op, TensorOperand(bl), TensorOperand(bl), c.args)
		assert.Equal(t, errs.ErrDType, errs.CodeOf(err), "%s %v of bool: %v", c.op, c.args, err)
	}
	p, err := BinaryByName("pow", TensorOperand(bl), NumberOperand(dtype.BoolNumber(true)), BinaryArgs{})
	require.NoError(t, err)
	assert.Equal(t, dtype.Bool, p.DType())
	// torch: True ** t and t ** tensor(True) are refused (a bool exponent tensor)
	_, err = BinaryByName("pow", NumberOperand(dtype.BoolNumber(true)), TensorOperand(bl), BinaryArgs{})
	assert.Equal(t, errs.ErrDType, errs.CodeOf(err), "True ** bool tensor: %v", err)
	bl0, err := tensor.Empty(tensor.COO, dtype.Bool, []int64{}, [2]int64{}, 0)
	require.NoError(t, err)
	_, err = BinaryByName("pow", TensorOperand(bl), TensorOperand(bl0), BinaryArgs{})
	assert.Equal(t, errs.ErrDType, errs.CodeOf(err), "bool tensor ** 0-d bool tensor: %v", err)
	p, err = BinaryByName("pow", TensorOperand(bl0), NumberOperand(dtype.BoolNumber(true)), BinaryArgs{})
	require.NoError(t, err, "0-d bool tensor ** True")
	assert.Equal(t, dtype.Bool, p.DType())
	i, err := tensor.Empty(tensor.CSR, dtype.Int64, []int64{2, 2}, [2]int64{}, 0)
	require.NoError(t, err)
	half := dtype.FloatNumber(0.5)
	_, err = BinaryByName("add", TensorOperand(i), TensorOperand(i), BinaryArgs{Alpha: &half})
	assert.ErrorContains(t, err, "alpha must not be a floating point number")
	_, err = BinaryByName("mul", TensorOperand(i), TensorOperand(i), BinaryArgs{Alpha: &half})
	assert.ErrorContains(t, err, "mul: takes no alpha")
	_, err = BinaryByName("div", TensorOperand(i), TensorOperand(i), BinaryArgs{RoundingMode: "round"})
	assert.ErrorContains(t, err, "rounding_mode")
	// Integer division by zero: the unspecified elements of i are 0.
	_, err = BinaryByName("floor_divide", TensorOperand(i), TensorOperand(i), BinaryArgs{})
	assert.ErrorContains(t, err, "ZeroDivisionError")
	_, err = BinaryByName("floor_divide", TensorOperand(i), NumberOperand(dtype.IntNumber(0)), BinaryArgs{})
	assert.ErrorContains(t, err, "ZeroDivisionError")
	// an empty tensor divides by the number 0 quietly, as in torch
	e, err := tensor.Empty(tensor.CSR, dtype.Int64, []int64{2, 0}, [2]int64{}, 0)
	require.NoError(t, err)
	q0, err := BinaryByName("floor_divide", TensorOperand(e), NumberOperand(dtype.IntNumber(0)), BinaryArgs{})
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 0}, q0.Dims())
	_, err = BinaryByName("div", NumberOperand(dtype.IntNumber(1)), TensorOperand(i), BinaryArgs{RoundingMode: "trunc"})
	assert.ErrorContains(t, err, "ZeroDivisionError")
	// True division of integers is float and never refuses.
	q, err := BinaryByName("div", TensorOperand(i), TensorOperand(i), BinaryArgs{})
	require.NoError(t, err)
	assert.Equal(t, dtype.Float32, q.DType())
	assert.True(t, math.IsNaN(dtype.LoadScalar(q.DType(), q.FillElem()).Re()), "0 / 0")
	bsr := tensor.BSR
	_, err = BinaryByName("add", TensorOperand(a), TensorOperand(a), BinaryArgs{Out: Output{Layout: &bsr}})
	assert.ErrorContains(t, err, "blocksize")
	bad := tensor.Layout(99)
	_, err = BinaryByName("add", TensorOperand(a), TensorOperand(a), BinaryArgs{Out: Output{Layout: &bad}})
	assert.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
}

// TestBinarySignedZeroAndScalars: a dense operand's -0.0 keeps its sign in
// a sparse result (1 / -0 is -inf), and 0-d tensors combine.
func TestBinarySignedZeroAndScalars(t *testing.T) {
	a, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 1}, 1, 2), dtype.Float64Array([]float64{1, 1}), []int64{2}, tensor.BuildOptions{Coalesced: true})
	require.NoError(t, err)
	d, err := tensor.NewStrided(dtype.Float64Array([]float64{math.Copysign(0, -1), 0}))
	require.NoError(t, err)
	coo := tensor.COO
	q, err := BinaryByName("div", TensorOperand(a), TensorOperand(d), BinaryArgs{Out: Output{Layout: &coo}})
	require.NoError(t, err)
	qd := ewToDense(t, q)
	assert.Equal(t, []float64{math.Inf(-1), math.Inf(1)}, dtype.AsSlice[float64](qd.Values()))

	scalar := dtype.NewArray(dtype.Float64, []int64{})
	dtype.AsSlice[float64](scalar)[0] = 2
	x0, err := tensor.NewStrided(scalar)
	require.NoError(t, err)
	s, err := BinaryByName("mul", TensorOperand(x0), TensorOperand(x0), BinaryArgs{})
	require.NoError(t, err)
	assert.Equal(t, 0, s.NDim())
	assert.Equal(t, 4.0, s.Values().Complex(0).Re())
	c := mustUnary(t, "exp", x0)
	assert.InDelta(t, math.Exp(2), c.Values().Complex(0).Re(), 1e-15)
}

// TestPowComplexZeroBaseNaNExponent: pow of a complex 0 by an exponent with
// a NaN and an infinite part is NaN; it panicked inside Go's cmplx.Pow
// ("not reached"), found by internal/proptest (seed 2 case 74963).
func TestPowComplexZeroBaseNaNExponent(t *testing.T) {
	base := dtype.NewArray(dtype.Complex128, []int64{2})
	exp := dtype.NewArray(dtype.Complex128, []int64{2})
	exp.SetComplex(0, dtype.Complex128Scalar(complex(math.NaN(), math.Inf(1))))
	exp.SetComplex(1, dtype.Complex128Scalar(complex(math.NaN(), math.Inf(-1))))
	x, err := tensor.NewStrided(base)
	require.NoError(t, err)
	y, err := tensor.NewStrided(exp)
	require.NoError(t, err)
	for _, b := range []Operand{TensorOperand(y), NumberOperand(dtype.ComplexNumber(complex(math.NaN(), math.Inf(1))))} {
		r, err := BinaryByName("pow", TensorOperand(x), b, BinaryArgs{})
		require.NoError(t, err)
		v := r.Values().Complex(0)
		assert.True(t, math.IsNaN(v.Re()) || math.IsNaN(v.Im()), "0 ** (NaN+inf i) = %v", v)
	}
}

// TestPowComplexZeroExponent: with a tensor exponent 0, a complex zero, NaN
// or infinite base gives NaN (torch's exp(0 * log x)) and a finite non-zero
// one 1; with a number exponent 0 every base gives 1 (torch 2.x).
func TestPowComplexZeroExponent(t *testing.T) {
	bases := []complex128{0, complex(math.NaN(), 0), complex(math.Inf(1), 0), complex(0, math.Inf(-1)), 2 - 1i}
	base := dtype.NewArray(dtype.Complex128, []int64{int64(len(bases))})
	for i, b := range bases {
		base.SetComplex(int64(i), dtype.Complex128Scalar(b))
	}
	x, err := tensor.NewStrided(base)
	require.NoError(t, err)
	y, err := tensor.NewStrided(dtype.NewArray(dtype.Complex128, []int64{int64(len(bases))}))
	require.NoError(t, err)
	r, err := BinaryByName("pow", TensorOperand(x), TensorOperand(y), BinaryArgs{})
	require.NoError(t, err)
	for i := range bases {
		v := r.Values().Complex(int64(i))
		if i < len(bases)-1 {
			assert.True(t, math.IsNaN(v.Re()) && math.IsNaN(v.Im()), "%v ** tensor 0 = %v", bases[i], v)
		} else {
			assert.Equal(t, dtype.Complex128Scalar(1), v, "%v ** tensor 0", bases[i])
		}
	}
	r, err = BinaryByName("pow", TensorOperand(x), NumberOperand(dtype.ComplexNumber(0)), BinaryArgs{})
	require.NoError(t, err)
	for i := range bases {
		assert.Equal(t, dtype.Complex128Scalar(1), r.Values().Complex(int64(i)), "%v ** number 0", bases[i])
	}
}
