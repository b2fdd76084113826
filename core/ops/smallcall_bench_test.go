package ops

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// The per-call cost of the everyday operators on 8 x 8 tensors (issue 32
// item 7): what a call costs below the C ABI, allocations included.

func smallDense(b testing.TB) *tensor.Tensor {
	b.Helper()
	v := make([]float64, 64)
	for i := range 8 {
		v[i*9] = float64(i + 1)
	}
	v[3] = 2
	t, err := tensor.NewStrided(dtype.Float64Array(v, 8, 8))
	if err != nil {
		b.Fatal(err)
	}
	return t
}

func smallCSR(b testing.TB) *tensor.Tensor {
	b.Helper()
	t, err := convert.ToLayout(smallDense(b), tensor.CSR, tensor.DefaultConvert())
	if err != nil {
		b.Fatal(err)
	}
	return t
}

func BenchmarkSmallCall(b *testing.B) {
	d, s := smallDense(b), smallCSR(b)
	two := NumberOperand(dtype.FloatNumber(2))
	cases := []struct {
		name string
		run  func() (*tensor.Tensor, error)
	}{
		{"dense_add", func() (*tensor.Tensor, error) {
			return BinaryByName("add", TensorOperand(d), TensorOperand(d), BinaryArgs{})
		}},
		{"csr_add", func() (*tensor.Tensor, error) {
			return BinaryByName("add", TensorOperand(s), TensorOperand(s), BinaryArgs{})
		}},
		{"csr_mul_number", func() (*tensor.Tensor, error) {
			return BinaryByName("mul", TensorOperand(s), two, BinaryArgs{})
		}},
		{"csr_sin", func() (*tensor.Tensor, error) { return UnaryByName("sin", s, UnaryArgs{}) }},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := c.run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
