package tensor

import "github.com/gosparse/gosparse/core/dtype"

// CompressedArrays returns the index arrays of a compressed tensor by its
// layout: crow_indices and col_indices for a row-major one (CSR, BSR),
// ccol_indices and row_indices otherwise (CSC, BSC).
func CompressedArrays(t *Tensor) (comp, plain dtype.Array, err error) {
	if t.Layout().RowMajor() {
		if comp, err = t.CrowIndices(); err == nil {
			plain, err = t.ColIndices()
		}
	} else if comp, err = t.CcolIndices(); err == nil {
		plain, err = t.RowIndices()
	}
	return comp, plain, err
}
