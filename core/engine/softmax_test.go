package engine

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// softmaxRef is the softmax (log: log_softmax) of x by the engine's
// formulas one element at a time, with exp as given: kernels.ExpFloat64
// gives the engine's bits, math.Exp a float64 reference within ulps.
func softmaxRef(x []float64, log bool, exp func(float64) float64) []float64 {
	m := math.Inf(-1)
	for _, e := range x {
		m = math.Max(m, e)
	}
	if math.IsInf(m, -1) {
		m = 0
	}
	sum := 0.0
	for _, e := range x {
		sum += exp(e - m)
	}
	y := make([]float64, len(x))
	for i, e := range x {
		if log {
			y[i] = e - m - math.Log(sum)
		} else {
			y[i] = exp(e-m) / sum
		}
	}
	return y
}

// softmaxSegmentCase is segments of every kind softmaxTyped takes apart:
// empty, short ones gathered into blocks, ones longer than a block, all
// -Inf, and ones holding +Inf or NaN.
func softmaxSegmentCase(rng *rand.Rand) (pos []int64, vals []float64) {
	lens := []int{0, 1, 5, 3, 0, 700, 5, 1500, 2, 513, 512, 4}
	for range 300 {
		lens = append(lens, rng.IntN(9))
	}
	lens = append(lens, 2000, 7)
	pos = []int64{0}
	for s, n := range lens {
		for range n {
			vals = append(vals, rng.NormFloat64()*20)
		}
		switch s {
		case 3:
			for k := range n {
				vals[len(vals)-n+k] = math.Inf(-1)
			}
		case 6:
			vals[len(vals)-2] = math.Inf(1)
		case 8:
			vals[len(vals)-1] = math.NaN()
		}
		pos = append(pos, int64(len(vals)))
	}
	return pos, vals
}

// requireNear checks got against want within ulps float64 ulps of the
// larger of |want| and scale (NaN matches NaN).
func requireNear(t *testing.T, want, got []float64, ulps, scale float64, msg string) {
	t.Helper()
	for i := range want {
		if math.IsNaN(want[i]) || math.IsNaN(got[i]) {
			require.True(t, math.IsNaN(want[i]) && math.IsNaN(got[i]), "%s %d: %v vs %v", msg, i, want[i], got[i])
			continue
		}
		tol := ulps * 0x1p-52 * math.Max(math.Abs(want[i]), scale)
		require.InDelta(t, want[i], got[i], tol, "%s %d", msg, i)
	}
}

// SoftmaxSegments: the bits of ExpFloat64 taken one element at a time (the
// grouping into kernels.Exp calls changes nothing), within a few ulps of the
// float64 reference through math.Exp, float32 the narrowed float64 result,
// and the same bits at 1, 2 and 3 goroutines, int32 and int64 bounds alike.
func TestSoftmaxSegmentsExp(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	pos, vals := softmaxSegmentCase(rng)
	for _, log := range []bool{false, true} {
		var exact, near []float64
		for s := 0; s+1 < len(pos); s++ {
			x := vals[pos[s]:pos[s+1]]
			exact = append(exact, softmaxRef(x, log, kernels.ExpFloat64)...)
			near = append(near, softmaxRef(x, log, math.Exp)...)
		}
		requireNear(t, near, exact, 4, map[bool]float64{false: 0, true: 64}[log], "reference")
		var first []byte
		for _, w := range []int{1, 2, 3} {
			old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
			got, ok, err := SoftmaxSegments(dtype.Int64Array(pos), dtype.Float64Array(vals), log)
			got32, _, _ := SoftmaxSegments(dtype.Int32Array(toInt32(pos)), dtype.Float64Array(vals), log)
			parallel.SetKnobs(old)
			require.NoError(t, err)
			require.True(t, ok)
			g := dtype.AsSlice[float64](got)
			for i := range exact {
				require.Equal(t, bits64(exact[i]), bits64(g[i]), "log %v workers %d value %d: %v vs %v", log, w, i, exact[i], g[i])
			}
			require.Equal(t, got.Data, got32.Data)
			if first == nil {
				first = got.Data
			}
			require.Equal(t, first, got.Data, "workers %d", w)
		}
		v32 := make([]float32, len(vals))
		for i, e := range vals {
			v32[i] = float32(e)
		}
		a32 := dtype.NewArray(dtype.Float32, []int64{int64(len(v32))})
		copy(dtype.AsSlice[float32](a32), v32)
		got, _, err := SoftmaxSegments(dtype.Int64Array(pos), a32, log)
		require.NoError(t, err)
		g := dtype.AsSlice[float32](got)
		for s := 0; s+1 < len(pos); s++ {
			x := make([]float64, pos[s+1]-pos[s])
			for k := range x {
				x[k] = float64(v32[pos[s]+int64(k)])
			}
			for k, e := range softmaxRef(x, log, kernels.ExpFloat64) {
				require.Equal(t, bits64(float64(float32(e))), bits64(float64(g[pos[s]+int64(k)])), "float32 log %v segment %d", log, s)
			}
		}
	}
}

