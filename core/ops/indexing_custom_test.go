package ops

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
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

// TestIndexSelectBlocksWalksTiles: index_select along either dim of a
// 12 x 18 matrix in column-major blocks of 2 x 3 and 3 x 2 (fill 0 and
// 2.5), with a few rows (level 0 is the block row: only theirs walked), a
// repeated and unordered index, and one longer than the entries (torch's
// order per entry), gives the COO route's tensor: the same entries in the
// same order, the same values and fill.
func TestIndexSelectBlocksWalksTiles(t *testing.T) {
	dense := make([]float64, 12*18)
	for k := range dense {
		if (k*7)%5 < 2 && k/18 >= 2 { // rows 0 and 1 empty
			dense[k] = float64(k + 1)
		}
	}
	src, err := tensor.NewStrided(dtype.Float64Array(dense, 12, 18))
	require.NoError(t, err)
	for _, text := range []string{
		"(i, j) -> (i / 2 : dense, j / 3 : compressed, j % 3 : dense, i % 2 : dense)",
		"(i, j) -> (i / 3 : dense, j / 2 : compressed, j % 2 : dense, i % 3 : dense)",
	} {
		f, err := format.Parse(text)
		require.NoError(t, err)
		for _, fill := range []float64{0, 2.5} {
			a, err := convert.ToFormat(src, f)
			require.NoError(t, err, text)
			require.Equal(t, tensor.Custom, a.Layout(), text)
			if fill != 0 {
				a, err = tensor.WithFill(a, dtype.Float64Array([]float64{fill}).Data)
				require.NoError(t, err, text)
			}
			coo, err := convert.ToLayout(a, tensor.COO, tensor.DefaultConvert())
			require.NoError(t, err, text)
			long := make([]int64, 400) // longer than the entries
			for k := range long {
				long[k] = int64(k*5) % 12
			}
			for dim, idxs := range [][][]int64{
				{{11, 5}, {3, 0, 3, 7, 1}, {}, long},
				{{17, 4}, {0, 9, 9, 2}, {}},
			} {
				for _, idx := range idxs {
					msg := fmt.Sprintf("%s fill %v dim %d index %d", text, fill, dim, len(idx))
					got, ok, err := indexSelectFibers(a, dim, idx)
					require.NoError(t, err, msg)
					require.True(t, ok, msg)
					want, err := IndexSelect(coo, dim, dtype.Int64Array(idx))
					require.NoError(t, err, msg)
					require.Equal(t, tensortest.IndexValues(want.Indices()), tensortest.IndexValues(got.Indices()), msg)
					require.Equal(t, want.Values().Data, got.Values().Data, msg)
					require.Equal(t, want.FillElem(), got.FillElem(), msg)
				}
			}
		}
	}
}

// TestTopCoords: the block rows an index's rows fall in (i / 2), the rows
// themselves (i), none listed for an
// empty index; nil (every subtree) where level 0 does not read the dim
// alone or is not dense.
func TestTopCoords(t *testing.T) {
	vals := []int64{1, 4, 5, 9}
	for _, c := range []struct {
		text string
		dim  int
		want []int64
	}{
		{"(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)", 0, []int64{0, 2, 4}},
		{"(i, j) -> (i : dense, j : compressed)", 0, []int64{1, 4, 5, 9}},
		{"(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)", 1, nil},
		{"(i, j) -> (j - i : compressed, i : range)", 0, nil},
		{"(i, j) -> (i : compressed, j : compressed)", 0, nil},
	} {
		f, err := format.Parse(c.text)
		require.NoError(t, err)
		require.Equal(t, c.want, topCoords(f, c.dim, vals), c.text)
	}
	f, err := format.Parse("(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)")
	require.NoError(t, err)
	top := topCoords(f, 0, nil)
	require.NotNil(t, top, "an empty index walks no subtree")
	require.Empty(t, top)
}

// TestSelectBlocksWalksTheirBlockRows: select of every row and column,
// and narrow_copy of row windows (inside a block row, across block rows,
// empty, whole), of a 12 x 18 matrix in column-major blocks of 2 x 3 and
// 3 x 2 give the COO tensor's result (coalesced: the same entries, values
// and fill): the walk visits only the block rows of the rows asked
// (topSpan), and nothing of theirs is lost.
func TestSelectBlocksWalksTheirBlockRows(t *testing.T) {
	dense := make([]float64, 12*18)
	for k := range dense {
		if (k*7)%5 < 2 && k/18 >= 2 {
			dense[k] = float64(k + 1)
		}
	}
	src, err := tensor.NewStrided(dtype.Float64Array(dense, 12, 18))
	require.NoError(t, err)
	for _, text := range []string{
		"(i, j) -> (i / 2 : dense, j / 3 : compressed, j % 3 : dense, i % 2 : dense)",
		"(i, j) -> (i / 3 : dense, j / 2 : compressed, j % 2 : dense, i % 3 : dense)",
	} {
		f, err := format.Parse(text)
		require.NoError(t, err)
		a, err := convert.ToFormat(src, f)
		require.NoError(t, err, text)
		coo, err := convert.ToLayout(a, tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err, text)
		check := func(msg string, got *tensor.Tensor, ok bool, err error, want *tensor.Tensor, werr error) {
			require.NoError(t, err, msg)
			require.NoError(t, werr, msg)
			require.True(t, ok, msg)
			require.Equal(t, tensortest.IndexValues(want.Indices()), tensortest.IndexValues(got.Indices()), msg)
			require.Equal(t, want.Values().Data, got.Values().Data, msg)
		}
		for dim := range 2 {
			for i := range a.Dims()[dim] {
				got, ok, err := selectFibers(a, dim, i)
				want, werr := Select(coo, dim, i)
				check(fmt.Sprintf("%s select %d %d", text, dim, i), got, ok, err, want, werr)
			}
		}
		for _, w := range [][2]int64{{3, 1}, {3, 4}, {1, 9}, {5, 0}, {0, 12}} {
			got, ok, err := narrowFibers(a, 0, w[0], w[1])
			want, werr := NarrowCopy(coo, 0, w[0], w[1])
			check(fmt.Sprintf("%s narrow %v", text, w), got, ok, err, want, werr)
		}
	}
}

// TestTopSpan: the block rows of rows a..b-1 (i / 3), the rows themselves
// (i), none for an empty span; nil (every subtree) where level 0 does not
// read the dim alone.
func TestTopSpan(t *testing.T) {
	for _, c := range []struct {
		text string
		dim  int
		a, b int64
		want []int64
	}{
		{"(i, j) -> (i / 3 : dense, j / 2 : compressed, j % 2 : dense, i % 3 : dense)", 0, 4, 10, []int64{1, 2, 3}},
		{"(i, j) -> (i / 3 : dense, j / 2 : compressed, j % 2 : dense, i % 3 : dense)", 0, 3, 4, []int64{1}},
		{"(i, j) -> (i / 3 : dense, j / 2 : compressed, j % 2 : dense, i % 3 : dense)", 0, 5, 5, []int64{}},
		{"(i, j) -> (i : dense, j : compressed)", 0, 2, 5, []int64{2, 3, 4}},
		{"(i, j) -> (i / 3 : dense, j / 2 : compressed, j % 2 : dense, i % 3 : dense)", 1, 0, 4, nil},
		{"(i, j) -> (j - i : compressed, i : range)", 0, 0, 4, nil},
	} {
		f, err := format.Parse(c.text)
		require.NoError(t, err)
		require.Equal(t, c.want, topSpan(f, c.dim, c.a, c.b), "%s %d..%d", c.text, c.a, c.b)
	}
}
