package mmio

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// withMemoryLimit runs the rest of the test under a memory limit of bytes.
func withMemoryLimit(t *testing.T, bytes int64) {
	t.Helper()
	old := tensor.MemoryLimit()
	require.NoError(t, tensor.SetMemoryLimit(bytes))
	t.Cleanup(func() { _ = tensor.SetMemoryLimit(old) })
}

// readAllocated reads in and returns the tensor and the bytes allocated on the way.
func readAllocated(t *testing.T, in string) (*tensor.Tensor, uint64) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	x, err := ReadFrom(strings.NewReader(in))
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	return x, after.TotalAlloc - before.TotalAlloc
}

// A header's dimensions cost nothing: reading a file with one entry of a
// 2^40-row matrix, or none of a 2^31-row one, allocates in proportion to the
// entries (the read buffer and a few small slices), never to the rows.
func TestReadHugeDimensionsCostTheirEntries(t *testing.T) {
	withMemoryLimit(t, 64<<20)
	for _, c := range []struct {
		name, in string
		shape    []int64
		nnz      int64
	}{
		{"2^40 rows", "%%MatrixMarket matrix coordinate real general\n1099511627776 1 1\n1099511627776 1 2.5\n", []int64{1 << 40, 1}, 1},
		{"2^40 columns", "%%MatrixMarket matrix coordinate integer general\n1 1099511627776 2\n1 7 1\n1 7 2\n", []int64{1, 1 << 40}, 1},
		{"empty 2^31 rows", "%%MatrixMarket matrix coordinate real general\n2147483647 0 0\n", []int64{2147483647, 0}, 0},
		{"2^62 rows", "%%MatrixMarket matrix coordinate real general\n4611686018427387904 1 1\n3 1 1\n", []int64{1 << 62, 1}, 1},
		{"2^31 x 2^31", "%%MatrixMarket matrix coordinate pattern general\n2147483648 2147483648 1\n2147483648 1\n", []int64{1 << 31, 1 << 31}, 1},
		{"symmetric 2^31", "%%MatrixMarket matrix coordinate real symmetric\n2147483648 2147483648 1\n2147483648 1 2\n", []int64{1 << 31, 1 << 31}, 2},
		{"vector 2^62", "%%MatrixMarket vector coordinate complex general\n4611686018427387904 1\n4611686018427387904 1 2\n", []int64{1 << 62}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			x, alloc := readAllocated(t, c.in)
			require.Equal(t, c.shape, x.Dims())
			require.Equal(t, tensor.COO, x.Layout())
			require.True(t, x.IsCoalesced())
			require.Equal(t, c.nnz, x.NNZ())
			require.Less(t, alloc, uint64(1<<20), "bytes allocated to read %d entries", c.nnz)
		})
	}
}

// The entries of a huge matrix are where the file puts them, duplicates summed.
func TestReadHugeDimensionsValues(t *testing.T) {
	x, err := ReadFrom(strings.NewReader("%%MatrixMarket matrix coordinate real general\n1099511627776 3 3\n1099511627776 3 1.5\n1 1 4\n1099511627776 3 2\n"))
	require.NoError(t, err)
	idx, err := tensor.Component(x, tensor.CompIndices)
	require.NoError(t, err)
	require.Equal(t, []int64{0, 1<<40 - 1, 0, 2}, dtype.AsSlice[int64](idx))
	vals, err := tensor.Component(x, tensor.CompValues)
	require.NoError(t, err)
	require.Equal(t, []float64{4, 3.5}, dtype.AsSlice[float64](vals))
}

// Every bad size line is an ErrIO naming the line: a shape whose element
// count overflows int64 is a property of the file, not a bad argument.
func TestReadSizeLineRefusals(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"coordinate product", "%%MatrixMarket matrix coordinate real general\n4294967296 4294967296 1\n1 1 1\n",
			"line 2: rows x columns = 4294967296 x 4294967296 overflows int64"},
		{"max x 2", "%%MatrixMarket matrix coordinate pattern general\n9223372036854775807 2 0\n",
			"line 2: rows x columns = 9223372036854775807 x 2 overflows int64"},
		{"array product", "%%MatrixMarket matrix array real general\n4294967296 4294967296\n",
			"line 2: rows x columns = 4294967296 x 4294967296 overflows int64"},
		{"plus rows", "%%MatrixMarket matrix coordinate real general\n+3 3 1\n1 1 1\n", `line 2: rows "+3" must be written without a sign`},
		{"minus zero", "%%MatrixMarket matrix coordinate real general\n3 3 -0\n", `line 2: entries "-0" must be written without a sign`},
		{"plus length", "%%MatrixMarket vector array real general\n+1\n1\n", `line 2: length "+1" must be written without a sign`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(c.in))
			requireIOError(t, err, c.want)
			_, err = ReadFrom(strings.NewReader(c.in))
			requireIOError(t, err, c.want)
		})
	}
}

