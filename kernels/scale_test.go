package kernels

import (
	"math"
	"math/cmplx"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestComplexAlphaOneKeepsInfinities: a product's alpha (and an addmm's
// beta) of one leaves a complex sum as it is. Go's complex product is the
// textbook one, so (1+0i) * (inf+inf i) is NaN+NaN i: the CSR, CSC, COO and
// BSR kernels turned (1+1i) * inf, an infinite product, into NaN, while the
// dense product and the other layouts gave inf+inf i.
func TestComplexAlphaOneKeepsInfinities(t *testing.T) {
	inf := complex(math.Inf(1), 0)
	want := (1 + 1i) * inf // inf+inf i
	require.True(t, cmplx.IsInf(want) && !cmplx.IsNaN(want))
	check := func(name string, got []complex128, want ...complex128) {
		t.Helper()
		for i, w := range want {
			require.Equal(t, w, got[i], "%s: element %d", name, i)
		}
	}
	// A = [[1+1i]] (1 x 1); x = [inf]; k columns of B, each inf.
	csr := CSR[int32, complex128]{Rows: 1, Cols: 1, Ptr: []int32{0, 1}, Idx: []int32{0}, Val: []complex128{1 + 1i}}
	for _, k := range []int{1, 2, 4, 8, 9, 20, 2000} {
		b := make([]complex128, k)
		for j := range b {
			b[j] = inf
		}
		c := make([]complex128, k)
		require.NoError(t, SpMM(1, csr, b, k, 0, c))
		for j := range c {
			check("SpMM", c[j:j+1], want)
		}
		// beta one keeps an infinite C as it is too: inf+inf i + (1+1i)*1.
		b1 := make([]complex128, k)
		for j := range b1 {
			b1[j], c[j] = 1, want
		}
		require.NoError(t, SpMM(1, csr, b1, k, 1, c))
		for j := range c {
			check("SpMM beta 1", c[j:j+1], want+(1+1i))
		}
	}
	y := make([]complex128, 1)
	require.NoError(t, SpMV(1, csr, []complex128{inf}, 0, y))
	check("SpMV", y, want)
	require.NoError(t, SpMVT(1, csr, []complex128{inf}, 0, y))
	check("SpMVT", y, want)
	coo := COO[int32, complex128]{Rows: 1, Cols: 1, Row: []int32{0}, Col: []int32{0}, Val: []complex128{inf}}
	require.NoError(t, SpMVCOO(1, coo, []complex128{1 + 1i}, 0, y))
	check("SpMVCOO", y, inf*(1+1i))
	bsr := BSR[int32, complex128]{BlockRows: 1, BlockCols: 1, BM: 1, BN: 1, Ptr: []int32{0, 1}, Idx: []int32{0}, Val: []complex128{1 + 1i}}
	require.NoError(t, SpMVBSR(1, bsr, []complex128{inf}, 0, y))
	check("SpMVBSR", y, want)
	c2 := make([]complex128, 2)
	require.NoError(t, SpMMBSRColMajor(1, bsr, []complex128{inf, inf}, 2, 0, c2))
	check("SpMMBSRColMajor", c2, want, want)
	require.NoError(t, DenseSpMM(1, []complex128{inf}, 1, csr, 0, y))
	check("DenseSpMM", y, inf*(1+1i))
	out := make([]complex128, 1)
	require.NoError(t, SDDMM(1, []complex128{inf}, []complex128{1 + 1i}, 1, 0, csr, out))
	check("SDDMM", out, inf*(1+1i))
}
