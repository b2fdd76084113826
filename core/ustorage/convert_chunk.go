package ustorage

import (
	"fmt"
	"slices"

	"github.com/gosparse/gosparse/core/format"
)

// chunkLen is how many entries a chunk carries: small enough that its
// columns stay in L1, large enough that the per-chunk call costs nothing.
const chunkLen = 1024

// chunk is a run of walked entries, column by column: entry k has
// dimension coordinates dim[d][k] and value index at[k]. The columns may
// be the source's own arrays: a chunk is read, never written, by its
// consumers.
type chunk struct {
	n   int
	dim [][]int64
	at  []int64
}

func newChunk(nd int) *chunk {
	c := &chunk{dim: make([][]int64, nd), at: make([]int64, chunkLen)}
	for d := range c.dim {
		c.dim[d] = make([]int64, chunkLen)
	}
	return c
}

// walkChunks visits the stored positions of s as Walk does (the same
// positions, the same checks), chunkLen at a time, calling poll (when not
// nil) every 64 chunks. The commonest sources take flat loops over their
// arrays, int32 or int64, instead of Walk's recursion: a compressed level
// under a dense one on bare dimensions (CSR, CSC), diagonals over a range
// (DIA, anti-DIA) and a compressed level over singletons (COO). The
// positions come in Walk's order, except that diagonals are walked range
// coordinate by range coordinate when outer is the range's dimension
// (row by row for DIA-I), so that a target ordered by that dimension meets
// its fibers in order.
func walkChunks(s *Structure, nvals int64, outer int, poll func(), visit func(c *chunk)) error {
	if s == nil {
		return Walk(s, nvals, nil)
	}
	c := newChunk(len(s.Shape))
	chunks := 0
	emit := func() {
		if poll != nil && chunks%64 == 0 {
			poll()
		}
		chunks++
		visit(c)
	}
	if ok, err := walkFlat(s, nvals, outer, c, emit); ok {
		return err
	}
	w := s.wide()
	err := Walk(w, nvals, func(dim []int64, p int64) {
		for d, v := range dim {
			c.dim[d][c.n] = v
		}
		c.at[c.n] = p
		if c.n++; c.n == chunkLen {
			emit()
			c.n = 0
		}
	})
	if err == nil && c.n > 0 {
		emit()
	}
	return err
}

// walkFlat runs the flat loop that fits s, or returns false.
func walkFlat(s *Structure, nvals int64, outer int, c *chunk, emit func()) (bool, error) {
	f := s.Format
	if len(s.Levels) != len(f.Levels) || len(f.Levels) != len(s.Shape) || len(f.Levels) == 0 {
		return false, nil
	}
	x, err := format.NewIndexer(f)
	if err != nil {
		return false, nil
	}
	sizes, err := x.LevelSizes(s.Shape)
	if err != nil || !slices.Equal(sizes, s.LevelSizes) {
		return false, nil // Walk words the refusal
	}
	l0 := f.Levels[0]
	if len(f.Levels) == 2 {
		l1 := f.Levels[1]
		switch {
		case l0.Kind == format.Dense && l1.Kind == format.Compressed && l0.Expr.Op == format.OpDim && l1.Expr.Op == format.OpDim:
			o, i := f.DimIndex(l0.Expr.A), f.DimIndex(l1.Expr.A)
			if n := s.narrow(1); n != nil {
				return true, compressedChunks(s, n.Pos, n.Crd, nvals, o, i, c, emit)
			}
			return true, compressedChunks(s, s.Levels[1].Pos, s.Levels[1].Crd, nvals, o, i, c, emit)
		case l0.Kind == format.Compressed && l1.Kind == format.Range && (l0.Expr.Op == format.OpSub || l0.Expr.Op == format.OpAdd):
			return true, diagonalChunks(s, nvals, outer, c, emit)
		}
	}
	if l0.Kind != format.Compressed || l0.Expr.Op != format.OpDim {
		return false, nil
	}
	for _, lv := range f.Levels[1:] {
		if lv.Kind != format.Singleton || lv.Expr.Op != format.OpDim {
			return false, nil
		}
	}
	if s.narrow(0) != nil {
		return true, singletonChunks(s, nvals, narrowCrds(s), s.narrow(0).Pos, c, emit)
	}
	crds := make([][]int64, len(f.Levels))
	for l := range crds {
		crds[l] = s.Levels[l].Crd
	}
	return true, singletonChunks(s, nvals, crds, s.Levels[0].Pos, c, emit)
}

// narrowCrds is every level's int32 crd.
func narrowCrds(s *Structure) [][]int32 {
	out := make([][]int32, len(s.Levels))
	for l := range out {
		if n := s.narrow(l); n != nil {
			out[l] = n.Crd
		}
	}
	return out
}

