package ops

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestCustomSoftmaxSharesStructure: softmax and log_softmax along every
// dim of every custom format of formats.json (float64 and float32, fill 0
// and 2.5) run on the storage, keep the operand's format and level arrays,
// and equal the COO route's result (the same entries as a COO tensor).
func TestCustomSoftmaxSharesStructure(t *testing.T) {
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		for _, c := range customCases(t, d) {
			if !c.f.IsUnique() {
				continue // repeated coordinates sum first: the COO form's route
			}
			coo, err := convert.ToLayout(c.a, tensor.COO, tensor.DefaultConvert())
			require.NoError(t, err, c.id)
			for dim := range c.a.NDim() {
				for _, log := range []bool{false, true} {
					msg := fmt.Sprintf("%s %s dim %d log %v", c.id, d, dim, log)
					got, ok, err := softmaxCustom(c.a, dim, log)
					require.NoError(t, err, msg)
					require.True(t, ok, "%s: not run on the storage", msg)
					requireSharesStructure(t, c.a, got, msg)
					require.True(t, isZeroBytes(got.FillElem()), "%s: fill %v, want zero", msg, got.FillElem())
					want, err := Softmax(coo, dim, log)
					require.NoError(t, err, msg)
					requireSoftmaxDense(t, want, got, msg)
					viaOp, err := Softmax(c.a, dim, log) // the operator's own dispatch takes the path
					require.NoError(t, err, msg)
					requireSharesStructure(t, c.a, viaOp, msg)
				}
			}
		}
	}
}

// TestCustomSoftmaxPadding: DIA's padding (slots outside the matrix) is
// never read, and holds the result's fill (zero) in the result: a NaN
// written there by hand reaches no row.
func TestCustomSoftmaxPadding(t *testing.T) {
	a := diaWithNaNPadding(t)
	for _, dim := range []int{0, 1} {
		r, err := Softmax(a, dim, false)
		require.NoError(t, err)
		u, err := r.USTStorage()
		require.NoError(t, err)
		v := dtype.AsSlice[float64](u.Values)
		require.Zero(t, v[0], "dim %d: padding slot 0", dim)
		require.Zero(t, v[8], "dim %d: padding slot 8", dim)
		for k := 1; k < 8; k++ {
			require.False(t, math.IsNaN(v[k]), "dim %d: slot %d is NaN", dim, k)
		}
	}
}

// diaWithNaNPadding is a 3 x 3 DIA-I matrix whose two padding slots hold NaN.
func diaWithNaNPadding(t *testing.T) *tensor.Tensor {
	t.Helper()
	da, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 2, 0, 3, 4, 5, 0, 6, 7}, 3, 3))
	require.NoError(t, err)
	a, err := convert.ToFormat(da, format.DIAI())
	require.NoError(t, err)
	u, err := a.USTStorage()
	require.NoError(t, err)
	vals := dtype.CopyArray(u.Values)
	v := dtype.AsSlice[float64](vals)
	require.Equal(t, []float64{0, 3, 6, 1, 4, 7, 2, 5, 0}, v) // diagonal -1 has no row 0, +1 no row 2
	v[0], v[8] = math.NaN(), math.NaN()
	p, err := tensor.CustomWithValues(a, vals, slices.Clone(a.FillElem()))
	require.NoError(t, err)
	return p
}

