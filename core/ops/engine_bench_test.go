package ops

import (
	"fmt"
	"sync"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/tensor"
)

// The everyday-operator benchmarks (issue 32's guard rails): each operator on
// the 1M-row 5-point Laplacian (5M entries) in CSR and COO, and on 8 x 8, with
// allocations reported. Compare bytes/op and allocs/op before and after a
// change to the engine: a result of m values should allocate about m values.

var lapCache sync.Map // key string -> *tensor.Tensor

// benchLaplacian is the n^2-row 5-point Laplacian in layout l (cached: the
// 1M-row one takes a second to build).
func benchLaplacian(tb testing.TB, n int64, l tensor.Layout) *tensor.Tensor {
	tb.Helper()
	key := fmt.Sprint(l, "/", n)
	if t, ok := lapCache.Load(key); ok {
		return t.(*tensor.Tensor)
	}
	c, err := gen.Stencil2D(n)
	if err != nil {
		tb.Fatal(err)
	}
	t, err := c.Tensor()
	if err != nil {
		tb.Fatal(err)
	}
	if l != tensor.COO {
		if t, err = convert.ToLayout(t, l, tensor.DefaultConvert()); err != nil {
			tb.Fatal(err)
		}
	}
	lapCache.Store(key, t)
	return t
}

// benchSizes are the grids benchmarked: n = 1000 (1M rows, 5M entries) and
// n = 3 (a 9 x 9 matrix: the per-call overhead case).
var benchSizes = []struct {
	name string
	n    int64
}{{"1M", 1000}, {"9x9", 3}}

var benchLayouts = []tensor.Layout{tensor.CSR, tensor.COO}

// runOpBench runs fn on every size and layout as sub-benchmarks.
func runOpBench(b *testing.B, fn func(t *tensor.Tensor) (*tensor.Tensor, error)) {
	for _, s := range benchSizes {
		for _, l := range benchLayouts {
			b.Run(s.name+"/"+l.String(), func(b *testing.B) {
				x := benchLaplacian(b, s.n, l)
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					if _, err := fn(x); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func reduceBench(op string, dims ...int) func(*tensor.Tensor) (*tensor.Tensor, error) {
	return func(t *tensor.Tensor) (*tensor.Tensor, error) { return Reduce(t, dims, op) }
}

func BenchmarkOpSumAll(b *testing.B)          { runOpBench(b, reduceBench("sum")) }
func BenchmarkOpSumDim0(b *testing.B)         { runOpBench(b, reduceBench("sum", 0)) }
func BenchmarkOpSumDim1(b *testing.B)         { runOpBench(b, reduceBench("sum", 1)) }
func BenchmarkOpAmaxAll(b *testing.B)         { runOpBench(b, reduceBench("amax")) }
func BenchmarkOpAmaxDim1(b *testing.B)        { runOpBench(b, reduceBench("amax", 1)) }
func BenchmarkOpMeanAll(b *testing.B)         { runOpBench(b, reduceBench("mean")) }
func BenchmarkOpProdDim1(b *testing.B)        { runOpBench(b, reduceBench("prod", 1)) }
func BenchmarkOpCountNonzeroAll(b *testing.B) { runOpBench(b, reduceBench("count_nonzero")) }
func BenchmarkOpAnyDim0(b *testing.B)         { runOpBench(b, reduceBench("any", 0)) }

// BenchmarkOpNorm is the Python binding's Frobenius norm: abs, square, sum, sqrt.
func BenchmarkOpNorm(b *testing.B) {
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		a, err := UnaryByName("abs", t, UnaryArgs{})
		if err != nil {
			return nil, err
		}
		if a, err = UnaryByName("square", a, UnaryArgs{}); err != nil {
			return nil, err
		}
		if a, err = Reduce(a, nil, "sum"); err != nil {
			return nil, err
		}
		return UnaryByName("sqrt", a, UnaryArgs{})
	})
}

func unaryBench(op string) func(*tensor.Tensor) (*tensor.Tensor, error) {
	return func(t *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName(op, t, UnaryArgs{}) }
}

func numberBench(op string, v float64) func(*tensor.Tensor) (*tensor.Tensor, error) {
	return func(t *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName(op, TensorOperand(t), NumberOperand(dtype.FloatNumber(v)), BinaryArgs{})
	}
}

func BenchmarkOpNeg(b *testing.B)       { runOpBench(b, unaryBench("neg")) }
func BenchmarkOpSin(b *testing.B)       { runOpBench(b, unaryBench("sin")) }
func BenchmarkOpMulNumber(b *testing.B) { runOpBench(b, numberBench("mul", 2)) }
func BenchmarkOpAddNumber(b *testing.B) { runOpBench(b, numberBench("add", 2)) }
func BenchmarkOpGtNumber(b *testing.B)  { runOpBench(b, numberBench("gt", 0)) }

func BenchmarkOpClamp(b *testing.B) {
	lo, hi := dtype.FloatNumber(-0.5), dtype.FloatNumber(3)
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		return UnaryByName("clamp", t, UnaryArgs{Min: &lo, Max: &hi})
	})
}

// BenchmarkOpWhere is where(t > 0, t, 0): masked_fill's shape in the bindings.
func BenchmarkOpWhere(b *testing.B) {
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		c, err := BinaryByName("gt", TensorOperand(t), NumberOperand(dtype.FloatNumber(0)), BinaryArgs{})
		if err != nil {
			return nil, err
		}
		return Where(c, TensorOperand(t), NumberOperand(dtype.FloatNumber(0)))
	})
}

