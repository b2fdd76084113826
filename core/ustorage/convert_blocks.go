package ustorage

import (
	"errors"
	"math/bits"
	"slices"

	"github.com/gosparse/gosparse/core/format"
)

// blockTarget is a fiber plan's target as blocks of a 2-D tensor stored by
// rows: (i / R : dense, j / C : compressed) over the block offsets i % R
// and j % C as dense levels in either order (BSR with row- or column-major
// blocks; CSR where R = C = 1, the offsets' levels then absent).
type blockTarget struct {
	r, c             int64
	rShift, cShift   int // log2 of r and c where a power of two, else -1
	strideI, strideJ int64
}

// newBlockTarget reads p's target as blocks over rowDim and colDim, or
// returns false.
func newBlockTarget(p *fiberPlan, rowDim, colDim int) (blockTarget, bool) {
	bt := blockTarget{r: 1, c: 1}
	if p.nPrefix != 1 || p.comp != 1 || p.lo != 0 {
		return bt, false
	}
	split := func(m levelMap, dim int) (int64, bool) {
		switch {
		case m.a != dim:
			return 0, false
		case m.op == format.OpDim:
			return 1, true
		case m.op == format.OpDiv && m.c > 0:
			return m.c, true
		}
		return 0, false
	}
	var ok bool
	if bt.r, ok = split(p.maps[0], rowDim); !ok {
		return bt, false
	}
	if bt.c, ok = split(p.maps[1], colDim); !ok {
		return bt, false
	}
	// The suffix: exactly the offsets of the blocked dimensions, dense.
	seenI, seenJ := bt.r == 1, bt.c == 1
	stride := int64(1)
	for l := len(p.maps) - 1; l >= 2; l-- {
		m := p.maps[l]
		if p.f.Levels[l].Kind != format.Dense || m.op != format.OpMod {
			return bt, false
		}
		switch {
		case m.a == rowDim && m.c == bt.r && !seenI:
			seenI, bt.strideI = true, stride
		case m.a == colDim && m.c == bt.c && !seenJ:
			seenJ, bt.strideJ = true, stride
		default:
			return bt, false
		}
		stride *= m.size
	}
	bt.rShift, bt.cShift = log2(bt.r), log2(bt.c)
	return bt, seenI && seenJ && stride == p.inner
}

// log2 is log2(v) for a power of two, else -1.
func log2(v int64) int {
	if v > 0 && v&(v-1) == 0 {
		return bits.TrailingZeros64(uint64(v))
	}
	return -1
}

// blockCol is column j's block column.
func (bt *blockTarget) blockCol(j int64) int64 {
	if bt.cShift >= 0 {
		return j >> bt.cShift
	}
	return j / bt.c
}

// offset is (x, j)'s offset inside its block's slots.
func (bt *blockTarget) offset(x, j int64) int64 {
	if bt.rShift >= 0 && bt.cShift >= 0 {
		return (x&(bt.r-1))*bt.strideI + (j&(bt.c-1))*bt.strideJ
	}
	return (x%bt.r)*bt.strideI + (j%bt.c)*bt.strideJ
}

// blockRows is Convert's route from a source read by rows (CSR-like, or
// DIA-like by its range dimension) to a target of blocks by the same rows
// (BSR in either block order, CSR): per block row, a count of its distinct
// block columns (a mark per block column, stamped with the block row),
// then the block columns listed as they first appear, sorted where they
// came out of order, and every entry placed at its block's slot. Each
// source row's columns are distinct, so no two entries share a slot. ok
// is false for other pairs and for a source row out of order.
func blockRows[W any](p *fiberPlan, src *Structure, vals []W, pad W, narrow bool, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	rd, rowDim, colDim, rows, ok, err := rowSource(src, int64(len(vals)))
	if !ok || err != nil {
		return nil, nil, ok, err
	}
	bt, ok := newBlockTarget(p, rowDim, colDim)
	if !ok {
		return nil, nil, false, nil
	}
	pb, pair := newPairBlocks(&bt, p.inner)
	switch {
	case pair && narrow:
		return blockPairs[W, int32](p, pb, rd, src.Shape, rows, vals, pad, valueSize, limit, poll)
	case pair:
		return blockPairs[W, int64](p, pb, rd, src.Shape, rows, vals, pad, valueSize, limit, poll)
	case narrow:
		return blockRowsOf[W, int32](p, bt, rd, src.Shape, rows, vals, pad, valueSize, limit, poll)
	}
	return blockRowsOf[W, int64](p, bt, rd, src.Shape, rows, vals, pad, valueSize, limit, poll)
}

