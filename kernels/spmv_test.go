package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSpMV(t *testing.T)    { eachSuite(t, kernelSuite.testSpMV) }
func TestSpMVT(t *testing.T)   { eachSuite(t, kernelSuite.testSpMVT) }
func TestSpMVCOO(t *testing.T) { eachSuite(t, kernelSuite.testSpMVCOO) }
func TestSpMVBSR(t *testing.T) { eachSuite(t, kernelSuite.testSpMVBSR) }

func (suite[I, V]) testSpMV(t *testing.T) {
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		for _, c := range csrCases {
			a := genCSR[I, V](r, c)
			d := denseOf(a)
			for _, ab := range scalars[V]() {
				x := randVec[V](r, a.Cols)
				y := staleOutput(r, a.Rows, ab[1])
				want := refGEMM(ab[0], d, x, a.Rows, a.Cols, 1, ab[1], y)
				require.NoError(t, SpMV(ab[0], a, x, ab[1], y))
				assertClose(t, want, y, c.name)
			}
		}
	})
}

func (suite[I, V]) testSpMVT(t *testing.T) {
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 4))
		for _, c := range csrCases {
			a := genCSR[I, V](r, c)
			dt := transpose(denseOf(a), a.Rows, a.Cols)
			for _, ab := range scalars[V]() {
				x := randVec[V](r, a.Rows)
				y := staleOutput(r, a.Cols, ab[1])
				want := refGEMM(ab[0], dt, x, a.Cols, a.Rows, 1, ab[1], y)
				require.NoError(t, SpMVT(ab[0], a, x, ab[1], y))
				assertClose(t, want, y, c.name)
			}
		}
	})
}

// cooOf lists a's entries in a random order.
func cooOf[I Index, V Number](r *rand.Rand, a CSR[I, V]) COO[I, V] {
	var o COO[I, V]
	o.Rows, o.Cols = a.Rows, a.Cols
	for i := 0; i < a.Rows; i++ {
		for t := a.Ptr[i]; t < a.Ptr[i+1]; t++ {
			o.Row = append(o.Row, I(i))
			o.Col = append(o.Col, a.Idx[t])
			o.Val = append(o.Val, a.Val[t])
		}
	}
	r.Shuffle(len(o.Row), func(i, j int) {
		o.Row[i], o.Row[j] = o.Row[j], o.Row[i]
		o.Col[i], o.Col[j] = o.Col[j], o.Col[i]
		o.Val[i], o.Val[j] = o.Val[j], o.Val[i]
	})
	return o
}

func (suite[I, V]) testSpMVCOO(t *testing.T) {
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(5, 6))
		for _, c := range csrCases {
			a := genCSR[I, V](r, c)
			d := denseOf(a)
			o := cooOf(r, a)
			for _, ab := range scalars[V]() {
				x := randVec[V](r, a.Cols)
				y := staleOutput(r, a.Rows, ab[1])
				want := refGEMM(ab[0], d, x, a.Rows, a.Cols, 1, ab[1], y)
				require.NoError(t, SpMVCOO(ab[0], o, x, ab[1], y))
				assertClose(t, want, y, c.name)
			}
		}
	})
}

// bsrCases are (block rows, block cols, bm, bn).
var bsrCases = [][4]int{
	{0, 0, 2, 3}, {3, 0, 2, 2}, {0, 4, 1, 1}, {1, 1, 1, 1}, {4, 5, 2, 3},
	{6, 4, 3, 1}, {5, 7, 4, 4}, {2, 3, 1, 5}, {10, 10, 5, 5}, {3, 2, 7, 9},
}

// genBSR draws a random BSR matrix and returns it with its dense form.
func genBSR[I Index, V Number](r *rand.Rand, bc [4]int) (BSR[I, V], []V) {
	br, bcols, bm, bn := bc[0], bc[1], bc[2], bc[3]
	p := genCSR[I, V](r, csrCase{rows: br, cols: bcols, maxPerRow: bcols})
	a := BSR[I, V]{BlockRows: br, BlockCols: bcols, BM: bm, BN: bn, Ptr: p.Ptr, Idx: p.Idx}
	a.Val = randVec[V](r, len(p.Idx)*bm*bn)
	n := bcols * bn
	d := make([]V, br*bm*n)
	for i := range br {
		for t := a.Ptr[i]; t < a.Ptr[i+1]; t++ {
			j := int(a.Idx[t])
			for u := range bm {
				for v := range bn {
					d[(i*bm+u)*n+j*bn+v] += a.Val[int(t)*bm*bn+u*bn+v]
				}
			}
		}
	}
	return a, d
}

