package ops

import (
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// TestCatRefusesBeforeBuilding concatenates and stacks 64 strided rows whose
// result passes the memory limit: the refusal must come before the inputs'
// sparse copies are built, so the call allocates far less than the limit
// (issue 20, test_memory_guard.c).
func TestCatRefusesBeforeBuilding(t *testing.T) {
	const limit = 1 << 20
	old := tensor.MemoryLimit()
	require.NoError(t, tensor.SetMemoryLimit(limit))
	defer func() { require.NoError(t, tensor.SetMemoryLimit(old)) }()
	row, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{1, limit / 4 / 8})) // a quarter of the limit
	require.NoError(t, err)
	vals := dtype.AsSlice[float64](row.Values())
	for i := range vals {
		vals[i] = float64(i + 1)
	}
	many := make([]*tensor.Tensor, 64)
	for i := range many {
		many[i] = row
	}
	ops := map[string]func() (*tensor.Tensor, error){
		"cat":    func() (*tensor.Tensor, error) { return Cat(many, 0) },
		"stack":  func() (*tensor.Tensor, error) { return Stack(many, 0) },
		"vstack": func() (*tensor.Tensor, error) { return VStack(many) },
		"hstack": func() (*tensor.Tensor, error) { return HStack(many) },
	}
	for name, op := range ops {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := op()
		runtime.ReadMemStats(&after)
		require.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), "%s: %v", name, err)
		require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(limit), "%s allocated past the limit before refusing", name)
	}
}

// TestCatOfStridedAlongEachDim checks the dense copy path against the
// sparse one: strided inputs of different sizes along dim, cat per dim, the
// same dense values as the COO forms' cat.
func TestCatOfStridedAlongEachDim(t *testing.T) {
	a := denseOf3(t, []int64{2, 3, 2}, 1)
	for dim := range 3 {
		shape := []int64{2, 3, 2}
		shape[dim] = 1
		b := denseOf3(t, shape, 100)
		got, err := Cat([]*tensor.Tensor{a, b, a}, dim)
		require.NoError(t, err)
		require.Equal(t, tensor.Strided, got.Layout())
		var coo []*tensor.Tensor
		for _, x := range []*tensor.Tensor{a, b, a} {
			c, err := convert.ToLayout(x, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
			require.NoError(t, err)
			coo = append(coo, c)
		}
		want, err := Cat(coo, dim)
		require.NoError(t, err)
		tensortest.RequireSameDense(t, want, got, "dim %d", dim)
	}
}

// denseOf3 is a strided float64 tensor of shape holding from, from+1, ...
func denseOf3(t *testing.T, shape []int64, from float64) *tensor.Tensor {
	a := dtype.NewArray(dtype.Float64, shape)
	vals := dtype.AsSlice[float64](a)
	for i := range vals {
		vals[i] = from + float64(i)
	}
	x, err := tensor.NewStrided(a)
	require.NoError(t, err)
	return x
}
