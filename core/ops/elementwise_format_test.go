package ops

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// ewFormatOps are element-wise ops of one custom-format tensor a (and b of
// the same format and pattern, other values): zero-keeping unary ops, ops
// that change the fill (cos, add of a number), a dtype change (isnan), a
// scalar product and binary ops of two tensors of the format.
var ewFormatOps = []struct {
	name string
	op   func(a, b *tensor.Tensor) (*tensor.Tensor, error)
}{
	{"neg", func(a, _ *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName("neg", a, UnaryArgs{}) }},
	{"abs", func(a, _ *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName("abs", a, UnaryArgs{}) }},
	{"cos", func(a, _ *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName("cos", a, UnaryArgs{}) }},
	{"isnan", func(a, _ *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName("isnan", a, UnaryArgs{}) }},
	{"mul 2.5", func(a, _ *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("mul", TensorOperand(a), NumberOperand(dtype.FloatNumber(2.5)), BinaryArgs{})
	}},
	{"add 1", func(a, _ *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("add", TensorOperand(a), NumberOperand(dtype.FloatNumber(1)), BinaryArgs{})
	}},
	{"a + b", func(a, b *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("add", TensorOperand(a), TensorOperand(b), BinaryArgs{})
	}},
	{"a - b", func(a, b *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("sub", TensorOperand(a), TensorOperand(b), BinaryArgs{})
	}},
	{"a * b", func(a, b *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("mul", TensorOperand(a), TensorOperand(b), BinaryArgs{})
	}},
}

// TestElementwiseKeepsFormat: over every formats.json case stored in a
// custom format (DIA-I/J, anti-diagonal, CROW/CCOL, BSR/BSC with
// column-major blocks, delta, N:M, blocked vectors, batched DIA, permuted
// 3-d formats, ...), each op gives a tensor of the input's format whose
// dense value is the op of the dense input.
func TestElementwiseKeepsFormat(t *testing.T) {
	for _, c := range tensortest.LoadUSTCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		da, err := tensor.NewStridedCopy(dtype.Float64Array(c.Dense.Data, c.Dense.Shape...))
		require.NoError(t, err, c.ID)
		db, err := BinaryByName("mul", TensorOperand(da), NumberOperand(dtype.FloatNumber(-1.5)), BinaryArgs{})
		require.NoError(t, err, c.ID)
		a, err := convert.ToFormat(da, f)
		require.NoError(t, err, c.ID)
		if a.Layout() != tensor.Custom {
			continue // a named layout's case: its rules are the layout's
		}
		b, err := convert.ToFormat(db, f)
		require.NoError(t, err, c.ID)
		for _, o := range ewFormatOps {
			msg := c.ID + " " + o.name
			want, err := o.op(da, db)
			require.NoError(t, err, msg)
			got, err := o.op(a, b)
			require.NoError(t, err, msg)
			require.Equal(t, tensor.Custom, got.Layout(), msg)
			assert.True(t, tensor.PositionalNames(got.Format()).Equal(tensor.PositionalNames(f)), "%s: format %s", msg, got.Format())
			ewRequireSameDense(t, want, got, msg)
		}
	}
}

// TestElementwiseFormatUnion: two DIA tensors with different diagonals add
// to a DIA tensor holding the union; a structured 2:4 sum whose strips
// overflow and an asked-for output layout follow the COO rules, a custom
// tensor with a CSR one gives CSR; results equal the dense ops.
func TestElementwiseFormatUnion(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	da := tensortest.RandomDense(t, rng, dtype.Float64, []int64{6, 8}, 0.3)
	db := tensortest.RandomDense(t, rng, dtype.Float64, []int64{6, 8}, 0.3)
	want, err := BinaryByName("add", TensorOperand(da), TensorOperand(db), BinaryArgs{})
	require.NoError(t, err)
	a, err := convert.ToFormat(da, format.DIAI())
	require.NoError(t, err)
	b, err := convert.ToFormat(db, format.DIAI())
	require.NoError(t, err)
	got, err := BinaryByName("add", TensorOperand(a), TensorOperand(b), BinaryArgs{})
	require.NoError(t, err)
	assert.True(t, got.Format().Equal(format.DIAI()), "%s", got.Format())
	ewRequireSameDense(t, want, got, "DIA + DIA")

	// [1 1 0 0] + [0 0 1 1] has four values in one 2:4 strip.
	nm := mustFormat(format.StructuredNM(2, 4))
	x, err := convert.ToFormat(tensortest.MustDense(t, []float64{1, 1, 0, 0}, 1, 4), nm)
	require.NoError(t, err)
	y, err := convert.ToFormat(tensortest.MustDense(t, []float64{0, 0, 1, 1}, 1, 4), nm)
	require.NoError(t, err)
	got, err = BinaryByName("add", TensorOperand(x), TensorOperand(y), BinaryArgs{})
	require.NoError(t, err)
	assert.Equal(t, tensor.COO, got.Layout())
	ewRequireSameDense(t, tensortest.MustDense(t, []float64{1, 1, 1, 1}, 1, 4), got, "2:4 overflow")

	csr, err := convert.ToFormat(db, format.CSR())
	require.NoError(t, err)
	got, err = BinaryByName("add", TensorOperand(a), TensorOperand(csr), BinaryArgs{})
	require.NoError(t, err)
	assert.Equal(t, tensor.CSR, got.Layout()) // the named operand's layout
	ewRequireSameDense(t, want, got, "DIA + CSR")

	l := tensor.CSR
	got, err = UnaryByName("neg", a, UnaryArgs{Out: Output{Layout: &l}})
	require.NoError(t, err)
	assert.Equal(t, tensor.CSR, got.Layout())
	wantNeg, err := UnaryByName("neg", da, UnaryArgs{})
	require.NoError(t, err)
	ewRequireSameDense(t, wantNeg, got, "neg to CSR")
}

