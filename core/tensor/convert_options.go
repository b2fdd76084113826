package tensor

// ConvertOptions parameterise core/convert's ToLayout (NamedLayoutOf and
// CheckUST give a named format's).
type ConvertOptions struct {
	// DenseDim is the number of trailing dense (hybrid) dims of the result;
	// -1 keeps the source's (0 from a strided source).
	DenseDim int
	// SparseDim, for COO and CSF results, fixes the number of sparse dims
	// (torch's to_sparse(sparse_dim)); -1 for all non-dense dims.
	SparseDim int
	// BlockSize is the block of BSR/BSC results.
	BlockSize [2]int64
	// IndexWidth is 32 or 64, or 0 for int32 wherever everything fits.
	IndexWidth int
}

// DefaultConvert is ConvertOptions with every field at its default.
func DefaultConvert() ConvertOptions { return ConvertOptions{DenseDim: -1, SparseDim: -1} }