// TestCustomSoftmaxAllocatesResultPlusGroups: softmax along either dim of
// the 22.5k-row Laplacian in DIA-I, DIA-J, BSR with column-major blocks
// and delta(8) CSR allocates its values array plus the accumulators (16
// bytes a group) and a few chunks of keys, plus, for the formats walked in
// short fibers (BSR's blocks), one key a stored slot kept for the
// passes (8 bytes): no COO form of the operand (16 bytes of indices a stored
// element and more). Each result equals the softmax of the COO tensor of
// its stored elements.
func TestCustomSoftmaxAllocatesResultPlusGroups(t *testing.T) {
	csr := benchLaplacian(t, 150, tensor.CSR)
	bsr, err := format.BSRColMajor(2, 2)
	require.NoError(t, err)
	d8, err := format.DeltaCSR(8)
	require.NoError(t, err)
	for _, f := range []format.Format{format.DIAI(), format.DIAJ(), bsr, d8} {
		x, err := convert.ToFormat(csr, f)
		require.NoError(t, err, f.String())
		require.Equal(t, tensor.Custom, x.Layout(), f.String())
		u, err := x.USTStorage()
		require.NoError(t, err)
		coo, err := convert.ToLayout(x, tensor.COO, tensor.DefaultConvert()) // its stored zeros too (DIA's)
		require.NoError(t, err)
		for _, dim := range []int{1, 0} {
			msg := fmt.Sprintf("%s dim %d", f, dim)
			got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Softmax(x, dim, false) })
			limit := uint64(len(u.Values.Data)) + 16*uint64(x.Dims()[1-dim]) + 256<<10 // a few key chunks a walk
			if shortFibers(tensor.CustomStructure(x)) {
				limit += 8 * uint64(u.Values.Numel())
			}
			require.LessOrEqual(t, got, limit, "%s: %d bytes allocated, limit %d", msg, got, limit)
			requireSharesStructure(t, x, r, msg)
			want, err := Softmax(coo, dim, false)
			require.NoError(t, err)
			requireSameEntries(t, want, r, msg)
		}
	}
}

// BenchmarkSoftmaxDIAIDim1 is softmax over the rows of the 1M-row
// Laplacian in DIA-I (its CSR's: BenchmarkSoftmaxCSRDim1).
func BenchmarkSoftmaxDIAIDim1(b *testing.B) {
	x, err := convert.ToFormat(benchLaplacian(b, 1000, tensor.CSR), format.DIAI())
	if err != nil {
		b.Fatal(err)
	}
	benchSoftmax(b, x)
}

// BenchmarkSoftmaxCSRDim1 is softmax over the rows of the 1M-row Laplacian in CSR.
func BenchmarkSoftmaxCSRDim1(b *testing.B) { benchSoftmax(b, benchLaplacian(b, 1000, tensor.CSR)) }

func benchSoftmax(b *testing.B, x *tensor.Tensor) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Softmax(x, 1, false); err != nil {
			b.Fatal(err)
		}
	}
}

// requireSoftmaxDense: got's dense form is want's (a sparse softmax result).
func requireSoftmaxDense(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	wd, err := convert.ToDense(want)
	require.NoError(t, err, msg)
	ewRequireSameDense(t, wd, got, msg)
}

// requireSameEntries: got holds want's elements (both coalesced COO forms
// compared: the same indices, values within ewClose's tolerance), without
// a dense form of either.
func requireSameEntries(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	wc, err := convert.ToLayout(want, tensor.COO, tensor.DefaultConvert())
	require.NoError(t, err, msg)
	gc, err := convert.ToLayout(got, tensor.COO, tensor.DefaultConvert())
	require.NoError(t, err, msg)
	wc, gc = wc.WithCoalesced(true), gc.WithCoalesced(true)
	require.Equal(t, tensortest.IndexValues(wc.Indices()), tensortest.IndexValues(gc.Indices()), "%s: indices", msg)
	wv, gv := dtype.AsSlice[float64](wc.Values()), dtype.AsSlice[float64](gc.Values())
	for k := range wv {
		if !ewClose(wv[k], gv[k], 1e-12) {
			require.Failf(t, "values differ", "%s: entry %d: want %v, got %v", msg, k, wv[k], gv[k])
		}
	}
}

// BenchmarkSoftmaxCustom is softmax over dim 1 of the 250k-row Laplacian
// in BSR with column-major 2 x 2 blocks and in delta(8) CSR, formats whose
// last-level fibers are short (2 slots) or decoded from gaps (delta).
func BenchmarkSoftmaxCustom(b *testing.B) {
	csr := benchLaplacian(b, 100, tensor.CSR)
	bsr, err := format.BSRColMajor(2, 2)
	if err != nil {
		b.Fatal(err)
	}
	d8, err := format.DeltaCSR(8)
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range []format.Format{bsr, d8} {
		x, err := convert.ToFormat(csr, f)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(f.String(), func(b *testing.B) { benchSoftmax(b, x) })
	}
}
