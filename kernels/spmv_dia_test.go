package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// diaCases are shapes and offset sets: square, tall, wide, blocks of rows
// past diaBlock, fewer and more than four diagonals, more than one and two
// passes of diaGroup, repeated and unordered offsets, diagonals with no entry
// inside a block, blocks cut by more than diaMaxCuts diagonal ends (the wide
// band), row counts off the assembly's tiles, 1 x 1 and empty shapes.
var diaCases = []struct {
	name       string
	rows, cols int
	offsets    []int64
}{
	{"1x1", 1, 1, []int64{0}},
	{"0x0", 0, 0, nil},
	{"0x3", 0, 3, nil},
	{"4x0", 4, 0, nil},
	{"no diagonals", 5, 7, nil},
	{"square 5-point", 1200, 1200, []int64{-40, -1, 0, 1, 40}},
	{"tall", 1300, 37, []int64{-1200, -600, -5, 0, 3, 36}},
	{"wide", 37, 1300, []int64{-36, -2, 0, 700, 1299}},
	{"unordered repeated", 600, 600, []int64{3, -3, 0, 3, 599, -599, 1, -1, 2}},
	{"far corners", 1030, 1030, []int64{-1029, 1029, 0}},
	{"two blocks, 20 diagonals", 2*diaBlock + 37, 2*diaBlock + 50,
		[]int64{-2100, -900, -31, -17, -16, -15, -3, -2, -1, 0, 1, 2, 3, 15, 16, 17, 33, 1000, 2049, 4000}},
	{"short rows", 13, 29, []int64{-12, -5, 0, 1, 2, 7, 16, 28}},
	{"wide band", 2*diaBlock + 100, 2*diaBlock + 100, bandOffsets(-40, 40)},
}

// bandOffsets returns the offsets lo..hi.
func bandOffsets(lo, hi int64) []int64 {
	var offs []int64
	for o := lo; o <= hi; o++ {
		offs = append(offs, o)
	}
	return offs
}

// antiCases are anti-diagonal shapes and sums i + j: the corners, the
// longest anti-diagonal, repeated and unordered sums, more than diaGroup
// of them, blocks of rows past diaBlock.
var antiCases = []struct {
	name       string
	rows, cols int
	offsets    []int64
}{
	{"1x1", 1, 1, []int64{0}},
	{"0x3", 0, 3, nil},
	{"no diagonals", 5, 7, nil},
	{"square", 600, 600, []int64{0, 599, 1198, 598, 600, 3}},
	{"tall", 1300, 37, []int64{1335, 0, 700, 36, 37, 1299}},
	{"wide", 37, 1300, []int64{0, 1334, 40, 36, 700, 40, 2, 1, 1333, 5}},
	{"two blocks", 2*diaBlock + 9, 2*diaBlock + 5, []int64{2 * diaBlock, 2*diaBlock + 1, 17, 4*diaBlock + 12, 3000}},
	{"wide band", diaBlock + 50, diaBlock + 60, bandOffsets(diaBlock, diaBlock+40)},
}

// genDIA fills a DIA matrix's slots with random values and its padding
// with NaN (or, for integers, a huge value), so that a kernel reading
// padding fails the comparison.
func genDIA[V Number](r *rand.Rand, rows, cols int, offsets []int64, byCol bool) (DIA[V], []V) {
	return genDIAOf[V](r, rows, cols, offsets, byCol, false)
}

// genDIAOf is genDIA for diagonals (anti false) or anti-diagonals.
func genDIAOf[V Number](r *rand.Rand, rows, cols int, offsets []int64, byCol, anti bool) (DIA[V], []V) {
	stride := rows
	if byCol {
		stride = cols
	}
	a := DIA[V]{Rows: rows, Cols: cols, Offsets: offsets, Stride: stride, ByCol: byCol, Anti: anti,
		Val: make([]V, len(offsets)*stride)}
	var pad V
	switch p := any(&pad).(type) {
	case *float64:
		*p = math.NaN()
	case *float32:
		*p = float32(math.NaN())
	default:
		pad = fromParts[V](1e6, 0)
	}
	for i := range a.Val {
		a.Val[i] = pad
	}
	dense := make([]V, rows*cols)
	for k, off := range offsets {
		for i := range rows {
			j := i + int(off)
			if anti {
				j = int(off) - i
			}
			if j < 0 || j >= cols {
				continue
			}
			v := randVec[V](r, 1)[0]
			slot := i
			if byCol {
				slot = j
			}
			a.Val[k*stride+slot] = v
			dense[i*cols+j] += v
		}
	}
	return a, dense
}

