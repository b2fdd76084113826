package convert

import (
	"testing"

	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// BenchmarkConvertPairs: ustorage.Convert (levels laid out, values
// gathered) between the formats of issue 36's conversion target on the
// 1M-row 5-point Laplacian (int32 CSR, 5M entries), and the hand-written
// CSR -> CSC they are held to (hand/csr-to-csc; the target is 2x its
// time). cpu-ns/op is the process's CPU time per call.
func BenchmarkConvertPairs(b *testing.B) {
	csr := laplacianCSR(b, 1000)
	dia, err := ToFormat(csr, tensor.DiaIFormat)
	if err != nil {
		b.Fatal(err)
	}
	diaJ, err := ToFormat(csr, format.DIAJ())
	if err != nil {
		b.Fatal(err)
	}
	coo3 := laplacian3D(b, csr)
	bsrLeft, err := format.Parse("(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)")
	if err != nil {
		b.Fatal(err)
	}
	csf3, err := format.CSF(3)
	if err != nil {
		b.Fatal(err)
	}
	run := func(name string, f func() error) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			before := cpuTime()
			for b.Loop() {
				if err := f(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-before)/float64(b.N), "cpu-ns/op")
		})
	}
	run("hand/csr-to-csc", func() error { _, err := ToLayout(csr, tensor.CSC, tensor.DefaultConvert()); return err })
	for _, c := range []struct {
		name string
		src  *tensor.Tensor
		to   format.Format
	}{
		{"csr-to-csc", csr, format.CSC()},
		{"csr-to-dia", csr, tensor.DiaIFormat},
		{"dia-to-csr", dia, format.CSR()},
		{"dia-to-csc", dia, format.CSC()},
		{"diaj-to-csr", diaJ, format.CSR()},
		{"csr-to-dcsr", csr, format.DCSR()},
		{"csr-to-bsr-colmajor", csr, bsrLeft},
		{"coo-to-csf3", coo3, csf3},
		{"dia-to-bsr-colmajor", dia, bsrLeft},
	} {
		run("convert/"+c.name, func() error { return storageConvert(c.src, c.to) })
	}
}
