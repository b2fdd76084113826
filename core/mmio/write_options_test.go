package mmio

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// stridedFrom builds a strided tensor of dtype d from row-major values.
func stridedFrom(t *testing.T, d dtype.DType, shape []int64, vals []complex128) *tensor.Tensor {
	t.Helper()
	a := dtype.NewArray(d, shape)
	for k, v := range vals {
		a.SetComplex(int64(k), dtype.Complex128Scalar(v))
	}
	x, err := tensor.NewStrided(a)
	require.NoError(t, err)
	return x
}

func writeWith(t *testing.T, x *tensor.Tensor, o WriteOptions) (string, error) {
	var buf bytes.Buffer
	err := WriteTensorWith(&buf, x, o)
	return buf.String(), err
}

// The options follow SciPy's mmwrite: detected or given (checked) symmetry
// writing the lower triangle, field, precision and comment, on every layout;
// every output reads back to the matrix written.
func TestWriteOptions(t *testing.T) {
	sym := []complex128{4, 1, 0, 1, 5, 2, 0, 2, 6}
	skew := []complex128{0, -1, 3, 1, 0, 0, -3, 0, 0}
	herm := []complex128{3, complex(1, 2), complex(1, -2), 1}
	gen := []complex128{1, 2, 0, 0, 5, 0, 7, 0, 9}
	cases := []struct {
		name  string
		d     dtype.DType
		shape []int64
		vals  []complex128
		o     WriteOptions
		head  string // the banner, exactly
		lines int    // entries written (coordinate)
	}{
		{"auto symmetric", dtype.Float64, []int64{3, 3}, sym, WriteOptions{}, "%%MatrixMarket matrix coordinate real symmetric", 5},
		{"auto skew", dtype.Float64, []int64{3, 3}, skew, WriteOptions{}, "%%MatrixMarket matrix coordinate real skew-symmetric", 2},
		{"auto hermitian", dtype.Complex128, []int64{2, 2}, herm, WriteOptions{}, "%%MatrixMarket matrix coordinate complex hermitian", 3},
		{"auto general", dtype.Float64, []int64{3, 3}, gen, WriteOptions{}, "%%MatrixMarket matrix coordinate real general", 5},
		{"given general", dtype.Float64, []int64{3, 3}, sym, WriteOptions{Symmetry: "general"}, "%%MatrixMarket matrix coordinate real general", 7},
		{"pattern", dtype.Float64, []int64{3, 3}, sym, WriteOptions{Field: "pattern"}, "%%MatrixMarket matrix coordinate pattern symmetric", 5},
		{"integer", dtype.Float64, []int64{3, 3}, gen, WriteOptions{Field: "integer"}, "%%MatrixMarket matrix coordinate integer general", 5},
		{"complex of real", dtype.Float64, []int64{3, 3}, gen, WriteOptions{Field: "complex"}, "%%MatrixMarket matrix coordinate complex general", 5},
	}
	for _, c := range cases {
		for _, layout := range []tensor.Layout{tensor.Strided, tensor.COO, tensor.CSR, tensor.CSC} {
			if layout == tensor.Strided && c.o.Field == "pattern" {
				continue // an array file has no pattern form (refused below)
			}
			x := stridedFrom(t, c.d, c.shape, c.vals)
			if layout != tensor.Strided {
				var err error
				x, err = convert.ToLayout(x, layout, tensor.DefaultConvert())
				require.NoError(t, err)
			}
			out, err := writeWith(t, x, c.o)
			require.NoError(t, err, "%s %s", c.name, layout)
			head := c.head
			if layout == tensor.Strided {
				head = strings.Replace(head, "coordinate", "array", 1)
			}
			require.True(t, strings.HasPrefix(out, head+"\n"), "%s %s:\n%s", c.name, layout, out)
			if layout != tensor.Strided {
				require.Equal(t, c.lines+2, strings.Count(out, "\n"), "%s %s:\n%s", c.name, layout, out)
			}
			back, err := ReadFrom(strings.NewReader(out))
			require.NoError(t, err, "%s %s:\n%s", c.name, layout, out)
			want := stridedFrom(t, back.DType(), c.shape, c.vals)
			if c.o.Field == "pattern" {
				continue // values read back as 1
			}
			got, err := convert.ToDense(back)
			require.NoError(t, err)
			eq, err := convert.Equal(got, want)
			require.NoError(t, err)
			require.True(t, eq, "%s %s:\n%s", c.name, layout, out)
		}
	}
}