// Files whose entries exceed the memory limit are refused with ErrTooLarge
// naming the line where the reader stopped, before the memory is taken.
func TestReadBeyondTheMemoryLimit(t *testing.T) {
	withMemoryLimit(t, 1000)
	var b strings.Builder
	b.WriteString("%%MatrixMarket matrix coordinate real general\n100 100 100\n")
	for i := range 100 {
		b.WriteString("1 1 1\n")
		_ = i
	}
	general := b.String()
	// 24 bytes an entry (two int64 indices and a float64): the 42nd entry, on line 44, passes 1000 bytes.
	requireTooLarge(t, general, "line 44: ")

	b.Reset()
	b.WriteString("%%MatrixMarket matrix coordinate real symmetric\n100 100 40\n")
	for i := range 40 {
		b.WriteString("3 2 1\n")
		_ = i
	}
	// 40 entries fit (960 bytes), their 80 mirrored ones do not.
	requireTooLarge(t, b.String(), "line 42: ")

	b.Reset()
	b.WriteString("%%MatrixMarket matrix array real symmetric\n15 15\n")
	for range 15 * 16 / 2 {
		b.WriteString("1\n")
	}
	// 120 stored values fit (960 bytes), the 15 x 15 result (1800 bytes) does not.
	requireTooLarge(t, b.String(), "line 122: ")

	b.Reset()
	b.WriteString("%%MatrixMarket vector array integer general\n200\n")
	for range 200 {
		b.WriteString("1\n")
	}
	requireTooLarge(t, b.String(), "line 128: ")

	// Under the limit, the same kind of file reads.
	_, err := ReadFrom(strings.NewReader("%%MatrixMarket matrix coordinate real general\n100 100 41\n" + strings.Repeat("1 1 1\n", 41)))
	require.NoError(t, err)
}

func requireTooLarge(t *testing.T, in, want string) {
	t.Helper()
	_, err := Parse(strings.NewReader(in))
	require.Error(t, err)
	require.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), err.Error())
	require.Contains(t, err.Error(), want)
	require.Contains(t, err.Error(), "memory limit of 1000 bytes")
}

// What the format forbids is refused, naming the line and the rule.
func TestParseStrictness(t *testing.T) {
	const sym = "%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n"
	for _, c := range []struct{ name, in, want string }{
		{"real hermitian", "%%MatrixMarket matrix coordinate real hermitian\n2 2 1\n2 1 3\n", "line 1: symmetry hermitian needs field complex, found real"},
		{"integer hermitian", "%%MatrixMarket matrix coordinate integer hermitian\n2 2 1\n2 1 3\n", "line 1: symmetry hermitian needs field complex, found integer (a hermitian matrix of integer values is symmetric: write symmetric)"},
		{"pattern hermitian", "%%MatrixMarket matrix coordinate pattern hermitian\n2 2 1\n2 1\n", "line 1: symmetry hermitian needs field complex, found pattern"},
		{"array real hermitian", "%%MatrixMarket matrix array double hermitian\n2 2\n1\n2\n3\n", "line 1: symmetry hermitian needs field complex, found real"},
		{"plus row", "%%MatrixMarket matrix coordinate real general\n3 3 1\n+1 2 5\n", `line 3: row index "+1" must be written without a sign`},
		{"plus column", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 +2 5\n", `line 3: column index "+2" must be written without a sign`},
		{"plus vector index", "%%MatrixMarket vector coordinate real general\n3 1\n+2 5\n", `line 3: index "+2" must be written without a sign`},
		{"minus zero index", "%%MatrixMarket matrix coordinate real general\n3 3 1\n-0 2 5\n", `line 3: row index "-0" must be written without a sign`},
		{"both triangles", sym + "3 1 1\n1 2 5\n", "line 4: entry (1, 2) lies above the diagonal, but line 3 stored (3, 1) below it: a symmetric file stores one triangle"},
		{"entry and mirror", sym + "1 2 5\n2 1 7\n", "line 4: entry (2, 1) lies below the diagonal, but line 3 stored (1, 2) above it"},
		{"skew both", "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n2 1 1\n2 3 1\n", "line 4: entry (2, 3) lies above the diagonal"},
		{"hermitian both", "%%MatrixMarket matrix coordinate complex hermitian\n3 3 3\n1 1 1 0\n1 3 1 1\n3 2 1 1\n", "line 5: entry (3, 2) lies below the diagonal, but line 4 stored (1, 3) above it"},
		{"hermitian imaginary diagonal", "%%MatrixMarket matrix coordinate complex hermitian\n2 2 1\n2 2 1 -0.5\n", "line 3: hermitian diagonal entry (2, 2) = (1-0.5i): the diagonal of a hermitian matrix is real"},
		{"hermitian array diagonal", "%%MatrixMarket matrix array complex hermitian\n2 2\n1 0\n2 1\n3 1e-300\n", "line 5: hermitian diagonal entry (2, 2) = (3+1e-300i): the diagonal of a hermitian matrix is real"},
		{"hermitian NaN diagonal", "%%MatrixMarket matrix coordinate complex hermitian\n1 1 1\n1 1 1 nan\n", "line 3: hermitian diagonal entry (1, 1)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(c.in))
			requireIOError(t, err, c.want)
		})
	}
}

