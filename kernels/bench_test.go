package kernels

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// benchGrid is the side of the 2-D grid of the benchmark Laplacian:
// 448^2 = 200704 rows and 5*448^2 - 4*448 = 1001728 nonzeros.
const benchGrid = 448

// laplacian2D returns the 5-point Laplacian of a g x g grid (4 on the
// diagonal, -1 to each grid neighbour), columns sorted.
func laplacian2D[I Index, V Number](g int) CSR[I, V] {
	n := g * g
	a := CSR[I, V]{Rows: n, Cols: n, Ptr: make([]I, n+1)}
	a.Idx = make([]I, 0, 5*n)
	a.Val = make([]V, 0, 5*n)
	four, minus := fromParts[V](4, 0), fromParts[V](-1, 0)
	for i := range g {
		for j := range g {
			r := i*g + j
			add := func(c int, v V) {
				a.Idx = append(a.Idx, I(c))
				a.Val = append(a.Val, v)
			}
			if i > 0 {
				add(r-g, minus)
			}
			if j > 0 {
				add(r-1, minus)
			}
			add(r, four)
			if j < g-1 {
				add(r+1, minus)
			}
			if i < g-1 {
				add(r+g, minus)
			}
			a.Ptr[r+1] = I(len(a.Idx))
		}
	}
	return a
}

// benchModes runs f serially and in parallel (GOMAXPROCS goroutines).
func benchModes(b *testing.B, f func(b *testing.B)) {
	b.Run("serial", func(b *testing.B) {
		setKnobs(b, math.MaxInt, 0)
		f(b)
	})
	b.Run("parallel", f) // the default thresholds
}

// report adds effective GB/s (from the compulsory bytes of one call) and
// GFLOP/s to a benchmark.
func report(b *testing.B, bytes, flops float64) {
	s := b.Elapsed().Seconds()
	if s == 0 {
		return
	}
	b.ReportMetric(bytes*float64(b.N)/s/1e9, "GB/s")
	if flops > 0 {
		b.ReportMetric(flops*float64(b.N)/s/1e9, "GFLOP/s")
	}
}

// sizeOf returns the size in bytes of one element of T.
func sizeOf[T Index | Number]() float64 {
	switch any(*new(T)).(type) {
	case int8, uint8:
		return 1
	case int16:
		return 2
	case int32, float32:
		return 4
	case complex128:
		return 16
	}
	return 8
}

// csrBytes is the compulsory traffic of reading a CSR matrix once.
func csrBytes[I Index, V Number](a CSR[I, V]) float64 {
	return float64(a.NNZ())*(sizeOf[I]()+sizeOf[V]()) + float64(a.Rows+1)*sizeOf[I]()
}

// flopsPerMulAdd counts real flops of one multiply-add.
func flopsPerMulAdd[V Number]() float64 {
	switch any(*new(V)).(type) {
	case complex64, complex128:
		return 8
	}
	return 2
}

// BenchmarkMemBandwidth measures this machine's copy bandwidth (read +
// write of 128 MiB), the yardstick of the GB/s of the kernels.
func BenchmarkMemBandwidth(b *testing.B) {
	src := make([]float64, 1<<24)
	dst := make([]float64, 1<<24)
	for i := range src {
		src[i] = float64(i)
	}
	b.Run("copy", func(b *testing.B) {
		for b.Loop() {
			copy(dst, src)
		}
		report(b, 2*8*float64(len(src)), 0)
	})
	b.Run("sum", func(b *testing.B) {
		var s float64
		for b.Loop() {
			s += dot(src, src[:len(src)])
		}
		report(b, 8*float64(len(src)), 0)
		if s == 1 {
			b.Log(s)
		}
	})
}

func BenchmarkSpMV(b *testing.B) {
	b.Run("float64/int32", benchSpMV[int32, float64])
	b.Run("float64/int64", benchSpMV[int64, float64])
	b.Run("float32/int32", benchSpMV[int32, float32])
	b.Run("complex128/int32", benchSpMV[int32, complex128])
	b.Run("int64/int32", benchSpMV[int32, int64])
}

