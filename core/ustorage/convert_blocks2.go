package ustorage

import (
	"errors"
	"slices"

	"github.com/gosparse/gosparse/kernels/parallel"
)

// pairBlocks is a block target of two rows per block row and a power of
// two of columns per block (BSR 2 x 2 in either block order): a block
// column is a shift of the column, the slot of (row, column) inside its
// block the row's offset plus the masked column times its stride.
type pairBlocks struct {
	shift                  uint
	mask, strideI, strideJ int64
	inner                  int64
}

// newPairBlocks is bt as a pairBlocks, or false where it is not one.
func newPairBlocks(bt *blockTarget, inner int64) (pairBlocks, bool) {
	if bt.r != 2 || bt.cShift < 0 {
		return pairBlocks{}, false
	}
	return pairBlocks{shift: uint(bt.cShift), mask: bt.c - 1, strideI: bt.strideI, strideJ: bt.strideJ, inner: inner}, true
}

// blockPairs is blockRowsOf for a pairBlocks target: each block row's two
// rows (columns ascending) are merged once by the count, which counts its
// distinct block columns, and once by the fill, which lists them in crd and
// places every entry in its block as the merge meets it. No mark array and
// no sort: the merge meets the block columns in order. Both passes split
// the block rows into parts run in parallel (kernels/parallel), the fill's
// parts starting at their first block row's pos.
func blockPairs[W any, O outIndex](p *fiberPlan, pb pairBlocks, rd rowReader, shape []int64, rows int64, vals []W, pad W, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	nb := p.fibers
	if bytesFor(nb+1, 0, 8) > limit {
		return nil, nil, true, tooLarge("the conversion's working arrays", p.f, nb+1, 0, 8, limit)
	}
	// The block rows split into parts run side by side (part 0, on the
	// calling goroutine, polls): each part counts its block rows into
	// pos[b+1], the prefix sum follows, and each part fills from its
	// first block pos[b0].
	parts := parallel.Parts(rows + int64(len(vals)))
	bounds := parallel.SplitEven(int(nb), parts)
	pollOf := func(part int) func() {
		if part == 0 {
			return poll
		}
		return nil
	}
	pos := uninit[O](nb + 1)
	pos[0] = 0
	errs := make([]error, parts)
	switch rd.(type) {
	case *csrRows[int32], *csrRows[int64], *diaRows:
	default:
		return nil, nil, false, nil
	}
	parallel.For(parts, func(part int) {
		b0, b1 := int64(bounds[part]), int64(bounds[part+1])
		switch r := rd.(type) {
		case *csrRows[int32]:
			errs[part] = countPairsCSR(r, pb, rows, b0, b1, pos, pollOf(part))
		case *csrRows[int64]:
			errs[part] = countPairsCSR(r, pb, rows, b0, b1, pos, pollOf(part))
		case *diaRows:
			countPairsDIA(&diaRows{runs: r.runs}, pb, rows, b0, b1, pos, pollOf(part))
		}
	})
	// The first part's error is the first row's the serial walk meets.
	if err := firstError(errs); err != nil {
		if errors.Is(err, errUnordered) {
			return nil, nil, false, nil
		}
		return nil, nil, true, err
	}
	for b := range nb {
		pos[b+1] += pos[b]
	}
	nc := int64(pos[nb])
	slots := mulCount(nc, p.inner)
	if idx := addCount(nb+1, nc); bytesFor(idx, slots, valueSize) > limit {
		return nil, nil, true, tooLarge("the storage", p.f, idx, slots, valueSize, limit)
	}
	// Every block's slots are padded as the fill opens it: no pass
	// clears or pads the values first.
	crd, out := uninit[O](nc), uninit[W](slots)
	parallel.For(parts, func(part int) {
		b0, b1 := int64(bounds[part]), int64(bounds[part+1])
		switch r := rd.(type) {
		case *csrRows[int32]:
			fillPairsCSR(r, pb, rows, b0, b1, pos, crd, out, vals, pad, pollOf(part))
		case *csrRows[int64]:
			fillPairsCSR(r, pb, rows, b0, b1, pos, crd, out, vals, pad, pollOf(part))
		case *diaRows:
			fillPairsDIA(&diaRows{runs: r.runs}, pb, rows, b0, b1, pos, crd, out, vals, pad, pollOf(part))
		}
	})
	nl := len(p.f.Levels)
	levelPos, levelCrd := make([][]O, nl), make([][]O, nl)
	for l := range nl {
		levelPos[l], levelCrd[l] = []O{}, []O{}
	}
	levelPos[1], levelCrd[1] = pos, crd
	return structureOut(p.f, shape, p.sizes, levelPos, levelCrd), out, true, nil
}

