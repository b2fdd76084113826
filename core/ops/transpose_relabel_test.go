package ops

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestTransposeDCSRRelabels: a DCSR's (DCSC's) transpose is the DCSC
// (DCSR) of the same arrays, whatever the fill and index width: the dense
// values are the dense transpose's, the values are shared (by address), and
// transposing back gives the layout it started from.
func TestTransposeDCSRRelabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	sc := ewShape{"6x4", []int64{6, 4}, 0}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Int32, dtype.Complex64} {
		dense := ewDense(rng, d, sc)
		f := ewFill(d)
		for _, fill := range []*dtype.Scalar{nil, &f} {
			for _, l := range []tensor.Layout{tensor.DCSR, tensor.DCSC} {
				for _, w := range []int{32, 64} {
					x, err := convert.ToIndexWidth(ewBuild(t, dense, ewFormat{l.String(), l, false}, sc, fill), w)
					require.NoError(t, err)
					msg := x.Layout().String() + "/" + d.String()
					got, err := Transpose(x, 0, 1)
					require.NoError(t, err, msg)
					require.Equal(t, map[tensor.Layout]tensor.Layout{tensor.DCSR: tensor.DCSC, tensor.DCSC: tensor.DCSR}[l], got.Layout(), msg)
					dx, err := convert.ToDense(x)
					require.NoError(t, err)
					want, err := Transpose(dx, 0, 1)
					require.NoError(t, err)
					ewRequireSameDense(t, want, got, msg)
					require.Same(t, &x.Values().Data[0], &got.Values().Data[0], "%s: the values are shared", msg)
					back, err := Transpose(got, 1, 0)
					require.NoError(t, err)
					require.Equal(t, l, back.Layout(), msg)
					ewRequireSameDense(t, dx, back, msg)
				}
			}
		}
	}
}

// TestPermuteCSFRelabels: every permutation of a 3-D CSF tensor's dims but
// the identity is the custom format of its levels with the dims list
// permuted, the values shared (by address), whatever the fill and index
// width, and its dense values are the dense permutation's.
func TestPermuteCSFRelabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	sc := ewShape{"3x4x5", []int64{3, 4, 5}, 0}
	perms := [][]int{{0, 2, 1}, {1, 0, 2}, {2, 1, 0}, {1, 2, 0}, {2, 0, 1}}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Int64} {
		dense := ewDense(rng, d, sc)
		f := ewFill(d)
		for _, fill := range []*dtype.Scalar{nil, &f} {
			for _, w := range []int{32, 64} {
				x, err := convert.ToIndexWidth(ewBuild(t, dense, ewFormat{"csf", tensor.CSF, false}, sc, fill), w)
				require.NoError(t, err)
				dx, err := convert.ToDense(x)
				require.NoError(t, err)
				for _, perm := range perms {
					msg := fmt.Sprint(d, "/fill ", fill != nil, "/w", w, "/", perm)
					got, err := Permute(x, perm)
					require.NoError(t, err, msg)
					require.Equal(t, tensor.Custom, got.Layout(), msg)
					u, err := got.USTStorage()
					require.NoError(t, err)
					require.Same(t, &x.Values().Data[0], &u.Values.Data[0], "%s: the values are shared", msg)
					want, err := Permute(dx, perm)
					require.NoError(t, err)
					ewRequireSameDense(t, want, got, msg)
				}
			}
		}
	}
}

// TestCustomTransposeToNamedLayout: a custom format whose transpose is a
// named layout's format (BSR with column-major 2x2 blocks transposed is
// BSC) gives that layout's tensor, built from the storage's arrays without
// the input's COO form, for a zero and a nonzero fill.
func TestCustomTransposeToNamedLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	sc := ewShape{"6x4", []int64{6, 4}, 0}
	f, err := format.Parse("(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)")
	require.NoError(t, err)
	dense := ewDense(rng, dtype.Float64, sc)
	for _, fill := range []float64{0, 2.5} {
		src, err := tensor.WithFill(dense, tensor.ScalarBytes(dtype.Float64, dtype.Real(fill)))
		require.NoError(t, err)
		x, err := convert.ToFormat(src, f)
		require.NoError(t, err)
		require.Equal(t, tensor.Custom, x.Layout())
		got, err := Transpose(x, 0, 1)
		require.NoError(t, err)
		require.Equal(t, tensor.BSC, got.Layout())
		u, err := x.USTStorage()
		require.NoError(t, err)
		require.True(t, sameData(got.Values(), u.Values), "BSC shares the storage's values")
		requireNoCOOForm(t, x, "the input")
		dx, err := convert.ToDense(x)
		require.NoError(t, err)
		want, err := Transpose(dx, 0, 1)
		require.NoError(t, err)
		ewRequireSameDense(t, want, got, "BSR column-major ^T")
	}
}

