package ustorage

import (
	"fmt"

	"github.com/gosparse/gosparse/core/format"
)

// Runs lists the value slots of a storage whose values array has nvals
// elements that Walk visits (the positions inside the tensor), as runs of
// consecutive slots: flattened (lo, hi) pairs, half-open, ascending where
// the storage is, adjacent runs joined. The last level is taken a fiber at a
// time (a dense or range extent, a compressed segment, an N:M group), so a
// DIA storage gives one run per diagonal and a CSR-like one one per row at
// most. Padding outside the tensor (DIA's out-of-matrix slots) falls
// between the runs; padding inside it is in them. The levels above the last
// are checked as Walk checks them; the last level's coordinates are not
// read (the storage is a checked one, a tensor's).
func Runs(s *Structure, nvals int64) ([]int64, error) {
	w, err := newWalker(s, nvals, nil)
	if err != nil {
		return nil, err
	}
	var runs []int64
	add := func(lo, hi int64) {
		if lo >= hi || w.err != nil {
			return
		}
		if lo < 0 || hi > nvals {
			w.err = fmt.Errorf("ustorage: value slots %d..%d are past the end of the values (length %d)", lo, hi, nvals)
			return
		}
		if n := len(runs); n > 0 && runs[n-1] == lo {
			runs[n-1] = hi
			return
		}
		runs = append(runs, lo, hi)
	}
	w.visit = func(_ []int64, p int64) { add(p, p+1) } // a storage without levels: its one value
	w.run = func(l int, p int64) {
		lv := s.Format.Levels[l]
		size := s.LevelSizes[l]
		switch lv.Kind {
		case format.Dense, format.Batch:
			add(p*size, p*size+size)
		case format.Range:
			lo, hi := w.rangeOf(l)
			add(p*size+lo, p*size+hi)
		case format.Compressed:
			if lo, hi, adjust, ok := w.segment(l, p); ok {
				add(lo+adjust, hi+adjust)
			}
		case format.Delta:
			if lo, hi, _, ok := w.segment(l, p); ok {
				add(lo, hi)
			}
		case format.Singleton:
			add(p, p+1)
		case format.Structured:
			add(p*lv.Param, p*lv.Param+lv.Param)
		}
	}
	w.walk(0, 0)
	return runs, w.err
}

// RunsLen is the number of slots the runs cover.
func RunsLen(runs []int64) int64 {
	n := int64(0)
	for i := 0; i+1 < len(runs); i += 2 {
		n += runs[i+1] - runs[i]
	}
	return n
}
