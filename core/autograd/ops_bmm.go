package autograd

import (
	"math/cmplx"
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// Bmm is linalg.Bmm recorded (torch.bmm) for a (B, m, k) of any layout and b
// (B, k, n): a's gradient is G @ B^H per batch, at a's specified elements
// when a is sparse (a batched SDDMM, never the dense product); b's is
// A^H @ G per batch, at b's specified elements when b is sparse.
func Bmm(a, b *Var) (*Var, error) {
	out, err := linalg.Bmm(a.t, b.t)
	if err != nil {
		return nil, err
	}
	ins := []*Var{a, b}
	return record("BmmBackward0", out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		ga, gb, err := bmmGrads(a.t, b.t, g, needs(ins, 0), needs(ins, 1))
		return []*tensor.Tensor{ga, gb}, err
	}), nil
}

// bmmGrads are the gradients of a and b in a @ b batch by batch, each only
// when wanted.
func bmmGrads(a, b, g *tensor.Tensor, wantA, wantB bool) (ga, gb *tensor.Tensor, err error) {
	if wantA {
		if ga, err = bmmGradA(a, b, g); err != nil {
			return nil, nil, err
		}
	}
	if wantB {
		gb, err = bmmGradB(a, b, g)
	}
	return ga, gb, err
}

// bmmGradA is the gradient of a in a @ b: G @ B^H batch by batch.
func bmmGradA(a, b, g *tensor.Tensor) (*tensor.Tensor, error) {
	bd, err := denseOf(b)
	if err != nil {
		return nil, err
	}
	if a.Layout() == tensor.Strided {
		bh, err := batchedAdjoint(bd)
		if err != nil {
			return nil, err
		}
		return linalg.Bmm(g, bh)
	}
	if a.DenseDim() != 0 {
		return nil, errs.Errorf(errs.ErrNotImplemented, "the gradient of bmm with respect to a hybrid sparse mat1 (dense_dim %d) is not implemented", a.DenseDim())
	}
	c, err := cooOf(a)
	if err != nil {
		return nil, err
	}
	coords, err := coordsOf(c)
	if err != nil {
		return nil, err
	}
	gv := g.Values()
	bv := bd.Values()
	m, n, k := a.Dims()[1], g.Dims()[2], a.Dims()[2]
	vals := dtype.NewArray(a.DType(), []int64{c.NNZ()})
	switch a.DType() {
	case dtype.Float64:
		sddmmBatched(dtype.AsSlice[float64](gv), dtype.AsSlice[float64](bv), dtype.AsSlice[float64](vals), coords, m, k, n, nil)
	case dtype.Float32:
		sddmmBatched(dtype.AsSlice[float32](gv), dtype.AsSlice[float32](bv), dtype.AsSlice[float32](vals), coords, m, k, n, nil)
	case dtype.Complex128:
		sddmmBatched(dtype.AsSlice[complex128](gv), dtype.AsSlice[complex128](bv), dtype.AsSlice[complex128](vals), coords, m, k, n, cmplx.Conj)
	case dtype.Complex64:
		sddmmBatched(dtype.AsSlice[complex64](gv), dtype.AsSlice[complex64](bv), dtype.AsSlice[complex64](vals), coords, m, k, n,
			func(z complex64) complex64 { return complex(real(z), -imag(z)) })
	default:
		return nil, errs.Errorf(errs.ErrNotImplemented, "the gradient of bmm of %s is not implemented", a.DType())
	}
	idx, err := tensor.Component(c, tensor.CompRawIndices)
	if err != nil {
		return nil, err
	}
	gx, err := tensor.NewCOO(idx, vals, slices.Clone(a.Dims()), tensor.BuildOptions{NoCheck: true, Coalesced: true})
	if err != nil {
		return nil, err
	}
	return toLayoutOf(gx, a)
}

// sddmmBatched writes out[e] = sum_l g[b, i, l] * conj(y[b, j, l]) for each
// stored element e at (b, i, j): G (B, m, n) and Y (B, k, n) dense, row-major.
// conj is nil for real types.
func sddmmBatched[T float32 | float64 | complex64 | complex128](g, y, out []T, coords [][]int64, m, k, n int64, conj func(T) T) {
	bs, is, js := coords[0], coords[1], coords[2]
	for e := range out {
		gr := g[(bs[e]*m+is[e])*n:][:n]
		yr := y[(bs[e]*k+js[e])*n:][:n]
		var s T
		if conj == nil {
			for l, v := range gr {
				s += v * yr[l]
			}
		} else {
			for l, v := range gr {
				s += v * conj(yr[l])
			}
		}
		out[e] = s
	}
}

// bmmGradB is the gradient of b in a @ b: A^H @ G batch by batch.
func bmmGradB(a, b, g *tensor.Tensor) (*tensor.Tensor, error) {
	ah, err := batchedAdjoint(a)
	if err != nil {
		return nil, err
	}
	gb, err := linalg.Bmm(ah, g)
	if err != nil || b.Layout() == tensor.Strided {
		return gb, err
	}
	return maskLike(gb, b)
}

// batchedAdjoint is the conjugate transpose of each matrix of a 3-D tensor:
// strided ones copied batch by batch (ops.Transpose's general permutation
// costs far more), sparse ones through ops.Transpose.
func batchedAdjoint(t *tensor.Tensor) (*tensor.Tensor, error) {
	c, err := conj(t)
	if err != nil {
		return nil, err
	}
	if c.Layout() != tensor.Strided {
		return ops.Transpose(c, 1, 2)
	}
	v, err := tensor.Component(c, tensor.CompRawValues)
	if err != nil {
		return nil, err
	}
	nb, m, n := t.Dims()[0], t.Dims()[1], t.Dims()[2]
	es := int64(v.DType.Size())
	out := dtype.NewArray(v.DType, []int64{nb, n, m})
	for b := range nb {
		if err := kernels.TransposeBytes(out.Data[b*m*n*es:(b+1)*m*n*es], v.Data[b*m*n*es:(b+1)*m*n*es], int(es), int(m), int(n)); err != nil {
			return nil, err
		}
	}
	return tensor.NewStrided(out)
}

// denseOf is t itself when strided, else its dense form (a dense operand
// that was given sparse, which the product densifies too).
func denseOf(t *tensor.Tensor) (*tensor.Tensor, error) {
	if t.Layout() == tensor.Strided {
		return t, nil
	}
	return convert.ToDense(t)
}
