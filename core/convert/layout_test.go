package convert_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// conversionCase is a source shape with the layouts and dims it can take.
type conversionCase struct {
	shape    []int64
	denseDim int
	block    [2]int64
}

var conversionCases = []conversionCase{
	{shape: []int64{4, 6}, block: [2]int64{2, 3}},
	{shape: []int64{4, 6}, block: [2]int64{1, 1}},
	{shape: []int64{2, 4, 4}, block: [2]int64{2, 2}},              // batched for compressed layouts
	{shape: []int64{4, 4, 3}, denseDim: 1, block: [2]int64{2, 2}}, // hybrid
	{shape: []int64{2, 2, 4, 2}, denseDim: 1, block: [2]int64{2, 1}},
	{shape: []int64{0, 5}, block: [2]int64{1, 5}}, // empty
	{shape: []int64{1, 1}, block: [2]int64{1, 1}}, // one element
	{shape: []int64{7}, block: [2]int64{1, 1}},    // 1-d: COO and CSF only
}

// applicable reports whether a layout can hold a case's shape: COO and CSF
// need one sparse dim, the two-level formats two (and batch the rest).
func applicable(l tensor.Layout, c conversionCase) bool {
	sparse := len(c.shape) - c.denseDim
	switch l {
	case tensor.Strided:
		return true
	case tensor.COO, tensor.CSF:
		return sparse >= 1
	}
	return sparse >= 2
}

func convertOpts(l tensor.Layout, c conversionCase) tensor.ConvertOptions {
	o := tensor.DefaultConvert()
	o.DenseDim = c.denseDim
	if l == tensor.Strided {
		o.DenseDim = -1
	}
	if l.IsBlocked() {
		o.BlockSize = c.block
	}
	return o
}

// TestConvertEveryPair converts a dense tensor to every layout, then to every
// other layout, and checks each result against the dense original.
func TestConvertEveryPair(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	dtypes := []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int64, dtype.Int32, dtype.Int16, dtype.Int8, dtype.UInt8, dtype.Bool, dtype.Complex128, dtype.Complex64, dtype.Float16, dtype.BFloat16}
	for ci, c := range conversionCases {
		for di, d := range dtypes {
			if ci > 1 && di > 2 && di != 8 { // keep the cross product fast: all dtypes on the 2-D cases
				continue
			}
			src := batchEvenDense(t, rng, d, c, 0.4)
			for _, from := range tensor.AllLayouts {
				if !applicable(from, c) {
					continue
				}
				a, err := convert.ToLayout(src, from, convertOpts(from, c))
				require.NoError(t, err, "%v %s -> %s", c.shape, d, from)
				tensortest.RequireSameDense(t, src, a, "%v %s as %s", c.shape, d, from)
				for _, to := range tensor.AllLayouts {
					if !applicable(to, c) {
						continue
					}
					for _, w := range []int{0, 32, 64} {
						o := convertOpts(to, c)
						o.IndexWidth = w
						b, err := convert.ToLayout(a, to, o)
						require.NoError(t, err, "%v %s %s -> %s (width %d)", c.shape, d, from, to, w)
						require.Equal(t, to, b.Layout())
						if to != tensor.Strided {
							require.Equal(t, c.denseDim, b.DenseDim())
							if w != 0 {
								require.Equal(t, w, b.IndexWidth())
							}
						}
						tensortest.RequireSameDense(t, src, b, fmt.Sprintf("%v %s %s -> %s", c.shape, d, from, to))
					}
				}
			}
		}
	}
}

// TestConvertChangesDenseDim moves dimensions between the sparse and the dense part.
func TestConvertChangesDenseDim(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	src := tensortest.RandomDense(t, rng, dtype.Float64, []int64{3, 4, 2}, 0.5)
	for _, from := range []int{0, 1} {
		a, err := convert.ToLayout(src, tensor.COO, tensor.ConvertOptions{DenseDim: from, SparseDim: -1})
		require.NoError(t, err)
		for _, to := range []int{0, 1} {
			for _, l := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC, tensor.CSF} {
				if l != tensor.COO && l != tensor.CSF && to == 0 {
					continue // a 3-d CSR with dense_dim 0 is batched: covered elsewhere
				}
				b, err := convert.ToLayout(a, l, tensor.ConvertOptions{DenseDim: to, SparseDim: -1})
				require.NoError(t, err)
				require.Equal(t, to, b.DenseDim())
				tensortest.RequireSameDense(t, src, b)
			}
		}
	}
}

