package solve

// symmetry describes how symmetric a square matrix is, for the choices
// Splu and Spsolve make by themselves.
type symmetry struct {
	// offDiagonal entries are stored off the diagonal, matched of them have
	// their mirror entry stored too.
	offDiagonal, matched int
	// zeroFreeDiagonal: every diagonal entry is stored and nonzero.
	zeroFreeDiagonal bool
	// hermitian: A equals its conjugate transpose and its diagonal is real
	// and positive (the matrices worth a Cholesky attempt, as MATLAB's
	// backslash decides).
	hermitian bool
}

// nearlySymmetric is the rule for a symmetric ordering (UMFPACK's
// symmetric strategy uses the same kind of test): at least half the
// off-diagonal entries mirrored and a zero-free diagonal.
func (s symmetry) nearlySymmetric() bool {
	return s.zeroFreeDiagonal && s.mostlyMirrored()
}

// mostlyMirrored reports that at least half the off-diagonal entries are
// mirrored.
func (s symmetry) mostlyMirrored() bool { return 2*s.matched >= s.offDiagonal }

// symmetryOf compares the square matrix m with its transpose (O(nnz)).
func symmetryOf[T elem](m *compressed[T]) symmetry {
	return symmetryOfViews(viewsOf(m))
}

// symmetryOfViews compares a square matrix with its transpose: the rows of
// column j are marked with their positions, then the columns of row j are
// looked up there. (A merge of the two sorted lists branched on every entry
// the other way at random on a matrix far from symmetric: bayer10 took ~58
// instructions an entry.)
func symmetryOfViews[T elem](v views[T]) symmetry {
	byCol, byRow := v.byCol, v.byRow
	// Column j of byCol is A[:, j]; slice j of byRow is A[j, :].
	s := symmetry{zeroFreeDiagonal: true, hermitian: true}
	n := byCol.cols
	// at[i] is where A[i, j] lies in byCol while column j is read: a
	// position left by an earlier column lies before column j's start.
	at := make([]int, n)
	for i := range at {
		at[i] = -1
	}
	for j := 0; j < n; j++ {
		lo, hi := byCol.ptr[j], byCol.ptr[j+1]
		for p, i := range byCol.idx[lo:hi] {
			at[i] = lo + p
		}
		s.offDiagonal += hi - lo
		if p := at[j]; p >= lo {
			s.offDiagonal--
			d := byCol.val[p]
			if d == 0 {
				s.zeroFreeDiagonal = false
			}
			if realPart(d) <= 0 || d != conj(d) {
				s.hermitian = false
			}
		} else {
			s.zeroFreeDiagonal, s.hermitian = false, false
		}
		rlo, rhi := byRow.ptr[j], byRow.ptr[j+1]
		vals := byRow.val[rlo:rhi]
		for q, k := range byRow.idx[rlo:rhi] {
			if p := at[k]; p >= lo && k != j {
				s.matched++ // A[j, k] and A[k, j]
				if byCol.val[p] != conj(vals[q]) {
					s.hermitian = false
				}
			}
		}
	}
	if s.matched != s.offDiagonal {
		s.hermitian = false // an entry without its mirror
	}
	return s
}
