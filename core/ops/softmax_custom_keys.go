package ops

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/ustorage"
)

// keyPasses gives softmaxKeyed's passes the chunks of (group keys, value
// slots lo..hi) of a custom-format tensor's stored elements, in storage
// order: by walking the storage each pass (chunkedKeyRuns), or, where the
// walk costs far more than reading keys back (last-level fibers of a few
// slots), from the keys of one walk kept for the call.
type keyPasses func(yield func(keys []int64, lo, hi int)) error

// softmaxKeyPasses returns the passes over s's nse stored elements keyed
// over strides: kept keys where shortFibers(s) and the nse keys fit the
// memory limit beside the call's other buffers (held bytes), walks
// otherwise.
func softmaxKeyPasses(s *ustorage.Structure, nse int64, strides []int64, held int64) (keyPasses, error) {
	walk := func(yield func(keys []int64, lo, hi int)) error { return chunkedKeyRuns(s, nse, strides, yield) }
	if !shortFibers(s) || budget.Add(held, budget.Mul(nse, 8)) > budget.Limit() {
		return walk, nil
	}
	keys := make([]int64, 0, nse) // the walk visits at most nse slots
	var runs []keyRun
	err := walk(func(k []int64, lo, hi int) {
		if n := len(runs); n > 0 && runs[n-1].hi == lo {
			runs[n-1].hi = hi
		} else {
			runs = append(runs, keyRun{start: len(keys), lo: lo, hi: hi})
		}
		keys = append(keys, k...)
	})
	if err != nil {
		return nil, err
	}
	return func(yield func(keys []int64, lo, hi int)) error {
		for _, r := range runs {
			for lo := r.lo; lo < r.hi; lo += keyRunChunk { // chunks as the walk's, for the passes' buffers
				hi := min(r.hi, lo+keyRunChunk)
				yield(keys[r.start+lo-r.lo:r.start+hi-r.lo], lo, hi)
			}
		}
		return nil
	}, nil
}

// keyRun is one run of contiguous value slots lo..hi whose keys start at
// keys[start].
type keyRun struct{ start, lo, hi int }

// shortFibersMax is the last-level fiber length below which a walk per
// pass costs more than keeping the keys (8 bytes a slot): the walk's cost
// is per fiber (about 100 ns), reading a kept key about a nanosecond.
const shortFibersMax = 16

// shortFibers reports whether s's last level is walked in fibers of fewer
// than shortFibersMax slots: a dense, range or structured level that short,
// or a singleton level (a compressed or delta level's fibers are its rows,
// of any length).
func shortFibers(s *ustorage.Structure) bool {
	n := len(s.Format.Levels)
	if n == 0 {
		return false
	}
	lv := s.Format.Levels[n-1]
	switch lv.Kind {
	case format.Singleton:
		return true
	case format.Dense, format.Batch, format.Range:
		return s.LevelSizes[n-1] < shortFibersMax
	case format.Structured:
		return lv.Param < shortFibersMax
	}
	return false
}