// TestDenseToSparseDropsFill checks that only elements different from zero are stored.
func TestDenseToSparseDropsFill(t *testing.T) {
	x, err := tensor.NewStrided(dtype.Float64Array([]float64{0, 2, 3, 0}, 2, 2))
	require.NoError(t, err)
	coo, err := convert.ToLayout(x, tensor.COO, tensor.DefaultConvert())
	require.NoError(t, err)
	require.Equal(t, int64(2), coo.NNZ())
	idx, err := tensor.Component(coo, tensor.CompIndices)
	require.NoError(t, err)
	require.Equal(t, []int64{0, 1, 1, 0}, []int64{idx.Index(0), idx.Index(1), idx.Index(2), idx.Index(3)})
	require.True(t, coo.IsCoalesced())
	require.Equal(t, 32, coo.IndexWidth(), "int32 indices where everything fits")
}

// TestCOODuplicatesSumOnConversion checks that converting an uncoalesced COO sums duplicates.
func TestCOODuplicatesSumOnConversion(t *testing.T) {
	coo, err := tensor.NewCOO(dtype.Int64Array([]int64{1, 1, 0, 0, 0, 2}, 2, 3), dtype.Float64Array([]float64{1, 2, 3}), []int64{2, 3}, tensor.BuildOptions{})
	require.NoError(t, err)
	require.False(t, coo.IsCoalesced())
	for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC, tensor.DCSR, tensor.CSF, tensor.Strided} {
		y, err := convert.ToLayout(coo, l, tensor.DefaultConvert())
		require.NoError(t, err)
		if l != tensor.Strided {
			require.Equal(t, int64(2), y.NNZ(), "%s", l)
		}
		d, err := convert.ToDense(y)
		require.NoError(t, err)
		require.Equal(t, []float64{0, 0, 3, 3, 0, 0}, dtype.AsSlice[float64](d.Values()))
	}
	c, err := convert.Coalesce(coo)
	require.NoError(t, err)
	require.True(t, c.IsCoalesced())
	require.Equal(t, int64(2), c.NNZ())
	v, err := tensor.Component(c, tensor.CompValues)
	require.NoError(t, err)
	require.Equal(t, []float64{3, 3}, dtype.AsSlice[float64](v))
	_, err = tensor.Component(coo, tensor.CompValues)
	require.Error(t, err, "values() of an uncoalesced tensor is refused, as torch")
}

func TestEmptyTensors(t *testing.T) {
	for _, l := range tensor.AllLayouts {
		x, err := tensor.Empty(l, dtype.Float32, []int64{4, 6}, [2]int64{2, 3}, 0)
		require.NoError(t, err, "%s", l)
		require.Equal(t, l, x.Layout())
		if l != tensor.Strided {
			require.Equal(t, int64(0), x.NNZ())
		}
		d, err := convert.ToDense(x)
		require.NoError(t, err)
		require.Equal(t, make([]float32, 24), dtype.AsSlice[float32](d.Values()))
	}
}

func TestToDTypeAndIndexWidth(t *testing.T) {
	x, err := tensor.NewStrided(dtype.Float64Array([]float64{0, 2.5, -3, 0}, 2, 2))
	require.NoError(t, err)
	csr, err := convert.ToLayout(x, tensor.CSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: 64})
	require.NoError(t, err)
	require.Equal(t, 64, csr.IndexWidth())
	i32, err := convert.ToIndexWidth(csr, 32)
	require.NoError(t, err)
	require.Equal(t, 32, i32.IndexWidth())
	tensortest.RequireSameDense(t, x, i32)
	asInt, err := convert.ToDType(csr, dtype.Int32)
	require.NoError(t, err)
	v, _ := tensor.Component(asInt, tensor.CompValues)
	require.Equal(t, []int32{2, -3}, dtype.AsSlice[int32](v))
	auto, err := convert.ToIndexWidth(csr, 0)
	require.NoError(t, err)
	require.Equal(t, 32, auto.IndexWidth(), "0 picks int32 where it fits")
	_, err = convert.ToIndexWidth(csr, 16)
	require.Error(t, err)
	_, err = convert.ToDType(csr, dtype.DType(12345))
	require.Equal(t, errs.ErrDType, errs.CodeOf(err))
}

func TestEqualSeesFillAndNaN(t *testing.T) {
	a, _ := tensor.NewStrided(dtype.Float64Array([]float64{0, 1}, 2))
	b, _ := tensor.NewStrided(dtype.Float64Array([]float64{0, 2}, 2))
	eq, err := convert.Equal(a, b)
	require.NoError(t, err)
	require.False(t, eq)
	n, _ := tensor.NewStrided(dtype.Float64Array([]float64{0, nan()}, 2))
	eq, _ = convert.Equal(n, n)
	require.False(t, eq, "NaN equals nothing, as torch.equal")
	c, _ := tensor.NewStrided(Float32Array(2))
	eq, _ = convert.Equal(a, c)
	require.False(t, eq, "different dtypes")
}

