package autograd

import (
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// Sum is ops.Sum recorded (torch.sparse.sum over dims, nil: all): only the
// specified elements get a gradient, the output's gradient at the element
// they were summed into, coalesced (torch's rule).
func Sum(x *Var, dims []int) (*Var, error) {
	name := "SparseSumBackward0"
	switch {
	case len(dims) == 0:
		name = "SumBackward0"
	case x.t.Layout() == tensor.Strided:
		name = "SumBackward1"
	}
	return sum(name, x, dims)
}

// ReduceSum is Tensor.sum recorded: Sum's gradient under Tensor.sum's node
// names (SumBackward0 over every dim, SumBackward1 over some, whatever the
// layout), where Sum has torch.sparse.sum's.
func ReduceSum(x *Var, dims []int) (*Var, error) {
	name := "SumBackward1"
	if len(dims) == 0 {
		name = "SumBackward0"
	}
	return sum(name, x, dims)
}

func sum(name string, x *Var, dims []int) (*Var, error) {
	out, err := ops.Sum(x.t, dims)
	if err != nil {
		return nil, err
	}
	ins := []*Var{x}
	return record(name, out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		if x.t.Layout() == tensor.Strided {
			gx, err := denseSumGrad(x.t, g, dims)
			return []*tensor.Tensor{gx}, err
		}
		gx, err := sumGrad(x.t, g, dims)
		return []*tensor.Tensor{gx}, err
	}), nil
}

// summedDims marks the dims of an nd-dim tensor that dims (empty: all) sums.
func summedDims(nd int, dims []int) []bool {
	summed := make([]bool, nd)
	for d := range summed {
		summed[d] = len(dims) == 0
	}
	for _, d := range dims {
		summed[(d%nd+nd)%nd] = true
	}
	return summed
}

// keptStrides returns each dim's stride in the tensor that keeps the
// unsummed dims of shape (0 for summed dims) and that tensor's size.
func keptStrides(shape []int64, summed []bool) ([]int64, int64) {
	strides := make([]int64, len(shape))
	n := int64(1)
	for k := len(shape) - 1; k >= 0; k-- {
		if !summed[k] {
			strides[k] = n
			n *= shape[k]
		}
	}
	return strides, n
}

// denseSumGrad broadcasts g, the gradient of sum(x, dims) for a strided x,
// back to x's shape.
func denseSumGrad(x, g *tensor.Tensor, dims []int) (*tensor.Tensor, error) {
	shape := slices.Clone(x.Dims())
	strides, _ := keptStrides(shape, summedDims(len(shape), dims))
	gv, err := tensor.Component(g, tensor.CompRawValues)
	if err != nil {
		return nil, err
	}
	es := int64(x.DType().Size())
	vals := dtype.NewArray(x.DType(), shape)
	if outer, rn, inner, ok := summedRun(shape, summedDims(len(shape), dims)); ok {
		// One run of summed dims: gx[o, r, i] = g[o, i], a block copy per (o, r).
		for o := range outer {
			src := gv.Data[o*inner*es : (o+1)*inner*es]
			for r := range rn {
				copy(vals.Data[(o*rn+r)*inner*es:], src)
			}
		}
		return tensor.NewStrided(vals)
	}
	for e := range numel(shape) {
		off, rest := int64(0), e
		for k := len(shape) - 1; k >= 0; k-- {
			off += rest % shape[k] * strides[k]
			rest /= shape[k]
		}
		copy(vals.Data[e*es:(e+1)*es], gv.Data[off*es:(off+1)*es])
	}
	return tensor.NewStrided(vals)
}

// summedRun splits shape as (outer, summed, inner) sizes when the summed
// dims are one contiguous run; ok is false otherwise.
func summedRun(shape []int64, summed []bool) (outer, rn, inner int64, ok bool) {
	lo, hi, ok := tensor.MarkedRun(summed)
	if !ok {
		return 0, 0, 0, false
	}
	return numel(shape[:lo]), numel(shape[lo:hi]), numel(shape[hi:]), true
}

