package ops

import (
	"math"
	"math/cmplx"
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// storedOffsets is, for each element of t's values, the offset of its
// coordinates in a dense operand read with the element strides st over t's
// dims (engine.BroadcastStrides). CSR and CSC matrices walk pos and crd
// directly; other layouts walk their levels (tensor.EntriesOf).
func storedOffsets(t *tensor.Tensor, st []int64) ([]int64, error) {
	n := t.Values().Numel()
	if err := errs.CheckAlloc("broadcast offsets", n, 8); err != nil {
		return nil, err
	}
	off := make([]int64, n)
	lv := t.Levels()
	if (t.Layout() == tensor.CSR || t.Layout() == tensor.CSC) && t.NDim() == 2 && t.BatchDim() == 0 && t.DenseDim() == 0 {
		so, si := st[lv[0].Dim], st[lv[1].Dim]
		pos, crd := lv[1].Pos, lv[1].Crd
		rows := pos.Numel() - 1
		for i := int64(0); i < rows; i++ {
			for k := pos.Index(i); k < pos.Index(i+1); k++ {
				off[k] = i*so + crd.Index(k)*si
			}
		}
		return off, nil
	}
	kc := t.NDim() - t.DenseDim()
	inner := blockOffsets(t.Dims()[kc:], st[kc:])
	if t.Layout() == tensor.COO {
		cooOffsets(t.Indices(), st[:kc], inner, off)
		return off, nil
	}
	e, err := tensor.EntriesOf(t, kc)
	if err != nil {
		return nil, err
	}
	bs := int64(len(inner))
	for j := int64(0); j < e.N; j++ {
		base := int64(0)
		for d := 0; d < kc; d++ {
			base += e.Coords[d][j] * st[d]
		}
		dst := off[e.Src[j]*bs : (e.Src[j]+1)*bs]
		for q, o := range inner {
			dst[q] = base + o
		}
	}
	return off, nil
}

// denseOperandOf is t's dense value; a coalesced COO tensor without dense dims
// (a reduction's result: A.sum(1, keepdim=True)) is scattered straight from
// its index rows, O(numel + nse).
func denseOperandOf(t *tensor.Tensor) (*tensor.Tensor, error) {
	if t.Layout() != tensor.COO || t.PerSlotFill() || t.DenseDim() != 0 || !t.IsCoalesced() {
		return convert.ToDense(t)
	}
	n := dtype.NumelOf(t.Dims())
	if err := errs.CheckAlloc("to_dense", n, t.DType().Size()); err != nil {
		return nil, err
	}
	vals := t.Values()
	off := make([]int64, vals.Numel())
	cooOffsets(t.Indices(), denseStrides(t.Dims()), []int64{0}, off)
	out := dtype.NewArray(t.DType(), t.Dims())
	tensor.FillArray(out, t.FillElem())
	es := int64(t.DType().Size())
	for k, o := range off {
		copy(out.Data[o*es:(o+1)*es], vals.Data[int64(k)*es:int64(k+1)*es])
	}
	return tensor.NewStrided(out)
}

// denseStrides is the row-major element strides of shape.
func denseStrides(shape []int64) []int64 {
	st := make([]int64, len(shape))
	s := int64(1)
	for d := len(shape) - 1; d >= 0; d-- {
		st[d] = s
		s *= shape[d]
	}
	return st
}

// cooOffsets fills off from a COO index array (one row per sparse dim, one
// column per entry, entries in value order), each entry's block of values
// at the offsets inner from its coordinates' offset.
func cooOffsets(idx dtype.Array, st, inner, off []int64) {
	nse := int64(0)
	if len(idx.Shape) == 2 {
		nse = idx.Shape[1]
	}
	bs := int64(len(inner))
	for k := int64(0); k < nse; k++ {
		base := int64(0)
		for d, s := range st {
			base += idx.Index(int64(d)*nse+k) * s
		}
		for q, o := range inner {
			off[k*bs+int64(q)] = base + o
		}
	}
}

// blockOffsets is the offset of each element of a row-major block of the
// given shape under the element strides st.
func blockOffsets(shape, st []int64) []int64 {
	out := make([]int64, dtype.NumelOf(shape))
	idx := make([]int64, len(shape))
	for q := range out {
		o := int64(0)
		for d, i := range idx {
			o += i * st[d]
		}
		out[q] = o
		for d := len(idx) - 1; d >= 0; d-- {
			if idx[d]++; idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	return out
}

// len is the number of elements of v.
func (v vec) len() int {
	switch v.dom {
	case domInt:
		return len(v.i)
	case domReal:
		return len(v.f)
	}
	return len(v.c)
}

// isNaNAt reports whether v's element i is NaN (in either part).
func (v vec) isNaNAt(i int) bool {
	switch v.dom {
	case domInt:
		return false
	case domReal:
		return math.IsNaN(v.f[i])
	}
	return cmplx.IsNaN(v.c[i])
}

// repeatVec is n copies of v's first element.
func repeatVec(v vec, n int) vec {
	return gatherVec(v, make([]int64, n))
}

// cloneVec is a copy of v.
func cloneVec(v vec) vec {
	return vec{dom: v.dom, i: slices.Clone(v.i), f: slices.Clone(v.f), c: slices.Clone(v.c)}
}

// gatherVec is v's elements at the offsets idx.
func gatherVec(v vec, idx []int64) vec {
	out := makeVec(v.dom, len(idx))
	switch v.dom {
	case domInt:
		for k, o := range idx {
			out.i[k] = v.i[o]
		}
	case domReal:
		for k, o := range idx {
			out.f[k] = v.f[o]
		}
	default:
		for k, o := range idx {
			out.c[k] = v.c[o]
		}
	}
	return out
}