// benchSpMV: compulsory bytes are the matrix, x read once, y written once.
func benchSpMV[I Index, V Number](b *testing.B) {
	a := laplacian2D[I, V](benchGrid)
	x := randVec[V](rand.New(rand.NewPCG(1, 1)), a.Cols)
	y := make([]V, a.Rows)
	bytes := csrBytes(a) + float64(a.Cols+a.Rows)*sizeOf[V]()
	benchModes(b, func(b *testing.B) {
		for b.Loop() {
			if err := SpMV(1, a, x, 0, y); err != nil {
				b.Fatal(err)
			}
		}
		report(b, bytes, flopsPerMulAdd[V]()*float64(a.NNZ()))
	})
}

func BenchmarkSpMVT(b *testing.B) {
	a := laplacian2D[int32, float64](benchGrid)
	x := randVec[float64](rand.New(rand.NewPCG(1, 1)), a.Rows)
	y := make([]float64, a.Cols)
	bytes := csrBytes(a) + 8*float64(a.Cols+a.Rows)
	benchModes(b, func(b *testing.B) {
		for b.Loop() {
			if err := SpMVT(1, a, x, 0, y); err != nil {
				b.Fatal(err)
			}
		}
		report(b, bytes, 2*float64(a.NNZ()))
	})
}

func BenchmarkSpMVCOO(b *testing.B) {
	a := laplacian2D[int32, float64](benchGrid)
	o := COO[int32, float64]{Rows: a.Rows, Cols: a.Cols, Col: a.Idx, Val: a.Val, Row: make([]int32, a.NNZ())}
	for i := range a.Rows {
		for t := a.Ptr[i]; t < a.Ptr[i+1]; t++ {
			o.Row[t] = int32(i)
		}
	}
	x := randVec[float64](rand.New(rand.NewPCG(1, 1)), a.Cols)
	y := make([]float64, a.Rows)
	bytes := 16*float64(a.NNZ()) + 8*float64(a.Cols+a.Rows)
	benchModes(b, func(b *testing.B) {
		for b.Loop() {
			if err := SpMVCOO(1, o, x, 0, y); err != nil {
				b.Fatal(err)
			}
		}
		report(b, bytes, 2*float64(a.NNZ()))
	})
}

// BenchmarkSpMVBSR uses the pattern of a 224^2-grid Laplacian with 4x4 blocks (4M
// stored values).
func BenchmarkSpMVBSR(b *testing.B) {
	p := laplacian2D[int32, float64](benchGrid / 2)
	a := BSR[int32, float64]{BlockRows: p.Rows, BlockCols: p.Cols, BM: 4, BN: 4, Ptr: p.Ptr, Idx: p.Idx}
	a.Val = randVec[float64](rand.New(rand.NewPCG(1, 1)), len(p.Idx)*16)
	x := randVec[float64](rand.New(rand.NewPCG(2, 1)), p.Cols*4)
	y := make([]float64, p.Rows*4)
	bytes := 8*float64(len(a.Val)) + 4*float64(len(p.Idx)+p.Rows+1) + 8*float64(len(x)+len(y))
	benchModes(b, func(b *testing.B) {
		for b.Loop() {
			if err := SpMVBSR(1, a, x, 0, y); err != nil {
				b.Fatal(err)
			}
		}
		report(b, bytes, 2*float64(len(a.Val)))
	})
}

func BenchmarkSpMM(b *testing.B) {
	for _, k := range []int{4, 16, 32, 64} {
		b.Run("float64/int32/k="+itoa(k), func(b *testing.B) {
			a := laplacian2D[int32, float64](benchGrid)
			d := randVec[float64](rand.New(rand.NewPCG(1, 1)), a.Cols*k)
			c := make([]float64, a.Rows*k)
			bytes := csrBytes(a) + 8*float64(len(d)+len(c))
			benchSIMD(b, func(b *testing.B) {
				for b.Loop() {
					if err := SpMM(1, a, d, k, 0, c); err != nil {
						b.Fatal(err)
					}
				}
				report(b, bytes, 2*float64(a.NNZ()*k))
			})
		})
	}
}

