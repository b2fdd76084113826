package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// ReduceLevels is ReduceGroups for a tensor of any level structure (COO,
// CSR, CSC, BSR, BSC, batched, with dense trailing dims): its stored
// elements, in storage order, are found by walking the levels (a dense
// level's children are p*size+i, a compressed one's pos[p]..pos[p+1], a
// singleton's p itself), and element k's group is the sum over the dims d
// of its coordinate times strides[d] (0 for a reduced dim), each level
// adding its share of its dim's coordinate (x*C for a level i/C, x for
// i%C and i). Every position must be unique (the caller's check: a
// coalesced COO, unique compressed levels). ok is false (nothing done)
// when the walk does not visit the values in order (a malformed tensor).
func ReduceLevels(op ReduceOp, levels []tensor.Level, strides []int64, n int64, vals dtype.Array, group int64, fill []byte, out dtype.DType) (Reduced, bool, error) {
	if err := checkReduce(op, vals.DType, out); err != nil {
		return Reduced{}, false, err
	}
	if err := budget.Check("reduction accumulator", n, 16); err != nil {
		return Reduced{}, false, err
	}
	w := newLevelWalk(levels, strides, vals.Numel())
	var r Reduced
	if vals.Numel() < 1<<32 {
		r, _ = scatterCounted[int64, int64, uint32](op, w.chunks, n, vals, group, fill, out)
	} else {
		r, _ = scatterCounted[int64, int64, int64](op, w.chunks, n, vals, group, fill, out)
	}
	return r, !w.bad, nil
}

// LevelKeys returns the group keys of ReduceLevels (the same walk, the same
// preconditions) as one int64 array, one key per stored element in storage
// order, checked against the memory limit: for a key space too large for
// an accumulator, where the caller sorts the keys instead. ok is false
// (nothing returned) when the walk does not visit the total elements in
// order.
func LevelKeys(levels []tensor.Level, strides []int64, total int64) (dtype.Array, bool, error) {
	if err := budget.Check("reduction keys", total, 8); err != nil {
		return dtype.Array{}, false, err
	}
	keys := dtype.UninitArray(dtype.Int64, []int64{total})
	out := dtype.AsSlice[int64](keys)
	w := newLevelWalk(levels, strides, total)
	w.chunks(func(ks []int64, lo, hi int) { copy(out[lo:hi], ks) })
	if w.bad {
		return dtype.Array{}, false, nil
	}
	return keys, true, nil
}

// newLevelWalk is the walk of levels for total stored elements, in the
// index dtype of its first non-dense level.
func newLevelWalk(levels []tensor.Level, strides []int64, total int64) *levelWalk {
	w := &levelWalk{levels: levels, strides: strides, total: total}
	for _, l := range levels {
		if l.Kind != format.Dense {
			w.index = l.Crd.DType
			break
		}
	}
	return w
}

// levelWalk lists the group keys of a tensor's stored elements.
type levelWalk struct {
	levels  []tensor.Level
	strides []int64
	index   dtype.DType
	total   int64
	keys    []int64 // the chunk being filled
	next    int64   // the position the walk should reach next
	bad     bool
	yield   func(keys []int64, lo, hi int)
}

// chunks walks the levels, calling yield with keys a chunk at a time.
func (w *levelWalk) chunks(yield func(keys []int64, lo, hi int)) {
	w.yield = yield
	w.keys = make([]int64, 0, min(keyChunk, max(w.total, 1)))
	if w.index == dtype.Int32 {
		walkLevel[int32](w, 0, 0, 0)
	} else {
		walkLevel[int64](w, 0, 0, 0)
	}
	if w.next != w.total {
		w.bad = true
	}
	w.flush()
}

// emit records the key of the stored element at position p.
func (w *levelWalk) emit(p, key int64) {
	if p != w.next || w.bad {
		w.bad = true
		return
	}
	w.next++
	w.keys = append(w.keys, key)
	if len(w.keys) == cap(w.keys) {
		w.flush()
	}
}

func (w *levelWalk) flush() {
	if len(w.keys) > 0 && !w.bad {
		lo := int(w.next) - len(w.keys)
		w.yield(w.keys, lo, int(w.next))
	}
	w.keys = w.keys[:0]
}

// walkLevel visits the children of position p at level li, key the part
// of the group key the levels above gave.
func walkLevel[I kernels.Index](w *levelWalk, li int, p, key int64) {
	if li == len(w.levels) {
		w.emit(p, key)
		return
	}
	l := &w.levels[li]
	step := w.strides[l.Dim]
	if l.Expr.Op == format.OpDiv {
		step *= l.Expr.C
	}
	last := li == len(w.levels)-1
	switch l.Kind {
	case format.Dense:
		for i := int64(0); i < l.Size; i++ {
			if last {
				w.emit(p*l.Size+i, key+i*step)
			} else {
				walkLevel[I](w, li+1, p*l.Size+i, key+i*step)
			}
		}
	case format.Compressed:
		pos, crd := dtype.AsSlice[I](l.Pos), dtype.AsSlice[I](l.Crd)
		for q := int64(pos[p]); q < int64(pos[p+1]); q++ {
			walkLevel[I](w, li+1, q, key+int64(crd[q])*step)
		}
	default: // singleton
		walkLevel[I](w, li+1, p, key+int64(dtype.AsSlice[I](l.Crd)[p])*step)
	}
}
