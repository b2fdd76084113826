package conformance

import (
	"fmt"
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// judgeValue compares a result with its expectation (a tensor, a tuple or a
// scalar); tol nil picks the tolerance of each tensor's dtype.
func judgeValue(got Value, want *valueSpec, tol *tolerance) error {
	switch {
	case want.Tuple != nil:
		if got.Kind != KindTuple {
			return fmt.Errorf("got a %s, want a tuple of %d", got.Kind, len(want.Tuple))
		}
		if len(got.Tuple) != len(want.Tuple) {
			return fmt.Errorf("tuple of %d, want %d", len(got.Tuple), len(want.Tuple))
		}
		for i, raw := range want.Tuple {
			w, err := parseSpec(raw)
			if err != nil {
				return fmt.Errorf("expect tuple[%d]: %v", i, err)
			}
			if err := judgeValue(got.Tuple[i], w, tol); err != nil {
				return fmt.Errorf("tuple[%d]: %w", i, err)
			}
		}
		return nil
	case want.Scalar != nil:
		w, err := parseScalar(want.Scalar)
		if err != nil {
			return fmt.Errorf("expect: %v", err)
		}
		if got.Kind != KindScalar {
			return fmt.Errorf("got a %s, want a scalar", got.Kind)
		}
		t := pickTolerance(tol, dtype.Float64)
		if !t.close(got.Scalar.Re(), w.Scalar.Re()) || !t.close(got.Scalar.Im(), w.Scalar.Im()) {
			return fmt.Errorf("scalar %s, want %s", formatScalar(dtype.Complex128, got.Scalar), formatScalar(dtype.Complex128, w.Scalar))
		}
		return nil
	case want.Layout != "":
		if got.Kind != KindTensor {
			return fmt.Errorf("got a %s, want a tensor", got.Kind)
		}
		return judgeTensor(got.Tensor, want, tol)
	}
	return fmt.Errorf("expect: has none of layout, scalar, tuple")
}

func pickTolerance(tol *tolerance, d dtype.DType) tolerance {
	if tol != nil {
		return *tol
	}
	return toleranceFor(d)
}

// judgeTensor compares a tensor with a tensor description: layout, dtype,
// shape, the layout's structural fields, a zero fill, and the component arrays.
func judgeTensor(got *tensor.Tensor, want *valueSpec, tol *tolerance) error {
	layout, err := tensor.ParseLayout(want.Layout)
	if err != nil {
		return fmt.Errorf("expect: %v", err)
	}
	dt, err := dtype.ParseDType(want.DType)
	if err != nil {
		return fmt.Errorf("expect: %v", err)
	}
	if got.Layout() != layout {
		return fmt.Errorf("layout %s, want %s", got.Layout(), layout)
	}
	if got.DType() != dt {
		return fmt.Errorf("dtype %s, want %s", got.DType(), dt)
	}
	if !slices.Equal(got.Dims(), want.Shape) {
		return fmt.Errorf("shape %v, want %v", got.Dims(), want.Shape)
	}
	t := pickTolerance(tol, dt)
	if layout == tensor.Strided {
		w, err := parseArray("data", &arraySpec{DType: want.DType, Shape: want.Shape, Data: want.Data})
		if err != nil {
			return fmt.Errorf("expect: %v", err)
		}
		g, err := tensor.Component(got, tensor.CompValues)
		if err != nil {
			return err
		}
		return compareValues("data", g, w, t)
	}
	// The vectors' sparse tensors leave every unspecified element zero.
	if f := dtype.LoadScalar(got.DType(), got.FillElem()); !scalarClose(dt, f, dtype.IntScalar(0), exact) {
		return fmt.Errorf("fill value %s, want 0", formatScalar(dt, f))
	}
	if want.DenseDim != nil && got.DenseDim() != *want.DenseDim {
		return fmt.Errorf("dense_dim %d, want %d", got.DenseDim(), *want.DenseDim)
	}
	if layout == tensor.COO {
		return judgeCOO(got, want, t)
	}
	return judgeCompressed(got, want, layout, t)
}

func judgeCOO(got *tensor.Tensor, want *valueSpec, t tolerance) error {
	if want.SparseDim != nil && got.SparseDim() != *want.SparseDim {
		return fmt.Errorf("sparse_dim %d, want %d", got.SparseDim(), *want.SparseDim)
	}
	if want.Coalesced == nil {
		return fmt.Errorf("expect: coo tensor without the coalesced field")
	}
	if got.IsCoalesced() != *want.Coalesced {
		return fmt.Errorf("coalesced %v, want %v", got.IsCoalesced(), *want.Coalesced)
	}
	gi, err := tensor.Component(got, tensor.CompRawIndices)
	if err != nil {
		return err
	}
	gv, err := tensor.Component(got, tensor.CompRawValues)
	if err != nil {
		return err
	}
	wi, wv, err := canonicalCOO(want)
	if err != nil {
		return fmt.Errorf("expect: %v", err)
	}
	if err := compareIndices("indices", gi, wi); err != nil {
		return err
	}
	return compareValues("values", gv, wv, t)
}

// canonicalCOO returns the expected COO components; an expectation marked
// coalesced is put in sorted order first. torch marks sparse @ sparse results
// coalesced although their columns run in order of first use; the vectors'
// README defines coalesced COO as sorted, unique indices, so that is the
// canonical answer.
func canonicalCOO(want *valueSpec) (dtype.Array, dtype.Array, error) {
	idx, err := parseArray("indices", want.Indices)
	if err != nil {
		return dtype.Array{}, dtype.Array{}, err
	}
	vals, err := parseArray("values", want.Values)
	if err != nil {
		return dtype.Array{}, dtype.Array{}, err
	}
	if !*want.Coalesced {
		return idx, vals, nil
	}
	t, err := tensor.NewCOO(idx, vals, want.Shape, tensor.BuildOptions{})
	if err != nil {
		return dtype.Array{}, dtype.Array{}, err
	}
	if t, err = convert.Coalesce(t); err != nil {
		return dtype.Array{}, dtype.Array{}, err
	}
	if t.NNZ() != idx.Shape[1] {
		return dtype.Array{}, dtype.Array{}, fmt.Errorf("coo marked coalesced has repeated indices")
	}
	ci, _ := tensor.Component(t, tensor.CompRawIndices)
	cv := t.Values()
	return ci, cv, nil
}

func judgeCompressed(got *tensor.Tensor, want *valueSpec, layout tensor.Layout, t tolerance) error {
	if layout == tensor.BSR || layout == tensor.BSC {
		b := got.BlockSize()
		if len(want.BlockSize) != 2 || b[0] != want.BlockSize[0] || b[1] != want.BlockSize[1] {
			return fmt.Errorf("blocksize %v, want %v", b, want.BlockSize)
		}
	}
	cn, pn := compressedFields(layout)
	wc, wp := want.CrowIndices, want.ColIndices
	if cn == "ccol_indices" {
		wc, wp = want.CcolIndices, want.RowIndices
	}
	gc, gp, err := tensor.CompressedArrays(got)
	if err != nil {
		return err
	}
	gv, err := tensor.Component(got, tensor.CompValues)
	if err != nil {
		return err
	}
	return compareComponents(t,
		component{cn, gc, wc, true},
		component{pn, gp, wp, true},
		component{"values", gv, want.Values, false})
}

// component pairs a result's array with its expected description.
type component struct {
	name  string
	got   dtype.Array
	want  *arraySpec
	index bool // compared by value whatever the index width
}

func compareComponents(t tolerance, cs ...component) error {
	for _, c := range cs {
		w, err := parseArray(c.name, c.want)
		if err != nil {
			return fmt.Errorf("expect: %v", err)
		}
		if c.index {
			err = compareIndices(c.name, c.got, w)
		} else {
			err = compareValues(c.name, c.got, w, t)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// judgeDense checks a result the reference refused to compute against the
// op's dense definition: to_dense(result) must equal op(to_dense(inputs)).
func judgeDense(op string, inputs []Value, params Params, got Value) error {
	dense, ok := DenseRegistry[op]
	if !ok {
		return fmt.Errorf("the reference refused this case and there is no dense reference for op %s to judge the result", op)
	}
	dins := make([]Value, len(inputs))
	for i, in := range inputs {
		d, err := denseValue(in)
		if err != nil {
			return fmt.Errorf("to_dense(input %d): %v", i, err)
		}
		dins[i] = d
	}
	want, err := dense(dins, params)
	if err != nil {
		return fmt.Errorf("the dense reference refused (%v) but the op gave a result", err)
	}
	dgot, err := denseValue(got)
	if err != nil {
		return fmt.Errorf("to_dense(result): %v", err)
	}
	return compareDenseValues(dgot, want)
}

// compareDenseValues compares two values whose tensors are strided.
func compareDenseValues(got, want Value) error {
	if got.Kind != want.Kind {
		return fmt.Errorf("got a %s, the dense reference gives a %s", got.Kind, want.Kind)
	}
	switch want.Kind {
	case KindTuple:
		if len(got.Tuple) != len(want.Tuple) {
			return fmt.Errorf("tuple of %d, the dense reference gives %d", len(got.Tuple), len(want.Tuple))
		}
		for i := range want.Tuple {
			if err := compareDenseValues(got.Tuple[i], want.Tuple[i]); err != nil {
				return fmt.Errorf("tuple[%d]: %w", i, err)
			}
		}
		return nil
	case KindScalar:
		t := toleranceFor(dtype.Float64)
		if !t.close(got.Scalar.Re(), want.Scalar.Re()) || !t.close(got.Scalar.Im(), want.Scalar.Im()) {
			return fmt.Errorf("scalar %s, the dense reference gives %s", formatScalar(dtype.Complex128, got.Scalar), formatScalar(dtype.Complex128, want.Scalar))
		}
		return nil
	}
	g, w := got.Tensor, want.Tensor
	if g.DType() != w.DType() {
		return fmt.Errorf("dtype %s, the dense reference gives %s", g.DType(), w.DType())
	}
	if !slices.Equal(g.Dims(), w.Dims()) {
		return fmt.Errorf("shape %v, the dense reference gives %v", g.Dims(), w.Dims())
	}
	ga, err := tensor.Component(g, tensor.CompValues)
	if err != nil {
		return err
	}
	wa, err := tensor.Component(w, tensor.CompValues)
	if err != nil {
		return err
	}
	if err := compareValues("to_dense(result)", ga, wa, toleranceFor(w.DType())); err != nil {
		return fmt.Errorf("%w (against the dense reference)", err)
	}
	return nil
}
