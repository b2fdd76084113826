package kernels

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestProductErrors checks the O(1) rules of the products: each refused
// call returns an ArgError naming the argument.
func TestProductErrors(t *testing.T) {
	a := CSR[int32, float64]{Rows: 2, Cols: 3, Ptr: []int32{0, 1, 2}, Idx: []int32{0, 2}, Val: []float64{1, 2}}
	f := func(n int) []float64 { return make([]float64, n) }
	spgemmPlan, err := SpGEMMSymbolic(a, CSR[int32, float64]{Rows: 3, Cols: 2, Ptr: []int32{0, 0, 0, 0}})
	require.NoError(t, err)
	huge := *spgemmPlan
	huge.NNZ = math.MaxInt32 + 1
	bt := CSR[int32, float64]{Rows: 3, Cols: 2, Ptr: []int32{0, 0, 0, 0}}
	dia := DIA[float64]{Rows: 2, Cols: 3, Offsets: []int64{0}, Stride: 2, Val: f(2)}
	semi := Semi[float64]{Rows: 3, Cols: 4, Col: make([]int32, 6), Val: f(6)}
	bsr := BSR[int32, float64]{BlockRows: 1, BlockCols: 1, BM: 1, BN: 1, Ptr: []int32{0, 1}, Idx: []int32{0}, Val: f(1)}
	cases := []struct {
		name string
		err  error
		arg  string
	}{
		{"spmm-k", SpMM(1, a, f(0), -1, 0, f(0)), "k"},
		{"spmm-b", SpMM(1, a, f(5), 2, 0, f(4)), "b"},
		{"spmm-c", SpMM(1, a, f(6), 2, 0, f(5)), "c"},
		{"spmm-overflow", SpMM(1, a, f(6), math.MaxInt/2, 0, f(4)), "b"},
		{"spmm-a", SpMM(1, CSR[int32, float64]{Rows: 2, Cols: 3, Ptr: []int32{0, 1}}, f(6), 2, 0, f(4)), "a.Ptr"},
		{"dense-m", DenseSpMM(1, f(0), -1, a, 0, f(0)), "m"},
		{"dense-d", DenseSpMM(1, f(3), 2, a, 0, f(6)), "d"},
		{"dense-c", DenseSpMM(1, f(4), 2, a, 0, f(5)), "c"},
		{"sddmm-k", SDDMM(1, f(0), f(0), -2, 0, a, f(2)), "k"},
		{"sddmm-a", SDDMM(1, f(3), f(6), 2, 0, a, f(2)), "a"},
		{"sddmm-bt", SDDMM(1, f(4), f(5), 2, 0, a, f(2)), "bt"},
		{"sddmm-out", SDDMM(1, f(4), f(6), 2, 0, a, f(1)), "out"},
		{"sddmm-val", SDDMM(1, f(4), f(6), 2, 1, CSR[int32, float64]{Rows: 2, Cols: 3, Ptr: []int32{0, 1, 2}, Idx: []int32{0, 2}}, f(2)), "s.Val"},
		{"spmmdia-k", SpMMDIA(1, dia, f(3), -1, 0, f(2)), "k"},
		{"spmmdia-b", SpMMDIA(1, dia, f(5), 2, 0, f(4)), "b"},
		{"spmmdia-c", SpMMDIA(1, dia, f(6), 2, 0, f(5)), "c"},
		{"spmmdelta-k", SpMMDelta(1, a, 4, f(0), -1, f(0)), "k"},
		{"spmmdelta-b", SpMMDelta(1, a, 4, f(5), 2, f(4)), "b"},
		{"spmmdelta-c", SpMMDelta(1, a, 4, f(6), 2, f(5)), "c"},
		{"semimmt-k", SemiMMT(semi, f(0), -1, f(0)), "k"},
		{"semimmt-b", SemiMMT(semi, f(5), 2, f(8)), "b"},
		{"semimmt-c", SemiMMT(semi, f(6), 2, f(7)), "c"},
		{"bsrcm-k", SpMMBSRColMajor(1, bsr, f(0), -1, 0, f(0)), "k"},
		{"bsrcm-b", SpMMBSRColMajor(1, bsr, f(3), 2, 0, f(2)), "b"},
		{"bsrcm-c", SpMMBSRColMajor(1, bsr, f(2), 2, 0, f(1)), "c"},
		{"dcsr-m", SpMMDCSR(1, []int32{0, 1}, a, -1, f(6), 2, f(0)), "m"},
		{"dcsr-k", SpMMDCSR(1, []int32{0, 1}, a, 2, f(0), -1, f(0)), "k"},
		{"dcsr-c", SpMMDCSR(1, []int32{0, 1}, a, 2, f(6), 2, f(3)), "c"},
		{"spgemm-shape", func() error { _, err := SpGEMMSymbolic(a, a); return err }(), "b"},
		{"spgemm-nil-plan", SpGEMMNumeric(a, bt, nil, CSR[int32, float64]{}), "plan"},
		{"spgemm-other-plan", SpGEMMNumeric(a, CSR[int32, float64]{Rows: 3, Cols: 5, Ptr: make([]int32, 4)}, spgemmPlan, CSR[int32, float64]{}), "plan"},
		{"spgemm-c-shape", SpGEMMNumeric(a, bt, spgemmPlan, CSR[int32, float64]{Rows: 2, Cols: 3}), "c"},
		{"spgemm-c-ptr", SpGEMMNumeric(a, bt, spgemmPlan, CSR[int32, float64]{Rows: 2, Cols: 2, Ptr: make([]int32, 2)}), "c.Ptr"},
		{"spgemm-overflow", SpGEMMNumeric(a, bt, &huge, CSR[int32, float64]{Rows: 2, Cols: 2, Ptr: make([]int32, 3)}), "c"},
		{"segsum-w", SegmentSum[int32](f(0), f(0), 0, nil, []int32{0}), "w"},
		{"segsum-perm", SegmentSum(f(1), f(2), 1, []int32{0}, []int32{0, 2}), "perm"},
		{"segsum-src", SegmentSum[int32](f(1), f(3), 1, nil, []int32{0, 2}), "src"},
		{"coo-shape", SpMVCOO(1, COO[int32, float64]{Rows: -1}, f(0), 0, f(0)), "a"},
		{"bsr-shape", SpMVBSR(1, BSR[int32, float64]{BlockRows: -1, BM: 1, BN: 1}, f(0), 0, f(0)), "a"},
		{"bsr-ptr", SpMVBSR(1, BSR[int32, float64]{BlockRows: 1, BM: 1, BN: 1, Ptr: []int32{0}}, f(0), 0, f(1)), "a.Ptr"},
		{"bsr-ptr-order", SpMVBSR(1, BSR[int32, float64]{BlockRows: 1, BM: 1, BN: 1, Ptr: []int32{2, 1}}, f(0), 0, f(1)), "a.Ptr"},
		{"bsr-idx", SpMVBSR(1, BSR[int32, float64]{BlockRows: 1, BlockCols: 1, BM: 1, BN: 1, Ptr: []int32{0, 1}, Val: f(1)}, f(1), 0, f(1)), "a.Idx"},
	}
	for _, c := range cases {
		var ae *ArgError
		require.ErrorAs(t, c.err, &ae, c.name)
		require.Equal(t, c.arg, ae.Arg, c.name)
		require.Equal(t, c.name == "spgemm-overflow", ae.Overflow, c.name)
	}
}