// TestElementwiseFormatRule: the result-format rule of element-wise ops
// (elementwiseFormat) holds for custom operands of one format and size with
// no output layout asked, and not otherwise; the plan states a result
// conversion exactly where the rule holds, and the op's result then has
// that format (two DIA-I tensors of different diagonals merge on their COO
// forms and come back DIA-I; DIA-I + DIA-J gives COO).
func TestElementwiseFormatRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 9))
	custom := func(f format.Format, shape []int64) *tensor.Tensor {
		d := tensortest.RandomDense(t, rng, dtype.Float64, shape, 0.4)
		x, err := convert.ToFormat(d, f)
		require.NoError(t, err)
		return x
	}
	a, b := custom(format.DIAI(), []int64{6, 7}), custom(format.DIAI(), []int64{6, 7})
	c, small := custom(format.DIAJ(), []int64{6, 7}), custom(format.DIAI(), []int64{6, 6})
	csr, err := convert.ToLayout(a, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	coo := tensor.COO
	for _, k := range []struct {
		name string
		o    Output
		ops  []*tensor.Tensor
		want bool
	}{
		{"a", Output{}, []*tensor.Tensor{a}, true},
		{"a, b", Output{}, []*tensor.Tensor{a, b}, true},
		{"a, DIA-J", Output{}, []*tensor.Tensor{a, c}, false},
		{"a, CSR", Output{}, []*tensor.Tensor{a, csr}, false},
		{"a, another size", Output{}, []*tensor.Tensor{a, small}, false},
		{"a, b to COO", Output{Layout: &coo}, []*tensor.Tensor{a, b}, false},
		{"none", Output{}, nil, false},
	} {
		f, ok := elementwiseFormat(k.o, k.ops...)
		require.Equal(t, k.want, ok, k.name)
		if ok {
			require.True(t, f.Equal(format.DIAI()), k.name)
		}
	}
	for _, k := range []struct {
		name string
		b    *tensor.Tensor
		want bool
	}{{"DIA-I + DIA-I", b, true}, {"DIA-I + DIA-J", c, false}} {
		p, err := PlanBinary("add", TensorOperand(a), TensorOperand(k.b), BinaryArgs{})
		require.NoError(t, err, k.name)
		planned := false
		for _, cv := range p.Converts {
			planned = planned || cv.Operand == "result" && cv.To == format.DIAI().String()+" (the element-wise format rule)"
		}
		assert.Equal(t, k.want, planned, "%s: plan %+v", k.name, p.Converts)
		r, err := BinaryByName("add", TensorOperand(a), TensorOperand(k.b), BinaryArgs{})
		require.NoError(t, err, k.name)
		assert.Equal(t, k.want, r.Layout() == tensor.Custom && r.Format().Equal(format.DIAI()), "%s: result %s", k.name, r.Format())
		ewRequireSameDense(t, mustAddDense(t, a, k.b), r, k.name)
	}
}

// mustAddDense is a + b computed on their dense forms.
func mustAddDense(t *testing.T, a, b *tensor.Tensor) *tensor.Tensor {
	t.Helper()
	da, err := convert.ToDense(a)
	require.NoError(t, err)
	db, err := convert.ToDense(b)
	require.NoError(t, err)
	r, err := BinaryByName("add", TensorOperand(da), TensorOperand(db), BinaryArgs{})
	require.NoError(t, err)
	return r
}
