package ops

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// TestCatStackPromoteDTypes: cat and stack of mixed dtypes give the promoted
// dtype (torch's promote_types over the list) and the dense concatenation,
// for strided and sparse inputs, uncoalesced COO and non-zero fills
// included (they were refused: "tensors[1] is float32, tensors[0] is int64").
func TestCatStackPromoteDTypes(t *testing.T) {
	cases := []struct {
		dts  []dtype.DType
		want dtype.DType
	}{
		{[]dtype.DType{dtype.Int64, dtype.Float32}, dtype.Float32},
		{[]dtype.DType{dtype.Bool, dtype.Int8, dtype.UInt8}, dtype.Int16},
		{[]dtype.DType{dtype.Float32, dtype.Complex64, dtype.Float64}, dtype.Complex128},
		{[]dtype.DType{dtype.Int64, dtype.Bool}, dtype.Int64},
	}
	for _, c := range cases {
		for _, f := range []ewFormat{ewFormats[0], ewFormats[1], ewFormats[2], ewFormats[3]} {
			for _, fill := range []bool{false, true} {
				if fill && f.layout == tensor.Strided {
					continue
				}
				var ts, dense []*tensor.Tensor
				for i, d := range c.dts {
					v := dtype.NewArray(d, []int64{2, 3})
					for j := range int64(6) {
						if (j+int64(i))%3 != 0 {
							v.SetComplex(j, dtype.Real(float64(j%2+1)))
						}
					}
					x, err := tensor.NewStrided(v)
					require.NoError(t, err)
					var fv *dtype.Scalar
					if fill {
						one := dtype.Real(1)
						fv = &one
					}
					s := ewBuild(t, x, f, ewShape{"2x3", []int64{2, 3}, 0}, fv)
					ts = append(ts, s)
					dx, err := convert.ToDense(s)
					require.NoError(t, err)
					dense = append(dense, dx)
				}
				for _, stack := range []bool{false, true} {
					run := func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return Cat(ts, 1) }
					if stack {
						run = func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return Stack(ts, 0) }
					}
					got, err := run(ts)
					require.NoError(t, err, "%v %s fill %v stack %v", c.dts, f.name, fill, stack)
					require.Equal(t, c.want, got.DType())
					// the reference: each dense input cast, then joined
					var cast []*tensor.Tensor
					for _, d := range dense {
						x, err := convert.ToDType(d, c.want)
						require.NoError(t, err)
						cast = append(cast, x)
					}
					want, err := run(cast)
					require.NoError(t, err)
					ewRequireSameDense(t, want, got, ewName(c.dts, f.name, fill, stack))
				}
				require.Equal(t, c.dts[0], ts[0].DType(), "the inputs stay as they are")
			}
		}
	}
}

// TestSoftmaxOfIntegersRefusedAsTorch: torch.sparse.softmax of an integer
// tensor raises NotImplementedError ("softmax" not implemented for 'Long');
// gosparse's code is ErrNotImplemented, which the bindings raise as theirs.
func TestSoftmaxOfIntegersRefusedAsTorch(t *testing.T) {
	x, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 1, 0, 1}, 2, 2), dtype.Int64Array([]int64{1, 2}), []int64{2, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	for _, log := range []bool{false, true} {
		_, err := Softmax(x, 1, log)
		require.Equal(t, errs.ErrNotImplemented, errs.CodeOf(err), "%v", err)
		f, err := convert.ToDType(x, dtype.Float64)
		require.NoError(t, err)
		_, err = Softmax(f, 1, log)
		require.NoError(t, err)
	}
}
