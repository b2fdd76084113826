package mmio

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/require"
)

// specialFloats are the values whose text form is easiest to get wrong.
var specialFloats = []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1.0 / 3, math.Pi * 1e300, 5e-324, 2.2250738585072014e-308,
	math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 1e21, 1e-7, 123456789012345680, math.Inf(1), math.Inf(-1), math.NaN()}

func randomFloats(r *rand.Rand, n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		switch i % 3 {
		case 0:
			v[i] = specialFloats[r.IntN(len(specialFloats))]
		case 1:
			v[i] = math.Float64frombits(r.Uint64()) // any bit pattern, NaNs included
		default:
			v[i] = r.NormFloat64() * math.Pow(10, float64(r.IntN(40)-20))
		}
	}
	return v
}

func requireSameFloats(t *testing.T, want, got []float64, msg string) {
	t.Helper()
	require.Len(t, got, len(want), msg)
	for i := range want {
		if math.IsNaN(want[i]) {
			require.True(t, math.IsNaN(got[i]), "%s: element %d", msg, i)
			continue
		}
		require.Equal(t, math.Float64bits(want[i]), math.Float64bits(got[i]), "%s: element %d: %v != %v", msg, i, want[i], got[i])
	}
}

// randomCoordinates draws nnz coordinates (duplicates possible) of shape.
func randomCoordinates(r *rand.Rand, shape []int64, nnz int) []int64 {
	idx := make([]int64, len(shape)*nnz)
	for d, s := range shape {
		for k := range nnz {
			idx[d*nnz+k] = r.Int64N(s)
		}
	}
	return idx
}

func TestWriteParseRoundTripCoordinate(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, shape := range [][]int64{{7, 5}, {1, 1}, {40}, {3, 1000}} {
		const nnz = 300
		idx := randomCoordinates(r, shape, nnz)
		indices := dtype.Int64Array(idx, int64(len(shape)), nnz)
		name := func(field string) string { return fmt.Sprintf("%s %v", field, shape) }

		check := func(field string, values dtype.Array, pattern bool) *Matrix {
			var buf bytes.Buffer
			if pattern {
				require.NoError(t, WritePattern(&buf, shape, indices))
			} else {
				require.NoError(t, WriteCoordinate(&buf, shape, indices, values))
			}
			m, err := Parse(&buf)
			require.NoError(t, err, name(field))
			require.Equal(t, field, m.Field, name(field))
			require.Equal(t, SymmetryGeneral, m.Symmetry)
			require.Equal(t, shape, m.Shape)
			require.Equal(t, idx, dtype.AsSlice[int64](m.Indices), name(field))
			return m
		}

		f := randomFloats(r, nnz)
		m := check(FieldReal, dtype.Float64Array(f), false)
		requireSameFloats(t, f, dtype.AsSlice[float64](m.Values), name("real"))

		ints := make([]int64, nnz)
		for i := range ints {
			ints[i] = int64(r.Uint64())
		}
		ints[0], ints[1] = math.MinInt64, math.MaxInt64
		m = check(FieldInteger, dtype.Int64Array(ints), false)
		require.Equal(t, ints, dtype.AsSlice[int64](m.Values))

		c := make([]complex128, nnz)
		re, im := randomFloats(r, nnz), randomFloats(r, nnz)
		for i := range c {
			c[i] = complex(re[i], im[i])
		}
		values := dtype.NewArray(dtype.Complex128, []int64{nnz})
		copy(dtype.AsSlice[complex128](values), c)
		m = check(FieldComplex, values, false)
		got := dtype.AsSlice[complex128](m.Values)
		gre, gim := make([]float64, nnz), make([]float64, nnz)
		for i, v := range got {
			gre[i], gim[i] = real(v), imag(v)
		}
		requireSameFloats(t, re, gre, "complex real parts")
		requireSameFloats(t, im, gim, "complex imaginary parts")

		m = check(FieldPattern, dtype.Array{}, true)
		for _, v := range dtype.AsSlice[float64](m.Values) {
			require.Equal(t, 1.0, v)
		}
	}
}

func TestWriteParseRoundTripArray(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, shape := range [][]int64{{4, 6}, {6, 4}, {1, 9}, {9}, {0, 3}} {
		n := int(shape[0])
		if len(shape) == 2 {
			n *= int(shape[1])
		}
		f := randomFloats(r, n)
		var buf bytes.Buffer
		require.NoError(t, WriteArray(&buf, dtype.Float64Array(f, shape...)))
		m, err := Parse(&buf)
		require.NoError(t, err)
		require.Equal(t, FormatArray, m.Format)
		require.Equal(t, shape, m.Dense.Shape)
		requireSameFloats(t, f, dtype.AsSlice[float64](m.Dense), "array real")

		ints := make([]int64, n)
		for i := range ints {
			ints[i] = int64(r.Uint64())
		}
		buf.Reset()
		require.NoError(t, WriteArray(&buf, dtype.Int64Array(ints, shape...)))
		m, err = Parse(&buf)
		require.NoError(t, err)
		require.Equal(t, FieldInteger, m.Field)
		require.Equal(t, ints, dtype.AsSlice[int64](m.Dense))

		c := dtype.NewArray(dtype.Complex128, shape)
		cs := dtype.AsSlice[complex128](c)
		for i := range cs {
			cs[i] = complex(f[(i+1)%n], f[i])
		}
		buf.Reset()
		require.NoError(t, WriteArray(&buf, c))
		m, err = Parse(&buf)
		require.NoError(t, err)
		require.Equal(t, FieldComplex, m.Field)
		require.Equal(t, len(dtype.AsSlice[complex128](c)), len(dtype.AsSlice[complex128](m.Dense)))
		for i, v := range dtype.AsSlice[complex128](c) {
			g := dtype.AsSlice[complex128](m.Dense)[i]
			requireSameFloats(t, []float64{real(v), imag(v)}, []float64{real(g), imag(g)}, "array complex")
		}
	}
}

