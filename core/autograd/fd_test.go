package autograd

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// randSparse is a coalesced float64 COO matrix with about density*m*n
// entries, in the given layout.
func randSparse(t *testing.T, rng *rand.Rand, m, n int64, density float64, layout tensor.Layout) *tensor.Tensor {
	t.Helper()
	var rows, cols []int64
	var vals []float64
	for i := range m {
		for j := range n {
			if rng.Float64() < density {
				rows, cols = append(rows, i), append(cols, j)
				vals = append(vals, rng.NormFloat64())
			}
		}
	}
	nnz := int64(len(vals))
	x, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, nnz), dtype.Float64Array(vals), []int64{m, n}, tensor.BuildOptions{Coalesced: true})
	require.NoError(t, err)
	if layout == tensor.COO {
		return x
	}
	y, err := convert.ToLayout(x, layout, tensor.DefaultConvert())
	require.NoError(t, err)
	return y
}

func randDense(t *testing.T, rng *rand.Rand, shape ...int64) *tensor.Tensor {
	t.Helper()
	v := make([]float64, numel(shape))
	for i := range v {
		v[i] = rng.NormFloat64()
	}
	a := dtype.NewArray(dtype.Float64, shape)
	copy(dtype.AsSlice[float64](a), v)
	d, err := tensor.NewStrided(a)
	require.NoError(t, err)
	return d
}

// withStored returns x with its stored value k (or dense element k) moved by h.
func withStored(t *testing.T, x *tensor.Tensor, k int64, h float64) *tensor.Tensor {
	t.Helper()
	v, err := tensor.Component(x, tensor.CompRawValues)
	require.NoError(t, err)
	c := dtype.CopyArray(v)
	s := dtype.AsSlice[float64](c)
	s[k] += h
	if x.Layout() == tensor.Strided {
		d, err := tensor.NewStrided(c)
		require.NoError(t, err)
		return d
	}
	y, err := withValues(x, c)
	require.NoError(t, err)
	if f := dtype.LoadScalar(x.DType(), x.FillElem()); f.Re() != 0 || f.Im() != 0 { // withValues builds fill 0
		y, err = tensor.WithFill(y, tensor.ScalarBytes(x.DType(), f))
		require.NoError(t, err)
	}
	return y
}

// fdCheck compares the gradient of f(xs) = sum(w * dense(op(xs))) with
// central differences over every stored value of every input.
func fdCheck(t *testing.T, op func(in []*Var) (*Var, error), xs ...*tensor.Tensor) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	eval := func(ts []*tensor.Tensor) (*Var, []*Var) {
		in := make([]*Var, len(ts))
		for i, x := range ts {
			v, err := Leaf(x, true)
			require.NoError(t, err)
			in[i] = v
		}
		out, err := op(in)
		require.NoError(t, err)
		if out.Tensor().Layout() != tensor.Strided {
			out, err = ToDense(out)
			require.NoError(t, err)
		}
		return out, in
	}
	out, in := eval(xs)
	w := randDense(t, rng, slices.Clone(out.Tensor().Dims())...)
	f := func(ts []*tensor.Tensor) float64 {
		o, _ := eval(ts)
		p, err := ops.BinaryByName("mul", ops.TensorOperand(o.Tensor()), ops.TensorOperand(w), ops.BinaryArgs{})
		require.NoError(t, err)
		v := p.Values()
		s := 0.0
		for _, e := range dtype.AsSlice[float64](v) {
			s += e
		}
		return s
	}
	require.NoError(t, Backward(out, w, false))
	const h = 1e-6
	for i, x := range xs {
		g := in[i].Grad()
		require.NotNil(t, g, "input %d", i)
		require.Equal(t, x.Layout(), g.Layout(), "input %d: gradient layout", i)
		if x.Layout() != tensor.Strided {
			require.Equal(t, x.NNZ(), g.NNZ(), "input %d: gradient pattern", i)
		}
		gv := g.Values()
		gs := dtype.AsSlice[float64](gv)
		xv := x.Values()
		for k := range xv.Numel() {
			plus := append([]*tensor.Tensor(nil), xs...)
			minus := append([]*tensor.Tensor(nil), xs...)
			plus[i], minus[i] = withStored(t, x, k, h), withStored(t, x, k, -h)
			fd := (f(plus) - f(minus)) / (2 * h)
			require.InDelta(t, fd, gs[k], 1e-6*(1+math.Abs(fd)), "input %d, stored value %d", i, k)
		}
	}
}

func TestFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	a := randSparse(t, rng, 5, 6, 0.4, tensor.CSR)
	b := randDense(t, rng, 6, 3)
	t.Run("sparse.mm CSR @ dense", func(t *testing.T) {
		fdCheck(t, func(in []*Var) (*Var, error) { return SparseMm(in[0], in[1]) }, a, b)
	})
	t.Run("sparse.mm COO @ COO", func(t *testing.T) {
		fdCheck(t, func(in []*Var) (*Var, error) { return SparseMm(in[0], in[1]) },
			randSparse(t, rng, 4, 5, 0.5, tensor.COO), randSparse(t, rng, 5, 3, 0.5, tensor.COO))
	})
	t.Run("mv CSC", func(t *testing.T) {
		fdCheck(t, func(in []*Var) (*Var, error) { return Mv(in[0], in[1]) },
			randSparse(t, rng, 5, 4, 0.5, tensor.CSC), randDense(t, rng, 4))
	})
	t.Run("softmax COO dim 1", func(t *testing.T) {
		fdCheck(t, func(in []*Var) (*Var, error) { return Softmax(in[0], 1, false) }, randSparse(t, rng, 4, 6, 0.5, tensor.COO))
	})
	t.Run("log_softmax CSR dim 0", func(t *testing.T) {
		fdCheck(t, func(in []*Var) (*Var, error) { return Softmax(in[0], 0, true) }, randSparse(t, rng, 4, 6, 0.5, tensor.COO))
	})
	t.Run("sampled_addmm", func(t *testing.T) {
		fdCheck(t, func(in []*Var) (*Var, error) {
			return SampledAddmm(in[0], in[1], in[2], dtype.Real(0.3), dtype.Real(-1.5))
		}, randSparse(t, rng, 4, 5, 0.5, tensor.CSR), randDense(t, rng, 4, 3), randDense(t, rng, 3, 5))
	})
	t.Run("GCN layer: sum(A @ (X @ W)) through transpose", func(t *testing.T) {
		fdCheck(t, func(in []*Var) (*Var, error) {
			xw, err := Mm(in[1], in[2])
			if err != nil {
				return nil, err
			}
			at, err := Transpose(in[0], 0, 1)
			if err != nil {
				return nil, err
			}
			h, err := SparseMm(at, xw)
			if err != nil {
				return nil, err
			}
			return Sum(h, nil)
		}, randSparse(t, rng, 5, 5, 0.4, tensor.COO), randDense(t, rng, 5, 4), randDense(t, rng, 4, 2))
	})
}

func TestFiniteDifferencesUnaryAndMean(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, op := range []string{"neg", "abs", "relu", "exp", "expm1", "sin", "cos", "sinh", "cosh", "tanh", "sigmoid", "square"} {
		for _, layout := range []tensor.Layout{tensor.Strided, tensor.CSR, tensor.COO} {
			x := randSparse(t, rng, 4, 5, 0.5, tensor.COO)
			if layout == tensor.Strided {
				x = randDense(t, rng, 4, 5)
			} else if layout != tensor.COO {
				var err error
				x, err = convert.ToLayout(x, layout, tensor.DefaultConvert())
				require.NoError(t, err)
			}
			t.Run(op+" "+layout.String(), func(t *testing.T) {
				fdCheck(t, func(in []*Var) (*Var, error) { return Unary(op, in[0], ops.UnaryArgs{}) }, x)
			})
		}
	}
	// log, log1p and sqrt on positive values.
	pos, err := ops.UnaryByName("abs", randSparse(t, rng, 4, 5, 0.5, tensor.CSR), ops.UnaryArgs{})
	require.NoError(t, err)
	pos, err = addNum(pos, 0.5)
	require.NoError(t, err)
	for _, op := range []string{"log1p", "sqrt"} {
		t.Run(op, func(t *testing.T) {
			fdCheck(t, func(in []*Var) (*Var, error) { return Unary(op, in[0], ops.UnaryArgs{}) }, pos)
		})
	}
	// log of a sparse tensor has fill -inf, which the dense check cannot sum.
	posDense, err := convert.ToDense(pos)
	require.NoError(t, err)
	posDense, err = addNum(posDense, 0.5)
	require.NoError(t, err)
	t.Run("log", func(t *testing.T) {
		fdCheck(t, func(in []*Var) (*Var, error) { return Unary("log", in[0], ops.UnaryArgs{}) }, posDense)
	})
	for _, dims := range [][]int{nil, {0}, {-1}} {
		t.Run("mean sparse", func(t *testing.T) {
			fdCheck(t, func(in []*Var) (*Var, error) { return Mean(in[0], dims) }, randSparse(t, rng, 4, 5, 0.5, tensor.COO))
		})
		t.Run("mean dense", func(t *testing.T) {
			fdCheck(t, func(in []*Var) (*Var, error) { return Mean(in[0], dims) }, randDense(t, rng, 4, 5))
		})
	}
}