func blockRowsOf[W any, O outIndex](p *fiberPlan, bt blockTarget, rd rowReader, shape []int64, rows int64, vals []W, pad W, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	nb := p.fibers
	work := addCount(nb+1, p.span)
	if bytesFor(work, 0, 8) > limit {
		return nil, nil, true, tooLarge("the conversion's working arrays", p.f, work, 0, 8, limit)
	}
	pos, mark := make([]O, nb+1), make([]int64, p.span)
	for i := range mark {
		mark[i] = -1
	}
	// A CSR source's segments are read in place; others through rd.
	var err error
	switch r := rd.(type) {
	case *csrRows[int32]:
		err = countBlocksCSR(r, &bt, rows, pos, mark, poll)
	case *csrRows[int64]:
		err = countBlocksCSR(r, &bt, rows, pos, mark, poll)
	default:
		err = countBlocks(rd, &bt, rows, pos, mark, poll)
	}
	if err != nil {
		if errors.Is(err, errUnordered) {
			return nil, nil, false, nil
		}
		return nil, nil, true, err
	}
	nc := int64(pos[nb])
	slots := mulCount(nc, p.inner)
	if idx := addCount(nb+1, nc); bytesFor(addCount(idx, work), slots, valueSize) > limit {
		return nil, nil, true, tooLarge("the storage", p.f, idx, slots, valueSize, limit)
	}
	crd, out := make([]O, nc), padded(slots, pad)
	for i := range mark {
		mark[i] = -1
	}
	switch r := rd.(type) {
	case *csrRows[int32]:
		fillBlocksCSR(r, &bt, p.inner, rows, pos, crd, mark, out, vals, poll)
	case *csrRows[int64]:
		fillBlocksCSR(r, &bt, p.inner, rows, pos, crd, mark, out, vals, poll)
	default:
		fillBlocks(rd, &bt, p.inner, rows, pos, crd, mark, out, vals, poll)
	}
	nl := len(p.f.Levels)
	levelPos, levelCrd := make([][]O, nl), make([][]O, nl)
	for l := range nl {
		levelPos[l], levelCrd[l] = []O{}, []O{}
	}
	levelPos[1], levelCrd[1] = pos, crd
	return structureOut(p.f, shape, p.sizes, levelPos, levelCrd), out, true, nil
}

// countBlocks sets pos[b+1] to pos[b] plus block row b's distinct block
// columns (mark[bc] == b once met), reading rd.
func countBlocks[O outIndex](rd rowReader, bt *blockTarget, rows int64, pos []O, mark []int64, poll func()) error {
	for b := range int64(len(pos) - 1) {
		if poll != nil && b&pollMask == 0 {
			poll()
		}
		js, _, _, err := rd.rows(b*bt.r, min(b*bt.r+bt.r, rows), true)
		if err != nil {
			return err
		}
		n := O(0)
		for _, j := range js {
			if bc := bt.blockCol(j); mark[bc] != b {
				mark[bc] = b
				n++
			}
		}
		pos[b+1] = pos[b] + n
	}
	return nil
}

