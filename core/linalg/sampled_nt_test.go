package linalg

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// SampledMmNT on an input of any layout is sampled_addmm (beta 0, alpha 1)
// on the input's CSR form with mat2 = mat2t^T, and keeps the input's index
// width.
func TestSampledMmNTMatchesSampledAddmm(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 37))
	const m, k, n = 5, 4, 6
	m1 := tensortest.RandomDense(t, rng, dtype.Float64, []int64{m, k}, 0.8)
	m2t := tensortest.RandomDense(t, rng, dtype.Float64, []int64{n, k}, 0.8)
	m2a := dtype.NewArray(dtype.Float64, []int64{k, n})
	for j := range int64(n) {
		for p := range int64(k) {
			m2a.SetComplex(p*n+j, m2t.Values().Complex(j*k+p))
		}
	}
	m2, err := tensor.NewStrided(m2a)
	require.NoError(t, err)
	for _, f := range []testFormat{{layout: tensor.COO}, {layout: tensor.CSR}, {layout: tensor.CSC}, {layout: tensor.DCSR}} {
		for _, w := range indexWidths {
			in := makeOperand(t, rng, f, dtype.Float64, []int64{m, n}, w, 0)
			got, err := SampledMmNT(in, m1, m2t)
			require.NoError(t, err, "%s, width %d", f, w)
			require.Equal(t, tensor.CSR, got.Layout())
			require.Equal(t, in.IndexWidth(), got.IndexWidth(), "%s, width %d: the input's index width", f, w)
			csr, err := convert.ToLayout(in, tensor.CSR, tensor.ConvertOptions{SparseDim: -1, IndexWidth: w})
			require.NoError(t, err)
			want, err := SampledAddmm(csr, m1, m2, dtype.IntScalar(0), dtype.IntScalar(1))
			require.NoError(t, err)
			requireNear(t, denseRef(t, want), got, dtype.Float64, f.String())
		}
	}
}