func TestFiniteDifferencesAddmv(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, layout := range []tensor.Layout{tensor.CSR, tensor.COO, tensor.CSC} {
		t.Run(layout.String(), func(t *testing.T) {
			fdCheck(t, func(in []*Var) (*Var, error) {
				return Addmv(in[0], in[1], in[2], dtype.Real(0.5), dtype.Real(-2))
			}, randDense(t, rng, 4), randSparse(t, rng, 4, 5, 0.5, layout), randDense(t, rng, 5))
		})
	}
	t.Run("dense matrix", func(t *testing.T) {
		fdCheck(t, func(in []*Var) (*Var, error) {
			return Addmv(in[0], in[1], in[2], dtype.Real(1), dtype.Real(1))
		}, randDense(t, rng, 3), randDense(t, rng, 3, 2), randDense(t, rng, 2))
	})
}

func TestFiniteDifferencesToLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, layout := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC, tensor.BSR} {
		opt := tensor.DefaultConvert()
		opt.BlockSize = [2]int64{2, 2}
		t.Run("dense to "+layout.String(), func(t *testing.T) {
			fdCheck(t, func(in []*Var) (*Var, error) { return ToLayout(in[0], layout, opt) }, randDense(t, rng, 4, 6))
		})
		t.Run("COO to "+layout.String(), func(t *testing.T) {
			fdCheck(t, func(in []*Var) (*Var, error) { return ToLayout(in[0], layout, opt) }, randSparse(t, rng, 4, 6, 0.5, tensor.COO))
		})
	}
}

func TestFiniteDifferencesNumberOps(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	alpha := dtype.FloatNumber(-1.5)
	c := dtype.FloatNumber(0.75)
	for _, name := range []string{"add", "sub", "div"} {
		for _, first := range []bool{false, true} {
			for _, args := range []ops.BinaryArgs{{}, {Alpha: &alpha}} {
				if name == "div" && args.Alpha != nil {
					continue
				}
				x := randSparse(t, rng, 4, 5, 0.5, tensor.CSR)
				if first && name == "div" {
					var err error
					x, err = convert.ToDense(x)
					require.NoError(t, err)
					x, err = addNum(x, 3) // away from 0
					require.NoError(t, err)
				}
				t.Run(name, func(t *testing.T) {
					fdCheck(t, func(in []*Var) (*Var, error) { return NumberOp(name, in[0], c, first, args) }, x)
				})
			}
		}
	}
}

func TestFiniteDifferencesSub(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	alpha := dtype.FloatNumber(2.5)
	for _, al := range []*dtype.Number{nil, &alpha} {
		t.Run("dense - CSR", func(t *testing.T) {
			fdCheck(t, func(in []*Var) (*Var, error) { return Sub(in[0], in[1], al) }, randDense(t, rng, 3, 4), randSparse(t, rng, 3, 4, 0.5, tensor.CSR))
		})
		t.Run("COO - COO", func(t *testing.T) {
			fdCheck(t, func(in []*Var) (*Var, error) { return Sub(in[0], in[1], al) }, randSparse(t, rng, 3, 4, 0.5, tensor.COO), randSparse(t, rng, 3, 4, 0.5, tensor.COO))
		})
	}
}

func TestFiniteDifferencesAmax(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for _, op := range []string{"amax", "amin"} {
		for _, dims := range [][]int{nil, {0}, {1}} {
			t.Run(op, func(t *testing.T) {
				fdCheck(t, func(in []*Var) (*Var, error) { return Amax(in[0], dims, op) }, randDense(t, rng, 4, 5))
			})
		}
	}
	// Ties share the gradient: amax of [2, 2, 1] sends half to each 2.
	x, err := Leaf(randDense(t, rng, 3), true)
	require.NoError(t, err)
	v := x.Tensor().Values()
	copy(dtype.AsSlice[float64](v), []float64{2, 2, 1})
	y, err := Amax(x, nil, "amax")
	require.NoError(t, err)
	require.NoError(t, Backward(y, nil, false))
	require.Equal(t, []float64{0.5, 0.5, 0}, values64(t, x.Grad()))
	// A sparse input: the ties of to_dense(x) share it, the specified ones
	// get their share ([[3, 0], [3, fill 0]]: the two 3s get half each).
	idx := dtype.Int64Array([]int64{0, 0, 1, 0, 1, 0})
	idx.Shape = []int64{2, 3}
	sv := dtype.Float64Array([]float64{3, 0, 3})
	st, err := tensor.NewCOO(idx, sv, []int64{2, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	s, err := Leaf(st, true)
	require.NoError(t, err)
	y, err = Amax(s, nil, "amax")
	require.NoError(t, err)
	require.NoError(t, Backward(y, nil, false))
	require.Equal(t, []float64{0.5, 0, 0.5}, values64(t, s.Grad()))
}

func TestUnaryWithoutFormulaRefuses(t *testing.T) {
	x, err := Leaf(randDense(t, rand.New(rand.NewPCG(1, 1)), 2, 2), true)
	require.NoError(t, err)
	_, err = Unary("isnan", x, ops.UnaryArgs{})
	require.ErrorContains(t, err, "isnan")
	require.False(t, HasUnaryGrad("isnan"))
	require.True(t, HasUnaryGrad("relu"))
}
