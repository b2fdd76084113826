package linalg

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
)

// Matmul returns a @ b under torch.matmul's rules for tensors of 1 to 3
// dims: two vectors give their dot product (a 0-d dense tensor); a matrix
// and a vector the matrix-vector product; two matrices Mm's product (sparse
// @ sparse stays sparse, anything with a dense operand is dense); a 3-D
// operand makes a batched product (Bmm), the other operand repeated over the
// batch when it has fewer dims. A 1-D operand is a row (left) or column
// (right) whose dim is removed from the result. Sparse vectors are densified.
func Matmul(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	// Two strided matrices of one float dtype: the kernel, directly.
	if r, ok, err := stridedMatmul("matmul", a, b); ok {
		return r, err
	}
	// A matrix times a vector is mv (a 1-D result, as torch's): its fast path
	// serves the call of an iterative solver's loop.
	if r, ok, err := mvFast(a, b, nil); ok {
		return r, err
	}
	return inComputeDType("matmul", []*tensor.Tensor{a, b}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return matmulNative(ts[0], ts[1]) })
}

// matmulNative is Matmul on operands already in one compute dtype
// (inComputeDType promoted and widened them).
func matmulNative(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	const op = "matmul"
	if err := checkTensor(op, 1, "input", a, 1, 2, 3); err != nil {
		return nil, err
	}
	if err := checkTensor(op, 2, "other", b, 1, 2, 3); err != nil {
		return nil, err
	}
	if err := checkSameDType(op, 2, "other", b, a.DType(), "input"); err != nil {
		return nil, err
	}
	da, db := len(a.Dims()), len(b.Dims())
	if da == 2 && db == 1 && a.Layout() != tensor.Strided && b.Layout() != tensor.Strided && a.Dims()[1] == b.Dims()[0] {
		// mv's route, which visits the pairs both store where a holds an
		// infinity or a NaN (vectorAsMatrix would densify b).
		return addmvNative(op, nil, a, b, dtype.IntScalar(0), dtype.IntScalar(1), nil)
	}
	var err error
	A, B := a, b
	if da == 1 {
		if A, err = vectorAsMatrix(a, true); err != nil {
			return nil, err
		}
	}
	if db == 1 {
		if B, err = vectorAsMatrix(b, false); err != nil {
			return nil, err
		}
	}
	ka, kb := A.Dims()[len(A.Dims())-1], B.Dims()[len(B.Dims())-2]
	if ka != kb {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: expected dim %d size %d (the last dim of input), got %d: input and other shapes cannot be multiplied (%v and %v)",
			arg(op, 2, "other"), max(db-2, 0), ka, kb, a.Dims(), b.Dims())
	}
	var r *tensor.Tensor
	if da == 3 && len(B.Dims()) == 2 && B.Layout() == tensor.Strided && formatPath(A) {
		r, err = formatBatched(op, A, B)
	} else if da <= 2 && db <= 2 {
		r, err = mmNative(op, A, B, nil)
	} else {
		nb := A.Dims()[0]
		if len(A.Dims()) == 2 {
			nb = B.Dims()[0]
		}
		if A, err = repeat(A, nb); err != nil {
			return nil, err
		}
		if B, err = repeat(B, nb); err != nil {
			return nil, err
		}
		if B.Dims()[0] != nb {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: expected batch size %d (the batch size of input), got %d", arg(op, 2, "other"), nb, B.Dims()[0])
		}
		r, err = bmmNative(op, A, B)
	}
	if err != nil || (da != 1 && db != 1) {
		return r, err
	}
	// Drop the dims that the vectors stood in for (r is dense here).
	dims := slices.Clone(r.Dims())
	nd := len(dims)
	shape := dims[: nd-2 : nd-2]
	if da != 1 {
		shape = append(shape, dims[nd-2])
	}
	if db != 1 {
		shape = append(shape, dims[nd-1])
	}
	return wrapStrided(r.Values(), shape...)
}

// vectorAsMatrix turns a 1-D tensor (k) into a dense row (1, k) or column (k, 1).
func vectorAsMatrix(t *tensor.Tensor, row bool) (*tensor.Tensor, error) {
	d, err := denseData(t)
	if err != nil {
		return nil, err
	}
	k := t.Dims()[0]
	if row {
		return wrapStrided(d, 1, k)
	}
	return wrapStrided(d, k, 1)
}

// repeat returns a 3-D tensor as it is and repeats a 2-D one nb times
// along a new leading batch dim (dense data copied; sparse entries repeated
// as a 3-D COO tensor).
func repeat(t *tensor.Tensor, nb int64) (*tensor.Tensor, error) {
	if len(t.Dims()) == 3 {
		return t, nil
	}
	r, c := t.Dims()[0], t.Dims()[1]
	if t.Layout() == tensor.Strided {
		out, err := newDense("matmul", t.DType(), nb, r, c)
		if err != nil {
			return nil, err
		}
		for i := int64(0); i < nb; i++ {
			copy(out.Data[i*int64(len(t.Values().Data)):], t.Values().Data)
		}
		return tensor.NewStrided(out)
	}
	// The repeats are marked coalesced: duplicates must be summed first
	// (a non-zero fill would otherwise be split off once per duplicate).
	coo, err := convert.CoalescedCOOWidth(t, 0, 64)
	if err != nil {
		return nil, err
	}
	nnz := coo.NNZ()
	total := nb * nnz
	if err := errs.CheckAlloc("matmul: repeated entries", total, 24+t.DType().Size()); err != nil {
		return nil, err
	}
	idx := make([]int64, 3*total)
	vals := dtype.NewArray(t.DType(), []int64{total})
	rows, cols := dtype.AsSlice[int64](coo.Levels()[0].Crd), dtype.AsSlice[int64](coo.Levels()[1].Crd)
	for i := int64(0); i < nb; i++ {
		for e := int64(0); e < nnz; e++ {
			idx[i*nnz+e], idx[total+i*nnz+e], idx[2*total+i*nnz+e] = i, rows[e], cols[e]
		}
		copy(vals.Data[i*int64(len(coo.Values().Data)):], coo.Values().Data)
	}
	out, err := tensor.NewCOO(dtype.Int64Array(idx, 3, total), vals, []int64{nb, r, c}, tensor.BuildOptions{NoCheck: true, Coalesced: true})
	if err != nil {
		return nil, err
	}
	return tensor.WithFill(out, slices.Clone(coo.FillElem()))
}
