package tensor

import "github.com/gosparse/gosparse/core/dtype"

// CompressedArrays returns the index arrays of a compressed tensor by its
// layout: crow_indices and col_indices for a row-major one (CSR, BSR),
// ccol_indices and row_indices otherwise (CSC, BSC).
func CompressedArrays(t *Tensor) (comp, plain dtype.Array, err error) {
	if t.Layout().RowMajor() {
		if comp, err = Component(t, CompCrowIndices); err == nil {
			plain, err = Component(t, CompColIndices)
		}
	} else if comp, err = Component(t, CompCcolIndices); err == nil {
		plain, err = Component(t, CompRowIndices)
	}
	return comp, plain, err
}
