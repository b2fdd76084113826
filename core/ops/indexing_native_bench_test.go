package ops

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// shapeInput is a benchmark or allocation-test input: the 5-point
// Laplacian of a g x g grid (g*g rows) in layout, or an 8 x 8 band.
func shapeInput(tb testing.TB, g int64, layout tensor.Layout) *tensor.Tensor {
	tb.Helper()
	var c *gen.COO
	var err error
	if g == 0 {
		c, err = gen.Banded(8, 1, 1, 3)
	} else {
		c, err = gen.Stencil2D(g)
	}
	require.NoError(tb, err)
	x, err := c.Tensor()
	require.NoError(tb, err)
	if layout != tensor.COO {
		x, err = convert.ToLayout(x, layout, tensor.DefaultConvert())
		require.NoError(tb, err)
	}
	return x
}

// spread returns k rows spread evenly over n, ascending.
func spread(n, k int64) []int64 {
	out := make([]int64, k)
	for i := range out {
		out[i] = int64(i) * n / k
	}
	return out
}

// shapeOp is one operator call of the benchmarks: the native path (the
// public operator) and the general path it replaced.
type shapeOp struct {
	name              string
	native, reference func(x *tensor.Tensor, frac float64) (*tensor.Tensor, error)
}

var shapeOps = []shapeOp{
	{"index_select-rows-csr",
		func(x *tensor.Tensor, f float64) (*tensor.Tensor, error) {
			return IndexSelect(x, 0, dtype.Int64Array(spread(x.Dims()[0], fracOf(x, f))))
		},
		func(x *tensor.Tensor, f float64) (*tensor.Tensor, error) {
			return indexSelectEntries(x, 0, spread(x.Dims()[0], fracOf(x, f)))
		}},
	{"narrow-rows-csr",
		func(x *tensor.Tensor, f float64) (*tensor.Tensor, error) {
			k := fracOf(x, f)
			return NarrowCopy(x, 0, (x.Dims()[0]-k)/2, k)
		},
		func(x *tensor.Tensor, f float64) (*tensor.Tensor, error) {
			k := fracOf(x, f)
			return narrowEntries(x, 0, (x.Dims()[0]-k)/2, k)
		}},
	{"narrow-cols-csr",
		func(x *tensor.Tensor, f float64) (*tensor.Tensor, error) {
			k := fracOf(x, f)
			return NarrowCopy(x, 1, (x.Dims()[1]-k)/2, k)
		},
		func(x *tensor.Tensor, f float64) (*tensor.Tensor, error) {
			k := fracOf(x, f)
			return narrowEntries(x, 1, (x.Dims()[1]-k)/2, k)
		}},
	{"select-row-csr",
		func(x *tensor.Tensor, f float64) (*tensor.Tensor, error) { return Select(x, 0, x.Dims()[0]/2) },
		func(x *tensor.Tensor, f float64) (*tensor.Tensor, error) { return selectEntries(x, 0, x.Dims()[0]/2) }},
	{"index-ij-csr",
		func(x *tensor.Tensor, f float64) (*tensor.Tensor, error) {
			return Index(x, []int64{x.Dims()[0] / 2, x.Dims()[1] / 2})
		},
		func(x *tensor.Tensor, f float64) (*tensor.Tensor, error) {
			r, err := selectEntries(x, 0, x.Dims()[0]/2)
			if err != nil {
				return nil, err
			}
			return selectEntries(r, 0, x.Dims()[1]/2)
		}},
}

// cooShapeOps run on the COO form.
var cooShapeOps = []shapeOp{
	{"index_select-rows-coo",
		func(x *tensor.Tensor, f float64) (*tensor.Tensor, error) {
			return IndexSelect(x, 0, dtype.Int64Array(spread(x.Dims()[0], fracOf(x, f))))
		},
		func(x *tensor.Tensor, f float64) (*tensor.Tensor, error) {
			return indexSelectEntries(x, 0, spread(x.Dims()[0], fracOf(x, f)))
		}},
	{"narrow-rows-coo",
		func(x *tensor.Tensor, f float64) (*tensor.Tensor, error) {
			k := fracOf(x, f)
			return NarrowCopy(x, 0, (x.Dims()[0]-k)/2, k)
		},
		func(x *tensor.Tensor, f float64) (*tensor.Tensor, error) {
			k := fracOf(x, f)
			return narrowEntries(x, 0, (x.Dims()[0]-k)/2, k)
		}},
}

// fracOf is the count of rows a fraction f selects (at least one).
func fracOf(x *tensor.Tensor, f float64) int64 { return max(1, int64(f*float64(x.Dims()[0]))) }

