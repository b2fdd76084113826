package semistructured

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var allDTypes = []dtype.DType{dtype.Float16, dtype.BFloat16, dtype.Int8, dtype.Float32}

// setFrom writes float64 values (exact in d) into a fresh array of d.
func setFrom(d dtype.DType, shape []int64, v []float64) dtype.Array {
	a := dtype.NewArray(d, shape)
	for i, x := range v {
		switch d {
		case dtype.Float16:
			dtype.AsSlice[uint16](a)[i] = dtype.Float32ToFloat16(float32(x))
		case dtype.BFloat16:
			dtype.AsSlice[uint16](a)[i] = dtype.Float32ToBFloat16(float32(x))
		case dtype.Float32:
			dtype.AsSlice[float32](a)[i] = float32(x)
		case dtype.Int8:
			dtype.AsSlice[int8](a)[i] = int8(x)
		case dtype.Int32:
			dtype.AsSlice[int32](a)[i] = int32(x)
		}
	}
	return a
}

func floats(a dtype.Array) []float64 {
	out := make([]float64, a.Numel())
	for i := range out {
		out[i] = a.Complex(int64(i)).Re()
	}
	return out
}

// randomValue is a small value exact in every dtype (quarters for floats),
// so that products are exact in the accumulation type.
func randomValue(rng *rand.Rand, d dtype.DType) float64 {
	if d == dtype.Int8 {
		return float64(rng.IntN(11) - 5)
	}
	return float64(rng.IntN(17)-8) / 4
}

// randomPattern fills rows x cols with at most n nonzeros in every strip of
// m, each strip's count and positions random (zero to n kept).
func randomPattern(rng *rand.Rand, d dtype.DType, rows, cols int64, n, m int) []float64 {
	v := make([]float64, rows*cols)
	for s := 0; s < len(v); s += m {
		for _, i := range rng.Perm(m)[:rng.IntN(n+1)] {
			for v[s+i] == 0 {
				v[s+i] = randomValue(rng, d)
			}
		}
	}
	return v
}

func randomDense(rng *rand.Rand, d dtype.DType, rows, cols int64) []float64 {
	v := make([]float64, rows*cols)
	for i := range v {
		v[i] = randomValue(rng, d)
	}
	return v
}

// denseProduct is a (p x q) @ b (q x r) in float64.
func denseProduct(a, b []float64, p, q, r int) []float64 {
	out := make([]float64, p*r)
	for i := range p {
		for k := range q {
			x := a[i*q+k]
			for j := range r {
				out[i*r+j] += x * b[k*r+j]
			}
		}
	}
	return out
}

func newRand() *rand.Rand { return rand.New(rand.NewPCG(5, 6)) }

func transpose64(a []float64, rows, cols int) []float64 { return transposed(a, rows, cols) }

// requireExact requires got to equal expect rounded once to got's dtype.
func requireExact(t *testing.T, expect []float64, got dtype.Array, what string) {
	t.Helper()
	want := floats(setFrom(got.DType, got.Shape, expect))
	require.Equal(t, want, floats(got), what)
}

func shapesOf(d dtype.DType) [][2]int64 {
	l, _ := layoutOf("d", d)
	return [][2]int64{{l.minRows, l.minCols}, {2 * l.minRows, l.minCols}, {l.minRows, 3 * l.minCols}, {3 * l.minRows, 2 * l.minCols}}
}

func TestRoundTripAndProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, d := range allDTypes {
		l, err := layoutOf("d", d)
		require.NoError(t, err)
		for _, sh := range shapesOf(d) {
			rows, cols := sh[0], sh[1]
			w := randomPattern(rng, d, rows, cols, l.n, l.m)
			dense := setFrom(d, []int64{rows, cols}, w)
			s, err := FromDense(dense)
			require.NoError(t, err, "%s %v", d, sh)
			require.Equal(t, dense.Data, s.ToDense().Data, "%s %v round trip", d, sh)
			require.Equal(t, []int64{rows, cols / 2}, s.Values().Shape)
			require.Equal(t, []int64{rows, l.metaCols(cols)}, s.Indices().Shape)
			p, err := FromParts(s.Values(), s.Indices())
			require.NoError(t, err)
			require.Equal(t, dense.Data, p.ToDense().Data)

			st := s.T()
			assert.Equal(t, []int64{cols, rows}, st.Shape())
			assert.Equal(t, transpose64(w, int(rows), int(cols)), floats(st.ToDense()), "%s %v t().to_dense", d, sh)
			assert.False(t, st.T().Transposed())

			for _, k := range []int64{1, 7, 64} {
				x := randomDense(rng, d, cols, k)
				got, err := MM(s, setFrom(d, []int64{cols, k}, x))
				require.NoError(t, err)
				require.Equal(t, l.result, got.DType)
				requireExact(t, denseProduct(w, x, int(rows), int(cols), int(k)), got, "mm(s, x)")

				// x' @ s.t() (linear's orientation) and x'' @ s, s.t() @ x'''.
				y := randomDense(rng, d, k, cols)
				got, err = MMDense(setFrom(d, []int64{k, cols}, y), st)
				require.NoError(t, err)
				requireExact(t, denseProduct(y, transpose64(w, int(rows), int(cols)), int(k), int(cols), int(rows)), got, "mm(x, s.t())")

				z := randomDense(rng, d, k, rows)
				got, err = MMDense(setFrom(d, []int64{k, rows}, z), s)
				require.NoError(t, err)
				requireExact(t, denseProduct(z, w, int(k), int(rows), int(cols)), got, "mm(x, s)")

				u := randomDense(rng, d, rows, k)
				got, err = MM(st, setFrom(d, []int64{rows, k}, u))
				require.NoError(t, err)
				requireExact(t, denseProduct(transpose64(w, int(rows), int(cols)), u, int(cols), int(rows), int(k)), got, "mm(s.t(), x)")

				// addmm(bias, y, s.t(), beta=-3, alpha=2)
				bias := randomDense(rng, d, 1, rows)
				got, err = AddMM(setFrom(d, []int64{rows}, bias), setFrom(d, []int64{k, cols}, y), st, -3, 2)
				require.NoError(t, err)
				want := denseProduct(y, transpose64(w, int(rows), int(cols)), int(k), int(cols), int(rows))
				for i := range want {
					want[i] = 2*want[i] - 3*bias[i%int(rows)]
				}
				requireExact(t, want, got, "addmm")
			}
		}
	}
}

func TestLinearShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, d := range allDTypes {
		l, _ := layoutOf("d", d)
		rows, cols := l.minRows, l.minCols
		w := randomPattern(rng, d, rows, cols, l.n, l.m)
		s, err := FromDense(setFrom(d, []int64{rows, cols}, w))
		require.NoError(t, err)
		wt := transpose64(w, int(rows), int(cols))
		for _, lead := range [][]int64{{}, {5}, {3, 1}, {2, 3}, {0}} {
			shape := append(append([]int64(nil), lead...), cols)
			nlead := int64(1)
			for _, v := range lead {
				nlead *= v
			}
			x := randomDense(rng, d, nlead, cols)
			got, err := Linear(setFrom(d, shape, x), s, nil)
			require.NoError(t, err, "%s %v", d, shape)
			require.Equal(t, append(append([]int64(nil), lead...), rows), got.Shape)
			requireExact(t, denseProduct(x, wt, int(nlead), int(cols), int(rows)), got, "linear")
		}
	}
}

// TestAllPatterns is torch's test_conversions_all_patterns: every mask of a
// strip with at most n nonzeros round-trips, every other is refused.
func TestAllPatterns(t *testing.T) {
	for _, d := range allDTypes {
		l, _ := layoutOf("d", d)
		for mask := range 1 << l.m {
			v := make([]float64, l.minRows*l.minCols)
			count := 0
			for i := range l.m {
				if mask>>i&1 == 1 {
					v[i] = float64(i + 1)
					count++
				}
			}
			dense := setFrom(d, []int64{l.minRows, l.minCols}, v)
			s, err := FromDense(dense)
			if count > l.n {
				require.Error(t, err, "%s mask %b", d, mask)
				assert.Contains(t, err.Error(), "strip row 0, columns 0..")
				continue
			}
			require.NoError(t, err)
			assert.Equal(t, dense.Data, s.ToDense().Data, "%s mask %b", d, mask)
		}
	}
}