func TestWriteOptionsPrecisionAndComment(t *testing.T) {
	x := stridedFrom(t, dtype.Float64, []int64{1, 2}, []complex128{1, 2.5})
	out, err := writeWith(t, x, WriteOptions{Precision: 3, Comment: " Some test data.\n second line"})
	require.NoError(t, err)
	require.Equal(t, "%%MatrixMarket matrix array real general\n% Some test data.\n% second line\n1 2\n1.00e+00\n2.50e+00\n", out)
}

// A given symmetry the values break, a bad field or symmetry name, and fields
// the values do not fit are refused naming the element and the rule.
func TestWriteOptionsRefusals(t *testing.T) {
	gen := stridedFrom(t, dtype.Float64, []int64{2, 2}, []complex128{1, 2, 3, 4})
	csr, err := convert.ToLayout(gen, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	for _, x := range []*tensor.Tensor{gen, csr} {
		_, err := writeWith(t, x, WriteOptions{Symmetry: "symmetric"})
		require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
		require.Regexp(t, `the matrix is not symmetric: (A\[1, 0\] = 3 but A\[0, 1\] = 2|A\[0, 1\] = 2 but A\[1, 0\] = 3)`, err.Error())
	}
	half := stridedFrom(t, dtype.Float64, []int64{1, 2}, []complex128{1, 2.5})
	for o, want := range map[WriteOptions]string{
		{Field: "integer"}:                        "value 2.5 (element 1) is not a whole number",
		{Field: "text"}:                           "field = \"text\" must be real, integer, complex or pattern",
		{Symmetry: "upper"}:                       "symmetry = \"upper\" must be general",
		{Symmetry: "symmetric"}:                   "needs a square matrix, got shape [1, 2]",
		{Field: "pattern"}:                        "array file (a strided tensor) has no pattern form",
		{Precision: -1}:                           "precision = -1 must not be negative",
		{Symmetry: "hermitian", Field: "complex"}: "needs a square matrix",
	} {
		_, err := writeWith(t, half, o)
		require.ErrorContains(t, err, want, "%+v", o)
	}
	// Whole floats outside int64 would write a file no reader takes (h-probe2);
	// -2^63 fits.
	for _, v := range []float64{0x1p63, -0x1p64, 1e300} {
		big := stridedFrom(t, dtype.Float64, []int64{1, 2}, []complex128{1, complex(v, 0)})
		_, err := writeWith(t, big, WriteOptions{Field: "integer"})
		require.ErrorContains(t, err, "(element 1) does not fit int64", "%v", v)
	}
	out, err := writeWith(t, stridedFrom(t, dtype.Float64, []int64{1, 1}, []complex128{-0x1p63}), WriteOptions{Field: "integer"})
	require.NoError(t, err)
	require.Equal(t, "%%MatrixMarket matrix array integer symmetric\n1 1\n-9223372036854775808\n", out)
	// A complex element is named with the sign of its imaginary part: it
	// read "(12i)" for 1+2i before (h-probe2).
	cs := stridedFrom(t, dtype.Complex128, []int64{2, 2}, []complex128{1, complex(1, 2), complex(3, 0.5), 1})
	_, err = writeWith(t, cs, WriteOptions{Symmetry: "symmetric"})
	require.ErrorContains(t, err, "the matrix is not symmetric: A[1, 0] = (3+0.5i) but A[0, 1] = (1+2i)")
	c := stridedFrom(t, dtype.Complex128, []int64{1, 1}, []complex128{complex(1, 1)})
	_, err = writeWith(t, c, WriteOptions{Field: "real"})
	require.ErrorContains(t, err, "field = real: the values are complex128")
}

// plusZeros writes +0 for every zero of vals (a negated zero is -0): the
// sparse form stores no zeros, so its dense twin holds +0 there, and a
// detected symmetry compares the signs of zeros.
func plusZeros(vals []complex128) {
	for k, v := range vals {
		if v == 0 {
			vals[k] = 0
		}
	}
}

// A sparse matrix's detected symmetry is its dense twin's (whose check reads
// elements by position, not through the sorted entries) on random small
// matrices built symmetric, skew-symmetric or hermitian and then perhaps
// broken by one changed value or one dropped entry.
func TestWriteSparseSymmetryMatchesDense(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	banner := func(x *tensor.Tensor) string {
		out, err := writeWith(t, x, WriteOptions{})
		require.NoError(t, err)
		first, _, _ := strings.Cut(out, "\n")
		return first
	}
	for range 3000 {
		n := 1 + r.IntN(5)
		vals := make([]complex128, n*n)
		kind := r.IntN(3)
		for i := range n {
			for j := range i + 1 {
				if r.IntN(3) == 0 {
					continue // zero: no entry
				}
				a := complex(float64(r.IntN(5)-2), float64(r.IntN(3)-1))
				switch {
				case kind == 1 && i == j:
					a = 0
				case kind == 2 && i == j:
					a = complex(real(a), 0)
				}
				b := a // kind 0: symmetric
				switch kind {
				case 1:
					b = -a
				case 2:
					b = complex(real(a), -imag(a))
				}
				vals[i*n+j], vals[j*n+i] = a, b
			}
		}
		if r.IntN(2) == 0 {
			vals[r.IntN(n*n)] = complex(float64(r.IntN(3)), 0) // perhaps breaks it
		}
		plusZeros(vals)
		dense := stridedFrom(t, dtype.Complex128, []int64{int64(n), int64(n)}, vals)
		coo, err := convert.ToLayout(dense, tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err)
		require.Equal(t, banner(dense)[len("%%MatrixMarket matrix array"):], banner(coo)[len("%%MatrixMarket matrix coordinate"):], "%v", vals)
	}
}

// A dense matrix of several blocks of columns (formatted in parallel) writes
// its values in file order: general and symmetric files read back equal.
func TestWriteDenseBlocksInOrder(t *testing.T) {
	const n = 300
	vals := make([]complex128, n*n)
	for i := range n {
		for j := range n {
			vals[i*n+j] = complex(float64(min(i, j)*n+max(i, j)), 0)
		}
	}
	vals[5] = 1 // not symmetric
	for _, sym := range []string{SymmetryGeneral, SymmetrySymmetric} {
		if sym == SymmetrySymmetric {
			vals[5] = vals[5*n]
		}
		x := stridedFrom(t, dtype.Float64, []int64{n, n}, vals)
		out, err := writeWith(t, x, WriteOptions{Symmetry: sym})
		require.NoError(t, err)
		m, err := Parse(strings.NewReader(out))
		require.NoError(t, err)
		got := dtype.AsSlice[float64](m.Dense)
		for k, v := range vals {
			require.Equal(t, real(v), got[k], "%s element %d", sym, k)
		}
	}
}

// Real sparse matrices (float64, float32, int64, int32) take the typed
// mirror check, and
// COO tensors reach the write as they are given: coalesced, in order
// without the flag (read in place), or shuffled (coalesced first). Each
// detects the symmetry of its dense twin; the same matrix placed in a
// hypersparse 5000 x 5000 frame (whose column order comes from the radix
// sort, not the counting sort) detects the same.
func TestWriteRealSparseSymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	firstLine := func(x *tensor.Tensor) string {
		out, err := writeWith(t, x, WriteOptions{})
		require.NoError(t, err)
		first, _, _ := strings.Cut(out, "\n")
		return first[strings.LastIndexByte(first, ' ')+1:]
	}
	for it := range 1500 {
		n := 1 + r.IntN(5)
		d := []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int64, dtype.Int32}[it%4]
		vals := make([]complex128, n*n)
		skew := r.IntN(2) == 0
		for i := range n {
			for j := range i + 1 {
				if r.IntN(3) == 0 || skew && i == j {
					continue
				}
				a := complex(float64(r.IntN(5)-2), 0)
				vals[i*n+j], vals[j*n+i] = a, a
				if skew {
					vals[j*n+i] = -a
				}
			}
		}
		if r.IntN(2) == 0 {
			vals[r.IntN(n*n)] = complex(float64(r.IntN(3)), 0)
		}
		plusZeros(vals)
		want := firstLine(stridedFrom(t, d, []int64{int64(n), int64(n)}, vals))
		var rows, cols []int64
		var vs []complex128
		for k, v := range vals {
			if v != 0 {
				rows, cols, vs = append(rows, int64(k/n)), append(cols, int64(k%n)), append(vs, v)
			}
		}
		order := []int{0, 1, 2}[r.IntN(3)] // coalesced flag, in order without it, shuffled
		if order == 2 {
			r.Shuffle(len(vs), func(a, b int) {
				rows[a], rows[b] = rows[b], rows[a]
				cols[a], cols[b] = cols[b], cols[a]
				vs[a], vs[b] = vs[b], vs[a]
			})
		}
		for _, size := range []int64{int64(n), 5000} {
			nnz := int64(len(vs))
			v := dtype.NewArray(d, []int64{nnz})
			for k, x := range vs {
				v.SetComplex(int64(k), dtype.Complex128Scalar(x))
			}
			coo, err := tensor.NewCOO(dtype.Int64Array(append(append([]int64(nil), rows...), cols...), 2, nnz), v, []int64{size, size}, tensor.BuildOptions{Coalesced: order == 0})
			require.NoError(t, err)
			require.Equal(t, want, firstLine(coo), "order %d size %d %v", order, size, vals)
		}
	}
}

