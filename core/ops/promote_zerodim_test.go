package ops

import (
	"fmt"
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// TestBinaryZeroDimPromotion (issue 38 item 10): a 0-d tensor beside a
// tensor with dims meets each element and only raises the category of the
// result dtype (torch.result_type), on every layout and fill, for
// arithmetic and comparisons, either side.
func TestBinaryZeroDimPromotion(t *testing.T) {
	cases := []struct {
		dimD, zeroD, want dtype.DType
	}{
		{dtype.Float32, dtype.Complex128, dtype.Complex64},
		{dtype.Float64, dtype.Complex64, dtype.Complex128},
		{dtype.Int32, dtype.Float64, dtype.Float64},
		{dtype.Int8, dtype.Int64, dtype.Int8},
		{dtype.Float32, dtype.Float64, dtype.Float32},
		{dtype.Bool, dtype.Int32, dtype.Int32},
	}
	vals := []float64{1, 0, -2, 0, 3, 0}
	for _, c := range cases {
		for _, l := range []tensor.Layout{tensor.Strided, tensor.COO, tensor.CSR, tensor.CSC, tensor.BSR, tensor.BSC, tensor.DCSR} {
			for _, fill := range []float64{0, 1, math.NaN()} {
				if l == tensor.Strided && fill != 0 || !c.dimD.IsFloat() && math.IsNaN(fill) {
					continue
				}
				v := vals
				if c.dimD == dtype.Bool {
					v = []float64{1, 0, 1, 0, 1, 0}
				}
				x, ok := ieeeTensor(t, l, c.dimD, []complex128{complex(v[0], 0), complex(v[1], 0), complex(v[2], 0), complex(v[3], 0), complex(v[4], 0), complex(v[5], 0)}, []int64{2, 3}, fill)
				if !ok {
					continue
				}
				z, ok := ieeeTensor(t, tensor.Strided, c.zeroD, []complex128{2}, nil, 0)
				require.True(t, ok)
				dense, err := convert.ToDense(x)
				require.NoError(t, err)
				for _, swap := range []bool{false, true} {
					a, b := TensorOperand(x), TensorOperand(z)
					if swap {
						a, b = b, a
					}
					msg := fmt.Sprintf("%s %s fill=%g with 0-d %s swap=%v", l, c.dimD, fill, c.zeroD, swap)
					r, err := BinaryByName("add", a, b, BinaryArgs{})
					require.NoError(t, err, msg)
					require.Equal(t, c.want, r.DType(), "add: "+msg)
					require.Equal(t, []int64{2, 3}, r.Dims(), msg)
					rd, err := convert.ToDense(r)
					require.NoError(t, err)
					for i := int64(0); i < 6; i++ {
						w := dense.Values().Complex(i).Re() + 2
						if c.want == dtype.Bool {
							w = math.Min(w, 1)
						}
						g := rd.Values().Complex(i).Re()
						require.True(t, g == w || math.IsNaN(g) && math.IsNaN(w), "add %s: element %d = %v, want %v", msg, i, g, w)
					}
					e, err := BinaryByName("eq", a, b, BinaryArgs{})
					require.NoError(t, err, msg)
					require.Equal(t, dtype.Bool, e.DType(), msg)
				}
			}
		}
	}
}
