package ops

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// requireNoCOOForm: x is a custom-format tensor holding its storage only
// (StorageBytes is its format storage; the tensor has nowhere to keep a COO
// form: core/tensor's TestCustomAccessorsKeepNothing).
func requireNoCOOForm(t *testing.T, x *tensor.Tensor, msg string) {
	t.Helper()
	require.Equal(t, tensor.Custom, x.Layout(), msg)
	u, err := x.USTStorage()
	require.NoError(t, err, msg)
	n := int64(len(u.Values.Data))
	for l := range u.Pos {
		n += int64(len(u.Pos[l].Data) + len(u.Crd[l].Data))
	}
	require.Equal(t, n, tensor.StorageBytes(x), "%s: the tensor holds a COO form beside its storage", msg)
}

// heapAllocated is the bytes the heap allocated while f ran.
func heapAllocated(f func()) int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc)
}

// lazySlack is what an op on a custom tensor may allocate beyond its
// values array: the format, the level lists, the tensor headers.
const lazySlack = 64 << 10

// TestCustomOpsStayLazy: on the 90k-row Laplacian in DIA-I, DIA-J and BSR
// with column-major blocks, a map (abs, mul by a number), a zip (add of two
// tensors of one structure) and a transpose build no COO form, of their
// input or of their result, and allocate the result's values array and no
// more (a transpose: nothing proportional to the tensor). The result's COO
// form, built later from its own storage, gives the op's value.
func TestCustomOpsStayLazy(t *testing.T) {
	csr := benchLaplacian(t, 200, tensor.CSR)
	bsrc, err := format.BSRColMajor(2, 2)
	require.NoError(t, err)
	mul := func(a *tensor.Tensor, x float64) (*tensor.Tensor, error) {
		return BinaryByName("mul", TensorOperand(a), NumberOperand(dtype.FloatNumber(x)), BinaryArgs{})
	}
	for _, f := range []format.Format{format.DIAI(), format.DIAJ(), bsrc} {
		a, err := convert.ToFormat(csr, f)
		require.NoError(t, err, f.String())
		b, err := mul(a, -1.5)
		require.NoError(t, err, f.String())
		ua, err := a.USTStorage()
		require.NoError(t, err)
		vals := int64(len(ua.Values.Data))
		require.Greater(t, vals, int64(8*lazySlack), "the values array dwarfs the slack")
		ops := []struct {
			name  string
			bound int64
			run   func() (*tensor.Tensor, error)
		}{
			{"abs", vals, func() (*tensor.Tensor, error) { return UnaryByName("abs", a, UnaryArgs{}) }},
			{"mul 2.5", vals, func() (*tensor.Tensor, error) { return mul(a, 2.5) }},
			{"add", vals, func() (*tensor.Tensor, error) {
				return BinaryByName("add", TensorOperand(a), TensorOperand(b), BinaryArgs{})
			}},
			{"transpose", 0, func() (*tensor.Tensor, error) { return Transpose(a, 0, 1) }},
		}
		for _, o := range ops {
			t.Run(f.String()+"/"+o.name, func(t *testing.T) { requireLazyOp(t, a, vals, f.String()+" "+o.name, o.bound, o.run) })
		}
	}
}

// requireLazyOp: run on custom a (of vals bytes of values) builds no COO
// form, allocates at most bound bytes and the slack, and the COO form of its
// result built afterwards from its storage is the op's.
func requireLazyOp(t *testing.T, a *tensor.Tensor, vals int64, msg string, bound int64, run func() (*tensor.Tensor, error)) {
	var r *tensor.Tensor
	var err error
	got := heapAllocated(func() {
		r, err = run()
	})
	require.NoError(t, err, msg)
	if r.Layout() != tensor.Custom { // BSR with column-major blocks transposed is BSC: a named layout's path
		require.Contains(t, msg, "transpose")
		return
	}
	requireNoCOOForm(t, r, msg)
	requireNoCOOForm(t, a, msg+": the input")
	require.LessOrEqual(t, got, bound+lazySlack, "%s allocated %d bytes for %d of values", msg, got, vals)
	want, err := run()
	require.NoError(t, err, msg)
	require.Equal(t, want.NNZ(), r.NNZ(), msg) // r's COO form, built now from its storage
	require.Equal(t, want.Dims(), r.Dims(), msg)
	coo, err := convert.ToLayout(r, tensor.COO, tensor.DefaultConvert())
	require.NoError(t, err, msg)
	wc, err := convert.ToLayout(want, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err, msg)
	gc, err := convert.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err, msg)
	eq, err := convert.Equal(wc, gc)
	require.NoError(t, err, msg)
	require.True(t, eq, msg)
}
