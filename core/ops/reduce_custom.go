package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/core/ustorage"
)

// reduceCustom runs Reduce on a custom-format tensor's own storage, never
// its COO form: over every dim a fold of the values inside the tensor (the
// whole values array, or ustorage.Runs where a range level leaves padding
// outside it: DIA's out-of-matrix slots), plus numel minus their count
// times the fill; keeping one dim, a walk of the storage scattering into
// that dim's accumulator. ok is false for the cases it leaves to the COO
// form: a format with repeated coordinates (its duplicates sum first), a
// per-slot fill, an op the engine lacks, more than one dim kept, a scatter
// too long for the entries. The result is Reduce's: strided over all dims,
// else a coalesced 1-D COO of the groups holding a stored element.
func reduceCustom(t *tensor.Tensor, red []bool, dims []int, op string, out dtype.DType) (*tensor.Tensor, bool, error) {
	if !reduceCustomApplies(t, red, op) {
		return nil, false, nil
	}
	s := tensor.CustomStructure(t)
	eop, _ := engine.ReduceOpOf(op)
	u, err := t.USTStorage()
	if err != nil {
		return nil, true, err
	}
	kept, nkept := -1, 0
	for d, r := range red {
		if !r {
			kept, nkept = d, nkept+1
		}
	}
	if nkept == 0 {
		return reduceCustomAll(t, s, u.Values, eop, op, dims, out)
	}
	return reduceCustomDim(t, s, u.Values, kept, eop, op, dims, out)
}

// reduceCustomApplies reports whether reduceCustom reduces t's own storage
// over the dims red marks (short of a scatter too long for the entries; the
// plans of gs_explain ask it too): a custom format without repeated
// coordinates, an op the engine has, no per-slot fill, one dim kept at most.
func reduceCustomApplies(t *tensor.Tensor, red []bool, op string) bool {
	u := t.FormatStore()
	_, ok := engine.ReduceOpOf(op)
	if u == nil || !ok || t.PerSlotFill() || !u.Format.IsUnique() {
		return false
	}
	nkept := 0
	for _, r := range red {
		if !r {
			nkept++
		}
	}
	return nkept <= 1
}

// reduceCustomAll folds every value inside the tensor.
func reduceCustomAll(t *tensor.Tensor, s *ustorage.Structure, vals dtype.Array, eop engine.ReduceOp, op string, dims []int, out dtype.DType) (*tensor.Tensor, bool, error) {
	numel := dtype.NumelOf(t.Dims())
	if numel == 0 && (eop == engine.Amax || eop == engine.Amin) {
		return nil, true, emptyReductionError(op, t, dims)
	}
	var b []byte
	var err error
	if hasRange(s.Format) {
		runs, rerr := ustorage.Runs(s, vals.Numel())
		if rerr != nil {
			return nil, true, errs.Errorf(errs.ErrInternal, "%s of a custom-format tensor: %v", op, rerr)
		}
		b, err = engine.ReduceAllRuns(eop, vals, runs, numel, t.FillElem(), out)
	} else { // every value slot is a distinct position inside the tensor
		b, err = engine.ReduceAll(eop, vals, numel, t.FillElem(), out)
	}
	if err != nil {
		return nil, true, err
	}
	return tensor.NewStridedOwned(out, nil, b), true, nil
}

// hasRange reports whether f has a range level, the one level kind whose
// fibers leave value slots outside the tensor.
func hasRange(f format.Format) bool {
	for _, l := range f.Levels {
		if l.Kind == format.Range {
			return true
		}
	}
	return false
}

// reduceCustomDim reduces every dim but kept: a walk of the storage's
// last-level fibers (ustorage.Fibers; Walk for a delta last level) lists
// each stored element's kept coordinate and value, which the engine's
// scatter folds.
func reduceCustomDim(t *tensor.Tensor, s *ustorage.Structure, vals dtype.Array, kept int, eop engine.ReduceOp, op string, dims []int, out dtype.DType) (*tensor.Tensor, bool, error) {
	size := t.Dims()
	n := size[kept]
	group := dtype.NumelOf(size) / max(n, 1)
	if n > 0 && group == 0 && (eop == engine.Amax || eop == engine.Amin) {
		return nil, true, emptyReductionError(op, t, dims)
	}
	nse := vals.Numel()
	if !scatterFits(n, nse) {
		return nil, false, nil
	}
	if err := errs.CheckAlloc(op, nse, 8+vals.DType.Size()); err != nil {
		return nil, true, err
	}
	es := int64(vals.DType.Size())
	crdArr := dtype.NewArray(dtype.Int64, []int64{nse})
	crd := dtype.AsSlice[int64](crdArr)[:0] // appended in place: the walk visits at most nse positions
	picked := make([]byte, 0, nse*es)
	ok, err := ustorage.Fibers(s, nse, func(f *ustorage.Fiber) {
		d0, step := f.Dim0[kept], f.Step[kept]
		if f.Crd == nil {
			for x := f.First; x < f.First+f.Hi-f.Lo; x++ {
				crd = append(crd, d0+x*step)
			}
		} else {
			for _, x := range f.Crd {
				crd = append(crd, d0+x*step)
			}
		}
		picked = append(picked, vals.Data[f.Lo*es:f.Hi*es]...)
	})
	if err == nil && !ok { // a delta last level: element by element
		err = ustorage.Walk(s, nse, func(dim []int64, p int64) {
			crd = append(crd, dim[kept])
			picked = append(picked, vals.Data[p*es:(p+1)*es]...)
		})
	}
	if err != nil {
		return nil, true, errs.Errorf(errs.ErrInternal, "%s of a custom-format tensor: %v", op, err)
	}
	k := int64(len(crd))
	r, err := engine.ReduceScatter(eop, dtype.Array{DType: dtype.Int64, Shape: []int64{k}, Data: crdArr.Data[:k*8]}, n, dtype.Array{DType: vals.DType, Shape: []int64{k}, Data: picked}, group, t.FillElem(), out)
	if err != nil {
		return nil, true, err
	}
	res, err := reducedVector(r, n)
	return res, true, err
}
