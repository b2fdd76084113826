package ops

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestCustomLaplacianHoldsStorageOnly: the 1M-row 2-d Laplacian in DIA-I
// (90k rows under -short) through ops with no path of their own for DIA (a
// cat, an add with the same matrix in CSR, a softmax): each result is right
// and the DIA tensor still holds its storage only, the bytes
// StorageBytes reports (a kept COO form of its 5M entries would add ~268
// MiB).
func TestCustomLaplacianHoldsStorageOnly(t *testing.T) {
	n := int64(1000)
	if testing.Short() {
		n = 300
	}
	csr := benchLaplacian(t, n, tensor.CSR)
	a, err := convert.ToFormat(csr, format.DIAI())
	require.NoError(t, err)
	u, err := a.USTStorage()
	require.NoError(t, err)
	storage := int64(len(u.Values.Data))
	for l := range u.Pos {
		storage += int64(len(u.Pos[l].Data) + len(u.Crd[l].Data))
	}
	require.Equal(t, storage, tensor.StorageBytes(a), "built")
	total := func(x *tensor.Tensor) float64 {
		s, err := Reduce(x, nil, "sum")
		require.NoError(t, err)
		return s.Values().Complex(0).Re()
	}
	lap := total(csr)
	for _, o := range []struct {
		name string
		run  func() (*tensor.Tensor, error)
		sum  float64 // of the result's elements
	}{
		{"cat", func() (*tensor.Tensor, error) { return Cat([]*tensor.Tensor{a, a}, 0) }, 2 * lap},
		{"add csr", func() (*tensor.Tensor, error) {
			return BinaryByName("add", TensorOperand(a), TensorOperand(csr), BinaryArgs{})
		}, 2 * lap},
		{"softmax", func() (*tensor.Tensor, error) { return Softmax(a, 1, false) }, float64(n * n)}, // each row sums to 1
	} {
		r, err := o.run()
		require.NoError(t, err, o.name)
		require.Equal(t, storage, tensor.StorageBytes(a), "%s: the DIA tensor holds a COO form beside its storage", o.name)
		require.InDelta(t, o.sum, total(r), 1e-6*float64(n*n), o.name)
	}
}