// countBlocksCSR is countBlocks over a CSR source's segments in place.
func countBlocksCSR[I int32 | int64, O outIndex](r *csrRows[I], bt *blockTarget, rows int64, pos []O, mark []int64, poll func()) error {
	for b := range int64(len(pos) - 1) {
		if poll != nil && b&pollMask == 0 {
			poll()
		}
		lo, hi := b*bt.r, min(b*bt.r+bt.r, rows)
		if err := r.check(lo, hi); err != nil {
			return err
		}
		n := O(0)
		for _, j := range r.crd[r.pos[lo]:r.pos[hi]] {
			if bc := bt.blockCol(int64(j)); mark[bc] != b {
				mark[bc] = b
				n++
			}
		}
		pos[b+1] = pos[b] + n
	}
	return nil
}

// fillBlocks lists each block row's block columns in crd (in order) and
// places its entries in out, reading rd.
func fillBlocks[W any, O outIndex](rd rowReader, bt *blockTarget, inner, rows int64, pos, crd []O, mark []int64, out, vals []W, poll func()) {
	for b := range int64(len(pos) - 1) {
		if poll != nil && b&pollMask == 0 {
			poll()
		}
		lo, hi := b*bt.r, min(b*bt.r+bt.r, rows)
		js, xs, es, _ := rd.rows(lo, hi, false)
		first := int64(pos[b])
		if hi-lo == 2 {
			split := 0
			for split < len(js) && xs[split] == lo {
				split++
			}
			mergeBlocks2(js[:split], js[split:], bt, crd, first, mark)
		} else {
			listBlocks(js, bt, crd, first, mark)
		}
		for k, j := range js {
			out[mark[bt.blockCol(j)]*inner+bt.offset(xs[k], j)] = vals[es[k]]
		}
	}
}

// fillBlocksCSR is fillBlocks over a CSR source's segments in place.
func fillBlocksCSR[I int32 | int64, W any, O outIndex](r *csrRows[I], bt *blockTarget, inner, rows int64, pos, crd []O, mark []int64, out, vals []W, poll func()) {
	for b := range int64(len(pos) - 1) {
		if poll != nil && b&pollMask == 0 {
			poll()
		}
		lo, hi := b*bt.r, min(b*bt.r+bt.r, rows)
		first := int64(pos[b])
		if hi-lo == 2 {
			mergeBlocks2(r.crd[r.pos[lo]:r.pos[lo+1]], r.crd[r.pos[lo+1]:r.pos[hi]], bt, crd, first, mark)
		} else {
			listBlocks(r.crd[r.pos[lo]:r.pos[hi]], bt, crd, first, mark)
		}
		for x := lo; x < hi; x++ {
			a, e := int64(r.pos[x]), int64(r.pos[x+1])
			for k, w := range r.crd[a:e] {
				j := int64(w)
				out[mark[bt.blockCol(j)]*inner+bt.offset(x, j)] = vals[a+int64(k)]
			}
		}
	}
}

// listBlocks lists a block row's block columns (of its rows' columns js)
// at crd[first:] as they first appear, then sorts them, marking each with
// its place.
func listBlocks[I int32 | int64, O outIndex](js []I, bt *blockTarget, crd []O, first int64, mark []int64) {
	q := first
	for _, j := range js {
		if bc := bt.blockCol(int64(j)); mark[bc] < first {
			mark[bc], crd[q] = q, O(bc)
			q++
		}
	}
	seg := crd[first:q]
	if slices.IsSorted(seg) {
		return
	}
	slices.Sort(seg)
	for k, bc := range seg {
		mark[bc] = first + int64(k)
	}
}

// mergeBlocks2 is listBlocks for a block row of two rows, a and b (each's
// columns ascending): their block columns merged in order, each once.
func mergeBlocks2[I int32 | int64, O outIndex](a, b []I, bt *blockTarget, crd []O, first int64, mark []int64) {
	q, last := first, int64(-1)
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		var bc int64
		if j == len(b) || (i < len(a) && a[i] <= b[j]) {
			bc = bt.blockCol(int64(a[i]))
			i++
		} else {
			bc = bt.blockCol(int64(b[j]))
			j++
		}
		if bc != last {
			mark[bc], crd[q] = q, O(bc)
			q++
			last = bc
		}
	}
}
