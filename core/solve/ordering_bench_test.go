package solve

import (
	"testing"

	"github.com/gosparse/gosparse/core/tensor"
)

// BenchmarkColumnOrder times the ColAMD ordering alone (the first phase of
// Splu's default on unsymmetric matrices) on the real unsymmetric matrices,
// with the process's CPU time a call (the machine is shared).
func BenchmarkColumnOrder(b *testing.B) {
	for _, name := range []string{"west0067.mtx", "cryg2500.mtx", "bayer10.mtx", "arrow.mtx"} {
		b.Run(name, func(b *testing.B) {
			a := realMatrix(b, name)
			m, err := loadCompressed[float64](a, tensor.CSC)
			if err != nil {
				b.Fatal(err)
			}
			v := viewsOf(m).withoutZeros()
			cpu := processCPUTime()
			for b.Loop() {
				columnOrder(v.byRow)
			}
			b.ReportMetric(float64(processCPUTime()-cpu)/float64(b.N)/1e9, "cpu-s/op")
		})
	}
}

// BenchmarkColumnOrderForLU times the parts of LU's ColAMD order on the
// 300^2 Laplacian (nearly symmetric: both tie orders are made and counted,
// columnOrderForLU), with the process's CPU time a call: the minimum degree
// order each way, the postorder, the Cholesky count, and the whole.
func BenchmarkColumnOrderForLU(b *testing.B) {
	a, err := laplacian2D(b, 300)
	if err != nil {
		b.Fatal(err)
	}
	m, err := loadCompressed[float64](a, tensor.CSC)
	if err != nil {
		b.Fatal(err)
	}
	v := viewsOf(m).withoutZeros()
	sym := symmetryOfViews(v)
	q := columnOrderWith(v.byRow, false)
	parts := []struct {
		name string
		run  func()
	}{
		{"order-highfirst", func() { columnOrderWith(v.byRow, false) }},
		{"order-lowfirst", func() { columnOrderWith(v.byRow, true) }},
		{"postorder", func() { columnPostorder(v.byCol, q) }},
		{"count", func() { symmetricCholeskyCount(v, q) }},
		{"whole", func() { columnOrderForLU(v, sym) }},
	}
	for _, p := range parts {
		b.Run(p.name, func(b *testing.B) {
			cpu := processCPUTime()
			for b.Loop() {
				p.run()
			}
			b.ReportMetric(float64(processCPUTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}
