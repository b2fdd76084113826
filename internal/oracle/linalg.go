package oracle

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
)

// product is the (empty) result of a product: the operands' promotion
// (gosparse promotes as NumPy and SciPy do where torch refuses mixed dtypes).
func product(a, b Array) Array {
	return Zeros(Promote(a.DType, b.DType), nil)
}

// checkNumeric refuses bool products (both operands bool: the promoted
// dtype is bool), as torch's CPU kernels do.
func checkNumeric(op string, as ...Array) error {
	d := as[0].DType
	for _, a := range as[1:] {
		d = Promote(d, a.DType)
	}
	if d == dtype.Bool {
		return errorf("%s: bool products are refused", op)
	}
	return nil
}

// dot is sum_k x(k) * y(k) in dtype d, each term rounded, accumulated in order.
func dot(r Array, n int64, x, y func(k int64) complex128) complex128 {
	var s complex128
	for k := range n {
		s = Round(r.DType, s+Round(r.DType, Round(r.DType, x(k))*Round(r.DType, y(k))))
	}
	return s
}

// Mm is the matrix product of (n, k) and (k, m) arrays.
func Mm(a, b Array) (Array, error) {
	if err := checkNumeric("mm", a, b); err != nil {
		return Array{}, err
	}
	if a.NDim() != 2 || b.NDim() != 2 {
		return Array{}, errorf("mm: expects 2-d operands, got %d-d and %d-d", a.NDim(), b.NDim())
	}
	if a.Shape[1] != b.Shape[0] {
		return Array{}, errorf("mm: shapes %v and %v cannot be multiplied", a.Shape, b.Shape)
	}
	n, k, m := a.Shape[0], a.Shape[1], b.Shape[1]
	r := product(a, b)
	r.Shape, r.V = []int64{n, m}, make([]complex128, n*m)
	for i := range n {
		for j := range m {
			r.V[i*m+j] = dot(r, k, func(l int64) complex128 { return a.V[i*k+l] }, func(l int64) complex128 { return b.V[l*m+j] })
		}
	}
	return r, nil
}

// Mv is the product of an (n, k) matrix and a (k,) vector.
func Mv(a, x Array) (Array, error) {
	if err := checkNumeric("mv", a, x); err != nil {
		return Array{}, err
	}
	if a.NDim() != 2 || x.NDim() != 1 {
		return Array{}, errorf("mv: expects a 2-d and a 1-d operand, got %d-d and %d-d", a.NDim(), x.NDim())
	}
	if a.Shape[1] != x.Shape[0] {
		return Array{}, errorf("mv: shapes %v and %v cannot be multiplied", a.Shape, x.Shape)
	}
	n, k := a.Shape[0], a.Shape[1]
	r := product(a, x)
	r.Shape, r.V = []int64{n}, make([]complex128, n)
	for i := range n {
		r.V[i] = dot(r, k, func(l int64) complex128 { return a.V[i*k+l] }, func(l int64) complex128 { return x.V[l] })
	}
	return r, nil
}

// Bmm is the batched product of (B, n, k) and (B, k, m) arrays.
func Bmm(a, b Array) (Array, error) {
	if err := checkNumeric("bmm", a, b); err != nil {
		return Array{}, err
	}
	if a.NDim() != 3 || b.NDim() != 3 || a.Shape[0] != b.Shape[0] {
		return Array{}, errorf("bmm: expects 3-d operands of one batch, got %v and %v", a.Shape, b.Shape)
	}
	var outs []Array
	for i := range a.Shape[0] {
		x, _ := Select(a, 0, i)
		y, _ := Select(b, 0, i)
		p, err := Mm(x, y)
		if err != nil {
			return Array{}, err
		}
		outs = append(outs, p)
	}
	if len(outs) == 0 {
		if a.Shape[2] != b.Shape[1] {
			return Array{}, errorf("bmm: shapes %v and %v cannot be multiplied", a.Shape, b.Shape)
		}
		r := product(a, b)
		r.Shape, r.V = []int64{0, a.Shape[1], b.Shape[2]}, nil
		return r, nil
	}
	return Stack(outs, 0)
}

