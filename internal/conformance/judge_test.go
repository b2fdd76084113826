package conformance

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// csrSpec is a 2x3 float32 CSR description whose parts the tests vary.
const csrSpec = `{"layout":"csr","dtype":"float32","shape":[2,3],"dense_dim":0,
	"crow_indices":{"dtype":"int64","shape":[3],"data":[0,1,2]},
	"col_indices":{"dtype":"int64","shape":[2],"data":[2,0]},
	"values":{"dtype":"float32","shape":[2],"data":[1.0,2.0]}}`

func mustSpec(t *testing.T, js string) *valueSpec {
	t.Helper()
	s, err := parseSpec(json.RawMessage(js))
	require.NoError(t, err)
	return s
}

// int32CSR builds the tensor csrSpec describes, with int32 indices.
func int32CSR(t *testing.T, v0 float32) *tensor.Tensor {
	t.Helper()
	vals := dtype.NewArray(dtype.Float32, []int64{2})
	copy(dtype.AsSlice[float32](vals), []float32{v0, 2})
	x, err := tensor.NewCompressed(tensor.CSR, dtype.Int32Array([]int32{0, 1, 2}), dtype.Int32Array([]int32{2, 0}), vals, []int64{2, 3}, tensor.BuildOptions{})
	require.NoError(t, err)
	return x
}

func TestJudgeTensorAcceptsInt32IndicesAndTolerance(t *testing.T) {
	want := mustSpec(t, csrSpec)
	require.NoError(t, judgeTensor(int32CSR(t, 1), want, nil))
	// float32 allows rtol 1e-5: 1 + 5e-6 passes, 1 + 1e-4 does not.
	require.NoError(t, judgeTensor(int32CSR(t, 1+5e-6), want, nil))
	err := judgeTensor(int32CSR(t, 1+1e-4), want, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "values[0]")
	assert.Error(t, judgeTensor(int32CSR(t, 1+5e-6), want, &exact))
}

func TestJudgeTensorCatchesEveryDifference(t *testing.T) {
	got := int32CSR(t, 1)
	cases := map[string][2]string{
		"layout":       {`"layout":"csr"`, `"layout":"csc"`},
		"dtype":        {`"dtype":"float32","shape":[2,3]`, `"dtype":"float64","shape":[2,3]`},
		"shape":        {`"shape":[2,3]`, `"shape":[2,4]`},
		"dense_dim":    {`"dense_dim":0`, `"dense_dim":1`},
		"crow_indices": {`"data":[0,1,2]`, `"data":[0,2,2]`},
		"col_indices":  {`"data":[2,0]`, `"data":[1,0]`},
		"values":       {`"data":[1.0,2.0]`, `"data":[1.0,-2.0]`},
	}
	for name, sub := range cases {
		t.Run(name, func(t *testing.T) {
			js := strings.Replace(csrSpec, sub[0], sub[1], 1)
			require.NotEqual(t, csrSpec, js)
			err := judgeTensor(got, mustSpec(t, js), nil)
			require.Error(t, err)
			assert.Contains(t, err.Error(), name)
		})
	}
}

func TestJudgeCOOChecksCoalescedFlagAndFill(t *testing.T) {
	const spec = `{"layout":"coo","dtype":"int64","shape":[3],"sparse_dim":1,"dense_dim":0,"coalesced":true,
		"indices":{"dtype":"int64","shape":[1,1],"data":[1]},"values":{"dtype":"int64","shape":[1],"data":[7]}}`
	uncoalesced, err := tensor.NewCOO(dtype.Int64Array([]int64{1, 1}, 1, 2), dtype.Int64Array([]int64{3, 4}), []int64{3}, tensor.BuildOptions{})
	require.NoError(t, err)
	coalesced, err := convert.Coalesce(uncoalesced)
	require.NoError(t, err)
	require.NoError(t, judgeTensor(coalesced, mustSpec(t, spec), nil))

	// One entry, flagged uncoalesced: narrow_copy keeps its input's flag (torch's
	// constructor would mark a single entry coalesced).
	two, err := tensor.NewCOO(dtype.Int64Array([]int64{1, 5}, 1, 2), dtype.Int64Array([]int64{7, 9}), []int64{6}, tensor.BuildOptions{})
	require.NoError(t, err)
	single, err := ops.NarrowCopy(two, 0, 0, 3)
	require.NoError(t, err)
	require.False(t, single.IsCoalesced())
	assert.ErrorContains(t, judgeTensor(single, mustSpec(t, spec), nil), "coalesced false, want true")
}

func TestJudgeBlockSize(t *testing.T) {
	const spec = `{"layout":"bsr","dtype":"int64","shape":[2,2],"dense_dim":0,"blocksize":[2,1],
		"crow_indices":{"dtype":"int64","shape":[2],"data":[0,1]},"col_indices":{"dtype":"int64","shape":[1],"data":[0]},
		"values":{"dtype":"int64","shape":[1,2,1],"data":[1,2]}}`
	dense, err := tensor.NewStrided(dtype.Int64Array([]int64{1, 0, 2, 0}, 2, 2))
	require.NoError(t, err)
	b21, err := convert.ToLayout(dense, tensor.BSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, BlockSize: [2]int64{2, 1}})
	require.NoError(t, err)
	require.NoError(t, judgeTensor(b21, mustSpec(t, spec), nil))
	b11, err := convert.ToLayout(dense, tensor.BSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, BlockSize: [2]int64{1, 1}})
	require.NoError(t, err)
	assert.ErrorContains(t, judgeTensor(b11, mustSpec(t, spec), nil), "blocksize")
}

func TestJudgeValueKinds(t *testing.T) {
	x := TensorValue(int32CSR(t, 1))
	tuple := mustSpec(t, `{"tuple":[`+csrSpec+`,`+csrSpec+`]}`)
	require.NoError(t, judgeValue(TupleValue(x, x), tuple, nil))
	assert.ErrorContains(t, judgeValue(TupleValue(x), tuple, nil), "tuple of 1, want 2")
	assert.ErrorContains(t, judgeValue(x, tuple, nil), "want a tuple")
	scalar := mustSpec(t, `{"scalar": 2.5}`)
	require.NoError(t, judgeValue(ScalarValue(dtype.Real(2.5), dtype.Float64), scalar, nil))
	assert.Error(t, judgeValue(ScalarValue(dtype.Real(2.6), dtype.Float64), scalar, nil))
	assert.ErrorContains(t, judgeValue(x, scalar, nil), "want a scalar")
}

func TestToleranceClose(t *testing.T) {
	tol := toleranceFor(dtype.Float64)
	assert.True(t, tol.close(1, 1+1e-13))
	assert.False(t, tol.close(1, 1+1e-10))
	nan, inf := math.NaN(), math.Inf(1)
	assert.True(t, tol.close(nan, nan))
	assert.False(t, tol.close(nan, 1))
	assert.False(t, tol.close(1, nan))
	assert.True(t, tol.close(inf, inf))
	assert.False(t, tol.close(inf, -inf))
	assert.False(t, tol.close(inf, 1e308))
	assert.True(t, exact.close(0.5, 0.5))
	assert.False(t, exact.close(0.5, 0.5+1e-16*4))
}
