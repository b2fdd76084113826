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
