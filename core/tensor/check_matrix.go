package tensor

import "github.com/gosparse/gosparse/core/errs"

// CheckPlainMatrix requires a to be a 2-D matrix without batch or dense
// dimensions (the operand the solvers and the spectral methods take),
// naming arg in the error.
func CheckPlainMatrix(arg string, a *Tensor) error {
	if a == nil {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: must not be null", arg)
	}
	if a.NDim() != 2 {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: expected a 2-D matrix, got shape %v", arg, a.Dims())
	}
	if a.BatchDim() != 0 || a.DenseDim() != 0 {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: expected a matrix without batch or dense dimensions, got %d batch and %d dense", arg, a.BatchDim(), a.DenseDim())
	}
	return nil
}
