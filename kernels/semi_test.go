package kernels

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomSemi builds a rows x cols 2:4 matrix (two kept per quad, at random
// positions) with small integer values, and its dense form.
func randomSemi[V ~float32 | ~float64 | ~int32](rng *rand.Rand, rows, cols int) (Semi[V], []V) {
	a := Semi[V]{Rows: rows, Cols: cols, Col: make([]int32, rows*cols/2), Val: make([]V, rows*cols/2)}
	dense := make([]V, rows*cols)
	for r := range rows {
		for q := 0; q < cols/4; q++ {
			p := rng.Perm(4)[:2]
			if p[0] > p[1] {
				p[0], p[1] = p[1], p[0]
			}
			for j, pos := range p {
				i := r*cols/2 + 2*q + j
				a.Col[i] = int32(4*q + pos)
				a.Val[i] = V(rng.IntN(9) - 4)
				dense[r*cols+4*q+pos] = a.Val[i]
			}
		}
	}
	return a, dense
}

func testSemi[V ~float32 | ~float64 | ~int32](t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, sh := range [][3]int{{4, 8, 1}, {16, 32, 5}, {33, 64, 64}, {8, 128, 9}} {
		rows, cols, k := sh[0], sh[1], sh[2]
		a, dense := randomSemi[V](rng, rows, cols)
		b := make([]V, cols*k)
		for i := range b {
			b[i] = V(rng.IntN(7) - 3)
		}
		c := make([]V, rows*k)
		require.NoError(t, SemiMMBlocks(rows, cols, fillFrom(a), b, k, c))
		want := make([]V, rows*k)
		for i := range rows {
			for p := range cols {
				for j := range k {
					want[i*k+j] += dense[i*cols+p] * b[p*k+j]
				}
			}
		}
		require.Equal(t, want, c, "SemiMMBlocks %v", sh)

		bt := make([]V, rows*k)
		copy(bt, b)
		ct := make([]V, cols*k)
		for i := range ct {
			ct[i] = 99 // output only: overwritten
		}
		require.NoError(t, SemiMMT(a, bt, k, ct))
		wantT := make([]V, cols*k)
		for p := range cols {
			for i := range rows {
				for j := range k {
					wantT[p*k+j] += dense[i*cols+p] * bt[i*k+j]
				}
			}
		}
		require.Equal(t, wantT, ct, "SemiMMT %v", sh)
	}
}

// fillFrom is the SemiFill of a matrix held whole.
func fillFrom[V Number](a Semi[V]) SemiFill[V] {
	half := a.Cols / 2
	return func(r0, r1 int, col []int32, val []V) {
		copy(col, a.Col[r0*half:r1*half])
		copy(val, a.Val[r0*half:r1*half])
	}
}

func TestSemi(t *testing.T) {
	for _, small := range []bool{false, true} {
		if small {
			// Blocks of one or two rows, taken by several goroutines.
			defer func(b int) { semiBlockBytes = b }(semiBlockBytes)
			semiBlockBytes = 512
			setKnobs(t, 1, 3)
		}
		t.Run(fmt.Sprint("float32/small=", small), testSemi[float32])
		t.Run(fmt.Sprint("float64/small=", small), testSemi[float64])
		t.Run(fmt.Sprint("int32/small=", small), testSemi[int32])
	}
}

func TestSemiRefuses(t *testing.T) {
	fill := func(r0, r1 int, col []int32, val []float32) {}
	require.ErrorContains(t, SemiMMBlocks(2, 3, fill, nil, 1, nil), "cols even")
	require.ErrorContains(t, SemiMMBlocks(2, 4, fill, make([]float32, 3), 1, make([]float32, 2)), "b")
	require.ErrorContains(t, SemiMMBlocks(2, 4, fill, make([]float32, 4), 1, make([]float32, 1)), "c")
	require.ErrorContains(t, SemiMMBlocks(2, 4, fill, make([]float32, 4), -1, nil), "nonnegative")
	c := []float32{7, 7}
	require.NoError(t, SemiMMBlocks(2, 0, fill, nil, 1, c))
	require.Equal(t, []float32{0, 0}, c, "no columns: C is zero")
	a := Semi[float32]{Rows: 2, Cols: 3}
	require.ErrorContains(t, SemiMMT(a, nil, 1, nil), "Cols even")
	a = Semi[float32]{Rows: 2, Cols: 4, Col: make([]int32, 3), Val: make([]float32, 4)}
	require.ErrorContains(t, SemiMMT(a, make([]float32, 2), 1, make([]float32, 4)), "a.Col")
	a.Col = make([]int32, 4)
	require.ErrorContains(t, SemiMMT(a, make([]float32, 1), 1, make([]float32, 4)), "b")
}

// BenchmarkSemiMM is the shape: a 4096 x 4096 2:4 weight times a
// 4096 x 64 input (float32 values; the 16-bit dtypes widen to it).
func BenchmarkSemiMM(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, sh := range [][3]int{{4096, 4096, 64}, {1024, 1024, 64}} {
		rows, cols, k := sh[0], sh[1], sh[2]
		a, _ := randomSemi[float32](rng, rows, cols)
		x := make([]float32, cols*k)
		for i := range x {
			x[i] = rng.Float32()
		}
		c := make([]float32, rows*k)
		fill := fillFrom(a)
		b.Run(fmt.Sprintf("%dx%dx%d", rows, cols, k), func(b *testing.B) {
			b.SetBytes(int64(len(a.Val)) * 8)
			for b.Loop() {
				if err := SemiMMBlocks(rows, cols, fill, x, k, c); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(2*float64(len(a.Val))*float64(k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}
