package linalg

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels"
)

// csr returns the CSR (or, for a CSC matrix, the CSR of its transpose) view.
func (k typedOps[I, V]) csr(a kernelMat) kernels.CSR[I, V] {
	c := kernels.CSR[I, V]{Rows: int(a.rows), Cols: int(a.cols), Ptr: dtype.AsSlice[I](a.ptr), Idx: dtype.AsSlice[I](a.idx), Val: dtype.AsSlice[V](a.val)}
	if a.kind == kindCSC {
		c.Rows, c.Cols = c.Cols, c.Rows
	}
	return c
}

func (k typedOps[I, V]) coo(a kernelMat) kernels.COO[I, V] {
	return kernels.COO[I, V]{Rows: int(a.rows), Cols: int(a.cols), Row: dtype.AsSlice[I](a.row), Col: dtype.AsSlice[I](a.col), Val: dtype.AsSlice[V](a.val)}
}

func (k typedOps[I, V]) bsr(a kernelMat) kernels.BSR[I, V] {
	return kernels.BSR[I, V]{BlockRows: int(a.rows / a.bm), BlockCols: int(a.cols / a.bn), BM: int(a.bm), BN: int(a.bn),
		Ptr: dtype.AsSlice[I](a.ptr), Idx: dtype.AsSlice[I](a.idx), Val: dtype.AsSlice[V](a.val)}
}

// cooCSR groups a COO matrix by rows: when its rows are already in order
// only the row pointer is built (columns and values alias the COO arrays),
// else a stable counting sort moves the entries. Columns stay unsorted and
// repeated, which every kernel here accepts.
func (k typedOps[I, V]) cooCSR(a kernelMat) (kernels.CSR[I, V], error) {
	row, col, val := dtype.AsSlice[I](a.row), dtype.AsSlice[I](a.col), dtype.AsSlice[V](a.val)
	// The row pointers (and counters) grow with the rows, not the entries.
	if err := errs.CheckBytesf(kernels.CountingSortScratch[I](len(row), a.rows), "the CSR view of a COO matrix of %d rows", a.rows); err != nil {
		return kernels.CSR[I, V]{}, err
	}
	m := int(a.rows)
	sorted := true
	for t := 1; t < len(row) && sorted; t++ {
		sorted = row[t-1] <= row[t]
	}
	if sorted {
		ptr := make([]I, m+1)
		for _, r := range row {
			ptr[r+1]++
		}
		for i := 1; i <= m; i++ {
			ptr[i] += ptr[i-1]
		}
		return kernels.CSR[I, V]{Rows: m, Cols: int(a.cols), Ptr: ptr, Idx: col, Val: val}, nil
	}
	ptr, perm, err := kernels.CountingSortByKey(row, m)
	if err != nil {
		return kernels.CSR[I, V]{}, err
	}
	idx, vals := make([]I, len(col)), make([]V, len(val))
	if err := kernels.Gather(idx, col, 1, perm); err != nil {
		return kernels.CSR[I, V]{}, err
	}
	if err := kernels.Gather(vals, val, 1, perm); err != nil {
		return kernels.CSR[I, V]{}, err
	}
	return kernels.CSR[I, V]{Rows: m, Cols: int(a.cols), Ptr: ptr, Idx: idx, Val: vals}, nil
}

// rowCSR returns the CSR view of a CSR or COO matrix.
func (k typedOps[I, V]) rowCSR(a kernelMat) (kernels.CSR[I, V], error) {
	switch a.kind {
	case kindCSR:
		return k.csr(a), nil
	case kindCOO:
		return k.cooCSR(a)
	}
	return kernels.CSR[I, V]{}, errs.Errorf(errs.ErrInternal, "linalg: a row-compressed view needs a CSR or COO matrix, got kind %d", a.kind)
}

