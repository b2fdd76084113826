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
	dm := diagMap{sign: 1, aRow: m.a == rowDim, rRow: rm.a == rowDim, lo: p.lo}
	if m.op == format.OpSub {
		dm.sign = -1
	}
	if bytesFor(p.span, 0, 8) > limit {
		return nil, nil, true, tooLarge("the conversion's working arrays", p.f, p.span, 0, 8, limit)
	}
	mark := make([]int64, p.span)
	for i := range mark {
		mark[i] = -1
	}
	// A CSR source's segments are read in place; others through rd.
	var err error
	switch r := rd.(type) {
	case *csrRows[int32]:
		err = markDiagonalsCSR(r, dm, rows, mark, poll)
	case *csrRows[int64]:
		err = markDiagonalsCSR(r, dm, rows, mark, poll)
	default:
		err = markDiagonals(rd, dm, rows, mark, poll)
	}
	if err != nil {
		if errors.Is(err, errUnordered) {
			return nil, nil, false, nil
		}
		return nil, nil, true, err
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
	switch r := rd.(type) {
	case *csrRows[int32]:
		placeDiagonalsCSR(r, dm, p.inner, rows, mark, out, vals, poll)
	case *csrRows[int64]:
		placeDiagonalsCSR(r, dm, p.inner, rows, mark, out, vals, poll)
	default:
		placeDiagonals(rd, dm, p.inner, rows, mark, out, vals, poll)
	}
	s := structureOut(p.f, shape, p.sizes, [][]O{{0, O(nd)}, {}}, [][]O{crd, {}})
	return s, out, true, nil
}

// diagMap maps a source entry (row x, column j) to its diagonal, counted
// from lo (a ∓ b, a and b the row and the column in the map's order), and
// its range coordinate.
type diagMap struct {
	sign, lo   int64
	aRow, rRow bool
}

func (d diagMap) diag(x, j int64) int64 {
	if d.aRow {
		return x + d.sign*j - d.lo
	}
	return j + d.sign*x - d.lo
}

func (d diagMap) r(x, j int64) int64 {
	if d.rRow {
		return x
	}
	return j
}

// markDiagonals sets mark[c] = 0 for every diagonal c an entry lies on,
// reading rd.
func markDiagonals(rd rowReader, dm diagMap, rows int64, mark []int64, poll func()) error {
	for x0 := int64(0); x0 < rows; x0 += rowStep {
		if poll != nil && x0&pollMask < rowStep {
			poll()
		}
		js, xs, _, err := rd.rows(x0, min(x0+rowStep, rows), true)
		if err != nil {
			return err
		}
		for k, j := range js {
			mark[dm.diag(xs[k], j)] = 0
		}
	}
	return nil
}

// markDiagonalsCSR is markDiagonals over a CSR source's segments in place.
func markDiagonalsCSR[I int32 | int64](r *csrRows[I], dm diagMap, rows int64, mark []int64, poll func()) error {
	for x0 := int64(0); x0 < rows; x0 += rowStep {
		if poll != nil && x0&pollMask < rowStep {
			poll()
		}
		x1 := min(x0+rowStep, rows)
		if err := r.check(x0, x1); err != nil {
			return err
		}
		for x := x0; x < x1; x++ {
			for _, j := range r.crd[r.pos[x]:r.pos[x+1]] {
				mark[dm.diag(x, int64(j))] = 0
			}
		}
	}
	return nil
}

// placeDiagonals moves every entry to its diagonal's rank (mark) times
// inner plus its range coordinate, reading rd.
func placeDiagonals[W any](rd rowReader, dm diagMap, inner, rows int64, mark []int64, out, vals []W, poll func()) {
	for x0 := int64(0); x0 < rows; x0 += rowStep {
		if poll != nil && x0&pollMask < rowStep {
			poll()
		}
		js, xs, es, _ := rd.rows(x0, min(x0+rowStep, rows), false)
		for k, j := range js {
			x := xs[k]
			out[mark[dm.diag(x, j)]*inner+dm.r(x, j)] = vals[es[k]]
		}
	}
}

// placeDiagonalsCSR is placeDiagonals over a CSR source's segments in place.
func placeDiagonalsCSR[I int32 | int64, W any](r *csrRows[I], dm diagMap, inner, rows int64, mark []int64, out, vals []W, poll func()) {
	for x := int64(0); x < rows; x++ {
		if poll != nil && x&pollMask == 0 {
			poll()
		}
		a, e := int64(r.pos[x]), int64(r.pos[x+1])
		for k, w := range r.crd[a:e] {
			j := int64(w)
			out[mark[dm.diag(x, j)]*inner+dm.r(x, j)] = vals[a+int64(k)]
		}
	}
}
