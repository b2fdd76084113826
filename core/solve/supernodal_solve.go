package solve

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
)

func (f *snFactor[T]) fill() int64 {
	sy := f.sy
	total := int64(0)
	for s := 0; s+1 < len(sy.super); s++ {
		nr, nc := int64(sy.nrows(s)), int64(sy.ncols(s))
		total += nc*nr - nc*(nc-1)/2
	}
	return total
}

// lower copies the blocks out as CSC columns (the diagonal first, rows ascending).
func (f *snFactor[T]) lower(d dtype.DType, width int) (*tensor.Tensor, error) {
	sy := f.sy
	n := sy.n
	lp := make([]int, n+1)
	for s := 0; s+1 < len(sy.super); s++ {
		for j := sy.super[s]; j < sy.super[s+1]; j++ {
			lp[j+1] = lp[j] + sy.nrows(s) - (j - sy.super[s])
		}
	}
	li, lx := make([]int, lp[n]), make([]T, lp[n])
	for s := 0; s+1 < len(sy.super); s++ {
		nr := sy.nrows(s)
		rows := sy.ri[sy.rp[s]:sy.rp[s+1]]
		blk := f.lx[sy.xp[s]:sy.xp[s+1]]
		for j := sy.super[s]; j < sy.super[s+1]; j++ {
			c := j - sy.super[s]
			copy(li[lp[j]:lp[j+1]], rows[c:])
			copy(lx[lp[j]:lp[j+1]], blk[c*nr+c:(c+1)*nr])
		}
	}
	return cscTensor(d, n, n, lp, li, lx, width)
}

func (f *snFactor[T]) upper(dtype.DType, int) (*tensor.Tensor, error) {
	return nil, errs.Errorf(errs.ErrInvalidArgument, "factor: a Cholesky factor has no U: A[p][:, p] = L L^H")
}

func (f *snFactor[T]) solveColumns(b *tensor.Tensor, left bool, d dtype.DType) (*tensor.Tensor, error) {
	r, err := loadRHS[T](b, f.sy.n, d, left)
	if err != nil {
		return nil, err
	}
	workers := solveWorkers(r.k, int64(r.k)*2*f.fill())
	scratch := make([][]T, workers)
	for w := range scratch {
		scratch[w] = make([]T, f.sy.n)
	}
	_ = eachColumn(r.k, workers, func(c, w int) error {
		col := r.column(c)
		if left {
			f.solveInPlace(col, scratch[w])
			return nil
		}
		// A^T = conj(A) for a Hermitian A: A^T x = c is A conj(x) = conj(c).
		for i := range col {
			col[i] = conj(col[i])
		}
		f.solveInPlace(col, scratch[w])
		for i := range col {
			col[i] = conj(col[i])
		}
		return nil
	})
	return r.tensor(d, slices.Clone(b.Dims()), left)
}

// solveInPlace overwrites b with x solving A x = b: L y = b[p], L^H z = y,
// x[p] = z, a supernode's block at a time.
func (f *snFactor[T]) solveInPlace(b, y []T) {
	sy := f.sy
	for k, i := range f.p {
		y[k] = b[i]
	}
	ns := len(sy.super) - 1
	for s := 0; s < ns; s++ {
		fc, nc, nr := sy.super[s], sy.ncols(s), sy.nrows(s)
		rows := sy.ri[sy.rp[s]:sy.rp[s+1]]
		blk := f.lx[sy.xp[s]:sy.xp[s+1]]
		for c := 0; c < nc; c++ {
			col := blk[c*nr : (c+1)*nr]
			yc := y[fc+c] / col[c]
			y[fc+c] = yc
			for i := c + 1; i < nr; i++ {
				y[rows[i]] -= col[i] * yc
			}
		}
	}
	for s := ns - 1; s >= 0; s-- {
		fc, nc, nr := sy.super[s], sy.ncols(s), sy.nrows(s)
		rows := sy.ri[sy.rp[s]:sy.rp[s+1]]
		blk := f.lx[sy.xp[s]:sy.xp[s+1]]
		for c := nc - 1; c >= 0; c-- {
			col := blk[c*nr : (c+1)*nr]
			v := y[fc+c]
			for i := c + 1; i < nr; i++ {
				v -= conj(col[i]) * y[rows[i]]
			}
			y[fc+c] = v / conj(col[c])
		}
	}
	for k, i := range f.p {
		b[i] = y[k]
	}
}
