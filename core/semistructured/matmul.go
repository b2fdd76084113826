package semistructured

import (
	"math"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels"
)

// MM computes s @ dense, as torch.mm(A_sparse, B) does (errors name dense
// mat2, torch's name): dense is 2-d of
// s's dtype with as many rows as s has columns. The product accumulates in
// float32 (int32 for int8) and is returned in torch's dtype: s's, or int32
// for int8. A transposed s works too (torch refuses it unless the tensor
// was made by its pruner; the CPU computes it the same).
func MM(s *Tensor, dense dtype.Array) (dtype.Array, error) {
	return product(s, dense, "mat2", true, nil, 0, 1)
}

// MMDense computes dense @ s, as torch.mm(A, B_sparse) does (errors name
// dense mat1): dense is 2-d of
// s's dtype with as many columns as s has rows. torch allows it when s is
// the t() of a compressed original (x @ W.t(), the linear layer); the CPU
// also computes it for an untransposed s.
func MMDense(dense dtype.Array, s *Tensor) (dtype.Array, error) {
	return product(s, dense, "mat1", false, nil, 0, 1)
}

// AddMM computes beta*bias + alpha*(dense @ s), as torch.addmm(bias, A,
// B_sparse.t()) does (errors name bias input and dense mat1): bias is 1-d with one element per column of the
// product (broadcast over its rows, the only bias torch's semi-structured
// addmm takes), of s's dtype or of the product's dtype. For int8 alpha and
// beta must be integers (the product is int32).
func AddMM(bias, dense dtype.Array, s *Tensor, beta, alpha float64) (dtype.Array, error) {
	return product(s, dense, "mat1", false, &bias, beta, alpha)
}

// Linear computes input @ weightᵀ + bias, as torch.nn.functional.linear
// does with a semi-structured weight (out_features x in_features): input is
// (*, in_features), the result (*, out_features). bias may be nil.
func Linear(input dtype.Array, weight *Tensor, bias *dtype.Array) (dtype.Array, error) {
	if len(input.Shape) == 0 {
		return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument, "input: a 0-d tensor; linear needs at least 1 dimension (*, in_features)")
	}
	w := weight.Shape()
	in := input.Shape[len(input.Shape)-1]
	if in != w[1] {
		return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument,
			"input: shape %v: its last dimension %d must equal weight's in_features %d (weight shape (%d, %d))", input.Shape, in, w[1], w[0], w[1])
	}
	lead := int64(1)
	for _, d := range input.Shape[:len(input.Shape)-1] {
		lead *= d
	}
	flat := input
	flat.Shape = []int64{lead, in}
	out, err := product(weight.T(), flat, "input", false, bias, 1, 1)
	if err != nil {
		return dtype.Array{}, err
	}
	out.Shape = append(append([]int64(nil), input.Shape[:len(input.Shape)-1]...), w[0])
	return out, nil
}

// product computes s @ dense (sparseLeft) or dense @ s, then beta*bias +
// alpha*that when bias is non-nil, in the accumulation type of s's dtype.
// Errors name the dense operand arg and the bias "input" (addmm's name) or
// "bias" (linear's).
func product(s *Tensor, dense dtype.Array, arg string, sparseLeft bool, bias *dtype.Array, beta, alpha float64) (dtype.Array, error) {
	sh := s.Shape()
	if dense.DType != s.l.dtype {
		return dtype.Array{}, errs.Errorf(errs.ErrDType, "%s: dtype %s must be the sparse operand's %s", arg, dense.DType, s.l.dtype)
	}
	if len(dense.Shape) != 2 {
		return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument,
			"%s: shape %v has %d dimensions; mm takes a 2-d matrix (torch refuses batched and matrix-vector products too)", arg, dense.Shape, len(dense.Shape))
	}
	if err := checkData(arg, dense); err != nil {
		return dtype.Array{}, err
	}
	var rows, cols int64
	if sparseLeft {
		if dense.Shape[0] != sh[1] {
			return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument,
				"%s: shape %v: its rows must equal the sparse operand's columns (sparse shape (%d, %d))", arg, dense.Shape, sh[0], sh[1])
		}
		rows, cols = sh[0], dense.Shape[1]
	} else {
		if dense.Shape[1] != sh[0] {
			return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument,
				"%s: shape %v: its columns must equal the sparse operand's rows (sparse shape (%d, %d))", arg, dense.Shape, sh[0], sh[1])
		}
		rows, cols = dense.Shape[0], sh[1]
	}
	if bias != nil {
		name := "input"
		if arg == "input" {
			name = "bias"
		}
		if err := checkBias(name, *bias, s.l, cols); err != nil {
			return dtype.Array{}, err
		}
	}
	// The result's size follows from the operands' outer dimensions, not
	// from memory the caller holds: (m x 64) @ (64 x n) can ask for m*n.
	// Its float accumulator (float64 for int8 scatters) is the largest
	// single allocation; refuse it over the memory limit before any work.
	accBytes := 4
	if s.l.dtype == dtype.Int8 && sparseLeft == s.transposed {
		accBytes = 8
	}
	if err := budget.Check("semi-structured product", budget.Mul(rows, cols), accBytes); err != nil {
		return dtype.Array{}, err
	}
	shape := []int64{rows, cols}
	if s.l.dtype == dtype.Int8 {
		a, b, err := integralScales(alpha, beta)
		if err != nil {
			return dtype.Array{}, err
		}
		var bv []int32
		if bias != nil {
			bv = widenInt(*bias)
		}
		r, err := int8Product(s, dense, sparseLeft)
		if err != nil {
			return dtype.Array{}, errs.Errorf(errs.ErrInternal, "semi-structured product: %v", err)
		}
		epilogue(r, int(cols), bv, a, b)
		out := dtype.NewArray(dtype.Int32, shape)
		copy(dtype.AsSlice[int32](out), r)
		return out, nil
	}
	var bv []float32
	if bias != nil {
		bv = widenFloat(*bias)
	}
	r, err := multiply(s, floatWidener(s.values), widenFloat(dense), sparseLeft, dense.Shape)
	if err != nil {
		return dtype.Array{}, errs.Errorf(errs.ErrInternal, "semi-structured product: %v", err)
	}
	epilogue(r, int(cols), bv, float32(alpha), float32(beta))
	return narrowFloat(r, s.l.dtype, shape), nil
}

