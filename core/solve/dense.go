package solve

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// rhs is a right-hand side read as columns: k columns of length n, column c
// at data[c*n:(c+1)*n], whatever the orientation of the caller's B.
type rhs[T elem] struct {
	n, k int
	data []T
}

// loadRHS reads B for a system of order n. left: B is (n,) or (n, k) and its
// columns are the right-hand sides; otherwise B is (n,) or (k, n) and its rows
// are (X A = B solved as A^T X^T = B^T). B's dtype must be want, or an
// integer or bool dtype, read as want; a sparse B is densified.
func loadRHS[T elem](b *tensor.Tensor, n int, want dtype.DType, left bool) (*rhs[T], error) {
	s, err := loadRHSShape(b, int64(n), want, left)
	if err != nil {
		return nil, err
	}
	d := b
	if integral(b.DType()) {
		if d, err = convert.ToDType(b, want); err != nil {
			return nil, err
		}
	}
	if d.Layout() != tensor.Strided {
		var err error
		if d, err = convert.ToDense(d); err != nil {
			return nil, err
		}
	}
	vals, err := tensor.Component(d, tensor.CompValues)
	if err != nil {
		return nil, err
	}
	if err := checkBytes("B", vals.Numel(), 16); err != nil {
		return nil, err
	}
	v := widen[T](vals)
	if len(s) == 1 {
		return &rhs[T]{n: n, k: 1, data: v}, nil
	}
	if !left { // rows of B are already contiguous right-hand sides
		return &rhs[T]{n: n, k: int(s[0]), data: v}, nil
	}
	k := int(s[1])
	out := make([]T, len(v))
	for i := 0; i < n; i++ {
		for c := 0; c < k; c++ {
			out[c*n+i] = v[i*k+c]
		}
	}
	return &rhs[T]{n: n, k: k, data: out}, nil
}

// tensor returns the solutions in B's shape and orientation.
func (r *rhs[T]) tensor(d dtype.DType, shape []int64, left bool) (*tensor.Tensor, error) {
	v := r.data
	if len(shape) == 2 && left {
		v = make([]T, len(r.data))
		for c := 0; c < r.k; c++ {
			for i := 0; i < r.n; i++ {
				v[i*r.k+c] = r.data[c*r.n+i]
			}
		}
	}
	return tensor.NewStrided(narrow(v, d, shape))
}

// column returns right-hand side c.
func (r *rhs[T]) column(c int) []T { return r.data[c*r.n : (c+1)*r.n] }

// loadRHSShape checks B's dtype and shape for a system of order n (see
// loadRHS) and returns its shape (B's own sizes: read them, never modify them).
func loadRHSShape(b *tensor.Tensor, n int64, want dtype.DType, left bool) ([]int64, error) {
	if b == nil {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "B: must not be null")
	}
	if b.DType() != want && !integral(b.DType()) {
		return nil, errs.Errorf(errs.ErrDType, "B: dtype %s must equal A's dtype %s (or be an integer or bool dtype, read as %s)", b.DType(), want, want)
	}
	s := b.Dims()
	switch {
	case len(s) == 1 && s[0] == n:
	case len(s) == 2 && left && s[0] == n:
	case len(s) == 2 && !left && s[1] == n:
	default:
		if left {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "B: shape %v must be (%d,) or (%d, k) to solve A X = B with A of order %d", s, n, n, n)
		}
		return nil, errs.Errorf(errs.ErrInvalidArgument, "B: shape %v must be (%d,) or (k, %d) to solve X A = B with A of order %d", s, n, n, n)
	}
	return s, nil
}
