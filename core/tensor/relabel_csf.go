package tensor

import "github.com/gosparse/gosparse/core/format"

// CSFRelabelledFormat returns the format of CSF tensor t with its dims
// permuted by perm (every level keeps its expression and its arrays), and
// false where t is not an unbatched CSF without dense dims and with a
// scalar fill, perm does not fit it, or the permuted format is a named
// layout's (the identity: CSF itself). CSFPermuted builds what it describes.
func CSFRelabelledFormat(t *Tensor, perm []int) (format.Format, bool) {
	if t.layout != CSF || t.batchDim != 0 || t.denseDim != 0 || t.PerSlotFill() || t.undef || len(perm) != len(t.shape) {
		return format.Format{}, false
	}
	f := t.Format().Clone()
	for d, p := range perm {
		f.Dims[d] = t.Format().Dims[p]
	}
	if _, _, named := NamedLayoutOf(f); named {
		return format.Format{}, false
	}
	return PositionalNames(f), true
}

// CSFPermuted returns a CSF tensor t with its dims permuted (dim d of the
// result is dim perm[d] of t) as a relabelling of its format, as
// CustomPermuted does for a custom format: the levels keep their order and
// their arrays, shared, and the result is the custom format whose dims list
// is permuted ((i, j, k) -> (i : compressed, j : compressed, k : compressed)
// with j and k swapped reads its levels as i, k, j). ok is false where
// CSFRelabelledFormat is.
func CSFPermuted(t *Tensor, perm []int) (*Tensor, bool, error) {
	f, ok := CSFRelabelledFormat(t, perm)
	if !ok {
		return nil, false, nil
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, false, err
	}
	shape := make([]int64, len(perm))
	for d, p := range perm {
		shape[d] = t.shape[p]
	}
	r, err := WrapFormat(f, shape, u.Pos, u.Crd, u.Values)
	if err != nil {
		return nil, false, err
	}
	if !AllZero(t.scalarFill()) {
		r, err = WithFill(r, t.scalarFill())
	}
	return r, true, err
}
