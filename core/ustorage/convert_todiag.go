package ustorage

import (
	"errors"

	"github.com/gosparse/gosparse/core/format"
)

// rowStep is how many rows a rowReader read takes at a time where the
// target has no block rows to follow.
const rowStep = 256

// toDiagonals is Convert's route from a source read by rows (CSR-like,
// DIA-like) to a DIA-like target (a ± b : compressed, r : range), a and b
// the source's two dimensions: one read marks the diagonals met, a scan of
// the marks ranks them in order (the target's crd), and a second read
// places every entry at its diagonal's rank times the range's size plus
// its r coordinate. Two entries never share a slot (a diagonal and r name
// one position), so no sort, bitmap or chunk is needed. ok is false for
// other pairs and for a source row out of order.
func toDiagonals[W any](p *fiberPlan, src *Structure, vals []W, pad W, narrow bool, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	if p.comp != 0 || len(p.maps) != 2 || p.f.Levels[1].Kind != format.Range {
		return nil, nil, false, nil
	}
	m, rm := p.maps[0], p.maps[1]
	if (m.op != format.OpSub && m.op != format.OpAdd) || rm.op != format.OpDim || m.a == m.b {
		return nil, nil, false, nil
	}
	rd, rowDim, _, rows, ok, err := rowSource(src, int64(len(vals)))
	if !ok || err != nil {
		return nil, nil, ok, err
	}
	if narrow {
		return toDiagonalsOf[W, int32](p, rd, src.Shape, rowDim, rows, vals, pad, valueSize, limit, poll)
	}
	return toDiagonalsOf[W, int64](p, rd, src.Shape, rowDim, rows, vals, pad, valueSize, limit, poll)
}

func toDiagonalsOf[W any, O outIndex](p *fiberPlan, rd rowReader, shape []int64, rowDim int, rows int64, vals []W, pad W, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	m, rm := p.maps[0], p.maps[1]
	// The diagonal of (x, j), counted from lo: a ∓ b with a, b the row x
	// and the column j in the map's order; its r coordinate.
	sign := int64(1)
	if m.op == format.OpSub {
		sign = -1
	}
	aRow, rRow := m.a == rowDim, rm.a == rowDim
	diag := func(x, j int64) int64 {
		if aRow {
			return x + sign*j - p.lo
		}
		return j + sign*x - p.lo
	}
	if bytesFor(p.span, 0, 8) > limit {
		return nil, nil, true, tooLarge("the conversion's working arrays", p.f, p.span, 0, 8, limit)
	}
	mark := make([]int64, p.span)
	for i := range mark {
		mark[i] = -1
	}
	for x0 := int64(0); x0 < rows; x0 += rowStep {
		if poll != nil && x0&pollMask < rowStep {
			poll()
		}
		js, xs, _, err := rd.rows(x0, min(x0+rowStep, rows), true)
		if err != nil {
			if errors.Is(err, errUnordered) {
				return nil, nil, false, nil
			}
			return nil, nil, true, err
		}
		for k, j := range js {
			mark[diag(xs[k], j)] = 0
		}
	}
	nd := int64(0)
	for _, mk := range mark {
		if mk == 0 {
			nd++
		}
	}
	slots := mulCount(nd, p.inner)
	if idx := addCount(nd, 2); bytesFor(addCount(idx, p.span), slots, valueSize) > limit {
		return nil, nil, true, tooLarge("the storage", p.f, idx, slots, valueSize, limit)
	}
	crd, out := make([]O, nd), padded(slots, pad)
	q := int64(0)
	for c, mk := range mark {
		if mk == 0 {
			crd[q], mark[c] = O(int64(c)+p.lo), q
			q++
		}
	}
	for x0 := int64(0); x0 < rows; x0 += rowStep {
		if poll != nil && x0&pollMask < rowStep {
			poll()
		}
		js, xs, es, _ := rd.rows(x0, min(x0+rowStep, rows), false)
		for k, j := range js {
			x, r := xs[k], j
			if rRow {
				r = x
			}
			out[mark[diag(x, j)]*p.inner+r] = vals[es[k]]
		}
	}
	s := structureOut(p.f, shape, p.sizes, [][]O{{0, O(nd)}, {}}, [][]O{crd, {}})
	return s, out, true, nil
}
