package tensor

import (
	"cmp"
	"slices"
	"sort"
)

// coordRuns groups stored entries by their coordinate along one dimension.
type coordRuns struct {
	Start   []int64 // counting: start[v]..start[v+1] indexes byCoord; nil when sorted
	byCoord []int64 // entry numbers grouped by coordinate, stored order within a group
	sorted  []int64 // sorted: the coordinate of byCoord[k]
}

// GroupByCoord groups the entries whose coordinates are cs (in [0, n)). A
// counting pass over the dimension is linear, but its counters grow with n,
// which may be 2^40 for a handful of entries: it runs only where n is not
// much larger than the entries (and so within memory the caller already
// holds); elsewhere a stable sort of the entries needs memory by nse only.
func GroupByCoord(cs []int64, n int64) coordRuns {
	nse := int64(len(cs))
	byCoord := make([]int64, nse) // nse entries of an existing tensor
	if n <= 4*nse+1024 {
		start := make([]int64, n+1) // at most 4 nse + 1025 words: bounded by the entries
		for _, v := range cs {
			start[v+1]++
		}
		for v := int64(0); v < n; v++ {
			start[v+1] += start[v]
		}
		next := slices.Clone(start[:n])
		for e, v := range cs {
			byCoord[next[v]] = int64(e)
			next[v]++
		}
		return coordRuns{Start: start, byCoord: byCoord}
	}
	for e := range byCoord {
		byCoord[e] = int64(e)
	}
	slices.SortStableFunc(byCoord, func(a, b int64) int { return cmp.Compare(cs[a], cs[b]) })
	sorted := make([]int64, nse)
	for k, e := range byCoord {
		sorted[k] = cs[e]
	}
	return coordRuns{byCoord: byCoord, sorted: sorted}
}

// of lists, in stored order, the entries with coordinate v.
func (g coordRuns) Of(v int64) []int64 {
	if g.Start != nil {
		return g.byCoord[g.Start[v]:g.Start[v+1]]
	}
	lo := sort.Search(len(g.sorted), func(k int) bool { return g.sorted[k] >= v })
	hi := lo + sort.Search(len(g.sorted)-lo, func(k int) bool { return g.sorted[lo+k] > v })
	return g.byCoord[lo:hi]
}
