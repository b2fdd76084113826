package spectral

import (
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// operator is a matrix applied to blocks of vectors: S + sum_t u_t v_t^T,
// where S is held as CSR (products by kernels.SpMM) and the rank-one terms
// carry a non-zero fill value or a centring without densifying anything.
type operator struct {
	rows, cols int
	spmm       func(x, y *mat) error // y = S x
	us, vs     [][]float64           // the rank-one terms
}

// apply returns (S + sum u v^T) x for x with cols rows.
func (op *operator) apply(x *mat) (*mat, error) {
	y := newMat(op.rows, x.c)
	if err := op.spmm(x, y); err != nil {
		return nil, err
	}
	for t, u := range op.us {
		w := make([]float64, x.c) // v^T x
		v := op.vs[t]
		for i := 0; i < x.r; i++ {
			if vi := v[i]; vi != 0 {
				for j, xv := range x.row(i) {
					w[j] += vi * xv
				}
			}
		}
		for i := 0; i < y.r; i++ {
			if ui := u[i]; ui != 0 {
				row := y.row(i)
				for j := range row {
					row[j] += ui * w[j]
				}
			}
		}
	}
	return y, nil
}

// addRankOne adds the term u v^T.
func (op *operator) addRankOne(u, v []float64) {
	op.us = append(op.us, u)
	op.vs = append(op.vs, v)
}

// transposed returns the operator of the transpose, whose S is st.
func (op *operator) transposed(st *operator) *operator {
	t := &operator{rows: op.cols, cols: op.rows, spmm: st.spmm}
	for i := range op.us {
		t.addRankOne(op.vs[i], op.us[i])
	}
	return t
}

// checkOperand requires a 2-D matrix without batch or dense dimensions of a
// real dtype (integers and bool are read as float32 is, as torch's
// get_floating_dtype does); complex and half precision are refused.
func checkOperand(arg string, a *tensor.Tensor) error {
	if err := tensor.CheckPlainMatrix(arg, a); err != nil {
		return err
	}
	d := a.DType()
	if d.IsComplex() {
		return errs.Errorf(errs.ErrDType, "%s: complex dtype %s is not supported (real float32 or float64)", arg, d)
	}
	if d.IsFloat() && d != dtype.Float32 && d != dtype.Float64 {
		return errs.Errorf(errs.ErrDType, "%s: dtype %s is not supported (float32 or float64; integers compute in float32)", arg, d)
	}
	return nil
}

// resultDType is the dtype a method computes for an input of dtype d:
// float64 stays, everything else (float32, integers, bool) gives float32.
func resultDType(d dtype.DType) dtype.DType {
	if d == dtype.Float64 {
		return dtype.Float64
	}
	return dtype.Float32
}

// operatorPair is newOperator of A and of A^T, which the low-rank solvers
// apply in turn.
func operatorPair(a *tensor.Tensor) (op, opT *operator, err error) {
	if op, err = newOperator(a, false); err != nil {
		return nil, nil, err
	}
	if opT, err = newOperator(a, true); err != nil {
		return nil, nil, err
	}
	return op, opT, nil
}

// newOperator reads a checked matrix as CSR of float64 values (converting
// any other format once), with its fill value f as the rank-one term
// f 1 1^T (the stored values less f make S). transpose reads A^T instead.
func newOperator(a *tensor.Tensor, transpose bool) (*operator, error) {
	t := a
	if t.DType() != dtype.Float64 {
		var err error
		if t, err = convert.ToDType(t, dtype.Float64); err != nil {
			return nil, err
		}
	}
	want := tensor.CSR
	if transpose {
		want = tensor.CSC
	}
	if t.Layout() != want {
		var err error
		if t, err = convert.ToLayout(t, want, tensor.DefaultConvert()); err != nil {
			return nil, err
		}
	}
	s := slices.Clone(t.Dims())
	rows, cols := int(s[0]), int(s[1])
	if transpose {
		rows, cols = cols, rows
	}
	ptr, idx, err := tensor.CompressedArrays(t) // t is CSC when transposed
	if err != nil {
		return nil, err
	}
	vals, err := tensor.Component(t, tensor.CompValues)
	if err != nil {
		return nil, err
	}
	v := dtype.AsSlice[float64](vals)[:vals.Numel()]
	if err := checkFinite(v, toInt64s(ptr), toInt64s(idx), transpose); err != nil {
		return nil, err
	}
	fill := dtype.LoadScalar(t.DType(), t.FillElem()).Re()
	if fill != 0 {
		w := make([]float64, len(v))
		for i, x := range v {
			w[i] = x - fill
		}
		v = w
	}
	op := &operator{rows: rows, cols: cols}
	if ptr.DType == dtype.Int32 {
		op.spmm = spmmOf(kernels.CSR[int32, float64]{Rows: rows, Cols: cols, Ptr: dtype.AsSlice[int32](ptr)[:rows+1], Idx: dtype.AsSlice[int32](idx)[:idx.Numel()], Val: v})
	} else {
		op.spmm = spmmOf(kernels.CSR[int64, float64]{Rows: rows, Cols: cols, Ptr: dtype.AsSlice[int64](ptr)[:rows+1], Idx: dtype.AsSlice[int64](idx)[:idx.Numel()], Val: v})
	}
	if fill != 0 {
		op.addRankOne(constant(rows, fill), constant(cols, 1))
	}
	return op, nil
}

// checkFinite refuses a NaN or infinite stored value, naming it and its row
// and column of A: the iteration would otherwise end in a convergence error
// or NaN results that do not say why. ptr and idx are A's CSR (A^T's when
// transposed, A's CSC).
func checkFinite(v []float64, ptr, idx []int64, transposed bool) error {
	for j := 0; j+1 < len(ptr); j++ {
		for p := ptr[j]; p < ptr[j+1]; p++ {
			if x := v[p]; math.IsNaN(x) || math.IsInf(x, 0) {
				row, col := int64(j), idx[p]
				if transposed {
					row, col = col, row
				}
				return errs.Errorf(errs.ErrInvalidArgument, "A: the matrix has a non-finite entry, %v at row %d, column %d: the solvers need finite values", x, row, col)
			}
		}
	}
	return nil
}

// toInt64s reads an int32 or int64 index array as int64s (a copy for int32).
func toInt64s(a dtype.Array) []int64 {
	n := a.Numel()
	if a.DType == dtype.Int64 {
		return dtype.AsSlice[int64](a)[:n]
	}
	out := make([]int64, n)
	for i, x := range dtype.AsSlice[int32](a)[:n] {
		out[i] = int64(x)
	}
	return out
}

// spmmOf is y = a x through kernels.SpMM.
func spmmOf[I kernels.Index](a kernels.CSR[I, float64]) func(x, y *mat) error {
	return func(x, y *mat) error { return kernels.SpMM(1, a, x.v, x.c, 0, y.v) }
}

// constant is a vector of n copies of v.
func constant(n int, v float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// checkSymmetric refuses a matrix that differs from its transpose by more
// than a relative tol in some element (dense-equivalent: the fill value
// terms are symmetric by themselves): lobpcg's answer for a non-symmetric
// matrix would be meaningless.
func checkSymmetric(arg string, a *tensor.Tensor, op *operator, tol float64) error {
	opT, err := newOperator(a, true)
	if err != nil {
		return err
	}
	// Compare S x and S^T x for a few random x: a difference is found with
	// probability one, and this costs two products instead of a merge.
	x := randn(op.cols, 2, 0x5eed)
	y, err := op.apply(x)
	if err != nil {
		return err
	}
	yt, err := opT.apply(x)
	if err != nil {
		return err
	}
	diff, scale := 0.0, 0.0
	for i, v := range y.v {
		diff = math.Max(diff, math.Abs(v-yt.v[i]))
		scale = math.Max(scale, math.Max(math.Abs(v), math.Abs(yt.v[i])))
	}
	if diff > tol*scale {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: must be symmetric, but |A x - A^T x| = %.3g for a random x with |A x| = %.3g", arg, diff, scale)
	}
	return nil
}
