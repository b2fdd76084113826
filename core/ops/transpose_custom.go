package ops

import "github.com/gosparse/gosparse/core/tensor"

// permuteCustom permutes a custom-format tensor's dims as a relabelling of
// its format (tensor.CustomPermuted): the storage does not move, the result
// keeps a format (DIA-I transposed indexes its diagonals by column, as
// DIA-J). Its COO form is the input's permuted (coalesced), while custom
// tensors keep one. ok is false for a tensor that is not custom and where the
// permuted format is a named layout, which takes Permute's other paths.
func permuteCustom(t *tensor.Tensor, perm []int) (*tensor.Tensor, bool, error) {
	if t.Layout() != tensor.Custom {
		return nil, false, nil
	}
	return tensor.CustomPermuted(t, perm, func(coo *tensor.Tensor) (*tensor.Tensor, error) {
		r, err := Permute(coo, perm)
		if err != nil || r.IsCoalesced() {
			return r, err
		}
		return tensor.Coalesce(r)
	})
}
