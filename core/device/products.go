package device

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/cuda"
)

// Matmul is torch.matmul on the device: a sparse matrix (CSR, CSC, or DIA for
// vectors) times a strided vector (SpMV) or matrix (SpMM), or CSR times CSR
// (SpGEMM, 32-bit indices). Other combinations refuse.
func Matmul(op string, a, b *Tensor) (*Tensor, error) {
	if err := sameDevice(op, a, b); err != nil {
		return nil, err
	}
	if len(a.shape) != 2 {
		return nil, Refuse(op, "a (not a matrix)", a)
	}
	if err := needZeroFill(op, "a", a); err != nil {
		return nil, err
	}
	switch {
	case b.layout == tensor.Strided && len(b.shape) == 1:
		return mv(op, a, b)
	case b.layout == tensor.Strided && len(b.shape) == 2:
		return mm(op, a, b)
	case a.layout == tensor.CSR && b.layout == tensor.CSR:
		return spgemm(op, a, b)
	}
	return nil, errs.Errorf(errs.ErrUnsupported, "%s: %s @ %s has no GPU path yet (sparse @ strided, and csr @ csr, do)", op, a, b)
}

func checkInner(op string, a, b *Tensor) error {
	if a.shape[1] != b.shape[0] {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: a is %v and b is %v: a's columns must equal b's rows", op, a.shape, b.shape)
	}
	return nil
}

// asCSR returns a CSR view of a: its own arrays for CSR, a transposed copy
// for CSC (freed by the returned function).
func asCSR(op string, a *Tensor) (cuda.CSR, func(), error) {
	switch a.layout {
	case tensor.CSR:
		return a.compressed(), func() {}, nil
	case tensor.CSC:
		r, err := transposeArrays(a.dev, a.kdtype(), a.compressed(), a.dtype)
		if err != nil {
			return cuda.CSR{}, nil, err
		}
		return r.view(a.compressed().Cols, a.compressed().Rows, a.width), func() { r.free(a.dev) }, nil
	}
	return cuda.CSR{}, nil, Refuse(op, "a (layout "+a.layout.String()+")", a)
}

func mv(op string, a, x *Tensor) (*Tensor, error) {
	if err := checkInner(op, a, x); err != nil {
		return nil, err
	}
	y, err := newStrided(a.dev, a.dtype, []int64{a.shape[0]})
	if err != nil {
		return nil, err
	}
	if a.layout == tensor.Custom {
		err = diaMV(op, a, x, y)
	} else {
		var csr cuda.CSR
		var done func()
		if csr, done, err = asCSR(op, a); err == nil {
			err = wrap(op, cuda.SpMV(a.dev, a.kdtype(), csr, x.values.ptr, y.values.ptr, 1))
			done()
		}
	}
	if err != nil {
		_ = y.Free()
		return nil, err
	}
	return y, nil
}

// diaMV is y = a x for a DIA-I or DIA-J tensor a.
func diaMV(op string, a, x, y *Tensor) error {
	byCol := a.format.Equal(format.DIAJ())
	if !byCol && !a.format.Equal(format.DIAI()) {
		return Refuse(op, "a (format "+a.format.String()+")", a)
	}
	pos, err := download(a.dev, "DIA pos", a.pos[0], []int64{a.pos[0].n})
	if err != nil {
		return err
	}
	p := dtype.AsSlice[int64](pos) // DIA levels store int64 coordinates
	ndiag := p[1] - p[0]
	offsets := a.crd[0].ptr + cuda.Ptr(p[0]*8)
	dia := cuda.DIA{Rows: a.shape[0], Cols: a.shape[1], NDiag: ndiag, Stride: a.sizes[1], ByCol: byCol,
		Offsets: offsets, Val: a.values.ptr}
	return wrap(op, cuda.SpMVDIA(a.dev, a.kdtype(), dia, x.values.ptr, y.values.ptr))
}

func mm(op string, a, b *Tensor) (*Tensor, error) {
	if err := checkInner(op, a, b); err != nil {
		return nil, err
	}
	csr, done, err := asCSR(op, a)
	if err != nil {
		return nil, err
	}
	defer done()
	c, err := newStrided(a.dev, a.dtype, []int64{a.shape[0], b.shape[1]})
	if err != nil {
		return nil, err
	}
	if err := wrap(op, cuda.SpMM(a.dev, a.kdtype(), csr, b.values.ptr, b.shape[1], c.values.ptr, 1)); err != nil {
		_ = c.Free()
		return nil, err
	}
	return c, nil
}

// spgemm is CSR @ CSR through cuSPARSE, whose symbolic phase is held to the
// memory limit (and then the device memory in use) before the product is kept.
func spgemm(op string, a, b *Tensor) (*Tensor, error) {
	if err := checkInner(op, a, b); err != nil {
		return nil, err
	}
	if err := needZeroFill(op, "b", b); err != nil {
		return nil, err
	}
	if a.width != 32 || b.width != 32 {
		return nil, errs.Errorf(errs.ErrUnsupported, "%s: the GPU sparse @ sparse takes 32-bit indices (cuSPARSE SpGEMM); convert with to_index_width(32) on the host first", op)
	}
	c, err := cuda.SpGEMM(a.dev, a.kdtype(), a.compressed(), b.compressed(), budget.Limit())
	if err != nil {
		return nil, wrap(op, err)
	}
	pos := buffer{ptr: c.Pos, dtype: dtype.Int32, n: c.Rows + 1}
	crd := buffer{ptr: c.Crd, dtype: dtype.Int32, n: c.NNZ}
	vals := buffer{ptr: c.Val, dtype: a.dtype, n: c.NNZ}
	if err := adopt(a.dev, op+" product", pos, crd, vals); err != nil {
		return nil, err
	}
	return newCompressed(a.dev, tensor.CSR, a.dtype, []int64{a.shape[0], b.shape[1]}, 32, a.fill, pos, crd, vals), nil
}

// SampledAddmm is torch.sparse.sampled_addmm on the device: beta * input +
// alpha * (mat1 @ mat2) at input's stored entries, for a CSR input and
// strided mat1 (m x k) and mat2 (k x n).
func SampledAddmm(op string, input, mat1, mat2 *Tensor, beta, alpha float64) (*Tensor, error) {
	if err := sameDevice(op, input, mat1); err != nil {
		return nil, err
	}
	if err := sameDevice(op, input, mat2); err != nil {
		return nil, err
	}
	if input.layout != tensor.CSR {
		return nil, Refuse(op, "input (not sparse_csr)", input)
	}
	if mat1.layout != tensor.Strided || mat2.layout != tensor.Strided || len(mat1.shape) != 2 || len(mat2.shape) != 2 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: mat1 and mat2 must be strided matrices, got %s and %s", op, mat1, mat2)
	}
	m, n, k := input.shape[0], input.shape[1], mat1.shape[1]
	if mat1.shape[0] != m || mat2.shape[0] != k || mat2.shape[1] != n {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: input %v, mat1 %v and mat2 %v: expected mat1 (m, k), mat2 (k, n), input (m, n)",
			op, input.shape, mat1.shape, mat2.shape)
	}
	if err := needZeroFill(op, "input", input); err != nil {
		return nil, err
	}
	out, err := Clone(input)
	if err != nil {
		return nil, err
	}
	err = cuda.SDDMM(input.dev, input.kdtype(), input.compressed(), input.values.ptr, mat1.values.ptr, mat2.values.ptr,
		k, alpha, beta, out.values.ptr)
	if err != nil {
		_ = out.Free()
		return nil, wrap(op, err)
	}
	return out, nil
}
