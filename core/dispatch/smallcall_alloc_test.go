package dispatch

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// An unrecorded binary op (no operand requires a gradient) allocates what
// the op itself allocates: the recorded form's closure is made only when the
// call records (issue 32 item 7's small calls; before: one more, for add and
// sub with their alpha, whose closure was built before Records was asked).
func TestBinaryUnrecordedAllocatesOnlyTheOp(t *testing.T) {
	x, err := tensor.NewStrided(dtype.Float64Array(make([]float64, 64), 8, 8))
	require.NoError(t, err)
	d := Dispatcher{}
	for _, name := range []string{"add", "sub", "mul", "lt"} {
		op := testing.AllocsPerRun(100, func() {
			_, _ = ops.BinaryByName(name, ops.TensorOperand(x), ops.TensorOperand(x), ops.BinaryArgs{})
		})
		disp := testing.AllocsPerRun(100, func() { _, _ = d.Binary(name, Host("a", x), Host("b", x), ops.BinaryArgs{}) })
		require.Equal(t, op, disp, name)
	}
}
