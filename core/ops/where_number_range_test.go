package ops

import (
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// TestWhereRefusesANumberOutsideTheIntegerResult: torch 2.15's where(c, x, n)
// raises for an integer n its integer result dtype cannot hold; gosparse
// wrapped it (int8 300 gave 44, uint8 256 gave 0). What fits is written.
func TestWhereRefusesANumberOutsideTheIntegerResult(t *testing.T) {
	for _, l := range []tensor.Layout{tensor.Strided, tensor.COO, tensor.CSR} {
		cond := ieeeOp(t, dtype.Bool, 1, 0)(l).Tensor
		for _, c := range []struct {
			d    dtype.DType
			n    int64
			fits bool
		}{
			{dtype.Int8, 300, false}, {dtype.Int8, -129, false}, {dtype.Int8, 127, true}, {dtype.Int8, -128, true},
			{dtype.UInt8, 256, false}, {dtype.UInt8, -256, false}, {dtype.UInt8, -255, true}, {dtype.UInt8, 255, true},
			{dtype.Int16, 70000, false}, {dtype.Int32, 1 << 31, false}, {dtype.Int64, 1 << 62, true},
		} {
			x := ieeeOp(t, c.d, 1, 0)(l)
			for _, swap := range []bool{false, true} {
				a, b := x, NumberOperand(dtype.IntNumber(c.n))
				if swap {
					a, b = b, a
				}
				_, err := Where(cond, a, b)
				if c.fits {
					require.NoError(t, err, "%s %d %s", c.d, c.n, l)
				} else {
					require.ErrorContains(t, err, "without overflow", "%s %d %s", c.d, c.n, l)
				}
			}
		}
	}
}
