package mmio

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/require"
)

func TestParseCoordinateReal(t *testing.T) {
	m := parseString(t, "%%MatrixMarket matrix coordinate real general\n% c\n2 3 3\n1 1 1.5\n2 3 -2e3\n1 2 .25\n")
	require.Equal(t, ObjectMatrix, m.Object)
	require.Equal(t, FormatCoordinate, m.Format)
	require.Equal(t, FieldReal, m.Field)
	require.Equal(t, SymmetryGeneral, m.Symmetry)
	require.Equal(t, []int64{2, 3}, m.Shape)
	require.Equal(t, int64(3), m.Entries)
	require.Equal(t, dtype.Int64, m.Indices.DType)
	require.Equal(t, []int64{2, 3}, m.Indices.Shape)
	require.Equal(t, []int64{0, 1, 0, 0, 2, 1}, dtype.AsSlice[int64](m.Indices))
	require.Equal(t, dtype.Float64, m.Values.DType)
	require.Equal(t, []float64{1.5, -2000, 0.25}, dtype.AsSlice[float64](m.Values))
	require.Nil(t, m.Dense.Data)
}

func TestParseFieldsAndDTypes(t *testing.T) {
	m := parseString(t, "%%MatrixMarket matrix coordinate integer general\n2 2 2\n1 1 -9223372036854775808\n2 2 9223372036854775807\n")
	require.Equal(t, dtype.Int64, m.Values.DType)
	require.Equal(t, []int64{math.MinInt64, math.MaxInt64}, dtype.AsSlice[int64](m.Values))

	m = parseString(t, "%%MatrixMarket matrix coordinate complex general\n2 2 1\n2 1 1.5 -2\n")
	require.Equal(t, dtype.Complex128, m.Values.DType)
	require.Equal(t, []complex128{complex(1.5, -2)}, dtype.AsSlice[complex128](m.Values))

	m = parseString(t, "%%MatrixMarket matrix coordinate pattern general\n2 2 2\n2 1\n1 2\n")
	require.Equal(t, dtype.Float64, m.Values.DType)
	require.Equal(t, []float64{1, 1}, dtype.AsSlice[float64](m.Values))

	m = parseString(t, "%%matrixmarket MATRIX Array DOUBLE General\n2 2\n1\n2\n3\n4\n")
	require.Equal(t, FieldReal, m.Field)
	require.Equal(t, []int64{2, 2}, m.Dense.Shape)
	require.Equal(t, []float64{1, 3, 2, 4}, dtype.AsSlice[float64](m.Dense), "column-major file, row-major result")

	m = parseString(t, "%%MatrixMarket matrix array integer general\n1 2\n7\n-8\n")
	require.Equal(t, []int64{7, -8}, dtype.AsSlice[int64](m.Dense))

	m = parseString(t, "%%MatrixMarket matrix array complex general\n2 1\n1 2\n3 4\n")
	require.Equal(t, []complex128{1 + 2i, 3 + 4i}, dtype.AsSlice[complex128](m.Dense))
}

func TestParseNumberSpellings(t *testing.T) {
	m := parseString(t, "%%MatrixMarket vector array real general\n8\n1.5D+2\n-2d-1\n+3.\ninf\n-Infinity\n1e-400\n4.9e-324\n-0\n")
	v := dtype.AsSlice[float64](m.Dense)
	require.Equal(t, []float64{150, -0.2, 3, math.Inf(1), math.Inf(-1), 0, 5e-324}, v[:7])
	require.True(t, math.Signbit(v[7]), "-0 keeps its sign")
	// NaN reads as strtod, NumPy and SciPy read it, bit for bit: the quiet
	// NaN 0x7FF8000000000000, "-nan" with its sign bit (Go's math.NaN() has
	// payload 1; h-probe2). The complex parts and the coordinate path alike.
	m = parseString(t, "%%MatrixMarket vector array real general\n3\nNaN\n-nan\n+NAN\n")
	bits := []uint64{0x7FF8000000000000, 0xFFF8000000000000, 0x7FF8000000000000}
	for k, v := range dtype.AsSlice[float64](m.Dense) {
		require.Equal(t, bits[k], math.Float64bits(v), "element %d", k)
	}
	m = parseString(t, "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 nan -NaN\n")
	c := dtype.AsSlice[complex128](m.Values)[0]
	require.Equal(t, bits[:2], []uint64{math.Float64bits(real(c)), math.Float64bits(imag(c))})
}

