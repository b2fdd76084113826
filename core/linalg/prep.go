package linalg

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Preparation shared by the matmul family: argument checks with torch-style
// messages, scalar tests (isZero, isOne), the split of a fill value off a sparse
// operand, and the views of sparse tensors that the kernels read.

// arg names argument n of an op, as torch does: "addmm: Argument #3 (mat2)".
func arg(op string, n int, name string) string {
	return fmt.Sprintf("%s: Argument #%d (%s)", op, n, name)
}

// checkTensor requires a non-nil tensor of one of the numbers of dims.
func checkTensor(op string, n int, name string, t *tensor.Tensor, ndims ...int) error {
	if t == nil {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: is nil", arg(op, n, name))
	}
	for _, d := range ndims {
		if len(t.Dims()) == d {
			return nil
		}
	}
	want := make([]string, len(ndims))
	for i, d := range ndims {
		want[i] = fmt.Sprintf("%d-D", d)
	}
	return errs.Errorf(errs.ErrInvalidArgument, "%s: expected a %s tensor, got a %d-D tensor of size %v", arg(op, n, name),
		strings.Join(want, " or "), len(t.Dims()), t.Dims())
}

// checkLayout requires t to have layout want, the one torch's op takes
// for this argument (torch refuses the others, so a program that relies on
// them would not port).
func checkLayout(op string, n int, name string, t *tensor.Tensor, want tensor.Layout) error {
	if t.Layout() != want {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: expected a %s tensor, got %s (torch's %s takes %s here only)",
			arg(op, n, name), want, t.Layout(), op, want)
	}
	return nil
}

// checkSameDType requires t to have the dtype d of the first operand.
func checkSameDType(op string, n int, name string, t *tensor.Tensor, d dtype.DType, first string) error {
	if t.DType() != d {
		return errs.Errorf(errs.ErrDType, "%s: expected dtype %s (the dtype of %s), got %s; the operands of a product must share a dtype",
			arg(op, n, name), d, first, t.DType())
	}
	return nil
}

// checkSize requires dim of t to have size want.
func checkSize(op string, n int, name string, t *tensor.Tensor, dim int, want int64, why string) error {
	if got := t.Dims()[dim]; got != want {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: expected dim %d size %d (%s), got %d", arg(op, n, name), dim, want, why, got)
	}
	return nil
}

// checkScalar requires a scalar that the dtype can hold: real for real
// dtypes, integral for integer dtypes (torch refuses a float alpha there).
func checkScalar(op, name string, d dtype.DType, s dtype.Scalar) error {
	if s.Im() != 0 && !d.IsComplex() {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: %s = %v is complex, but the dtype %s is real", op, name, complex(s.Re(), s.Im()), d)
	}
	if d.IsInteger() && !s.IsExact() && (s.Re() != math.Trunc(s.Re()) || math.IsInf(s.Re(), 0)) {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: %s = %v must be an integer for the integer dtype %s", op, name, s.Re(), d)
	}
	return nil
}

// computeDType is the dtype the kernels compute a product of dtype d in:
// float16 and bfloat16 go through float32, the others compute in place.
func computeDType(d dtype.DType) dtype.DType {
	if d == dtype.Float16 || d == dtype.BFloat16 {
		return dtype.Float32
	}
	return d
}

// native reports whether the operands share a dtype and compute in it
// (nil ones skipped), so that the product needs no promotion or widening by
// inComputeDType (which allocates).
func native(ts ...*tensor.Tensor) bool {
	for _, t := range ts {
		if t != nil && computeDType(t.DType()) != t.DType() {
			return false
		}
	}
	return sameDType(ts...)
}