// sumGrad spreads g, the gradient of sum(x, dims), back onto x's specified
// elements: each gets the element of g it was summed into.
func sumGrad(x, g *tensor.Tensor, dims []int) (*tensor.Tensor, error) {
	xc, err := cooOf(x)
	if err != nil {
		return nil, err
	}
	summed := summedDims(x.NDim(), dims)
	shape := slices.Clone(x.Dims())
	sd := xc.SparseDim()
	// The kept dense dims' strides inside g's value blocks, per input dense dim.
	dense := shape[sd:]
	keptStride, keptBlock := keptStrides(dense, summed[sd:])
	rowOf, gvals, err := gradRows(g, shape[:sd], summed[:sd], keptBlock)
	if err != nil {
		return nil, err
	}
	coords, err := coordsOf(xc)
	if err != nil {
		return nil, err
	}
	nnz := xc.NNZ()
	block := numel(dense)
	es := int64(x.DType().Size())
	vals := dtype.NewArray(x.DType(), append([]int64{nnz}, dense...))
	idx := make([]int64, sd)
	for r := int64(0); r < nnz; r++ {
		for d := range idx {
			idx[d] = coords[d][r]
		}
		base, ok := rowOf(idx)
		if !ok {
			continue
		}
		for e := int64(0); e < block; e++ {
			off, rest := int64(0), e
			for k := len(dense) - 1; k >= 0; k-- {
				off += rest % dense[k] * keptStride[k]
				rest /= dense[k]
			}
			src := (base + off) * es
			dst := (r*block + e) * es
			copy(vals.Data[dst:dst+es], gvals.Data[src:src+es])
		}
	}
	idxArr, err := tensor.Component(xc, tensor.CompRawIndices)
	if err != nil {
		return nil, err
	}
	gx, err := tensor.NewCOO(idxArr, vals, shape, tensor.BuildOptions{NoCheck: true, Coalesced: true})
	if err != nil {
		return nil, err
	}
	return toLayoutOf(gx, x)
}

// gradRows returns, for a sparse index of the summed tensor, the element
// offset in g's values where its block of kept dense elements starts (ok
// false where g has no specified element there), and g's values.
func gradRows(g *tensor.Tensor, sizes []int64, summed []bool, keptBlock int64) (func([]int64) (int64, bool), dtype.Array, error) {
	lin := func(idx []int64) int64 {
		l := int64(0)
		for d, i := range idx {
			if !summed[d] {
				l = l*sizes[d] + i
			}
		}
		return l
	}
	if g.Layout() == tensor.Strided {
		vals, err := tensor.Component(g, tensor.CompRawValues)
		return func(idx []int64) (int64, bool) { return lin(idx) * keptBlock, true }, vals, err
	}
	gc, err := cooOf(g)
	if err != nil {
		return nil, dtype.Array{}, err
	}
	gcoords, err := coordsOf(gc)
	if err != nil {
		return nil, dtype.Array{}, err
	}
	kept := make([]int64, 0, len(sizes))
	for d := range sizes {
		if !summed[d] {
			kept = append(kept, sizes[d])
		}
	}
	at := make(map[int64]int64, gc.NNZ())
	for r := int64(0); r < gc.NNZ(); r++ {
		l := int64(0)
		for d := range kept {
			l = l*kept[d] + gcoords[d][r]
		}
		at[l] = r
	}
	vals, err := tensor.Component(gc, tensor.CompRawValues)
	return func(idx []int64) (int64, bool) {
		r, ok := at[lin(idx)]
		return r * keptBlock, ok
	}, vals, err
}