func TestWriteFormats(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, WriteArray(&buf, dtype.Float64Array([]float64{1, 2, 3, 4, 5, 6}, 2, 3)))
	require.Equal(t, "%%MatrixMarket matrix array real general\n2 3\n1\n4\n2\n5\n3\n6\n", buf.String(), "column by column")

	buf.Reset()
	require.NoError(t, WriteCoordinate(&buf, []int64{3}, dtype.Int32Array([]int32{2, 0}, 1, 2), dtype.Float64Array([]float64{0.5, 1e300})))
	require.Equal(t, "%%MatrixMarket vector coordinate real general\n3 2\n3 0.5\n1 1e+300\n", buf.String())

	buf.Reset()
	bools := dtype.NewArray(dtype.Bool, []int64{2})
	bools.Data[0] = 1
	require.NoError(t, WriteCoordinate(&buf, []int64{2, 2}, dtype.Int64Array([]int64{0, 1, 1, 0}, 2, 2), bools))
	require.Equal(t, "%%MatrixMarket matrix coordinate integer general\n2 2 2\n1 2 1\n2 1 0\n", buf.String())

	buf.Reset()
	f32 := dtype.NewArray(dtype.Float32, []int64{1})
	dtype.AsSlice[float32](f32)[0] = 0.1
	require.NoError(t, WriteArray(&buf, f32))
	m, err := Parse(&buf)
	require.NoError(t, err)
	require.Equal(t, float64(float32(0.1)), dtype.AsSlice[float64](m.Dense)[0], "float32 values are written exactly")
}

type brokenWriter struct{}

func (brokenWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteRefusals(t *testing.T) {
	idx := dtype.Int64Array([]int64{0, 1}, 2, 1)
	val := dtype.Float64Array([]float64{1})
	for _, c := range []struct {
		name string
		err  error
		code errs.Code
		want string
	}{
		{"3-D shape", WriteCoordinate(&bytes.Buffer{}, []int64{2, 2, 2}, idx, val), errs.ErrInvalidArgument, "got 3 dimensions"},
		{"negative shape", WriteCoordinate(&bytes.Buffer{}, []int64{-1, 2}, idx, val), errs.ErrInvalidArgument, "shape[0] = -1"},
		{"float indices", WriteCoordinate(&bytes.Buffer{}, []int64{2, 2}, dtype.Float64Array([]float64{0, 1}, 2, 1), val), errs.ErrInvalidArgument, "indices: dtype float64"},
		{"indices shape", WriteCoordinate(&bytes.Buffer{}, []int64{2, 2}, dtype.Int64Array([]int64{0, 1}), val), errs.ErrInvalidArgument, "must be (2, nnz)"},
		{"index range", WriteCoordinate(&bytes.Buffer{}, []int64{2, 1}, idx, val), errs.ErrInvalidArgument, "indices[1][0] = 1 out of range 0..0"},
		{"values length", WriteCoordinate(&bytes.Buffer{}, []int64{2, 2}, idx, dtype.Float64Array([]float64{1, 2})), errs.ErrInvalidArgument, "values: shape [2] must be (1)"},
		{"values dtype", WriteCoordinate(&bytes.Buffer{}, []int64{2, 2}, idx, dtype.Array{Shape: []int64{1}}), errs.ErrInvalidArgument, "values: invalid dtype"},
		{"short buffer", WriteCoordinate(&bytes.Buffer{}, []int64{2, 2}, idx, dtype.Array{DType: dtype.Float64, Shape: []int64{1}, Data: make([]byte, 4)}), errs.ErrInvalidArgument, "4 bytes of data"},
		{"0-d array", WriteArray(&bytes.Buffer{}, dtype.Float64Array([]float64{1}, []int64{}...)), errs.ErrInvalidArgument, ""},
		{"write failure", WriteCoordinate(brokenWriter{}, []int64{2, 2}, idx, val), errs.ErrIO, "write failed: disk full"},
		{"array write failure", WriteArray(brokenWriter{}, val), errs.ErrIO, "write failed: disk full"},
	} {
		require.Error(t, c.err, c.name)
		require.Equal(t, c.code, errs.CodeOf(c.err), c.name)
		require.Contains(t, c.err.Error(), c.want, c.name)
	}
}

// An array with no rows writes its size line and no values, without walking
// its columns (it did, 2^62 times).
func TestWriteArrayWithoutRows(t *testing.T) {
	done := make(chan error, 1)
	var buf bytes.Buffer
	go func() { done <- WriteArray(&buf, dtype.Float64Array(nil, 0, 1<<62)) }()
	select {
	case err := <-done:
		require.NoError(t, err)
		require.Equal(t, "%%MatrixMarket matrix array real general\n0 4611686018427387904\n", buf.String())
	case <-time.After(10 * time.Second):
		t.Fatal("writing a 0 x 2^62 array did not finish in 10 s")
	}
}
