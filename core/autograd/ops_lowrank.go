package autograd

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/spectral"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
)

// SvdLowrank is spectral.SvdLowrank recorded (torch.svd_lowrank): U, S and
// V back-propagate into A and M (nil: none) through the composition the
// forward ran, for its random draw (spectral.LowrankTape). A sparse A's (or
// M's) gradient has its pattern and layout: the sampled product of two dense
// factors, never a dense m x n matrix.
func SvdLowrank(a, m *Var, q, niter int, seed uint64) (u, s, v *Var, err error) {
	var mt *tensor.Tensor
	if m != nil {
		mt = m.t
	}
	res, tape, err := spectral.SvdLowrankTaped(a.t, q, niter, mt, seed)
	if err != nil {
		return nil, nil, nil, err
	}
	return recordLowrank(res, tape, a, m)
}

// PcaLowrank is spectral.PcaLowrank recorded (torch.pca_lowrank): as
// SvdLowrank, the centring's column-mean term included in A's gradient.
func PcaLowrank(a *Var, q int, center bool, niter int, seed uint64) (u, s, v *Var, err error) {
	res, tape, err := spectral.PcaLowrankTaped(a.t, q, center, niter, seed)
	if err != nil {
		return nil, nil, nil, err
	}
	return recordLowrank(res, tape, a, nil)
}

// recordLowrank records the three outputs. The graph engine's nodes have
// one output, so one node (svd_lowrank) takes a packed gradient, U's, S's
// and V's elements one after another, and runs the tape's backward once;
// U, S and V are nodes of their own, with torch's names, that place their
// gradient in that packing (zeros elsewhere; the engine sums the three).
func recordLowrank(res *spectral.LowrankResult, tape *spectral.LowrankTape, a, m *Var) (u, s, v *Var, err error) {
	if !a.RequiresGrad() && (m == nil || !m.RequiresGrad()) {
		return Constant(res.U), Constant(res.S), Constant(res.V), nil
	}
	outs := []*tensor.Tensor{res.U, res.S, res.V}
	sizes := make([]int64, len(outs))
	total := int64(0)
	for i, o := range outs {
		sizes[i] = numel(slices.Clone(o.Dims()))
		total += sizes[i]
	}
	dt := res.U.DType()
	packed, err := tensor.NewStrided(dtype.NewArray(dt, []int64{total}))
	if err != nil {
		return nil, nil, nil, err
	}
	ins := []*Var{a, m}
	whole := record("svd_lowrank", packed, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		parts, err := unpack(g, sizes)
		if err != nil {
			return nil, err
		}
		left, right, err := tape.Backward(parts[0], parts[1], parts[2], dtype.Float64)
		if err != nil {
			return nil, err
		}
		grads := make([]*tensor.Tensor, 2)
		if needs(ins, 0) {
			if grads[0], err = outerOn(a.t, left, right); err != nil {
				return nil, err
			}
		}
		if needs(ins, 1) {
			gm, err := outerOn(m.t, left, right)
			if err != nil {
				return nil, err
			}
			if grads[1], err = scale(gm, dtype.Real(-1)); err != nil {
				return nil, err
			}
		}
		return grads, nil
	})
	// torch: U = Q @ U_B (MmBackward0), S from linalg.svd, V = Vh.mH
	// (TransposeBackward0); a wide A swaps U and V.
	names := []string{"MmBackward0", "LinalgSvdBackward0", "TransposeBackward0"}
	if res.U.Dims()[0] < res.V.Dims()[0] {
		names[0], names[2] = names[2], names[0]
	}
	vars := make([]*Var, len(outs))
	off := int64(0)
	for i, o := range outs {
		lo := off
		vars[i] = record(names[i], o, []*Var{whole}, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
			p, err := placeIn(g, dt, total, lo)
			return []*tensor.Tensor{p}, err
		})
		off += sizes[i]
	}
	return vars[0], vars[1], vars[2], nil
}

// unpack reads a packed gradient as float64 and splits it by sizes.
func unpack(g *tensor.Tensor, sizes []int64) ([][]float64, error) {
	if g.DType() != dtype.Float64 {
		var err error
		if g, err = convert.ToDType(g, dtype.Float64); err != nil {
			return nil, err
		}
	}
	vals, err := tensor.Component(g, tensor.CompRawValues)
	if err != nil {
		return nil, err
	}
	all := dtype.AsSlice[float64](vals)
	parts := make([][]float64, len(sizes))
	off := int64(0)
	for i, n := range sizes {
		parts[i] = all[off : off+n]
		off += n
	}
	return parts, nil
}

// placeIn returns a zero vector of total elements of dtype dt holding the
// dense gradient g from element lo on.
func placeIn(g *tensor.Tensor, dt dtype.DType, total, lo int64) (*tensor.Tensor, error) {
	if g.DType() != dt {
		var err error
		if g, err = convert.ToDType(g, dt); err != nil {
			return nil, err
		}
	}
	vals, err := tensor.Component(g, tensor.CompRawValues)
	if err != nil {
		return nil, err
	}
	out := dtype.NewArray(dt, []int64{total})
	es := int64(dt.Size())
	copy(out.Data[lo*es:], vals.Data[:numel(slices.Clone(g.Dims()))*es])
	return tensor.NewStrided(out)
}

// outerOn returns left @ right^T in p's dtype: sampled on p's pattern, in
// p's layout, for a sparse p; dense for a strided one.
func outerOn(p, left, right *tensor.Tensor) (*tensor.Tensor, error) {
	if d := p.DType(); left.DType() != d {
		var err error
		if left, err = convert.ToDType(left, d); err != nil {
			return nil, err
		}
		if right, err = convert.ToDType(right, d); err != nil {
			return nil, err
		}
	}
	if p.Layout() == tensor.Strided {
		rt, err := ops.T(right)
		if err != nil {
			return nil, err
		}
		return linalg.Mm(left, rt)
	}
	g, err := linalg.SampledMmNT(p, left, right)
	if err != nil {
		return nil, err
	}
	return toLayoutOf(g, p)
}
