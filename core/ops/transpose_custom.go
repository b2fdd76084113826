package ops

import "github.com/gosparse/gosparse/core/tensor"

// permuteCustom permutes a custom-format tensor's dims as a relabelling of
// its format (tensor.CustomPermuted): the storage does not move, the result
// keeps a format (DIA-I transposed indexes its diagonals by column, as
// DIA-J), and no COO form is built or permuted. ok is false for a tensor
// that is not custom and where the permuted format is a named layout, which
// takes Permute's other paths. A CSF tensor is relabelled the same way
// (tensor.CSFPermuted): its transpose is the custom format of its levels.
func permuteCustom(t *tensor.Tensor, perm []int) (*tensor.Tensor, bool, error) {
	if t.Layout() == tensor.CSF {
		return tensor.CSFPermuted(t, perm)
	}
	if t.Layout() != tensor.Custom {
		return nil, false, nil
	}
	r, ok := tensor.CustomPermuted(t, perm)
	return r, ok, nil
}
