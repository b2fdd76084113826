package kernels

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/kernels/memory"
)

func TestSpGEMMRecyclesItsPlan(t *testing.T) {
	// An empty pool with room for the plan; the old budget (with an empty
	// pool) comes back when the test ends.
	memory.SetRecycleBudget(0)
	memory.SetRecycleBudget(64 << 20)
	t.Cleanup(func() {
		memory.SetRecycleBudget(0)
		memory.SetRecycleBudget(1 << 30)
	})
	a := laplacian2D[int32, float64](400) // 160K rows: a 1.3 MB plan
	_, err := SpGEMM(a, a, nil)
	require.NoError(t, err)
	require.Equal(t, int64(a.Rows+1)*8, memory.HeldBytes(), "the plan's row pointer waits for the next product")
}
