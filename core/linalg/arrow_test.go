package linalg_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/mmio"
	"github.com/gosparse/gosparse/core/tensor"
)

// Squaring SuiteSparse's arrow matrix (46500 x 46500, a full first row and
// column) would store 46500^2 elements, about 26 GB: the product must fail
// with ErrTooLarge at once, from the bound checked before the symbolic
// phase, in every layout that reaches SpGEMM.
func TestLinalgArrowSquareTooLarge(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "matrices", "suitesparse", "arrow.mtx")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared matrices not available (%s): %v", path, err)
	}
	a, err := mmio.Read(path)
	require.NoError(t, err)
	old := tensor.MemoryLimit()
	defer func() { require.NoError(t, tensor.SetMemoryLimit(old)) }()
	require.NoError(t, tensor.SetMemoryLimit(8<<30)) // the default
	for _, layout := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC} {
		x, err := convert.ToLayout(a, layout, tensor.DefaultConvert())
		require.NoError(t, err)
		start := time.Now()
		p, err := linalg.SparseMm(x, x)
		elapsed := time.Since(start)
		require.Nil(t, p)
		require.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), "%s: %v", layout, err)
		require.Contains(t, err.Error(), "more than the memory limit")
		require.Less(t, elapsed, 2*time.Second, "%s: refusing took %v", layout, elapsed)
	}
}
