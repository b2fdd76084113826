package solve

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// CholeskyFactor is the factorization L L^H = A[Perm][:, Perm] of a
// symmetric (Hermitian) positive definite sparse matrix, from Cholesky. It
// implements Factor.
type CholeskyFactor struct {
	dtype dtype.DType
	n     int
	width int
	p     []int
	impl  factorImpl
}

// Cholesky factors a symmetric (complex: Hermitian) positive definite
// sparse matrix of any layout as L L^H = A[p][:, p], reading only the lower
// triangle of A (the diagonal's imaginary part is ignored, as LAPACK does).
// ordering is OrderDefault or OrderAMD (approximate minimum degree on A's
// symmetric pattern) or OrderNatural. The symbolic analysis (elimination
// tree, exact column counts) sizes L before it is allocated and refuses
// beyond tensor.MemoryLimit with errs.ErrTooLarge; the numeric phase is the
// supernodal left-looking algorithm: columns of L with nested patterns are
// grouped into dense blocks updated by dense products (for real values the
// packed, cache-blocked kernels of package kernels), independent subtrees
// are factored on different goroutines, and the dense work of a big
// supernode (an update from a big descendant, its own POTRF and TRSM) is
// split over goroutines too, with the same result bit for bit. A matrix that is not
// positive definite is refused naming the column whose pivot is not positive.
func Cholesky(a *tensor.Tensor, ordering Ordering) (*CholeskyFactor, error) {
	a, err := promoted(a) // integers and bool as float64, as SciPy
	if err != nil {
		return nil, err
	}
	if err := checkSquare("A", a); err != nil {
		return nil, err
	}
	switch ordering {
	case OrderDefault, OrderNatural, OrderAMD:
	default:
		return nil, errs.Errorf(errs.ErrInvalidArgument, "ordering = %s: Cholesky takes default (0), natural (1) or amd (2)", ordering)
	}
	if isComplex(a.DType()) {
		return cholesky[complex128](a, ordering)
	}
	return cholesky[float64](a, ordering)
}

func cholesky[T elem](a *tensor.Tensor, ordering Ordering) (*CholeskyFactor, error) {
	m, err := loadCompressed[T](a, tensor.CSC)
	if err != nil {
		return nil, err
	}
	return choleskyOf(m, ordering, a.DType(), indexWidthOf(a))
}

// choleskyOf factors the matrix m read from a tensor of dtype d whose
// results take index width width.
func choleskyOf[T elem](m *compressed[T], ordering Ordering, d dtype.DType, width int) (*CholeskyFactor, error) {
	n := m.slices()
	lower := lowerTriangle(m)
	p := identity(n)
	if ordering != OrderNatural {
		p = symmetricOrder(lower)
	}
	c := permutedUpper(lower, invert(p))
	// Postordering the elimination tree makes each supernode's columns
	// consecutive and each subtree contiguous; the fill is unchanged.
	post := postorder(etree(c))
	for k, j := range post {
		post[k] = p[j]
	}
	p = post
	c = permutedUpper(lower, invert(p))
	parent := etree(c)
	counts := columnCounts(c, parent)
	rowsOfC := c.transposeStorage()
	sy, err := analyzeSupernodal(n, rowsOfC, parent, counts, entryBytes(isComplex(d)))
	if err != nil {
		return nil, err
	}
	f := &snFactor[T]{sy: sy, p: p}
	if e := f.factor(rowsOfC); e != nil {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "A: the matrix is not positive definite: the pivot of column %d is %g", p[e.col], e.pivot)
	}
	return &CholeskyFactor{dtype: d, n: n, width: width, p: p, impl: f}, nil
}

// lowerTriangle returns the entries of m on and below the diagonal, by columns.
func lowerTriangle[T elem](m *compressed[T]) *compressed[T] {
	c := m.toCSC()
	n := c.cols
	out := &compressed[T]{rows: n, cols: n, byCol: true, ptr: make([]int, n+1)}
	for j := 0; j < n; j++ {
		for p := c.ptr[j]; p < c.ptr[j+1]; p++ {
			if c.idx[p] >= j {
				out.idx = append(out.idx, c.idx[p])
				out.val = append(out.val, c.val[p])
			}
		}
		out.ptr[j+1] = len(out.idx)
	}
	return out
}

