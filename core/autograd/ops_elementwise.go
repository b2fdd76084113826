package autograd

import (
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// ToDense is convert.ToDense recorded: the gradient of a sparse input is the
// dense gradient at its specified elements.
func ToDense(x *Var) (*Var, error) {
	out, err := convert.ToDense(x.t)
	if err != nil {
		return nil, err
	}
	ins := []*Var{x}
	return record("ToDenseBackward0", out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gx, err := likeInput(g, x.t)
		return []*tensor.Tensor{gx}, err
	}), nil
}

// likeInput shapes a gradient as the input it belongs to: summed over the
// dims the input was broadcast along (sumToShape), then at a sparse input's
// specified elements (a sparse gradient of a strided input stays sparse, as
// torch's does for sparse * dense).
func likeInput(g, x *tensor.Tensor) (*tensor.Tensor, error) {
	if !slices.Equal(g.Dims(), x.Dims()) { // x was broadcast: sum over the dims it was stretched along
		var err error
		if g, err = sumToShape(g, slices.Clone(x.Dims())); err != nil {
			return nil, err
		}
	}
	if x.Layout() != tensor.Strided {
		return maskLike(g, x)
	}
	return g, nil
}

// Values is the differentiable values() of a coalesced COO tensor or of a
// compressed one (CSR, CSC, BSR, BSC): a strided view of the stored values
// whose gradient is a sparse tensor of the input's pattern.
func Values(x *Var) (*Var, error) {
	vals, err := tensor.Component(x.t, tensor.CompValues)
	if err != nil {
		return nil, err
	}
	if x.t.Layout() == tensor.Strided {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "values: expected a sparse tensor, got a strided one")
	}
	out, err := tensor.NewStrided(vals)
	if err != nil {
		return nil, err
	}
	ins := []*Var{x}
	return record("ValuesBackward0", out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gv, err := tensor.Component(g, tensor.CompRawValues)
		if err != nil {
			return nil, err
		}
		gx, err := withValues(x.t, gv)
		return []*tensor.Tensor{gx}, err
	}), nil
}

// withValues builds the sparse tensor of p's pattern and layout holding vals.
func withValues(p *tensor.Tensor, vals dtype.Array) (*tensor.Tensor, error) {
	opt := tensor.BuildOptions{NoCheck: true, Coalesced: p.IsCoalesced()}
	switch p.Layout() {
	case tensor.COO:
		idx, err := tensor.Component(p, tensor.CompRawIndices)
		if err != nil {
			return nil, err
		}
		return tensor.NewCOO(idx, vals, slices.Clone(p.Dims()), opt)
	case tensor.CSR, tensor.BSR, tensor.CSC, tensor.BSC:
		c, pl, err := tensor.CompressedArrays(p)
		if err != nil {
			return nil, err
		}
		return tensor.NewCompressed(p.Layout(), c, pl, vals, slices.Clone(p.Dims()), opt)
	}
	return nil, errs.Errorf(errs.ErrNotImplemented, "the gradient of values() of a %s tensor is not implemented", p.Layout())
}

// Mul is the element-wise product a * b of two tensors recorded: each
// gradient is g times the other operand's conjugate, at a sparse operand's
// specified elements.
func Mul(a, b *Var) (*Var, error) {
	out, err := ops.BinaryByName("mul", ops.TensorOperand(a.t), ops.TensorOperand(b.t), ops.BinaryArgs{})
	if err != nil {
		return nil, err
	}
	ins := []*Var{a, b}
	return record("MulBackward0", out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gs := make([]*tensor.Tensor, 2)
		for i, pair := range [][2]*tensor.Tensor{{a.t, b.t}, {b.t, a.t}} {
			if !needs(ins, i) {
				continue
			}
			oc, err := conj(pair[1])
			if err != nil {
				return nil, err
			}
			p, err := ops.BinaryByName("mul", ops.TensorOperand(g), ops.TensorOperand(oc), ops.BinaryArgs{})
			if err != nil {
				return nil, err
			}
			if gs[i], err = likeInput(p, pair[0]); err != nil {
				return nil, err
			}
		}
		return gs, nil
	}), nil
}

