package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
)

// A ragged batch is a batch of CSR matrices whose batches store different
// numbers of entries (torch's batched CSR needs the same nse in each). It is
// no new layout but the custom format
//
//	(b, i, j) -> (b : dense, i : dense, j : compressed)
//
// (any number of leading dense batch dims): the batch dims are dense levels,
// not batch levels, so the compressed level's pos runs over every batch's
// rows at once, one array of batches*rows + 1 offsets into one crd and one
// values array. That is the storage the level model already gives a batched
// CSR inside (its pos is global too), so the batched CSR kernels run on it
// unchanged: batch k is the CSR matrix of pos[k*rows : (k+1)*rows+1] over the
// global crd and values, and torch's per-batch crow_indices are those slices
// less pos[k*rows]. Being a custom format, every operator accepts it (through
// a COO tensor of its elements made per call, Named); the operators that pay (bmm, baddbmm,
// element-wise maps, sum, softmax, select of a batch) read its arrays
// directly through RaggedOf.

// RaggedFormat is the format of a ragged batch of nd >= 3 dims: dense levels
// for the nd-1 leading dims, a compressed level for the last.
func RaggedFormat(nd int) format.Format {
	f := format.Format{Dims: make([]string, nd), Levels: make([]format.Level, nd)}
	for d := range nd {
		f.Dims[d] = format.DimName(d)
		f.Levels[d] = format.Level{Expr: format.Expr{A: format.DimName(d)}, Kind: format.Dense}
	}
	f.Levels[nd-1].Kind = format.Compressed
	return f
}

// Ragged is the storage of a ragged batch, aliasing the tensor's arrays
// (which must not be modified).
type Ragged struct {
	Batches, Rows, Cols int64       // Batches is the product of the batch dims
	Pos                 dtype.Array // Batches*Rows + 1 offsets, int32 or int64
	Crd                 dtype.Array // column of each entry, Pos's dtype
	Values              dtype.Array // (nnz,), entry by entry
}

// BatchPos views the Rows + 1 offsets of batch k (global offsets into Crd and Values).
func (r Ragged) BatchPos(k int64) dtype.Array {
	es := int64(r.Pos.DType.Size())
	return dtype.Array{DType: r.Pos.DType, Shape: []int64{r.Rows + 1}, Data: r.Pos.Data[k*r.Rows*es : ((k+1)*r.Rows+1)*es]}
}

// RaggedOf returns t's storage when t is a ragged batch with a scalar fill
// (of RaggedFormat, its pos and crd of one index dtype); ok is false for
// every other tensor, which then takes the operators' general paths.
func RaggedOf(t *Tensor) (Ragged, bool) {
	u := t.formatStore()
	nd := len(t.shape)
	if u == nil || nd < 3 || t.PerSlotFill() || t.undef || !PositionalNames(u.Format).Equal(RaggedFormat(nd)) {
		return Ragged{}, false
	}
	pos, crd := u.Pos[nd-1], u.Crd[nd-1]
	if pos.DType != crd.DType || pos.Data == nil || u.Values.Numel() != crd.Numel() || t.layout != COO {
		return Ragged{}, false
	}
	rows := t.shape[nd-2]
	return Ragged{Batches: dtype.NumelOf(t.shape[:nd-2]), Rows: rows, Cols: t.shape[nd-1], Pos: pos, Crd: crd, Values: u.Values}, true
}

// NewRagged builds the ragged batch of the given shape (nd >= 3) from its
// storage, checked (pos starting at 0, never decreasing, ending at nnz;
// columns in range, ascending within each row): pos (batches*rows + 1) and
// crd (nnz) int32 or int64 of one dtype, values (nnz,). The tensor keeps
// the arrays as its storage (of their index width); the caller must not
// modify them afterwards.
func NewRagged(shape []int64, pos, crd, values dtype.Array) (*Tensor, error) {
	nd := len(shape)
	if nd < 3 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "size %v: a ragged batch has at least 3 dims (batch, rows, columns)", shape)
	}
	if pos.DType != crd.DType {
		return nil, errs.Errorf(errs.ErrDType, "pos and crd must have one index dtype, got %s and %s", pos.DType, crd.DType)
	}
	f := RaggedFormat(nd)
	ps, cs := make([]dtype.Array, nd), make([]dtype.Array, nd)
	ps[nd-1], cs[nd-1] = pos, crd
	c, err := CheckUST(f, shape, ps, cs, values, true)
	if err != nil {
		return nil, err
	}
	t, _ := c.Custom() // a ragged format is no named layout's
	return t, nil
}

// RaggedWithValues is the ragged batch t (RaggedOf(t) ok) with its structure
// shared and new values vals ((nnz,) of dtype d, entry by entry as t's) and
// fill value fill: the result of an operation that keeps the pattern
// (element-wise maps, softmax per row), built with no copy of the structure.
func RaggedWithValues(t *Tensor, d dtype.DType, vals dtype.Array, fill []byte) *Tensor {
	// The result holds the storage only, like t.
	u := t.ust
	c := newCustomShell(d, t.shape, fill)
	c.ust = &ustStore{owner: c, UST: UST{Format: u.Format, LevelSizes: u.LevelSizes, Pos: u.Pos, Crd: u.Crd, Values: vals}}
	return c
}
