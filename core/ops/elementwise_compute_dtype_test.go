package ops

import (
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// TestOperandsReadInComputeDType: torch converts each operand to the dtype
// the op computes in before computing; the expected values are torch
// 2.15's. Reading an int32 tensor widened to float64 gave 8421504 for
// 2147483647 / 255 (x.float() / 255 gives 8421505) and 0 for 2147483647 *
// float16 0 (2147483647 is a float16 infinity: NaN); a float64 number kept
// its digits beside a float32 tensor (-16777216 + 16777217 gave 1).
func TestOperandsReadInComputeDType(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		name    string
		op      string
		a, b    func(tensor.Layout) Operand
		want    []float64
		wantOut dtype.DType
	}{
		{"int32 / uint8", "div", ieeeOp(t, dtype.Int32, 2147483647, 70000, 3), ieeeOp(t, dtype.UInt8, 255, 1, 0),
			[]float64{8421505, 70000, math.Inf(1)}, dtype.Float32},
		{"int32 * float16", "mul", ieeeOp(t, dtype.Int32, 2147483647, 70000, 65519), ieeeOp(t, dtype.Float16, 0, 0, 0),
			[]float64{nan, nan, 0}, dtype.Float16},
		{"int32 == float16", "eq", ieeeOp(t, dtype.Int32, 2147483647, 70000, 3), ieeeOp(t, dtype.Float16, math.Inf(1), math.Inf(1), 3),
			[]float64{1, 1, 1}, dtype.Bool},
		{"int64 / int64", "div", ieeeOp(t, dtype.Int64, 1<<40+1, 7, 0), ieeeOp(t, dtype.Int64, 3, 1, 1),
			[]float64{float64(float32(float32(1<<40) / 3)), 7, 0}, dtype.Float32},
		{"float32 + int number", "add", ieeeOp(t, dtype.Float32, -16777216, 1, 0), num(dtype.IntNumber(16777217)),
			[]float64{0, 16777216, 16777216}, dtype.Float32},
		{"float32 == float number", "eq", ieeeOp(t, dtype.Float32, float64(float32(0.1)), 0.1, 0), num(dtype.FloatNumber(0.1)),
			[]float64{1, 1, 0}, dtype.Bool},
		{"bfloat16 == float number", "eq", ieeeOp(t, dtype.BFloat16, 1, 2, 0), num(dtype.FloatNumber(1.0009775161743164)),
			[]float64{1, 0, 0}, dtype.Bool},
		{"float16 + float number", "add", ieeeOp(t, dtype.Float16, 1, 0, -1), num(dtype.FloatNumber(1.0009775161743164)),
			[]float64{2, 1.0009765625, 0.0009765625}, dtype.Float16},
		// mul computes with the number in float32: 3 * 0.1f, not 3 * 0.1h.
		{"float16 * float number", "mul", ieeeOp(t, dtype.Float16, 3, 0, 1), num(dtype.FloatNumber(0.1)),
			[]float64{0.300048828125, 0, 0.0999755859375}, dtype.Float16},
	}
	for _, c := range cases {
		for _, l := range []tensor.Layout{tensor.Strided, tensor.COO, tensor.CSR, tensor.BSC} {
			for _, swap := range []bool{false, true} {
				x, y := c.a(l), c.b(tensor.Strided)
				if swap {
					if c.op == "div" || c.op == "add" && y.Tensor == nil {
						continue // not symmetric, or tested as given
					}
					x, y = y, x
				}
				msg := c.name + " " + l.String()
				r, err := BinaryByName(c.op, x, y, BinaryArgs{})
				require.NoError(t, err, msg)
				require.Equal(t, c.wantOut, r.DType(), msg)
				d, err := convert.ToDense(r)
				require.NoError(t, err, msg)
				for i, w := range c.want {
					g := d.Values().Complex(int64(i)).Re()
					if math.IsNaN(w) {
						require.True(t, math.IsNaN(g), "%s [%d]: got %v, want NaN", msg, i, g)
						continue
					}
					require.Equal(t, w, g, "%s [%d]", msg, i)
				}
			}
		}
	}
}

// ieeeOp builds a 1 x n tensor operand of dtype d holding vals in a given
// layout.
func ieeeOp(t *testing.T, d dtype.DType, vals ...float64) func(tensor.Layout) Operand {
	c := make([]complex128, len(vals))
	for i, v := range vals {
		c[i] = complex(v, 0)
	}
	return func(l tensor.Layout) Operand {
		x, ok := ieeeTensor(t, l, d, c, []int64{1, int64(len(vals))}, 0)
		require.True(t, ok)
		return TensorOperand(x)
	}
}

