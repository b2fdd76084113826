package linalg

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// stridedMatmul computes a @ b for two 2-D strided float64 or float32
// tensors of one dtype whose shapes multiply, straight into one new result:
// the case of a small product called in a loop, whose cost was the
// promotion, batching and dispatch around the kernel (an 8 x 8 product
// spent about a tenth of its time in the kernel). ok is false when the
// operands are anything else (nil, other layouts, dims or dtypes, mixed
// dtypes, shapes that do not multiply): the general path then runs, with
// its checks and messages. The result is kernels.Gemm's, as the general
// path's (GemmBatched of one batch is Gemm), bit for bit. err is the memory
// limit's refusal of the result, reported as op.
func stridedMatmul(op string, a, b *tensor.Tensor) (r *tensor.Tensor, ok bool, err error) {
	if a == nil || b == nil || a.Layout() != tensor.Strided || b.Layout() != tensor.Strided {
		return nil, false, nil
	}
	d := a.DType()
	if d != b.DType() || d != dtype.Float64 && d != dtype.Float32 {
		return nil, false, nil
	}
	ad, bd := a.Dims(), b.Dims()
	if len(ad) != 2 || len(bd) != 2 || ad[1] != bd[0] {
		return nil, false, nil
	}
	m, k, n := ad[0], ad[1], bd[1]
	shape := []int64{m, n}
	if err := checkResult(op, d, shape); err != nil {
		return nil, true, err
	}
	// The result made before the product writes it: a small one is one
	// allocation (tensor.NewStridedUninit), where its data and then the
	// tensor around it were two, and its shape a third.
	r, out, _ := tensor.NewStridedUninit(d, shape)
	res := dtype.Array{DType: d, Shape: r.Dims(), Data: out}
	// kernels.Gemm even at 8 x 8: a Go loop of math.FMA measured slower
	// (1.8 against 1.0-1.4 us a call at one thread, loaded machine).
	switch d {
	case dtype.Float64:
		kernels.Gemm(int(m), int(k), int(n), 1, dtype.AsSlice[float64](a.Values()), dtype.AsSlice[float64](b.Values()), dtype.AsSlice[float64](res))
	default:
		kernels.Gemm(int(m), int(k), int(n), 1, dtype.AsSlice[float32](a.Values()), dtype.AsSlice[float32](b.Values()), dtype.AsSlice[float32](res))
	}
	return r, true, nil
}