// The typed integer check negates in the values' own type, where the most
// negative value is its own negation: a skew-symmetric pair of it is
// refused, as the dense check (through complex128) refuses it, and a
// symmetric pair accepted.
func TestWriteIntegerSkewMostNegative(t *testing.T) {
	for _, c := range []struct {
		d   dtype.DType
		min int64
	}{{dtype.Int64, math.MinInt64}, {dtype.Int32, math.MinInt32}} {
		v := dtype.NewArray(c.d, []int64{2})
		v.SetComplex(0, dtype.Complex128Scalar(complex(float64(c.min), 0)))
		v.SetComplex(1, dtype.Complex128Scalar(complex(float64(c.min), 0)))
		coo, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 1, 1, 0}, 2, 2), v, []int64{2, 2}, tensor.BuildOptions{Coalesced: true})
		require.NoError(t, err)
		_, err = writeWith(t, coo, WriteOptions{Symmetry: SymmetrySkew})
		require.Error(t, err, "%v", c.d)
		require.Contains(t, err.Error(), "is not skew-symmetric")
		out, err := writeWith(t, coo, WriteOptions{})
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(out, "%%MatrixMarket matrix coordinate integer symmetric\n"), out)
	}
}

// WriteWith writes the file that WriteTensorWith writes, and a refusal found
// after the file is created (the symmetry check) leaves no file behind.
func TestWriteWithFile(t *testing.T) {
	x := stridedFrom(t, dtype.Float64, []int64{2, 2}, []complex128{1, 2, 2, 4})
	p := filepath.Join(t.TempDir(), "x.mtx")
	require.NoError(t, WriteWith(p, x, WriteOptions{Symmetry: "symmetric"}))
	got, err := os.ReadFile(p)
	require.NoError(t, err)
	want, err := writeWith(t, x, WriteOptions{Symmetry: "symmetric"})
	require.NoError(t, err)
	require.Equal(t, want, string(got))

	y := stridedFrom(t, dtype.Float64, []int64{2, 2}, []complex128{1, 2, 3, 4})
	err = WriteWith(p, y, WriteOptions{Symmetry: "symmetric"})
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	_, statErr := os.Stat(p)
	require.True(t, os.IsNotExist(statErr), "a failed WriteWith leaves no partial file")
}

