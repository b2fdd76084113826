package ops

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// BenchmarkCustomFormat: the ops that run on a custom format's own storage
// (mul by a number, abs, sum over all dims, sum over dim 1, transpose) on
// the 1M-row 5-point Laplacian stored as CSR (the reference row), DIA-I,
// DIA-J, BSR with column-major 2 x 2 blocks and DCSR (a named layout, not
// custom: its own paths), allocations reported. The format/CSR ratio of each op is
// the figure to watch (issue 36: >= 0.95x of CSR's speed for element-wise
// ops and reductions). "dia-i-coo-route" is the element-wise op as it ran
// before: on the COO form, re-encoded in its format (inFormat).
func BenchmarkCustomFormat(b *testing.B) {
	csr := benchLaplacian(b, 1000, tensor.CSR)
	formats := []struct {
		name string
		t    *tensor.Tensor
	}{{"csr", csr}}
	bsrc, err := format.BSRColMajor(2, 2)
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range []struct {
		name string
		f    format.Format
	}{{"dia-i", format.DIAI()}, {"dia-j", format.DIAJ()}, {"bsr-colmajor-2x2", bsrc}, {"dcsr", format.DCSR()}} {
		t, err := convert.ToFormat(csr, f.f)
		if err != nil {
			b.Fatal(err)
		}
		formats = append(formats, struct {
			name string
			t    *tensor.Tensor
		}{f.name, t})
	}
	ops := []struct {
		name string
		run  func(t *tensor.Tensor) (*tensor.Tensor, error)
	}{
		{"mul2.5", func(t *tensor.Tensor) (*tensor.Tensor, error) {
			return BinaryByName("mul", TensorOperand(t), NumberOperand(dtype.FloatNumber(2.5)), BinaryArgs{})
		}},
		{"abs", func(t *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName("abs", t, UnaryArgs{}) }},
		{"sum", func(t *tensor.Tensor) (*tensor.Tensor, error) { return Reduce(t, nil, "sum") }},
		{"sum-dim1", func(t *tensor.Tensor) (*tensor.Tensor, error) { return Reduce(t, []int{1}, "sum") }},
		{"transpose", func(t *tensor.Tensor) (*tensor.Tensor, error) { return Transpose(t, 0, 1) }},
	}
	for _, o := range ops {
		for _, f := range formats {
			b.Run(o.name+"/"+f.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := o.run(f.t); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
	dia := formats[1].t
	b.Run("mul2.5/dia-i-coo-route", func(b *testing.B) {
		b.ReportAllocs()
		bf := binaryOps["mul"].funcs(BinaryArgs{}, dtype.Float64)
		n := dtype.FloatNumber(2.5)
		ef := bindNumber(bf, scalarVec(domReal, n.Value), false, false)
		fast := numberFast("mul", n, domReal, false, &BinaryArgs{})
		for b.Loop() {
			r, err := mapTensor("mul", dia, dtype.Float64, domReal, ef, true, fast)
			if err == nil {
				_, err = inFormat(r, dia.Format(), dia)
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}

// batchedLaplacian is nb copies of the 5-point Laplacian of a g x g grid,
// the k-th scaled by k+1, as a coalesced 3-D COO tensor (nb, g*g, g*g).
func batchedLaplacian(b *testing.B, g, nb int64) *tensor.Tensor {
	m := benchLaplacian(b, g, tensor.COO)
	idx, vals := m.Indices(), dtype.AsSlice[float64](m.Values())
	nnz := int64(len(vals))
	out := make([]int64, 0, 3*nb*nnz)
	for d := range int64(3) {
		for k := range nb {
			for e := range nnz {
				switch d {
				case 0:
					out = append(out, k)
				default:
					out = append(out, idx.Index((d-1)*nnz+e))
				}
			}
		}
	}
	v := make([]float64, 0, nb*nnz)
	for k := range nb {
		for _, x := range vals {
			v = append(v, float64(k+1)*x)
		}
	}
	t, err := tensor.NewCOO(dtype.Int64Array(out, 3, nb*nnz), dtype.Float64Array(v), []int64{nb, g * g, g * g}, tensor.BuildOptions{Coalesced: true})
	if err != nil {
		b.Fatal(err)
	}
	return t
}

// BenchmarkCustomFormat3D: 8 Laplacians of a 300 x 300 grid (90k rows each,
// 3.6M entries in all) as a 3-D COO (the reference row) and as batched DIA,
// (b, i, j) -> (b : dense, j - i : compressed, i : range): sum over the
// batch (two dims kept), sum per batch (one kept), select of batch 3 (the
// top level's dim: a slice of the storage) and abs.
func BenchmarkCustomFormat3D(b *testing.B) {
	coo := batchedLaplacian(b, 300, 8)
	bdia, err := format.Parse("(b, i, j) -> (b : dense, j - i : compressed, i : range)")
	if err != nil {
		b.Fatal(err)
	}
	dia, err := convert.ToFormat(coo, bdia)
	if err != nil {
		b.Fatal(err)
	}
	ops := []struct {
		name string
		run  func(t *tensor.Tensor) (*tensor.Tensor, error)
	}{
		{"sum-dim0", func(t *tensor.Tensor) (*tensor.Tensor, error) { return Reduce(t, []int{0}, "sum") }},
		{"sum-dims12", func(t *tensor.Tensor) (*tensor.Tensor, error) { return Reduce(t, []int{1, 2}, "sum") }},
		{"select-b3", func(t *tensor.Tensor) (*tensor.Tensor, error) { return Select(t, 0, 3) }},
		{"abs", func(t *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName("abs", t, UnaryArgs{}) }},
	}
	for _, o := range ops {
		for _, f := range []struct {
			name string
			t    *tensor.Tensor
		}{{"coo", coo}, {"batched-dia", dia}} {
			b.Run(o.name+"/"+f.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := o.run(f.t); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