func TestParseVectors(t *testing.T) {
	m := parseString(t, "%%MatrixMarket vector coordinate real general\n5 2\n5 1\n2 7\n")
	require.Equal(t, []int64{5}, m.Shape)
	require.Equal(t, []int64{1, 2}, m.Indices.Shape)
	require.Equal(t, []int64{4, 1}, dtype.AsSlice[int64](m.Indices))
	require.Equal(t, []float64{1, 7}, dtype.AsSlice[float64](m.Values))

	m = parseString(t, "%%MatrixMarket vector array integer general\n3\n1\n2\n3\n")
	require.Equal(t, []int64{3}, m.Dense.Shape)
	require.Equal(t, []int64{1, 2, 3}, dtype.AsSlice[int64](m.Dense))
}

func TestParseSymmetryExpansion(t *testing.T) {
	m := parseString(t, "%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n1 1 4\n3 1 5\n3 2 6\n")
	// Mirrors follow the entries they mirror; the diagonal is not duplicated.
	require.Equal(t, []int64{0, 2, 0, 2, 1 /* cols: */, 0, 0, 2, 1, 2}, dtype.AsSlice[int64](m.Indices))
	require.Equal(t, []float64{4, 5, 5, 6, 6}, dtype.AsSlice[float64](m.Values))
	require.Equal(t, int64(3), m.Entries)
	require.Equal(t, int64(5), m.NNZ())

	m = parseString(t, "%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 3\n")
	require.Equal(t, []int64{3, -3}, dtype.AsSlice[int64](m.Values))

	m = parseString(t, "%%MatrixMarket matrix coordinate complex hermitian\n2 2 2\n1 1 2 0\n2 1 1 1\n")
	requireDense(t, m, []complex128{2, 1 - 1i, 1 + 1i, 0}, "hermitian: a_ij = conj(a_ji)")

	m = parseString(t, "%%MatrixMarket matrix coordinate complex skew-symmetric\n2 2 1\n2 1 1 1\n")
	requireDense(t, m, []complex128{0, -1 - 1i, 1 + 1i, 0}, "complex skew: a_ij = -a_ji")

	m = parseString(t, "%%MatrixMarket matrix array integer skew-symmetric\n3 3\n1\n2\n3\n")
	require.Equal(t, []int64{0, -1, -2, 1, 0, -3, 2, 3, 0}, dtype.AsSlice[int64](m.Dense))

	m = parseString(t, "%%MatrixMarket matrix array complex hermitian\n2 2\n1 0\n2 3\n4 0\n")
	require.Equal(t, []complex128{1, 2 - 3i, 2 + 3i, 4}, dtype.AsSlice[complex128](m.Dense))
}

func TestParseEmptyAndZeroSized(t *testing.T) {
	m := parseString(t, "%%MatrixMarket matrix coordinate real general\n0 0 0\n")
	require.Equal(t, []int64{2, 0}, m.Indices.Shape)
	require.Equal(t, []int64{0}, m.Values.Shape)
	m = parseString(t, "%%MatrixMarket matrix array real general\n0 5\n")
	require.Equal(t, []int64{0, 5}, m.Dense.Shape)
	m = parseString(t, "%%MatrixMarket vector coordinate pattern general\n4 0\n")
	require.Equal(t, []int64{1, 0}, m.Indices.Shape)
}

func TestParseLayoutLeniency(t *testing.T) {
	want := realDense(0, 2, 0, 0)
	for name, s := range map[string]string{
		"crlf":          "%%MatrixMarket matrix coordinate real general\r\n2 2 1\r\n1 2 2\r\n",
		"tabs":          "%%MatrixMarket\tmatrix\tcoordinate\treal\tgeneral\n2\t2\t1\n\t1\t2\t2\t\n",
		"no final EOL":  "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 2",
		"blank lines":   "\n\n%%MatrixMarket matrix coordinate real general\n\n  \n2 2 1\n\n1 2 2\n\n",
		"comments":      "%%MatrixMarket matrix coordinate real general\n%a\n  % b\n2 2 1\n% c\n1 2 2\n%d",
		"one percent":   "%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 2\n",
		"spaced banner": "  %% MatrixMarket  matrix coordinate real general  \n2 2 1\n1 2 2\n",
	} {
		requireDense(t, parseString(t, s), want, name)
	}
}