// bits64 is x's bits, one NaN for every NaN (payloads are not compared).
func bits64(x float64) uint64 {
	if x != x {
		return math.Float64bits(math.NaN())
	}
	return math.Float64bits(x)
}

func toInt32(p []int64) []int32 {
	q := make([]int32, len(p))
	for i, e := range p {
		q[i] = int32(e)
	}
	return q
}

// SoftmaxScatter over each dim of a coalesced 3-D COO tensor whose groups
// hold from none to more than a block of entries: the bits of ExpFloat64
// one element at a time in storage order, near the math.Exp reference, the
// same at 1, 2 and 3 goroutines.
func TestSoftmaxScatterExp(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	shape := []int64{3, 1300, 4}
	var coords [3][]int64
	var vals []float64
	for i := range shape[0] {
		for j := range shape[1] {
			for k := range shape[2] {
				if rng.Float64() < 0.6 {
					coords[0], coords[1], coords[2] = append(coords[0], i), append(coords[1], j), append(coords[2], k)
					vals = append(vals, rng.NormFloat64()*20)
				}
			}
		}
	}
	n := len(vals)
	idx := append(append(append([]int64(nil), coords[0]...), coords[1]...), coords[2]...)
	indices := dtype.Array{DType: dtype.Int64, Shape: []int64{3, int64(n)}, Data: dtype.Int64Array(idx).Data}
	for dim := range 3 {
		for _, log := range []bool{false, true} {
			groups := map[[2]int64][]int{} // the other two coordinates -> entries, storage order
			for e := range n {
				var key [2]int64
				j := 0
				for d := range 3 {
					if d != dim {
						key[j] = coords[d][e]
						j++
					}
				}
				groups[key] = append(groups[key], e)
			}
			exact, near := make([]float64, n), make([]float64, n)
			for _, es := range groups {
				x := make([]float64, len(es))
				for k, e := range es {
					x[k] = vals[e]
				}
				ye, yn := softmaxRef(x, log, kernels.ExpFloat64), softmaxRef(x, log, math.Exp)
				for k, e := range es {
					exact[e], near[e] = ye[k], yn[k]
				}
			}
			requireNear(t, near, exact, 4, map[bool]float64{false: 0, true: 64}[log], "reference")
			for _, w := range []int{1, 2, 3} {
				old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
				got, ok, err := SoftmaxScatter(indices, shape, dim, dtype.Float64Array(vals), log)
				parallel.SetKnobs(old)
				require.NoError(t, err)
				require.True(t, ok)
				g := dtype.AsSlice[float64](got)
				for i := range exact {
					require.Equal(t, bits64(exact[i]), bits64(g[i]), "dim %d log %v workers %d value %d", dim, log, w, i)
				}
			}
		}
	}
}

// scatterCase is a coalesced 2-D COO of shape rows x cols with about
// density of its entries stored (normal values times 20), and its columns.
func scatterCase(rng *rand.Rand, rows, cols int64, density float64) (idx []int64, vals []float64) {
	var r, c []int64
	for i := range rows {
		for j := range cols {
			if rng.Float64() < density {
				r, c = append(r, i), append(c, j)
				vals = append(vals, rng.NormFloat64()*20)
			}
		}
	}
	return append(r, c...), vals
}