// checkBias accepts a 1-d bias (named arg) of n elements of the sparse
// dtype or of the product's.
func checkBias(arg string, bias dtype.Array, l layout, n int64) error {
	if bias.DType != l.dtype && bias.DType != l.result {
		return errs.Errorf(errs.ErrDType, "%s: dtype %s must be %s or the product's %s", arg, bias.DType, l.dtype, l.result)
	}
	if len(bias.Shape) != 1 || bias.Shape[0] != n {
		return errs.Errorf(errs.ErrInvalidArgument,
			"%s: shape %v must be (%d,): one element per column of the product, broadcast over its rows", arg, bias.Shape, n)
	}
	return checkData(arg, bias)
}

// integralScales converts alpha and beta for an int32 product, refusing
// fractions and values outside int32.
func integralScales(alpha, beta float64) (int32, int32, error) {
	for _, v := range []struct {
		name string
		x    float64
	}{{"alpha", alpha}, {"beta", beta}} {
		if v.x != math.Trunc(v.x) || v.x < math.MinInt32 || v.x > math.MaxInt32 {
			return 0, 0, errs.Errorf(errs.ErrInvalidArgument, "%s: %v must be an int32 integer for an int8 product (int32 result)", v.name, v.x)
		}
	}
	return int32(alpha), int32(beta), nil
}

// multiply returns s @ x (sparseLeft) or x @ s in A, row-major, where x
// has xshape and widen gives s's values as A.
func multiply[A ~float32 | ~float64](s *Tensor, widen func(lo, hi int, dst []A), x []A, sparseLeft bool, xshape []int64) ([]A, error) {
	xr, xc := int(xshape[0]), int(xshape[1])
	if sparseLeft {
		return sparseTimes(s, widen, s.transposed, x, xc)
	}
	// x @ s = (sᵀ @ xᵀ)ᵀ
	r, err := sparseTimes(s, widen, !s.transposed, transposed(x, xr, xc), xr)
	if err != nil {
		return nil, err
	}
	return transposed(r, int(s.Shape()[1]), xr), nil
}

// sparseTimes returns op(w) @ b for the original w of s and b with k
// columns, op the transpose when t. Untransposed, the kernel expands w
// block by block (decode and widen in cache); transposed, it scatters and
// takes w expanded whole.
func sparseTimes[A ~float32 | ~float64](s *Tensor, widen func(lo, hi int, dst []A), t bool, b []A, k int) ([]A, error) {
	rows, cols := int(s.rows), int(s.cols)
	half := cols / 2
	if t {
		a := kernels.Semi[A]{Rows: rows, Cols: cols, Col: s.keptColumns(), Val: widenAll(widen, int64(rows*half))}
		c := make([]A, cols*k)
		return c, kernels.SemiMMT(a, b, k, c)
	}
	fill := func(r0, r1 int, col []int32, val []A) {
		s.decodeRows(r0, r1, col)
		widen(r0*half, r1*half, val)
	}
	c := make([]A, rows*k)
	return c, kernels.SemiMMBlocks(rows, cols, fill, b, k, c)
}

// epilogue applies r = alpha*r + beta*bias (bias broadcast over rows of n
// columns). With beta zero the bias is ignored, NaN and infinities in it
// included, as torch.addmm ignores its input then.
func epilogue[A accum](r []A, n int, bias []A, alpha, beta A) {
	if bias == nil || beta == 0 {
		if alpha != 1 {
			for i := range r {
				r[i] *= alpha
			}
		}
		return
	}
	for i := 0; i+n <= len(r); i += n {
		row := r[i : i+n]
		for j := range row {
			row[j] = alpha*row[j] + beta*bias[j]
		}
	}
}
