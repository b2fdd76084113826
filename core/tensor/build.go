package tensor

import (
	"cmp"
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/memory"
)

// BuildFrom stores entries in the format of spec: it maps each entry to the
// coordinates of spec's levels, sorts them in level order, merges repeated
// coordinates by summing (unless keepDups), fills each level's pos/crd and
// scatters the value blocks. Blocks the format materialises but no entry
// covers (BSR blocks, dense levels) take the fill value. fill is one element
// of dt, or one per dense slot (a per-slot fill, fill_slots.go).
func BuildFrom(spec FormatSpec, e *Entries, dt dtype.DType, fill []byte, width int, keepDups bool) (*Tensor, error) {
	if err := spec.validate(); err != nil {
		return nil, err
	}
	levels := spec.Levels()
	nc := coordLevels(levels, e.K)
	n := e.N
	lc := make([][]int64, nc)
	for li := 0; li < nc; li++ {
		l := &levels[li]
		col := make([]int64, n)
		src := e.Coords[l.Dim]
		for i := range col {
			pollAt(i)
			col[i] = l.coord(src[i])
		}
		lc[li] = col
	}
	perm := sortByLevels(levels[:nc], lc, n)
	dup := make([]bool, n) // dup[i]: sorted entry i repeats entry i-1's coordinates
	if !keepDups {
		for i := int64(1); i < n; i++ {
			pollAt(i)
			dup[i] = sameCoords(lc, perm[i-1], perm[i])
		}
	}
	// Walk the levels: p[i] is sorted entry i's position at the current level.
	p := make([]int64, n)
	count := int64(1)
	for li := 0; li < nc; li++ {
		l := &levels[li]
		col := lc[li]
		switch l.Kind {
		case format.Dense:
			for i := range p {
				pollAt(i)
				p[i] = p[i]*l.Size + col[perm[i]]
			}
			var ok bool
			if count, ok = errs.MulChecked(count, l.Size); !ok {
				return nil, errs.Errorf(errs.ErrTooLarge, "level %d: the number of positions overflows int64", li)
			}
		case format.Compressed:
			if err := errs.CheckAllocf(count+1, 8, "pos of level %d of the %s result of shape %v", li, spec.Layout, spec.Shape); err != nil {
				return nil, err
			}
			posCount := make([]int64, count+1)
			crd := make([]int64, 0, n)
			prevParent := int64(-1)
			// A COO's top level is non-unique only because singletons follow
			// it; with none below, entries of one coordinate share a position.
			unique := !l.Nonunique || (!keepDups && (li+1 == nc || levels[li+1].Kind != format.Singleton))
			for i := int64(0); i < n; i++ {
				pollAt(i)
				parent, c := p[i], col[perm[i]]
				fresh := !dup[i] && (!unique || i == 0 || parent != prevParent || c != crd[len(crd)-1])
				prevParent = parent
				if fresh {
					crd = append(crd, c)
					posCount[parent+1]++
				}
				p[i] = int64(len(crd) - 1)
			}
			for j := int64(1); j <= count; j++ {
				pollAt(j) // one turn per parent position: rows without entries too
				posCount[j] += posCount[j-1]
			}
			l.Pos, l.Crd = dtype.Int64Array(posCount), dtype.Int64Array(crd)
			count = int64(len(crd))
		case format.Singleton:
			crd := make([]int64, count)
			for i := int64(0); i < n; i++ {
				pollAt(i)
				crd[p[i]] = col[perm[i]]
			}
			l.Crd = dtype.Int64Array(crd)
		}
	}
	if spec.Layout == COO && spec.sparseDim() == 0 && nc == 0 {
		// No coordinate level: one summed entry (none when there are no
		// Entries), or every entry kept in turn.
		if keepDups {
			count = n
			for i := range p {
				p[i] = int64(i)
			}
		} else {
			count = min(n, 1)
		}
	}
	total, ok := errs.MulChecked(count, e.Block)
	if !ok {
		return nil, errs.Errorf(errs.ErrTooLarge, "values: the number of elements overflows int64")
	}
	if err := errs.CheckAlloc("values", total, dt.Size()); err != nil {
		return nil, err
	}
	vals := dtype.NewArray(dt, []int64{total})
	FillArray(vals, fill)
	es := int64(dt.Size())
	bs := e.Block * es
	for i := int64(0); i < n; i++ {
		pollAt(i)
		srcBlock := e.Vals.Data[e.Src[perm[i]]*bs : (e.Src[perm[i]]+1)*bs]
		dst := vals.Data[p[i]*bs : (p[i]+1)*bs]
		if dup[i] {
			dtype.AddBlock(dt, dst, srcBlock)
		} else {
			copy(dst, srcBlock)
		}
	}
	return Assemble(Parts{Spec: spec, Levels: levels, Values: vals, Fill: fill, Coalesced: !keepDups, Width: width})
}