// permutedUpper returns the upper triangle of C = A[p][:, p] by columns,
// from A's lower triangle (pinv the inverse of p): entry (i, j), i >= j,
// lands at (pinv[i], pinv[j]), conjugated when that falls below C's diagonal.
func permutedUpper[T elem](lower *compressed[T], pinv []int) *compressed[T] {
	n := lower.cols
	ptr := make([]int, n+1)
	for j := 0; j < n; j++ {
		for p := lower.ptr[j]; p < lower.ptr[j+1]; p++ {
			ptr[max(pinv[lower.idx[p]], pinv[j])+1]++
		}
	}
	for j := 0; j < n; j++ {
		ptr[j+1] += ptr[j]
	}
	next := append([]int(nil), ptr[:n]...)
	idx := make([]int, len(lower.idx))
	val := make([]T, len(lower.idx))
	for j := 0; j < n; j++ {
		for p := lower.ptr[j]; p < lower.ptr[j+1]; p++ {
			r, c, v := pinv[lower.idx[p]], pinv[j], lower.val[p]
			if r > c {
				r, c, v = c, r, conj(v)
			}
			idx[next[c]], val[next[c]] = r, v
			next[c]++
		}
	}
	return &compressed[T]{rows: n, cols: n, byCol: true, ptr: ptr, idx: idx, val: val}
}

// etree returns the elimination tree of the upper triangular CSC matrix c
// (Liu's algorithm with path compression through ancestor links).
func etree[T elem](c *compressed[T]) []int {
	n := c.cols
	parent := make([]int, n)
	ancestor := make([]int, n)
	for k := 0; k < n; k++ {
		parent[k], ancestor[k] = -1, -1
		for p := c.ptr[k]; p < c.ptr[k+1]; p++ {
			for i := c.idx[p]; i != -1 && i < k; {
				next := ancestor[i]
				ancestor[i] = k
				if next == -1 {
					parent[i] = k
				}
				i = next
			}
		}
	}
	return parent
}

// ereach returns in s[top:] the pattern of row k of L (its columns i < k),
// in topological order: the nodes of the elimination tree on the paths from
// the rows of C's column k up to k. mark is stamped with k.
func ereach[T elem](c *compressed[T], k int, parent, s, mark []int) int {
	n := c.cols
	top := n
	mark[k] = k
	for p := c.ptr[k]; p < c.ptr[k+1]; p++ {
		i := c.idx[p]
		if i > k {
			continue
		}
		length := 0
		for ; mark[i] != k; i = parent[i] {
			s[length] = i
			length++
			mark[i] = k
		}
		for length > 0 {
			top--
			length--
			s[top] = s[length]
		}
	}
	return top
}

// columnCounts returns the number of entries of each column of L, diagonal
// included, by walking every row's pattern (O(nnz(L)) time, O(n) memory).
func columnCounts[T elem](c *compressed[T], parent []int) []int {
	n := c.cols
	counts := make([]int, n)
	s := make([]int, n)
	mark := make([]int, n)
	for i := range mark {
		mark[i] = -1
	}
	for k := 0; k < n; k++ {
		counts[k]++
		top := ereach(c, k, parent, s, mark)
		for _, i := range s[top:] {
			counts[i]++
		}
	}
	return counts
}

// Solve solves A X = B (left) or X A = B.
func (f *CholeskyFactor) Solve(b *tensor.Tensor, left bool) (*tensor.Tensor, error) {
	return f.impl.solveColumns(b, left, f.dtype)
}

// L returns the lower triangular factor (CSC, rows ascending).
func (f *CholeskyFactor) L() (*tensor.Tensor, error) { return f.impl.lower(f.dtype, f.width) }

// U refuses: a Cholesky factor is L L^H.
func (f *CholeskyFactor) U() (*tensor.Tensor, error) { return f.impl.upper(f.dtype, f.width) }

// RowPerm returns p with L L^H = A[p][:, p].
func (f *CholeskyFactor) RowPerm() []int64 { return toInt64(f.p) }

// ColPerm returns p, the same as RowPerm.
func (f *CholeskyFactor) ColPerm() []int64 { return toInt64(f.p) }

// Fill returns nnz(L).
func (f *CholeskyFactor) Fill() int64 { return f.impl.fill() }

// Order returns the order n of A.
func (f *CholeskyFactor) Order() int64 { return int64(f.n) }

// DType returns A's dtype.
func (f *CholeskyFactor) DType() dtype.DType { return f.dtype }
