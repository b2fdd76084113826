package mmio

import (
	"bytes"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

func requireEqualTensors(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	eq, err := convert.Equal(want, got)
	require.NoError(t, err, msg)
	require.True(t, eq, "%s:\nwant %v\n got %v", msg, want, got)
}

func TestReadWestJumbled(t *testing.T) {
	dir := filepath.Join(sharedMatrices(t), "suitesparse")
	a, err := Read(filepath.Join(dir, "west0067.mtx"))
	require.NoError(t, err)
	b, err := Read(filepath.Join(dir, "west0067_jumbled.mtx"))
	require.NoError(t, err)
	require.Equal(t, tensor.COO, a.Layout())
	require.True(t, a.IsCoalesced())
	require.Equal(t, []int64{67, 67}, a.Dims())
	require.Equal(t, dtype.Float64, a.DType())
	require.Equal(t, int64(294), a.NNZ())
	requireEqualTensors(t, a, b, "west0067 and its jumbled copy")

	// Not a vacuous comparison: changing one value breaks the equality.
	vals, err := tensor.Component(a, tensor.CompValues)
	require.NoError(t, err)
	changed := dtype.Float64Array(append([]float64(nil), dtype.AsSlice[float64](vals)...))
	dtype.AsSlice[float64](changed)[17] += 1
	idx, err := tensor.Component(a, tensor.CompIndices)
	require.NoError(t, err)
	c, err := tensor.NewCOO(idx, changed, slices.Clone(a.Dims()), tensor.BuildOptions{Coalesced: true})
	require.NoError(t, err)
	eq, err := convert.Equal(c, b)
	require.NoError(t, err)
	require.False(t, eq)
}

func TestReadConformanceTensors(t *testing.T) {
	dir := filepath.Join(sharedMatrices(t), "mm-conformance")
	eye, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}, 3, 3))
	require.NoError(t, err)
	for _, f := range []string{"eye3.mtx", "eye3_array.mtx", "eye3_pattern.mtx", "eye3_str.mtx"} {
		x, err := Read(filepath.Join(dir, f))
		require.NoError(t, err, f)
		requireEqualTensors(t, eye, x, f)
	}
	x, err := Read(filepath.Join(dir, "eye3_array.mtx"))
	require.NoError(t, err)
	require.Equal(t, tensor.Strided, x.Layout())

	// Duplicates are summed by Read.
	v, err := Read(filepath.Join(dir, "vector_coordinate_dupes.mtx"))
	require.NoError(t, err)
	require.Equal(t, []int64{4}, v.Dims())
	want, err := tensor.NewStrided(dtype.Float64Array([]float64{101, 202, 0, 404}))
	require.NoError(t, err)
	requireEqualTensors(t, want, v, "summed duplicates")
	require.Equal(t, int64(3), v.NNZ())

	sym, err := Read(filepath.Join(dir, "symmetry", "coordinate_hermitian_row.mtx"))
	require.NoError(t, err)
	gen, err := Read(filepath.Join(dir, "symmetry", "coordinate_hermitian_row_general.mtx"))
	require.NoError(t, err)
	require.Equal(t, dtype.Complex128, sym.DType())
	requireEqualTensors(t, gen, sym, "hermitian expansion")

	ints, err := Read(filepath.Join(dir, "row_3by4.mtx"))
	require.NoError(t, err)
	require.Equal(t, dtype.Int64, ints.DType())
}

func TestReadErrors(t *testing.T) {
	_, err := Read(filepath.Join(t.TempDir(), "missing.mtx"))
	require.Equal(t, errs.ErrNotFound, errs.CodeOf(err))
	require.Contains(t, err.Error(), "missing.mtx")
	_, err = Read(t.TempDir())
	require.Equal(t, errs.ErrIO, errs.CodeOf(err), "a folder is no Matrix Market file")
	// A refused open is ErrPermission (root reads any file, so the system's
	// error is made here).
	err = fileError(&fs.PathError{Op: "open", Path: "locked.mtx", Err: syscall.EACCES})
	require.Equal(t, errs.ErrPermission, errs.CodeOf(err))
	require.Contains(t, err.Error(), "locked.mtx")

	p := filepath.Join(t.TempDir(), "bad.mtx")
	require.NoError(t, os.WriteFile(p, []byte("%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1\n"), 0o644))
	_, err = Read(p)
	requireIOError(t, err, p+": line 3: row index 3 out of range 1..2")

	_, err = ReadFrom(strings.NewReader("%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n"))
	requireIOError(t, err, "too few entries")
}

