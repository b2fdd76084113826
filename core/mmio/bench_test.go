package mmio

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// BenchmarkParse reads real matrices from memory; the throughput is input bytes.
func BenchmarkParse(b *testing.B) {
	dir := filepath.Join(sharedMatrices(b), "suitesparse")
	for _, f := range []string{"bcsstk13.mtx", "bayer10.mtx", "Groebner_id2003_aug.mtx", "pushpull.mtx"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(f, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(bytes.NewReader(data)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRead is BenchmarkParse and the coalesced tensor: gs_mm_read's work
// after the file is in memory.
func BenchmarkRead(b *testing.B) {
	dir := filepath.Join(sharedMatrices(b), "suitesparse")
	for _, f := range []string{"bcsstk13.mtx", "bayer10.mtx", "Groebner_id2003_aug.mtx", "pushpull.mtx", "west0067_jumbled.mtx"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(f, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ReadFrom(bytes.NewReader(data)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkWrite writes bcsstk13 (expanded) as a coordinate file.
func BenchmarkWrite(b *testing.B) {
	m := parseFile(b, filepath.Join(sharedMatrices(b), "suitesparse", "bcsstk13.mtx"))
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := WriteCoordinate(&buf, m.Shape, m.Indices, m.Values); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}

// generatedCoordinate is a "real general" coordinate file of n entries at
// uniform random positions of a 1M x 1M matrix, values in [0, 1) written
// in their shortest round-trip form (16-17 digits, as NumPy and
// fast_matrix_market write them).
func generatedCoordinate(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	const dim = 1_000_000
	b := fmt.Appendf(nil, "%%%%MatrixMarket matrix coordinate real general\n%d %d %d\n", dim, dim, n)
	for range n {
		b = strconv.AppendInt(b, int64(r.IntN(dim)+1), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(r.IntN(dim)+1), 10)
		b = append(b, ' ')
		b = strconv.AppendFloat(b, r.Float64(), 'g', -1, 64)
		b = append(b, '\n')
	}
	return b
}

// BenchmarkParseGenerated parses a generated file of 2M entries (the
// harness's mm_read row), from memory: the throughput is input bytes.
func BenchmarkParseGenerated(b *testing.B) {
	data := generatedCoordinate(2_000_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteGenerated writes the 2M entries of BenchmarkParseGenerated's
// file (the harness's mm_write row); the throughput is output bytes.
func BenchmarkWriteGenerated(b *testing.B) {
	m, err := Parse(bytes.NewReader(generatedCoordinate(2_000_000)))
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := WriteCoordinate(&buf, m.Shape, m.Indices, m.Values); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}

// BenchmarkReadGenerated is BenchmarkParseGenerated through ReadFrom: the
// parse and the coalesced tensor, gs_mm_read's work on the harness's file.
func BenchmarkReadGenerated(b *testing.B) {
	data := generatedCoordinate(2_000_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadFrom(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteSymmetric writes a symmetric matrix of ~2M stored entries
// (the harness's mm_write_2m_sym and mm_write_2m_int_sym rows) with its
// symmetry given, which the write checks before it keeps the lower
// triangle. As from SciPy, the tensor is a COO in row-major order without
// the coalesced flag.
func BenchmarkWriteSymmetric(b *testing.B) {
	const n, dim = 1_000_000, 250_000
	r := rand.New(rand.NewPCG(3, 4))
	rows, cols, vals := make([]int64, 0, 2*n), make([]int64, 0, 2*n), make([]float64, 0, 2*n)
	for range n {
		i, j := r.Int64N(dim), r.Int64N(dim)
		v := float64(r.IntN(1 << 20))
		rows, cols, vals = append(rows, i), append(cols, j), append(vals, v)
		if i != j {
			rows, cols, vals = append(rows, j), append(cols, i), append(vals, v)
		}
	}
	nnz := int64(len(vals))
	coo, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, nnz), dtype.Float64Array(vals), []int64{dim, dim}, tensor.BuildOptions{})
	if err != nil {
		b.Fatal(err)
	}
	c, err := convert.Coalesce(coo)
	if err != nil {
		b.Fatal(err)
	}
	fv := dtype.AsSlice[float64](c.Values())
	iv := make([]int64, len(fv))
	for k, x := range fv {
		iv[k] = int64(x)
	}
	for _, v := range []dtype.Array{c.Values(), dtype.Int64Array(iv, int64(len(iv)))} {
		t, err := tensor.NewCOO(c.Indices(), v, []int64{dim, dim}, tensor.BuildOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(v.DType.String(), func(b *testing.B) {
			var buf bytes.Buffer
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				if err := WriteTensorWith(&buf, t, WriteOptions{Symmetry: SymmetrySymmetric}); err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(int64(buf.Len()))
		})
	}
}

// BenchmarkReadSymmetric reads a real symmetric file of ~2M stored entries
// in row-major order (the harness's mm_read_2m_sym row): ~4M after the
// mirrors are added.
func BenchmarkReadSymmetric(b *testing.B) {
	const n, dim = 2_000_000, 250_000
	r := rand.New(rand.NewPCG(5, 6))
	rows, cols := make([]int64, n), make([]int64, n)
	for k := range rows {
		i, j := r.Int64N(dim), r.Int64N(dim)
		rows[k], cols[k] = max(i, j), min(i, j)
	}
	coo, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, n), dtype.Float64Array(make([]float64, n)), []int64{dim, dim}, tensor.BuildOptions{})
	if err != nil {
		b.Fatal(err)
	}
	low, err := convert.Coalesce(coo)
	if err != nil {
		b.Fatal(err)
	}
	idx := low.Indices()
	nnz := low.NNZ()
	data := fmt.Appendf(nil, "%%%%MatrixMarket matrix coordinate real symmetric\n%d %d %d\n", dim, dim, nnz)
	for k := range nnz {
		data = strconv.AppendInt(data, idx.Index(k)+1, 10)
		data = append(data, ' ')
		data = strconv.AppendInt(data, idx.Index(nnz+k)+1, 10)
		data = append(data, ' ')
		data = strconv.AppendFloat(data, r.Float64(), 'g', -1, 64)
		data = append(data, '\n')
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadFrom(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadArray reads a real general array file of 1414 x 1414 values
// in their shortest round-trip form (the harness's mm_read_2m_array row):
// the parse and the column-major to row-major layout of the strided tensor.
func BenchmarkReadArray(b *testing.B) {
	const n = 1414
	r := rand.New(rand.NewPCG(7, 8))
	data := fmt.Appendf(nil, "%%%%MatrixMarket matrix array real general\n%d %d\n", n, n)
	for range n * n {
		data = strconv.AppendFloat(data, r.Float64(), 'g', -1, 64)
		data = append(data, '\n')
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadFrom(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScanFloat reads 2^20 values in [0, 1) in their shortest
// round-trip form, one a line, with scanFloat alone: the number parse of
// every real file without the line and chunk handling around it.
func BenchmarkScanFloat(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 10))
	var data []byte
	for range 1 << 20 {
		data = strconv.AppendFloat(data, r.Float64(), 'g', -1, 64)
		data = append(data, '\n')
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		for p := 0; p < len(data); {
			_, next, ok := scanFloat(data, p)
			if !ok {
				b.Fatalf("scanFloat refused the value at byte %d", p)
			}
			p = next + 1
		}
	}
}