// sortByLevels returns the stable permutation that orders entries by their
// level coordinates (a single linearised key when the level sizes allow).
func sortByLevels(levels []Level, lc [][]int64, n int64) []int64 {
	perm := make([]int64, n)
	for i := range perm {
		pollAt(i)
		perm[i] = int64(i)
	}
	span := 1.0
	for i := range levels {
		span *= float64(max(levels[i].Size, 1))
	}
	if span < math.MaxInt64/2 {
		key := make([]uint64, n)
		for li := range levels {
			sz := uint64(max(levels[li].Size, 1))
			col := lc[li]
			for i := range key {
				pollAt(i)
				key[i] = key[i]*sz + uint64(col[i])
			}
		}
		// LSD radix sort: stable, linear in n; sorted input costs one pass.
		if err := kernels.SortKeys(key, perm); err != nil {
			panic(err) // lengths agree by construction
		}
		return perm
	}
	calls := 0 // the comparisons, to poll every 64K of them
	slices.SortStableFunc(perm, func(a, b int64) int {
		calls++
		pollAt(calls)
		for _, col := range lc {
			if c := cmp.Compare(col[a], col[b]); c != 0 {
				return c
			}
		}
		return 0
	})
	return perm
}

func sameCoords(lc [][]int64, a, b int64) bool {
	for _, col := range lc {
		if col[a] != col[b] {
			return false
		}
	}
	return true
}

// FillArray sets every element of a to the one-element value fill (a no-op for zero fills).
func FillArray(a dtype.Array, fill []byte) {
	zero := true
	for _, b := range fill {
		zero = zero && b == 0
	}
	if zero || len(a.Data) == 0 {
		return
	}
	copy(a.Data, fill)
	for filled := len(fill); filled < len(a.Data); filled *= 2 {
		copy(a.Data[filled:], a.Data[:filled])
	}
}

// finish converts the level arrays to the chosen index width, lays out the
// values in torch's shape and, for COO, gathers the indices array unless t
// already holds one of that width whose rows the levels' Crd arrays are.
func (t *Tensor) finish(vals dtype.Array, width int) error {
	if width == 0 {
		width = AutoWidth(t.shape, t.levels)
	} else if width == 32 && AutoWidth(t.shape, t.levels) == 64 {
		return errs.Errorf(errs.ErrInvalidArgument, "index_width = 32 cannot hold the sizes or positions of this %s tensor (size %v); use 64", t.layout, t.shape)
	}
	t.width = width
	idt := dtype.Int64
	if width == 32 {
		idt = dtype.Int32
	}
	for i := range t.levels {
		l := &t.levels[i]
		if l.Pos.Data != nil {
			l.Pos = CastIndex(l.Pos, idt)
		}
		if l.Crd.Data != nil {
			l.Crd = CastIndex(l.Crd, idt)
		}
	}
	t.values = dtype.Array{DType: vals.DType, Shape: t.valuesShape(vals.Numel()), Data: vals.Data}
	if t.layout == COO {
		if t.indices.DType == idt && t.indices.Data != nil {
			if s := t.SparseDim(); s > 0 {
				t.levels[s-1].Nonunique = !t.coalesced
			}
		} else {
			t.gatherCOOIndices()
		}
	}
	return t.checkBatchesEven()
}

// AutoWidth is 32 when every size and every level's positions fit in
// int32, else 64.
func AutoWidth(shape []int64, levels []Level) int {
	for _, s := range shape {
		if s > math.MaxInt32 {
			return 64
		}
	}
	for i := range levels {
		if levels[i].Crd.Numel() >= math.MaxInt32 || levels[i].Pos.Numel() >= math.MaxInt32 {
			return 64
		}
	}
	return 32
}