// sampleTensors builds 1-D and 2-D tensors of several layouts and dtypes.
func sampleTensors(t *testing.T) map[string]*tensor.Tensor {
	r := rand.New(rand.NewPCG(5, 6))
	const nnz = 60
	shape := []int64{9, 12}
	idx := dtype.Int64Array(randomCoordinates(r, shape, nnz), 2, nnz) // duplicates included
	f := make([]float64, nnz)
	for i := range f {
		f[i] = r.NormFloat64() / 3
	}
	coo, err := tensor.NewCOO(idx, dtype.Float64Array(f), shape, tensor.BuildOptions{})
	require.NoError(t, err)
	out := map[string]*tensor.Tensor{"coo uncoalesced float64": coo}
	for _, l := range []struct {
		name   string
		layout tensor.Layout
		block  [2]int64
	}{{"csr", tensor.CSR, [2]int64{}}, {"csc", tensor.CSC, [2]int64{}}, {"bsr", tensor.BSR, [2]int64{3, 4}}, {"dcsr", tensor.DCSR, [2]int64{}}} {
		x, err := convert.ToLayout(coo, l.layout, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, BlockSize: l.block})
		require.NoError(t, err, l.name)
		out[l.name+" float64"] = x
	}
	for _, d := range []dtype.DType{dtype.Int64, dtype.Int32, dtype.Bool, dtype.Float32, dtype.Complex128, dtype.Complex64} {
		x, err := convert.ToDType(coo, d)
		require.NoError(t, err, d.String())
		out["coo "+d.String()] = x
	}
	// A hybrid COO: sparse rows 4, 1, 4 (a duplicate) holding dense rows of 3.
	hybrid, err := tensor.NewCOO(dtype.Int64Array([]int64{4, 1, 4}, 1, 3),
		dtype.Float64Array([]float64{1, 0, 2, 3, 4, 5, 6, 7, 8}, 3, 3), []int64{6, 3}, tensor.BuildOptions{})
	require.NoError(t, err)
	out["coo hybrid"] = hybrid
	dense, err := convert.ToDense(coo)
	require.NoError(t, err)
	out["strided 2-D"] = dense
	v, err := tensor.NewStrided(dtype.Float64Array([]float64{1.5, 0, -2, 1e-300}))
	require.NoError(t, err)
	out["strided 1-D"] = v
	sv, err := tensor.NewCOO(dtype.Int64Array([]int64{3, 0, 3}, 1, 3), dtype.Int64Array([]int64{5, 6, 7}), []int64{5}, tensor.BuildOptions{})
	require.NoError(t, err)
	out["coo 1-D int64"] = sv
	empty, err := tensor.Empty(tensor.CSR, dtype.Float64, []int64{4, 0}, [2]int64{}, 0)
	require.NoError(t, err)
	out["csr empty"] = empty
	return out
}

// widened is the dtype a tensor of dtype d reads back as.
func widened(d dtype.DType) dtype.DType {
	switch {
	case d.IsComplex():
		return dtype.Complex128
	case d.IsFloat():
		return dtype.Float64
	}
	return dtype.Int64
}

func TestWriteReadTensorRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for name, x := range sampleTensors(t) {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".mtx")
		require.NoError(t, Write(p, x), name)
		y, err := Read(p)
		require.NoError(t, err, name)
		// The dense reference, duplicates summed in x's own dtype (a bool
		// sum saturates at true, which the int64 read-back must show as 1).
		want, err := convert.ToDense(x)
		require.NoError(t, err, name)
		want, err = convert.ToDType(want, widened(x.DType()))
		require.NoError(t, err, name)
		requireEqualTensors(t, want, y, name)
		if x.Layout() == tensor.Strided {
			require.Equal(t, tensor.Strided, y.Layout(), name)
		} else {
			require.Equal(t, tensor.COO, y.Layout(), name)
		}
	}
}

func TestWriteTensorRealMatrices(t *testing.T) {
	dir := filepath.Join(sharedMatrices(t), "suitesparse")
	for _, f := range []string{"bcsstk13.mtx", "Groebner_id2003_aug.mtx", "karate.mtx"} {
		x, err := Read(filepath.Join(dir, f))
		require.NoError(t, err, f)
		var buf bytes.Buffer
		require.NoError(t, WriteTensor(&buf, x), f)
		y, err := ReadFrom(&buf)
		require.NoError(t, err, f)
		requireEqualTensors(t, x, y, f)
	}
}

func TestWriteTensorRefusals(t *testing.T) {
	err := WriteTensor(&bytes.Buffer{}, nil)
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	x3, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{2, 2, 2}))
	require.NoError(t, err)
	err = WriteTensor(&bytes.Buffer{}, x3)
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	require.Contains(t, err.Error(), "got 3-D")

	p := filepath.Join(t.TempDir(), "x.mtx")
	err = Write(p, x3)
	require.Error(t, err)
	_, statErr := os.Stat(p)
	require.True(t, os.IsNotExist(statErr), "a failed Write leaves no partial file")

	err = Write(filepath.Join(t.TempDir(), "no", "such", "dir.mtx"), x3)
	require.Equal(t, errs.ErrNotFound, errs.CodeOf(err))

	coo, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 1}, 2, 1), dtype.Float64Array([]float64{2}), []int64{2, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	one := dtype.Float64Array([]float64{1})
	filled, err := tensor.WithFill(coo, one.Data)
	require.NoError(t, err)
	err = WriteTensor(&bytes.Buffer{}, filled)
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	require.Contains(t, err.Error(), "fill value (1+0i) is not zero")
}
