package ops

import (
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// bcastFactors is a strided float64 tensor of the shape with factors in
// [0.5, 1.5).
func bcastFactors(shape ...int64) *tensor.Tensor {
	a := dtype.NewArray(dtype.Float64, shape)
	for i := range dtype.AsSlice[float64](a) {
		dtype.AsSlice[float64](a)[i] = 0.5 + float64(i%7)/7
	}
	t, err := tensor.NewStrided(a)
	if err != nil {
		panic(err)
	}
	return t
}

// BenchmarkOpMulRow is A * row, a (1, n) strided row broadcast over the rows.
func BenchmarkOpMulRow(b *testing.B) {
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("mul", TensorOperand(t), TensorOperand(bcastFactors(1, t.Dims()[1])), BinaryArgs{})
	})
}

// BenchmarkOpDivColumn is A / col, an (m, 1) strided column (the row
// normalising A / A.sum(1, keepdim=True) after its sum).
func BenchmarkOpDivColumn(b *testing.B) {
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("div", TensorOperand(t), TensorOperand(bcastFactors(t.Dims()[0], 1)), BinaryArgs{})
	})
}

// BenchmarkOpSumDim1KeepDim is A.sum(1, keepdim=True): the (m, 1) row sums
// in A's layout, the divisor of the row normalising.
func BenchmarkOpSumDim1KeepDim(b *testing.B) {
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ReduceKeepDim(t, []int{1}, "sum", true) })
}

// BenchmarkOpRowNormalise is |A| / |A|.sum(1, keepdim=True) whole (|A|
// made outside the loop: the Laplacian's rows sum to zero): the sum with
// keepdim, then the sparse dividend over the sparse (m, 1) divisor.
func BenchmarkOpRowNormalise(b *testing.B) {
	abs := map[*tensor.Tensor]*tensor.Tensor{}
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		if abs[t] == nil {
			a, err := UnaryByName("abs", t, UnaryArgs{})
			if err != nil {
				return nil, err
			}
			abs[t] = a
		}
		t = abs[t]
		s, err := ReduceKeepDim(t, []int{1}, "sum", true)
		if err != nil {
			return nil, err
		}
		return BinaryByName("div", TensorOperand(t), TensorOperand(s), BinaryArgs{})
	})
}
