package linalg

import (
	"math"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels"
)

// finite reports whether the fill f and every element of sums are finite
// (x - x is 0 exactly for a finite x, real or complex, and always for integers).
func (k typedOps[I, V]) finite(f dtype.Scalar, sums dtype.Array) bool {
	if math.IsInf(f.Re(), 0) || math.IsNaN(f.Re()) || math.IsInf(f.Im(), 0) || math.IsNaN(f.Im()) {
		return false
	}
	for _, x := range dtype.AsSlice[V](sums) {
		if x-x != 0 {
			return false
		}
	}
	return true
}

// fillProduct sets out (a.rows x n) = alpha * (A @ B) for dense row-major B
// (a.cols x n), where A's stored elements are a's (CSR or COO, repeats
// summed) and its unspecified ones f, in IEEE arithmetic: the stored terms
// through the kernel, then per element the sum of the unspecified terms
// f * b[q, j] (fillTerms). For float and complex dtypes (an integer fill
// is always finite and takes the split instead).
func (k typedOps[I, V]) fillProduct(alpha dtype.Scalar, f dtype.Scalar, a kernelMat, b dtype.Array, n int64, out dtype.Array) error {
	c, err := k.rowCSR(a)
	if err != nil {
		return err
	}
	bv, ov := dtype.AsSlice[V](b), dtype.AsSlice[V](out)
	if err := kernels.SpMM(1, c, bv, int(n), 0, ov); err != nil {
		return err
	}
	if err := errs.CheckAlloc("the terms of the fill value", int64(len(bv)), k.d.Size()); err != nil {
		return err
	}
	fv := k.v(f)
	terms := make([]V, len(bv))
	for i, x := range bv {
		terms[i] = fv * x
	}
	// A complex matrix is a real one of twice the width: the parts of a sum
	// are the sums of the parts.
	switch t := any(terms).(type) {
	case []float64:
		fillTerms(c.Ptr, c.Idx, c.Cols, t, int(n), dtype.AsSlice[float64](out))
	case []float32:
		fillTerms(c.Ptr, c.Idx, c.Cols, t, int(n), dtype.AsSlice[float32](out))
	case []complex128:
		fillTerms(c.Ptr, c.Idx, c.Cols, complexParts[float64](t), 2*int(n), dtype.AsSlice[float64](out))
	case []complex64:
		fillTerms(c.Ptr, c.Idx, c.Cols, complexParts[float32](t), 2*int(n), dtype.AsSlice[float32](out))
	default:
		return errs.Errorf(errs.ErrInternal, "linalg: the IEEE fill product takes float or complex values, got %s", k.d)
	}
	if !alpha.IsOne() {
		al := k.v(alpha)
		for i := range ov {
			ov[i] *= al
		}
	}
	return nil
}

// complexParts views complex values as their real and imaginary parts.
func complexParts[F float32 | float64, C complex64 | complex128](c []C) []F {
	if len(c) == 0 {
		return nil
	}
	return unsafe.Slice((*F)(unsafe.Pointer(&c[0])), 2*len(c))
}

// fillTerms adds to out (rows x w) the sums over the unspecified
// positions of each row of a pattern (ptr, idx over cols columns; repeated
// columns count once) of the terms t (cols x w): out[i, j] += the sum of
// t[q, j] over the q that row i does not store. Per column it keeps the
// total of the finite terms and the counts of finite, NaN, +inf and -inf
// ones; per row it takes away the stored positions' and reads the sum off
// the counts, as IEEE addition gives it: NaN with a NaN or with both
// infinities, else an infinity, else the finite total (0 with no finite
// term left, so that a row without unspecified elements adds exactly 0).
func fillTerms[I kernels.Index, F float32 | float64](ptr, idx []I, cols int, t []F, w int, out []F) {
	all, row := newLinTermStats(w), newLinTermStats(w)
	for q := 0; q < cols; q++ {
		for j, x := range t[q*w : (q+1)*w] {
			all.add(j, float64(x), 1)
		}
	}
	seen := make([]int, cols) // row i + 1 that last took column q away
	for i := 0; i+1 < len(ptr); i++ {
		row.copyFrom(all)
		for p := ptr[i]; p < ptr[i+1]; p++ {
			q := int(idx[p])
			if seen[q] == i+1 {
				continue
			}
			seen[q] = i + 1
			for j, x := range t[q*w : (q+1)*w] {
				row.add(j, float64(x), -1)
			}
		}
		o := out[i*w : (i+1)*w]
		for j := range o {
			o[j] += F(row.sum(j))
		}
	}
}

// termStats are per-column totals of finite terms and counts by class.
type termStats struct {
	total                       []float64
	finite, nan, posInf, negInf []int64
}

func newLinTermStats(w int) termStats {
	return termStats{total: make([]float64, w), finite: make([]int64, w), nan: make([]int64, w), posInf: make([]int64, w), negInf: make([]int64, w)}
}

func (s termStats) copyFrom(o termStats) {
	copy(s.total, o.total)
	copy(s.finite, o.finite)
	copy(s.nan, o.nan)
	copy(s.posInf, o.posInf)
	copy(s.negInf, o.negInf)
}

// add counts the term x in column j once more (sign 1) or once less (-1).
func (s termStats) add(j int, x float64, sign int64) {
	switch {
	case math.IsNaN(x):
		s.nan[j] += sign
	case math.IsInf(x, 1):
		s.posInf[j] += sign
	case math.IsInf(x, -1):
		s.negInf[j] += sign
	default:
		s.total[j] += float64(sign) * x
		s.finite[j] += sign
	}
}

// sum is the IEEE sum of column j's terms.
func (s termStats) sum(j int) float64 {
	switch {
	case s.nan[j] > 0 || s.posInf[j] > 0 && s.negInf[j] > 0:
		return math.NaN()
	case s.posInf[j] > 0:
		return math.Inf(1)
	case s.negInf[j] > 0:
		return math.Inf(-1)
	case s.finite[j] == 0:
		return 0
	}
	return s.total[j]
}
