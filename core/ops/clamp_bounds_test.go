package ops

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// TestClampBoundOutsideIntegerRange: torch 2.15 refuses clamp of a uint8 or
// int8 tensor with a min above the dtype's range or a max below it (every
// element would be a bound the dtype cannot hold; it wrapped: uint8
// clamp(min=300) gave 44) and computes the bounds that limit nothing:
// [0, 100, 5] stays [0, 100, 5] under uint8 clamp(min=-200) and int8
// clamp(max=300).
func TestClampBoundOutsideIntegerRange(t *testing.T) {
	x := tensortest.MustDense(t, []float64{0, 100, 5}, 3)
	n := func(v int64) *dtype.Number { k := dtype.IntNumber(v); return &k }
	for _, d := range []dtype.DType{dtype.UInt8, dtype.Int8, dtype.Int16, dtype.Int32} {
		in, err := convert.ToDType(x, d)
		require.NoError(t, err)
		coo, err := convert.ToLayout(in, tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err)
		for _, src := range []*tensor.Tensor{in, coo} {
			for _, a := range []UnaryArgs{{Min: n(1 << 40)}, {Max: n(-1 << 40)}, {Min: n(-1 << 40), Max: n(-1 << 40)}} {
				_, err := UnaryByName("clamp", src, a)
				require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err), "%s %v", d, src.Layout())
			}
			for _, a := range []UnaryArgs{{Min: n(-1 << 40)}, {Max: n(1 << 40)}, {Min: n(-1 << 40), Max: n(1 << 40)}} {
				r, err := UnaryByName("clamp", src, a)
				require.NoError(t, err)
				tensortest.RequireSameDense(t, in, r, "%s %v", d, src.Layout())
			}
		}
	}
	u, err := convert.ToDType(x, dtype.UInt8)
	require.NoError(t, err)
	for _, a := range []UnaryArgs{{Min: n(256)}, {Max: n(-1)}} {
		_, err := UnaryByName("clamp", u, a)
		require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	}
	r, err := UnaryByName("clamp", u, UnaryArgs{Min: n(255)})
	require.NoError(t, err)
	require.Equal(t, []uint8{255, 255, 255}, dtype.AsSlice[uint8](r.Values()))
	i8, err := convert.ToDType(x, dtype.Int8)
	require.NoError(t, err)
	_, err = UnaryByName("clamp", i8, UnaryArgs{Max: n(-129)})
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	r, err = UnaryByName("clamp", i8, UnaryArgs{Max: n(-128)})
	require.NoError(t, err)
	require.Equal(t, []int8{-128, -128, -128}, dtype.AsSlice[int8](r.Values()))
}