// TestPermuteCSFAllocatesNoIndexCopy: the relabelled CSF shares its levels
// as they are (no check reads them into int64 copies): permuting a CSF of
// 40K entries allocates a few KiB whatever its size (an index copy is
// 320 KiB a level).
func TestPermuteCSFAllocatesNoIndexCopy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	n := int64(40000)
	idx := dtype.NewArray(dtype.Int64, []int64{3, n})
	ix := dtype.AsSlice[int64](idx)
	for k := range n {
		ix[k], ix[n+k], ix[2*n+k] = rng.Int64N(16), rng.Int64N(512), rng.Int64N(1024)
	}
	vals := dtype.NewArray(dtype.Float64, []int64{n})
	coo, err := tensor.NewCOO(idx, vals, []int64{16, 512, 1024}, tensor.BuildOptions{})
	require.NoError(t, err)
	x, err := convert.ToLayout(coo, tensor.CSF, tensor.DefaultConvert())
	require.NoError(t, err)
	bytes, got := allocatedBy(t, func() (*tensor.Tensor, error) { return Permute(x, []int{0, 2, 1}) })
	require.Equal(t, tensor.Custom, got.Layout())
	require.Less(t, bytes, uint64(64<<10), "permuting allocated %d bytes", bytes)
}

// TestBSRColMajorTransposeSharesIndex: BSR with column-major blocks
// transposed is the BSC of the storage's own pos and crd arrays, shared at
// the width the storage holds (no index narrowed or copied): transposing
// 2x2 blocks of a 40K-block matrix allocates a few KiB (a copy of its
// column index alone is 160 KiB), and explain reports what it allocates.
func TestBSRColMajorTransposeSharesIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 19))
	const nb, n = 40000, 1000 // blocks, block rows and columns
	idx := dtype.NewArray(dtype.Int64, []int64{2, 4 * nb})
	ix := dtype.AsSlice[int64](idx)
	for k := range int64(nb) {
		bi, bj := rng.Int64N(n), rng.Int64N(n)
		for e := range int64(4) {
			ix[4*k+e], ix[4*nb+4*k+e] = 2*bi+e/2, 2*bj+e%2
		}
	}
	vals := dtype.NewArray(dtype.Float64, []int64{4 * nb})
	for k, v := range dtype.AsSlice[float64](vals) {
		dtype.AsSlice[float64](vals)[k] = v + float64(k%5) + 1
	}
	coo, err := tensor.NewCOO(idx, vals, []int64{2 * n, 2 * n}, tensor.BuildOptions{})
	require.NoError(t, err)
	f, err := format.Parse("(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)")
	require.NoError(t, err)
	x, err := convert.ToFormat(coo, f)
	require.NoError(t, err)
	bytes, got := allocatedBy(t, func() (*tensor.Tensor, error) { return Transpose(x, 0, 1) })
	require.Equal(t, tensor.BSC, got.Layout())
	require.Less(t, bytes, uint64(16<<10), "transposing allocated %d bytes", bytes)
	rows, err := tensor.Component(got, tensor.CompRowIndices)
	require.NoError(t, err)
	u, err := x.USTStorage()
	require.NoError(t, err)
	require.True(t, sameData(rows, u.Crd[1]), "BSC's row_indices are the storage's crd")
	require.Zero(t, tensor.PermutedNamedBytes(x, []int{1, 0}), "explain's bytes")
	dx, err := convert.ToDense(x)
	require.NoError(t, err)
	want, err := Transpose(dx, 0, 1)
	require.NoError(t, err)
	ewRequireSameDense(t, want, got, "BSR column-major ^T")
}
