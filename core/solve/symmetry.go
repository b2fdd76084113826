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

// symmetryOfViews compares a square matrix with its transpose, reading its
// two sorted orientations side by side.
func symmetryOfViews[T elem](v views[T]) symmetry {
	byCol, byRow := v.byCol, v.byRow
	// Column j of byCol is A[:, j]; slice j of byRow is A[j, :].
	s := symmetry{zeroFreeDiagonal: true, hermitian: true}
	n := byCol.cols
	for j := 0; j < n; j++ {
		p, pe := byCol.ptr[j], byCol.ptr[j+1]
		q, qe := byRow.ptr[j], byRow.ptr[j+1]
		diag := false
		for p < pe || q < qe {
			var i, k int = n, n
			if p < pe {
				i = byCol.idx[p]
			}
			if q < qe {
				k = byRow.idx[q]
			}
			switch {
			case i == k:
				if i == j {
					v := byCol.val[p]
					diag = v != 0
					if realPart(v) <= 0 || v != conj(v) {
						s.hermitian = false
					}
				} else {
					s.offDiagonal++
					s.matched++
					if byCol.val[p] != conj(byRow.val[q]) {
						s.hermitian = false
					}
				}
				p++
				q++
			case i < k:
				s.offDiagonal++
				s.hermitian = false
				p++
			default:
				q++ // counted from its own column
				s.hermitian = false
			}
		}
		if !diag {
			s.zeroFreeDiagonal = false
			s.hermitian = false
		}
	}
	return s
}
