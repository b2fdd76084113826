package tensor_test

import (
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// diaLaplacianArrays is the DIA-I storage of the 5-point Laplacian of a g x g
// grid (g*g rows; diagonals -g, -1, 0, 1, g, each g*g slots long, the
// slots outside the matrix holding 0).
func diaLaplacianArrays(g int64) (pos, crd []dtype.Array, vals dtype.Array) {
	n := g * g
	offsets := []int64{-g, -1, 0, 1, g}
	v := make([]float64, int64(len(offsets))*n)
	for d, off := range offsets {
		for i := int64(0); i < n; i++ {
			j := i + off
			switch {
			case j < 0 || j >= n:
			case off == 0:
				v[int64(d)*n+i] = 4
			case (off == 1 || off == -1) && i/g != j/g:
			default:
				v[int64(d)*n+i] = -1
			}
		}
	}
	return []dtype.Array{dtype.Int64Array([]int64{0, int64(len(offsets))}), {}},
		[]dtype.Array{dtype.Int64Array(offsets), {}}, dtype.Float64Array(v)
}

// allocated is the bytes the heap allocated while f ran (TotalAlloc delta).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// retained is the bytes of live heap that f's result keeps (HeapAlloc
// delta across f, each side after a collection).
func retained(f func() any) int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	keep := f()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(keep)
	return int64(after.HeapAlloc) - int64(before.HeapAlloc)
}

// The bytes a build may allocate or keep beyond the storage: the format,
// the level sizes and the small index arrays.
const customSlack = 64 << 10

// TestCustomCostsItsStorage: building the 1M-row DIA Laplacian from its
// arrays allocates its storage (the copied values, 40 MB) and nothing
// proportional to its 5M slots beyond it; converting a CSR to DIA keeps the
// storage and no COO copy; counting its elements (NNZ) keeps nothing
// either.
func TestCustomCostsItsStorage(t *testing.T) {
	const g = 1000
	pos, crd, vals := diaLaplacianArrays(g)
	shape := []int64{g * g, g * g}
	var dia *tensor.Tensor
	got := allocated(func() {
		var err error
		dia, err = convert.NewFromFormat(format.DIAI(), shape, pos, crd, vals)
		require.NoError(t, err)
	})
	storage := tensor.StorageBytes(dia)
	require.Equal(t, int64(len(vals.Data))+7*8, storage, "the values, pos [0, 5] and the 5 offsets")
	require.LessOrEqual(t, got, uint64(storage+customSlack), "NewFromFormat of %d bytes of storage allocated %d", storage, got)

	csr, err := convert.ToLayout(dia, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	kept := retained(func() any {
		d, err := convert.ToFormat(csr, format.DIAI())
		require.NoError(t, err)
		return d
	})
	require.LessOrEqual(t, kept, storage+customSlack, "ToFormat(CSR, DIA-I) keeps %d bytes for %d of storage", kept, storage)

	// NNZ counts the elements from the storage and keeps nothing beside it.
	nnz := dia.NNZ()
	require.Equal(t, int64(5*g*g-2*g-2), nnz, "every in-matrix slot, padding included")
	require.Equal(t, storage, tensor.StorageBytes(dia))
}

// TestCustomAccessorsConcurrent: many readers at once of a custom tensor's
// named-layout accessors (each reading a Named COO tensor of its own) all
// see its elements whole (go test -race checks nothing is shared unguarded).
func TestCustomAccessorsConcurrent(t *testing.T) {
	pos, crd, vals := diaLaplacianArrays(30)
	dia, err := convert.NewFromFormat(format.DIAJ(), []int64{900, 900}, pos, crd, vals)
	require.NoError(t, err)
	want, err := convert.NewFromFormat(format.DIAJ(), []int64{900, 900}, pos, crd, vals)
	require.NoError(t, err)
	wantValues := append([]byte(nil), want.Values().Data...)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			require.Equal(t, want.NNZ(), dia.NNZ())
			require.Equal(t, wantValues, dia.Values().Data)
			require.Equal(t, want.Indices().Data, dia.Indices().Data)
		}()
	}
	wg.Wait()
}

// TestCustomConversionsLeaveNoCOOForm: converting a custom tensor of a
// unique format lists its elements from its levels for that call only (the
// tensor's bytes stay its storage), and gives what converting its Named COO
// tensor gives, index width and all.
func TestCustomConversionsLeaveNoCOOForm(t *testing.T) {
	const n = 8
	var idx []int64
	var vals []float64
	for i := int64(0); i < n; i++ {
		for _, j := range []int64{i, i + 1} {
			if j < n {
				idx = append(idx, i, j)
				vals = append(vals, float64(1+i*n+j))
			}
		}
	}
	nse := int64(len(vals))
	rows, cols := make([]int64, nse), make([]int64, nse)
	for k := range rows {
		rows[k], cols[k] = idx[2*k], idx[2*k+1]
	}
	coo, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, nse), dtype.Float64Array(vals), []int64{n, n}, tensor.BuildOptions{Coalesced: true})
	require.NoError(t, err)
	targets := []struct {
		layout tensor.Layout
		opt    tensor.ConvertOptions
	}{
		{tensor.Strided, tensor.DefaultConvert()}, {tensor.COO, tensor.DefaultConvert()}, {tensor.CSR, tensor.DefaultConvert()},
		{tensor.CSC, tensor.DefaultConvert()}, {tensor.BSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, BlockSize: [2]int64{2, 2}}},
		{tensor.CSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: 64}},
	}
	for _, text := range []string{"(i, j) -> (j - i : compressed, i : range)", "(i, j) -> (j - i : compressed, j : range)",
		"(i, j) -> (i + j : compressed, i : range)", "(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(2))"} {
		f, err := format.Parse(text)
		require.NoError(t, err)
		fresh, err := convert.ToFormat(coo, f)
		require.NoError(t, err, text)
		built, err := tensor.Named(fresh)
		require.NoError(t, err, text)
		storage := tensor.StorageBytes(fresh)
		require.Equal(t, tensor.COO, built.Layout(), text)
		for _, to := range targets {
			a, err := convert.ToLayout(fresh, to.layout, to.opt)
			require.NoError(t, err, text)
			b, err := convert.ToLayout(built, to.layout, to.opt)
			require.NoError(t, err, text)
			eq, err := convert.Equal(a, b)
			require.NoError(t, err)
			require.True(t, eq, "%s to %s", text, to.layout)
			require.Equal(t, b.Layout(), a.Layout())
			require.Equal(t, b.IndexWidth(), a.IndexWidth(), "%s to %s", text, to.layout)
			eq, err = convert.Equal(a, coo)
			require.NoError(t, err)
			require.True(t, eq, "%s to %s", text, to.layout)
		}
		back, err := convert.ToFormat(fresh, format.DIAJ())
		require.NoError(t, err)
		eq, err := convert.Equal(back, coo)
		require.NoError(t, err)
		require.True(t, eq, text)
		require.Equal(t, storage, tensor.StorageBytes(fresh), "%s: a conversion kept a COO form", text)
	}
}