// MulScalar is x * c for a number c, recorded: the gradient is conj(c) * g.
func MulScalar(x *Var, c dtype.Number) (*Var, error) {
	out, err := ops.BinaryByName("mul", ops.TensorOperand(x.t), ops.NumberOperand(c), ops.BinaryArgs{})
	if err != nil {
		return nil, err
	}
	ins := []*Var{x}
	return record("MulBackward0", out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gx, err := scale(g, c.Value)
		if err == nil {
			gx, err = likeInput(gx, x.t)
		}
		return []*tensor.Tensor{gx}, err
	}), nil
}

// Add is a + alpha * b recorded (alpha nil: 1): the gradients are g and
// conj(alpha) * g, each at a sparse operand's specified elements (torch
// returns g's whole pattern there; the masked gradient is the one that
// keeps to the input's pattern).
func Add(a, b *Var, alpha *dtype.Number) (*Var, error) {
	return addSub("add", a, b, alpha)
}

// Sub is a - alpha * b recorded (alpha nil: 1): the gradients are g and
// -conj(alpha) * g, masked as Add's.
func Sub(a, b *Var, alpha *dtype.Number) (*Var, error) {
	return addSub("sub", a, b, alpha)
}

// addSub records add or sub: the second operand's gradient is g scaled by
// conj(alpha), negated for sub.
func addSub(op string, a, b *Var, alpha *dtype.Number) (*Var, error) {
	out, err := ops.BinaryByName(op, ops.TensorOperand(a.t), ops.TensorOperand(b.t), ops.BinaryArgs{Alpha: alpha})
	if err != nil {
		return nil, err
	}
	scaleB := alpha
	if op == "sub" {
		s := dtype.Real(1)
		if alpha != nil {
			s = alpha.Value
		}
		n := number(dtype.Complex128Scalar(complex(-s.Re(), -s.Im())))
		scaleB = &n
	}
	name := map[string]string{"add": "AddBackward0", "sub": "SubBackward0"}[op]
	ins := []*Var{a, b}
	return record(name, out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gs := make([]*tensor.Tensor, 2)
		var err error
		if needs(ins, 0) {
			if gs[0], err = likeInput(g, a.t); err != nil {
				return nil, err
			}
		}
		if needs(ins, 1) {
			gb := g
			if scaleB != nil {
				if gb, err = scale(g, scaleB.Value); err != nil {
					return nil, err
				}
			}
			if gs[1], err = likeInput(gb, b.t); err != nil {
				return nil, err
			}
		}
		return gs, nil
	}), nil
}

// Coalesce is convert.Coalesce recorded: the gradient is the output's, which
// has the coalesced pattern of the input.
func Coalesce(x *Var) (*Var, error) {
	out, err := convert.Coalesce(x.t)
	if err != nil {
		return nil, err
	}
	return record("CoalesceBackward0", out, []*Var{x}, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		return []*tensor.Tensor{g}, nil
	}), nil
}

// Transpose is ops.Transpose recorded: the gradient is the output's
// gradient transposed back (coalesced for COO).
func Transpose(x *Var, d0, d1 int) (*Var, error) {
	return transpose("TransposeBackward0", x, d0, d1)
}

// T is torch's t() of a matrix recorded: Transpose of dims 0 and 1 under
// t()'s node name.
func T(x *Var) (*Var, error) {
	if x.t.NDim() != 2 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "t: the recorded t() takes a matrix; got %d dims", x.t.NDim())
	}
	return transpose("TBackward0", x, 0, 1)
}

func transpose(name string, x *Var, d0, d1 int) (*Var, error) {
	out, err := ops.Transpose(x.t, d0, d1)
	if err != nil {
		return nil, err
	}
	return record(name, out, []*Var{x}, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gt, err := ops.Transpose(g, d0, d1)
		if err != nil {
			return nil, err
		}
		if x.t.Layout() == tensor.Strided {
			return []*tensor.Tensor{gt}, nil
		}
		gt, err = toLayoutOf(gt, x.t)
		if err == nil && gt.Layout() == tensor.COO && !gt.IsCoalesced() {
			gt, err = convert.Coalesce(gt)
		}
		return []*tensor.Tensor{gt}, err
	}), nil
}
