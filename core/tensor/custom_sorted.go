package tensor

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ustorage"
)

// SortedNamed is Named's tensor, bit for bit (indices, width, values,
// fill, coalesced), made without a comparison sort where t's format is
// unique: a counting sort of its elements by row (the linearised
// coordinates of every dim but the last), in two walks of the levels (one
// counts each row's elements, the next places each element at its row's
// cursor), then a sort of the last coordinate only inside the rows that
// came out of order. Formats that visit a row's elements in column order
// (CSR-like, column-compressed, blocked, diagonal, delta) have no such row.
// DIA-I and DIA-J are read straight off the diagonals (diaCOOView, as
// Named). A nonunique format (its walk repeats coordinates, which only
// Named sums) or one whose rows far outnumber its elements (the count
// array would outweigh the sort) is Named's. Operators that merge a custom
// operand's elements in row-major order with another pattern read it.
func SortedNamed(t *Tensor) (*Tensor, error) {
	u := t.formatStore()
	if u == nil {
		return t, nil
	}
	if byCol, ok := u.isDIA(t); ok {
		form, err := diaCOOView(t, IndexInts(u.Crd[0]), u.Values, byCol, u.storeWidth())
		if err != nil {
			return nil, err
		}
		return namedOf(t, form), nil
	}
	rows, ok := sortedRows(t)
	if !ok || !u.Format.IsUnique() {
		return Named(t)
	}
	var form *Tensor
	var err error
	if width := max(u.storeWidth(), AutoWidth(t.shape, nil)); width == 32 {
		form, err = countingCOO[int32](t, u, rows, width)
	} else {
		form, err = countingCOO[int64](t, u, rows, width)
	}
	if err != nil {
		return nil, err
	}
	return namedOf(t, form), nil
}

// sortedRows is the number of rows SortedNamed counts t's elements into
// (the product of every dim but the last), ok when that count array is no
// larger than a few of t's values arrays: else the sort is cheaper.
func sortedRows(t *Tensor) (int64, bool) {
	nd := len(t.shape)
	if nd == 0 || t.denseDim != 0 {
		return 0, false
	}
	rows, ok := int64(1), true
	for _, s := range t.shape[:nd-1] {
		if rows, ok = errs.MulChecked(rows, s); !ok {
			return 0, false
		}
	}
	return rows, rows <= 4*t.ust.Values.Numel()+4096
}

// namedOf is the COO tensor Named makes of t, form's levels, values and
// indices under t's dims, fill and block.
func namedOf(t, form *Tensor) *Tensor {
	c := &Tensor{layout: COO, dtype: t.dtype, shape: t.shape, batchDim: t.batchDim, denseDim: t.denseDim, block: t.block,
		fill: t.fill, slots: t.slots, undef: t.undef, coalesced: true}
	c.levels, c.values, c.indices, c.width = form.levels, form.values, form.indices, form.width
	return c
}

// countingCOO is SortedNamed's counting sort of the elements of t (of
// storage u) into rows rows, its coordinates of type W (width bits).
func countingCOO[W int32 | int64](t *Tensor, u *ustStore, rows int64, width int) (*Tensor, error) {
	nd := len(t.shape)
	s, nvals := u.structure(t), u.Values.Numel()
	if err := errs.CheckAlloc("the row counts of a custom-format tensor's elements", rows+1, 8); err != nil {
		return nil, err
	}
	start := make([]int64, rows+1)
	row := func(dim []int64) int64 { // the linearised coordinates of every dim but the last
		r := int64(0)
		for d, c := range dim[:nd-1] {
			r = r*t.shape[d] + c
		}
		return r
	}
	if err := ustorage.Walk(s, nvals, func(dim []int64, _ int64) { start[row(dim)+1]++ }); err != nil {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%v", err)
	}
	for r := int64(1); r <= rows; r++ {
		start[r] += start[r-1]
	}
	n := start[rows]
	if err := errs.CheckAlloc("the COO tensor of a custom-format tensor's elements", n, nd*(width/8)+8+t.dtype.Size()); err != nil {
		return nil, err
	}
	idx := make([]W, int64(nd)*n) // the COO indices (nd, n): each dim's row is its level's crd
	coords := make([][]W, nd)
	for d := range coords {
		coords[d] = idx[int64(d)*n : int64(d+1)*n]
	}
	src := make([]int64, n)
	at := start[:rows] // each row's cursor, from its start: start[r] ends as row r+1's start
	err := ustorage.Walk(s, nvals, func(dim []int64, p int64) {
		r := row(dim)
		k := at[r]
		at[r]++
		for d, c := range dim {
			coords[d][k] = W(c)
		}
		src[k] = p
	})
	if err != nil {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%v", err)
	}
	sortRows(coords[nd-1], src, start[:rows])
	spec := FormatSpec{Layout: COO, Shape: slices.Clone(t.shape), Block: [2]int64{1, 1}}
	levels := spec.Levels()
	for d := range coords {
		levels[d].Crd = dtype.IndexView(coords[d])
	}
	levels[0].Pos = dtype.IndexView([]W{0, W(n)})
	indices := dtype.IndexView(idx)
	indices.Shape = []int64{int64(nd), n}
	cv := dtype.UninitArray(t.dtype, []int64{n})
	moveElems(cv, u.Values, nil, src)
	return Assemble(Parts{Spec: spec, Levels: levels, Indices: indices, Values: cv, Fill: append([]byte(nil), t.scalarFill()...), Coalesced: true, Width: width})
}

// sortRows sorts, inside each row (ending at ends[r], after the walk's
// placing), the elements whose last coordinates came out of order, their
// slots with them: rows already in order are only read.
func sortRows[W int32 | int64](col []W, src []int64, ends []int64) {
	from := int64(0)
	for _, to := range ends {
		pollAt(to)
		if !slices.IsSorted(col[from:to]) {
			sortRow(col[from:to], src[from:to])
		}
		from = to
	}
}

// sortRow sorts one row's last coordinates (unique within it) with their
// slots.
func sortRow[W int32 | int64](col []W, src []int64) {
	idx := make([]int, len(col))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return int(col[a]) - int(col[b]) })
	c, s := slices.Clone(col), slices.Clone(src)
	for i, j := range idx {
		col[i], src[i] = c[j], s[j]
	}
}