func TestMaxOf(t *testing.T) {
	require.Equal(t, int64(math.MaxInt32), maxOf[int32]())
	require.Equal(t, int64(math.MaxInt64), maxOf[int64]())
	require.Equal(t, -1, mulInt(math.MaxInt, 2))
	require.Equal(t, -1, mulInt(-1, 2))
	require.Equal(t, 6, mulInt(2, 3))
}

// TestPtrErrorsNameTheirRows: CSR and BSR views share checkPtr; each error
// names its own argument and counts rows or block rows.
func TestPtrErrorsNameTheirRows(t *testing.T) {
	f := func(n int) []float64 { return make([]float64, n) }
	csr := func(ptr, idx []int32) CSR[int32, float64] {
		return CSR[int32, float64]{Rows: 2, Cols: 3, Ptr: ptr, Idx: idx, Val: f(2)}
	}
	require.EqualError(t, SpMV(1, csr([]int32{0, 1}, []int32{0, 1}), f(3), 0, f(2)),
		"kernels.SpMV: a.Ptr: length 2, must be rows+1 = 3")
	require.EqualError(t, SpMV(1, csr([]int32{2, 1, 0}, []int32{0, 1}), f(3), 0, f(2)),
		"kernels.SpMV: a.Ptr: Ptr[0] = 2, Ptr[2] = 0: must satisfy 0 <= Ptr[0] <= Ptr[rows]")
	require.EqualError(t, SpMV(1, csr([]int32{0, 1, 2}, []int32{0}), f(3), 0, f(2)),
		"kernels.SpMV: a.Idx: length 1, must be at least Ptr[rows] = 2")
	bsr := BSR[int32, float64]{BlockRows: 1, BlockCols: 1, BM: 1, BN: 1, Ptr: []int32{0, 2}, Idx: []int32{0}, Val: f(2)}
	require.EqualError(t, SpMVBSR(1, bsr, f(1), 0, f(1)),
		"kernels.SpMVBSR: a.Idx: length 1, must be at least Ptr[block rows] = 2")
}
