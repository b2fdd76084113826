package linalg

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// The DIA fast path: a custom-format tensor stored as DIA-I ((i, j) -> (j -
// i : compressed, i : range)) or DIA-J ((i, j) -> (j - i : compressed, j :
// range)) multiplies a dense vector or matrix straight from its storage
// (the offsets and the padded diagonals, no column index) instead of
// through its COO form: on the 2-D Laplacian that reads 8 bytes a stored
// value (plus padding) against CSR's 12. The anti-diagonal formats
// ANTI-DIA-I ((i, j) -> (i + j : compressed, i : range)) and ANTI-DIA-J
// (j : range) take the same path. It serves float32 and float64 with a zero
// fill; everything else takes the general path.

// diaFormat is a format the fast path reads, with the kernels' flags for it.
type diaFormat struct {
	f           format.Format
	byCol, anti bool
}

// diaFormats are the formats the fast path reads, compared by position
// (dimension names aside).
var diaFormats = []diaFormat{
	{tensor.DiaIFormat, false, false},
	{tensor.DiaJFormat, true, false},
	{format.AntiDIAI(), false, true},
	{format.AntiDIAJ(), true, true},
}

// diaView returns the kernels' view of t's storage, and false when t is no
// DIA-I, DIA-J, ANTI-DIA-I or ANTI-DIA-J tensor of dtype V with a zero
// fill.
func diaView[V float32 | float64](t *tensor.Tensor) (kernels.DIA[V], bool) {
	if t.Layout() != tensor.Custom || len(t.Dims()) != 2 || !mvZeroFill(t.FillElem()) {
		return kernels.DIA[V]{}, false
	}
	u, err := t.USTStorage() // its own storage: no copy
	if err != nil {
		return kernels.DIA[V]{}, false
	}
	g := tensor.PositionalNames(u.Format)
	k := slices.IndexFunc(diaFormats, func(d diaFormat) bool { return g.Equal(d.f) })
	if k < 0 {
		return kernels.DIA[V]{}, false
	}
	byCol, anti := diaFormats[k].byCol, diaFormats[k].anti
	pos, crd := tensor.IndexInts(u.Pos[0]), tensor.IndexInts(u.Crd[0])
	if len(pos) != 2 || pos[0] < 0 || pos[0] > pos[1] || pos[1] > int64(len(crd)) {
		return kernels.DIA[V]{}, false // the checked storage always has this shape
	}
	return kernels.DIA[V]{Rows: int(t.Dims()[0]), Cols: int(t.Dims()[1]), Offsets: crd[pos[0]:pos[1]],
		Stride: int(u.LevelSizes[1]), Val: dtype.AsSlice[V](u.Values), ByCol: byCol, Anti: anti}, true
}

// isDIA reports whether t takes the DIA fast path of the matrix products.
func isDIA(t *tensor.Tensor) bool {
	switch t.DType() {
	case dtype.Float64:
		_, ok := diaView[float64](t)
		return ok
	case dtype.Float32:
		_, ok := diaView[float32](t)
		return ok
	}
	return false
}

// diaSpMM sets out (m x n) = alpha * a @ b for a DIA tensor a (isDIA) and
// dense row-major b (k x n); alpha is narrowed to a's dtype.
func diaSpMM(op string, alpha dtype.Scalar, a *tensor.Tensor, b dtype.Array, n int64, out dtype.Array) error {
	switch a.DType() {
	case dtype.Float64:
		v, _ := diaView[float64](a)
		return kernelErr(op, kernels.SpMMDIA(alpha.Re(), v, dtype.AsSlice[float64](b), int(n), 0, dtype.AsSlice[float64](out)))
	default:
		v, _ := diaView[float32](a)
		return kernelErr(op, kernels.SpMMDIA(float32(alpha.Re()), v, dtype.AsSlice[float32](b), int(n), 0, dtype.AsSlice[float32](out)))
	}
}