// countPairsCSR sets pos[b+1] to block row b's count of distinct block
// columns for the block rows b0..b1-1, reading a CSR source's segments in
// place (checked as Walk checks them).
func countPairsCSR[I int32 | int64, O outIndex](r *csrRows[I], pb pairBlocks, rows, b0, b1 int64, pos []O, poll func()) error {
	var pat rowPattern
	for b := b0; b < b1; b++ {
		if poll != nil && b&pollMask == 0 {
			poll()
		}
		lo, hi := 2*b, min(2*b+2, rows)
		if err := r.segmentsOK(lo, hi); err != nil {
			return err
		}
		a, c := r.crd[r.pos[lo]:r.pos[lo+1]], r.crd[r.pos[lo+1]:r.pos[hi]]
		if pb.shift == 1 && matchPattern(&pat, a, c, lo, r.cols) {
			pos[b+1] = O(pat.n) // the pattern's rows were checked
			continue
		}
		if err := r.check(lo, hi); err != nil {
			return err
		}
		n := countMerged(a, c, pb.shift)
		pos[b+1] = O(n)
		if pb.shift == 1 {
			setPattern(&pat, a, c, lo, n)
		}
	}
	return nil
}

// countMerged is how many distinct block columns (columns >> shift) two
// ascending column lists hold together.
func countMerged[I int32 | int64](a, b []I, shift uint) int64 {
	n, last := int64(0), int64(-1)
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		c := int64(a[i])
		if cb := int64(b[j]); cb < c {
			c = cb
			j++
		} else {
			i++
		}
		if bc := c >> shift; bc != last {
			n, last = n+1, bc
		}
	}
	for _, c := range a[i:] {
		if bc := int64(c) >> shift; bc != last {
			n, last = n+1, bc
		}
	}
	for _, c := range b[j:] {
		if bc := int64(c) >> shift; bc != last {
			n, last = n+1, bc
		}
	}
	return n
}

// fillPairsCSR lists the block columns of block rows b0..b1-1 in crd (at
// their blocks, pos) and places their entries in out, reading a CSR
// source's segments in place.
func fillPairsCSR[I int32 | int64, W any, O outIndex](r *csrRows[I], pb pairBlocks, rows, b0, b1 int64, pos, crd []O, out, vals []W, pad W, poll func()) {
	var pat rowPattern
	for lo := 2 * b0; lo < min(2*b1, rows); lo += 2 {
		if poll != nil && (lo>>1)&pollMask == 0 {
			poll()
		}
		hi := min(lo+2, rows)
		a0, a1, a2 := r.pos[lo], r.pos[lo+1], r.pos[hi]
		q0, q1 := int64(pos[lo>>1]), int64(pos[lo>>1+1])
		a, c := r.crd[a0:a1], r.crd[a1:a2]
		crdSeg, seg := crd[q0:q1], out[q0*pb.inner:q1*pb.inner]
		if pb.shift == 1 && matchPattern(&pat, a, c, lo, r.cols) {
			fillPattern(pat.template(pb), lo, vals[a0:a1], vals[a1:a2], pad, crdSeg, seg)
			continue
		}
		fillMerged(a, c, vals[a0:a1], vals[a1:a2], pad, pb, crdSeg, seg)
		if pb.shift == 1 {
			setPattern(&pat, a, c, lo, q1-q0)
		}
	}
}