// BenchmarkShapeNative runs each moved operator at 1% and 50% of the 1M-row
// Laplacian and on an 8 x 8 band, by the native path and the general path
// it replaced (-bench 'ShapeNative/.*/native' for the new figures alone).
func BenchmarkShapeNative(b *testing.B) {
	for _, set := range []struct {
		ops    []shapeOp
		layout tensor.Layout
	}{{shapeOps, tensor.CSR}, {cooShapeOps, tensor.COO}} {
		big, small := shapeInput(b, 1000, set.layout), shapeInput(b, 0, set.layout)
		for _, op := range set.ops {
			for _, size := range []struct {
				name string
				x    *tensor.Tensor
				frac float64
			}{{"1M-1pct", big, 0.01}, {"1M-50pct", big, 0.5}, {"8x8", small, 0.5}} {
				for _, path := range []string{"native", "reference"} {
					fn := op.native
					if path == "reference" {
						fn = op.reference
					}
					b.Run(fmt.Sprint(op.name, "/", size.name, "/", path), func(b *testing.B) {
						b.ReportAllocs()
						for range b.N {
							if _, err := fn(size.x, size.frac); err != nil {
								b.Fatal(err)
							}
						}
					})
				}
			}
		}
	}
}

// storageBytes is the bytes of t's storage arrays.
func storageBytes(t *tensor.Tensor) int64 {
	n := int64(0)
	for _, a := range t.AppendStorage(nil) {
		n += int64(len(a.Data))
	}
	return n
}

// TestShapeNativeAllocations: each moved operator allocates at most its
// result's storage plus O(rows) bytes (the segment bounds, some eight index
// words a row, the index and its copies) plus a constant for the tensor headers, measured as
// runtime.MemStats.TotalAlloc around the call on a 40K-row Laplacian.
func TestShapeNativeAllocations(t *testing.T) {
	for _, set := range []struct {
		ops    []shapeOp
		layout tensor.Layout
	}{{shapeOps, tensor.CSR}, {cooShapeOps, tensor.COO}} {
		x := shapeInput(t, 200, set.layout)
		for _, op := range set.ops {
			for _, f := range []float64{0.01, 0.5} {
				r, err := op.native(x, f) // warm: first-call allocations are not the operator's
				require.NoError(t, err)
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				r, err = op.native(x, f)
				runtime.ReadMemStats(&after)
				require.NoError(t, err)
				got := int64(after.TotalAlloc - before.TotalAlloc)
				rows := x.Dims()[0]
				if op.name == "index_select-rows-csr" || op.name == "index_select-rows-coo" {
					rows = fracOf(x, f) // index_select's bounds are per selected row
				}
				bound := storageBytes(r) + 8*8*(rows+1) + 8<<10
				require.LessOrEqual(t, got, bound, "%s at %g: allocated %d bytes, result %d, rows %d", op.name, f, got, storageBytes(r), rows)
			}
		}
	}
}

// wholeOps are the moved operators that take the whole input: cat of two
// copies along each dim, transpose of CSR (a relabel), COO and BSR. ownBytes
// is what each may allocate beyond O(rows): the result's new storage.
var wholeOps = []struct {
	name              string
	layout            tensor.Layout
	native, reference func(x *tensor.Tensor) (*tensor.Tensor, error)
	ownBytes          func(r *tensor.Tensor) int64
}{
	{"cat-rows-csr", tensor.CSR,
		func(x *tensor.Tensor) (*tensor.Tensor, error) { return Cat([]*tensor.Tensor{x, x}, 0) },
		func(x *tensor.Tensor) (*tensor.Tensor, error) { return catEntries([]*tensor.Tensor{x, x}, 0) }, storageBytes},
	{"cat-cols-csr", tensor.CSR,
		func(x *tensor.Tensor) (*tensor.Tensor, error) { return Cat([]*tensor.Tensor{x, x}, 1) },
		func(x *tensor.Tensor) (*tensor.Tensor, error) { return catEntries([]*tensor.Tensor{x, x}, 1) }, storageBytes},
	{"cat-rows-coo", tensor.COO,
		func(x *tensor.Tensor) (*tensor.Tensor, error) { return Cat([]*tensor.Tensor{x, x}, 0) },
		func(x *tensor.Tensor) (*tensor.Tensor, error) { return catEntries([]*tensor.Tensor{x, x}, 0) }, storageBytes},
	{"transpose-csr", tensor.CSR,
		func(x *tensor.Tensor) (*tensor.Tensor, error) { return Transpose(x, 0, 1) },
		func(x *tensor.Tensor) (*tensor.Tensor, error) { return permuteEntries(x, []int{1, 0}, []int{1, 0}) },
		func(*tensor.Tensor) int64 { return 0 }},
	{"transpose-coo", tensor.COO,
		func(x *tensor.Tensor) (*tensor.Tensor, error) { return Transpose(x, 0, 1) },
		func(x *tensor.Tensor) (*tensor.Tensor, error) { return permuteEntries(x, []int{1, 0}, []int{1, 0}) },
		func(r *tensor.Tensor) int64 { return int64(len(r.Indices().Data)) }},
	{"transpose-bsr", tensor.BSR,
		func(x *tensor.Tensor) (*tensor.Tensor, error) { return Transpose(x, 0, 1) },
		func(x *tensor.Tensor) (*tensor.Tensor, error) { return permuteEntries(x, []int{1, 0}, []int{1, 0}) },
		func(r *tensor.Tensor) int64 { return int64(len(r.Values().Data)) }},
}

