package convert

import (
	"github.com/gosparse/gosparse/core/tensor"
)

// CustomPermutedNamed returns custom-format t with its dims permuted as the
// tensor of the named layout its relabelled format is
// (tensor.NamedRelabelledFormat): a compressed layout (BSR column-major^T
// is BSC) reads t's storage arrays as its index arrays and shares the
// values (tensor.CustomPermutedCompressed), no entry sorted or moved; the
// other layouts are converted from the storage read in the relabelled
// format (WrapFormat's named case: a copy), t's fill carried. ok is false
// where NamedRelabelledFormat is.
func CustomPermutedNamed(t *tensor.Tensor, perm []int) (*tensor.Tensor, bool, error) {
	if r, ok, err := tensor.CustomPermutedCompressed(t, perm); ok {
		return r, true, err
	}
	f, ok := tensor.NamedRelabelledFormat(t, perm)
	if !ok {
		return nil, false, nil
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, false, err
	}
	dims := t.Dims()
	shape := make([]int64, len(perm))
	for d, p := range perm {
		shape[d] = dims[p]
	}
	r, err := WrapFormat(f, shape, u.Pos, u.Crd, u.Values)
	if err != nil {
		return nil, false, err
	}
	if fill := t.FillElem(); !tensor.AllZero(fill) {
		r, err = tensor.WithFill(r, fill)
	}
	return r, true, err
}