// inComputeDType runs f on the operands, first promoting them to one dtype
// (promoteOperands), then widening float16/bfloat16 operands to float32 and
// narrowing the result back.
func inComputeDType(op string, ts []*tensor.Tensor, f func(ts []*tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	ts, err := promoteOperands(op, ts)
	if err != nil {
		return nil, err
	}
	var d dtype.DType
	for _, t := range ts {
		if t == nil {
			return f(ts)
		}
		d = t.DType()
	}
	if len(ts) == 0 || computeDType(d) == d {
		return f(ts)
	}
	wide := make([]*tensor.Tensor, len(ts))
	for i, t := range ts {
		w, err := convert.ToDType(t, dtype.Float32)
		if err != nil {
			return nil, err
		}
		wide[i] = w
	}
	r, err := f(wide)
	if err != nil {
		return nil, err
	}
	return convert.ToDType(r, d)
}

// newDense allocates a zeroed dense result within the memory limit.
func newDense(op string, d dtype.DType, shape ...int64) (dtype.Array, error) {
	if err := checkResult(op, d, shape); err != nil {
		return dtype.Array{}, err
	}
	return dtype.NewArray(d, shape), nil
}

// resultArray returns into when it has data (a destination the caller
// checked, whose data only is read), else a new (m x n) result within the
// memory limit, not cleared: for a caller that writes every element.
func resultArray(op string, d dtype.DType, into dtype.Array, m, n int64) (dtype.Array, error) {
	if into.Data != nil {
		return into, nil
	}
	shape := []int64{m, n}
	if err := checkResult(op, d, shape); err != nil {
		return dtype.Array{}, err
	}
	return dtype.UninitArray(d, shape), nil
}

// checkResult checks a result's shape against int64 and the memory
// limit. The messages are built only on failure: this runs on every call.
func checkResult(op string, d dtype.DType, shape []int64) error {
	n, err := errs.NumelChecked("result size", shape)
	if err == nil {
		err = errs.CheckAlloc("result", n, d.Size())
	}
	if err != nil {
		return errs.Errorf(errs.CodeOf(err), "%s: %s", op, err.Error())
	}
	return nil
}

// denseData returns the dense row-major data of t (a sparse t is densified).
func denseData(t *tensor.Tensor) (dtype.Array, error) {
	if t.Layout() == tensor.Strided {
		return t.Values(), nil
	}
	d, err := convert.ToDense(t)
	if err != nil {
		return dtype.Array{}, err
	}
	return d.Values(), nil
}

// wrapStrided wraps dense data of the given shape as a strided tensor (no copy).
func wrapStrided(a dtype.Array, shape ...int64) (*tensor.Tensor, error) {
	return tensor.NewStrided(dtype.Array{DType: a.DType, Shape: shape, Data: a.Data})
}

// ownedStrided wraps a result the caller has just allocated (data of numel(shape)
// elements, shape owned by nobody else) as a strided tensor, without the
// checks and copies of NewStrided: small products pay for every allocation.
func ownedStrided(a dtype.Array, shape ...int64) *tensor.Tensor {
	return tensor.NewStridedOwned(a.DType, shape, a.Data)
}

// kindSet is a set of kernel views.
type kindSet uint8

const (
	acceptCSR kindSet = 1 << iota
	acceptCSC
	acceptCOO
	acceptBSR
	acceptAll = acceptCSR | acceptCSC | acceptCOO | acceptBSR
)

// sparseOperand is a 2-D sparse operand ready for the kernels: the tensor they
// read, its view, the typed operations of its dtype and index width, and
// its fill value when that is not zero (the products then go through
// sparseMul and denseSparseMul).
type sparseOperand struct {
	t       *tensor.Tensor
	mat     kernelMat
	ops     matOps
	fill    dtype.Scalar
	hasFill bool
	width   int
}

// prepSparse prepares a 2-D tensor of any layout: layouts without a fast
// path among kinds (and hybrid or strided tensors) are converted to CSR
// first, keeping the index width. An uncoalesced COO with a non-zero fill is
// coalesced: its repeated entries share one unspecified position.
func prepSparse(op string, t *tensor.Tensor, kinds kindSet) (sparseOperand, error) {
	t, err := named(t)
	if err != nil {
		return sparseOperand{}, err
	}
	if kinds&kindOf(t.Layout()) == 0 || t.DenseDim() != 0 {
		target := tensor.CSR
		if t.Layout() == tensor.COO && kinds&acceptCOO != 0 {
			target = tensor.COO
		}
		c, err := convert.ToLayout(t, target, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: t.IndexWidth()})
		if err != nil {
			return sparseOperand{}, err
		}
		t = c
	}
	ops, err := opsFor(op, t.DType(), t.IndexWidth())
	if err != nil {
		return sparseOperand{}, err
	}
	f := dtype.LoadScalar(t.DType(), t.FillElem())
	has := t.Layout() != tensor.Strided && !f.IsZero()
	if has && t.Layout() == tensor.COO && !t.IsCoalesced() {
		if t, err = convert.Coalesce(t); err != nil {
			return sparseOperand{}, err
		}
	}
	return sparseOperand{t: t, mat: kernelView(t, 0), ops: ops, fill: f, hasFill: has, width: t.IndexWidth()}, nil
}

// kindOf is the kernel view that serves a layout directly (0: none).
func kindOf(l tensor.Layout) kindSet {
	switch l {
	case tensor.CSR:
		return acceptCSR
	case tensor.CSC:
		return acceptCSC
	case tensor.COO:
		return acceptCOO
	case tensor.BSR:
		return acceptBSR
	}
	return 0
}

// splitFill returns t's sparse part, whose stored values are t's minus
// the fill and whose fill is zero, and the fill f, so that t = part + f
// element by element. A zero fill returns t itself. An uncoalesced COO is
// coalesced first, since its repeated entries share one fill.
func splitFill(ops matOps, t *tensor.Tensor) (*tensor.Tensor, dtype.Scalar, bool, error) {
	f := dtype.LoadScalar(t.DType(), t.FillElem())
	if t.Layout() == tensor.Strided || f.IsZero() {
		return t, dtype.Scalar{}, false, nil
	}
	if t.Layout() == tensor.COO && !t.IsCoalesced() {
		c, err := convert.Coalesce(t)
		if err != nil {
			return nil, dtype.Scalar{}, false, err
		}
		t = c
	}
	return tensor.Revalue(t, ops.affine(t.Values(), dtype.IntScalar(1), f.Neg()), make([]byte, len(t.FillElem()))), f, true, nil
}

