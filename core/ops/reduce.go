package ops

import (
	"cmp"
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// coalescedCOO returns t's entries as coalesced COO.
func coalescedCOO(t *tensor.Tensor) (*convert.CooEntries, error) {
	c, err := convert.CoalescedCOO(t, -1)
	if err != nil {
		return nil, err
	}
	return convert.AsCOO(c)
}

// sumDims normalises and deduplicates a dim list (nil or empty: every dim).
// A 0-d tensor takes dim 0 or -1 as torch does (its one element, reduced).
func sumDims(op string, dims []int, nd int) ([]bool, error) {
	return sumDimsIn(make([]bool, nd), op, dims)
}

// sumDimsIn is sumDims writing into red (len(red) dims, all false), which it
// returns: a caller's stack array spares a small call the allocation.
func sumDimsIn(red []bool, op string, dims []int) ([]bool, error) {
	nd := len(red)
	if nd == 0 {
		for _, d := range dims {
			if _, err := tensor.NormDim(op+": dim", d, 1); err != nil {
				return nil, err
			}
		}
		if len(dims) > 1 {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: dim %d appears multiple times in the list of dims", op, 0)
		}
		return red, nil
	}
	if len(dims) == 0 {
		for i := range red {
			red[i] = true
		}
		return red, nil
	}
	for _, d := range dims {
		n, err := tensor.NormDim(op+": dim", d, nd)
		if err != nil {
			return nil, err
		}
		if red[n] {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: dim %d appears multiple times in the list of dims", op, n)
		}
		red[n] = true
	}
	return red, nil
}

func scaleScalar(a dtype.Scalar, k int64) dtype.Scalar {
	if a.IsExact() {
		return dtype.IntScalar(a.ExactInt() * k)
	}
	return dtype.Complex128Scalar(complex(a.Re()*float64(k), a.Im()*float64(k)))
}

// Sum is torch.sparse.sum(t, dims): the sum over dims (nil: all); see Reduce.
func Sum(t *tensor.Tensor, dims []int) (*tensor.Tensor, error) { return Reduce(t, dims, "sum") }

// Reduce applies a reduction (sum, mean, prod, amax, amin, any,
// count_nonzero, norm: the 2-norm) over dims (nil: all). When every sparse dim is reduced the
// result is strided, else a coalesced COO over the kept sparse dims.
// Unspecified elements count through the fill value, so the result equals
// the reduction of the dense tensor; the result's fill is the reduction of a
// group of unspecified elements. Integer and bool sums and products give
// int64, as torch's.
func Reduce(t *tensor.Tensor, dims []int, op string) (*tensor.Tensor, error) {
	rd, ok := reducerFor(op, t.DType())
	if !ok {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "reduce: unknown reduction %q (expected one of %v)", op, ReductionNames())
	}
	nd := len(t.Dims())
	var room [8]bool // the dims of most tensors: no allocation for them (small calls)
	var red []bool
	if nd <= len(room) {
		red = room[:nd]
	} else {
		red = make([]bool, nd)
	}
	red, err := sumDimsIn(red, op, dims)
	if err != nil {
		return nil, err
	}
	outDType, err := rd.dtype(t.DType())
	if err != nil {
		return nil, err
	}
	if t.UndefinedFill() {
		return reduceUndefined(t, red, dims, op, rd, outDType)
	}
	if t.Layout() == tensor.Strided {
		if nd == 0 {
			// One element, reduced as any group is: count_nonzero(3) is 1, not 3.
			v := rd.finish(rd.step(rd.identity, t.Values().Complex(0)), 1)
			return tensor.NewStrided(dtype.Array{DType: outDType, Data: tensor.ScalarBytes(outDType, v)})
		}
		if r, ok, err := reduceNative(t, red, dims, op, outDType); ok || err != nil {
			return r, err
		}
		if r, ok, err := stridedReduce(t, red, dims, op, outDType); ok || err != nil {
			return r, err
		}
		// A strided tensor reduces through its COO form; the result is strided again.
		c, err := convert.ToLayout(t, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
		if err != nil {
			return nil, err
		}
		r, err := Reduce(c, dims, op)
		if err != nil || r.Layout() == tensor.Strided {
			return r, err
		}
		return convert.ToDense(r)
	}
	if r, ok, err := reduceRagged(t, red, dims, op, outDType); ok || err != nil {
		return r, err
	}
	if r, ok, err := reduceCustom(t, red, dims, op, outDType); ok || err != nil {
		return r, err
	}
	nt, err := tensor.Named(t) // no path of its own for t's format below: its elements, for this call
	if err != nil {
		return nil, err
	}
	t = nt
	if r, ok, err := reduceNative(t, red, dims, op, outDType); ok || err != nil {
		return r, err
	}
	return reduceViaCOO(t, red, dims, op, rd, outDType, false)
}

// reduceViaCOO is Reduce through t's coalesced COO form, for any layout
// and dim set: entries sorted by their kept sparse coordinates form the
// output groups. It serves the cases reduceNative leaves (hybrid, batched,
// N-d per-dim reductions) and is the tests' reference for the engine.
// masked skips the unspecified elements (an undefined fill): a group reduces
// its stored elements only, and mean divides by their count.
func reduceViaCOO(t *tensor.Tensor, red []bool, dims []int, op string, rd reducer, outDType dtype.DType, masked bool) (*tensor.Tensor, error) {
	nd := len(t.Dims())
	c, err := coalescedCOO(t)
	if err != nil {
		return nil, err
	}
	s := nd - c.DenseDim
	dshape := c.Shape[s:]
	var keptSparse, keptDense []int
	groupSize, denseFactor := int64(1), int64(1)
	for d := 0; d < nd; d++ {
		switch {
		case !red[d] && d < s:
			keptSparse = append(keptSparse, d)
		case !red[d]:
			keptDense = append(keptDense, d-s)
		case d < s:
			groupSize *= c.Shape[d]
		default:
			denseFactor *= c.Shape[d]
		}
	}
	outBlockShape := make([]int64, len(keptDense))
	for i, d := range keptDense {
		outBlockShape[i] = dshape[d]
	}
	outBlock := dtype.NumelOf(outBlockShape)
	fill := dtype.LoadScalar(c.Dtype, c.Fill)
	// Entries sorted by their kept sparse coordinates form the output groups.
	n := c.Nse()
	order := make([]int64, n)
	for i := range order {
		order[i] = int64(i)
	}
	keyOf := func(e int64) []int64 {
		k := make([]int64, len(keptSparse))
		for i, d := range keptSparse {
			k[i] = c.Coords[d][e]
		}
		return k
	}
	slices.SortStableFunc(order, func(a, b int64) int { return slices.Compare(keyOf(a), keyOf(b)) })
	var groups [][]int64     // output coordinate per group
	var acc [][]dtype.Scalar // output block per group
	var counts []int64
	for _, e := range order {
		k := keyOf(e)
		if len(groups) == 0 || !slices.Equal(groups[len(groups)-1], k) {
			groups = append(groups, k)
			block := make([]dtype.Scalar, outBlock)
			for j := range block {
				block[j] = rd.identity
			}
			acc = append(acc, block)
			counts = append(counts, 0)
		}
		g := len(groups) - 1
		counts[g]++
		reduceBlockInto(acc[g], c.Vals, e, dshape, red[s:], rd.step)
	}
	perOutput := groupSize * denseFactor // elements reduced into one output element
	if perOutput == 0 && (op == "amax" || op == "amin") {
		return nil, emptyReductionError(op, t, dims)
	}
	for g := range acc {
		if missing := groupSize - counts[g]; missing > 0 && !masked {
			for j := range acc[g] {
				acc[g][j] = rd.fold(acc[g][j], fill, missing*denseFactor)
			}
		}
		n := perOutput
		if masked {
			n = counts[g] * denseFactor
		}
		for j := range acc[g] {
			acc[g][j] = rd.finish(acc[g][j], n)
		}
	}
	unspecified := rd.finish(rd.fold(rd.identity, fill, perOutput), perOutput)
	if masked {
		unspecified = emptyMasked(op, rd, outDType)
	}
	if len(keptSparse) == 0 {
		out := dtype.NewArray(outDType, outBlockShape)
		for j := int64(0); j < outBlock; j++ {
			v := unspecified
			if len(acc) == 1 {
				v = acc[0][j]
			}
			out.SetComplex(j, v)
		}
		return tensor.NewStrided(out)
	}
	shape := make([]int64, 0, len(keptSparse)+len(keptDense))
	for _, d := range keptSparse {
		shape = append(shape, c.Shape[d])
	}
	shape = append(shape, outBlockShape...)
	coords := make([][]int64, len(keptSparse))
	for i := range coords {
		coords[i] = make([]int64, len(groups))
		for g := range groups {
			coords[i][g] = groups[g][i]
		}
	}
	vals := dtype.NewArray(outDType, append([]int64{int64(len(groups))}, outBlockShape...))
	for g := range acc {
		for j, v := range acc[g] {
			vals.SetComplex(int64(g)*outBlock+int64(j), v)
		}
	}
	out := &convert.CooEntries{Shape: shape, DenseDim: len(keptDense), Coords: coords, Vals: vals, Coalesced: true,
		Width: c.Width, Fill: tensor.ScalarBytes(outDType, unspecified), Dtype: outDType}
	return out.Tensor()
}

// reduceBlockInto folds entry e's value block into acc with step, reducing
// the dense dims marked in red (acc is laid out over the kept dense dims).
func reduceBlockInto(acc []dtype.Scalar, vals dtype.Array, e int64, dshape []int64, red []bool, step func(acc, v dtype.Scalar) dtype.Scalar) {
	block := dtype.NumelOf(dshape)
	idx := make([]int64, len(dshape))
	for j := int64(0); j < block; j++ {
		r := j
		for d := len(dshape) - 1; d >= 0; d-- {
			idx[d] = r % dshape[d]
			r /= dshape[d]
		}
		o := int64(0)
		for d := range dshape {
			if !red[d] {
				o = o*dshape[d] + idx[d]
			}
		}
		acc[o] = step(acc[o], vals.Complex(e*block+j))
	}
}

// Softmax is torch.sparse.softmax(t, dim): along dim over the specified
// elements only (unspecified ones are excluded, not read as the fill), on a
// coalesced COO result of the same pattern (a float custom-format tensor's
// keeps its format and structure: softmaxCustom). log computes log_softmax.
// Every case runs on the engine: float16 and bfloat16 by the float32
// routes, rounded once (softmaxHalf); complex by the engine's complex
// kernels (torch refuses complex softmax; this is exp(z) / sum exp(z)); a
// compressed tensor whose COO form needs wider indices through that form.
func Softmax(t *tensor.Tensor, dim int, log bool) (*tensor.Tensor, error) {
	op := "softmax"
	if log {
		op = "log_softmax"
	}
	if t.Layout() == tensor.Strided {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: expected a sparse tensor; a strided tensor has no unspecified elements to exclude", op)
	}
	if t.UndefinedFill() {
		return softmaxUndefined(t, dim, log)
	}
	if !t.DType().IsFloat() && !t.DType().IsComplex() {
		// torch refuses with NotImplementedError ("softmax" not implemented for 'Long'),
		// and computes once dtype= casts the input.
		return nil, errs.Errorf(errs.ErrNotImplemented, "%s: not implemented for %s tensors: expected a floating point dtype (pass dtype= to compute in one), as torch", op, t.DType())
	}
	nd := len(t.Dims())
	dim, err := tensor.NormDim(op+": dim", dim, nd)
	if err != nil {
		return nil, err
	}
	if nd == 0 { // along dim 0 of its (1) view, as torch reads a 0-d tensor
		u, err := Unsqueeze(t, 0)
		if err != nil {
			return nil, err
		}
		if u, err = Softmax(u, 0, log); err != nil {
			return nil, err
		}
		return Squeeze(u, &dim)
	}
	if t.DType() == dtype.Float16 || t.DType() == dtype.BFloat16 {
		return softmaxHalf(t, dim, log)
	}
	if r, ok, err := softmaxRagged(t, dim, log); ok || err != nil {
		return r, err
	}
	if r, ok, err := softmaxCustomSegments(t, dim, log); ok || err != nil {
		return r, err
	}
	if r, ok, err := softmaxCustom(t, dim, log); ok || err != nil {
		return r, err
	}
	nt, err := tensor.Named(t) // no path of its own for t's format below: its elements, for this call
	if err != nil {
		return nil, err
	}
	t = nt
	if r, ok, err := softmaxNative(t, dim, log); ok || err != nil {
		return r, err
	}
	// A compressed tensor whose COO form needs wider indices than its own
	// (or whose row pointer starts past 0): its coalesced COO form.
	c, err := convert.CoalescedCOO(t, -1)
	if err != nil {
		return nil, err
	}
	r, ok, err := softmaxCOO(c, dim, log)
	if !ok && err == nil {
		err = errs.Errorf(errs.ErrInternal, "%s: no engine route for a %s tensor of %s", op, c.Layout(), c.DType())
	}
	return r, err
}

// SparseMask is torch's t.sparse_mask(mask): the elements of t (dense or
// sparse) at the specified positions of mask, in mask's (coalesced) pattern
// and layout (a custom mask of a format with unique coordinates: its
// format, sparseMaskCustom); mask's values are ignored.
func SparseMask(t, mask *tensor.Tensor) (*tensor.Tensor, error) {
	if !slices.Equal(t.Dims(), mask.Dims()) {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "sparse_mask: expected self and mask to have the same shape, got %v and %v", t.Dims(), mask.Dims())
	}
	if mask.Layout() == tensor.Strided {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "sparse_mask: mask must be sparse, got a strided tensor")
	}
	if r, ok, err := sparseMaskCustom(t, mask); ok || err != nil {
		return r, err
	}
	m, err := coalescedCOO(mask)
	if err != nil {
		return nil, err
	}
	// Read t at every mask position through a sorted merge of coordinates
	// when t is sparse with mask's dense dims and its dense form would be
	// large next to the entries (or above the memory limit), else through
	// its dense form.
	s := len(m.Shape) - m.DenseDim
	block := dtype.NumelOf(m.Shape[s:])
	es := int64(t.DType().Size())
	if t.Layout() != tensor.Strided && t.DenseDim() == m.DenseDim && !denseIsCheap(t, m.Nse()) {
		return sparseMaskMerge(t, mask, m)
	}
	src := t
	if t.Layout() != tensor.Strided || t.DenseDim() != 0 {
		if src, err = convert.ToDense(t); err != nil {
			return nil, err
		}
	}
	vals := dtype.NewArray(t.DType(), append([]int64{m.Nse()}, m.Shape[s:]...))
	for e := int64(0); e < m.Nse(); e++ {
		off := int64(0)
		for d := 0; d < s; d++ {
			off = off*m.Shape[d] + m.Coords[d][e]
		}
		copy(vals.Data[e*block*es:(e+1)*block*es], src.Values().Data[off*block*es:(off+1)*block*es])
	}
	r := &convert.CooEntries{Shape: m.Shape, DenseDim: m.DenseDim, Coords: m.Coords, Vals: vals, Coalesced: true,
		Width: m.Width, Fill: make([]byte, t.DType().Size()), Dtype: t.DType()}
	out, err := r.Tensor()
	if err != nil {
		return nil, err
	}
	return convert.InLayout(out, mask)
}

