package linalg

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/plan"
	"github.com/gosparse/gosparse/core/tensor"
)

// The plans of the matrix products (gs_explain): Mv, Mm and Matmul walked
// in the order they decide, through the same predicates (plan.go), with the
// bytes each step allocates. They read the operands' metadata and level
// arrays only: nothing is converted, and a custom-format tensor's COO form
// is not built.

// PlanMv is how Mv(mat, vec) runs.
func PlanMv(mat, vec *tensor.Tensor) (plan.Plan, error) {
	const op = "mv"
	if err := checkTensor(op, 1, "mat", mat, 2); err != nil {
		return plan.Plan{}, err
	}
	if err := checkTensor(op, 2, "vec", vec, 1); err != nil {
		return plan.Plan{}, err
	}
	if err := checkSize(op, 2, "vec", vec, 0, mat.Dims()[1], "the columns of mat"); err != nil {
		return plan.Plan{}, err
	}
	if dia, ok := mvFastRoute(mat, vec); ok {
		p := plan.New(plan.Kernel, mat.Dims()[0]*int64(mat.DType().Size()))
		p.Kernel = kernelNames[kerSpMV]
		if dia {
			p.Kernel = routeKernels[routeDIA]
		}
		return p, nil
	}
	ts, d := promotePlan([]*tensor.Tensor{mat, vec})
	var p plan.Plan
	p.Path = plan.Kernel
	promoteConverts(&p, []string{"mat", "vec"}, ts, d)
	mat, vec = ts[0], ts[1]
	if vec.Layout() != tensor.Strided {
		p.Convert("vec", formatName(vec), "dense", vec.Dims()[0]*int64(d.Size()))
	}
	p = productPlan(p, mat, vec.Dims()[0], 1, "mat", "vec", d)
	return p, nil
}

// PlanMm is how Mm(a, b) runs.
func PlanMm(a, b *tensor.Tensor) (plan.Plan, error) {
	const op = "mm"
	if err := checkTensor(op, 1, "mat1", a, 2); err != nil {
		return plan.Plan{}, err
	}
	if err := checkTensor(op, 2, "mat2", b, 2); err != nil {
		return plan.Plan{}, err
	}
	if a.Dims()[1] != b.Dims()[0] {
		return plan.Plan{}, errs.Errorf(errs.ErrInvalidArgument, "%s: expected dim 0 size %d (the columns of mat1), got %d", arg(op, 2, "mat2"), a.Dims()[1], b.Dims()[0])
	}
	ts, d := promotePlan([]*tensor.Tensor{a, b})
	p := plan.Plan{Path: plan.Kernel}
	promoteConverts(&p, []string{"mat1", "mat2"}, ts, d)
	return matPlan(p, ts[0], ts[1], "mat1", "mat2", d), nil
}