// TestScatterOffsets checks the reorder is a bijection and its first
// offsets for a 32 x 4 int16 metadata (the notes' worked example).
func TestScatterOffsets(t *testing.T) {
	var first []int64
	for r := range int64(4) {
		for c := range int64(4) {
			first = append(first, scatterOffset(r, c, 32, false))
		}
	}
	assert.Equal(t, []int64{0, 2, 64, 66, 8, 10, 72, 74, 16, 18, 80, 82, 24, 26, 88, 90}, first)
	for _, wide := range []bool{false, true} {
		for _, dims := range [][2]int64{{32, 4}, {64, 8}, {16, 4}, {96, 6}} {
			if !wide && dims[0]%32 != 0 {
				continue
			}
			seen := make(map[int64]bool)
			for r := range dims[0] {
				for c := range dims[1] {
					p := scatterOffset(r, c, dims[0], wide)
					require.False(t, seen[p], "offset %d twice", p)
					require.Less(t, p, dims[0]*dims[1])
					seen[p] = true
				}
			}
		}
	}
}

// TestDocsExample is torch's documented example: [0, 0, 1, 1] tiled over
// 32 x 64 float16 gives values all one and every meta word 0xEEEE (-4370).
func TestDocsExample(t *testing.T) {
	v := make([]float64, 32*64)
	for i := range v {
		if i%4 >= 2 {
			v[i] = 1
		}
	}
	s, err := FromDense(setFrom(dtype.Float16, []int64{32, 64}, v))
	require.NoError(t, err)
	for _, w := range dtype.AsSlice[int16](s.Indices()) {
		require.Equal(t, int16(-4370), w)
	}
	for _, x := range floats(s.Values()) {
		require.Equal(t, 1.0, x)
	}
}

func TestInfAndNaNPropagate(t *testing.T) {
	v := make([]float64, 32*32)
	v[0] = math.Inf(1)
	v[3] = math.NaN()
	s, err := FromDense(setFrom(dtype.Float32, []int64{32, 32}, v))
	require.NoError(t, err)
	back := floats(s.ToDense())
	assert.True(t, math.IsInf(back[0], 1))
	assert.True(t, math.IsNaN(back[3]))
}

// TestInt8Wraps checks that int8 products wrap modulo 2^32 as int32
// accumulation does: 135168 products of 127*127 sum past 2^31.
func TestInt8Wraps(t *testing.T) {
	const rows, cols = 16, 270336
	w := dtype.NewArray(dtype.Int8, []int64{rows, cols})
	v := dtype.AsSlice[int8](w)
	for i := range v {
		if i%4 < 2 {
			v[i] = 127
		}
	}
	s, err := FromDense(w)
	require.NoError(t, err)
	x := dtype.NewArray(dtype.Int8, []int64{cols, 1})
	for i := range dtype.AsSlice[int8](x) {
		dtype.AsSlice[int8](x)[i] = 127
	}
	got, err := MM(s, x)
	require.NoError(t, err)
	sum := int64(cols/2) * 127 * 127
	require.Greater(t, sum, int64(math.MaxInt32))
	for _, g := range dtype.AsSlice[int32](got) {
		require.Equal(t, int32(sum), g)
	}
}

// TestInt8Blocks covers int8 weights wider than one float32 block (2048
// columns), with a partial last block, in both of the weight's orientations.
func TestInt8Blocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	const rows, cols, k = 16, 2*int8Block + 128, 3
	w := randomPattern(rng, dtype.Int8, rows, cols, 2, 4)
	for i := range w {
		if w[i] != 0 {
			w[i] = float64(rng.IntN(255) - 127) // large values: block sums near 2^23
		}
	}
	s, err := FromDense(setFrom(dtype.Int8, []int64{rows, cols}, w))
	require.NoError(t, err)
	x := make([]float64, cols*k)
	for i := range x {
		x[i] = float64(rng.IntN(255) - 127)
	}
	got, err := MM(s, setFrom(dtype.Int8, []int64{cols, k}, x))
	require.NoError(t, err)
	requireExact(t, denseProduct(w, x, rows, cols, k), got, "int8 mm")
	xt := transpose64(x, cols, k)
	got, err = MMDense(setFrom(dtype.Int8, []int64{k, cols}, xt), s.T())
	require.NoError(t, err)
	requireExact(t, denseProduct(xt, transpose64(w, rows, cols), k, cols, rows), got, "int8 x @ w.t()")
}
