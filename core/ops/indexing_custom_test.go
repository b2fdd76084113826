package ops

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestCustomShapeOpsNative: select, narrow_copy and index_select over every
// dim of every custom format of formats.json (fill 0 and 2.5), its storage
// int32 and int64, equal the op on the dense tensor, through the public op;
// where the dim is level 0's own (indexing_custom.go) the storage path
// takes it, reads no COO form of the input, and gives the same, its level
// arrays of the input's width.
func TestCustomShapeOpsNative(t *testing.T) {
	native := map[string]int{}
	for _, c := range bothWidths(t, customCases(t, dtype.Float64)) {
		dims := c.a.Dims()
		for dim, n := range dims {
			var idx []int64 // every other coordinate backwards, then 0 twice
			for i := n - 1; i >= 0; i -= 2 {
				idx = append(idx, i)
			}
			if n > 0 {
				idx = append(idx, 0, 0)
			}
			ops := []struct {
				name   string
				public func(*tensor.Tensor) (*tensor.Tensor, error)
				direct func(*tensor.Tensor) (*tensor.Tensor, bool, error)
			}{
				{"index_select", func(x *tensor.Tensor) (*tensor.Tensor, error) {
					return IndexSelect(x, dim, dtype.Int64Array(idx))
				}, func(x *tensor.Tensor) (*tensor.Tensor, bool, error) { return indexSelectCustom(x, dim, idx) }},
			}
			for i := int64(0); i < n; i++ {
				ops = append(ops, struct {
					name   string
					public func(*tensor.Tensor) (*tensor.Tensor, error)
					direct func(*tensor.Tensor) (*tensor.Tensor, bool, error)
				}{fmt.Sprintf("select %d", i), func(x *tensor.Tensor) (*tensor.Tensor, error) { return Select(x, dim, i) },
					func(x *tensor.Tensor) (*tensor.Tensor, bool, error) { return selectCustom(x, dim, i) }})
			}
			for _, w := range [][2]int64{{0, n}, {n / 2, n - n/2}, {1, max(n-2, 0)}, {n, 0}} {
				if w[0] > n || w[1] < 0 || w[0]+w[1] > n {
					continue
				}
				ops = append(ops, struct {
					name   string
					public func(*tensor.Tensor) (*tensor.Tensor, error)
					direct func(*tensor.Tensor) (*tensor.Tensor, bool, error)
				}{fmt.Sprintf("narrow %d %d", w[0], w[1]), func(x *tensor.Tensor) (*tensor.Tensor, error) { return NarrowCopy(x, dim, w[0], w[1]) },
					func(x *tensor.Tensor) (*tensor.Tensor, bool, error) { return narrowCustom(x, dim, w[0], w[1]) }})
			}
			for _, o := range ops {
				msg := fmt.Sprintf("%s dim %d %s", c.id, dim, o.name)
				want, err := o.public(c.dense)
				require.NoError(t, err, msg)
				fresh, err := tensor.WithFill(c.a, slices.Clone(c.a.FillElem())) // c.a's storage, no COO form yet
				require.NoError(t, err, msg)
				got, ok, err := o.direct(fresh)
				require.NoError(t, err, msg)
				if ok {
					native[o.name[:6]]++
					requireNoCOOForm(t, fresh, msg+": the input")
					ewRequireSameDense(t, want, got, msg)
					if got.Layout() == tensor.Custom {
						require.Equal(t, storeDType(t, c.a), storeDType(t, got), msg+": index dtype")
					}
				}
				got, err = o.public(c.a)
				require.NoError(t, err, msg)
				ewRequireSameDense(t, want, got, msg+" (public)")
			}
		}
	}
	t.Logf("run on the storage: %v", native)
	for _, op := range []string{"index_", "select", "narrow"} {
		require.Positive(t, native[op], op)
	}
}

// bothWidths is cases with their storages int32 and int64: each case as
// given, and again converted from an int64 COO tensor of its elements.
func bothWidths(t *testing.T, cases []customCase) []customCase {
	t.Helper()
	out := slices.Clone(cases)
	for _, c := range cases {
		coo, err := convert.ToIndexWidth(c.a, 64)
		require.NoError(t, err, c.id)
		a, err := convert.ToFormat(coo, c.f)
		require.NoError(t, err, c.id)
		c.a, c.id = a, c.id+" int64"
		out = append(out, c)
	}
	widths := map[dtype.DType]int{}
	for _, c := range out {
		widths[storeDType(t, c.a)]++
	}
	require.Positive(t, widths[dtype.Int32], "int32 storages")
	require.Positive(t, widths[dtype.Int64], "int64 storages")
	return out
}

// storeDType is the index dtype of custom x's stored pos and crd arrays,
// all of one (Bool where it stores none).
func storeDType(t *testing.T, x *tensor.Tensor) dtype.DType {
	t.Helper()
	u, err := x.USTStorage()
	require.NoError(t, err)
	d := dtype.Bool
	for l := range u.Pos {
		for _, a := range []dtype.Array{u.Pos[l], u.Crd[l]} {
			if a.Data != nil {
				if d != dtype.Bool {
					require.Equal(t, d, a.DType, "level %d of %s", l, x.Format())
				}
				d = a.DType
			}
		}
	}
	return d
}
