package ops

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/parallel"
	"unsafe"
)

// A binary op of a custom-format matrix a and a CSR or CSC matrix r whose
// pattern holds every slot of a that is not a's fill (DIA-I + R with R the
// same entries, the common case: DIA's padding inside a diagonal, a BSR
// block's zeros, delta's gap entries hold the fill and meet no entry of r)
// runs as a zip over r's pattern: a's value at each of r's entries (its
// fill where a has no slot there) is gathered, and engine.MergeValues zips
// the gathered values with r's. The result shares r's pos and crd and
// holds op at every one of r's entries; a's slots left out hold a's fill,
// where op(fill_a, fill_r), the result's fill, is their value: the dense
// result is exact. A DIA-like a (DIA-I, DIA-J, anti-DIA) is read by its
// diagonals directly, delta(b) rows and blocked rows (BSR with
// column-major blocks) by their segments (rowWalk); any other format
// through its compressed form of r's layout (core/convert's direct
// routes), its rows merged with r's.

// zipOnto is the op of a and b, one a custom-format matrix and the other
// a CSR or CSC one of one shape and the result's dtype, as a zip over the
// named operand's pattern (see above). ok is false (nothing done) where
// the op is not add, sub or mul, the operands do not fit, or the custom
// operand stores a value other than its fill outside the named one's pattern.
func zipOnto(op string, a, b *tensor.Tensor, target tensor.Layout, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	mop, margs, ok := mergeEngineOp(op, args)
	custom, named, customFirst := a, b, true
	if b.Layout() == tensor.Custom {
		custom, named, customFirst = b, a, false
	}
	if !ok || custom.DType() != out || named.DType() != out || !plainMatrix(named) || named.Levels()[1].Nonunique {
		return nil, false, nil
	}
	if r, ok, err := fusedOnto(mop, margs, custom, named, target, customFirst); ok || err != nil {
		return r, ok, err
	}
	g, ok, err := gatherOnto(custom, named, target)
	if !ok || err != nil {
		return nil, ok, err
	}
	x, y, fx, fy := g, named.Values(), custom.FillElem(), named.FillElem()
	if !customFirst {
		x, y, fx, fy = y, x, fy, fx
	}
	vals, fill, ok, err := engine.MergeValues(mop, margs, x, y, fx, fy)
	if !ok || err != nil {
		return nil, ok, err
	}
	return tensor.Revalue(named, vals, fill), true, nil
}

// gatherOnto is custom's value at each of named's entries, in named's
// order; ok is false where custom holds a value other than its fill
// outside named's pattern, or named's columns are out of order where its
// rows are merged.
func gatherOnto(custom, named *tensor.Tensor, target tensor.Layout) (dtype.Array, bool, error) {
	u, err := custom.USTStorage()
	if err != nil {
		return dtype.Array{}, false, err
	}
	outer := 0 // the dim named's pos runs over
	if target == tensor.CSC {
		outer = 1
	}
	lv := named.Levels()[1]
	if s, ok := diaSlotsOf(u, custom.Dims(), outer); ok {
		g := dtype.UninitArray(custom.DType(), []int64{named.NNZ()})
		return g, byWord(custom.DType(), func(w wordGather) bool { return w.dia(s, lv.Pos, lv.Crd, u.Values, custom.FillElem(), g) }), nil
	}
	if w, ok := rowWalkOf(u, custom.Dims(), outer); ok {
		g := dtype.UninitArray(custom.DType(), []int64{named.NNZ()})
		return g, byWord(custom.DType(), func(wg wordGather) bool { return wg.walk(w, lv.Pos, lv.Crd, u.Values, custom.FillElem(), g) }), nil
	}
	f := format.CSR()
	if target == tensor.CSC {
		f = format.CSC()
	}
	c, err := convert.ToFormat(custom, f)
	if err != nil || c.Layout() != target {
		return dtype.Array{}, false, err
	}
	cl := c.Levels()[1]
	g := dtype.UninitArray(custom.DType(), []int64{named.NNZ()})
	return g, byWord(custom.DType(), func(w wordGather) bool {
		return w.rows(lv.Pos, lv.Crd, cl.Pos, cl.Crd, c.Values(), custom.FillElem(), g)
	}), nil
}

// wordGather runs the gathers on values moved as machine words of one size.
type wordGather interface {
	dia(s *diaSlots, pos, crd, vals dtype.Array, fill []byte, g dtype.Array) bool
	walk(w *rowWalk, pos, crd, vals dtype.Array, fill []byte, g dtype.Array) bool
	relay(sa, sb *diaSlots, ua, ub *tensor.UST, fill []byte, out dtype.Array)
	rows(pos, crd, cpos, ccrd, vals dtype.Array, fill []byte, g dtype.Array) bool
}

