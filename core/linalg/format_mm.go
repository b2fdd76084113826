package linalg

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// The format path of sparse @ dense: a tensor whose layout no kernel view
// serves (a custom format other than DIA, DCSR, DCSC, CSF) multiplies a
// dense vector or matrix straight from its own levels, walked fiber by
// fiber (formatWalk), instead of through a CSR or COO copy. DCSR has its
// own kernels (kernels.SpMMDCSR: the CSR row kernels over its stored rows). It serves a zero fill and the kernels'
// value dtypes; anything else takes the general path.

// formatPath reports whether a takes the format path.
func formatPath(a *tensor.Tensor) bool {
	switch a.Layout() {
	case tensor.Custom, tensor.DCSR, tensor.DCSC, tensor.CSF:
	default:
		return false
	}
	// The format says everything, batch and dense dims included (as
	// leading and trailing dense levels).
	if !mvZeroFill(a.FillElem()) {
		return false
	}
	switch a.DType() {
	case dtype.Float64, dtype.Float32, dtype.Complex128, dtype.Complex64, dtype.Int64, dtype.Int32, dtype.Int16, dtype.Int8, dtype.UInt8:
		return true
	}
	return false
}

// formatStore is a tensor's storage in its format: the level arrays (an
// Array without data where a level stores none) and the values.
type formatStore struct {
	f        format.Format
	sizes    []int64
	pos, crd []dtype.Array
	val      dtype.Array
}

// storeOf returns a's storage (USTStorage's: a custom tensor's own arrays,
// a named layout's viewed for the call).
func storeOf(a *tensor.Tensor) (formatStore, error) {
	u, err := a.USTStorage()
	if err != nil {
		return formatStore{}, err
	}
	return formatStore{f: u.Format, sizes: u.LevelSizes, pos: u.Pos, crd: u.Crd, val: u.Values}, nil
}

// sameWidth reports whether every level array of s has dtype d.
func sameWidth(s formatStore, d dtype.DType) bool {
	for l := range s.pos {
		if len(s.pos[l].Data) > 0 && s.pos[l].DType != d || len(s.crd[l].Data) > 0 && s.crd[l].DType != d {
			return false
		}
	}
	return true
}

// widen returns an int64 copy of an int32 index array (an int64 one as it is).
func widen(a dtype.Array) dtype.Array {
	if len(a.Data) == 0 || a.DType == dtype.Int64 {
		return a
	}
	return wrap(dtype.Int64, tensor.IndexInts(a))
}

// formatOps is the format walk of one (index width, value dtype) pair.
type formatOps interface {
	// formatSpMM sets out (rows x n) = alpha * A @ b from A's storage s:
	// through kernels.SpMMBSRColMajor when colMajor (sparseDenseRoute's
	// routeBSRCol), else the level walk.
	formatSpMM(alpha dtype.Scalar, s formatStore, shape []int64, b dtype.Array, n int64, out dtype.Array, colMajor bool) error
	// dcsrSpMM sets out (m x n) = alpha * A @ b for the DCSR A whose first
	// level is pos0/crd0 and whose stored rows are the CSR a (its rows
	// field unused), b dense (a.cols x n).
	dcsrSpMM(alpha dtype.Scalar, pos0, crd0 dtype.Array, a kernelMat, m int64, b dtype.Array, n int64, out dtype.Array) error
	// deltaSpMM sets out (m x n) = alpha * A @ b for the delta(bits) CSR A
	// whose column level is a's ptr (pos) and idx (gaps), b dense.
	deltaSpMM(alpha dtype.Scalar, a kernelMat, m int64, bits int, b dtype.Array, n int64, out dtype.Array) error
}

func (k typedOps[I, V]) formatSpMM(alpha dtype.Scalar, s formatStore, shape []int64, b dtype.Array, n int64, out dtype.Array, colMajor bool) error {
	pos, crd := make([][]I, len(s.pos)), make([][]I, len(s.crd))
	for l := range s.pos {
		if len(s.pos[l].Data) > 0 {
			pos[l] = dtype.AsSlice[I](s.pos[l])
		}
		if len(s.crd[l].Data) > 0 {
			crd[l] = dtype.AsSlice[I](s.crd[l])
		}
	}
	if colMajor {
		bm, bn, _ := bsrColMajor(s.f)
		a := kernels.BSR[I, V]{BlockRows: int(shape[0] / bm), BlockCols: int(shape[1] / bn), BM: int(bm), BN: int(bn),
			Ptr: pos[1], Idx: crd[1], Val: dtype.AsSlice[V](s.val)}
		if len(a.Ptr) == 0 { // no block row reached: the reference's empty pos
			clear(dtype.AsSlice[V](out))
			return nil
		}
		return kernels.SpMMBSRColMajor(k.v(alpha), a, dtype.AsSlice[V](b), int(n), 0, dtype.AsSlice[V](out))
	}
	w, err := newFormatWalk(s.f, s.sizes, shape, pos, crd, dtype.AsSlice[V](s.val))
	if err != nil {
		return errs.Errorf(errs.ErrInternal, "the storage of a %s tensor: %v", s.f, err)
	}
	o := dtype.AsSlice[V](out)
	w.product(dtype.AsSlice[V](b), int(n), o)
	if al := k.v(alpha); al != 1 {
		for i := range o {
			o[i] *= al
		}
	}
	return nil
}

