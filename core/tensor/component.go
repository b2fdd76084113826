package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// Comp names one of torch's component arrays of a sparse tensor. Its values
// equal the C ABI's gs_component (GS_COMP_VALUES ... GS_COMP_RAW_VALUES).
type Comp int32

// The components, by torch's accessor names.
const (
	CompValues      Comp = iota // values(): every layout; refuses an uncoalesced COO tensor
	CompIndices                 // indices(): a coalesced COO tensor's (sparse_dim, nse)
	CompRawIndices              // _indices(): a COO tensor's, coalesced or not
	CompCrowIndices             // crow_indices(): CSR, BSR (*batch, rows + 1)
	CompColIndices              // col_indices(): CSR, BSR (*batch, nse)
	CompCcolIndices             // ccol_indices(): CSC, BSC (*batch, cols + 1)
	CompRowIndices              // row_indices(): CSC, BSC (*batch, nse)
	CompRawValues               // _values(): every layout, coalesced or not
)

var compNames = []string{"values", "indices", "_indices", "crow_indices", "col_indices", "ccol_indices", "row_indices", "_values"}

// String returns torch's name of the component ("crow_indices").
func (c Comp) String() string {
	if c >= 0 && int(c) < len(compNames) {
		return compNames[c]
	}
	return "component(" + Itoa(int64(c)) + ")"
}

// Component returns t's component c as torch's accessor of that name does,
// refusing a layout that has none (crow_indices of a COO tensor) and, for
// values and indices, an uncoalesced COO tensor. The array aliases t's
// storage except a batched tensor's crow_indices/ccol_indices (per-batch
// offsets, computed). A custom-format tensor answers from a per-call Named
// COO tensor. The operators read Values, Indices and Levels instead.
func Component(t *Tensor, c Comp) (dtype.Array, error) {
	t = t.named()
	switch c {
	case CompValues:
		if t.layout == COO && !t.coalesced {
			return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument, "values: Cannot get values on an uncoalesced tensor, please call .coalesce() first")
		}
		return t.values, nil
	case CompRawValues:
		return t.values, nil
	case CompIndices, CompRawIndices:
		if t.layout != COO {
			return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument, "%s: expected a sparse_coo tensor, got %s", c, t.layout)
		}
		if c == CompIndices && !t.coalesced {
			return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument, "indices: Cannot get indices on an uncoalesced tensor, please call .coalesce() first")
		}
		return t.indices, nil
	case CompCrowIndices, CompCcolIndices:
		return t.compressedIndices(c.String(), c == CompCrowIndices)
	case CompColIndices, CompRowIndices:
		return t.plainIndices(c.String(), c == CompColIndices)
	}
	return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument, "component %d is not one of values, indices, _indices, crow_indices, col_indices, ccol_indices, row_indices, _values", int32(c))
}

// checkCompressedAccess refuses a component of the compressed layouts
// (name) on a tensor of another layout or of the other orientation.
func (t *Tensor) checkCompressedAccess(name string, rowMajor bool) error {
	want := "sparse_csr or sparse_bsr"
	if !rowMajor {
		want = "sparse_csc or sparse_bsc"
	}
	if !t.layout.IsCompressed() || t.layout.RowMajor() != rowMajor {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: expected a %s tensor, got %s", name, want, t.layout)
	}
	return nil
}

// compressedIndices turns the global pos array of the compressed level into
// torch's per-batch offsets (a copy when batched, an alias otherwise).
func (t *Tensor) compressedIndices(name string, rowMajor bool) (dtype.Array, error) {
	if err := t.checkCompressedAccess(name, rowMajor); err != nil {
		return dtype.Array{}, err
	}
	pos := t.levels[t.CompressedLevel()].Pos
	if t.batchDim == 0 {
		return pos, nil
	}
	b := t.BatchCount()
	n := (pos.Numel() - 1) / max(b, 1)
	nse := t.NNZ()
	shape := append(append([]int64(nil), t.shape[:t.batchDim]...), n+1)
	out := dtype.NewArray(pos.DType, shape)
	for k := int64(0); k < b; k++ {
		for i := int64(0); i <= n; i++ {
			SetIndex(out, k*(n+1)+i, pos.Index(k*n+i)-k*nse)
		}
	}
	return out, nil
}

// plainIndices returns the crd array of the compressed level shaped (*batch, nse).
func (t *Tensor) plainIndices(name string, rowMajor bool) (dtype.Array, error) {
	if err := t.checkCompressedAccess(name, rowMajor); err != nil {
		return dtype.Array{}, err
	}
	crd := t.levels[t.CompressedLevel()].Crd
	shape := append(append([]int64(nil), t.shape[:t.batchDim]...), t.NNZ())
	return dtype.Array{DType: crd.DType, Shape: shape, Data: crd.Data}, nil
}
