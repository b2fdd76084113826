package solve

import (
	"testing"

	"github.com/gosparse/gosparse/core/tensor"
)

// BenchmarkColumnOrder times the ColAMD ordering alone (the first phase of
// Splu's default on unsymmetric matrices) on the real unsymmetric matrices,
// with the process's CPU time a call (the machine is shared).
func BenchmarkColumnOrder(b *testing.B) {
	for _, name := range []string{"west0067.mtx", "cryg2500.mtx", "bayer10.mtx", "arrow.mtx", "pushpull.mtx"} {
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

// BenchmarkSpsolveOrder runs the minimum degree ordering Spsolve picks (AMD
// on A + A^T where the pattern is nearly symmetric, else ColAMD, without
// the postorder) on every matrix the LU bench rows solve and on the 200^2
// convection-diffusion operator, one call an iteration: the benchmark to
// run under callgrind (GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1) for
// the ordering's instruction count. With b.Loop, -test.benchtime=Kx makes K
// calls in all, so a call is (I(Kx) - I(1x)) / (K-1). Sum I over the
// ordering's own functions (callgrind_annotate's exclusive counts of
// mindegree*.go and ordering*.go): that is exact to the instruction from run
// to run, where whole-program totals move by tens of thousands (the runtime,
// the matrix's reading), so west0067 needs K ~100 for them. Not
// --toggle-collect on the ordering: a stack growth re-enters the function
// (morestack) and flips the toggle, and part of a call goes uncounted.
func BenchmarkSpsolveOrder(b *testing.B) {
	for _, name := range []string{"west0067.mtx", "west0067_jumbled.mtx", "cryg2500.mtx", "bayer10.mtx",
		"arrow.mtx", "pushpull.mtx", "convdiff 200x200"} {
		b.Run(name, func(b *testing.B) {
			var a *tensor.Tensor
			if name == "convdiff 200x200" {
				a = convectionDiffusion(b, 200, 2)
			} else {
				a = realMatrix(b, name)
			}
			m, err := loadCompressed[float64](a, tensor.CSC)
			if err != nil {
				b.Fatal(err)
			}
			v := viewsOf(m).withoutZeros()
			nearlySymmetric := symmetryOfViews(v).nearlySymmetric()
			for b.Loop() {
				if nearlySymmetric {
					symmetricOrder(v.byCol)
				} else {
					columnOrder(v.byRow)
				}
			}
		})
	}
}