// dcsrSpMM sets out (rows x n) = alpha * a @ b for a 2-D DCSR tensor a
// (routeDCSR) and dense row-major b (cols x n), from a's arrays at their
// width: kernels.SpMMDCSR runs the CSR row kernels over the stored rows.
func dcsrSpMM(op string, alpha dtype.Scalar, a *tensor.Tensor, b dtype.Array, n int64, out dtype.Array) error {
	lv := a.Levels()
	ops, err := opsFor(op, a.DType(), lv[0].Crd.DType.Size()*8)
	if err != nil {
		return err
	}
	fo, ok := ops.(formatOps)
	if !ok {
		return errs.Errorf(errs.ErrInternal, "%s: no DCSR kernel for dtype %s", op, a.DType())
	}
	return kernelErr(op, fo.dcsrSpMM(alpha, lv[0].Pos, lv[0].Crd, kernelMat{kind: kindCSR, cols: a.Dims()[1],
		ptr: lv[1].Pos, idx: lv[1].Crd, val: a.Values()}, a.Dims()[0], b, n, out))
}

func (k typedOps[I, V]) dcsrSpMM(alpha dtype.Scalar, pos0, crd0 dtype.Array, a kernelMat, m int64, b dtype.Array, n int64, out dtype.Array) error {
	p0, c0 := dtype.AsSlice[I](pos0), dtype.AsSlice[I](crd0)
	if len(p0) < 2 || p0[1] == p0[0] {
		clear(dtype.AsSlice[V](out)) // no row stored (the reference's empty pos)
		return nil
	}
	rows := c0[p0[0]:p0[1]]
	c := k.csr(a)
	c.Rows, c.Ptr = len(rows), c.Ptr[p0[0]:int(p0[1])+1]
	return kernels.SpMMDCSR(k.v(alpha), rows, c, int(m), dtype.AsSlice[V](b), int(n), dtype.AsSlice[V](out))
}

// formatSpMMWalk sets out (rows x n, row-major) = alpha * A @ b for a
// tensor a that takes the format path (routeWalk, or routeBSRCol when
// colMajor), viewed as the matrix whose column is its last dim and whose
// row is its other dims flattened, and dense row-major b (cols x n). out's
// old contents are ignored. The walk reads the level arrays at their own width: a custom tensor's
// are int64 unless the caller's were borrowed, whatever IndexWidth says.
func formatSpMMWalk(op string, alpha dtype.Scalar, a *tensor.Tensor, b dtype.Array, n int64, out dtype.Array, colMajor bool) error {
	s, err := storeOf(a)
	if err != nil {
		return err
	}
	w := 64
	if sameWidth(s, dtype.Int32) {
		w = 32
	} else if !sameWidth(s, dtype.Int64) {
		// Mixed widths: read as int64, in slices of the call's own (a
		// custom tensor's are its storage, which nothing may write).
		s.pos, s.crd = append([]dtype.Array(nil), s.pos...), append([]dtype.Array(nil), s.crd...)
		for l := range s.pos {
			s.pos[l], s.crd[l] = widen(s.pos[l]), widen(s.crd[l])
		}
	}
	ops, err := opsFor(op, a.DType(), w)
	if err != nil {
		return err
	}
	fo, ok := ops.(formatOps)
	if !ok {
		return errs.Errorf(errs.ErrInternal, "%s: no format walk for dtype %s", op, a.DType())
	}
	return fo.formatSpMM(alpha, s, a.Dims(), b, n, out, colMajor)
}

// formatBatched returns a @ b for a 3-D tensor a on the format path
// (nb, m, k) and a dense matrix b (k, n), as a dense (nb, m, n) tensor: the
// batched product as one walk over a's levels, a read as the (nb*m) x k
// matrix of its flattened leading dims (matmul's CSF @ vector).
func formatBatched(op string, a, b *tensor.Tensor) (*tensor.Tensor, error) {
	nb, m, n := a.Dims()[0], a.Dims()[1], b.Dims()[1]
	if err := checkResult(op, a.DType(), []int64{nb, m, n}); err != nil {
		return nil, err
	}
	out := dtype.UninitArray(a.DType(), []int64{nb * m, n})
	if err := formatSpMMWalk(op, dtype.IntScalar(1), a, b.Values(), n, out, false); err != nil {
		return nil, err
	}
	return wrapStrided(out, nb, m, n)
}

// bsrColMajor reports whether f is BSR with column-major blocks,
// (i, j) -> (i / bm : dense, j / bn : compressed, j % bn : dense,
// i % bm : dense) up to the names, and its block size.
func bsrColMajor(f format.Format) (bm, bn int64, ok bool) {
	if len(f.Dims) != 2 || len(f.Levels) != 4 {
		return 0, 0, false
	}
	i, j := f.Dims[0], f.Dims[1]
	want := []struct {
		op   format.Op
		dim  string
		kind format.Kind
	}{{format.OpDiv, i, format.Dense}, {format.OpDiv, j, format.Compressed}, {format.OpMod, j, format.Dense}, {format.OpMod, i, format.Dense}}
	for l, w := range want {
		lv := f.Levels[l]
		if lv.Expr.Op != w.op || lv.Expr.A != w.dim || lv.Kind != w.kind || lv.Nonunique || lv.Unordered {
			return 0, 0, false
		}
	}
	bm, bn = f.Levels[0].Expr.C, f.Levels[1].Expr.C
	return bm, bn, bm == f.Levels[3].Expr.C && bn == f.Levels[2].Expr.C
}
