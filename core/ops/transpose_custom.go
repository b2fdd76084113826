package ops

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/tensor"
)

// permuteCustom permutes a custom-format tensor's dims as a relabelling of
// its format (tensor.CustomPermuted): the storage does not move, the result
// keeps a format (DIA-I transposed indexes its diagonals by column, as
// DIA-J), and no COO form is built or permuted. Where the permuted format
// is a compressed layout's, that layout's tensor shares the storage's
// arrays (BSR with column-major blocks transposed is a BSC, from the same
// call); where it is another named layout's, that layout's tensor is
// converted from the storage (convert.CustomPermutedNamed). A CSF tensor
// is relabelled the same way (tensor.CSFPermuted): its transpose is the
// custom format of its levels.
// ok is false for a tensor of any other layout.
func permuteCustom(t *tensor.Tensor, perm []int) (*tensor.Tensor, bool, error) {
	if t.Layout() == tensor.CSF {
		return tensor.CSFPermuted(t, perm)
	}
	if t.Layout() != tensor.Custom {
		return nil, false, nil
	}
	if r, ok, err := tensor.CustomPermuted(t, perm); ok || err != nil {
		return r, ok, err
	}
	return convert.CustomPermutedNamed(t, perm)
}

// permuteOrName is perm applied to t's own storage where permuteCustom has a
// path for t's format (r non-nil); otherwise named is what the named-layout
// paths read: Named(t), t's elements made for this call.
func permuteOrName(t *tensor.Tensor, perm []int) (r, named *tensor.Tensor, err error) {
	if r, ok, err := permuteCustom(t, perm); ok || err != nil {
		return r, nil, err
	}
	named, err = tensor.Named(t)
	return nil, named, err
}