func BenchmarkDenseSpMM(b *testing.B) {
	const m = 8
	a := laplacian2D[int32, float64](benchGrid)
	d := randVec[float64](rand.New(rand.NewPCG(1, 1)), m*a.Rows)
	c := make([]float64, m*a.Cols)
	bytes := csrBytes(a)*m/4 + 8*float64(len(d)+len(c)) // A read once per 4 rows of D
	benchModes(b, func(b *testing.B) {
		for b.Loop() {
			if err := DenseSpMM(1, d, m, a, 0, c); err != nil {
				b.Fatal(err)
			}
		}
		report(b, bytes, 2*float64(a.NNZ()*m))
	})
}

func BenchmarkSDDMM(b *testing.B) {
	for _, k := range []int{16, 64} {
		b.Run("float64/int32/k="+itoa(k), func(b *testing.B) {
			s := laplacian2D[int32, float64](benchGrid)
			r := rand.New(rand.NewPCG(1, 1))
			x, y := randVec[float64](r, s.Rows*k), randVec[float64](r, s.Cols*k)
			out := make([]float64, s.NNZ())
			bytes := 4*float64(s.NNZ()+s.Rows+1) + 8*float64(len(x)+len(y)+len(out))
			benchSIMD(b, func(b *testing.B) {
				for b.Loop() {
					if err := SDDMM(1, x, y, k, 0, s, out); err != nil {
						b.Fatal(err)
					}
				}
				report(b, bytes, 2*float64(s.NNZ()*k))
			})
		})
	}
}

// BenchmarkTranspose transposes a 64 x 250000 float64 matrix (the mat2 of
// the harness's SDDMM): 128 MB read and 128 MB written.
func BenchmarkTranspose(b *testing.B) {
	const r, c = 64, 250_000
	src := randVec[float64](rand.New(rand.NewPCG(1, 1)), r*c)
	dst := make([]float64, r*c)
	benchSIMD(b, func(b *testing.B) {
		for b.Loop() {
			if err := Transpose(dst, src, r, c); err != nil {
				b.Fatal(err)
			}
		}
		report(b, 16*r*c, 0)
	})
}

// benchSIMD runs f in benchModes with the assembly on (where the CPU has
// it) and off.
func benchSIMD(b *testing.B, f func(b *testing.B)) {
	for _, on := range []bool{true, false} {
		if on && !useSIMD {
			continue
		}
		b.Run(map[bool]string{true: "simd", false: "generic"}[on], func(b *testing.B) {
			old := useSIMD
			useSIMD = on
			b.Cleanup(func() { useSIMD = old })
			benchModes(b, f)
		})
	}
}

// BenchmarkSpGEMM squares the Laplacian (25M flops, 13 entries a row out).
func BenchmarkSpGEMM(b *testing.B) {
	a := laplacian2D[int32, float64](benchGrid)
	plan, err := SpGEMMSymbolic(a, a)
	if err != nil {
		b.Fatal(err)
	}
	bytes := 2*csrBytes(a) + 12*float64(plan.NNZ) + 4*float64(a.Rows+1)
	benchModes(b, func(b *testing.B) {
		for b.Loop() {
			if _, err := SpGEMM(a, a, nil); err != nil {
				b.Fatal(err)
			}
		}
		report(b, bytes, 2*float64(plan.Flops))
	})
}

// BenchmarkSortCOO sorts the Laplacian's coordinates, shuffled and
// already sorted. Bytes: the coordinates read and the permutation
// written once.
func BenchmarkSortCOO(b *testing.B) {
	a := laplacian2D[int32, float64](benchGrid)
	rows := make([]int32, a.NNZ())
	for i := range a.Rows {
		for t := a.Ptr[i]; t < a.Ptr[i+1]; t++ {
			rows[t] = int32(i)
		}
	}
	cols := a.Idx
	bytes := 12 * float64(len(rows))
	b.Run("sorted", func(b *testing.B) {
		benchModes(b, func(b *testing.B) {
			for b.Loop() {
				if _, err := SortCOO(rows, cols, int64(a.Rows), int64(a.Cols)); err != nil {
					b.Fatal(err)
				}
			}
			report(b, bytes, 0)
		})
	})
	r := rand.New(rand.NewPCG(1, 1))
	sr, sc := make([]int32, len(rows)), make([]int32, len(rows))
	for i, p := range r.Perm(len(rows)) {
		sr[i], sc[i] = rows[p], cols[p]
	}
	b.Run("shuffled", func(b *testing.B) {
		benchModes(b, func(b *testing.B) {
			for b.Loop() {
				if _, err := SortCOO(sr, sc, int64(a.Rows), int64(a.Cols)); err != nil {
					b.Fatal(err)
				}
			}
			report(b, bytes, 0)
		})
	})
	b.Run("counting-by-row", func(b *testing.B) {
		benchModes(b, func(b *testing.B) {
			for b.Loop() {
				if _, _, err := CountingSortByKey(sr, a.Rows); err != nil {
					b.Fatal(err)
				}
			}
			report(b, 8*float64(len(sr))+4*float64(a.Rows+1), 0)
		})
	})
}