// byWord calls f with the wordGather of d's size.
func byWord(d dtype.DType, f func(wordGather) bool) bool {
	switch d.Size() {
	case 1:
		return f(words[uint8]{})
	case 2:
		return f(words[uint16]{})
	case 4:
		return f(words[uint32]{})
	case 8:
		return f(words[uint64]{})
	}
	return f(words[[2]uint64]{})
}

// words is wordGather over the word type W.
type words[W uint8 | uint16 | uint32 | uint64 | [2]uint64] struct{}

// word is the fill's bytes as a W (zero where their sizes differ).
func word[W uint8 | uint16 | uint32 | uint64 | [2]uint64](fill []byte) W {
	var w W
	if b := unsafe.Slice((*byte)(unsafe.Pointer(&w)), unsafe.Sizeof(w)); len(b) == len(fill) {
		copy(b, fill)
	}
	return w
}

func (words[W]) dia(s *diaSlots, pos, crd, vals dtype.Array, fill []byte, g dtype.Array) bool {
	fw := word[W](fill)
	v, out := dtype.AsSlice[W](vals), dtype.AsSlice[W](g)
	total := s.nonFill(func(lo, hi int64) int64 { return countNot(v[lo:hi], fw) })
	var matched int64
	if pos.DType == dtype.Int32 {
		matched = gatherDIA(s, dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), v, fw, out)
	} else {
		matched = gatherDIA(s, dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), v, fw, out)
	}
	return matched == total
}

func (words[W]) rows(pos, crd, cpos, ccrd, vals dtype.Array, fill []byte, g dtype.Array) bool {
	fw := word[W](fill)
	v, out := dtype.AsSlice[W](vals)[:vals.Numel()], dtype.AsSlice[W](g)
	total := countNot(v, fw)
	var matched int64
	var ok bool
	switch {
	case pos.DType == dtype.Int32 && cpos.DType == dtype.Int32:
		matched, ok = gatherRows(dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), dtype.AsSlice[int32](cpos), dtype.AsSlice[int32](ccrd), v, fw, out)
	case pos.DType == dtype.Int32:
		matched, ok = gatherRows(dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), dtype.AsSlice[int64](cpos), dtype.AsSlice[int64](ccrd), v, fw, out)
	case cpos.DType == dtype.Int32:
		matched, ok = gatherRows(dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), dtype.AsSlice[int32](cpos), dtype.AsSlice[int32](ccrd), v, fw, out)
	default:
		matched, ok = gatherRows(dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), dtype.AsSlice[int64](cpos), dtype.AsSlice[int64](ccrd), v, fw, out)
	}
	return ok && matched == total
}

// countNot counts the words of v other than fill.
func countNot[W comparable](v []W, fill W) int64 {
	var n int64
	for _, w := range v {
		if w != fill {
			n++
		}
	}
	return n
}

// rowParts runs f over parts of rows [0, rows) of fixed bounds side by
// side and sums the counts each returns (integers: the same at any part
// count); ok is false where a part returned false.
func rowParts(rows, work int64, f func(lo, hi int64) (int64, bool)) (int64, bool) {
	parts := parallel.Parts(work)
	bounds := parallel.SplitEven(int(rows), parts)
	sums, oks := make([]int64, parts), make([]bool, parts)
	parallel.For(parts, func(p int) { sums[p], oks[p] = f(int64(bounds[p]), int64(bounds[p+1])) })
	var n int64
	for p, s := range sums {
		if !oks[p] {
			return 0, false
		}
		n += s
	}
	return n, true
}

// gatherRows writes into g, for each entry of the compressed pattern
// (pos, crd), the value of the compressed matrix (cpos, ccrd, vals) at
// that position, fill where it has none, merging the two rows; it returns
// how many values other than fill it moved, and false where a row of crd
// is out of order (a merge would miss its matches).
func gatherRows[I, J int32 | int64, W comparable](pos, crd []I, cpos, ccrd []J, vals []W, fill W, g []W) (int64, bool) {
	return rowParts(int64(len(pos)-1), int64(len(crd)+len(ccrd)), func(lo, hi int64) (int64, bool) {
		var moved int64
		for x := lo; x < hi; x++ {
			q, qe := int64(cpos[x]), int64(cpos[x+1])
			prev := int64(-1)
			for e := int64(pos[x]); e < int64(pos[x+1]); e++ {
				y := int64(crd[e])
				if y <= prev {
					return 0, false
				}
				prev = y
				for q < qe && int64(ccrd[q]) < y {
					q++
				}
				w := fill
				if q < qe && int64(ccrd[q]) == y {
					w = vals[q]
					q++
				}
				g[e] = w
				if w != fill {
					moved++
				}
			}
		}
		return moved, true
	})
}
