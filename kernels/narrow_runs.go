package kernels

import (
	"unsafe"

	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// NarrowRuns keeps, in every segment s of a compressed level (the sorted,
// unique coordinates crd[pos[s]:pos[s+1]] with the values vals at the same
// positions), the entries whose coordinate is in [a, b), shifted down by a:
// the narrow of a CSR matrix's columns. The result's pos starts at 0.
//
// A count pass and a fill pass over the same fixed chunks of segments, on
// several goroutines for large inputs; a segment wholly inside or outside
// [a, b) is decided from its ends, the others by binary search. sized is
// called with the kept entry count before the result's crd and values are
// allocated (the caller's memory check); its error is returned. Besides
// the result it allocates a segment-long scratch.
func NarrowRuns[I Index, W Word](pos, crd []I, vals []W, a, b I, sized func(nse int64) error) (outPos, outCrd []I, outVals []W, err error) {
	segs := len(pos) - 1
	parts := parallel.Parts(int64(segs) + int64(pos[segs]-pos[0])/8)
	bounds := parallel.SplitEven(segs, parts)
	outPos = memory.UninitSlice[I](segs + 1)
	lo := memory.UninitSlice[I](segs)
	totals := make([]int64, parts+1)
	parallel.For(parts, func(p int) {
		n := int64(0)
		for s := bounds[p]; s < bounds[p+1]; s++ {
			l, h := keptRange(crd, pos[s], pos[s+1], a, b)
			lo[s], outPos[s+1] = l, h-l
			n += int64(h - l)
		}
		totals[p+1] = n
	})
	for p := range parts {
		totals[p+1] += totals[p]
	}
	nse := totals[parts]
	if err := sized(nse); err != nil {
		return nil, nil, nil, err
	}
	outCrd, outVals = memory.UninitSlice[I](int(nse)), memory.UninitSlice[W](int(nse))
	outPos[0] = 0
	parallel.For(parts, func(p int) {
		w := I(totals[p])
		for s := bounds[p]; s < bounds[p+1]; s++ {
			n := outPos[s+1]
			src, sv := crd[lo[s]:lo[s]+n], vals[lo[s]:lo[s]+n]
			dc, dv := outCrd[w:w+n], outVals[w:w+n]
			for k, c := range src {
				dc[k] = c - a
			}
			copy(dv, sv)
			w += n
			outPos[s+1] = w
		}
	})
	return outPos, outCrd, outVals, nil
}

// keptRange is the range of the sorted crd[p:q] whose coordinates lie in [a, b).
func keptRange[I Index](crd []I, p, q, a, b I) (I, I) {
	if p == q || crd[p] >= b || crd[q-1] < a {
		return p, p
	}
	l, h := p, q
	if crd[p] < a {
		l = p + I(LowerBound(crd[p:q], a))
	}
	if crd[q-1] >= b {
		h = l + I(LowerBound(crd[l:q], b))
	}
	return l, h
}

// segmentWork is the work (in parallel.Parts' units, a cache line
// streamed) of reaching one segment of GatherSegmentWords.
const segmentWork = 8

// GatherSegmentWords gathers the segments segs (each in [0, len(pos)-1))
// of a compressed level, in that order: the result's pos (from 0), crd and
// the values, one word W an entry. The offsets come from one pass over the
// selected segments; the entries are then moved element by element (runs
// are short: a call per run costs more than its bytes) on several
// goroutines for large gathers, over chunks of the selected segments taken
// in turn (each segment lands at its own offsets: any split gives the same bytes).
// sized is called with the entry count before crd and values are
// allocated (the caller's memory check); its error is returned, and ok is
// false when the count does not fit I.
func GatherSegmentWords[I Index, W Word](pos, crd []I, vals []W, segs []int64, sized func(nse int64) error) (outPos, outCrd []I, outVals []W, ok bool, err error) {
	k := len(segs)
	outPos = memory.UninitSlice[I](k + 1)
	outPos[0] = 0
	acc := int64(0)
	for i, s := range segs {
		if i&(pollSegments-1) == pollSegments-1 {
			cancel.Poll()
		}
		acc += int64(pos[s+1] - pos[s])
		if acc > maxOf[I]() {
			return nil, nil, nil, false, nil
		}
		outPos[i+1] = I(acc)
	}
	if err := sized(acc); err != nil {
		return nil, nil, nil, false, err
	}
	outCrd, outVals = memory.UninitSlice[I](int(acc)), memory.UninitSlice[W](int(acc))
	// A segment costs the cache misses of reaching it (its row pointer,
	// columns and values lie apart: index_select of every 100th row) on
	// top of its bytes; the chunked split waits for no helper, so it pays
	// from some microseconds of work (1% of a 1M-row Laplacian's rows:
	// 10K segments of 60 bytes).
	work := acc*int64(unsafe.Sizeof(outVals[0])+unsafe.Sizeof(outCrd[0]))/64 + segmentWork*int64(k)
	parallel.ForEven(k, 1, work, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s := segs[i]
			lo, n := pos[s], outPos[i+1]-outPos[i]
			w := outPos[i]
			src, sv := crd[lo:lo+n], vals[lo:lo+n]
			dc, dv := outCrd[w:w+n], outVals[w:w+n]
			for j := range src {
				dc[j], dv[j] = src[j], sv[j]
			}
		}
	})
	return outPos, outCrd, outVals, true, nil
}