func TestSpMVDIA(t *testing.T) {
	t.Run("float64", testSpMVDIA[float64])
	t.Run("float32", testSpMVDIA[float32])
	t.Run("int64", testSpMVDIA[int64])
}

func testSpMVDIA[V Number](t *testing.T) {
	simdModes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(5, 6))
		for _, c := range diaCases {
			for _, byCol := range []bool{false, true} {
				a, d := genDIA[V](r, c.rows, c.cols, c.offsets, byCol)
				for _, ab := range simdScalars[V]() {
					x := unaligned(randVec[V](r, a.Cols))
					y := unaligned(staleOutput(r, a.Rows, ab[1]))
					want := refGEMM(ab[0], d, x, a.Rows, a.Cols, 1, ab[1], y)
					require.NoError(t, SpMVDIA(ab[0], a, x, ab[1], y))
					assertClose(t, want, y, c.name)
				}
			}
		}
	})
}

func TestSpMVAntiDIA(t *testing.T) {
	t.Run("float64", testSpMVAntiDIA[float64])
	t.Run("float32", testSpMVAntiDIA[float32])
	t.Run("int32", testSpMVAntiDIA[int32])
}

// testSpMVAntiDIA: ANTI-DIA-I and ANTI-DIA-J SpMV and SpMM against the
// dense reference.
func testSpMVAntiDIA[V Number](t *testing.T) {
	simdModes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(9, 10))
		for _, c := range antiCases {
			for _, byCol := range []bool{false, true} {
				a, d := genDIAOf[V](r, c.rows, c.cols, c.offsets, byCol, true)
				for _, ab := range scalars[V]() {
					x := unaligned(randVec[V](r, a.Cols))
					y := unaligned(staleOutput(r, a.Rows, ab[1]))
					want := refGEMM(ab[0], d, x, a.Rows, a.Cols, 1, ab[1], y)
					require.NoError(t, SpMVDIA(ab[0], a, x, ab[1], y))
					assertClose(t, want, y, c.name)
					for _, k := range []int{3, 8, 13} { // the Go loop's columns, and the AVX2 strips with it
						b := randVec[V](r, a.Cols*k)
						out := staleOutput(r, a.Rows*k, ab[1])
						want = refGEMM(ab[0], d, b, a.Rows, a.Cols, k, ab[1], out)
						require.NoError(t, SpMMDIA(ab[0], a, b, k, ab[1], out))
						assertClose(t, want, out, c.name)
					}
				}
			}
		}
	})
}

func TestSpMMDIA(t *testing.T) {
	t.Run("float64", testSpMMDIA[float64])
	t.Run("float32", testSpMMDIA[float32])
	t.Run("complex128", testSpMMDIA[complex128])
}

func testSpMMDIA[V Number](t *testing.T) {
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 8))
		for _, c := range diaCases {
			for _, byCol := range []bool{false, true} {
				a, d := genDIA[V](r, c.rows, c.cols, c.offsets, byCol)
				for _, k := range []int{0, 1, 3, 8, 9, 16} {
					for _, ab := range scalars[V]() {
						b := randVec[V](r, a.Cols*k)
						out := staleOutput(r, a.Rows*k, ab[1])
						want := refGEMM(ab[0], d, b, a.Rows, a.Cols, k, ab[1], out)
						require.NoError(t, SpMMDIA(ab[0], a, b, k, ab[1], out))
						assertClose(t, want, out, c.name)
					}
				}
			}
		}
	})
}