// Infinities are written "Infinity" and "-Infinity", as SciPy writes them:
// SciPy's reader refuses strconv's "+Inf" (h-probe2). Both writers, with and
// without a precision, and both parts of a complex value.
func TestWriteInfinitiesAsSciPy(t *testing.T) {
	inf := math.Inf(1)
	x := stridedFrom(t, dtype.Float64, []int64{1, 3}, []complex128{complex(inf, 0), complex(-inf, 0), complex(math.NaN(), 0)})
	out, err := writeWith(t, x, WriteOptions{})
	require.NoError(t, err)
	require.Equal(t, "%%MatrixMarket matrix array real general\n1 3\nInfinity\n-Infinity\nNaN\n", out)
	out, err = writeWith(t, x, WriteOptions{Precision: 3})
	require.NoError(t, err)
	require.Equal(t, "%%MatrixMarket matrix array real general\n1 3\nInfinity\n-Infinity\nNaN\n", out)
	c := stridedFrom(t, dtype.Complex128, []int64{1, 1}, []complex128{complex(-inf, inf)})
	out, err = writeWith(t, c, WriteOptions{})
	require.NoError(t, err)
	require.Equal(t, "%%MatrixMarket matrix array complex symmetric\n1 1\n-Infinity Infinity\n", out)
	var buf bytes.Buffer
	require.NoError(t, WriteArray(&buf, dtype.Float64Array([]float64{inf, -inf}, 2, 1)))
	require.Equal(t, "%%MatrixMarket matrix array real general\n2 1\nInfinity\n-Infinity\n", buf.String())
	m, err := Parse(&buf)
	require.NoError(t, err)
	require.Equal(t, []float64{inf, -inf}, dtype.AsSlice[float64](m.Dense))
}

