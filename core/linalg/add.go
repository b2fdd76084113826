package linalg

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
)

// sumTerm is one term coeff * t of a sparse sum.
type sumTerm struct {
	coeff dtype.Scalar
	t     *tensor.Tensor
}

// sparseSum returns the sum of the terms (2-D tensors of one shape and
// dtype, any layouts) in the given layout, index width and block size. The
// terms' sparse parts (fill split off) are concatenated as COO entries and
// merged by the conversion; the sum of the scaled fills becomes the result's
// fill and is added to every stored element, so each element is counted
// once whether or not a term stores it.
func sparseSum(op string, layout tensor.Layout, block [2]int64, width int, terms ...sumTerm) (*tensor.Tensor, error) {
	shape := slices.Clone(terms[0].t.Dims())
	d := terms[0].t.DType()
	ops, err := opsFor(op, d, 64)
	if err != nil {
		return nil, err
	}
	for _, term := range terms {
		if !term.coeff.IsZero() && !ops.finite(term.coeff.Mul(dtype.LoadScalar(term.t.DType(), term.t.FillElem())), dtype.Array{}) {
			return denseSum(op, ops, layout, block, width, terms)
		}
	}
	fill := dtype.IntScalar(0)
	var rows, cols []int64
	var vals []dtype.Array
	for _, term := range terms {
		// A zero coefficient drops its term, NaN and infinities included
		// (torch's addmm ignores input for beta 0 and the product for alpha 0).
		if term.coeff.IsZero() {
			continue
		}
		c, err := convert.ToLayout(term.t, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: 64})
		if err != nil {
			return nil, err
		}
		f := dtype.LoadScalar(c.DType(), c.FillElem())
		if !f.IsZero() && !c.IsCoalesced() {
			if c, err = convert.Coalesce(c); err != nil {
				return nil, err
			}
		}
		fill = fill.Add(term.coeff.Mul(f))
		rows = append(rows, dtype.AsSlice[int64](c.Levels()[0].Crd)...)
		cols = append(cols, dtype.AsSlice[int64](c.Levels()[1].Crd)...)
		vals = append(vals, ops.affine(c.Values(), term.coeff, term.coeff.Mul(f).Neg()))
	}
	nnz := int64(len(rows))
	if err := errs.CheckAlloc(op+": sum entries", nnz, d.Size()+16); err != nil {
		return nil, err
	}
	v := dtype.NewArray(d, []int64{nnz})
	off := 0
	for _, a := range vals {
		off += copy(v.Data[off:], a.Data)
	}
	coo, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, nnz), v, shape, tensor.BuildOptions{NoCheck: true})
	if err != nil {
		return nil, err
	}
	r, err := convert.ToLayout(coo, layout, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, BlockSize: block, IndexWidth: width})
	if err != nil {
		return nil, err
	}
	if r.Layout() == tensor.COO && !r.IsCoalesced() {
		if r, err = convert.Coalesce(r); err != nil {
			return nil, err
		}
	}
	if fill.IsZero() {
		return r, nil
	}
	return tensor.Revalue(r, ops.affine(r.Values(), dtype.IntScalar(1), fill), tensor.ScalarBytes(d, fill)), nil
}

// denseSum is sparseSum for terms with a NaN or infinite fill, where
// splitting the fill off (v - f + f) is not IEEE arithmetic: it sums the
// dense equivalents and converts the sum to the layout.
func denseSum(op string, ops matOps, layout tensor.Layout, block [2]int64, width int, terms []sumTerm) (*tensor.Tensor, error) {
	m, n := terms[0].t.Dims()[0], terms[0].t.Dims()[1]
	out, err := newDense(op, terms[0].t.DType(), m, n)
	if err != nil {
		return nil, err
	}
	for _, term := range terms {
		if term.coeff.IsZero() {
			continue
		}
		dt, err := denseData(term.t)
		if err != nil {
			return nil, err
		}
		ops.addScaled(out, m, n, term.coeff, dt, n, 1)
	}
	r, err := wrapStrided(out, m, n)
	if err != nil {
		return nil, err
	}
	return convert.ToLayout(r, layout, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, BlockSize: block, IndexWidth: width})
}
