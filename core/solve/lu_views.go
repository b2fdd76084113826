package solve

// views holds one square matrix by columns and by rows, each slice's indices
// strictly ascending: the LU path reads both (the factorization and the
// symmetry test the columns, ColAMD and the symmetry test the rows), and a
// canonical CSR or CSC input already is one of them, so one transpose
// builds both instead of the four the steps would make on their own.
type views[T elem] struct {
	byCol, byRow *compressed[T]
}

// viewsOf returns m in both orientations. m is used as it is when its slices
// are strictly ascending; otherwise (unsorted or duplicate indices) the
// orientation it is stored in is rebuilt by a second transpose, which sorts
// and keeps duplicates (the factorization adds them up).
func viewsOf[T elem](m *compressed[T]) views[T] {
	other := m.transposeStorage() // ascending by construction
	same := m
	if !strictlyAscending(m) {
		same = other.transposeStorage()
	}
	if m.byCol {
		return views[T]{byCol: same, byRow: other}
	}
	return views[T]{byCol: other, byRow: same}
}

// strictlyAscending reports whether every slice of m lists its indices in
// strictly increasing order (sorted, no duplicates).
func strictlyAscending[T elem](m *compressed[T]) bool {
	ptr, idx := m.ptr, m.idx
	for j := 0; j+1 < len(ptr); j++ {
		for p := ptr[j] + 1; p < ptr[j+1]; p++ {
			if idx[p] <= idx[p-1] {
				return false
			}
		}
	}
	return true
}

// withoutZeros returns v with its explicitly stored zeros removed from both
// orientations, or v itself when it stores none. LU factors the pattern it
// is given: a stored zero is searched, updated and kept in L like any entry
// (bayer10 stores 23332 of its 94926 entries as zeros), and COLAMD orders
// by the pattern too.
func (v views[T]) withoutZeros() views[T] {
	zeros := 0
	for _, x := range v.byCol.val {
		if x == 0 {
			zeros++
		}
	}
	if zeros == 0 {
		return v
	}
	return views[T]{byCol: v.byCol.withoutZeros(zeros), byRow: v.byRow.withoutZeros(zeros)}
}

// withoutZeros copies m without its zeros, of which there are count. Each
// entry is written and the cursor moves past the nonzero ones only (no
// branch on the value: bayer10's zeros are scattered among its entries);
// the copies hold one spare entry for the last write.
func (m *compressed[T]) withoutZeros(count int) *compressed[T] {
	kept := len(m.idx) - count
	ptr, idx, val := make([]int, len(m.ptr)), make([]int, kept+1), make([]T, kept+1)
	q := 0
	for j := 0; j+1 < len(m.ptr); j++ {
		lo, hi := m.ptr[j], m.ptr[j+1]
		rows, vals := m.idx[lo:hi], m.val[lo:hi:hi]
		for k, x := range vals {
			idx[q], val[q] = rows[k], x
			if x != 0 {
				q++
			}
		}
		ptr[j+1] = q
	}
	return &compressed[T]{rows: m.rows, cols: m.cols, byCol: m.byCol, ptr: ptr, idx: idx[:kept], val: val[:kept]}
}
