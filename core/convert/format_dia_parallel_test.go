package convert_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// TestToDIAFastSameAtAnyWorkerCount: CSR and CSC to DIA-I and DIA-J split
// over 1, 2, 3 and 5 parts of rows (columns) give the general path's
// storage, bit for bit, with a zero and a non-zero fill: every padding slot
// has one owner, DIA-J's slots before the first row and past the last
// included (a part that skipped them leaves zeros where the fill belongs).
func TestToDIAFastSameAtAnyWorkerCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, shape := range [][]int64{{9, 5}, {4, 11}, {8, 8}, {1, 6}} {
		for _, fill := range []bool{false, true} {
			dense := tensortest.RandomDense(t, rng, dtype.Float64, shape, 0.4)
			if fill {
				var err error
				dense, err = tensor.WithFill(dense, tensor.ScalarBytes(dtype.Float64, dtype.Real(2.5)))
				require.NoError(t, err)
			}
			coo, err := convert.ToLayout(dense, tensor.COO, tensor.DefaultConvert())
			require.NoError(t, err)
			for _, f := range []format.Format{format.DIAI(), format.DIAJ()} {
				want, err := convert.ToFormat(coo, f)
				require.NoError(t, err)
				for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC} {
					src, err := convert.ToLayout(dense, l, tensor.DefaultConvert())
					require.NoError(t, err)
					for _, w := range []int{1, 2, 3, 5} {
						msg := fmt.Sprintf("%v fill=%v %s from %s, %d workers", shape, fill, f, l, w)
						got := withWorkers(t, w, func() (*tensor.Tensor, error) { return convert.ToFormat(src, f) })
						requireSameStorage(t, want, got, msg)
						tensortest.RequireSameDense(t, dense, got, msg)
					}
				}
			}
		}
	}
}

// withWorkers runs f with every split of w parts, whatever its size.
func withWorkers(t *testing.T, w int, f func() (*tensor.Tensor, error)) *tensor.Tensor {
	t.Helper()
	prev := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
	defer parallel.SetKnobs(prev)
	r, err := f()
	require.NoError(t, err)
	return r
}
