package spectral

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
)

// denseOf reads a 2-D tensor of any format as a float64 row-major matrix.
func denseOf(t *tensor.Tensor) (*mat, error) {
	d := t
	var err error
	if d.Layout() != tensor.Strided {
		if d, err = convert.ToDense(d); err != nil {
			return nil, err
		}
	}
	if d.DType() != dtype.Float64 {
		if d, err = convert.ToDType(d, dtype.Float64); err != nil {
			return nil, err
		}
	}
	vals, err := tensor.Component(d, tensor.CompValues)
	if err != nil {
		return nil, err
	}
	s := slices.Clone(d.Dims())
	m := newMat(int(s[0]), int(s[1]))
	copy(m.v, dtype.AsSlice[float64](vals))
	return m, nil
}

// tensorOf stores a matrix as a new
// strided tensor of dtype d (float32 or float64).
func tensorOf(m *mat, d dtype.DType) (*tensor.Tensor, error) {
	return tensorShaped(m.v, []int64{int64(m.r), int64(m.c)}, d)
}

// vectorOf stores v as a new strided 1-D tensor of dtype d.
func vectorOf(v []float64, d dtype.DType) (*tensor.Tensor, error) {
	return tensorShaped(v, []int64{int64(len(v))}, d)
}

func tensorShaped(v []float64, shape []int64, d dtype.DType) (*tensor.Tensor, error) {
	a := dtype.NewArray(d, shape)
	if d == dtype.Float64 {
		copy(dtype.AsSlice[float64](a), v)
	} else {
		o := dtype.AsSlice[float32](a)
		for i, x := range v {
			o[i] = float32(x)
		}
	}
	return tensor.NewStrided(a)
}
