package engine

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
)

// coalesceDims merges the dims both operands step through as one and drops
// dims of size 1; it keeps apart the dims where either operand breaks the
// step (a broadcast, a transpose).
func TestCoalesceDims(t *testing.T) {
	for _, c := range []struct {
		name                string
		shape, xs, ys       []int64
		wantS, wantX, wantY []int64
	}{
		{"contiguous pair", []int64{2708, 7}, []int64{7, 1}, []int64{7, 1}, []int64{18956}, []int64{1}, []int64{1}},
		{"scalar y", []int64{4, 5, 6}, []int64{30, 6, 1}, []int64{0, 0, 0}, []int64{120}, []int64{1}, []int64{0}},
		{"row broadcast", []int64{3, 4, 5}, []int64{20, 5, 1}, []int64{0, 5, 1}, []int64{3, 20}, []int64{20, 1}, []int64{0, 1}},
		{"column broadcast", []int64{4, 5}, []int64{5, 1}, []int64{1, 0}, []int64{4, 5}, []int64{5, 1}, []int64{1, 0}},
		{"size-1 dims", []int64{1, 3, 1, 4}, []int64{12, 4, 4, 1}, []int64{0, 4, 0, 1}, []int64{12}, []int64{1}, []int64{1}},
		{"transposed x", []int64{3, 4}, []int64{1, 3}, []int64{4, 1}, []int64{3, 4}, []int64{1, 3}, []int64{4, 1}},
		{"all ones", []int64{1, 1}, []int64{0, 0}, []int64{1, 1}, []int64{}, []int64{}, []int64{}},
	} {
		s, x, y := coalesceDims(c.shape, c.xs, c.ys)
		require.Equal(t, c.wantS, s, c.name)
		require.Equal(t, c.wantX, x, c.name)
		require.Equal(t, c.wantY, y, c.name)
	}
}

// StridedBinary gives, element by element, what the indexing says for
// operands whose dims coalesce (size-1 dims, broadcasts, a 0-d y read as a
// number by the scalar loop) and for every arithmetic op.
func TestStridedBinaryCoalescedBroadcasts(t *testing.T) {
	shape := []int64{3, 1, 4, 5}
	x := dtype.NewArray(dtype.Float64, shape)
	xv := dtype.AsSlice[float64](x)
	for i := range xv {
		xv[i] = float64(i%11) - 4.5
	}
	xs := []int64{20, 20, 5, 1}
	for _, yc := range []struct {
		name    string
		shape   []int64
		strides []int64
		at      func(i, k, l int64) int64
	}{
		{"0-d", []int64{}, []int64{0, 0, 0, 0}, func(i, k, l int64) int64 { return 0 }},
		{"row", []int64{5}, []int64{0, 0, 0, 1}, func(i, k, l int64) int64 { return l }},
		{"column", []int64{4, 1}, []int64{0, 0, 1, 0}, func(i, k, l int64) int64 { return k }},
		{"same", shape, xs, func(i, k, l int64) int64 { return i*20 + k*5 + l }},
	} {
		y := dtype.NewArray(dtype.Float64, yc.shape)
		yv := dtype.AsSlice[float64](y)
		for i := range yv {
			yv[i] = float64(i%7) + 0.25
		}
		for _, op := range []BinOp{BinAdd, BinMul, BinDiv, BinMax, BinMin, BinGe} {
			z, ok, err := stridedBinaryValues(op, 3, 3, Operand{Vals: x, Strides: xs}, Operand{Vals: y, Strides: yc.strides}, shape)
			require.NoError(t, err)
			require.True(t, ok)
			for i := range shape[0] {
				for k := range shape[2] {
					for l := range shape[3] {
						p := i*20 + k*5 + l
						a, b := xv[p], yv[yc.at(i, k, l)]
						if op == BinGe {
							require.Equal(t, b2u(a >= b), z.Data[p], "%s %d", yc.name, op)
							continue
						}
						want := map[BinOp]float64{BinAdd: a + 3*b, BinMul: a * b, BinDiv: a / b, BinMax: max(a, b), BinMin: min(a, b)}[op]
						require.Equal(t, want, dtype.AsSlice[float64](z)[p], "%s %d", yc.name, op)
					}
				}
			}
		}
	}
}

// Nil strides (both operands laid out as the result) run as one flat loop,
// chunked past zipChunk: every element as the op gives it, comparisons too.
func TestStridedBinaryFlat(t *testing.T) {
	shape := []int64{3, zipChunk + 7}
	x, y := dtype.NewArray(dtype.Float32, shape), dtype.NewArray(dtype.Float32, shape)
	xv, yv := dtype.AsSlice[float32](x), dtype.AsSlice[float32](y)
	for i := range xv {
		xv[i], yv[i] = float32(i%23)-11, float32(i%5)+0.5
	}
	for _, op := range []BinOp{BinAdd, BinMul, BinLt} {
		z, ok, err := stridedBinaryValues(op, -2, -2, Operand{Vals: x}, Operand{Vals: y}, shape)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, shape, z.Shape)
		for i := range xv {
			switch op {
			case BinAdd:
				require.Equal(t, float32(float64(xv[i])-2*float64(yv[i])), dtype.AsSlice[float32](z)[i])
			case BinMul:
				require.Equal(t, float32(float64(xv[i])*float64(yv[i])), dtype.AsSlice[float32](z)[i])
			default:
				require.Equal(t, b2u(xv[i] < yv[i]), z.Data[i])
			}
		}
	}
	// one nil operand beside a broadcast one reads the nil one row-major
	row := dtype.NewArray(dtype.Float32, []int64{shape[1]})
	copy(dtype.AsSlice[float32](row), yv)
	z, ok, err := stridedBinaryValues(BinMul, 1, 1, Operand{Vals: x}, Operand{Vals: row, Strides: []int64{0, 1}}, shape)
	require.NoError(t, err)
	require.True(t, ok)
	for i := range xv {
		require.Equal(t, float32(float64(xv[i])*float64(yv[int64(i)%shape[1]])), dtype.AsSlice[float32](z)[i])
	}
}

// stridedBinaryValues is StridedBinary's result's values (an empty array
// when there is none).
func stridedBinaryValues(op BinOp, alpha float64, intAlpha int64, x, y Operand, shape []int64) (dtype.Array, bool, error) {
	r, ok, err := StridedBinary(op, alpha, intAlpha, x, y, shape)
	if r == nil {
		return dtype.Array{}, ok, err
	}
	return r.Values(), ok, err
}
