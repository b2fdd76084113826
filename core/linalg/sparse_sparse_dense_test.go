package linalg

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestSparseSparseDenseSkipsUnstoredPairs: every product of two sparse
// matrices visits the pairs both store, as Mm (and torch's sparse @ sparse)
// does, whatever the result's layout: addmm with a dense input, hspmm, smm
// and mv of a sparse vec once densified mat2 (vec) and read a stored
// infinity times an unstored zero as NaN ([[1, inf], [0, 2]] @ [[1, 0],
// [0, 2]] gave NaN at (0, 0), mm 1).
func TestSparseSparseDenseSkipsUnstoredPairs(t *testing.T) {
	inf := math.Inf(1)
	for _, dt := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Complex128} {
		a := tensortest.MustDense(t, []float64{1, inf, 0, 2}, 2, 2)
		b := tensortest.MustDense(t, []float64{1, 0, 0, 2}, 2, 2)
		var err error
		a, err = convert.ToDType(a, dt)
		require.NoError(t, err)
		b, err = convert.ToDType(b, dt)
		require.NoError(t, err)
		// (0, 1) is inf * 2 alone: complex(inf, 0) * 2 is inf+NaNi in complex
		// arithmetic (inf * 0 in its imaginary part), inf in real.
		p01 := complex(inf, 0)
		if dt.IsComplex() {
			p01 = complex(inf, 0) * complex(2, 0)
		}
		want := dmat{shape: []int64{2, 2}, v: []complex128{1, p01, 0, 4}}
		for _, la := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC} {
			for _, lb := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC} {
				sa, err := convert.ToLayout(a, la, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
				require.NoError(t, err)
				sb, err := convert.ToLayout(b, lb, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
				require.NoError(t, err)
				name := fmt.Sprintf("%s %s @ %s", dt, la, lb)
				zero, err := convert.ToDType(tensortest.MustDense(t, []float64{0, 0, 0, 0}, 2, 2), dt)
				require.NoError(t, err)

				got, err := Mm(sa, sb)
				require.NoError(t, err)
				requireIEEE(t, want, got, dt, name+": mm")
				got, err = Addmm(zero, sa, sb, dtype.IntScalar(1), dtype.IntScalar(1))
				require.NoError(t, err)
				requireIEEE(t, want, got, dt, name+": addmm, dense input")
				if !dt.IsComplex() {
					got, err = SparseAddmm(zero, sa, sb, dtype.IntScalar(0), dtype.IntScalar(2))
					require.NoError(t, err)
					requireIEEE(t, dmat{shape: []int64{2, 2}, v: []complex128{2, complex(inf, 0), 0, 8}}, got, dt, name+": sparse.addmm, alpha 2")
				}
				got, err = Hspmm(sa, sb)
				require.NoError(t, err)
				requireIEEE(t, want, got, dt, name+": hspmm")
				got, err = Smm(sa, sb)
				require.NoError(t, err)
				requireIEEE(t, want, got, dt, name+": smm")

				// mat @ vec with a sparse vec: [[1, inf], [0, 2]] @ [1, 0] is [1, 0].
				v, err := convert.ToDType(tensortest.MustDense(t, []float64{1, 0}, 2), dt)
				require.NoError(t, err)
				sv, err := convert.ToLayout(v, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
				require.NoError(t, err)
				got, err = Mv(sa, sv)
				require.NoError(t, err)
				requireIEEE(t, dmat{shape: []int64{2}, v: []complex128{1, 0}}, got, dt, name+": mv")
				got, err = Matmul(sa, sv)
				require.NoError(t, err)
				requireIEEE(t, dmat{shape: []int64{2}, v: []complex128{1, 0}}, got, dt, name+": matmul")
				got, err = Addmv(v, sa, sv, dtype.IntScalar(1), dtype.IntScalar(1))
				require.NoError(t, err)
				requireIEEE(t, dmat{shape: []int64{2}, v: []complex128{2, 0}}, got, dt, name+": addmv")
			}
		}
	}
}

// TestStoredPairsBmm: bmm (and baddbmm, matmul) of two sparse batches
// visits the pairs both store, batch by batch, as mm of each batch: it
// densified b and gave NaN for a stored inf times an unstored zero.
func TestStoredPairsBmm(t *testing.T) {
	inf := math.Inf(1)
	// batch 0: [[1, inf], [0, 2]] @ [[1, 0], [0, 2]]; batch 1 finite.
	a := tensortest.MustDense(t, []float64{1, inf, 0, 2, 1, 1, 0, 1}, 2, 2, 2)
	b := tensortest.MustDense(t, []float64{1, 0, 0, 2, 1, 0, 0, 3}, 2, 2, 2)
	sa, err := convert.ToLayout(a, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	require.NoError(t, err)
	sb, err := convert.ToLayout(b, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	require.NoError(t, err)
	want := dmat{shape: []int64{2, 2, 2}, v: []complex128{1, complex(inf, 0), 0, 4, 1, 3, 0, 3}}
	got, err := Bmm(sa, sb)
	require.NoError(t, err)
	requireIEEE(t, want, got, dtype.Float64, "bmm")
	got, err = Matmul(sa, sb)
	require.NoError(t, err)
	requireIEEE(t, want, got, dtype.Float64, "matmul")
	zero := tensortest.MustDense(t, make([]float64, 8), 2, 2, 2)
	got, err = Baddbmm(zero, sa, sb, dtype.IntScalar(1), dtype.IntScalar(1))
	require.NoError(t, err)
	requireIEEE(t, want, got, dtype.Float64, "baddbmm")
}
