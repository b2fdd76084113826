package ops

import (
	"testing"
	"time"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// BenchmarkBSRColMajorPaired: bench/format_cases.py's rows of BSR with
// column-major 2 x 2 blocks (the 500 x 500 grid's block Laplacian: 250K
// block rows, 500K rows, 5M entries) without Python, each call alternated
// with the same op on the CSR tensor of the same entries; "ratio" is CSR
// time / BSR time over the loop, allocations the pair's.
func BenchmarkBSRColMajorPaired(b *testing.B) {
	coo := mappedCOO(b, benchLaplacian(b, 500, tensor.COO), 2, blockEntries)
	csr, err := convert.ToLayout(coo, tensor.CSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: 32})
	if err != nil {
		b.Fatal(err)
	}
	f, err := format.BSRColMajor(2, 2)
	if err != nil {
		b.Fatal(err)
	}
	bsr, err := convert.ToFormat(csr, f)
	if err != nil {
		b.Fatal(err)
	}
	n := csr.Dims()[0]
	rows := make([]int64, 0, n/16+1)
	for r := n - 1; r >= 0; r -= 16 {
		rows = append(rows, r)
	}
	idx := dtype.Int64Array(rows, int64(len(rows)))
	ops := []struct {
		name string
		run  func(t *tensor.Tensor) (*tensor.Tensor, error)
	}{
		{"mul", func(t *tensor.Tensor) (*tensor.Tensor, error) {
			return BinaryByName("mul", TensorOperand(t), NumberOperand(dtype.FloatNumber(2.5)), BinaryArgs{})
		}},
		{"sum", func(t *tensor.Tensor) (*tensor.Tensor, error) { return Reduce(t, nil, "sum") }},
		{"softmax", func(t *tensor.Tensor) (*tensor.Tensor, error) { return Softmax(t, 1, false) }},
		{"rows", func(t *tensor.Tensor) (*tensor.Tensor, error) { return IndexSelect(t, 0, idx) }},
		{"add_csr", func(t *tensor.Tensor) (*tensor.Tensor, error) {
			return BinaryByName("add", TensorOperand(t), TensorOperand(csr), BinaryArgs{})
		}},
		{"where", func(t *tensor.Tensor) (*tensor.Tensor, error) {
			c, err := BinaryByName("gt", TensorOperand(t), NumberOperand(dtype.FloatNumber(0)), BinaryArgs{})
			if err != nil {
				return nil, err
			}
			return Where(c, TensorOperand(t), NumberOperand(dtype.FloatNumber(0)))
		}},
	}
	for _, o := range ops {
		b.Run(o.name, func(b *testing.B) {
			b.ReportAllocs()
			var ref, own time.Duration
			for b.Loop() {
				s := time.Now()
				if _, err := o.run(csr); err != nil {
					b.Fatal(err)
				}
				m := time.Now()
				if _, err := o.run(bsr); err != nil {
					b.Fatal(err)
				}
				ref, own = ref+m.Sub(s), own+time.Since(m)
			}
			b.ReportMetric(float64(ref)/float64(own), "ratio")
		})
	}
}