// denseIsCheap reports whether t's dense form fits the memory limit and is
// not much larger than t's entries and the other operand's (nse of them).
func denseIsCheap(t *tensor.Tensor, nse int64) bool {
	n := dtype.NumelOf(t.Dims())
	return errs.CheckAlloc("", n, t.DType().Size()) == nil && n <= 4*(t.NNZ()+nse)+4096
}

// sparseMaskMerge is SparseMask for a sparse t with m's dense dims: one
// merge of the two coalesced (sorted) coordinate lists; a mask position t
// does not store reads t's fill value. Memory by the entries only.
func sparseMaskMerge(t, mask *tensor.Tensor, m *convert.CooEntries) (*tensor.Tensor, error) {
	c, err := coalescedCOO(t)
	if err != nil {
		return nil, err
	}
	s := len(m.Shape) - m.DenseDim
	bb := dtype.NumelOf(m.Shape[s:]) * int64(t.DType().Size())
	vals := dtype.NewArray(t.DType(), append([]int64{m.Nse()}, m.Shape[s:]...))
	tensor.FillArray(vals, t.FillElem())
	cmp := func(e, f int64) int {
		for d := 0; d < s; d++ {
			if x := cmp.Compare(m.Coords[d][e], c.Coords[d][f]); x != 0 {
				return x
			}
		}
		return 0
	}
	for e, f := int64(0), int64(0); e < m.Nse(); e++ {
		for f < c.Nse() && cmp(e, f) > 0 {
			f++
		}
		if f < c.Nse() && cmp(e, f) == 0 {
			copy(vals.Data[e*bb:(e+1)*bb], c.Vals.Data[f*bb:(f+1)*bb])
		}
	}
	r := &convert.CooEntries{Shape: m.Shape, DenseDim: m.DenseDim, Coords: m.Coords, Vals: vals, Coalesced: true,
		Width: m.Width, Fill: make([]byte, t.DType().Size()), Dtype: t.DType()}
	out, err := r.Tensor()
	if err != nil {
		return nil, err
	}
	return convert.InLayout(out, mask)
}
