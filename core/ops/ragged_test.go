package ops

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// raggedInputs returns 2-D CSR matrices (4 x 6) of index width w holding
// 5, 0, 11 and 2 entries, and their dense forms.
func raggedInputs(t *testing.T, w int) ([]*tensor.Tensor, []*tensor.Tensor) {
	rng := rand.New(rand.NewPCG(7, uint64(w)))
	var csr, dense []*tensor.Tensor
	for _, nnz := range []int{5, 0, 11, 2} {
		v := make([]float64, 24)
		for _, p := range rng.Perm(24)[:nnz] {
			v[p] = rng.Float64()*4 - 2
		}
		d, err := tensor.NewStrided(dtype.Float64Array(v, 4, 6))
		require.NoError(t, err)
		opt := tensor.DefaultConvert()
		opt.IndexWidth = w
		c, err := convert.ToLayout(d, tensor.CSR, opt)
		require.NoError(t, err)
		csr, dense = append(csr, c), append(dense, d)
	}
	return csr, dense
}

// raggedPair is the ragged batch gs.stack makes of raggedInputs and the
// stack of their dense forms.
func raggedPair(t *testing.T, w int) (*tensor.Tensor, *tensor.Tensor) {
	csr, dense := raggedInputs(t, w)
	r, err := Stack(csr, 0)
	require.NoError(t, err)
	d, err := Stack(dense, 0)
	require.NoError(t, err)
	return r, d
}