// num is the operand n whatever the layout asked.
func num(n dtype.Number) func(tensor.Layout) Operand {
	return func(tensor.Layout) Operand { return NumberOperand(n) }
}

// TestUnaryReadsIntegerInputInComputeDType: a float op of an integer tensor
// reads it converted to float32, as torch (expected values torch 2.15's):
// widened to float64, sin(16777217) was sin of 16777217, not of the
// float32 16777216.
func TestUnaryReadsIntegerInputInComputeDType(t *testing.T) {
	in := ieeeOp(t, dtype.Int32, 2147483647, 16777217, -3)
	cases := map[string][]float32{
		"sin":  {-0.9713101983070374, -0.7795636653900146, -0.14112000167369843},
		"log":  {21.48756217956543, 16.63553237915039, float32(math.NaN())},
		"sqrt": {46340.94921875, 4096, float32(math.NaN())},
	}
	for op, want := range cases {
		for _, l := range []tensor.Layout{tensor.Strided, tensor.COO, tensor.CSR, tensor.BSC} {
			r, err := UnaryByName(op, in(l).Tensor, UnaryArgs{})
			require.NoError(t, err, op)
			require.Equal(t, dtype.Float32, r.DType(), op)
			d, err := convert.ToDense(r)
			require.NoError(t, err, op)
			got := dtype.AsSlice[float32](d.Values())
			for i, w := range want {
				if w != w {
					require.True(t, got[i] != got[i], "%s %s [%d]: got %v, want NaN", op, l, i, got[i])
					continue
				}
				require.Equal(t, w, got[i], "%s %s [%d]", op, l, i)
			}
		}
	}
}

// TestBoolAddAlpha: torch's add of bool tensors is x || (alpha && y) and
// refuses a bool alpha for another result dtype (torch 2.15). gosparse
// computed x + -1*y (true + -1 is false) and refused an integer alpha for
// bool results while taking a bool one for integer results.
func TestBoolAddAlpha(t *testing.T) {
	x, y := ieeeOp(t, dtype.Bool, 1, 0, 1, 0), ieeeOp(t, dtype.Bool, 1, 1, 0, 0)
	for _, l := range []tensor.Layout{tensor.Strided, tensor.COO, tensor.CSR} {
		for _, a := range []int64{-1, 2, 0} {
			al := dtype.IntNumber(a)
			r, err := BinaryByName("add", x(l), y(l), BinaryArgs{Alpha: &al})
			require.NoError(t, err, "alpha %d %s", a, l)
			d, err := convert.ToDense(r)
			require.NoError(t, err)
			want := []byte{1, 1, 1, 0}
			if a == 0 {
				want = []byte{1, 0, 1, 0}
			}
			require.Equal(t, want, d.Values().Data, "alpha %d %s", a, l)
		}
		bl := dtype.BoolNumber(true)
		_, err := BinaryByName("add", ieeeOp(t, dtype.Int64, 1, 2)(l), ieeeOp(t, dtype.Int64, 1, 2)(l), BinaryArgs{Alpha: &bl})
		require.ErrorContains(t, err, "Boolean alpha only supported for Boolean results", l.String())
		fl := dtype.FloatNumber(1.5)
		_, err = BinaryByName("add", x(l), y(l), BinaryArgs{Alpha: &fl})
		require.ErrorContains(t, err, "For integral input tensors", l.String())
	}
}

// TestAlphaReadInComputeDType: torch casts add's alpha to a float32 compute
// dtype: 0.03159274160861969 + 0.1 * -0.8747450709342957 (float32 operands)
// is -0.055881768465042114 in torch 2.15, the float64 alpha gave
// -0.055881764739751816.
func TestAlphaReadInComputeDType(t *testing.T) {
	al := dtype.FloatNumber(0.1)
	for _, l := range []tensor.Layout{tensor.Strided, tensor.COO, tensor.CSR} {
		a, b := ieeeOp(t, dtype.Float32, 0.03159274160861969)(l), ieeeOp(t, dtype.Float32, -0.8747450709342957)(l)
		r, err := BinaryByName("add", a, b, BinaryArgs{Alpha: &al})
		require.NoError(t, err)
		d, err := convert.ToDense(r)
		require.NoError(t, err)
		require.Equal(t, float32(-0.055881768465042114), dtype.AsSlice[float32](d.Values())[0], l.String())
	}
}
