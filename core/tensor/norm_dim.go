package tensor

import "github.com/gosparse/gosparse/core/errs"

// NormDim resolves a possibly negative dim against ndim, naming arg on error.
// A 0-d tensor takes dim 0 and -1 (both 0), as torch's dim wrapping reads
// it as 1-d; an op that cannot apply to it refuses it itself.
func NormDim(arg string, dim, ndim int) (int, error) {
	if ndim == 0 {
		ndim = 1
	}
	if dim < -ndim || dim >= ndim {
		return 0, errs.Errorf(errs.ErrIndex, "%s: Dimension out of range (expected to be in range of [%d, %d], but got %d)", arg, -ndim, ndim-1, dim)
	}
	if dim < 0 {
		dim += ndim
	}
	return dim, nil
}
