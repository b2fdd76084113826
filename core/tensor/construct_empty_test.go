package tensor_test

import (
	"testing"
	"time"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// TestEmptyOfManyBatchesOfNoColumns builds 2^40 batches of 2 x 0 matrices:
// CSC and BSC have no compressed positions then and must come back at once
// (they walked all 2^40 batches), CSR and BSR refuse their 2^41 row
// positions at once (issue 20, fuzz_abi's 2^40 mode).
func TestEmptyOfManyBatchesOfNoColumns(t *testing.T) {
	size := []int64{1 << 40, 2, 0}
	for _, l := range []tensor.Layout{tensor.CSR, tensor.BSR, tensor.CSC, tensor.BSC} {
		done := make(chan error, 1)
		var x *tensor.Tensor
		go func() {
			var err error
			x, err = tensor.Empty(l, dtype.Float64, size, [2]int64{1, 1}, 0)
			done <- err
		}()
		select {
		case err := <-done:
			if l.RowMajor() {
				require.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), "%s: %v", l, err)
				continue
			}
			require.NoError(t, err, "%s", l)
			require.Equal(t, size, x.Dims())
			require.Zero(t, x.Values().Numel())
			d, err := convert.ToDense(x)
			require.NoError(t, err, "%s: the dense form has no elements", l)
			require.Equal(t, size, d.Dims())
		case <-time.After(5 * time.Second):
			t.Fatalf("Empty(%s, size %v) did not return within 5 s", l, size)
		}
	}
}

// TestToDenseOfNoElements densifies a CSR of 2^23 rows and no columns: the
// result is empty and must not be refused for the rows it walks.
func TestToDenseOfNoElements(t *testing.T) {
	old := tensor.MemoryLimit()
	require.NoError(t, tensor.SetMemoryLimit(1<<20))
	defer func() { require.NoError(t, tensor.SetMemoryLimit(old)) }()
	x, err := tensor.NewCompressed(tensor.CSR, dtype.Int64Array(make([]int64, 1<<23+1)), dtype.Int64Array(nil), dtype.NewArray(dtype.Float64, []int64{0}), []int64{1 << 23, 0}, tensor.BuildOptions{})
	require.NoError(t, err)
	d, err := convert.ToDense(x)
	require.NoError(t, err)
	require.Equal(t, []int64{1 << 23, 0}, d.Dims())
	require.Equal(t, tensor.Strided, d.Layout())
}