// fillMerged lays out a block row of two rows (columns a and b
// ascending, values va and vb) in its blocks' crd and slots seg (counted
// already): seg is padded with pad, then the rows are merged, each block
// column met opening the next block, and every entry goes to its block's
// slot.
func fillMerged[I int32 | int64, W any, O outIndex](a, b []I, va, vb []W, pad W, pb pairBlocks, crd []O, seg []W) {
	for s := range seg {
		seg[s] = pad
	}
	shift, mask, sI, sJ, inner := pb.shift, pb.mask, pb.strideI, pb.strideJ, pb.inner
	va, vb = va[:len(a)], vb[:len(b)]
	last, k, base := int64(-1), -1, int64(0)
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, cb := int64(a[i]), int64(b[j])
		c := min(ca, cb)
		if bc := c >> shift; bc != last {
			k++
			crd[k], last, base = O(bc), bc, int64(k)*inner
		}
		at := base + (c&mask)*sJ
		if ca <= cb {
			seg[at] = va[i]
			i++
		} else {
			seg[at+sI] = vb[j]
			j++
		}
	}
	for ; i < len(a); i++ {
		c := int64(a[i])
		if bc := c >> shift; bc != last {
			k++
			crd[k], last, base = O(bc), bc, int64(k)*inner
		}
		seg[base+(c&mask)*sJ] = va[i]
	}
	for ; j < len(b); j++ {
		c := int64(b[j])
		if bc := c >> shift; bc != last {
			k++
			crd[k], last, base = O(bc), bc, int64(k)*inner
		}
		seg[base+(c&mask)*sJ+sI] = vb[j]
	}
}

// runAt is the diagonals holding row x, the rows asked ascending (r.cur
// moves forward), or nil where none does.
func (r *diaRows) runAt(x int64) []diagonal {
	for r.cur < len(r.runs) && r.runs[r.cur].to <= x {
		r.cur++
	}
	if r.cur == len(r.runs) || x < r.runs[r.cur].from {
		return nil
	}
	return r.runs[r.cur].diags
}

// widest is the most diagonals a run holds.
func (r *diaRows) widest() int {
	n := 0
	for _, run := range r.runs {
		n = max(n, len(run.diags))
	}
	return n
}

// diagCols writes row x's columns on the diagonals ds (ascending) to js.
func diagCols(ds []diagonal, x int64, js []int64) []int64 {
	js = js[:len(ds)]
	for i := range ds {
		js[i] = ds[i].base + ds[i].step*x
	}
	return js
}

// diagVals writes row x's values on the diagonals ds to vs.
func diagVals[W any](ds []diagonal, x int64, vals, vs []W) []W {
	vs = vs[:len(ds)]
	for i := range ds {
		vs[i] = vals[ds[i].start+x]
	}
	return vs
}

// countPairsDIA is countPairsCSR over a DIA-like source's rows, each
// row's columns written from its run's diagonals (r's cursor at 0); a
// block row inside one run of 2 x 2 blocks takes its run's template.
func countPairsDIA[O outIndex](r *diaRows, pb pairBlocks, rows, b0, b1 int64, pos []O, poll func()) {
	w := r.widest()
	ja, jb := make([]int64, w), make([]int64, w)
	tpl := runTemplates{pb: pb}
	for b := b0; b < b1; b++ {
		if poll != nil && b&pollMask == 0 {
			poll()
		}
		x := 2 * b
		ds := r.runAt(x)
		if t := tpl.of(r, x, rows); t != nil {
			pos[b+1] = O(len(t.rel))
			continue
		}
		a := diagCols(ds, x, ja)
		var c []int64
		if x+1 < rows {
			c = diagCols(r.runAt(x+1), x+1, jb)
		}
		pos[b+1] = O(countMerged(a, c, pb.shift))
	}
}

