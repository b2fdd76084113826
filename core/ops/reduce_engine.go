package ops

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// reduceNativeApplies reports whether reduceNative serves t (the plans of
// gs_explain ask it too): an op the engine has, no per-slot fill, a named layout.
func reduceNativeApplies(t *tensor.Tensor, op string) bool {
	_, ok := engine.ReduceOpOf(op)
	return ok && !t.PerSlotFill() && t.Layout() != tensor.Custom
}

// reduceNative runs Reduce on the engine where it reads t's storage
// directly: every dim reduced (a fold of the values, any layout), one dim
// of a 2-D CSR, CSC or COO matrix (a segment fold over pos, or a scatter
// over the other level's coordinates), or some dims of an N-d COO tensor
// or of any other sparse layout, batched or hybrid (a scatter over the kept
// coordinates: reduceCOOGroups, reduceLevelGroups). ok is false for the cases
// it leaves to reduceViaCOO. The result follows Reduce's rules: strided
// when every sparse dim is reduced, else a coalesced COO over the kept
// dims, its fill the reduction of a group of unspecified elements.
func reduceNative(t *tensor.Tensor, red []bool, dims []int, op string, out dtype.DType) (*tensor.Tensor, bool, error) {
	if !reduceNativeApplies(t, op) {
		return nil, false, nil
	}
	eop, _ := engine.ReduceOpOf(op)
	nred := 0
	for _, r := range red {
		if r {
			nred++
		}
	}
	if nred == len(red) {
		src, err := distinctEntries(t, eop)
		if err != nil {
			return nil, true, err
		}
		numel := dtype.NumelOf(t.Dims())
		if numel == 0 && (eop == engine.Amax || eop == engine.Amin) {
			return nil, true, emptyReductionError(op, t, dims)
		}
		r, res, _ := tensor.NewStridedUninit(out, nil) // one allocation: the tensor and its element
		if err := engine.ReduceAllInto(eop, src.Values(), numel, src.FillElem(), out, res); err != nil {
			return nil, true, err
		}
		return r, true, nil
	}
	l := t.Layout()
	if len(red) != 2 || t.BatchDim() != 0 || t.DenseDim() != 0 || (l != tensor.CSR && l != tensor.CSC && l != tensor.COO) {
		if r, ok, err := reduceCOOGroups(t, red, dims, op, eop, out); ok || err != nil {
			return r, ok, err
		}
		return reduceLevelGroups(t, red, dims, op, eop, out)
	}
	dim := 0
	if red[1] {
		dim = 1
	}
	kept := 1 - dim
	size := t.Dims()
	if size[dim] == 0 && (eop == engine.Amax || eop == engine.Amin) {
		return nil, true, emptyReductionError(op, t, dims)
	}
	var r engine.Reduced
	var err error
	switch t.Layout() {
	case tensor.CSR, tensor.CSC:
		lv := t.Levels()[1]
		rowsOf := 0 // the dim the compressed level's segments belong to
		if t.Layout() == tensor.CSC {
			rowsOf = 1
		}
		if kept == rowsOf {
			r, err = engine.ReduceSegments(eop, lv.Pos, t.Values(), size[dim], t.FillElem(), out)
		} else {
			if !scatterFits(size[kept], t.NNZ()) {
				return nil, false, nil
			}
			r, err = engine.ReduceScatter(eop, lv.Crd, size[kept], t.Values(), size[dim], t.FillElem(), out)
		}
	case tensor.COO:
		src, cerr := distinctEntries(t, eop)
		if cerr != nil {
			return nil, true, cerr
		}
		if !src.IsCoalesced() {
			if src, err = convert.Coalesce(src); err != nil {
				return nil, true, err
			}
		}
		idx := src.Indices()
		nse := idx.Shape[1]
		w := int64(idx.DType.Size())
		if !scatterFits(size[kept], nse) {
			return nil, false, nil
		}
		crd := dtype.Array{DType: idx.DType, Shape: []int64{nse}, Data: idx.Data[int64(kept)*nse*w : int64(kept+1)*nse*w]}
		r, err = engine.ReduceScatter(eop, crd, size[kept], src.Values(), size[dim], src.FillElem(), out)
	default:
		return nil, false, nil
	}
	if err != nil {
		return nil, true, err
	}
	res, err := reducedVector(r, size[kept])
	return res, true, err
}

// scatterFits reports whether a scatter into an n-long accumulator pays
// for nse entries: the accumulator is not much longer than the entries
// (else the sort-by-key path's memory follows the entries, not the dim).
func scatterFits(n, nse int64) bool { return n <= 4*nse+(1<<16) }

// distinctEntries returns t, coalesced first when it is an uncoalesced COO
// whose duplicates op would count apart: a sum or mean with fill zero adds
// duplicates as coalescing would (not for bool, whose coalescing is an or:
// two true duplicates are one true element), every other case needs
// distinct positions (the unspecified count, prod, amax, ...).
func distinctEntries(t *tensor.Tensor, op engine.ReduceOp) (*tensor.Tensor, error) {
	if t.Layout() != tensor.COO || t.IsCoalesced() {
		return t, nil
	}
	if (op == engine.Sum || op == engine.Mean) && t.DType() != dtype.Bool && isZeroBytes(t.FillElem()) {
		return t, nil
	}
	return convert.Coalesce(t)
}

func isZeroBytes(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

// reducedVector is a reduction's groups as a coalesced 1-D COO of n
// elements, its fill that of a group with no stored element (the keys are
// group numbers: NewCOO need not scan them for a negative one).
func reducedVector(r engine.Reduced, n int64) (*tensor.Tensor, error) {
	k := r.Keys.Shape[0]
	idx := dtype.Array{DType: r.Keys.DType, Shape: []int64{1, k}, Data: r.Keys.Data}
	c, err := tensor.NewCOO(idx, r.Values, []int64{n}, tensor.BuildOptions{NoCheck: true, Coalesced: true, NonNegative: true})
	if err != nil {
		return nil, err
	}
	return tensor.Revalue(c, c.Values(), r.Fill), nil
}

func emptyReductionError(op string, t *tensor.Tensor, dims []int) error {
	return errs.Errorf(errs.ErrInvalidArgument, "%s(): Expected reduction dim to have non-zero size (size %v, dims %v)", op, t.Dims(), dims)
}