func (k typedOps[I, V]) spmm(alpha dtype.Scalar, a kernelMat, b dtype.Array, n int64, out dtype.Array) error {
	al := k.v(alpha)
	bv, ov := dtype.AsSlice[V](b), dtype.AsSlice[V](out)
	switch spmmKernel(a.kind, n) {
	case kerSpMV:
		return kernels.SpMV(al, k.csr(a), bv, 0, ov)
	case kerSpMM:
		return kernels.SpMM(al, k.csr(a), bv, int(n), 0, ov)
	case kerSpMVT:
		return kernels.SpMVT(al, k.csr(a), bv, 0, ov)
	case kerDenseSpMMT:
		t := k.csr(a)
		// (A B)^T = B^T A^T, and A^T is the CSR that the CSC arrays hold.
		ct := make([]V, n*a.rows)
		if err := kernels.DenseSpMM(al, transposeCopy(bv, a.cols, n), int(n), t, 0, ct); err != nil {
			return err
		}
		transposeInto(ov, ct, n, a.rows)
		return nil
	case kerSpMVCOO:
		return kernels.SpMVCOO(al, k.coo(a), bv, 0, ov)
	case kerCOOSpMM:
		c, err := k.cooCSR(a)
		if err != nil {
			return err
		}
		return kernels.SpMM(al, c, bv, int(n), 0, ov)
	case kerSpMVBSR:
		return kernels.SpMVBSR(al, k.bsr(a), bv, 0, ov)
	case kerBSRColumns:
		m := k.bsr(a)
		// One column of B at a time through the BSR SpMV.
		x, y := make([]V, a.cols), make([]V, a.rows)
		for j := int64(0); j < n; j++ {
			for q := range x {
				x[q] = bv[int64(q)*n+j]
			}
			if err := kernels.SpMVBSR(al, m, x, 0, y); err != nil {
				return err
			}
			for i, yi := range y {
				ov[int64(i)*n+j] = yi
			}
		}
		return nil
	}
	return errs.Errorf(errs.ErrInternal, "linalg: unknown matrix kind %d", a.kind)
}

func (k typedOps[I, V]) dspmm(alpha dtype.Scalar, d dtype.Array, m int64, a kernelMat, out dtype.Array) error {
	al := k.v(alpha)
	dv, ov := dtype.AsSlice[V](d), dtype.AsSlice[V](out)
	switch dspmmKernel(a.kind, m) {
	case kerDenseSpMM:
		return kernels.DenseSpMM(al, dv, int(m), k.csr(a), 0, ov)
	case kerSpMV: // A^T is the CSR of the CSC arrays: a.cols x a.rows
		return kernels.SpMV(al, k.csr(a), dv, 0, ov)
	case kerSpMMT:
		t := k.csr(a) // A^T: a.cols x a.rows
		// (D A)^T = A^T D^T.
		ct := make([]V, a.cols*m)
		if err := kernels.SpMM(al, t, transposeCopy(dv, m, a.rows), int(m), 0, ct); err != nil {
			return err
		}
		transposeInto(ov, ct, a.cols, m)
		return nil
	case kerSpMVCOO:
		// d A = (A^T d^T)^T, and the COO of A^T swaps rows and columns.
		c := k.coo(a)
		c.Rows, c.Cols, c.Row, c.Col = c.Cols, c.Rows, c.Col, c.Row
		return kernels.SpMVCOO(al, c, dv, 0, ov)
	case kerCOODenseSpMM:
		c, err := k.cooCSR(a)
		if err != nil {
			return err
		}
		return kernels.DenseSpMM(al, dv, int(m), c, 0, ov)
	}
	return errs.Errorf(errs.ErrInternal, "linalg: dense @ sparse needs a CSR, CSC or COO matrix, got kind %d", a.kind)
}

func (k typedOps[I, V]) gemm(alpha dtype.Scalar, a, b dtype.Array, nb, m, kk, n int64, out dtype.Array) {
	al := k.v(alpha)
	av, bv, ov := dtype.AsSlice[V](a), dtype.AsSlice[V](b), dtype.AsSlice[V](out)
	// The blocked GEMM with its assembly tiles (float32 summed in float32,
	// as torch's and numpy's sgemm), small batches in parallel.
	switch o := any(ov).(type) {
	case []float64:
		kernels.GemmBatched(int(nb), int(m), int(kk), int(n), any(al).(float64), any(av).([]float64), any(bv).([]float64), o)
		return
	case []float32:
		kernels.GemmBatched(int(nb), int(m), int(kk), int(n), any(al).(float32), any(av).([]float32), any(bv).([]float32), o)
		return
	}
	for i := int64(0); i < nb*m; i++ {
		orow := ov[i*n : (i+1)*n]
		clear(orow)
		base := i / m * kk * n // batch i/m's b
		for q := int64(0); q < kk; q++ {
			s := al * av[i*kk+q]
			brow := bv[base+q*n : base+(q+1)*n]
			brow = brow[:len(orow)]
			for j := range orow {
				orow[j] += s * brow[j]
			}
		}
	}
}

func (k typedOps[I, V]) sddmm(alpha, beta dtype.Scalar, a, bt dtype.Array, kk int64, s kernelMat, out dtype.Array) error {
	return kernels.SDDMM(k.v(alpha), dtype.AsSlice[V](a), dtype.AsSlice[V](bt), int(kk), k.v(beta), k.csr(s), dtype.AsSlice[V](out))
}

