package ustorage

import (
	"slices"

	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// fromBlocks is Convert's route from a block source, (i / R : dense,
// j / C : compressed) over the block offsets i % R and j % C as dense
// levels in either order (BSR with row- or column-major blocks), to CSR
// over the same rows, or to blocks of the same R x C in the other (or the
// same) block order. To CSR, block row b's R rows each hold C entries a
// block, in the block's columns, so every row's place is known from pos
// alone (no count pass, no mark, no sort): row b*R + r is the segment's
// blocks, each read at its offsets r*strideI + c*strideJ. Between block
// orders, the pos and crd arrays are the source's and each block is
// transposed in place (a block transpose). Every slot of a block is an
// entry, its padding included, as Walk visits it. ok is false for other
// pairs and for a segment whose block columns are out of order or
// repeated (the general routes sort or refuse them).
func fromBlocks[W any](p *fiberPlan, src *Structure, vals []W, narrow bool, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	sb, ok := blockSource(src)
	if !ok || len(p.f.Levels) < 2 {
		return nil, nil, false, nil
	}
	t0, t1 := p.f.Levels[0], p.f.Levels[1]
	rowDim, colDim := src.Format.DimIndex(src.Format.Levels[0].Expr.A), src.Format.DimIndex(src.Format.Levels[1].Expr.A)
	if p.f.DimIndex(t0.Expr.A) != rowDim || p.f.DimIndex(t1.Expr.A) != colDim {
		return nil, nil, false, nil
	}
	tb, ok := newBlockTarget(p, rowDim, colDim)
	plain := ok && tb.r == 1 && tb.c == 1
	if !ok || !plain && (tb.r != sb.r || tb.c != sb.c) {
		return nil, nil, false, nil
	}
	if n := src.narrow(1); n != nil {
		return blocksFrom(p, src, &sb, &tb, plain, n.Pos, n.Crd, vals, narrow, valueSize, limit, poll)
	}
	return blocksFrom(p, src, &sb, &tb, plain, src.Levels[1].Pos, src.Levels[1].Crd, vals, narrow, valueSize, limit, poll)
}

// blockSource reads src's format as a block source (see fromBlocks), its
// offsets' strides in the block, or returns false.
func blockSource(src *Structure) (blockTarget, bool) {
	g := src.Format
	if len(g.Levels) < 3 || len(src.Levels) != len(g.Levels) || len(src.Shape) != 2 {
		return blockTarget{}, false
	}
	x, err := format.NewIndexer(g)
	if err != nil {
		return blockTarget{}, false
	}
	sizes, err := x.LevelSizes(src.Shape)
	if err != nil || !slices.Equal(sizes, src.LevelSizes) {
		return blockTarget{}, false // Walk words the refusal
	}
	sp, ok := newFiberPlan(x, sizes, src.Shape)
	if !ok || g.Levels[0].Kind != format.Dense || g.Levels[1].Kind != format.Compressed {
		return blockTarget{}, false
	}
	return newBlockTarget(sp, g.DimIndex(g.Levels[0].Expr.A), g.DimIndex(g.Levels[1].Expr.A))
}

// blocksFrom checks the source's level 1 (as Walk does) and writes
// fromBlocks' result with O-typed index arrays.
func blocksFrom[W any, I int32 | int64](p *fiberPlan, src *Structure, sb, tb *blockTarget, plain bool, pos, crd []I, vals []W, narrow bool, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	nb, inner := src.LevelSizes[0], sb.r*sb.c
	if err := checkRowPos(src, pos, nb); err != nil {
		return nil, nil, true, err
	}
	cols, nvals := src.LevelSizes[1], int64(len(vals))
	for b := range nb {
		if poll != nil && b&pollMask == 0 {
			poll()
		}
		lo, hi := int64(pos[b]), int64(pos[b+1])
		if lo > hi || lo < 0 || hi > int64(len(crd)) || (hi > lo && mulCount(hi, inner) > nvals) {
			return nil, nil, true, segmentOutside(src, b, lo, hi, int64(len(crd)), nvals)
		}
		prev := int64(-1)
		for k, w := range crd[lo:hi] {
			v := int64(w)
			if uint64(v) >= uint64(cols) {
				return nil, nil, true, columnOutside(src, lo+int64(k), v, cols)
			}
			if v <= prev {
				return nil, nil, false, nil
			}
			prev = v
		}
	}
	blocks := int64(0)
	if nb > 0 {
		blocks = int64(pos[nb]) - int64(pos[0])
	}
	n := mulCount(blocks, inner)
	idx := addCount(p.sizes[0]+1, n)
	if !plain {
		idx = addCount(nb+1, blocks)
	}
	if bytesFor(idx, n, valueSize) > limit {
		return nil, nil, true, tooLarge("the storage", p.f, idx, n, valueSize, limit)
	}
	if narrow && fits32(n, p.sizes) {
		s, out := fillFromBlocks[W, I, int32](p, src, sb, tb, plain, pos, crd, vals, n, poll)
		return s, out, true, nil
	}
	s, out := fillFromBlocks[W, I, int64](p, src, sb, tb, plain, pos, crd, vals, n, poll)
	return s, out, true, nil
}

// fillFromBlocks writes fromBlocks' result: n entries, the block rows
// split into parts of fixed bounds filled side by side (part 0, on the
// calling goroutine, polls), each writing its own rows' pos, crd and
// values. Every element is written once (the arrays come uninitialised)
// and is the same at any part count.
func fillFromBlocks[W any, I int32 | int64, O outIndex](p *fiberPlan, src *Structure, sb, tb *blockTarget, plain bool, pos, crd []I, vals []W, n int64, poll func()) (*Structure, []W) {
	nb, r, c, inner := src.LevelSizes[0], sb.r, sb.c, sb.r*sb.c
	base := int64(0)
	if nb > 0 {
		base = int64(pos[0])
	}
	out := uninit[W](n)
	var opos, ocrd []O
	if plain {
		opos, ocrd = uninit[O](nb*r+1), uninit[O](n)
		opos[0] = 0
	} else {
		opos, ocrd = uninit[O](nb+1), uninit[O](int64(len(crd))-base)
		opos[0] = 0
	}
	parts := parallel.Parts(nb + n)
	bounds := parallel.SplitEven(int(nb), parts)
	parallel.For(parts, func(part int) {
		pl := poll
		if part != 0 {
			pl = nil
		}
		for b := int64(bounds[part]); b < int64(bounds[part+1]); b++ {
			if pl != nil && b&pollMask == 0 {
				pl()
			}
			lo, hi := int64(pos[b]), int64(pos[b+1])
			if !plain {
				opos[b+1] = O(hi - base)
				for q := lo; q < hi; q++ {
					ocrd[q-base] = O(crd[q])
					sv, ov := vals[q*inner:q*inner+inner], out[(q-base)*inner:(q-base)*inner+inner]
					for x := range r {
						for y := range c {
							ov[x*tb.strideI+y*tb.strideJ] = sv[x*sb.strideI+y*sb.strideJ]
						}
					}
				}
				continue
			}
			// Row b*r + x starts after the block rows above (r rows of
			// c entries a block each) and the rows above it in this one.
			at := (lo - base) * inner
			w := (hi - lo) * c
			for x := range r {
				row := b*r + x
				e := at + x*w
				for q := lo; q < hi; q++ {
					j0 := int64(crd[q]) * c
					sv := vals[q*inner+x*sb.strideI:]
					for y := range c {
						ocrd[e], out[e] = O(j0+y), sv[y*sb.strideJ]
						e++
					}
				}
				opos[row+1] = O(e)
			}
		}
	})
	nl := len(p.f.Levels)
	levelPos, levelCrd := make([][]O, nl), make([][]O, nl)
	for l := range nl {
		levelPos[l], levelCrd[l] = []O{}, []O{}
	}
	levelPos[1], levelCrd[1] = opos, ocrd
	return structureOut(p.f, src.Shape, p.sizes, levelPos, levelCrd), out
}
