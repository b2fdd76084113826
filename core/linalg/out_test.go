package linalg

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// poisoned returns a strided tensor of the shape whose elements are all
// 0xFF bytes (NaN, -1): an out= product must overwrite every one of them.
func poisoned(d dtype.DType, shape ...int64) *tensor.Tensor {
	a := dtype.NewArray(d, shape)
	for i := range a.Data {
		a.Data[i] = 0xFF
	}
	t, _ := tensor.NewStrided(a)
	return t
}

func TestMvOutAndMmOutMatchTheAllocatingProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	formats := append([]testFormat{{layout: tensor.Strided}}, formats2D...)
	for _, f := range formats {
		for _, d := range append(testDTypes, dtype.Float16) {
			for _, w := range indexWidths {
				for _, sh := range productShapes {
					for _, fill := range []float64{0, fillFor(d)} {
						m, k, n := sh[0], sh[1], sh[2]
						msg := caseName("out", f, d, w, sh, fill)
						a := makeOperand(t, rng, f, d, []int64{m, k}, w, fill)
						x := tensortest.RandomDense(t, rng, d, []int64{k}, 0.8)
						b := tensortest.RandomDense(t, rng, d, []int64{k, n}, 0.8)

						want, err := Mv(a, x)
						require.NoError(t, err, msg)
						y := poisoned(d, m)
						require.NoError(t, MvOut(a, x, y), msg)
						requireEqualTensors(t, want, y, "%s: mv out=\n%v\nwant\n%v", msg, y, want)

						want, err = Mm(a, b)
						require.NoError(t, err, msg)
						c := poisoned(d, m, n)
						require.NoError(t, MmOut(a, b, c), msg)
						requireEqualTensors(t, want, c, "%s: mm out=", msg)

						// dense @ sparse into out as well.
						bt := makeOperand(t, rng, f, d, []int64{k, n}, w, fill)
						ad := tensortest.RandomDense(t, rng, d, []int64{m, k}, 0.8)
						want, err = Mm(ad, bt)
						require.NoError(t, err, msg)
						c = poisoned(d, m, n)
						require.NoError(t, MmOut(ad, bt, c), msg)
						requireEqualTensors(t, want, c, "%s: dense @ sparse out=", msg)
					}
				}
			}
		}
	}
}

func TestMvOutAndMmOutRefuseBadOutputsAndLeaveThemUntouched(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	a := makeOperand(t, rng, testFormat{layout: tensor.CSR}, dtype.Float64, []int64{4, 4}, 32, 0)
	x := tensortest.RandomDense(t, rng, dtype.Float64, []int64{4}, 1)
	b := tensortest.RandomDense(t, rng, dtype.Float64, []int64{4, 3}, 1)
	sparse, err := convert.ToLayout(tensortest.RandomDense(t, rng, dtype.Float64, []int64{4}, 0.5), tensor.COO, tensor.ConvertOptions{SparseDim: -1})
	require.NoError(t, err)
	cases := []struct {
		name, want string
		run        func(out *tensor.Tensor) error
		out        *tensor.Tensor
	}{
		{"nil out", "mv: out is nil", func(o *tensor.Tensor) error { return MvOut(a, x, o) }, nil},
		{"sparse out", "out must be a strided tensor", func(o *tensor.Tensor) error { return MvOut(a, x, o) }, sparse},
		{"wrong dtype", "out has dtype float32, the result has dtype float64", func(o *tensor.Tensor) error { return MvOut(a, x, o) }, poisoned(dtype.Float32, 4)},
		{"wrong size", "out has size [5], the result has size [4]", func(o *tensor.Tensor) error { return MvOut(a, x, o) }, poisoned(dtype.Float64, 5)},
		{"mm wrong size", "out has size [4, 4], the result has size [4, 3]", func(o *tensor.Tensor) error { return MmOut(a, b, o) }, poisoned(dtype.Float64, 4, 4)},
		{"aliases vec", "out shares memory with an operand", func(o *tensor.Tensor) error { return MvOut(a, o, o) }, x},
		{"aliases mat values", "out shares memory with an operand", func(o *tensor.Tensor) error {
			v, _ := tensor.Component(a, tensor.CompValues)
			require.GreaterOrEqual(t, len(v.Data), 4*8)
			vt, _ := tensor.NewStrided(dtype.Array{DType: dtype.Float64, Shape: []int64{4}, Data: v.Data[:4*8]})
			return MvOut(a, tensortest.RandomDense(t, rng, dtype.Float64, []int64{4}, 1), vt)
		}, nil},
		{"sparse @ sparse", "sparse @ sparse gives a sparse result", func(o *tensor.Tensor) error { return MmOut(a, a, o) }, poisoned(dtype.Float64, 4, 4)},
		{"vec size", "mv: Argument #2 (vec): expected dim 0 size 4", func(o *tensor.Tensor) error {
			return MvOut(a, tensortest.RandomDense(t, rng, dtype.Float64, []int64{3}, 1), o)
		}, poisoned(dtype.Float64, 4)},
	}
	for _, c := range cases {
		var before []byte
		if c.out != nil {
			before = append([]byte(nil), c.out.Values().Data...)
		}
		err := c.run(c.out)
		require.Error(t, err, c.name)
		require.Contains(t, err.Error(), c.want, c.name)
		if c.out != nil {
			require.Equal(t, before, c.out.Values().Data, "%s: out was modified", c.name)
		}
	}
	requireEqualTensors(t, tensor.Clone(x), x, "vec untouched")
}

func TestMvOutWritesRepeatedlyIntoTheSameTensor(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	a := makeOperand(t, rng, testFormat{layout: tensor.CSR}, dtype.Float64, []int64{6, 5}, 32, 0)
	y := poisoned(dtype.Float64, 6)
	for i := 0; i < 3; i++ {
		x := tensortest.RandomDense(t, rng, dtype.Float64, []int64{5}, 1)
		want, err := Mv(a, x)
		require.NoError(t, err)
		require.NoError(t, MvOut(a, x, y))
		requireEqualTensors(t, want, y, fmt.Sprint("call ", i))
	}
}

// requireEqualTensors requires equal layouts, shapes, dtypes and elements.
func requireEqualTensors(t *testing.T, want, got *tensor.Tensor, msgAndArgs ...any) {
	t.Helper()
	eq, err := convert.Equal(want, got)
	require.NoError(t, err, msgAndArgs...)
	require.True(t, eq, msgAndArgs...)
}