// cooOf is t as a coalesced COO tensor with int64 indices.
func cooOf(t *tensor.Tensor) (*tensor.Tensor, error) {
	c, err := convert.CoalescedCOO(t, -1)
	if err != nil {
		return nil, err
	}
	if c.IndexWidth() != 64 {
		if c, err = convert.ToIndexWidth(c, 64); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// coordsOf views the rows of a 64-bit COO tensor's indices.
func coordsOf(c *tensor.Tensor) ([][]int64, error) {
	idx, err := tensor.Component(c, tensor.CompRawIndices)
	if err != nil {
		return nil, err
	}
	flat := dtype.AsSlice[int64](idx)
	nnz := idx.Shape[1]
	rows := make([][]int64, idx.Shape[0])
	for d := range rows {
		rows[d] = flat[int64(d)*nnz : int64(d+1)*nnz]
	}
	return rows, nil
}

// Softmax is ops.Softmax recorded (torch.sparse.softmax, or log_softmax
// with log): the gradient has the input's pattern.
func Softmax(x *Var, dim int, log bool) (*Var, error) {
	out, err := ops.Softmax(x.t, dim, log)
	if err != nil {
		return nil, err
	}
	name := "SoftmaxBackward0"
	if log {
		name = "LogSoftmaxBackward0"
	}
	if x.t.Layout() != tensor.Strided {
		name = "Sparse" + name
	}
	ins := []*Var{x}
	return record(name, out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gx, err := softmaxGrad(x.t, out, g, dim, log)
		return []*tensor.Tensor{gx}, err
	}), nil
}

// softmaxGrad is the gradient of y = softmax(x) over dim at the specified
// elements: y * (g - sum(g * y)), or g - exp(y) * sum(g) for log_softmax,
// the sums over each group of elements that differ in dim only.
func softmaxGrad(x, y, g *tensor.Tensor, dim int, log bool) (*tensor.Tensor, error) {
	if x.Layout() == tensor.Strided {
		return nil, errs.Errorf(errs.ErrNotImplemented, "the gradient of softmax of a strided tensor is not implemented here: use a sparse input")
	}
	yc, err := cooOf(y)
	if err != nil {
		return nil, err
	}
	gm, err := ops.SparseMask(g, yc)
	if err != nil {
		return nil, err
	}
	nd := x.NDim()
	dim = (dim%nd + nd) % nd
	groups, ng, err := softmaxGroups(yc, dim)
	if err != nil {
		return nil, err
	}
	yv := yc.Values()
	gv := gm.Values()
	out := dtype.NewArray(x.DType(), yv.Shape)
	switch x.DType() {
	case dtype.Float64:
		softmaxBack(dtype.AsSlice[float64](yv), dtype.AsSlice[float64](gv), dtype.AsSlice[float64](out), groups, ng, log)
	case dtype.Float32:
		softmaxBack(dtype.AsSlice[float32](yv), dtype.AsSlice[float32](gv), dtype.AsSlice[float32](out), groups, ng, log)
	default:
		return nil, errs.Errorf(errs.ErrNotImplemented, "the gradient of softmax of %s is not implemented (float32 and float64 are)", x.DType())
	}
	idx, err := tensor.Component(yc, tensor.CompRawIndices)
	if err != nil {
		return nil, err
	}
	gx, err := tensor.NewCOO(idx, out, slices.Clone(x.Dims()), tensor.BuildOptions{NoCheck: true, Coalesced: true})
	if err != nil {
		return nil, err
	}
	return toLayoutOf(gx, x)
}

// softmaxGroups numbers the softmax group of every stored element of the
// coalesced COO tensor c (values flat: entry-major, then dense elements).
func softmaxGroups(c *tensor.Tensor, dim int) ([]int64, int64, error) {
	coords, err := coordsOf(c)
	if err != nil {
		return nil, 0, err
	}
	shape := slices.Clone(c.Dims())
	sd := c.SparseDim()
	dense := shape[sd:]
	block := numel(dense)
	nnz := c.NNZ()
	groups := make([]int64, nnz*block)
	if dim >= sd {
		// A dense dim: groups lie inside one entry's block.
		k := dim - sd
		inner := numel(dense[k+1:])
		size := dense[k]
		per := block / max(size, 1)
		for r := int64(0); r < nnz; r++ {
			for e := int64(0); e < block; e++ {
				outer, in := e/(size*inner), e%inner
				groups[r*block+e] = r*per + outer*inner + in
			}
		}
		return groups, nnz * per, nil
	}
	ids := map[int64]int64{}
	others := slices.Delete(slices.Clone(shape[:sd]), dim, dim+1)
	for r := int64(0); r < nnz; r++ {
		l, j := int64(0), 0
		for d := 0; d < sd; d++ {
			if d == dim {
				continue
			}
			l = l*others[j] + coords[d][r]
			j++
		}
		id, ok := ids[l]
		if !ok {
			id = int64(len(ids))
			ids[l] = id
		}
		for e := int64(0); e < block; e++ {
			groups[r*block+e] = id*block + e
		}
	}
	return groups, int64(len(ids)) * block, nil
}

// softmaxBack writes the softmax (or log_softmax) gradient of y given g.
func softmaxBack[T float32 | float64](y, g, out []T, groups []int64, ng int64, log bool) {
	sums := make([]T, ng)
	for i, gi := range groups {
		if log {
			sums[gi] += g[i]
		} else {
			sums[gi] += g[i] * y[i]
		}
	}
	if log {
		kernels.Exp(out, y) // exp(y), vectorised, in out until overwritten below
		for i, gi := range groups {
			out[i] = g[i] - out[i]*sums[gi]
		}
		return
	}
	for i, gi := range groups {
		out[i] = y[i] * (g[i] - sums[gi])
	}
}
