package ops

import (
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// softmaxViaCOO is Softmax through t's coalesced COO form, the route
// before the engine, kept as the tests' reference (the differential
// oracle of issue 32): every group gathered by a sort of the coordinates,
// each computed in complex128 (cexp, clog) and stored back in t's dtype.
func softmaxViaCOO(t *tensor.Tensor, dim int, log bool) (*tensor.Tensor, error) {
	nd := len(t.Dims())
	if t.PerSlotFill() { // never read (unspecified elements are excluded): a scalar one for the COO form
		var err error
		if t, err = tensor.WithFill(t, make([]byte, t.DType().Size())); err != nil {
			return nil, err
		}
	}
	c, err := coalescedCOO(t)
	if err != nil {
		return nil, err
	}
	s := nd - c.DenseDim
	dshape := c.Shape[s:]
	block := dtype.NumelOf(dshape)
	n := c.Nse()
	out := dtype.NewArray(c.Dtype, c.Vals.Shape)
	vals := make([]complex128, n*block)
	for i := range vals {
		v := c.Vals.Complex(int64(i))
		vals[i] = complex(v.Re(), v.Im())
	}
	res := make([]complex128, len(vals))
	if dim < s {
		order := make([]int64, n)
		for i := range order {
			order[i] = int64(i)
		}
		key := func(e int64) []int64 {
			k := make([]int64, 0, s-1)
			for d := 0; d < s; d++ {
				if d != dim {
					k = append(k, c.Coords[d][e])
				}
			}
			return k
		}
		slices.SortStableFunc(order, func(a, b int64) int { return slices.Compare(key(a), key(b)) })
		for lo := int64(0); lo < n; {
			hi := lo + 1
			for hi < n && slices.Equal(key(order[lo]), key(order[hi])) {
				hi++
			}
			group := order[lo:hi]
			for j := int64(0); j < block; j++ {
				idx := make([]int64, len(group))
				for i, e := range group {
					idx[i] = e*block + j
				}
				softmaxInto(res, vals, idx, log)
			}
			lo = hi
		}
	} else {
		dd := dim - s
		inner := dtype.NumelOf(dshape[dd+1:])
		outer := dtype.NumelOf(dshape[:dd])
		for e := int64(0); e < n; e++ {
			for o := int64(0); o < outer; o++ {
				for in := int64(0); in < inner; in++ {
					idx := make([]int64, dshape[dd])
					for k := range idx {
						idx[k] = e*block + (o*dshape[dd]+int64(k))*inner + in
					}
					softmaxInto(res, vals, idx, log)
				}
			}
		}
	}
	for i, v := range res {
		out.SetComplex(int64(i), dtype.Complex128Scalar(v))
	}
	r := &convert.CooEntries{Shape: c.Shape, DenseDim: c.DenseDim, Coords: c.Coords, Vals: out, Coalesced: true,
		Width: c.Width, Fill: make([]byte, c.Dtype.Size()), Dtype: c.Dtype}
	return r.Tensor()
}

// softmaxInto computes a numerically stable (log-)softmax of vals[idx...] into res[idx...].
func softmaxInto(res, vals []complex128, idx []int64, log bool) {
	m := math.Inf(-1)
	for _, i := range idx {
		m = math.Max(m, real(vals[i]))
	}
	if math.IsInf(m, -1) {
		m = 0
	}
	var sum complex128
	for _, i := range idx {
		sum += cexp(vals[i] - complex(m, 0))
	}
	for _, i := range idx {
		if log {
			res[i] = vals[i] - complex(m, 0) - clog(sum)
		} else {
			res[i] = cexp(vals[i]-complex(m, 0)) / sum
		}
	}
}