// Matmul is torch.matmul: dot, mv, mm, or a broadcast batched product.
func Matmul(a, b Array) (Array, error) {
	if err := checkNumeric("matmul", a, b); err != nil {
		return Array{}, err
	}
	switch {
	case a.NDim() == 0 || b.NDim() == 0:
		return Array{}, errorf("matmul: both operands need at least 1 dim")
	case a.NDim() == 1 && b.NDim() == 1:
		if a.Shape[0] != b.Shape[0] {
			return Array{}, errorf("matmul: vectors of sizes %d and %d", a.Shape[0], b.Shape[0])
		}
		r := product(a, b)
		r.V = []complex128{dot(r, a.Shape[0], func(l int64) complex128 { return a.V[l] }, func(l int64) complex128 { return b.V[l] })}
		return r, nil
	case a.NDim() == 2 && b.NDim() == 1:
		return Mv(a, b)
	case a.NDim() == 1:
		x, _ := Unsqueeze(a, 0)
		r, err := Matmul(x, b)
		if err != nil {
			return Array{}, err
		}
		return Squeeze(r, ptr(-2))
	case b.NDim() == 1:
		y, _ := Unsqueeze(b, 1)
		r, err := Matmul(a, y)
		if err != nil {
			return Array{}, err
		}
		return Squeeze(r, ptr(-1))
	case a.NDim() == 2 && b.NDim() == 2:
		return Mm(a, b)
	}
	// batched: broadcast the leading dims
	ba, bb := a.Shape[:a.NDim()-2], b.Shape[:b.NDim()-2]
	batch, err := BroadcastShapes(ba, bb)
	if err != nil {
		return Array{}, err
	}
	n, k, k2, m := a.Shape[a.NDim()-2], a.Shape[a.NDim()-1], b.Shape[b.NDim()-2], b.Shape[b.NDim()-1]
	if k != k2 {
		return Array{}, errorf("matmul: shapes %v and %v cannot be multiplied", a.Shape, b.Shape)
	}
	r := product(a, b)
	r.Shape = append(slices.Clone(batch), n, m)
	r.V = make([]complex128, Numel(r.Shape))
	idx := make([]int64, len(r.Shape))
	ia := make([]int64, a.NDim())
	ib := make([]int64, b.NDim())
	pick := func(dst, src, shape []int64) { // broadcast batch indices into an operand's
		off := len(batch) - (len(shape) - 2)
		for d := 0; d < len(shape)-2; d++ {
			dst[d] = src[off+d]
			if shape[d] == 1 {
				dst[d] = 0
			}
		}
	}
	for i := range r.V {
		Unravel(int64(i), r.Shape, idx)
		pick(ia, idx, a.Shape)
		pick(ib, idx, b.Shape)
		row, col := idx[len(idx)-2], idx[len(idx)-1]
		r.V[i] = dot(r, k, func(l int64) complex128 {
			ia[len(ia)-2], ia[len(ia)-1] = row, l
			return a.V[Ravel(ia, a.Shape)]
		}, func(l int64) complex128 {
			ib[len(ib)-2], ib[len(ib)-1] = l, col
			return b.V[Ravel(ib, b.Shape)]
		})
	}
	return r, nil
}

func ptr(i int) *int { return &i }

// Addmm is beta * input + alpha * (mat1 @ mat2), input broadcast to the
// product's shape; beta = 0 ignores input and alpha = 0 the product (their
// NaN and inf too), as torch (BLAS) does.
func Addmm(input, mat1, mat2 Array, beta, alpha Number) (Array, error) {
	p, err := Mm(mat1, mat2)
	if err != nil {
		return Array{}, err
	}
	return scaledAdd("addmm", input, p, beta, alpha)
}

// Addmv is beta * input + alpha * (mat @ vec).
func Addmv(input, mat, vec Array, beta, alpha Number) (Array, error) {
	p, err := Mv(mat, vec)
	if err != nil {
		return Array{}, err
	}
	return scaledAdd("addmv", input, p, beta, alpha)
}

// scaledAdd is beta * input + alpha * p in the promoted dtype of input and p.
func scaledAdd(op string, input, p Array, beta, alpha Number) (Array, error) {
	if err := checkNumeric(op, input, p); err != nil {
		return Array{}, err
	}
	s, err := BroadcastShapes(input.Shape, p.Shape)
	if err != nil || !slices.Equal(s, p.Shape) {
		return Array{}, errorf("%s: input %v does not broadcast to the product's %v", op, input.Shape, p.Shape)
	}
	out := Promote(input.DType, p.DType)
	r := Zeros(out, p.Shape)
	idx := make([]int64, len(s))
	for i := range r.V {
		Unravel(int64(i), s, idx)
		var v complex128
		if alpha.V != 0 {
			v = Round(out, Round(out, alpha.V)*Round(out, p.V[i]))
		}
		if beta.V != 0 {
			v = Round(out, Round(out, beta.V)*Round(out, input.at(idx))) + v
		}
		r.V[i] = Round(out, v)
	}
	return r, nil
}

// SampledAddmm is torch.sparse.sampled_addmm: beta * input + alpha *
// (mat1 @ mat2) at the positions where mask is true, 0 elsewhere.
func SampledAddmm(input Array, mask []bool, mat1, mat2 Array, beta, alpha Number) (Array, error) {
	r, err := Addmm(input, mat1, mat2, beta, alpha)
	if err != nil {
		return Array{}, err
	}
	if !slices.Equal(input.Shape, r.Shape) {
		return Array{}, errorf("sampled_addmm: input %v must have the product's shape %v", input.Shape, r.Shape)
	}
	for i := range r.V {
		if !mask[i] {
			r.V[i] = 0
		}
	}
	return r, nil
}
