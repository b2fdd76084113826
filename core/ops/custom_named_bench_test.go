package ops

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// BenchmarkLevelsVsNamed: the operators moved off tensor.Named on the
// 90K-row Laplacian in DIA-I and BSR column-major 2 x 2 (reshapeLaplacians),
// each by its path over the format's levels ("levels") and by the COO
// route it replaced ("named": the operands' COO forms made by Named, then
// the same call): reshape to (n*n/2, 2), where(A > 0, 1, 0), A / neg(A),
// cat([A, A], 0), A * row (a strided row broadcast along dim 0), clone,
// to(float32) and S.sparse_mask(A) (S the shifted Laplacian in CSR).
// ReportAllocs gives the bytes each allocates.
func BenchmarkLevelsVsNamed(b *testing.B) {
	one, zero := NumberOperand(dtype.FloatNumber(1)), NumberOperand(dtype.FloatNumber(0))
	for name, x := range reshapeLaplacians(b) {
		n := x.Dims()[0]
		neg, err := UnaryByName("neg", x, UnaryArgs{})
		if err != nil {
			b.Fatal(err)
		}
		cond, err := BinaryByName("gt", TensorOperand(x), NumberOperand(dtype.FloatNumber(0)), BinaryArgs{})
		if err != nil {
			b.Fatal(err)
		}
		rv := make([]float64, n)
		for i := range rv {
			rv[i] = float64(i%7) + 1
		}
		row, err := tensor.NewStridedCopy(dtype.Float64Array(rv, n))
		if err != nil {
			b.Fatal(err)
		}
		shifted := benchShifted(b, 300, tensor.CSR)
		ops := []struct {
			name string
			args []*tensor.Tensor
			run  func(ts []*tensor.Tensor) (*tensor.Tensor, error)
		}{
			{"reshape", []*tensor.Tensor{x}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return Reshape(ts[0], []int64{n * n / 2, 2}) }},
			{"where_numbers", []*tensor.Tensor{cond}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return Where(ts[0], one, zero) }},
			{"div_same_storage", []*tensor.Tensor{x, neg}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) {
				return BinaryByName("div", TensorOperand(ts[0]), TensorOperand(ts[1]), BinaryArgs{})
			}},
			{"cat", []*tensor.Tensor{x, x}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return Cat(ts, 0) }},
			{"mul_row", []*tensor.Tensor{x}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) {
				return BinaryByName("mul", TensorOperand(ts[0]), TensorOperand(row), BinaryArgs{})
			}},
			{"clone", []*tensor.Tensor{x}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return tensor.Clone(ts[0]), nil }},
			{"to_float32", []*tensor.Tensor{x}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return convert.ToDType(ts[0], dtype.Float32) }},
			{"sparse_mask_by", []*tensor.Tensor{x}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return SparseMask(shifted, ts[0]) }},
		}
		for _, o := range ops {
			for _, route := range []string{"levels", "named"} {
				b.Run(name+"/"+o.name+"/"+route, func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						ts := o.args
						if route == "named" {
							ts = make([]*tensor.Tensor, len(o.args))
							for i, t := range o.args {
								var err error
								if ts[i], err = tensor.Named(t); err != nil {
									b.Fatal(err)
								}
							}
						}
						if _, err := o.run(ts); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