func (k typedOps[I, V]) rowProducts(alpha dtype.Scalar, a kernelMat, b dtype.Array, n int64) ([]int64, dtype.Array, error) {
	c, err := k.rowCSR(a)
	if err != nil {
		return nil, dtype.Array{}, err
	}
	// The non-empty rows, as a CSR of their own over the same arrays: the
	// rows skipped are empty, so consecutive kept rows stay adjacent.
	var rows []int64
	ptr := []I{c.Ptr[0]}
	for i := 0; i < c.Rows; i++ {
		if c.Ptr[i+1] > c.Ptr[i] {
			rows = append(rows, int64(i))
			ptr = append(ptr, c.Ptr[i+1])
		}
	}
	total, ok := errs.MulChecked(int64(len(rows)), n)
	if !ok {
		total = -1
	}
	if err := errs.CheckAlloc("result values", total, k.d.Size()); err != nil {
		return nil, dtype.Array{}, err
	}
	vals := make([]V, total)
	sub := kernels.CSR[I, V]{Rows: len(rows), Cols: c.Cols, Ptr: ptr, Idx: c.Idx, Val: c.Val}
	if err := kernels.SpMM(k.v(alpha), sub, dtype.AsSlice[V](b), int(n), 0, vals); err != nil {
		return nil, dtype.Array{}, err
	}
	out := wrap(k.d, vals)
	out.Shape = []int64{int64(len(rows)), n}
	return rows, out, nil
}

func (k typedOps[I, V]) colSums(a dtype.Array, r, c int64) dtype.Array {
	av := dtype.AsSlice[V](a)
	s := make([]V, c)
	for i := int64(0); i < r; i++ {
		row := av[i*c : (i+1)*c]
		row = row[:len(s)]
		for j := range s {
			s[j] += row[j]
		}
	}
	return wrap(k.d, s)
}

func (k typedOps[I, V]) rowSums(a dtype.Array, r, c int64) dtype.Array {
	av := dtype.AsSlice[V](a)
	s := make([]V, r)
	for i := range s {
		var acc V
		for _, x := range av[int64(i)*c : int64(i+1)*c] {
			acc += x
		}
		s[i] = acc
	}
	return wrap(k.d, s)
}

func (k typedOps[I, V]) addOuter(out dtype.Array, m, n int64, s dtype.Scalar, u, v dtype.Array) {
	ov, uv, vv := dtype.AsSlice[V](out), dtype.AsSlice[V](u), dtype.AsSlice[V](v)
	sv := k.v(s)
	for i := int64(0); i < m; i++ {
		f := sv
		if len(uv) > 0 {
			f *= uv[i]
		}
		row := ov[i*n : (i+1)*n]
		if len(vv) == 0 {
			for j := range row {
				row[j] += f
			}
			continue
		}
		vv := vv[:len(row)]
		for j := range row {
			row[j] += f * vv[j]
		}
	}
}

func (k typedOps[I, V]) addScaled(out dtype.Array, m, n int64, s dtype.Scalar, in dtype.Array, si, sj int64) {
	ov, iv := dtype.AsSlice[V](out), dtype.AsSlice[V](in)
	sv := k.v(s)
	for i := int64(0); i < m; i++ {
		row := ov[i*n : (i+1)*n]
		if sv == 1 {
			// Not 1 * x: a complex (1+0i) * (inf+inf i) is NaN in Go's arithmetic.
			for j := range row {
				row[j] += iv[i*si+int64(j)*sj]
			}
			continue
		}
		for j := range row {
			row[j] += sv * iv[i*si+int64(j)*sj]
		}
	}
}

func (k typedOps[I, V]) affine(a dtype.Array, s, c dtype.Scalar) dtype.Array {
	av := dtype.AsSlice[V](a)
	sv, cv := k.v(s), k.v(c)
	out := make([]V, len(av))
	for i, x := range av {
		out[i] = sv*x + cv
	}
	r := wrap(k.d, out)
	r.Shape = append([]int64(nil), a.Shape...)
	return r
}

// transposeCopy returns the (c x r) transpose of a row-major (r x c) matrix.
func transposeCopy[V any](a []V, r, c int64) []V {
	out := make([]V, r*c)
	transposeInto(out, a, r, c)
	return out
}

// transposeInto writes the (c x r) transpose of a row-major (r x c) matrix
// into out (the kernel's blocked, parallel transpose; the sizes fit: the
// caller allocated both).
func transposeInto[V any](out, a []V, r, c int64) {
	if err := kernels.Transpose(out, a, int(r), int(c)); err != nil {
		panic(err) // unreachable: both slices hold r*c elements
	}
}