func BenchmarkOpAddSamePattern(b *testing.B) {
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("add", TensorOperand(t), TensorOperand(t), BinaryArgs{})
	})
}

// BenchmarkOpAddSamePatternAlpha is x + 0.3*x: the value zip's fused
// (one rounding) loop.
func BenchmarkOpAddSamePatternAlpha(b *testing.B) {
	alpha := dtype.FloatNumber(0.3)
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("add", TensorOperand(t), TensorOperand(t), BinaryArgs{Alpha: &alpha})
	})
}

func BenchmarkOpMulSamePattern(b *testing.B) {
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		return BinaryByName("mul", TensorOperand(t), TensorOperand(t), BinaryArgs{})
	})
}

// BenchmarkOpAddOtherPattern adds the Laplacian and a matrix of another
// pattern (benchShifted) in the same layout.
func BenchmarkOpAddOtherPattern(b *testing.B) { otherPatternBench(b, "add", dtype.Float64) }

// BenchmarkOpAddOtherPatternAlpha adds them with alpha 0.3: the union
// merge's fused (one rounding) kernels.
func BenchmarkOpAddOtherPatternAlpha(b *testing.B) {
	alpha := dtype.FloatNumber(0.3)
	otherPatternBenchArgs(b, "add", dtype.Float64, BinaryArgs{Alpha: &alpha})
}

// BenchmarkOpMulOtherPattern multiplies them (an intersection).
func BenchmarkOpMulOtherPattern(b *testing.B) { otherPatternBench(b, "mul", dtype.Float64) }

// BenchmarkOpAddOtherPatternInt32 and ...Complex128 add them in other
// dtypes (the integer and complex merges).
func BenchmarkOpAddOtherPatternInt32(b *testing.B) { otherPatternBench(b, "add", dtype.Int32) }

func BenchmarkOpAddOtherPatternComplex128(b *testing.B) {
	otherPatternBench(b, "add", dtype.Complex128)
}

// otherPatternBench runs op on the Laplacian and benchShifted, both in
// dtype d, for every size and layout.
func otherPatternBench(b *testing.B, op string, d dtype.DType) {
	otherPatternBenchArgs(b, op, d, BinaryArgs{})
}

// otherPatternBenchArgs is otherPatternBench with args.
func otherPatternBenchArgs(b *testing.B, op string, d dtype.DType, args BinaryArgs) {
	for _, s := range benchSizes {
		for _, l := range benchLayouts {
			b.Run(s.name+"/"+l.String(), func(b *testing.B) {
				x, err := convert.ToDType(benchLaplacian(b, s.n, l), d)
				if err != nil {
					b.Fatal(err)
				}
				y, err := convert.ToDType(benchShifted(b, s.n, l), d)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					if _, err := BinaryByName(op, TensorOperand(x), TensorOperand(y), args); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// benchShifted is a matrix with the Laplacian's row count whose pattern
// differs: the diagonal and the first superdiagonal shifted by 2.
func benchShifted(tb testing.TB, n int64, l tensor.Layout) *tensor.Tensor {
	tb.Helper()
	m := n * n
	rows, cols := make([]int64, 0, 2*m), make([]int64, 0, 2*m)
	for i := int64(0); i < m; i++ {
		rows, cols = append(rows, i), append(cols, i)
		if i+3 < m {
			rows, cols = append(rows, i), append(cols, i+3)
		}
	}
	k := int64(len(rows))
	vals := make([]float64, k)
	for i := range vals {
		vals[i] = float64(i%7) - 3
	}
	t, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, k), dtype.Float64Array(vals), []int64{m, m}, tensor.BuildOptions{Coalesced: true})
	if err != nil {
		tb.Fatal(err)
	}
	if l != tensor.COO {
		if t, err = convert.ToLayout(t, l, tensor.DefaultConvert()); err != nil {
			tb.Fatal(err)
		}
	}
	return t
}

func BenchmarkOpSoftmaxDim1(b *testing.B) {
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) { return Softmax(t, 1, false) })
}

// BenchmarkOpSoftmaxDim0 is softmax over the columns (a scatter).
func BenchmarkOpSoftmaxDim0(b *testing.B) {
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) { return Softmax(t, 0, false) })
}