// fillPairsDIA is fillPairsCSR over a DIA-like source's rows (r's cursor
// at 0); a block row inside one run of 2 x 2 blocks takes its run's
// template.
func fillPairsDIA[W any, O outIndex](r *diaRows, pb pairBlocks, rows, b0, b1 int64, pos, crd []O, out, vals []W, pad W, poll func()) {
	w := r.widest()
	ja, jb := make([]int64, w), make([]int64, w)
	va, vb := make([]W, w), make([]W, w)
	tpl := runTemplates{pb: pb}
	for x := 2 * b0; x < min(2*b1, rows); x += 2 {
		if poll != nil && (x>>1)&pollMask == 0 {
			poll()
		}
		q0, q1 := int64(pos[x>>1]), int64(pos[x>>1+1])
		ds := r.runAt(x)
		if t := tpl.of(r, x, rows); t != nil {
			fillTemplate(t, ds, x, vals, pad, crd[q0:q1], out[q0*pb.inner:q1*pb.inner])
			continue
		}
		a, av := diagCols(ds, x, ja), diagVals(ds, x, vals, va)
		var c []int64
		var cv []W
		if x+1 < rows {
			ds = r.runAt(x + 1)
			c, cv = diagCols(ds, x+1, jb), diagVals(ds, x+1, vals, vb)
		}
		fillMerged(a, c, av, cv, pad, pb, crd[q0:q1], out[q0*pb.inner:q1*pb.inner])
	}
}

// pairTemplate is the layout every block row of 2 x 2 blocks inside one
// run of diagonals shares: row x = 2b's column on a diagonal is
// base + step*2b, so its block column is (base >> 1) + step*b and its
// slot offset base & 1, and likewise for row x+1; the block row's block
// columns are rel + step*b, ascending, and the entries of diagonal i go to
// slots slotA[i] and slotB[i] of the block row's slots.
type pairTemplate struct {
	rel, slotA, slotB []int64
	step              int64
}

// runTemplates holds the template of the run r's cursor is at.
type runTemplates struct {
	pb  pairBlocks
	run int // the cursor's run the template is of; 0 with none made
	t   *pairTemplate
}

// of is the template for block row x, x+1 where both rows lie in the run
// at r's cursor (after runAt(x)) and blocks are 2 x 2, or nil.
func (rt *runTemplates) of(r *diaRows, x, rows int64) *pairTemplate {
	if rt.pb.shift != 1 || r.cur >= len(r.runs) {
		return nil
	}
	run := &r.runs[r.cur]
	if x < run.from || x+1 >= run.to || x+1 >= rows {
		return nil
	}
	if rt.t == nil || rt.run != r.cur+1 {
		rt.run, rt.t = r.cur+1, newPairTemplate(run.diags, x, rt.pb)
	}
	return rt.t
}

// newPairTemplate lays out block row x, x+1 of the diagonals ds.
func newPairTemplate(ds []diagonal, x int64, pb pairBlocks) *pairTemplate {
	b := x >> 1
	n := len(ds)
	t := &pairTemplate{slotA: make([]int64, n), slotB: make([]int64, n), step: ds[0].step}
	bcs := make([]int64, 0, 2*n)
	for _, d := range ds {
		bcs = append(bcs, (d.base+d.step*x)>>1, (d.base+d.step*(x+1))>>1)
	}
	slices.Sort(bcs)
	bcs = slices.Compact(bcs)
	for i, d := range ds {
		ca, cb := d.base+d.step*x, d.base+d.step*(x+1)
		ka, _ := slices.BinarySearch(bcs, ca>>1)
		kb, _ := slices.BinarySearch(bcs, cb>>1)
		t.slotA[i] = int64(ka)*pb.inner + (ca&pb.mask)*pb.strideJ
		t.slotB[i] = int64(kb)*pb.inner + pb.strideI + (cb&pb.mask)*pb.strideJ
	}
	t.rel = bcs
	for k := range t.rel {
		t.rel[k] -= t.step * b
	}
	return t
}

// fillTemplate lays out block row x, x+1 of t's run (diagonals ds) in its
// blocks' crd and slots seg.
func fillTemplate[W any, O outIndex](t *pairTemplate, ds []diagonal, x int64, vals []W, pad W, crd []O, seg []W) {
	for s := range seg {
		seg[s] = pad
	}
	sb := t.step * (x >> 1)
	crd = crd[:len(t.rel)]
	for k, r := range t.rel {
		crd[k] = O(r + sb)
	}
	ds, slotB := ds[:len(t.slotA)], t.slotB[:len(t.slotA)]
	for i, a := range t.slotA {
		at := ds[i].start + x
		seg[a], seg[slotB[i]] = vals[at], vals[at+1]
	}
}

// firstError is the first non-nil error of errs, or nil.
func firstError(errs []error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
