package tensor_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestRelabelAnswerIsPerPerm: the named-layout answer a custom-format
// tensor keeps for its last relabel is its perm's only: BSR with
// column-major blocks relabelled by the swap is a BSC, by the identity its
// own custom format, whichever was asked before, from one goroutine or
// several at once (run under -race).
func TestRelabelAnswerIsPerPerm(t *testing.T) {
	vals := make([]float64, 16)
	for k := range vals {
		vals[k] = float64(k + 1)
	}
	dense, err := tensor.NewStrided(dtype.Float64Array(vals, 4, 4))
	require.NoError(t, err)
	bsrc, err := format.BSRColMajor(2, 2)
	require.NoError(t, err)
	bsr, err := convert.ToFormat(dense, bsrc)
	require.NoError(t, err)
	check := func(perm []int) error {
		r, ok, err := tensor.CustomPermuted(bsr, perm)
		if err != nil || !ok {
			return err
		}
		want := tensor.BSC
		if perm[0] == 0 {
			want = tensor.Custom
		}
		if r.Layout() != want {
			t.Errorf("perm %v: layout %v, want %v", perm, r.Layout(), want)
		}
		return nil
	}
	for _, perm := range [][]int{{1, 0}, {0, 1}, {0, 1}, {1, 0}, {1, 0}, {0, 1}} {
		require.NoError(t, check(perm))
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for k := range 200 {
				perm := []int{1, 0}
				if (g+k)%2 == 0 {
					perm = []int{0, 1}
				}
				if err := check(perm); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
}
