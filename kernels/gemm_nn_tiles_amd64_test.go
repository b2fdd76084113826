package kernels

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// The packed-A tiles (NN12K: A, c and the next sliver of B prefetched
// inside the loop of eight steps) against the plain tile of their shape, bit for bit: every count of
// steps around the loop of eight and the twelve steps that prefetch c's
// rows, c stored and added, c's rows wider than the tile (the entries
// beside it stay as they were).
func TestGemmPackedATiles(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 on this machine")
	}
	testGemmPackedATile[float64](t, 16, gemmNN12x16f64k, gemmNN12x16f64)
	testGemmPackedATile[float32](t, 32, gemmNN12x32f32k, gemmNN12x32f32)
}

func testGemmPackedATile[V float32 | float64](t *testing.T, nr int, tile gemmNNTileFuncK, plain gemmNNTileFunc) {
	const mr, pad = 12, 5
	rng := rand.New(rand.NewPCG(12, uint64(nr)))
	size := int(unsafe.Sizeof(V(0)))
	for _, kc := range []int{1, 7, 8, 9, 15, 16, 17, 95, 96, 97, 104, 256, 301} {
		a, b := make([]V, mr*kc), make([]V, kc*nr)
		for i := range a {
			a[i] = V(rng.NormFloat64())
		}
		for i := range b {
			b[i] = V(rng.NormFloat64())
		}
		ldc := nr + pad
		for add := 0; add <= 1; add++ {
			start := make([]V, mr*ldc)
			for i := range start {
				start[i] = V(rng.NormFloat64())
			}
			got, want := append([]V(nil), start...), append([]V(nil), start...)
			tile(kc, unsafe.Pointer(&a[0]), size, mr*size, unsafe.Pointer(&b[0]), nr*size, unsafe.Pointer(&got[0]), ldc*size, add, unsafe.Pointer(&b[0]))
			plain(kc, unsafe.Pointer(&a[0]), size, mr*size, unsafe.Pointer(&b[0]), nr*size, unsafe.Pointer(&want[0]), ldc*size, add)
			for i := range want {
				if math.Float64bits(float64(got[i])) != math.Float64bits(float64(want[i])) {
					t.Fatalf("nr %d kc %d add %d: entry (%d, %d) %v, the plain tile %v", nr, kc, add, i/ldc, i%ldc, got[i], want[i])
				}
				if i%ldc >= nr && got[i] != start[i] {
					t.Fatalf("nr %d kc %d add %d: entry (%d, %d) beside the tile changed", nr, kc, add, i/ldc, i%ldc)
				}
			}
			// The plain tile itself against the fused sums in order.
			for i := 0; i < mr; i++ {
				for j := 0; j < nr; j++ {
					var s V
					for p := 0; p < kc; p++ {
						s = maddV(a[p*mr+i], b[p*nr+j], s)
					}
					if add == 1 {
						s += start[i*ldc+j]
					}
					if want[i*ldc+j] != s && !(unsafe.Sizeof(V(0)) == 4 && math.Abs(float64(want[i*ldc+j]-s)) <= 1e-5*math.Abs(float64(s))+1e-6) {
						t.Fatalf("nr %d kc %d add %d: entry (%d, %d) %v, the fused sum %v", nr, kc, add, i, j, want[i*ldc+j], s)
					}
				}
			}
		}
	}
}