// kernelView returns the kernel view of batch b of a CSR, CSC, BSR (batched or
// not) or 2-D COO tensor without dense dims. Its arrays alias t's storage
// and carry no shape (the kernels read their data only; a shape would cost
// an allocation on every product).
func kernelView(t *tensor.Tensor, b int64) kernelMat {
	nb := t.BatchDim()
	rows, cols := t.Dims()[nb], t.Dims()[nb+1]
	m := kernelMat{rows: rows, cols: cols, val: dtype.Array{DType: t.DType(), Data: t.Values().Data}, bm: 1, bn: 1}
	if t.Layout() == tensor.COO {
		m.kind, m.row, m.col = kindCOO, t.Levels()[0].Crd, t.Levels()[1].Crd
		return m
	}
	l := t.Levels()[t.CompressedLevel()]
	outer := rows // entries of pos per batch, less one
	switch t.Layout() {
	case tensor.CSR:
		m.kind = kindCSR
	case tensor.CSC:
		m.kind, outer = kindCSC, cols
	case tensor.BSR:
		m.kind, m.bm, m.bn = kindBSR, t.BlockSize()[0], t.BlockSize()[1]
		outer = rows / t.BlockSize()[0]
	}
	es := int64(l.Pos.DType.Size())
	m.ptr = dtype.Array{DType: l.Pos.DType, Data: l.Pos.Data[b*outer*es : ((b+1)*outer+1)*es]}
	m.idx = l.Crd
	return m
}

// sliceView views elements [lo, hi) of a 1-D array.
func sliceView(a dtype.Array, lo, hi int64) dtype.Array {
	es := int64(a.DType.Size())
	return dtype.Array{DType: a.DType, Shape: []int64{hi - lo}, Data: a.Data[lo*es : hi*es]}
}

// indexArray builds an index array of the given width (32 or 64) and shape from int64 values.
func indexArray(width int, v []int64, shape ...int64) dtype.Array {
	if width == 64 {
		return dtype.Int64Array(v, shape...)
	}
	a := dtype.NewArray(dtype.Int32, shape)
	s := dtype.AsSlice[int32](a)
	for i, x := range v {
		s[i] = int32(x)
	}
	return a
}

// broadcastStrides checks that input broadcasts to the result, of size
// (m) or (m, n), under torch's rules (at most as many dims, each of size 1 or
// the result's size, aligned to the right) and returns its strides over the
// result read as a matrix ((1, m) for a vector).
func broadcastStrides(op string, n int, name string, in *tensor.Tensor, result ...int64) (int64, int64, error) {
	shape := in.Dims()
	if len(shape) > len(result) {
		return 0, 0, errs.Errorf(errs.ErrInvalidArgument, "%s: expected at most %d dims to broadcast to the result size %s, got size %v",
			arg(op, n, name), len(result), formatShape(result), shape)
	}
	if !engine.BroadcastsTo(shape, result) {
		full := result[len(result)-len(shape):]
		d := len(shape) - 1
		for shape[d] == 1 || shape[d] == full[d] {
			d--
		}
		return 0, 0, errs.Errorf(errs.ErrInvalidArgument, "%s: size %v cannot broadcast to the result size %s (dim %d has size %d, expected %d or 1)",
			arg(op, n, name), shape, formatShape(result), d, shape[d], full[d])
	}
	st := engine.BroadcastStrides(shape, result)
	if len(st) == 1 { // a vector result reads as a (1, m) matrix
		return 0, st[0], nil
	}
	return st[0], st[1], nil
}

// formatShape writes a result size as torch does: "[5, 3]".
func formatShape(shape []int64) string {
	parts := make([]string, len(shape))
	for i, v := range shape {
		parts[i] = strconv.FormatInt(v, 10)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// dropProduct zeroes the product out (alpha times it) when alpha is
// zero: torch's addmm then ignores the product, NaN and infinities in it
// included, as it ignores input for beta zero.
func dropProduct(out dtype.Array, alpha dtype.Scalar) {
	if alpha.IsZero() {
		clear(out.Data)
	}
}

// addInput adds beta * input, broadcast with strides (si, sj), to the
// dense (m x n) result out; beta zero leaves out as it is.
func addInput(op string, out dtype.Array, m, n int64, beta dtype.Scalar, input *tensor.Tensor, si, sj int64) error {
	if beta.IsZero() {
		return nil
	}
	in, err := denseData(input)
	if err != nil {
		return err
	}
	ops, err := opsFor(op, out.DType, 64)
	if err != nil {
		return err
	}
	ops.addScaled(out, m, n, beta, in, si, sj)
	return nil
}

// named is the tensor a product without a path of its own for t's custom
// format reads: a CSR matrix of t's elements (a COO tensor beyond 2 dims)
// made for this call by the conversions' direct routes, which keep nothing
// on t; t itself for any other tensor.
func named(t *tensor.Tensor) (*tensor.Tensor, error) {
	if t == nil || t.Layout() != tensor.Custom {
		return t, nil
	}
	if t.NDim() != 2 {
		return tensor.Named(t)
	}
	return convert.ToLayout(t, tensor.CSR, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
}
