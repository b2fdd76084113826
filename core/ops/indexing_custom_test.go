package ops

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestCustomShapeOpsNative: select, narrow_copy and index_select over every
// dim of every custom format of formats.json (fill 0 and 2.5) equal the op
// on the dense tensor, through the public op; where the dim is level 0's
// own (indexing_custom.go) the storage path takes it, reads no COO form of
// the input, and gives the same.
func TestCustomShapeOpsNative(t *testing.T) {
	native := map[string]int{}
	for _, c := range customCases(t, dtype.Float64) {
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
				fresh, err := tensor.WithFill(c.a, c.a.FillBytes()) // c.a's storage, no COO form yet
				require.NoError(t, err, msg)
				got, ok, err := o.direct(fresh)
				require.NoError(t, err, msg)
				if ok {
					native[o.name[:6]]++
					requireNoCOOForm(t, fresh, msg+": the input")
					ewRequireSameDense(t, want, got, msg)
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