func TestParseRefusals(t *testing.T) {
	const coo = "%%MatrixMarket matrix coordinate real general\n"
	for _, c := range []struct{ name, in, want string }{
		{"empty", "", "line 1: missing the %%MatrixMarket banner"},
		{"no banner", "3 3 0\n", "line 1: missing the %%MatrixMarket banner"},
		{"comment first", "% hi\n%%MatrixMarket matrix coordinate real general\n1 1 0\n", "line 1: missing"},
		{"short banner", "%%MatrixMarket matrix coordinate real\n1 1 0\n", "line 1: the banner must name"},
		{"long banner", "%%MatrixMarket matrix coordinate real general x\n1 1 0\n", "found 5 words"},
		{"unknown field", "%%MatrixMarket matrix coordinate quaternion general\n1 1 0\n", `unknown field "quaternion"`},
		{"array pattern", "%%MatrixMarket matrix array pattern general\n1 1\n", "field pattern needs format coordinate"},
		{"pattern skew", "%%MatrixMarket matrix coordinate pattern skew-symmetric\n2 2 0\n", "cannot be skew-symmetric"},
		{"vector symmetric", "%%MatrixMarket vector array real symmetric\n2\n1\n2\n", "a vector must be general"},
		{"no size line", coo + "% only comments\n", "line 3: missing the size line"},
		{"size words", coo + "3 3\n", "line 2: the size line must hold 3 numbers"},
		{"size extra", coo + "3 3 1 1\n", "found 4"},
		{"size token", coo + "3 x 1\n", `line 2: columns "x" is not an integer`},
		{"size float", coo + "3 3.0 1\n", `columns "3.0" is not an integer`},
		{"size negative", coo + "3 3 -1\n", "line 2: entries -1 must not be negative"},
		{"size overflow", coo + "9223372036854775808 3 1\n", "line 2: rows \"9223372036854775808\" overflows int64"},
		{"not square", "%%MatrixMarket matrix coordinate real symmetric\n2 3 0\n", "line 2: a symmetric matrix must be square, found 2 x 3"},
		{"array overflow", "%%MatrixMarket matrix array real general\n4294967296 4294967296\n", "overflows int64"},
		{"row range", coo + "3 3 1\n4 1 1\n", "line 3: row index 4 out of range 1..3"},
		{"col zero", coo + "3 3 1\n1 0 1\n", "line 3: column index 0 out of range 1..3"},
		{"index overflow", coo + "3 3 1\n1 99999999999999999999 1\n", `line 3: column index "99999999999999999999" overflows int64`},
		{"index token", coo + "3 3 1\n1 1.0 1\n", `line 3: column index "1.0" is not an integer`},
		{"value token", coo + "3 3 1\n1 1 0x10\n", `line 3: value "0x10" is not a real number`},
		{"value underscore", coo + "3 3 1\n1 1 1_0\n", "is not a real number"},
		{"value overflow", coo + "3 3 1\n1 1 -1e400\n", `value "-1e400" overflows float64`},
		{"int value float", "%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 1.0\n", `value "1.0" is not an integer`},
		{"int overflow", "%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 -9223372036854775809\n", "overflows int64"},
		{"complex missing", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1\n", "line 3: an entry must hold 4 numbers (row column real and imaginary parts), found 3"},
		{"imag bad", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 i\n", `imaginary part "i"`},
		{"pattern with value", "%%MatrixMarket matrix coordinate pattern general\n1 1 1\n1 1 1\n", "must hold 2 numbers"},
		{"too many", coo + "3 3 1\n1 1 1\n2 2 2\n", "line 4: too many entries: the size line (line 2) promises 1"},
		{"too few", coo + "3 3 3\n1 1 1\n", "too few entries: the input ends after 1 of the 3"},
		{"array too few", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n", "line 5: too few values: the input ends after 3 of the 4"},
		{"array too many", "%%MatrixMarket matrix array real symmetric\n2 2\n1\n2\n3\n4\n", "line 6: too many values: the size line (line 2) promises 3"},
		{"array two per line", "%%MatrixMarket matrix array real general\n2 1\n1 2\n", "line 3: an array entry must hold 1 number(s)"},
		{"skew diagonal", "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 1\n2 2 1\n", "line 3: skew-symmetric matrix with diagonal entry (2, 2)"},
		{"skew min int", "%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 -9223372036854775808\n", "line 3: skew-symmetric value -9223372036854775808 has no negation"},
		{"skew array min int", "%%MatrixMarket matrix array integer skew-symmetric\n2 2\n-9223372036854775808\n", "line 3: skew-symmetric value"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(c.in))
			requireIOError(t, err, c.want)
		})
	}
}

// A header may claim any count; memory follows the lines actually present.
func TestParseHugeClaimsFailCleanly(t *testing.T) {
	for _, in := range []string{
		"%%MatrixMarket matrix coordinate real general\n1000000000 1000000000 1000000000000000\n1 1 1\n",
		"%%MatrixMarket matrix array real general\n1000000000 1000000000\n1\n",
		"%%MatrixMarket matrix array complex hermitian\n3037000499 3037000499\n1 0\n",
		"%%MatrixMarket vector array real general\n9223372036854775807\n1\n",
	} {
		start := time.Now()
		_, err := Parse(strings.NewReader(in))
		requireIOError(t, err, "too few")
		require.Less(t, time.Since(start), 2*time.Second)
	}
}

func TestParseLongLines(t *testing.T) {
	long := strings.Repeat("x", 3*maxLineBytes)
	m := parseString(t, "%%MatrixMarket matrix coordinate real general\n%"+long+"\n1 1 1\n%"+long+"\n1 1 2\n")
	require.Equal(t, []float64{2}, dtype.AsSlice[float64](m.Values), "long comments are skipped")

	pad := strings.Repeat(" ", 100<<10)
	m = parseString(t, "%%MatrixMarket matrix coordinate real general\n1 1 1\n1"+pad+"1"+pad+"3\n")
	require.Equal(t, []float64{3}, dtype.AsSlice[float64](m.Values), "a data line longer than the read buffer")

	_, err := Parse(strings.NewReader("%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 " + long + "\n"))
	requireIOError(t, err, "line 3: longer than")
}

func TestParseLineNumbersCountEveryLine(t *testing.T) {
	in := "%%MatrixMarket matrix coordinate real general\r\n%\r\n\r\n2 2 2\r\n\r\n% x\r\n1 1 1\r\n\r\n3 1 1\r\n"
	_, err := Parse(strings.NewReader(in))
	requireIOError(t, err, "line 9: row index 3 out of range 1..2")
}

type failingReader struct{ after int }

func (r *failingReader) Read(p []byte) (int, error) {
	if r.after == 0 {
		return 0, errTest
	}
	r.after = 0
	return copy(p, "%%MatrixMarket matrix coordinate real general\n2 2 1\n"), nil
}

var errTest = errs.Errorf(errs.ErrInternal, "disk on fire")

func TestParseReaderError(t *testing.T) {
	_, err := Parse(&failingReader{after: 1})
	requireIOError(t, err, "line 3: read failed: disk on fire")
}

func TestParseNumbers(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		err  error
	}{
		{"0", 0, nil}, {"+17", 17, nil}, {"-17", -17, nil}, {"007", 7, nil},
		{"9223372036854775807", math.MaxInt64, nil}, {"-9223372036854775808", math.MinInt64, nil},
		{"9223372036854775808", 0, errOverflow}, {"-9223372036854775809", 0, errOverflow},
		{"123456789012345678901234567890", 0, errOverflow}, {"99999999999999999999x", 0, errSyntax},
		{"", 0, errSyntax}, {"-", 0, errSyntax}, {"+", 0, errSyntax}, {"1e3", 0, errSyntax}, {"--1", 0, errSyntax},
	} {
		v, err := parseInt([]byte(c.in))
		require.Equal(t, c.err, err, c.in)
		require.Equal(t, c.want, v, c.in)
	}
	for _, s := range []string{"", "e", ".", "1e", "1..2", "0x1p3", "1_000", "in", "nanx", "1ee2", "1d", strings.Repeat("1", 70) + "d0"} {
		_, err := parseFloat([]byte(s))
		require.Equal(t, errSyntax, err, s)
	}
}