// wholeInput is the input of a whole-input operator: the Laplacian of a g
// x g grid (or the 8 x 8 band for g = 0), BSR with 2 x 2 blocks.
func wholeInput(tb testing.TB, g int64, layout tensor.Layout) *tensor.Tensor {
	if layout != tensor.BSR {
		return shapeInput(tb, g, layout)
	}
	x := shapeInput(tb, g, tensor.CSR)
	opt := tensor.DefaultConvert()
	opt.BlockSize = [2]int64{2, 2}
	r, err := convert.ToLayout(x, tensor.BSR, opt)
	require.NoError(tb, err)
	return r
}

// BenchmarkShapeNativeWhole runs cat and transpose on the 1M-row Laplacian
// and the 8 x 8 band, by the native and the general path.
func BenchmarkShapeNativeWhole(b *testing.B) {
	for _, op := range wholeOps {
		for _, size := range []struct {
			name string
			g    int64
		}{{"1M", 1000}, {"8x8", 0}} {
			x := wholeInput(b, size.g, op.layout)
			for _, path := range []string{"native", "reference"} {
				fn := op.native
				if path == "reference" {
					fn = op.reference
				}
				b.Run(fmt.Sprint(op.name, "/", size.name, "/", path), func(b *testing.B) {
					b.ReportAllocs()
					for range b.N {
						if _, err := fn(x); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// TestShapeNativeWholeAllocations: cat allocates its result plus O(rows),
// a CSR transpose nothing but headers (it shares the arrays), a COO one
// its index rows, a BSR one its values.
func TestShapeNativeWholeAllocations(t *testing.T) {
	for _, op := range wholeOps {
		x := wholeInput(t, 200, op.layout)
		r, err := op.native(x)
		require.NoError(t, err)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		r, err = op.native(x)
		runtime.ReadMemStats(&after)
		require.NoError(t, err)
		got := int64(after.TotalAlloc - before.TotalAlloc)
		bound := op.ownBytes(r) + 8*(x.Dims()[0]+1) + 8<<10
		require.LessOrEqual(t, got, bound, "%s: allocated %d bytes, own result %d", op.name, got, op.ownBytes(r))
	}
}

// TestShapeNativeSizedFirst: under a memory limit below their results, the
// native paths refuse with ErrTooLarge before allocating the result, and
// the input is untouched.
func TestShapeNativeSizedFirst(t *testing.T) {
	x := shapeInput(t, 200, tensor.CSR)
	c := shapeInput(t, 200, tensor.COO)
	before, beforeC := tensor.Clone(x), tensor.Clone(c)
	withMemoryLimit(t, 64<<10, func() {
		for _, op := range append(append([]shapeOp(nil), shapeOps[:3]...), cooShapeOps...) {
			in := x
			if strings.HasSuffix(op.name, "coo") {
				in = c
			}
			_, err := op.native(in, 0.5)
			require.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), "%s: %v", op.name, err)
		}
		for _, op := range wholeOps[:3] {
			in := x
			if op.layout == tensor.COO {
				in = c
			}
			_, err := op.native(in)
			require.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), "%s: %v", op.name, err)
		}
	})
	eq, err := convert.Equal(before, x)
	require.NoError(t, err)
	require.True(t, eq)
	eq, err = convert.Equal(beforeC, c)
	require.NoError(t, err)
	require.True(t, eq)
}

// BenchmarkSelectRow: one row of the 1M-row Laplacian in CSR (a 1-d COO of
// five entries), as torch returns it (int64 indices) and as stored (int32):
// the per-call cost of Python's t.select(0, i) below the C call.
func BenchmarkSelectRow(b *testing.B) {
	x := benchLaplacian(b, 1000, tensor.CSR)
	for _, w := range []int{0, 64} {
		b.Run(fmt.Sprint("index_width=", w), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := SelectIndexWidth(x, 0, 500_000, w); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
