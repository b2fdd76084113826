package ops

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// hybridLaplacian is the g*g-row Laplacian's pattern in layout l with a
// (4) dense dim: entry k's element j holds (k + 3j) % 11 - 5.
func hybridLaplacian(tb testing.TB, g int64, l tensor.Layout) *tensor.Tensor {
	tb.Helper()
	lap := benchLaplacian(tb, g, tensor.COO)
	nse := lap.Values().Numel()
	vals := dtype.NewArray(dtype.Float64, []int64{nse, 4})
	v := dtype.AsSlice[float64](vals)
	for i := range v {
		v[i] = float64((i/4+3*(i%4))%11) - 5
	}
	x, err := tensor.NewCOO(lap.Indices(), vals, append(lap.Dims(), 4), tensor.BuildOptions{Coalesced: true})
	if err != nil {
		tb.Fatal(err)
	}
	if l == tensor.COO {
		return x
	}
	if x, err = convert.ToLayout(x, l, tensor.ConvertOptions{DenseDim: 1, SparseDim: -1, IndexWidth: 64}); err != nil {
		tb.Fatal(err)
	}
	return x
}

// BenchmarkSoftmaxHybridCases runs, on the engine and through the COO
// path (softmaxViaCOO, the route before), the cases issue 32 moved onto
// the engine last: softmax over the dense dim of the 250K-row Laplacian
// with (4) values an entry in COO and CSR, of the same in CSC over dims 0
// and 1, and over dim 1 of a (2, 4) batch of 62.5K-row Laplacians in CSR;
// with the CPU time a call (the machine is shared: its wall time is not).
func BenchmarkSoftmaxHybridCases(b *testing.B) {
	batched := batchedCompressedLaplacian(b, 250, 8, tensor.CSR)
	shape := append([]int64{2, 4}, batched.Dims()[1:]...)
	lv := batched.Levels()[batched.CompressedLevel()]
	vals := batched.Values()
	vals.Shape = append([]int64{2, 4}, vals.Shape[1:]...)
	grid := tensor.AssembleCompressed(batched, tensor.CSR, shape, 2, lv.Pos, lv.Crd, vals)
	cases := []struct {
		name string
		x    *tensor.Tensor
		dim  int
	}{
		{"coo_dense_dim", hybridLaplacian(b, 500, tensor.COO), 2},
		{"csr_dense_dim", hybridLaplacian(b, 500, tensor.CSR), 2},
		{"csc_hybrid_dim0", hybridLaplacian(b, 500, tensor.CSC), 0},
		{"csc_hybrid_dim1", hybridLaplacian(b, 500, tensor.CSC), 1},
		{"csr_batch_grid_dim1", grid, 1},
	}
	for _, c := range cases {
		for _, route := range []string{"engine", "coo"} {
			b.Run(c.name+"/"+route, func(b *testing.B) {
				b.ReportAllocs()
				before := cpuTimeNs()
				for b.Loop() {
					var err error
					if route == "engine" {
						_, err = Softmax(c.x, c.dim, false)
					} else {
						_, err = softmaxViaCOO(c.x, c.dim, false)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(cpuTimeNs()-before)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}
