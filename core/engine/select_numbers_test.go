package engine

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
)

// TestSelectNumbers: for every element size (bool, int16, float32,
// float64, complex128) and a condition longer than one chunk with bytes
// other than 0 and 1, each output element is a's bytes where the condition
// byte is non-zero, else b's; a condition that is not bool and numbers of
// another size are refused (ok false).
func TestSelectNumbers(t *testing.T) {
	n := int64(3*mapChunk + 17)
	cond := dtype.NewArray(dtype.Bool, []int64{n})
	for i := range cond.Data {
		cond.Data[i] = byte(i*7%5) * byte(i%3) // zeros and other non-zero bytes
	}
	for _, d := range []dtype.DType{dtype.Bool, dtype.Int16, dtype.Float32, dtype.Float64, dtype.Complex128} {
		a, b := make([]byte, d.Size()), make([]byte, d.Size())
		for i := range a {
			a[i], b[i] = byte(0xa0+i), byte(0x10+i)
		}
		out, ok, err := SelectNumbers(cond, d, a, b)
		require.NoError(t, err, d)
		require.True(t, ok, d)
		require.Equal(t, d, out.DType)
		require.Equal(t, []int64{n}, out.Shape)
		w := int64(d.Size())
		for i := range n {
			want := b
			if cond.Data[i] != 0 {
				want = a
			}
			require.True(t, bytes.Equal(want, out.Data[i*w:(i+1)*w]), fmt.Sprintf("%s element %d", d, i))
		}
	}
	_, ok, err := SelectNumbers(dtype.NewArray(dtype.UInt8, []int64{4}), dtype.Float64, make([]byte, 8), make([]byte, 8))
	require.NoError(t, err)
	require.False(t, ok, "a uint8 condition")
	_, ok, err = SelectNumbers(cond, dtype.Float64, make([]byte, 4), make([]byte, 8))
	require.NoError(t, err)
	require.False(t, ok, "a number of another size")
}
