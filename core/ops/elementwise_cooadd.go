package ops

import (
	"cmp"
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// cooAddMerge is torch's add of two COO tensors with zero fills and the same
// dense dims: one pass over both entry lists in their stored order, taking
// the smaller coordinate first and combining equal ones. On coalesced inputs
// it is the sorted union; on uncoalesced ones it keeps their order (adding
// two uncoalesced tensors concatenates them, other's entries first where they
// compare smaller), and duplicates remain, summed later like any. alpha
// scales b's values (negated for sub); the result is coalesced when both are.
func cooAddMerge(a, b *tensor.Tensor, alpha vec, out dtype.DType) (*tensor.Tensor, error) {
	// Duplicates summed in another dtype could differ from their sum in
	// their own (bool's "or", integer wrap-around): coalesce those first.
	var err error
	if !a.IsCoalesced() && !linearSafe(a.DType(), out) {
		if a, err = convert.Coalesce(a); err != nil {
			return nil, err
		}
	}
	if !b.IsCoalesced() && !linearSafe(b.DType(), out) {
		if b, err = convert.Coalesce(b); err != nil {
			return nil, err
		}
	}
	s := a.SparseDim()
	na, nb := a.Indices().Shape[1], b.Indices().Shape[1]
	if err := errs.CheckAlloc("add", (na+nb)*int64(s+1), 8); err != nil {
		return nil, err
	}
	// cmp > 0 when a's column i comes first, < 0 when b's column j does.
	cmp := func(i, j int64) int {
		for d := int64(0); d < int64(s); d++ {
			x, y := a.Indices().Index(d*na+i), b.Indices().Index(d*nb+j)
			if x != y {
				return cmp.Compare(y, x)
			}
		}
		return 0
	}
	var ia, ib []int64
	for i, j := int64(0), int64(0); i < na || j < nb; {
		c := 0
		switch {
		case i >= na:
			c = -1
		case j >= nb:
			c = 1
		default:
			c = cmp(i, j)
		}
		ta, tb := int64(-1), int64(-1)
		if c >= 0 {
			ta, i = i, i+1
		}
		if c <= 0 {
			tb, j = j, j+1
		}
		ia, ib = append(ia, ta), append(ib, tb)
	}
	n := int64(len(ia))
	idt := dtype.Int32
	if a.IndexWidth() == 64 || b.IndexWidth() == 64 {
		idt = dtype.Int64
	}
	idx := dtype.NewArray(idt, []int64{int64(s), n})
	for r := int64(0); r < n; r++ {
		for d := int64(0); d < int64(s); d++ {
			v := int64(0)
			if ia[r] >= 0 {
				v = a.Indices().Index(d*na + ia[r])
			} else {
				v = b.Indices().Index(d*nb + ib[r])
			}
			tensor.SetIndex(idx, d*n+r, v)
		}
	}
	bs := dtype.NumelOf(a.DenseShape())
	x, y := loadVec(a.Values(), alpha.dom), loadVec(b.Values(), alpha.dom)
	z := makeVec(alpha.dom, int(n*bs))
	switch alpha.dom {
	case domInt:
		mergeSums(z.i, x.i, y.i, ia, ib, alpha.i[0], bs)
	case domReal:
		mergeSums(z.f, x.f, y.f, ia, ib, alpha.f[0], bs)
	default:
		mergeSums(z.c, x.c, y.c, ia, ib, alpha.c[0], bs)
	}
	vshape := append([]int64{n}, a.DenseShape()...)
	coalesced := a.IsCoalesced() && b.IsCoalesced()
	switch { // torch returns the other operand as it is when one has no entries
	case nb == 0:
		coalesced = a.IsCoalesced()
	case na == 0:
		coalesced = b.IsCoalesced()
	}
	r, err := tensor.NewCOO(idx, z.store(out, vshape), slices.Clone(a.Dims()), tensor.BuildOptions{NoCheck: true, Coalesced: coalesced})
	if err != nil {
		return nil, err
	}
	r = r.WithCoalesced(coalesced) // torch keeps false even for fewer than two entries
	return r, nil
}

// mergeSums writes, per merged entry, a's block (where ia >= 0) plus alpha
// times b's block (where ib >= 0), as torch's axpy into a zeroed result.
func mergeSums[T int64 | float64 | complex128](dst, x, y []T, ia, ib []int64, alpha T, bs int64) {
	if a, ok := any(alpha).(float64); ok && a != 1 && a != -1 {
		mergeSumsFused(any(dst).([]float64), any(x).([]float64), any(y).([]float64), ia, ib, a, bs)
		return
	}
	for r := range ia {
		d := dst[int64(r)*bs : int64(r+1)*bs]
		if i := ia[r]; i >= 0 {
			copy(d, x[i*bs:(i+1)*bs])
		}
		if j := ib[r]; j >= 0 {
			for k, v := range y[j*bs : (j+1)*bs] {
				d[k] += alpha * v
			}
		}
	}
}

// mergeSumsFused is mergeSums in float64 with alpha not 1 or -1: each sum
// rounds once, fma(alpha, y, d), as torch's add and the engine's merges.
func mergeSumsFused(dst, x, y []float64, ia, ib []int64, alpha float64, bs int64) {
	for r := range ia {
		d := dst[int64(r)*bs : int64(r+1)*bs]
		if i := ia[r]; i >= 0 {
			copy(d, x[i*bs:(i+1)*bs])
		}
		if j := ib[r]; j >= 0 {
			for k, v := range y[j*bs : (j+1)*bs] {
				d[k] = math.FMA(alpha, v, d[k])
			}
		}
	}
}