func TestMemoryLimitRefusesHugeDense(t *testing.T) {
	big, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 0}, 2, 1), dtype.Float64Array([]float64{1}), []int64{1 << 20, 1 << 20}, tensor.BuildOptions{})
	require.NoError(t, err)
	_, err = convert.ToDense(big)
	require.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), "%v", err)
	require.Error(t, tensor.SetMemoryLimit(0))
}

// TestCOOToHybridCOOGroupsBlocks: moving a sparse dim into the dense part
// groups the entries of one row into one block (reported by the mmio work).
func TestCOOToHybridCOOGroupsBlocks(t *testing.T) {
	coo, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 0, 1, 0, 1, 0}, 2, 3), dtype.Float64Array([]float64{1, 2, 3}), []int64{2, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	h, err := convert.ToLayout(coo, tensor.COO, tensor.ConvertOptions{DenseDim: 1, SparseDim: -1})
	require.NoError(t, err)
	idx, err := tensor.Component(h, tensor.CompIndices)
	require.NoError(t, err)
	require.Equal(t, []int64{1, 2}, idx.Shape)
	require.Equal(t, []int64{2, 2}, h.Values().Shape)
	tensortest.RequireSameDense(t, coo, h)
}

// TestToDTypeSumsDuplicatesFirst casts uncoalesced COO tensors whose
// duplicates sum differently before and after the cast (bool 1 + 1, int8
// wrap-around, float64 terms that round alone in float32): to_dense(to(A))
// must equal to(to_dense(A)) (issue 20, fuzz_abi's op_to_dtype).
func TestToDTypeSumsDuplicatesFirst(t *testing.T) {
	idx := dtype.Int64Array([]int64{1, 1, 1}, 1, 3)
	cases := []struct {
		name string
		vals dtype.Array
		to   dtype.DType
	}{
		{"bool to float64", func() dtype.Array {
			a := dtype.NewArray(dtype.Bool, []int64{3})
			copy(a.Data, []byte{1, 1, 0})
			return a
		}(), dtype.Float64},
		{"int8 to int16", func() dtype.Array {
			a := dtype.NewArray(dtype.Int8, []int64{3})
			copy(a.Data, []byte{100, 100, 0})
			return a
		}(), dtype.Int16},
		{"float64 to float32", dtype.Float64Array([]float64{1, 0x1p-24, 0x1p-24}), dtype.Float32},
	}
	for _, c := range cases {
		a, err := tensor.NewCOO(idx, c.vals, []int64{3}, tensor.BuildOptions{})
		require.NoError(t, err)
		require.False(t, a.IsCoalesced())
		got, err := convert.ToDType(a, c.to)
		require.NoError(t, err)
		require.Equal(t, c.to, got.DType())
		d, err := convert.ToDense(a)
		require.NoError(t, err)
		want, err := convert.ToDType(d, c.to)
		require.NoError(t, err)
		tensortest.RequireSameDense(t, want, got, c.name)
	}
}

func nan() float64 { var z float64; return z / z }

// Float32Array is a zeroed float32 array of n elements.
func Float32Array(n int64) dtype.Array { return dtype.NewArray(dtype.Float32, []int64{n}) }

// batchEvenDense is randomDense whose leading batch dims (those before the
// last two non-dense dims) repeat one pattern, as batched compressed tensors need.
func batchEvenDense(t *testing.T, rng *rand.Rand, d dtype.DType, c conversionCase, density float64) *tensor.Tensor {
	nb := len(c.shape) - c.denseDim - 2
	if nb <= 0 {
		return tensortest.RandomDense(t, rng, d, c.shape, density)
	}
	one := tensortest.RandomDense(t, rng, d, c.shape[nb:], density)
	reps := dtype.NumelOf(c.shape[:nb])
	a := dtype.NewArray(d, c.shape)
	n := one.Values().Numel()
	for r := int64(0); r < reps; r++ {
		for i := int64(0); i < n; i++ {
			v := one.Values().Complex(i)
			if !tensor.ElemEqualsFill(one.Values(), i, one.FillElem()) {
				if v.IsExact() {
					v = dtype.IntScalar(v.ExactInt() + r)
				} else {
					v = dtype.Complex128Scalar(complex(v.Re()+float64(r), v.Im()))
				}
			}
			a.SetComplex(r*n+i, v)
		}
	}
	x, err := tensor.NewStrided(a)
	require.NoError(t, err)
	return x
}
