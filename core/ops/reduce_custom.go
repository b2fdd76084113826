package ops

import (
	"slices"

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
// times the fill; keeping some dims, a walk of the storage's fibers
// scattering each stored element into the accumulator of its kept
// coordinates (or, where that accumulator would be much longer than the
// stored values, scatterFits, a sort of the keys). ok is false for the
// cases it leaves to the COO form: a format with repeated coordinates (its
// duplicates sum first), a per-slot fill, an op the engine lacks. The
// result is Reduce's: strided over all dims,
// else a coalesced COO over the kept dims of the groups holding a stored
// element.
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
	if !slices.Contains(red, false) {
		return reduceCustomAll(t, s, u.Values, eop, op, dims, out)
	}
	return reduceCustomKept(t, s, u.Values, red, eop, op, dims, out)
}

// reduceCustomApplies reports whether reduceCustom reduces t's own storage
// over the dims red marks (the plans of gs_explain ask it too): a custom
// format without repeated
// coordinates, an op the engine has, no per-slot fill.
func reduceCustomApplies(t *tensor.Tensor, red []bool, op string) bool {
	if t.Layout() != tensor.Custom {
		return false
	}
	u, err := t.USTStorage()
	_, ok := engine.ReduceOpOf(op)
	return err == nil && ok && !t.PerSlotFill() && u.Format.IsUnique() && len(red) == len(t.Dims())
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

// reduceCustomKept reduces the dims marked in red, keeping the others: a
// walk of the storage's last-level fibers (keyRuns) gives each stored
// element's linear key over the kept dims and its value slot, which the
// engine's scatter folds a chunk of keys at a time (engine.ReduceKeyRuns),
// or, where the groups far outnumber the values, which are sorted by key
// (reduceSortedRuns). The keys, ascending, become the result's int64
// coordinates.
func reduceCustomKept(t *tensor.Tensor, s *ustorage.Structure, vals dtype.Array, red []bool, eop engine.ReduceOp, op string, dims []int, out dtype.DType) (*tensor.Tensor, bool, error) {
	size := t.Dims()
	strides, groups, group := keptGroups(size, red)
	// torch refuses an empty reduced dim even where the result is empty too.
	if group == 0 && (eop == engine.Amax || eop == engine.Amin) {
		return nil, true, emptyReductionError(op, t, dims)
	}
	nse := vals.Numel()
	var r engine.Reduced
	var err error
	if scatterFits(groups, nse) {
		var walkErr error
		r, err = engine.ReduceKeyRuns(eop, func(yield func(keys []int64, lo, hi int)) {
			walkErr = chunkedKeyRuns(s, nse, strides, yield)
		}, groups, vals, group, t.FillElem(), out)
		if err == nil {
			err = walkErr
		}
	} else {
		r, err = reduceSortedRuns(s, vals, strides, eop, group, t.FillElem(), out)
	}
	if err != nil {
		return nil, true, err
	}
	res, err := keyedResult(r, size, red, dtype.Int64)
	return res, true, err
}

// keyRuns walks s's stored elements in storage order (ustorage.Tiles),
// calling emit with each tile's linear keys over the kept dims
// (keptGroups' strides: a fiber's keys are an arithmetic run) and its value
// slots [lo, hi), a tile longer than keyRunChunk (a DIA's diagonal) in
// pieces of at most keyRunChunk, so that keys, reused between calls, stays
// that short. A tile of blocks (BSR's block row) takes each position's
// key plus the block's table of keys (tileKeys).
func keyRuns(s *ustorage.Structure, nse int64, strides []int64, emit func(keys []int64, lo, hi int64)) error {
	buf := make([]int64, keyRunChunk)
	var inner []int64 // a block's slots' keys from their position's
	err := ustorage.Tiles(s, nse, func(t *ustorage.Tile) {
		var k0, step int64 // the key of the fiber's coordinate 0, and its change per coordinate
		for d, st := range strides {
			k0 += t.Dim0[d] * st
			step += t.Step[d] * st
		}
		if t.Block > 1 {
			if inner == nil {
				inner = tileKeys(t, strides)
			}
			tileKeyRuns(&t.Fiber, inner, k0, step, buf, emit)
			return
		}
		for lo := t.Lo; lo < t.Hi; lo += keyRunChunk {
			keys := buf[:min(keyRunChunk, t.Hi-lo)]
			if t.Crd == nil {
				x := t.First + lo - t.Lo
				for k := range keys {
					keys[k] = k0 + (x+int64(k))*step
				}
			} else {
				for k, x := range t.Crd[lo-t.Lo : lo-t.Lo+int64(len(keys))] {
					keys[k] = k0 + x*step
				}
			}
			emit(keys, lo, lo+int64(len(keys)))
		}
	})
	if err != nil {
		return errs.Errorf(errs.ErrInternal, "reduction of a custom-format tensor: %v", err)
	}
	return nil
}

// tileKeys is the keys over strides of a tile's block's slots, from their
// position's (the same table for every tile of a walk).
func tileKeys(t *ustorage.Tile, strides []int64) []int64 {
	nd := int64(len(strides))
	inner := make([]int64, t.Block)
	for e := range inner {
		for d, st := range strides {
			inner[e] += t.Inner[int64(e)*nd+int64(d)] * st
		}
	}
	return inner
}

// tileKeyRuns emits the keys of a tile of blocks (positions f.Lo..f.Hi,
// len(inner) slots each, key k0 + x*step + inner[e]) in pieces of whole
// blocks, at most len(buf) slots (a block is at most tileBlockMax, below
// keyRunChunk).
func tileKeyRuns(f *ustorage.Fiber, inner []int64, k0, step int64, buf []int64, emit func(keys []int64, lo, hi int64)) {
	b := int64(len(inner))
	per := int64(len(buf)) / b
	for q0 := f.Lo; q0 < f.Hi; q0 += per {
		q1 := min(f.Hi, q0+per)
		keys := buf[:(q1-q0)*b]
		for q := q0; q < q1; q++ {
			x := f.First + q - f.Lo
			if f.Crd != nil {
				x = f.Crd[q-f.Lo]
			}
			kq := k0 + x*step
			ks := keys[(q-q0)*b : (q-q0+1)*b]
			for e, d := range inner {
				ks[e] = kq + d
			}
		}
		emit(keys, q0*b, q1*b)
	}
}

// keyRunChunk is the keys chunkedKeyRuns gathers before a yield.
const keyRunChunk = 4096

// chunkedKeyRuns is keyRuns gathering the fibers' keys into chunks of
// contiguous value slots (a gap, a format's padding, ends a chunk), so the
// engine's scatter is called once a chunk, not once a fiber.
func chunkedKeyRuns(s *ustorage.Structure, nse int64, strides []int64, yield func(keys []int64, lo, hi int)) error {
	buf := make([]int64, 0, keyRunChunk)
	var lo, hi int64
	flush := func() {
		if len(buf) > 0 {
			yield(buf, int(lo), int(hi))
		}
		buf = buf[:0]
	}
	err := keyRuns(s, nse, strides, func(keys []int64, flo, fhi int64) {
		if flo != hi || len(buf)+len(keys) > keyRunChunk {
			flush()
		}
		if len(buf) == 0 {
			lo = flo
		}
		buf = append(buf, keys...)
		hi = fhi
	})
	flush()
	return err
}

// reduceSortedRuns is reduceSortedKeys over keyRuns' keys and the values
// of the slots they name (the values array itself while the fibers tile
// it from slot 0 up, a copy of the visited slots once they skip one).
func reduceSortedRuns(s *ustorage.Structure, vals dtype.Array, strides []int64, eop engine.ReduceOp, group int64, fill []byte, out dtype.DType) (engine.Reduced, error) {
	nse := vals.Numel()
	es := int64(vals.DType.Size())
	if err := errs.CheckAlloc("reduction keys", nse, 8); err != nil {
		return engine.Reduced{}, err
	}
	keys := make([]int64, 0, nse) // the walk visits at most nse positions
	var picked []byte
	inOrder, next := true, int64(0)
	err := keyRuns(s, nse, strides, func(k []int64, lo, hi int64) {
		keys = append(keys, k...)
		if inOrder && lo == next {
			next = hi
			return
		}
		if inOrder {
			inOrder = false
			picked = append(make([]byte, 0, nse*es), vals.Data[:next*es]...)
		}
		picked = append(picked, vals.Data[lo*es:hi*es]...)
	})
	if err != nil {
		return engine.Reduced{}, err
	}
	if inOrder {
		picked = vals.Data[:next*es]
	}
	return reduceSortedKeys(eop, keys, dtype.Array{DType: vals.DType, Shape: []int64{int64(len(keys))}, Data: picked}, group, fill, out)
}