// SoftmaxScatter of float32 values over dim 0 and dim 1: each result the
// float64 softmax of the widened values by ExpFloat64 (its exponential
// kept in float64 scratch, not narrowed), then narrowed; the same bits at
// 1, 2 and 3 goroutines with int32 and int64 indices.
func TestSoftmaxScatterFloat32(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	shape := []int64{90, 700}
	idx, vals := scatterCase(rng, shape[0], shape[1], 0.5)
	n := len(vals)
	v32 := make([]float32, n)
	a32 := dtype.NewArray(dtype.Float32, []int64{int64(n)})
	for i, e := range vals {
		v32[i] = float32(e)
	}
	copy(dtype.AsSlice[float32](a32), v32)
	for dim := range 2 {
		for _, log := range []bool{false, true} {
			groups := map[int64][]int{}
			for e := range n {
				groups[idx[(1-dim)*n+e]] = append(groups[idx[(1-dim)*n+e]], e)
			}
			want := make([]float32, n)
			for _, es := range groups {
				x := make([]float64, len(es))
				for k, e := range es {
					x[k] = float64(v32[e])
				}
				for k, y := range softmaxRef(x, log, kernels.ExpFloat64) {
					want[es[k]] = float32(y)
				}
			}
			for _, w := range []int{1, 2, 3} {
				old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
				got, ok, err := SoftmaxScatter(dtype.Array{DType: dtype.Int64, Shape: []int64{2, int64(n)}, Data: dtype.Int64Array(idx).Data}, shape, dim, a32, log)
				got32, ok32, err32 := SoftmaxScatter(dtype.Array{DType: dtype.Int32, Shape: []int64{2, int64(n)}, Data: dtype.Int32Array(toInt32(idx)).Data}, shape, dim, a32, log)
				parallel.SetKnobs(old)
				require.NoError(t, err)
				require.NoError(t, err32)
				require.True(t, ok && ok32)
				g := dtype.AsSlice[float32](got)
				for i := range want {
					require.Equal(t, bits64(float64(want[i])), bits64(float64(g[i])), "dim %d log %v workers %d value %d", dim, log, w, i)
				}
				require.Equal(t, got.Data, got32.Data, "int32 indices, workers %d", w)
			}
		}
	}
}

// SoftmaxScatter allocates its result and one max and one sum per group,
// nothing per chunk or per entry beyond that: float64 keeps the
// exponentials in its result; float32 adds one float64 per entry.
func TestSoftmaxScatterAllocations(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 23))
	shape := []int64{200, 1000}
	idx, vals := scatterCase(rng, shape[0], shape[1], 0.4)
	n := int64(len(vals))
	indices := dtype.Array{DType: dtype.Int64, Shape: []int64{2, n}, Data: dtype.Int64Array(idx).Data}
	a32 := dtype.NewArray(dtype.Float32, []int64{n})
	for i, e := range vals {
		dtype.AsSlice[float32](a32)[i] = float32(e)
	}
	old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: 2})
	defer parallel.SetKnobs(old)
	groups := shape[1] // softmax over dim 0: one group per column
	for _, c := range []struct {
		vals  dtype.Array
		bytes int64
	}{{dtype.Float64Array(vals), 8*n + 16*groups}, {a32, 4*n + 8*n + 16*groups}} {
		for _, log := range []bool{false, true} {
			run := func() {
				_, ok, err := SoftmaxScatter(indices, shape, 0, c.vals, log)
				require.True(t, ok)
				require.NoError(t, err)
			}
			run() // the pools and the goroutines warm
			allocs := testing.AllocsPerRun(5, run)
			// Two passes of 20 chunks each: one allocation a chunk would pass 40.
			require.LessOrEqual(t, allocs, 20.0, "%s log %v: %d entries in %d chunks", c.vals.DType, log, n, (n+keyChunk-1)/keyChunk)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			run()
			runtime.ReadMemStats(&after)
			// Slack for a pool refilled after a collection (a scratch of 16 KiB a goroutine).
			require.LessOrEqual(t, int64(after.TotalAlloc-before.TotalAlloc), c.bytes+64<<10, "%s log %v", c.vals.DType, log)
		}
	}
}

// groupKeys against the sum of coordinate times stride, over keys that
// held other values before (it never reads them): every dim but one, the
// first dim with a stride of 1 or more, and a single group (no stride).
func TestGroupKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 31))
	const n, lo, cnt = 50, 7, 30
	idx := make([]int32, 3*n)
	for i := range idx {
		idx[i] = int32(rng.IntN(40))
	}
	for _, strides := range [][]int64{{0}, {0, 1, 0}, {1, 0, 0}, {40, 0, 1}, {0, 40, 1}, {1600, 40, 0}, {0, 0, 0}} {
		keys := make([]int64, cnt)
		for k := range keys {
			keys[k] = -5
		}
		nd := len(strides)
		groupKeys(idx[:nd*n], strides, n, lo, keys)
		for k := range keys {
			want := int64(0)
			for d, s := range strides {
				want += int64(idx[d*n+lo+k]) * s
			}
			require.Equal(t, want, keys[k], "strides %v entry %d", strides, k)
		}
	}
}
