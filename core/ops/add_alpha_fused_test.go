package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestAddAlphaRoundsOnce: float64 add and sub with alpha 0.3 and -1.7 give
// fma(alpha, y, x) (sub: fma(-alpha, y, x)) bit for bit at every element,
// as torch 2.15 computes them, on every path: strided contiguous,
// transposed (a strided walk), broadcast row, a number, a 0-d tensor, COO
// and CSR with different patterns (the union merges), CSR with one
// pattern (the value zip), DIA-I beside CSR and DIA-I beside DIA-I (the
// custom formats' routes). x + round(alpha*y) differs in 18-30% of the
// elements; alpha 1 and -1 keep x + y and x - y (checked beside). A
// strided and a sparse operand (COO, CSR, CSC, DIA-I, either order) round
// twice, x + round(alpha*y), as torch's dense + sparse add does.
func TestAddAlphaRoundsOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 7))
	const n, m = 48, 40
	denseOf := func(density float64, rows, cols int64) []float64 {
		v := make([]float64, rows*cols)
		for i := range v {
			if rng.Float64() < density {
				v[i] = rng.NormFloat64() * math.Exp2(float64(rng.IntN(9)-4))
			}
		}
		return v
	}
	strided := func(v []float64, shape ...int64) *tensor.Tensor {
		x, err := tensor.NewStrided(dtype.Float64Array(v, shape...))
		require.NoError(t, err)
		return x
	}
	toLayout := func(v []float64, l tensor.Layout) *tensor.Tensor {
		x, err := convert.ToLayout(strided(v, n, m), l, tensor.DefaultConvert())
		require.NoError(t, err)
		return x
	}
	diaI := func(v []float64) *tensor.Tensor { // a banded matrix in DIA-I
		for i := range v {
			if r, c := i/m, i%m; c-r > 2 || r-c > 3 {
				v[i] = 0
			}
		}
		x, err := convert.ToFormat(toLayout(v, tensor.CSR), format.DIAI())
		require.NoError(t, err)
		return x
	}
	transposed := func(v []float64) ([]float64, *tensor.Tensor) { // y as the transpose of an m x n tensor
		w := make([]float64, len(v))
		for i := range n {
			for j := range m {
				w[j*n+i] = v[i*m+j]
			}
		}
		y, err := Transpose(strided(w, m, n), 0, 1)
		require.NoError(t, err)
		return v, y
	}
	type pair struct {
		name  string
		x, y  []float64 // dense values, y broadcast to n x m
		a, b  Operand
		twice bool // a strided and a sparse operand: x + round(alpha*y), as torch
	}
	var cases []pair
	{
		x, y := denseOf(1, n, m), denseOf(1, n, m)
		cases = append(cases, pair{"strided", x, y, TensorOperand(strided(x, n, m)), TensorOperand(strided(y, n, m)), false})
		yv, yt := transposed(denseOf(1, n, m))
		cases = append(cases, pair{"transposed", x, yv, TensorOperand(strided(x, n, m)), TensorOperand(yt), false})
		row := denseOf(1, 1, m)
		yb := make([]float64, n*m)
		for i := range yb {
			yb[i] = row[i%m]
		}
		cases = append(cases, pair{"broadcast row", x, yb, TensorOperand(strided(x, n, m)), TensorOperand(strided(row, m)), false})
		c := rng.NormFloat64()
		yc := make([]float64, n*m)
		for i := range yc {
			yc[i] = c
		}
		cases = append(cases, pair{"number", x, yc, TensorOperand(strided(x, n, m)), NumberOperand(dtype.FloatNumber(c)), false})
		cases = append(cases, pair{"0-d tensor", x, yc, TensorOperand(strided(x, n, m)), TensorOperand(strided([]float64{c})), false})
	}
	for _, l := range []tensor.Layout{tensor.COO, tensor.CSR} {
		x, y := denseOf(0.4, n, m), denseOf(0.4, n, m)
		cases = append(cases, pair{fmt.Sprintf("%s union", l), x, y, TensorOperand(toLayout(x, l)), TensorOperand(toLayout(y, l)), false})
	}
	{
		x, y := denseOf(0.4, n, m), make([]float64, n*m)
		for i, v := range x {
			if v != 0 {
				y[i] = rng.NormFloat64()
			}
		}
		cases = append(cases, pair{"CSR same pattern", x, y, TensorOperand(toLayout(x, tensor.CSR)), TensorOperand(toLayout(y, tensor.CSR)), false})
		dx, dy := denseOf(0.9, n, m), denseOf(0.9, n, m)
		da, db := diaI(dx), diaI(dy)
		cases = append(cases, pair{"DIA-I + DIA-I", dx, dy, TensorOperand(da), TensorOperand(db), false})
		cy := make([]float64, n*m)
		for i, v := range dx {
			if v != 0 {
				cy[i] = rng.NormFloat64()
			}
		}
		cases = append(cases, pair{"DIA-I + CSR", dx, cy, TensorOperand(da), TensorOperand(toLayout(cy, tensor.CSR)), false})
		cases = append(cases, pair{"CSR + DIA-I", cy, dx, TensorOperand(toLayout(cy, tensor.CSR)), TensorOperand(da), false})
		cases = append(cases, pair{"strided + DIA-I", cy, dx, TensorOperand(strided(cy, n, m)), TensorOperand(da), true})
	}
	for _, l := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC} {
		x, y := denseOf(1, n, m), denseOf(0.4, n, m)
		cases = append(cases, pair{fmt.Sprintf("strided + %s", l), x, y, TensorOperand(strided(x, n, m)), TensorOperand(toLayout(y, l)), true})
		cases = append(cases, pair{fmt.Sprintf("%s + strided", l), y, x, TensorOperand(toLayout(y, l)), TensorOperand(strided(x, n, m)), true})
	}
	for _, c := range cases {
		for _, op := range []string{"add", "sub"} {
			for _, al := range []float64{0.3, -1.7, 1, -1} {
				alpha := dtype.FloatNumber(al)
				r, err := BinaryByName(op, c.a, c.b, BinaryArgs{Alpha: &alpha})
				require.NoError(t, err, "%s %s alpha %v", c.name, op, al)
				d, err := convert.ToDense(r)
				require.NoError(t, err)
				got := dtype.AsSlice[float64](d.Values())[:n*m]
				s := al
				if op == "sub" {
					s = -al
				}
				differ := 0
				for i, x := range c.x {
					want := math.FMA(s, c.y[i], x)
					if c.twice {
						want = x + float64(s*c.y[i])
					}
					if math.Float64bits(got[i]) != math.Float64bits(want) {
						differ++
					}
				}
				if differ != 0 {
					t.Errorf("%s %s alpha %v: %d of %d elements are not the model's (twice %v)", c.name, op, al, differ, n*m, c.twice)
				}
			}
		}
	}
}