// A NaN breaks no symmetry: on the diagonal it is written as itself, and a
// NaN mirrors a NaN (a file keeps neither its sign nor its payload). A given
// symmetry refused such matrices with "A[0, 0] = NaN but A[0, 0] = NaN", and
// detection called them general (h-probe2). A NaN on the diagonal of a
// skew-symmetric matrix, which a file does not store, is still refused.
func TestWriteSymmetryWithNaN(t *testing.T) {
	nan := math.NaN()
	diag := []complex128{complex(nan, 0), 1, 1, 2}
	pair := []complex128{1, complex(nan, 0), complex(nan, 0), 2}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Float16, dtype.Complex128} {
		for _, layout := range []tensor.Layout{tensor.Strided, tensor.COO, tensor.CSR} {
			for _, vals := range [][]complex128{diag, pair} {
				x := stridedFrom(t, d, []int64{2, 2}, vals)
				if layout != tensor.Strided {
					var err error
					x, err = convert.ToLayout(x, layout, tensor.DefaultConvert())
					require.NoError(t, err)
				}
				for _, o := range []WriteOptions{{}, {Symmetry: "symmetric"}} {
					out, err := writeWith(t, x, o)
					require.NoError(t, err, "%s %s %v", d, layout, vals)
					require.Contains(t, strings.SplitN(out, "\n", 2)[0], " symmetric", "%s %s %v", d, layout, vals)
					m, err := Parse(strings.NewReader(out))
					require.NoError(t, err)
					require.Equal(t, SymmetrySymmetric, m.Symmetry)
				}
			}
		}
	}
	skew := stridedFrom(t, dtype.Float64, []int64{2, 2}, []complex128{complex(nan, 0), 1, -1, 0})
	_, err := writeWith(t, skew, WriteOptions{Symmetry: "skew-symmetric"})
	require.ErrorContains(t, err, "the matrix is not skew-symmetric: A[0, 0] = NaN on the diagonal")
	herm := stridedFrom(t, dtype.Complex128, []int64{2, 2}, []complex128{complex(1, 2), 1, 1, 0})
	_, err = writeWith(t, herm, WriteOptions{Symmetry: "hermitian"})
	require.ErrorContains(t, err, "the matrix is not hermitian: A[0, 0] = ")
	require.ErrorContains(t, err, " on the diagonal")
}

