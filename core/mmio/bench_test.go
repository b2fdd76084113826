package mmio

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
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
