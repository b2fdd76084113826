package ops

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// stridedBench is a float64 strided tensor of the shape with normal values.
func stridedBench(b *testing.B, seed uint64, shape ...int64) *tensor.Tensor {
	b.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	a := dtype.NewArray(dtype.Float64, shape)
	for i, v := 0, dtype.AsSlice[float64](a); i < len(v); i++ {
		v[i] = rng.NormFloat64()
	}
	t, err := tensor.NewStrided(a)
	if err != nil {
		b.Fatal(err)
	}
	return t
}

// BenchmarkStrided times the strided operators of issue 32 item 5 at a
// large size and at 8 x 8 (the per-call cost without Python); cpu-ns/op is
// the process's CPU time per call (steadier than wall time on a loaded
// machine; setup included in the first round, so read it at -benchtime Nx).
func BenchmarkStrided(b *testing.B) {
	m, mb := stridedBench(b, 1, 1000, 1000), stridedBench(b, 2, 1000, 1000)
	x, xb := stridedBench(b, 3, 2708, 7), stridedBench(b, 4, 2708, 7)
	s, sb := stridedBench(b, 5, 8, 8), stridedBench(b, 6, 8, 8)
	col, row := stridedBench(b, 7, 1000, 1), stridedBench(b, 8, 1, 1000)
	y := stridedBench(b, 9, 13000)
	nm, nerr := Reduce(y, nil, "norm")
	if nerr != nil {
		b.Fatal(nerr)
	}
	mask, err := BinaryByName("gt", TensorOperand(x), NumberOperand(dtype.FloatNumber(0)), BinaryArgs{})
	if err != nil {
		b.Fatal(err)
	}
	cases := []struct {
		name string
		f    func() (*tensor.Tensor, error)
	}{
		{"add_1000x1000", func() (*tensor.Tensor, error) {
			return BinaryByName("add", TensorOperand(m), TensorOperand(mb), BinaryArgs{})
		}},
		{"add_outer_1000x1000", func() (*tensor.Tensor, error) { // (1000, 1) + (1, 1000): strided runs
			return BinaryByName("add", TensorOperand(col), TensorOperand(row), BinaryArgs{})
		}},
		{"lt_outer_1000x1000", func() (*tensor.Tensor, error) {
			return BinaryByName("lt", TensorOperand(col), TensorOperand(row), BinaryArgs{})
		}},
		{"lt_1000x1000", func() (*tensor.Tensor, error) {
			return BinaryByName("lt", TensorOperand(m), TensorOperand(mb), BinaryArgs{})
		}},
		{"div_number_1000x1000", func() (*tensor.Tensor, error) {
			return BinaryByName("div", TensorOperand(m), NumberOperand(dtype.FloatNumber(3)), BinaryArgs{})
		}},
		{"exp_1000x1000", func() (*tensor.Tensor, error) { return UnaryByName("exp", m, UnaryArgs{}) }},
		{"sqrt_1000x1000", func() (*tensor.Tensor, error) { return UnaryByName("sqrt", m, UnaryArgs{}) }},
		{"abs_1000x1000", func() (*tensor.Tensor, error) { return UnaryByName("abs", m, UnaryArgs{}) }},
		{"sum_all_1000x1000", func() (*tensor.Tensor, error) { return Reduce(m, nil, "sum") }},
		{"sum_dim1_1000x1000", func() (*tensor.Tensor, error) { return Reduce(m, []int{1}, "sum") }},
		{"mean_dim0_1000x1000", func() (*tensor.Tensor, error) { return Reduce(m, []int{0}, "mean") }},
		{"norm_dim1_1000x1000", func() (*tensor.Tensor, error) { return Reduce(m, []int{1}, "norm") }},
		{"amax_dim0_1000x1000", func() (*tensor.Tensor, error) { return Reduce(m, []int{0}, "amax") }},
		{"amax_dim1_2708x7", func() (*tensor.Tensor, error) { return Reduce(x, []int{1}, "amax") }},
		{"mean_dim0_keepdim_1000x1000", func() (*tensor.Tensor, error) { return ReduceKeepDim(m, []int{0}, "mean", true) }},
		{"norm_all_13000", func() (*tensor.Tensor, error) { return Reduce(y, nil, "norm") }},
		{"div_0d_13000", func() (*tensor.Tensor, error) {
			return BinaryByName("div", TensorOperand(y), TensorOperand(nm), BinaryArgs{})
		}},
		{"mul_2708x7", func() (*tensor.Tensor, error) {
			return BinaryByName("mul", TensorOperand(x), TensorOperand(xb), BinaryArgs{})
		}},
		{"gt_number_2708x7", func() (*tensor.Tensor, error) {
			return BinaryByName("gt", TensorOperand(x), NumberOperand(dtype.FloatNumber(0)), BinaryArgs{})
		}},
		{"where_2708x7", func() (*tensor.Tensor, error) { return Where(mask, TensorOperand(x), TensorOperand(xb)) }},
		{"add_8x8", func() (*tensor.Tensor, error) {
			return BinaryByName("add", TensorOperand(s), TensorOperand(sb), BinaryArgs{})
		}},
		{"sum_all_8x8", func() (*tensor.Tensor, error) { return Reduce(s, nil, "sum") }},
		{"amax_dim1_8x8", func() (*tensor.Tensor, error) { return Reduce(s, []int{1}, "amax") }},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			before := cpuTimeNs()
			for b.Loop() {
				if _, err := c.f(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTimeNs()-before)/float64(b.N), "cpu-ns/op")
		})
	}
}
