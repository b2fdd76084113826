package linalg

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestFormatMvAllocatesOutput: mv of an n^2-row Laplacian in DCSR, BSR
// with column-major blocks, delta CSR and row pairs allocates its output
// and at most 4 KiB of fixed cost (the walk's per-level tables),
// nothing that grows with the entries: no CSR or COO copy.
func TestFormatMvAllocatesOutput(t *testing.T) {
	c, err := gen.Stencil2D(64)
	require.NoError(t, err)
	coo, err := c.Tensor()
	require.NoError(t, err)
	m := coo.Dims()[0]
	x, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{m}))
	require.NoError(t, err)
	mats := map[string]*tensor.Tensor{}
	mats["dcsr"], err = convert.ToLayout(coo, tensor.DCSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: 32})
	require.NoError(t, err)
	for name, text := range map[string]string{
		"bsr-colmajor": "(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)",
		"delta":        "(i, j) -> (i : dense, j : delta(13))",
		"rowpairs":     "(i, j) -> (i / 2 : dense, j : compressed, i % 2 : dense)",
		"dcsc":         "(i, j) -> (j : compressed, i : compressed)",
	} {
		f, err := format.Parse(text)
		require.NoError(t, err)
		mats[name], err = convert.ToFormat(coo, f)
		require.NoError(t, err)
	}
	for name, a := range mats {
		require.True(t, formatPath(a), name)
		_, err := Mv(a, x) // warm up
		require.NoError(t, err)
		const runs = 20
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range runs {
			if _, err := Mv(a, x); err != nil {
				t.Fatal(err)
			}
		}
		runtime.ReadMemStats(&after)
		per := int64(after.TotalAlloc-before.TotalAlloc) / runs
		require.LessOrEqual(t, per, 8*m+4096, "%s: %d bytes a call for an output of %d bytes (the matrix holds %d entries)", name, per, 8*m, len(c.Val))
	}
}
