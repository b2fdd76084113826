package ops

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The allocations of a small call (BenchmarkSmallCall's 8 x 8 operands):
// deterministic where its time is not. add's closures are made once for
// the default alpha, the params are checked without a list, and a
// one-chunk strided op runs without a closure or a heap index: 8 x 8
// dense add 17 -> 11 allocations, CSR add 14 -> 10. A sum of all elements
// in one chunk folds without a partials array or closure: 7 -> 5. Two
// strided operands of the result's shape run as one flat loop without
// stride arrays, the engine's array is adopted without a copy of its shape,
// and the operands pass to elementwiseFormat on the stack: dense add 11 -> 6, CSR
// add 10 -> 8. A strided result of at most two dims is one allocation with its
// levels and fill (NewStridedOwned): dense add 6 -> 4, the sums 5 -> 3.
func TestSmallCallAllocations(t *testing.T) {
	d, s := smallDense(t), smallCSR(t)
	for _, c := range []struct {
		name string
		max  float64
		run  func() error
	}{
		{"dense_add", 4, func() error {
			_, err := BinaryByName("add", TensorOperand(d), TensorOperand(d), BinaryArgs{})
			return err
		}},
		{"csr_add", 8, func() error {
			_, err := BinaryByName("add", TensorOperand(s), TensorOperand(s), BinaryArgs{})
			return err
		}},
		{"dense_sum", 3, func() error {
			_, err := Reduce(d, nil, "sum")
			return err
		}},
		{"csr_sum", 3, func() error {
			_, err := Reduce(s, nil, "sum")
			return err
		}},
	} {
		require.NoError(t, c.run(), c.name)
		got := testing.AllocsPerRun(200, func() { _ = c.run() })
		require.LessOrEqual(t, got, c.max, "%s: %v allocations a call", c.name, got)
	}
}
