package ops

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestCloneToCoalesceKeepCustomFormat: clone, to(dtype) and coalesce of
// every custom formats.json case (fills 0 and 2.5, int32 and int64
// storages) give the input's dense value (cast for to), and, for a format
// with unique coordinates, a tensor of the input's format made without a
// COO tensor of it (Named), as torch keeps the layout: clone owning copies
// of every array, to(dtype) sharing the input's pos and crd, coalesce
// flagged coalesced. A format that repeats coordinates: clone keeps its
// storage; coalesce and a cast come back COO (duplicates summed first).
func TestCloneToCoalesceKeepCustomFormat(t *testing.T) {
	served := 0
	for _, c := range bothWidths(t, customCases(t, dtype.Float64)) {
		unique := c.f.IsUnique()
		before := tensor.NamedBuilds()
		cl := tensor.Clone(c.a)
		require.Equal(t, before, tensor.NamedBuilds(), "%s clone: Named reached", c.id)
		ewRequireSameDense(t, c.dense, cl, c.id+" clone")
		require.Equal(t, tensor.Custom, cl.Layout(), c.id)
		require.True(t, cl.Format().Equal(c.a.Format()), "%s clone: format %s", c.id, cl.Format())
		requireOwnArrays(t, c.a, cl, c.id+" clone")

		for _, d := range []dtype.DType{dtype.Float32, dtype.Int64, dtype.Complex128, dtype.Float64} {
			msg := c.id + " to " + d.String()
			want, err := convert.ToDType(c.dense, d)
			require.NoError(t, err, msg)
			na, err := tensor.Named(c.a)
			require.NoError(t, err, msg)
			viaNamed, err := convert.ToDType(na, d) // the COO route's fill
			require.NoError(t, err, msg)
			before := tensor.NamedBuilds()
			got, err := convert.ToDType(c.a, d)
			require.NoError(t, err, msg)
			named := tensor.NamedBuilds() != before
			ewRequireSameDense(t, want, got, msg)
			require.Equal(t, viaNamed.FillElem(), got.FillElem(), "%s: fill", msg)
			switch {
			case d == c.a.DType():
				require.False(t, named, "%s: Named reached", msg)
				require.True(t, got.Format().Equal(c.a.Format()), "%s: format %s", msg, got.Format())
				requireOwnArrays(t, c.a, got, msg)
			case unique:
				require.False(t, named, "%s: Named reached", msg)
				requireSharesStructure(t, c.a, got, msg)
			default:
				require.Equal(t, tensor.COO, got.Layout(), msg)
			}
		}

		before = tensor.NamedBuilds()
		co, err := convert.Coalesce(c.a)
		require.NoError(t, err, c.id)
		ewRequireSameDense(t, c.dense, co, c.id+" coalesce")
		require.True(t, co.IsCoalesced(), "%s coalesce: flag", c.id)
		if unique {
			served++
			require.Equal(t, before, tensor.NamedBuilds(), "%s coalesce: Named reached", c.id)
			require.True(t, co.Format().Equal(c.a.Format()), "%s coalesce: format %s", c.id, co.Format())
		} else {
			require.Equal(t, tensor.COO, co.Layout(), c.id)
		}
	}
	require.Positive(t, served)
}

// requireOwnArrays: got is a custom tensor of want's format and storage
// sizes none of whose arrays is want's (a deep copy).
func requireOwnArrays(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	require.Equal(t, tensor.Custom, got.Layout(), msg)
	uw, err := want.USTStorage()
	require.NoError(t, err, msg)
	ug, err := got.USTStorage()
	require.NoError(t, err, msg)
	require.Equal(t, uw.LevelSizes, ug.LevelSizes, msg)
	for l := range uw.Pos {
		for _, a := range [][2]dtype.Array{{uw.Pos[l], ug.Pos[l]}, {uw.Crd[l], ug.Crd[l]}} {
			require.Equal(t, a[0].Data, a[1].Data, "%s: level %d", msg, l)
			if len(a[0].Data) > 0 {
				require.NotEqual(t, firstByte(a[0]), firstByte(a[1]), "%s: level %d shared", msg, l)
			}
		}
	}
	require.Equal(t, uw.Values.Data, ug.Values.Data, msg)
	if len(uw.Values.Data) > 0 {
		require.NotEqual(t, firstByte(uw.Values), firstByte(ug.Values), "%s: values shared", msg)
	}
}

// TestCloneToCoalesceCustomAllocations: clone, to(float32) and coalesce of
// the 90K-row Laplacian in DIA-I and BSR column-major 2x2 allocate their
// result's arrays plus 64 KiB (to(float32): its values only, the
// structure shared), no COO tensor of the input; the COO route (Named,
// then the op) is logged beside it.
func TestCloneToCoalesceCustomAllocations(t *testing.T) {
	ops := map[string]func(*tensor.Tensor) (*tensor.Tensor, error){
		"clone":      func(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Clone(x), nil },
		"to float32": func(x *tensor.Tensor) (*tensor.Tensor, error) { return convert.ToDType(x, dtype.Float32) },
		"coalesce":   convert.Coalesce,
	}
	for name, x := range reshapeLaplacians(t) {
		u, err := x.USTStorage()
		require.NoError(t, err, name)
		storage := uint64(len(u.Values.Data))
		for l := range u.Pos {
			storage += uint64(len(u.Pos[l].Data) + len(u.Crd[l].Data))
		}
		for op, fn := range ops {
			before := tensor.NamedBuilds()
			got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return fn(x) })
			require.Equal(t, before, tensor.NamedBuilds(), "%s %s: Named reached", name, op)
			require.Equal(t, tensor.Custom, r.Layout(), "%s %s", name, op)
			viaNamed := namedRouteBytes(t, x, fn)
			limit := storage + 64<<10
			if op == "to float32" {
				limit = uint64(len(u.Values.Data))/2 + 64<<10
			}
			t.Logf("%s %s: %d bytes allocated (the COO route %d), limit %d", name, op, got, viaNamed, limit)
			require.LessOrEqual(t, got, limit, "%s %s", name, op)
		}
	}
}

// namedRouteBytes is the bytes the COO route of fn on custom x allocates
// (allocatedBy): x's Named COO tensor made, then fn of it.
func namedRouteBytes(t *testing.T, x *tensor.Tensor, fn func(*tensor.Tensor) (*tensor.Tensor, error)) uint64 {
	t.Helper()
	n, _ := allocatedBy(t, func() (*tensor.Tensor, error) {
		nx, err := tensor.Named(x)
		if err != nil {
			return nil, err
		}
		return fn(nx)
	})
	return n
}
