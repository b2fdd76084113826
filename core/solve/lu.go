package solve

import (
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// LUOptions tunes Splu.
type LUOptions struct {
	// Ordering is the column ordering: OrderNatural, OrderAMD, OrderColAMD
	// or OrderDefault, which takes AMD on A + A^T when A's pattern is nearly
	// symmetric with a zero-free diagonal (the orderings then agree with
	// the pivots on the diagonal and fill far less) and ColAMD otherwise.
	Ordering Ordering
	// PivotThreshold in [0, 1]: the diagonal entry is kept as the pivot when
	// its magnitude is at least this fraction of the largest candidate's
	// (1: partial pivoting; smaller values keep the ordering's choice more
	// often, which may lower the fill). Zero takes the diagonal whenever it
	// is nonzero.
	PivotThreshold float64
}

// DefaultLUOptions is the automatic ordering (OrderDefault) and partial
// pivoting.
func DefaultLUOptions() LUOptions { return LUOptions{Ordering: OrderDefault, PivotThreshold: 1} }

// LU is the factorization L U = A[RowPerm()][:, ColPerm()] of a square
// sparse matrix, from Splu. It implements Factor.
type LU struct {
	dtype dtype.DType
	n     int
	width int
	p, q  []int
	impl  factorImpl
}

// Splu factors a square sparse matrix of any layout (float32, float64,
// complex64, complex128) as L U = A[p][:, q], L unit lower and U upper
// triangular: a fill-reducing column ordering q, then Gilbert-Peierls
// left-looking LU with threshold partial pivoting choosing the rows p. A
// singular or structurally singular matrix is refused naming the column
// ("zero pivot in column 17"); factors that would outgrow tensor.MemoryLimit
// are refused with errs.ErrTooLarge.
func Splu(a *tensor.Tensor, opt LUOptions) (*LU, error) {
	a, err := promoted(a) // integers and bool as float64, as SciPy
	if err != nil {
		return nil, err
	}
	if err := checkSquare("A", a); err != nil {
		return nil, err
	}
	if t := opt.PivotThreshold; math.IsNaN(t) || t < 0 || t > 1 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "pivot_threshold = %v must lie in [0, 1]", t)
	}
	switch opt.Ordering {
	case OrderDefault, OrderNatural, OrderAMD, OrderColAMD:
	default:
		return nil, errs.Errorf(errs.ErrInvalidArgument, "ordering = %d must be default (0), natural (1), amd (2) or colamd (3)", int32(opt.Ordering))
	}
	if isComplex(a.DType()) {
		return splu[complex128](a, opt)
	}
	return splu[float64](a, opt)
}

func splu[T elem](a *tensor.Tensor, opt LUOptions) (*LU, error) {
	m, err := loadCompressed[T](a, tensor.CSC)
	if err != nil {
		return nil, err
	}
	return spluOf(viewsOf(m), nil, opt, a.DType(), indexWidthOf(a), false)
}

// spluOf factors the matrix v read from a tensor of dtype d whose results
// take index width width. known, when not nil, is v's symmetry, taken by
// the caller (Spsolve): it is used when v stores no zeros (the pattern
// factored is then v's) instead of a second pass over both orientations.
// transient factors serve one solve and are dropped (Spsolve): the fill
// guess is made only should the storage run out, and a large excess of
// storage is not given back by a copy.
func spluOf[T elem](v views[T], known *symmetry, opt LUOptions, d dtype.DType, width int, transient bool) (*LU, error) {
	if nz := v.withoutZeros(); nz.byCol != v.byCol {
		v, known = nz, nil
	}
	csc := v.byCol
	n := csc.cols
	ordering := opt.Ordering
	// The pattern's symmetry picks the default ordering and tells whether
	// the fill guess applies (lu_guess.go).
	var sym symmetry
	if known != nil {
		sym = *known
	} else if ordering == OrderDefault || len(csc.idx) >= luGuessMinEntries {
		sym = symmetryOfViews(v)
	}
	if ordering == OrderDefault {
		ordering = OrderColAMD
		if sym.nearlySymmetric() {
			ordering = OrderAMD
		}
	}
	var q []int
	guess := int64(-1) // the fill guess, -1 until made
	switch ordering {
	case OrderNatural:
		q = identity(n)
	case OrderAMD:
		q = symmetricOrder(csc)
	default:
		q, guess = columnOrderForLU(v, sym)
	}
	sizing := luSizing{guess: guess, trim: !transient}
	if guess < 0 {
		sizing.guess = 0
		if transient {
			sizing.lazy = func() int64 { return symmetricFillGuess(v, q, sym) }
		} else {
			sizing.guess = symmetricFillGuess(v, q, sym)
		}
	}
	f, err := factorLUSized(csc, q, opt.PivotThreshold, entryBytes(isComplex(d)), sizing)
	if err != nil {
		return nil, err
	}
	return &LU{dtype: d, n: n, width: width, p: f.perm, q: q, impl: f}, nil
}

// Solve solves A X = B (left) or X A = B.
func (f *LU) Solve(b *tensor.Tensor, left bool) (*tensor.Tensor, error) {
	return f.impl.solveColumns(b, left, f.dtype)
}

// L returns the unit lower triangular factor (CSC, rows ascending).
func (f *LU) L() (*tensor.Tensor, error) { return f.impl.lower(f.dtype, f.width) }

// U returns the upper triangular factor (CSC, rows ascending).
func (f *LU) U() (*tensor.Tensor, error) { return f.impl.upper(f.dtype, f.width) }

// RowPerm returns p, the row of A that became row k of L U.
func (f *LU) RowPerm() []int64 { return toInt64(f.p) }

// ColPerm returns q, the column of A that became column k of L U.
func (f *LU) ColPerm() []int64 { return toInt64(f.q) }

// Fill returns nnz(L) + nnz(U), L's unit diagonal included.
func (f *LU) Fill() int64 { return f.impl.fill() }

// Order returns the order n of A.
func (f *LU) Order() int64 { return int64(f.n) }

// DType returns A's dtype.
func (f *LU) DType() dtype.DType { return f.dtype }

func (f *luNumeric[T]) fill() int64 { return int64(len(f.li) + len(f.ui)) }

func (f *luNumeric[T]) solveColumns(b *tensor.Tensor, left bool, d dtype.DType) (*tensor.Tensor, error) {
	r, err := loadRHS[T](b, f.n, d, left)
	if err != nil {
		return nil, err
	}
	workers := solveWorkers(r.k, int64(r.k)*2*f.fill())
	scratch := make([][]T, workers)
	for w := range scratch {
		scratch[w] = make([]T, f.n)
	}
	_ = eachColumn(r.k, workers, func(c, w int) error {
		if left {
			f.solveInPlace(r.column(c), scratch[w])
		} else {
			f.solveTransposedInPlace(r.column(c), scratch[w])
		}
		return nil
	})
	return r.tensor(d, slices.Clone(b.Dims()), left)
}

func (f *luNumeric[T]) lower(d dtype.DType, width int) (*tensor.Tensor, error) {
	idx, val := sortedCSC(f.lp, f.li, f.lx)
	return cscTensor(d, f.n, f.n, f.lp, idx, val, width)
}

func (f *luNumeric[T]) upper(d dtype.DType, width int) (*tensor.Tensor, error) {
	idx, val := sortedCSC(f.up, f.ui, f.ux)
	return cscTensor(d, f.n, f.n, f.up, idx, val, width)
}
