package mmio

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// sizeless hides the size of its reader, so that the parse keeps per-chunk
// arrays instead of filling the result in place.
type sizeless struct{ r io.Reader }

func (s sizeless) Read(p []byte) (int, error) { return s.r.Read(p) }

// bigGeneral is an "integer general" file of n entries over some 3 MB (many
// chunks), with comment and blank lines every `every` entries (none for 0)
// and after the last one `tail` comment lines.
func bigGeneral(n, every, tail int, fields string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%%%%MatrixMarket matrix coordinate %s general\n%d %d %d\n", fields, n, 1000, n)
	for i := 1; i <= n; i++ {
		if every > 0 && i%every == 0 {
			b.WriteString("% comment\n\n")
		}
		switch fields {
		case "pattern":
			fmt.Fprintf(&b, "%d %d\n", i, i%1000+1)
		case "complex":
			fmt.Fprintf(&b, "%d %d %d %d\n", i, i%1000+1, i, -i)
		default:
			fmt.Fprintf(&b, "%d %d %d\n", i, i%1000+1, i*7)
		}
	}
	for range tail {
		b.WriteString("%\n")
	}
	return b.String()
}

// A general file filled in place reads as the same file read chunk by chunk:
// with comment and blank lines among the entries (chunks then start after
// where their lines would put them, and move) and after them (the last
// chunks find no room and copy), in every field; its refusals are the same.
func TestParseInPlaceMatchesChunks(t *testing.T) {
	for _, c := range []struct{ n, every, tail int }{{300_000, 0, 0}, {300_000, 977, 0}, {300_000, 50, 20_000}, {300_000, 0, 100_000}, {5, 2, 3}} {
		for _, field := range []string{"integer", "pattern", "complex"} {
			in := bigGeneral(c.n, c.every, c.tail, field)
			a, err := Parse(strings.NewReader(in))
			require.NoError(t, err)
			b, err := Parse(sizeless{strings.NewReader(in)})
			require.NoError(t, err)
			require.Equal(t, b.Indices, a.Indices, "%+v %s", c, field)
			require.Equal(t, b.Values, a.Values, "%+v %s", c, field)
		}
	}
	short := strings.Replace(bigGeneral(1000, 0, 0, "integer"), "1000 1000 1000\n", "1000 1000 1001\n", 1)
	long := strings.Replace(bigGeneral(1000, 0, 0, "integer"), "1000 1000 1000\n", "1000 1000 999\n", 1)
	for _, in := range []string{short, long} {
		_, err := Parse(strings.NewReader(in))
		_, err2 := Parse(sizeless{strings.NewReader(in)})
		require.Error(t, err)
		require.Equal(t, err2.Error(), err.Error())
	}
}

// commentedArray is an array file of n x n values in the given field and symmetry
// over some MB (many chunks), with comment and blank lines every `every`
// values (none for 0) and `tail` comment lines after the last.
func commentedArray(n, every, tail int, field, symmetry string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%%%%MatrixMarket matrix array %s %s\n%d %d\n", field, symmetry, n, n)
	k := 0
	for j := range n {
		first := 0
		switch symmetry {
		case "symmetric", "hermitian":
			first = j
		case "skew-symmetric":
			first = j + 1
		}
		for i := first; i < n; i++ {
			k++
			if every > 0 && k%every == 0 {
				b.WriteString("% comment\n\n")
			}
			switch {
			case field == "complex" && i == j:
				fmt.Fprintf(&b, "%d.5 0\n", k)
			case field == "complex":
				fmt.Fprintf(&b, "%d.5 %d\n", k, -k)
			case field == "integer":
				fmt.Fprintf(&b, "%d\n", k*7)
			default:
				fmt.Fprintf(&b, "%d.25e-3\n", k)
			}
		}
	}
	for range tail {
		b.WriteString("%\n")
	}
	return b.String()
}

// An array file filled in place reads as the same file read chunk by chunk,
// with comment and blank lines among the values (chunks then start after
// where their lines would put them, and move) and after them (the last
// chunks find no room and keep their own arrays), in every field and
// symmetry; its refusals (too few, too many values) are the same.
func TestParseArrayInPlaceMatchesChunks(t *testing.T) {
	cases := []struct{ n, every, tail int }{{600, 0, 0}, {600, 977, 0}, {600, 50, 20_000}, {600, 0, 100_000}, {3, 2, 3}}
	for _, c := range cases {
		for _, kind := range [][2]string{{"real", "general"}, {"integer", "general"}, {"complex", "general"}, {"real", "symmetric"}, {"integer", "skew-symmetric"}, {"complex", "hermitian"}} {
			in := commentedArray(c.n, c.every, c.tail, kind[0], kind[1])
			a, err := Parse(strings.NewReader(in))
			require.NoError(t, err)
			b, err := Parse(sizeless{strings.NewReader(in)})
			require.NoError(t, err)
			require.Equal(t, b.Dense, a.Dense, "%+v %v", c, kind)
		}
	}
	in := commentedArray(600, 0, 0, "real", "general")
	short := strings.Replace(in, "600 600\n", "600 601\n", 1)
	long := strings.Replace(in, "600 600\n", "600 599\n", 1)
	for _, in := range []string{short, long} {
		_, err := Parse(strings.NewReader(in))
		_, err2 := Parse(sizeless{strings.NewReader(in)})
		require.Error(t, err)
		require.Equal(t, err2.Error(), err.Error())
	}
}