func requireDenseEqual(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	w, err := convert.ToDense(want)
	require.NoError(t, err, msg)
	g, err := convert.ToDense(got)
	require.NoError(t, err, msg)
	require.Equal(t, w.Dims(), g.Dims(), msg)
	require.Equal(t, w.DType(), g.DType(), msg)
	wv, gv := w.Values(), g.Values()
	for i := range wv.Numel() {
		a, b := wv.Complex(i), gv.Complex(i)
		require.InDelta(t, a.Re(), b.Re(), 1e-12*(1+abs(a.Re())), "%s: element %d", msg, i)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func TestStackRaggedMakesRaggedBatch(t *testing.T) {
	for _, w := range []int{32, 64} {
		r, d := raggedPair(t, w)
		s, ok := tensor.RaggedOf(r)
		require.True(t, ok, "stack of CSR matrices of different nnz is a ragged batch")
		require.Equal(t, tensor.Custom, r.Layout())
		require.Equal(t, w, s.Pos.DType.Size()*8, "the index width of the inputs")
		require.Equal(t, int64(18), s.Values.Numel())
		requireDenseEqual(t, d, r, "stack")
	}
	// Equal nnz keeps torch's batched CSR.
	csr, _ := raggedInputs(t, 64)
	b, err := Stack([]*tensor.Tensor{csr[0], csr[0]}, 0)
	require.NoError(t, err)
	require.Equal(t, tensor.CSR, b.Layout())
	require.Equal(t, 1, b.BatchDim())
}

func TestRaggedElementwise(t *testing.T) {
	for _, w := range []int{32, 64} {
		r, d := raggedPair(t, w)
		in, _ := tensor.RaggedOf(r)
		for _, name := range []string{"neg", "abs", "sin", "cos", "exp", "square"} {
			got, err := UnaryByName(name, r, UnaryArgs{})
			require.NoError(t, err)
			g, ok := tensor.RaggedOf(got)
			require.True(t, ok, "%s keeps the ragged batch", name)
			require.True(t, sameData(g.Pos, in.Pos) && sameData(g.Crd, in.Crd), "%s shares the structure (no re-encoding)", name)
			want, err := UnaryByName(name, d, UnaryArgs{})
			require.NoError(t, err)
			requireDenseEqual(t, want, got, fmt.Sprint(name, w))
		}
		for _, name := range []string{"mul", "add", "div", "sub"} {
			got, err := BinaryByName(name, TensorOperand(r), NumberOperand(dtype.FloatNumber(2.5)), BinaryArgs{})
			require.NoError(t, err)
			g, ok := tensor.RaggedOf(got)
			require.True(t, ok, "%s with a number keeps the ragged batch", name)
			require.True(t, sameData(g.Pos, in.Pos), "%s with a number shares the structure", name)
			want, err := BinaryByName(name, TensorOperand(d), NumberOperand(dtype.FloatNumber(2.5)), BinaryArgs{})
			require.NoError(t, err)
			requireDenseEqual(t, want, got, fmt.Sprint(name, w))
		}
	}
}

func TestRaggedSum(t *testing.T) {
	for _, w := range []int{32, 64} {
		r, d := raggedPair(t, w)
		for _, dims := range [][]int{nil, {0}, {1}, {2}, {-1}, {0, 1}, {1, 2}, {0, 2}, {0, 1, 2}} {
			for _, op := range []string{"sum", "amax", "mean"} {
				got, err := Reduce(r, dims, op)
				require.NoError(t, err)
				want, err := Reduce(d, dims, op)
				require.NoError(t, err)
				requireDenseEqual(t, want, got, fmt.Sprint(op, dims, w))
			}
		}
		for _, red := range [][]bool{{true, true, true}, {false, false, true}} {
			_, ok, err := reduceRagged(r, red, nil, "sum", dtype.Float64)
			require.NoError(t, err)
			require.True(t, ok, "sum over %v runs on the ragged storage", red)
		}
		// A fill other than zero counts in every group (cos(0) = 1).
		c, err := UnaryByName("cos", r, UnaryArgs{})
		require.NoError(t, err)
		dc, err := UnaryByName("cos", d, UnaryArgs{})
		require.NoError(t, err)
		for _, dims := range [][]int{nil, {2}, {1}} {
			got, err := Sum(c, dims)
			require.NoError(t, err)
			want, err := Sum(dc, dims)
			require.NoError(t, err)
			requireDenseEqual(t, want, got, fmt.Sprint("sum of cos", dims, w))
		}
	}
}

func TestRaggedSoftmax(t *testing.T) {
	for _, w := range []int{32, 64} {
		r, _ := raggedPair(t, w)
		ref, err := convert.ToLayout(r, tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err)
		for _, log := range []bool{false, true} {
			for _, dim := range []int{-1, 2, 1} {
				got, err := Softmax(r, dim, log)
				require.NoError(t, err)
				if dim != 1 {
					_, ok := tensor.RaggedOf(got)
					require.True(t, ok, "softmax along the rows keeps the ragged batch")
				}
				want, err := Softmax(ref, dim, log)
				require.NoError(t, err)
				requireDenseEqual(t, want, got, fmt.Sprint("softmax", dim, log, w))
			}
		}
	}
}

func TestRaggedSelect(t *testing.T) {
	for _, w := range []int{32, 64} {
		r, d := raggedPair(t, w)
		csr, _ := raggedInputs(t, w)
		for k := range int64(4) {
			got, err := Select(r, 0, k)
			require.NoError(t, err)
			require.Equal(t, tensor.CSR, got.Layout())
			require.Equal(t, csr[k].NNZ(), got.NNZ())
			require.Equal(t, w, got.IndexWidth())
			want, err := Select(d, 0, k)
			require.NoError(t, err)
			requireDenseEqual(t, want, got, fmt.Sprint("select", k, w))
		}
		got, err := Select(r, 1, 2) // another dim: the general path
		require.NoError(t, err)
		want, err := Select(d, 1, 2)
		require.NoError(t, err)
		requireDenseEqual(t, want, got, "select dim 1")
	}
}

// TestRaggedFourDims: two batch dims, each (batch, batch) pair its own CSR matrix.
func TestRaggedFourDims(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 4))
	v := make([]float64, 2*3*4*5)
	for i := range v {
		if rng.Float64() < 0.3 {
			v[i] = rng.Float64()
		}
	}
	d, err := tensor.NewStrided(dtype.Float64Array(v, 2, 3, 4, 5))
	require.NoError(t, err)
	r, err := convert.ToFormat(d, tensor.RaggedFormat(4))
	require.NoError(t, err)
	_, ok := tensor.RaggedOf(r)
	require.True(t, ok)
	for _, dims := range [][]int{nil, {3}, {1}} {
		got, err := Sum(r, dims)
		require.NoError(t, err)
		want, err := Sum(d, dims)
		require.NoError(t, err)
		requireDenseEqual(t, want, got, fmt.Sprint("sum", dims))
	}
	got, err := Softmax(r, 3, false)
	require.NoError(t, err)
	ref, err := convert.ToLayout(r, tensor.COO, tensor.DefaultConvert())
	require.NoError(t, err)
	want, err := Softmax(ref, 3, false)
	require.NoError(t, err)
	requireDenseEqual(t, want, got, "softmax")
}

// sameData reports whether two arrays view the same memory.
func sameData(a, b dtype.Array) bool {
	if len(a.Data) != len(b.Data) {
		return false
	}
	return len(a.Data) == 0 || &a.Data[0] == &b.Data[0]
}
