package linalg

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// TestRowPairsMatchCSR: mv of row pairs, (i / 2 : dense, j : compressed,
// i % 2 : dense), converted from CSR at int32 and int64 indices, on 1, 3,
// 9 and 1500 pairs (odd counts: the kernels' tails; 1500 passes an
// assembly call's chunk of groups) with empty rows and an empty pair:
//   - gives the bits of each row summed from zero in column order, one
//     multiply then one add an entry (the pairs' padding adds +-0, which
//     leaves a sum unchanged), and the same bits at 1 and 3 goroutines;
//   - equals CSR's mv within 1e-10 relative (CSR's kernel sums a row in
//     two fused multiply-add chains: another order, other bits), as does
//     mm by 3 columns (the level walk).
//
// An odd row count is no shape of row pairs (the format asks that 2
// divide the rows).
func TestRowPairsMatchCSR(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 20))
	f, err := format.Parse("(i, j) -> (i / 2 : dense, j : compressed, i % 2 : dense)")
	require.NoError(t, err)
	for _, shape := range [][2]int64{{2, 7}, {6, 9}, {18, 40}, {3000, 50}} {
		m, k := shape[0], shape[1]
		d := make([]float64, m*k)
		for i := range m {
			if i%5 == 3 || i == 0 && m > 2 || i == 1 && m > 2 { // empty rows, and pair 0 empty
				continue
			}
			for j := range k {
				if rng.Float64() < 0.3 {
					d[i*k+j] = rng.NormFloat64()
				}
			}
		}
		xs := make([]float64, k)
		for j := range xs {
			xs[j] = rng.NormFloat64()
		}
		// The rows summed in column order, one multiply then one add.
		want := make([]float64, m)
		for i := range m {
			var s float64
			for j, v := range d[i*k : (i+1)*k] {
				if v != 0 {
					s += xs[j] * v
				}
			}
			want[i] = s
		}
		dense, err := tensor.NewStrided(dtype.Float64Array(d, m, k))
		require.NoError(t, err)
		x, err := tensor.NewStrided(dtype.Float64Array(xs, k))
		require.NoError(t, err)
		x3 := make([]float64, k*3)
		for i := range x3 {
			x3[i] = rng.NormFloat64()
		}
		xm, err := tensor.NewStrided(dtype.Float64Array(x3, k, 3))
		require.NoError(t, err)
		for _, width := range []int{32, 64} {
			msg := fmt.Sprintf("%dx%d w%d", m, k, width)
			csr, err := convert.ToLayout(dense, tensor.CSR, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: width})
			require.NoError(t, err, msg)
			a, err := convert.ToFormat(csr, f)
			require.NoError(t, err, msg)
			u, err := a.USTStorage()
			require.NoError(t, err)
			require.Equal(t, width, u.Crd[1].DType.Size()*8, "%s: the pairs keep CSR's width", msg)
			got, err := Mv(a, x)
			require.NoError(t, err, msg)
			require.Equal(t, want, dtype.AsSlice[float64](got.Values()), "%s: bits of the rows in column order", msg)
			prev := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: 3})
			par, err := Mv(a, x)
			parallel.SetKnobs(prev)
			require.NoError(t, err, msg)
			require.Equal(t, want, dtype.AsSlice[float64](par.Values()), "%s: at 3 goroutines", msg)
			ref, err := Mv(csr, x)
			require.NoError(t, err, msg)
			requireNear(t, denseRef(t, ref), got, dtype.Float64, msg+": mv against CSR's")
			mm, err := Mm(a, xm)
			require.NoError(t, err, msg)
			refm, err := Mm(csr, xm)
			require.NoError(t, err, msg)
			requireNear(t, denseRef(t, refm), mm, dtype.Float64, msg+": mm against CSR's")
		}
	}
}