// compressedChunks walks (outer : dense, inner : compressed).
func compressedChunks[I int32 | int64](s *Structure, pos, crd []I, nvals int64, outer, inner int, c *chunk, emit func()) error {
	rows, cols := s.LevelSizes[0], s.LevelSizes[1]
	if err := checkRowPos(s, pos, rows); err != nil {
		return err
	}
	do, di, at := c.dim[outer], c.dim[inner], c.at
	k := 0
	for o := int64(0); o < rows; o++ {
		lo, hi := int64(pos[o]), int64(pos[o+1])
		if lo > hi || lo < 0 || hi > int64(len(crd)) || (hi > lo && hi > nvals) {
			return segmentOutside(s, o, lo, hi, int64(len(crd)), nvals)
		}
		for q := lo; q < hi; {
			// As much of the segment as the chunk has room for, in one
			// loop without a test of the chunk's end.
			take := min(hi-q, int64(chunkLen-k))
			seg := crd[q : q+take]
			d0, d1, d2 := do[k:k+len(seg)], di[k:k+len(seg)], at[k:k+len(seg)]
			for x, w := range seg {
				v := int64(w)
				if uint64(v) >= uint64(cols) {
					return columnOutside(s, q+int64(x), v, cols)
				}
				d0[x], d1[x], d2[x] = o, v, q+int64(x)
			}
			q += take
			if k += int(take); k == chunkLen {
				c.n = k
				emit()
				k = 0
			}
		}
	}
	if c.n = k; k > 0 {
		emit()
	}
	return nil
}

// singletonChunks walks (d0 : compressed, d1 : singleton, ...): one
// position per root segment entry, every level's crd read at it.
func singletonChunks[I int32 | int64](s *Structure, nvals int64, crds [][]I, pos []I, c *chunk, emit func()) error {
	f := s.Format
	if len(pos) < 2 || pos[0] < 0 || pos[0] > pos[1] {
		return fmt.Errorf("ustorage: level 0 (%s): pos %v does not give one segment", f.Levels[0], pos[:min(len(pos), 2)])
	}
	lo, hi := int64(pos[0]), int64(pos[1])
	if hi > nvals && hi > lo {
		return fmt.Errorf("ustorage: position %d is past the end of the values (length %d)", hi-1, nvals)
	}
	for l, crd := range crds {
		if hi > int64(len(crd)) {
			return fmt.Errorf("ustorage: level %d (%s): crd[%d] is past the end of crd (length %d)", l, f.Levels[l], hi-1, len(crd))
		}
	}
	// An int64 crd is the chunk's column itself (the consumers only read
	// the columns); an int32 one is widened into the chunk's own.
	dims := make([]int, len(crds))
	own := slices.Clone(c.dim)
	for l := range crds {
		dims[l] = f.DimIndex(f.Levels[l].Expr.A)
	}
	for q := lo; q < hi; q += chunkLen {
		end := min(q+chunkLen, hi)
		c.n = int(end - q)
		for l, crd := range crds {
			seg, size := crd[q:end], s.LevelSizes[l]
			mn, mx := seg[0], seg[0]
			for _, v := range seg {
				mn, mx = min(mn, v), max(mx, v)
			}
			if int64(mn) < 0 || int64(mx) >= size {
				for k, v := range seg {
					if int64(v) < 0 || int64(v) >= size {
						return fmt.Errorf("ustorage: level %d (%s): crd[%d] = %d is outside the level's coordinates 0..%d", l, f.Levels[l], q+int64(k), v, size-1)
					}
				}
			}
			if wide, ok := any(seg).([]int64); ok {
				c.dim[dims[l]] = wide
				continue
			}
			dst := own[dims[l]]
			for k, v := range seg {
				dst[k] = int64(v)
			}
			c.dim[dims[l]] = dst
		}
		for k := range c.n {
			c.at[k] = q + int64(k)
		}
		emit()
	}
	return nil
}

// diagonalChunks walks (a ± b : compressed, r : range), r being a or b:
// every stored diagonal's positions inside the tensor, diagonal by
// diagonal, or range coordinate by range coordinate when outer is r and
// the diagonals' runs of range coordinates with one set of diagonals
// stored are few enough (rowRuns).
func diagonalChunks(s *Structure, nvals int64, outer int, c *chunk, emit func()) error {
	dg, err := diagonalsOf(s, nvals)
	if err != nil {
		return err
	}
	dr, do, at := c.dim[dg.r], c.dim[dg.o], c.at
	k := 0
	if runs, ok := dg.rowRuns(); outer == dg.r && ok {
		for _, run := range runs {
			for x := run.from; x < run.to; x++ {
				// Every diagonal of the run holds x: no test per entry.
				if k+len(run.diags) > chunkLen {
					c.n = k
					emit()
					k = 0
				}
				for i := range run.diags {
					d := &run.diags[i]
					dr[k], do[k], at[k] = x, d.base+d.step*x, d.start+x
					k++
				}
			}
		}
	} else {
		for _, d := range dg.diags {
			for x := d.from; x < d.to; x++ {
				dr[k], do[k], at[k] = x, d.base+d.step*x, d.start+x
				if k++; k == chunkLen {
					c.n = k
					emit()
					k = 0
				}
			}
		}
	}
	if c.n = k; k > 0 {
		emit()
	}
	return nil
}