// PlanMatmul is how Matmul(a, b) runs, for 1-D to 3-D operands.
func PlanMatmul(a, b *tensor.Tensor) (plan.Plan, error) {
	const op = "matmul"
	if err := checkTensor(op, 1, "input", a, 1, 2, 3); err != nil {
		return plan.Plan{}, err
	}
	if err := checkTensor(op, 2, "other", b, 1, 2, 3); err != nil {
		return plan.Plan{}, err
	}
	if _, ok := mvFastRoute(a, b); ok {
		return PlanMv(a, b)
	}
	ts, d := promotePlan([]*tensor.Tensor{a, b})
	p := plan.Plan{Path: plan.Kernel}
	promoteConverts(&p, []string{"input", "other"}, ts, d)
	A, B := ts[0], ts[1]
	da, db := len(a.Dims()), len(b.Dims())
	vs := int64(d.Size())
	// Vectors become a dense row or column (vectorAsMatrix).
	if da == 1 {
		if A.Layout() != tensor.Strided {
			p.Convert("input", formatName(A), "dense", A.Dims()[0]*vs)
		}
		A = planVector(A, true)
	}
	if db == 1 {
		if B.Layout() != tensor.Strided {
			p.Convert("other", formatName(B), "dense", B.Dims()[0]*vs)
		}
		B = planVector(B, false)
	}
	ka, kb := A.Dims()[len(A.Dims())-1], B.Dims()[len(B.Dims())-2]
	if ka != kb {
		return plan.Plan{}, errs.Errorf(errs.ErrInvalidArgument, "%s: expected dim %d size %d (the last dim of input), got %d", arg(op, 2, "other"), max(db-2, 0), ka, kb)
	}
	switch {
	case da == 3 && len(B.Dims()) == 2 && B.Layout() == tensor.Strided && formatPath(A):
		nb, m, n := A.Dims()[0], A.Dims()[1], B.Dims()[1]
		p.Kernel = routeKernels[routeWalk] + ", the batch read as (batch*rows) x cols"
		if len(p.Converts) == 0 {
			p.Path = plan.Walk
		}
		p.OutputBytes = nb * m * n * vs
		p.Bytes += p.OutputBytes
		return p, nil
	case da <= 2 && db <= 2:
		return matPlan(p, A, B, "input", "other", d), nil
	}
	nb, m, n := max(A.Dims()[0], B.Dims()[0]), A.Dims()[len(A.Dims())-2], B.Dims()[len(B.Dims())-1]
	p.Kernel = "the batched product (bmmNative): per batch, the sparse @ dense kernels"
	if da == 3 && isBatchedDIA(A) {
		p.Kernel = routeKernels[routeBatchedDIA]
	}
	for i, t := range []*tensor.Tensor{A, B} {
		if len(t.Dims()) == 2 && t.Layout() != tensor.Strided {
			p.Convert([]string{"input", "other"}[i], formatName(t), "a 3-D COO repeated over the batch", nb*entryCount(t)*(24+vs))
		}
	}
	p.OutputBytes = nb * m * n * vs
	p.Bytes += p.OutputBytes
	return p, nil
}

// planVector is vectorAsMatrix's shape without its data (the plan reads no data).
func planVector(t *tensor.Tensor, row bool) *tensor.Tensor {
	k := t.Dims()[0]
	shape := []int64{k, 1}
	if row {
		shape = []int64{1, k}
	}
	return tensor.NewStridedOwned(t.DType(), shape, nil)
}

// matPlan is the plan of mmNative's a @ b for 2-D a and b of dtype d.
func matPlan(p plan.Plan, a, b *tensor.Tensor, na, nb string, d dtype.DType) plan.Plan {
	m, k, n := a.Dims()[0], a.Dims()[1], b.Dims()[1]
	vs := int64(d.Size())
	sa, sb := a.Layout() != tensor.Strided, b.Layout() != tensor.Strided
	switch {
	case sa && sb:
		return spgemmPlan(p, a, b, na, nb, d)
	case sa:
		return productPlan(p, a, k, n, na, nb, d)
	case sb:
		p.OutputBytes = m * n * vs
		p.Bytes += p.OutputBytes
		kind := viewPlan(&p, nb, b, acceptCSR|acceptCSC|acceptCOO)
		p.Kernel = kernelNames[dspmmKernel(kind, m)]
		p.Bytes += dspmmScratch(dspmmKernel(kind, m), b, m, vs)
		return p
	}
	p.Path = plan.Dense
	p.Kernel = "the dense product (matOps.gemm: kernels.Gemm for float64, packed float32 tiles)"
	p.OutputBytes = m * n * vs
	p.Bytes += p.OutputBytes
	return p
}

