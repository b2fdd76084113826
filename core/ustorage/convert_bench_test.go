package ustorage

import (
	"syscall"
	"testing"

	"github.com/gosparse/gosparse/core/format"
)

// laplacian32 is the 5-point Laplacian of a side x side grid as a CSR
// structure with int32 arrays (Narrow), as a wrapped tensor hands it over.
func laplacian32(side int64) (*Structure, int64) {
	n := side * side
	pos := make([]int32, 1, n+1)
	crd := make([]int32, 0, 5*n)
	for i := int64(0); i < n; i++ {
		r, c := i/side, i%side
		for _, o := range [][2]int64{{-1, 0}, {0, -1}, {0, 0}, {0, 1}, {1, 0}} {
			rr, cc := r+o[0], c+o[1]
			if rr >= 0 && rr < side && cc >= 0 && cc < side {
				crd = append(crd, int32(rr*side+cc))
			}
		}
		pos = append(pos, int32(len(crd)))
	}
	s := &Structure{Format: format.CSR(), Shape: []int64{n, n}, LevelSizes: []int64{n, n},
		Levels: make([]LevelArrays[int64], 2), Narrow: []LevelArrays[int32]{{}, {Pos: pos, Crd: crd}}}
	return s, int64(len(crd))
}

// BenchmarkConvertLaplacian: Convert alone (no values moved) from the
// 1M-row Laplacian's int32 CSR levels.
func BenchmarkConvertLaplacian(b *testing.B) {
	s, nnz := laplacian32(1000)
	for _, text := range []string{
		"(i, j) -> (j : dense, i : compressed)",
		"(i, j) -> (j - i : compressed, i : range)",
		"(i, j) -> (i : compressed, j : compressed)",
		"(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)",
	} {
		f := mustParse(text)
		b.Run(text, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Convert(s, nnz, f, 8, DefaultByteLimit, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkConvertValuesPairs: ConvertValues32 (float64 values moved, int32
// arrays where the route writes them) from the 1M-row Laplacian's int32
// CSR levels, and from its DIA-I storage, to CSC (the hand-written
// conversion's work) and to BSR with column-major 2 x 2 blocks.
func BenchmarkConvertValuesPairs(b *testing.B) {
	s, nnz := laplacian32(1000)
	vals := make([]float64, nnz)
	for k := range vals {
		vals[k] = float64(k%7) + 1
	}
	dia, diaVals, err := ConvertValues32(s, vals, 0, mustParse("(i, j) -> (j - i : compressed, i : range)"), DefaultByteLimit, nil)
	if err != nil {
		b.Fatal(err)
	}
	csc := mustParse("(i, j) -> (j : dense, i : compressed)")
	bsr := mustParse("(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)")
	for _, c := range []struct {
		name string
		src  *Structure
		vals []float64
		to   format.Format
	}{
		{"csr-to-csc", s, vals, csc},
		{"csr-to-bsr-colmajor", s, vals, bsr},
		{"dia-to-bsr-colmajor", dia, diaVals, bsr},
	} {
		b.Run(c.name, func(b *testing.B) {
			before := cpuTime()
			for b.Loop() {
				if _, _, err := ConvertValues32(c.src, c.vals, 0, c.to, DefaultByteLimit, nil); err != nil {
					b.Fatal(err)
				}
			}
			// The process's CPU time (GC included) per call: a loaded
			// machine's wall time moves with the other processes.
			b.ReportMetric(float64(cpuTime()-before)/float64(b.N), "cpu-ns/op")
		})
	}
}

// cpuTime is the process's user and system CPU time in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
