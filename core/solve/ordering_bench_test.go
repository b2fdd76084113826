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