// A detected symmetry keeps the signs of zeros, so that the file reads back
// bit for bit: a -0 mirrored by +0, or a -0 on the diagonal of a
// skew-symmetric matrix (whose file stores no diagonal, read as +0), makes
// the file general; before, both were written symmetric / skew-symmetric and
// read back as +0 (h-probe2). A given symmetry compares values (-0 == 0), as
// SciPy does. Sparse matrices take the typed check (float64, float32) and
// the generic one (float16).
func TestWriteDetectedSymmetryKeepsSignedZeros(t *testing.T) {
	nz := math.Copysign(0, -1)
	cases := []struct {
		name  string
		shape []int64
		rows  []int64 // stored entries (the sparse form); the dense form holds +0 elsewhere
		cols  []int64
		vals  []float64
		want  string
		bits  bool // reads back bit for bit, else equal (a zero mirrored by negation reads -0)
	}{
		{"-0 mirrored by +0", []int64{2, 2}, []int64{0, 0, 1}, []int64{0, 1, 1}, []float64{1, nz, 1}, SymmetryGeneral, true},
		{"-0 mirrored by -0", []int64{2, 2}, []int64{0, 0, 1, 1}, []int64{0, 1, 0, 1}, []float64{1, nz, nz, 1}, SymmetrySymmetric, true},
		{"-0 on a skew diagonal", []int64{2, 2}, []int64{0, 0, 1}, []int64{0, 1, 0}, []float64{nz, 2, -2}, SymmetryGeneral, true},
		{"skew with zeros", []int64{3, 3}, []int64{0, 1}, []int64{1, 0}, []float64{2, -2}, SymmetrySkew, false},
	}
	for _, c := range cases {
		for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Float16} {
			nnz := int64(len(c.vals))
			v := dtype.NewArray(d, []int64{nnz})
			for k, x := range c.vals {
				v.SetComplex(int64(k), dtype.Real(x))
			}
			coo, err := tensor.NewCOO(dtype.Int64Array(append(append([]int64(nil), c.rows...), c.cols...), 2, nnz), v, c.shape, tensor.BuildOptions{})
			require.NoError(t, err)
			dense, err := convert.ToDense(coo)
			require.NoError(t, err)
			for _, x := range []*tensor.Tensor{dense, coo} {
				out, err := writeWith(t, x, WriteOptions{})
				require.NoError(t, err)
				require.True(t, strings.HasSuffix(strings.SplitN(out, "\n", 2)[0], " "+c.want), "%s %s %s:\n%s", c.name, d, x.Layout(), out)
				back, err := ReadFrom(strings.NewReader(out))
				require.NoError(t, err)
				got, err := convert.ToDense(back)
				require.NoError(t, err)
				want, err := convert.ToDense(x)
				require.NoError(t, err)
				for k := range want.Values().Numel() {
					w, g := want.Values().Complex(k).Re(), got.Values().Complex(k).Re()
					if c.bits {
						require.Equal(t, math.Float64bits(w), math.Float64bits(g), "%s %s %s element %d:\n%s", c.name, d, x.Layout(), k, out)
					}
					require.Equal(t, w, g, "%s %s %s element %d:\n%s", c.name, d, x.Layout(), k, out)
				}
			}
		}
	}
	x := stridedFrom(t, dtype.Float64, []int64{2, 2}, []complex128{1, complex(nz, 0), 0, 1})
	out, err := writeWith(t, x, WriteOptions{Symmetry: "symmetric"})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(out, "%%MatrixMarket matrix array real symmetric\n"), out)
}

// A pattern file's symmetry is its structure's: every stored entry's mirror
// stored, whatever the values. Checking the values dropped a stored entry
// above the diagonal whose value was zero (its unstored mirror reads zero
// too), so the pattern read back lacked it; and refused symmetry = symmetric
// for a symmetric structure with unequal values (h-probe2).
func TestWritePatternSymmetryIsStructural(t *testing.T) {
	coo := func(rows, cols []int64, vals []float64) *tensor.Tensor {
		x, err := tensor.NewCOO(dtype.Int64Array(append(append([]int64(nil), rows...), cols...), 2, int64(len(vals))),
			dtype.Float64Array(vals, int64(len(vals))), []int64{2, 2}, tensor.BuildOptions{})
		require.NoError(t, err)
		return x
	}
	zeroAbove := coo([]int64{0, 1}, []int64{1, 1}, []float64{0, 1})
	for _, layout := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC} {
		x, err := convert.ToLayout(zeroAbove, layout, tensor.DefaultConvert())
		require.NoError(t, err)
		out, err := writeWith(t, x, WriteOptions{Field: "pattern"})
		require.NoError(t, err)
		require.Equal(t, "%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 2\n2 2\n", out, "%s", layout)
		_, err = writeWith(t, x, WriteOptions{Field: "pattern", Symmetry: "symmetric"})
		require.ErrorContains(t, err, "symmetry = symmetric: the matrix is not symmetric: A[0, 1] is stored but A[1, 0] is not", "%s", layout)
	}
	unequal := coo([]int64{0, 0, 1, 1}, []int64{0, 1, 0, 1}, []float64{1, 2, 3, 1})
	for _, sym := range []string{"", "symmetric"} {
		out, err := writeWith(t, unequal, WriteOptions{Field: "pattern", Symmetry: sym})
		require.NoError(t, err)
		require.Equal(t, "%%MatrixMarket matrix coordinate pattern symmetric\n2 2 3\n1 1\n2 1\n2 2\n", out)
	}
}