// productPlan is the plan of sparseDense: sparse a (name na) @ a dense
// operand (name nb) of k rows and n columns.
func productPlan(p plan.Plan, a *tensor.Tensor, k, n int64, na, nb string, d dtype.DType) plan.Plan {
	vs := int64(d.Size())
	if a.Layout() == tensor.Strided {
		p.Path = plan.Dense
		p.Kernel = "the dense product (matOps.gemm)"
		p.OutputBytes = a.Dims()[0] * n * vs
		p.Bytes += p.OutputBytes
		return p
	}
	m := a.Dims()[0]
	p.OutputBytes = m * n * vs
	p.Bytes += p.OutputBytes
	if r := sparseDenseRoute(a, n); r != routeView {
		p.Kernel = routeKernels[r]
		if r == routeWalk && len(p.Converts) == 0 {
			p.Path = plan.Walk
		}
		return p
	}
	kind := viewPlan(&p, na, a, acceptAll)
	ker := spmmKernel(kind, n)
	p.Kernel = kernelNames[ker]
	switch ker {
	case kerDenseSpMMT:
		p.Bytes += (m*n + k*n) * vs // the transposed operand and result
	case kerCOOSpMM:
		p.Bytes += csrBytes(m, entryCount(a), widthOf(a), vs)
	case kerBSRColumns:
		p.Bytes += (k + m) * vs
	}
	return p
}

// dspmmScratch is the scratch of a dense @ sparse kernel.
func dspmmScratch(ker spKernel, b *tensor.Tensor, m, vs int64) int64 {
	k, n := b.Dims()[0], b.Dims()[1]
	switch ker {
	case kerSpMMT:
		return (n*m + m*k) * vs
	case kerCOODenseSpMM:
		return csrBytes(k, entryCount(b), widthOf(b), vs)
	}
	return 0
}

// spgemmPlan is the plan of sparse @ sparse (sparseProduct).
func spgemmPlan(p plan.Plan, a, b *tensor.Tensor, na, nb string, d dtype.DType) plan.Plan {
	m, n := a.Dims()[0], b.Dims()[1]
	vs := int64(d.Size())
	layout, _ := productLayout(a, b)
	if !dtype.LoadScalar(a.DType(), a.FillElem()).IsZero() || !dtype.LoadScalar(b.DType(), b.FillElem()).IsZero() {
		p = productPlan(p, a, b.Dims()[0], n, na, nb, d)
		p.Convert(nb, formatName(b), "dense", b.Dims()[0]*n*vs)
		p.Convert("result", "dense", layout.String(), p.OutputBytes)
		p.Kernel += ", then the dense result stored as " + layout.String() + " (a fill makes the product dense)"
		return p
	}
	transposed := a.Layout() == tensor.CSC && b.Layout() == tensor.CSC && a.DenseDim() == 0 && b.DenseDim() == 0
	if !transposed {
		viewPlan(&p, na, a, acceptCSR|acceptCOO)
		viewPlan(&p, nb, b, acceptCSR|acceptCOO)
	}
	p.Kernel = "kernels.SpGEMMBounded (Gustavson; a symbolic phase sizes the result first)"
	// The bound the symbolic phase starts from: one entry per product of an
	// entry of a and an entry of b's matching row, at most m*n.
	w := int64(max(widthOf(a), widthOf(b)) / 8)
	bound := min(m*n, flopsBound(a, b))
	p.OutputBytes = (m+1)*w + bound*(w+vs)
	p.Bytes += p.OutputBytes
	if layout != tensor.CSR {
		p.Convert("result", "CSR", layout.String(), p.OutputBytes)
	}
	return p
}

// flopsBound is an upper bound on the entries of a @ b: nnz(a) times the
// longest row of b (its entry count where b is no CSR).
func flopsBound(a, b *tensor.Tensor) int64 {
	longest := entryCount(b)
	if b.Layout() == tensor.CSR && b.BatchDim() == 0 {
		ptr := tensor.IndexInts(b.Levels()[b.CompressedLevel()].Pos)
		longest = 0
		for i := 1; i < len(ptr); i++ {
			longest = max(longest, ptr[i]-ptr[i-1])
		}
	}
	return entryCount(a) * longest
}

