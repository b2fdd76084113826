package ops

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestCustomUnsqueezeRelabels: unsqueeze at every position of every custom
// format of formats.json (fill 0 and 2.5) is a format with a dense level of
// the new dim on top, sharing the operand's level and values arrays where
// it is no named layout, and equals the dense unsqueeze.
func TestCustomUnsqueezeRelabels(t *testing.T) {
	relabelled := 0
	for _, c := range customCases(t, dtype.Float64) {
		if !c.f.IsUnique() {
			continue
		}
		for dim := 0; dim <= c.a.NDim(); dim++ {
			msg := fmt.Sprintf("%s unsqueeze %d", c.id, dim)
			got, err := Unsqueeze(c.a, dim)
			require.NoError(t, err, msg)
			want, err := Unsqueeze(c.dense, dim)
			require.NoError(t, err, msg)
			require.Equal(t, want.Dims(), got.Dims(), msg)
			ewRequireSameDense(t, want, got, msg)
			if got.Layout() != tensor.Custom {
				continue // a named layout's tensor, built from a copy
			}
			relabelled++
			require.Equal(t, format.Dense, got.Format().Levels[0].Kind, msg)
			uw, err := c.a.USTStorage()
			require.NoError(t, err, msg)
			ug, err := got.USTStorage()
			require.NoError(t, err, msg)
			require.Equal(t, firstByte(uw.Values), firstByte(ug.Values), "%s: values copied", msg)
			for l := range uw.Pos {
				require.Equal(t, firstByte(uw.Pos[l]), firstByte(ug.Pos[l+1]), "%s: level %d pos copied", msg, l)
				require.Equal(t, firstByte(uw.Crd[l]), firstByte(ug.Crd[l+1]), "%s: level %d crd copied", msg, l)
			}
			back, err := convert.ToDense(got)
			require.NoError(t, err, msg)
			ewRequireSameDense(t, want, back, msg)
		}
	}
	require.Positive(t, relabelled, "some results keep a custom format")
}

// TestCustomSqueezeRelabels: squeezing the dim unsqueeze added gives back
// the operand's format over its own arrays; squeezing every size-1 dim
// equals the dense squeeze; a size-1 dim that a compressed level stores takes the COO
// form's route (ok false), with the same value.
func TestCustomSqueezeRelabels(t *testing.T) {
	for _, c := range customCases(t, dtype.Float64) {
		if !c.f.IsUnique() {
			continue
		}
		for dim := 0; dim <= c.a.NDim(); dim++ {
			msg := fmt.Sprintf("%s unsqueeze %d then squeeze", c.id, dim)
			x, err := Unsqueeze(c.a, dim)
			require.NoError(t, err, msg)
			if x.Layout() != tensor.Custom {
				continue
			}
			got, err := Squeeze(x, &dim)
			require.NoError(t, err, msg)
			requireSharesStructure(t, c.a, got, msg)
			requireSameValuesArray(t, c.a, got, msg)
			ewRequireSameDense(t, c.dense, got, msg)
			all, err := Squeeze(x, nil) // c.a's own size-1 dims too
			require.NoError(t, err, msg)
			want, err := Squeeze(c.dense, nil)
			require.NoError(t, err, msg)
			ewRequireSameDense(t, want, all, msg)
		}
	}
	f, err := format.Parse("(i, j) -> (j : compressed, i : dense)")
	require.NoError(t, err)
	d, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 0, 3, 4}, 4, 1))
	require.NoError(t, err)
	x, err := convert.ToFormat(d, f)
	require.NoError(t, err)
	require.Equal(t, tensor.Custom, x.Layout())
	_, ok, err := squeezeCustom(x, []int{1})
	require.NoError(t, err)
	require.False(t, ok, "j's compressed level: not a relabel")
	got, err := Squeeze(x, nil)
	require.NoError(t, err)
	want, err := Squeeze(d, nil)
	require.NoError(t, err)
	ewRequireSameDense(t, want, got, "squeeze of a compressed size-1 dim")
}

// requireSameValuesArray: got's values array is want's own.
func requireSameValuesArray(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	uw, err := want.USTStorage()
	require.NoError(t, err, msg)
	ug, err := got.USTStorage()
	require.NoError(t, err, msg)
	require.Equal(t, firstByte(uw.Values), firstByte(ug.Values), "%s: values copied", msg)
}
