package convert

import (
	"bytes"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// laplacianCSR is the 5-point Laplacian of an n x n grid as CSR.
func laplacianCSR(tb testing.TB, n int64) *tensor.Tensor {
	var rows, cols []int64
	var vals []float64
	for i := int64(0); i < n; i++ {
		for j := int64(0); j < n; j++ {
			r := i*n + j
			for _, d := range [][3]int64{{-1, 0, -1}, {0, -1, -1}, {0, 0, 4}, {0, 1, -1}, {1, 0, -1}} {
				if i+d[0] >= 0 && i+d[0] < n && j+d[1] >= 0 && j+d[1] < n {
					rows, cols = append(rows, r), append(cols, (i+d[0])*n+j+d[1])
					vals = append(vals, float64(d[2]))
				}
			}
		}
	}
	nse := int64(len(vals))
	coo, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, nse), dtype.Float64Array(vals), []int64{n * n, n * n}, tensor.BuildOptions{Coalesced: true})
	if err != nil {
		tb.Fatal(err)
	}
	csr, err := ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
	if err != nil {
		tb.Fatal(err)
	}
	return csr
}

// requireSameStorage fails unless got and want store the same arrays, byte
// for byte, with the same layout, shape, width, fill and flags (read
// through tensor's accessors).
func requireSameStorage(t *testing.T, want, got *tensor.Tensor, what string) {
	t.Helper()
	arrEq := func(a, b dtype.Array) bool {
		return a.DType == b.DType && slices.Equal(a.Shape, b.Shape) && bytes.Equal(a.Data, b.Data)
	}
	ok := want.Layout() == got.Layout() && want.DType() == got.DType() && slices.Equal(want.Dims(), got.Dims()) &&
		want.DenseDim() == got.DenseDim() && want.BatchDim() == got.BatchDim() && want.IndexWidth() == got.IndexWidth() &&
		want.IsCoalesced() == got.IsCoalesced() && bytes.Equal(want.FillPattern(), got.FillPattern()) &&
		arrEq(want.Values(), got.Values()) && arrEq(want.Indices(), got.Indices()) && len(want.Levels()) == len(got.Levels())
	for i := 0; ok && i < len(want.Levels()); i++ {
		w, g := want.Levels()[i], got.Levels()[i]
		ok = w.Kind == g.Kind && w.Level == g.Level && arrEq(w.Pos, g.Pos) && arrEq(w.Crd, g.Crd)
	}
	if !ok {
		t.Fatalf("%s: storage differs from the reference\nwant %+v\ngot  %+v", what, *want, *got)
	}
}