// viewPlan adds to p what prepSparse does to t (name operand) before the
// kernels read it with one of kinds, and returns the kernel view kind.
func viewPlan(p *plan.Plan, operand string, t *tensor.Tensor, kinds kindSet) matKind {
	vs := int64(t.DType().Size())
	if t.Layout() == tensor.Custom {
		// prepSparse reads a custom-format tensor as a CSR of its elements,
		// made for the call (linalg.named) and kept by no one.
		p.Convert(operand, formatName(t), tensor.CSR.String()+" of its elements (made for this call, not kept)",
			csrBytes(t.Dims()[0], entryCount(t), widthOf(t), vs))
		return kindCSR
	}
	kind := viewKind(t.Layout())
	if kinds&kindOf(t.Layout()) == 0 || t.DenseDim() != 0 {
		target, kind := tensor.CSR, kindCSR
		if t.Layout() == tensor.COO && kinds&acceptCOO != 0 {
			target, kind = tensor.COO, kindCOO
		}
		p.Convert(operand, formatName(t), target.String(), csrBytes(t.Dims()[0], entryCount(t), widthOf(t), vs))
		return kind
	}
	if !dtype.LoadScalar(t.DType(), t.FillElem()).IsZero() {
		p.Bytes += entryCount(t) * vs // the values less the fill (splitFill)
	}
	return kind
}

// viewKind is the kernel view of a layout kindOf accepts.
func viewKind(l tensor.Layout) matKind {
	switch l {
	case tensor.CSC:
		return kindCSC
	case tensor.COO:
		return kindCOO
	case tensor.BSR:
		return kindBSR
	}
	return kindCSR
}

// promotePlan returns the compute dtype of a product of ts (inComputeDType's:
// their dtypes promoted, float16/bfloat16 computed in float32). The
// operands are planned as they are: a cast copy keeps its format (its values
// only are cast; plan.Plan.Notes says so).
func promotePlan(ts []*tensor.Tensor) ([]*tensor.Tensor, dtype.DType) {
	d, _ := promotedDType(ts)
	return ts, computeDType(d)
}

// promoteConverts adds the dtype casts promotePlan stands for.
func promoteConverts(p *plan.Plan, names []string, orig []*tensor.Tensor, d dtype.DType) {
	for i, t := range orig {
		if t.DType() != d {
			p.Convert(names[i], t.DType().String(), d.String(), valueCount(t)*int64(d.Size()))
			p.Notes = append(p.Notes, "the kernel is chosen for "+names[i]+"'s format as it is; the choice for its "+d.String()+" copy may differ where it depends on the dtype")
		}
	}
}

// formatName names t's format: its layout, or its format text.
func formatName(t *tensor.Tensor) string {
	if t.Layout() == tensor.Custom {
		return t.Format().String()
	}
	return t.Layout().String()
}

// entryCount is t's stored entries, a custom-format tensor's value slots
// (padding included), read without listing its elements.
func entryCount(t *tensor.Tensor) int64 {
	if t.Layout() == tensor.Custom {
		return valueCount(t)
	}
	return t.NNZ()
}

// valueCount is the length of t's values array (t's elements if strided).
func valueCount(t *tensor.Tensor) int64 {
	if t.Layout() == tensor.Custom {
		if u, err := t.USTStorage(); err == nil { // its own storage: no copy
			return u.Values.Numel()
		}
	}
	return t.Values().Numel()
}

// widthOf is t's index width in bits (64 for a custom-format tensor's
// elements, which it lists with int64 indices).
func widthOf(t *tensor.Tensor) int {
	if t.Layout() == tensor.Custom {
		return 64
	}
	if w := t.IndexWidth(); w != 0 {
		return w
	}
	return 64
}

// csrBytes is the size of a CSR of rows rows and nnz entries.
func csrBytes(rows, nnz int64, width int, vs int64) int64 {
	w := int64(width / 8)
	return (rows+1)*w + nnz*(w+vs)
}