func itoa(k int) string {
	if k < 10 {
		return string(rune('0' + k))
	}
	return itoa(k/10) + string(rune('0'+k%10))
}

// BenchmarkSpMVBSRColMajor uses a block Laplacian: the 5-point pattern of a
// 224^2 grid with a 2x2 block (stored column-major) at each entry, against
// SpMV on the CSR of the same entries (mv), and the same for SpMM with 8
// columns (mm8), float64 and float32. Each iteration runs the BSR call and
// the CSR call in turn, reporting the process CPU time of each (the
// machine is shared: wall time swings more than their ratio) and csr/bsr,
// above 1 where BSR is faster.
func BenchmarkSpMVBSRColMajor(b *testing.B) {
	b.Run("f64", benchBSRColMajor[float64])
	b.Run("f32", benchBSRColMajor[float32])
}

func benchBSRColMajor[V Number](b *testing.B) {
	p := laplacian2D[int32, V](benchGrid / 2)
	a := BSR[int32, V]{BlockRows: p.Rows, BlockCols: p.Cols, BM: 2, BN: 2, Ptr: p.Ptr, Idx: p.Idx}
	a.Val = randVec[V](rand.New(rand.NewPCG(1, 1)), len(p.Idx)*4)
	c := bsrColMajorAsCSR(a)
	for _, k := range []int{1, 8} {
		name := "mv"
		if k > 1 {
			name = "mm" + itoa(k)
		}
		x := randVec[V](rand.New(rand.NewPCG(2, 1)), p.Cols*2*k)
		y := make([]V, p.Rows*2*k)
		b.Run(name, func(b *testing.B) {
			var cpu [2]time.Duration
			for b.Loop() {
				t0 := gemmCPUTime()
				if err := SpMMBSRColMajor(1, a, x, k, 0, y); err != nil {
					b.Fatal(err)
				}
				t1 := gemmCPUTime()
				if err := SpMM(1, c, x, k, 0, y); err != nil {
					b.Fatal(err)
				}
				cpu[0] += t1 - t0
				cpu[1] += gemmCPUTime() - t1
			}
			b.ReportMetric(float64(cpu[0].Nanoseconds())/float64(b.N), "bsr-cpu-ns/op")
			b.ReportMetric(float64(cpu[1].Nanoseconds())/float64(b.N), "csr-cpu-ns/op")
			b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "csr/bsr")
		})
	}
}

// bsrColMajorAsCSR is the CSR of a's elements (each block's rows in order).
func bsrColMajorAsCSR[V Number](a BSR[int32, V]) CSR[int32, V] {
	c := CSR[int32, V]{Rows: a.BlockRows * a.BM, Cols: a.BlockCols * a.BN, Ptr: []int32{0}}
	for br := 0; br < a.BlockRows; br++ {
		for r := 0; r < a.BM; r++ {
			for t := a.Ptr[br]; t < a.Ptr[br+1]; t++ {
				for col := 0; col < a.BN; col++ {
					c.Idx = append(c.Idx, a.Idx[t]*int32(a.BN)+int32(col))
					c.Val = append(c.Val, a.Val[int(t)*a.BM*a.BN+col*a.BM+r])
				}
			}
			c.Ptr = append(c.Ptr, int32(len(c.Idx)))
		}
	}
	return c
}