// A file of one triangle reads whichever triangle it is, as SciPy and
// fast_matrix_market read it: each off-diagonal entry stands for itself and
// its mirror. Signs stay allowed where they are part of a value.
func TestParseOneTriangleEitherSide(t *testing.T) {
	for _, c := range []struct{ name, lower, upper string }{
		{"symmetric", "%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n2 1 5\n3 3 +1.5\n3 1 -2\n",
			"%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n1 2 5\n3 3 +1.5\n1 3 -2\n"},
		{"skew", "%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 +5\n3 2 -2\n",
			"%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n1 2 -5\n2 3 +2\n"},
		{"hermitian", "%%MatrixMarket matrix coordinate complex hermitian\n2 2 2\n1 1 4 -0\n2 1 1 2\n",
			"%%MatrixMarket matrix coordinate complex hermitian\n2 2 2\n1 1 4 0\n1 2 1 -2\n"},
	} {
		lo, up := parseString(t, c.lower), parseString(t, c.upper)
		_, _, want := denseOf(lo)
		requireDense(t, up, want, c.name)
		x, err := ReadFrom(strings.NewReader(c.upper))
		require.NoError(t, err, c.name)
		y, err := ReadFrom(strings.NewReader(c.lower))
		require.NoError(t, err, c.name)
		requireEqualTensors(t, y, x, c.name)
	}
	// By hand: the upper entry (1, 2) = 5 of a skew-symmetric file puts -5 at (2, 1).
	requireDense(t, parseString(t, "%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n1 2 5\n"), realDense(0, 5, -5, 0), "skew upper")
}

// An array file with no rows has no values, however many columns it names:
// reading it must not walk the columns (it did, 2^62 times).
func TestReadArrayWithoutRows(t *testing.T) {
	done := make(chan error, 1)
	go func() {
		x, err := ReadFrom(strings.NewReader("%%MatrixMarket matrix array real general\n0 4611686018427387904\n"))
		if err == nil && (x.Layout() != tensor.Strided || x.Dims()[0] != 0 || x.Dims()[1] != 1<<62) {
			err = errs.Errorf(errs.ErrInternal, "read %v", x)
		}
		done <- err
	}()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("reading a 0 x 2^62 array file did not finish in 10 s")
	}
}

// Matrices of many more rows than entries are coalesced by sorting their
// entries, the others by convert.Coalesce: both give the same tensor, bit for
// bit, duplicates (and -0, NaN and wrapping integers) included.
func TestReadSortedAndCompressedAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	values := map[string]func() string{
		"real":    func() string { return []string{"1.5", "-0", "nan", "1e308", "-2.25", "3"}[r.IntN(6)] },
		"integer": func() string { return []string{"9223372036854775807", "1", "-5", "0"}[r.IntN(4)] },
		"complex": func() string { return []string{"1 -0", "-0 2", "inf 1", "0.1 0.2"}[r.IntN(4)] },
		"pattern": func() string { return "" },
	}
	for field, value := range values {
		const nnz = 300
		var body strings.Builder
		for range nnz {
			fmt.Fprintf(&body, "%d %d %s\n", 1+r.IntN(20), 1+r.IntN(15), value())
		}
		small := fmt.Sprintf("%%%%MatrixMarket matrix coordinate %s general\n20 15 %d\n%s", field, nnz, body.String())
		tall := fmt.Sprintf("%%%%MatrixMarket matrix coordinate %s general\n%d 15 %d\n%s", field, nnz+compressedRowsFree+1, nnz, body.String())
		a, err := ReadFrom(strings.NewReader(small))
		require.NoError(t, err, field)
		b, err := ReadFrom(strings.NewReader(tall))
		require.NoError(t, err, field)
		require.Equal(t, []int64{int64(nnz + compressedRowsFree + 1), 15}, b.Dims())
		require.Less(t, a.NNZ(), int64(nnz), "%s: the file has duplicates", field)
		for _, x := range []*tensor.Tensor{a, b} {
			require.True(t, x.IsCoalesced(), field)
		}
		ai, err := tensor.Component(a, tensor.CompIndices)
		require.NoError(t, err)
		bi, err := tensor.Component(b, tensor.CompIndices)
		require.NoError(t, err)
		require.Equal(t, ai.DType, bi.DType, field)
		require.Equal(t, ai.Data, bi.Data, "%s: indices", field)
		av, err := tensor.Component(a, tensor.CompValues)
		require.NoError(t, err)
		bv, err := tensor.Component(b, tensor.CompValues)
		require.NoError(t, err)
		require.Equal(t, av.DType, bv.DType, field)
		require.Equal(t, av.Data, bv.Data, "%s: values", field)
	}
}
