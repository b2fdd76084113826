package solve

import "sync/atomic"

// front is the dense part of a panel of factorPanel: the rows the panel's
// searches reach and its blocks write, each given a slot as first met, so
// that the panel's columns fill slots x panelWidth values of xs (a few
// hundred KB on the 500^2 Laplacian) instead of spreading over
// n x panelWidth (64 MB there, one row every few cache lines).
//
// loc[i] is base plus row i's slot in the current panel; a value below
// base was left by an earlier panel (or is the initial zero) and means no
// slot. Each panel takes a base n above the last one handed out by bases,
// which the goroutines of lu_parallel.go share (their rows are disjoint,
// and a value one goroutine left is below every base taken after it).
type front[T elem] struct {
	n     int
	xs    []T // zero between panels
	loc   []int64
	bases *atomic.Int64
	base  int64
	slots int
}

// begin starts a panel: no row has a slot.
func (p *front[T]) begin() {
	p.base = p.bases.Add(int64(p.n))
	p.slots = 0
}

// take returns row i's slot, giving it the next free one if it has none.
func (p *front[T]) take(i int) int {
	if v := p.loc[i]; v >= p.base {
		return int(v - p.base)
	}
	p.loc[i] = p.base + int64(p.slots)
	p.slots++
	return p.slots - 1
}

// slot returns the slot of row i, which has one.
func (p *front[T]) slot(i int) int { return int(p.loc[i] - p.base) }

// grow makes xs hold every slot taken (a larger xs replaces the old one,
// which holds zeros), refusing it past the memory limit.
func (p *front[T]) grow() error {
	need := p.slots * panelWidth
	if need <= len(p.xs) {
		return nil
	}
	size := min(max(2*len(p.xs), need), p.n*panelWidth)
	if err := checkBytes("splu: panel", int64(size), 16); err != nil {
		return err
	}
	p.xs = make([]T, size)
	return nil
}
