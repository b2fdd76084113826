package convert

import (
	"testing"

	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// BenchmarkToFormatSmall: ToFormat itself (the tensor built, as
// Tensor.to_format returns it) between the formats of
// BenchmarkConvertPairs on the 150 x 150 grid's Laplacian (22,500 rows,
// 111,900 entries: bench/convert_format_cases.py's --quick size), where a
// call's fixed costs show against the hand-written CSR -> CSC. cpu-ns/op
// is the process's CPU time per call.
func BenchmarkToFormatSmall(b *testing.B) {
	csr := laplacianCSR(b, 150)
	dia, err := ToFormat(csr, tensor.DiaIFormat)
	if err != nil {
		b.Fatal(err)
	}
	coo3 := laplacian3DOf(b, csr, 150)
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
		{"csr-to-dia", csr, tensor.DiaIFormat},
		{"dia-to-csr", dia, format.CSR()},
		{"csr-to-dcsr", csr, format.DCSR()},
		{"csr-to-bsr-colmajor", csr, bsrLeft},
		{"coo-to-csf3", coo3, csf3},
		{"dia-to-bsr-colmajor", dia, bsrLeft},
	} {
		run("to-format/"+c.name, func() error { _, err := ToFormat(c.src, c.to); return err })
	}
}