// CastIndex converts an integer index array to int32 or int64.
func CastIndex(a dtype.Array, to dtype.DType) dtype.Array {
	if a.DType == to {
		return a
	}
	// Every element is written below: no need to clear the new array.
	out := dtype.Array{DType: to, Shape: append([]int64(nil), a.Shape...), Data: memory.UninitBytes(a.Numel() * int64(to.Size()))}
	var err error
	switch {
	case a.DType == dtype.Int64 && to == dtype.Int32:
		err = kernels.CastIndices(dtype.AsSlice[int32](out), dtype.AsSlice[int64](a))
	case a.DType == dtype.Int32 && to == dtype.Int64:
		err = kernels.CastIndices(dtype.AsSlice[int64](out), dtype.AsSlice[int32](a))
	default:
		for i := range a.Numel() {
			if i&pollMask == 0 { // row pointers of a billion rows take seconds
				cancel.Poll()
			}
			SetIndex(out, i, a.Index(i))
		}
	}
	if err != nil {
		panic(err) // unreachable: out has a's length
	}
	return out
}

// valuesShape is torch's shape of the values array holding total elements.
func (t *Tensor) valuesShape(total int64) []int64 {
	switch t.layout {
	case Strided:
		return append([]int64(nil), t.shape...)
	case CSR, CSC, BSR, BSC:
		inner := dtype.NumelOf(t.DenseShape())
		var blk []int64
		if t.layout.IsBlocked() {
			blk = []int64{t.block[0], t.block[1]}
			inner *= t.block[0] * t.block[1]
		}
		b := t.BatchCount()
		nse := int64(0)
		if b > 0 && inner > 0 {
			nse = total / inner / b
		} else if inner == 0 {
			nse = t.levels[t.CompressedLevel()].Crd.Numel() / max(b, 1)
		}
		s := append(append([]int64(nil), t.shape[:t.batchDim]...), nse)
		return append(append(s, blk...), t.DenseShape()...)
	}
	inner := dtype.NumelOf(t.DenseShape())
	nse := int64(0)
	switch {
	case inner > 0:
		nse = total / inner
	case t.SparseDim() == 0 && len(t.indices.Shape) == 2:
		// No level counts the entries of a COO tensor without sparse dims
		// and empty value blocks: its (0, nse) indices do (0 or 1).
		nse = t.indices.Shape[1]
	default:
		nse = t.lastSparseCount()
	}
	return append([]int64{nse}, t.DenseShape()...)
}

// lastSparseCount is the number of positions of the last coordinate level.
func (t *Tensor) lastSparseCount() int64 {
	nc := coordLevels(t.levels, len(t.shape)-t.denseDim)
	count := int64(1)
	for i := 0; i < nc; i++ {
		l := &t.levels[i]
		switch l.Kind {
		case format.Dense:
			count *= l.Size
		case format.Compressed:
			count = l.Crd.Numel()
		}
	}
	return count
}

// gatherCOOIndices lays the COO levels' crd arrays out as one (sparse_dim, nse)
// array and re-points the levels at its rows, so that indices() is zero-copy.
func (t *Tensor) gatherCOOIndices() {
	s := t.SparseDim()
	if s == 0 { // (0, nse) indices of the tensor's width, no level to re-point
		idt := dtype.Int64
		if t.width == 32 {
			idt = dtype.Int32
		}
		t.indices = dtype.NewArray(idt, []int64{0, t.values.Shape[0]})
		return
	}
	nse := t.levels[0].Crd.Numel()
	idx := dtype.NewArray(t.levels[0].Crd.DType, []int64{int64(s), nse})
	es := int64(idx.DType.Size())
	for d := 0; d < s; d++ {
		row := idx.Data[int64(d)*nse*es : int64(d+1)*nse*es]
		copy(row, t.levels[d].Crd.Data)
		t.levels[d].Crd = dtype.Array{DType: idx.DType, Shape: []int64{nse}, Data: row}
	}
	t.indices = idx
	t.levels[s-1].Nonunique = !t.coalesced
}

// checkBatchesEven enforces torch's rule for batched compressed tensors: the
// same number of stored elements in every batch.
func (t *Tensor) checkBatchesEven() error {
	if !t.layout.IsCompressed() || t.batchDim == 0 {
		return nil
	}
	l := &t.levels[t.CompressedLevel()]
	b := t.BatchCount()
	if b == 0 {
		return nil
	}
	per := (l.Pos.Numel() - 1) / b
	if per == 0 {
		// No compressed dim (size 0): no batch holds an element, however
		// many batches there are (2^40 of them must not be walked).
		return nil
	}
	first := l.Pos.Index(per)
	for k := int64(1); k < b; k++ {
		if got := l.Pos.Index((k+1)*per) - l.Pos.Index(k*per); got != first {
			return errs.Errorf(errs.ErrInvalidArgument, "batched %s tensors need the same number of specified elements in every batch (torch's rule): batch 0 has %d, batch %d has %d", t.layout, first, k, got)
		}
	}
	return nil
}