func BenchmarkOpToFloat32(b *testing.B) {
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) { return convert.ToDType(t, dtype.Float32) })
}

func BenchmarkOpClone(b *testing.B) {
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Clone(t), nil })
}

func BenchmarkOpCoalesce(b *testing.B) {
	runOpBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		if t.Layout() != tensor.COO {
			return t, nil
		}
		return convert.Coalesce(t.WithCoalesced(false))
	})
}

// bench3D is the Laplacian of grid n as a 3-d COO tensor (n, n, n*n): row
// r of the matrix becomes coordinates (r / n, r % n).
func bench3D(tb testing.TB, n int64) *tensor.Tensor {
	tb.Helper()
	c := benchLaplacian(tb, n, tensor.COO)
	idx := c.Indices()
	nse := idx.Shape[1]
	out := dtype.NewArray(dtype.Int64, []int64{3, nse})
	for k := range nse {
		r := idx.Index(k)
		tensor.SetIndex(out, k, r/n)
		tensor.SetIndex(out, nse+k, r%n)
		tensor.SetIndex(out, 2*nse+k, idx.Index(nse+k))
	}
	t, err := tensor.NewCOO(out, c.Values(), []int64{n, n, n * n}, tensor.BuildOptions{NoCheck: true, Coalesced: true})
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// BenchmarkOpSum3DCOO reduces a 5M-entry 3-d COO over its last dim and
// over its last two (a scatter over the kept coordinates).
func BenchmarkOpSum3DCOO(b *testing.B) {
	for _, dims := range [][]int{{2}, {1, 2}} {
		b.Run(fmt.Sprint(dims), func(b *testing.B) {
			x := bench3D(b, 1000)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := Reduce(x, dims, "sum"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkOpSumBSR reduces the Laplacian in BSR (2 x 2 blocks) over each
// dim (a walk of the levels scattering into the kept groups).
func BenchmarkOpSumBSR(b *testing.B) {
	for _, dim := range []int{0, 1} {
		b.Run(fmt.Sprint(dim), func(b *testing.B) {
			x := benchBSR(b, 1000)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := Reduce(x, []int{dim}, "sum"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchBSR is the Laplacian of grid n in BSR with 2 x 2 blocks.
func benchBSR(tb testing.TB, n int64) *tensor.Tensor {
	tb.Helper()
	x, err := convert.ToLayout(benchLaplacian(tb, n, tensor.CSR), tensor.BSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, BlockSize: [2]int64{2, 2}})
	if err != nil {
		tb.Fatal(err)
	}
	return x
}

// BenchmarkOpUnsqueezeCOO, ...Squeeze... and ...Reshape... relabel the
// 5M-entry Laplacian in COO (no sort, the values shared).
func BenchmarkOpUnsqueezeCOO(b *testing.B) {
	relabelBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) { return Unsqueeze(t, 0) })
}

func BenchmarkOpSqueezeCOO(b *testing.B) {
	relabelBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		u, err := Unsqueeze(t, 1)
		if err != nil {
			return nil, err
		}
		d := 1
		return Squeeze(u, &d)
	})
}

func BenchmarkOpReshapeCOO(b *testing.B) {
	relabelBench(b, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		n := t.Dims()[0]
		return Reshape(t, []int64{n * n})
	})
}

func relabelBench(b *testing.B, fn func(*tensor.Tensor) (*tensor.Tensor, error)) {
	x := benchLaplacian(b, 1000, tensor.COO)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := fn(x); err != nil {
			b.Fatal(err)
		}
	}
}