// TestDIAArgs: every broken rule of a DIA view is refused, naming the argument.
func TestDIAArgs(t *testing.T) {
	ok := DIA[float64]{Rows: 3, Cols: 4, Offsets: []int64{-1, 2}, Stride: 3, Val: make([]float64, 6)}
	x, y := make([]float64, 4), make([]float64, 3)
	require.NoError(t, SpMVDIA(1, ok, x, 0, y))
	for _, c := range []struct {
		arg string
		a   DIA[float64]
	}{
		{"a", DIA[float64]{Rows: -1, Cols: 4}},
		{"a.Stride", DIA[float64]{Rows: 3, Cols: 4, Offsets: []int64{0}, Stride: 2, Val: make([]float64, 6)}},
		{"a.Stride", DIA[float64]{Rows: 3, Cols: 4, Offsets: []int64{0}, Stride: 3, ByCol: true, Val: make([]float64, 6)}},
		{"a.Val", DIA[float64]{Rows: 3, Cols: 4, Offsets: []int64{-1, 2}, Stride: 3, Val: make([]float64, 5)}},
		{"a.Offsets", DIA[float64]{Rows: 3, Cols: 4, Offsets: []int64{4}, Stride: 3, Val: make([]float64, 3)}},
		{"a.Offsets", DIA[float64]{Rows: 3, Cols: 4, Offsets: []int64{-3}, Stride: 3, Val: make([]float64, 3)}},
		{"a.Offsets", DIA[float64]{Rows: 3, Cols: 4, Offsets: []int64{-1}, Stride: 3, Anti: true, Val: make([]float64, 3)}},
		{"a.Offsets", DIA[float64]{Rows: 3, Cols: 4, Offsets: []int64{6}, Stride: 3, Anti: true, Val: make([]float64, 3)}},
	} {
		err := SpMVDIA(1, c.a, x, 0, y)
		var ae *ArgError
		require.ErrorAs(t, err, &ae, c.arg)
		require.Equal(t, c.arg, ae.Arg)
		require.ErrorAs(t, SpMMDIA(1, c.a, x, 1, 0, y), &ae, c.arg)
	}
	var ae *ArgError
	require.ErrorAs(t, SpMVDIA(1, ok, x[:3], 0, y), &ae)
	require.Equal(t, "x", ae.Arg)
	require.ErrorAs(t, SpMVDIA(1, ok, x, 0, y[:2]), &ae)
	require.Equal(t, "y", ae.Arg)
	require.ErrorAs(t, SpMMDIA(1, ok, x, 2, 0, make([]float64, 6)), &ae)
	require.Equal(t, "b", ae.Arg)
	require.ErrorAs(t, SpMMDIA(1, ok, x, -1, 0, y), &ae)
	require.Equal(t, "k", ae.Arg)
}

// TestSpMMDIASplitBitIdentical: SpMMDIA's listed chunks (and, past
// diaListEntries diagonals, the row-at-a-time path) give the dense
// reference's product and the same bits serially and split over three
// workers at the smallest threshold, DIA-I and DIA-J.
func TestSpMMDIASplitBitIdentical(t *testing.T) {
	r := rand.New(rand.NewPCG(36, 3))
	cases := append(diaCases[:len(diaCases):len(diaCases)], diaCases[0])
	cases[len(cases)-1].name, cases[len(cases)-1].rows, cases[len(cases)-1].cols = "past the listing's diagonals", 1100, 1100
	cases[len(cases)-1].offsets = bandOffsets(-1099, 1099)
	for _, c := range cases {
		for _, byCol := range []bool{false, true} {
			a, d := genDIA[float64](r, c.rows, c.cols, c.offsets, byCol)
			b := randVec[float64](r, a.Cols*8)
			want := refGEMM(1.5, d, b, a.Rows, a.Cols, 8, 0, nil)
			var runs [2][]float64
			for q, workers := range []int{0, 3} {
				if workers == 0 {
					setKnobs(t, math.MaxInt, 0)
				} else {
					setKnobs(t, 1, workers)
				}
				runs[q] = staleOutput(r, a.Rows*8, 0.0)
				require.NoError(t, SpMMDIA(1.5, a, b, 8, 0, runs[q]))
			}
			assertClose(t, want, runs[0], c.name)
			require.Equal(t, runs[0], runs[1], "%s: the split changed bits", c.name)
		}
	}
}
