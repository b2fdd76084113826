package ops

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestCustomWithFillKeepsFormat: WithFill of every custom format of
// formats.json (fill 0 and 2.5) is a tensor of the same format sharing its
// storage, no COO form built, whose dense value is that of its COO form
// with the new fill (the padding slots inside the tensor are stored
// elements and keep their value).
func TestCustomWithFillKeepsFormat(t *testing.T) {
	fill := tensor.ScalarBytes(dtype.Float64, dtype.Real(-7))
	for _, c := range customCases(t, dtype.Float64) {
		got, err := tensor.WithFill(c.a, fill)
		require.NoError(t, err, c.id)
		requireSharesStructure(t, c.a, got, c.id)
		requireNoCOOForm(t, got, c.id)
		ua, err := c.a.USTStorage()
		require.NoError(t, err, c.id)
		ug, err := got.USTStorage()
		require.NoError(t, err, c.id)
		require.Equal(t, firstByte(ua.Values), firstByte(ug.Values), "%s: values copied", c.id)
		require.Equal(t, fill, got.FillElem(), c.id)
		coo, err := convert.ToLayout(c.a, tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err, c.id)
		want, err := tensor.WithFill(coo, fill)
		require.NoError(t, err, c.id)
		wd, err := convert.ToDense(want)
		require.NoError(t, err, c.id)
		ewRequireSameDense(t, wd, got, c.id)
		got.NNZ() // its COO form, built from its storage, gives the same
		ewRequireSameDense(t, wd, got, c.id+" (COO form)")
	}
}
