package ustorage

import "slices"

// rowPattern is the last block row of two CSR rows met by a 2 x 2 block
// conversion, its columns relative to its first row x: a block row of the
// same relative columns (a banded or stencil matrix's interior) has the
// same blocks shifted by x/2 and the same slots, so it takes the
// pattern's count and its template (made when a block row first
// matches): no merge.
type rowPattern struct {
	a, b   []int64 // the rows' columns minus x
	lo, hi int64   // the least and greatest of them
	n      int64   // the block row's blocks
	tpl    *pairTemplate
}

// matchPattern reports whether rows a and b of block row x have p's
// relative columns, every column inside 0..cols-1.
func matchPattern[I int32 | int64](p *rowPattern, a, b []I, x, cols int64) bool {
	if len(a) != len(p.a) || len(b) != len(p.b) || len(a)+len(b) == 0 || x+p.lo < 0 || x+p.hi >= cols {
		return false
	}
	pa, pb := p.a[:len(a)], p.b[:len(b)]
	for k, c := range a {
		if int64(c)-x != pa[k] {
			return false
		}
	}
	for k, c := range b {
		if int64(c)-x != pb[k] {
			return false
		}
	}
	return true
}

// setPattern makes rows a and b of block row x (checked, n blocks) p.
func setPattern[I int32 | int64](p *rowPattern, a, b []I, x, n int64) {
	p.a, p.b, p.n, p.tpl = p.a[:0], p.b[:0], n, nil
	for _, c := range a {
		p.a = append(p.a, int64(c)-x)
	}
	for _, c := range b {
		p.b = append(p.b, int64(c)-x)
	}
	p.lo, p.hi = 0, -1
	for _, r := range [][]int64{p.a, p.b} {
		if len(r) > 0 {
			if p.hi < p.lo {
				p.lo, p.hi = r[0], r[len(r)-1]
			}
			p.lo, p.hi = min(p.lo, r[0]), max(p.hi, r[len(r)-1])
		}
	}
}

// segmentsOK checks rows from..to-1's segments against crd and the values
// (not their columns).
func (r *csrRows[I]) segmentsOK(from, to int64) error {
	for x := from; x < to; x++ {
		lo, hi := int64(r.pos[x]), int64(r.pos[x+1])
		if lo > hi || lo < 0 || hi > int64(len(r.crd)) || (hi > lo && hi > r.nvals) {
			return segmentOutside(r.s, x, lo, hi, int64(len(r.crd)), r.nvals)
		}
	}
	return nil
}

// template is p's layout as a pairTemplate (block columns rel + x/2), made
// on first use.
func (p *rowPattern) template(pb pairBlocks) *pairTemplate {
	if p.tpl != nil {
		return p.tpl
	}
	t := &pairTemplate{slotA: make([]int64, len(p.a)), slotB: make([]int64, len(p.b)), step: 1}
	bcs := make([]int64, 0, len(p.a)+len(p.b))
	for _, c := range p.a {
		bcs = append(bcs, c>>1)
	}
	for _, c := range p.b {
		bcs = append(bcs, c>>1)
	}
	slices.Sort(bcs)
	t.rel = slices.Compact(bcs)
	for k, c := range p.a {
		at, _ := slices.BinarySearch(t.rel, c>>1)
		t.slotA[k] = int64(at)*pb.inner + (c&1)*pb.strideJ
	}
	for k, c := range p.b {
		at, _ := slices.BinarySearch(t.rel, c>>1)
		t.slotB[k] = int64(at)*pb.inner + pb.strideI + (c&1)*pb.strideJ
	}
	p.tpl = t
	return t
}

// fillPattern lays out block row x's rows (values va and vb) by t in its
// blocks' crd and slots seg.
func fillPattern[W any, O outIndex](t *pairTemplate, x int64, va, vb []W, pad W, crd []O, seg []W) {
	for s := range seg {
		seg[s] = pad
	}
	crd = crd[:len(t.rel)]
	for k, r := range t.rel {
		crd[k] = O(r + x>>1)
	}
	va, vb = va[:len(t.slotA)], vb[:len(t.slotB)]
	for k, s := range t.slotA {
		seg[s] = va[k]
	}
	for k, s := range t.slotB {
		seg[s] = vb[k]
	}
}