func (suite[I, V]) testSpMVBSR(t *testing.T) {
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 8))
		for _, bc := range bsrCases {
			a, d := genBSR[I, V](r, bc)
			m, n := bc[0]*bc[2], bc[1]*bc[3]
			for _, ab := range scalars[V]() {
				x := randVec[V](r, n)
				y := staleOutput(r, m, ab[1])
				want := refGEMM(ab[0], d, x, m, n, 1, ab[1], y)
				require.NoError(t, SpMVBSR(ab[0], a, x, ab[1], y))
				assertClose(t, want, y, "bsr")
			}
		}
	})
}

// TestSpMVErrors checks that each O(1) rule is enforced with an ArgError
// that names the argument.
func TestSpMVErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	good := genCSR[int32, float64](r, csrCase{rows: 4, cols: 3, maxPerRow: 3})
	x, y := make([]float64, 3), make([]float64, 4)
	short := good
	short.Idx = good.Idx[:good.Ptr[4]-1]
	shortVal := good
	shortVal.Val = good.Val[:good.Ptr[4]-1]
	badPtr := good
	badPtr.Ptr = good.Ptr[:4]
	neg := good
	neg.Rows = -1
	dec := good
	dec.Ptr = []int32{3, 2, 2, 2, 2}
	cases := []struct {
		name string
		err  error
		arg  string
	}{
		{"x", SpMV(1, good, x[:2], 0, y), "x"},
		{"y", SpMV(1, good, x, 0, y[:3]), "y"},
		{"idx", SpMV(1, short, x, 0, y), "a.Idx"},
		{"val", SpMV(1, shortVal, x, 0, y), "a.Val"},
		{"ptr", SpMV(1, badPtr, x, 0, y), "a.Ptr"},
		{"neg", SpMV(1, neg, x, 0, y), "a"},
		{"ptr-dec", SpMV(1, dec, x, 0, y), "a.Ptr"},
		{"t-x", SpMVT(1, good, x, 0, y), "x"},
		{"coo", SpMVCOO(1, COO[int32, float64]{Rows: 2, Cols: 2, Row: []int32{0}, Col: []int32{}, Val: []float64{1}}, x[:2], 0, y[:2]), "a"},
		{"bsr", SpMVBSR(1, BSR[int32, float64]{BlockRows: 1, BlockCols: 1, BM: 0, BN: 1, Ptr: []int32{0, 0}}, x[:0], 0, y[:0]), "a"},
		{"bsr-val", SpMVBSR(1, BSR[int32, float64]{BlockRows: 1, BlockCols: 1, BM: 2, BN: 2, Ptr: []int32{0, 1}, Idx: []int32{0}, Val: make([]float64, 3)}, x[:2], 0, y[:2]), "a.Val"},
	}
	for _, c := range cases {
		var ae *ArgError
		require.ErrorAs(t, c.err, &ae, c.name)
		require.Equal(t, c.arg, ae.Arg, c.name)
		require.Contains(t, c.err.Error(), "kernels.", c.name)
	}
}

// TestSpMVOutOfRangePanicsInCaller checks that a bad stored index in a
// worker goroutine surfaces as a panic on the calling goroutine, where
// the C boundary can recover it.
func TestSpMVOutOfRangePanicsInCaller(t *testing.T) {
	setKnobs(t, 1, 3)
	a := CSR[int32, float64]{Rows: 6, Cols: 2, Ptr: []int32{0, 1, 2, 3, 4, 5, 6}, Idx: []int32{0, 1, 0, 1, 0, 7}, Val: make([]float64, 6)}
	require.Panics(t, func() { _ = SpMV(1, a, make([]float64, 2), 0, make([]float64, 6)) })
}