// The fast path of parseFloat agrees with strconv bit for bit.
func TestParseFloatMatchesStrconv(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	check := func(s string) {
		want, werr := strconv.ParseFloat(strings.NewReplacer("d", "e", "D", "E").Replace(s), 64)
		got, err := parseFloat([]byte(s))
		if werr != nil {
			require.Error(t, err, s)
			return
		}
		require.NoError(t, err, s)
		require.Equal(t, math.Float64bits(want), math.Float64bits(got), "%s: %v vs %v", s, want, got)
	}
	for _, s := range []string{"0", "-0", "-0.0e5", "0e-999", "9007199254740991", "9007199254740992", "9007199254740993",
		"1e22", "1e23", "1e-22", "1e-23", "123456789012345678", "1234567890123456789", "12345678901234567890",
		".000000000000000000000000001", "000000000000000000000000001.5", "1.7976931348623157e308", "2.2250738585072014e-308",
		"1.5D+2", "5.", ".5", "-.5e-3", "1e+0", "4.35", "0.1", "3.0000000000000004"} {
		check(s)
	}
	for range 20000 {
		var sb strings.Builder
		if r.IntN(3) == 0 {
			sb.WriteByte('-')
		}
		sb.WriteString(strconv.FormatUint(r.Uint64()>>r.IntN(64), 10))
		if r.IntN(2) == 0 {
			s := sb.String()
			at := r.IntN(len(s) + 1)
			sb.Reset()
			sb.WriteString(s[:at] + "." + s[at:])
		}
		if r.IntN(2) == 0 {
			sb.WriteString("e" + strconv.Itoa(r.IntN(80)-40))
		}
		check(sb.String())
	}
}
