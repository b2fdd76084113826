package mmio

import (
	"bytes"
	"fmt"
	"github.com/gosparse/gosparse/core/tensor"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/stretchr/testify/require"
)

// bigSymmetric is a "real symmetric" file of n x n with n entries (i, i-1)
// below the diagonal, 1-based, value i, with a comment every 1000 lines:
// some 2 MB, which the reader cuts into many chunks of several batches.
func bigSymmetric(n int, edit func(i int, line string) string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%%%%MatrixMarket matrix coordinate real symmetric\n%d %d %d\n", n+1, n+1, n)
	for i := 2; i <= n+1; i++ {
		if i%1000 == 0 {
			b.WriteString("% a comment\n")
		}
		b.WriteString(edit(i, fmt.Sprintf("%d %d %d\n", i, i-1, i)))
	}
	return b.String()
}

// lineOf is the 1-based line of entry i of bigSymmetric (the banner and
// size line, the entries before it and the comments before it).
func lineOf(i int) int { return 2 + (i - 1) + i/1000 }

// TestParseAcrossChunks reads a file of many chunks: every entry and its
// mirror in file order, and each broken rule reported at its own line
// however far into the file, and before any later one, as a reader of one
// line at a time would: a bad number, a broken triangle, too many entries
// (which is checked on a line before the line's numbers), a diagonal entry
// of a skew-symmetric file.
func TestParseAcrossChunks(t *testing.T) {
	const n = 150_000
	keep := func(_ int, line string) string { return line }
	m := parseString(t, bigSymmetric(n, keep))
	require.Equal(t, int64(2*n), m.Values.Numel())
	idx, vals := dtype.AsSlice[int64](m.Indices), dtype.AsSlice[float64](m.Values)
	for e := 0; e < n; e++ {
		i := int64(e + 2)
		require.Equal(t, [4]int64{i - 1, i - 2, i - 2, i - 1}, [4]int64{idx[2*e], idx[2*e+1], idx[2*n+2*e], idx[2*n+2*e+1]}, "entry %d", e)
		require.Equal(t, [2]float64{float64(i), float64(i)}, [2]float64{vals[2*e], vals[2*e+1]})
	}

	bad := func(at int, to string) func(int, string) string {
		return func(i int, line string) string {
			if i == at {
				return to
			}
			return line
		}
	}
	_, err := Parse(strings.NewReader(bigSymmetric(n, bad(123_457, "123457 123456 x\n"))))
	requireIOError(t, err, fmt.Sprintf("line %d: value \"x\" is not a real number", lineOf(123_457)))

	// Two broken rules: the first in file order is reported.
	two := func(i int, line string) string {
		switch i {
		case 99_999:
			return "5 7 1\n" // above the diagonal, after entries below it
		case 140_000:
			return "1 1 y\n"
		}
		return line
	}
	_, err = Parse(strings.NewReader(bigSymmetric(n, two)))
	requireIOError(t, err, fmt.Sprintf("line %d: entry (5, 7) lies above the diagonal, but line 3 stored (2, 1) below it", lineOf(99_999)))

	// One entry more than the size line promises, on a line that is also
	// malformed: the count is checked first.
	text := strings.Replace(bigSymmetric(n, keep), fmt.Sprintf("\n%d %d %d\n", n+1, n+1, n), fmt.Sprintf("\n%d %d %d\n", n+1, n+1, n-5), 1)
	text = strings.Replace(text, fmt.Sprintf("\n%d %d %d\n", n-3, n-4, n-3), fmt.Sprintf("\n%d %d z\n", n-3, n-4), 1)
	_, err = Parse(strings.NewReader(text))
	requireIOError(t, err, fmt.Sprintf("line %d: too many entries: the size line (line 2) promises %d", lineOf(n-3), n-5))

	skew := strings.Replace(bigSymmetric(n, bad(77_777, "5 5 1\n")), "real symmetric", "real skew-symmetric", 1)
	_, err = Parse(strings.NewReader(skew))
	requireIOError(t, err, fmt.Sprintf("line %d: skew-symmetric matrix with diagonal entry (5, 5)", lineOf(77_777)))
}

// cancelAfter cancels tok once n bytes have been read through it.
type cancelAfter struct {
	r   *strings.Reader
	n   int
	tok *cancel.Token
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	if c.n -= k; c.n < 0 {
		c.tok.Cancel()
	}
	return k, err
}

// TestParseCancelledInTheBody: a token cancelled while the chunks of the
// body are read stops the parse (the polls of the taking goroutine and
// of the goroutines parsing the chunks), which unwinds as cancel.Catch expects.
func TestParseCancelledInTheBody(t *testing.T) {
	tok := cancel.New()
	restore := cancel.BindAll(tok)
	defer restore()
	in := &cancelAfter{r: strings.NewReader(bigSymmetric(150_000, func(_ int, l string) string { return l })), n: 300_000, tok: tok}
	err := func() (err error) {
		defer cancel.Catch(&err)
		_, err = Parse(in)
		return err
	}()
	require.Error(t, err)
	require.Contains(t, err.Error(), "cancelled")
}

// TestReadInOrderIsCoalescedAsIs: entries written in row-major order
// without repeats make the coalesced tensor with no sort; a repeat or a
// step back still sorts and sums.
func TestReadInOrderIsCoalescedAsIs(t *testing.T) {
	for _, c := range []struct {
		body string
		idx  []int64
		vals []float64
	}{
		{"1 1 1\n1 3 2\n2 2 3\n3 1 4\n", []int64{0, 0, 1, 2, 0, 2, 1, 0}, []float64{1, 2, 3, 4}},
		{"1 1 1\n1 1 2\n2 2 3\n3 1 4\n", []int64{0, 1, 2, 0, 1, 0}, []float64{3, 3, 4}},
		{"1 3 1\n1 1 2\n2 2 3\n3 1 4\n", []int64{0, 0, 1, 2, 0, 2, 1, 0}, []float64{2, 1, 3, 4}},
	} {
		n := strings.Count(c.body, "\n")
		x, err := ReadFrom(strings.NewReader(fmt.Sprintf("%%%%MatrixMarket matrix coordinate real general\n3 3 %d\n%s", n, c.body)))
		require.NoError(t, err)
		require.True(t, x.IsCoalesced())
		idx, err := tensor.Component(x, tensor.CompIndices)
		require.NoError(t, err)
		vals, err := tensor.Component(x, tensor.CompValues)
		require.NoError(t, err)
		require.Equal(t, c.idx, dtype.AsSlice[int64](idx), c.body)
		require.Equal(t, c.vals, dtype.AsSlice[float64](vals), c.body)
	}
}

// The parse notes whether a file's entries are in row-major order without
// repeats (sparing the tensor build a pass over them): a repeat or a step
// back is seen inside a chunk and where one chunk ends and the next begins,
// whether the entries are parsed into the result or into the chunks' own
// arrays.
func TestParseNotesOrderAcrossChunks(t *testing.T) {
	const n, dim = 100_000, 200_000
	line := func(k int) string { return fmt.Sprintf("%06d %06d 1\n", 100_000+k/4, 100_001+k%4) }
	var body strings.Builder
	for k := range n {
		body.WriteString(line(k))
	}
	// The chunks' first lines: every line is 16 bytes, so a changed line
	// keeps the cuts where they are.
	cr := &chunkReader{lr: newLineReader(strings.NewReader(body.String()))}
	var starts []int
	for {
		ch, err := cr.next()
		if err != nil {
			break
		}
		starts = append(starts, int(ch.firstLine)-1)
	}
	require.Greater(t, len(starts), 4)
	file := func(lines map[int]string) []byte {
		b := []byte(fmt.Sprintf("%%%%MatrixMarket matrix coordinate real general\n%d %d %d\n", dim, dim, n))
		for k := range n {
			if s, ok := lines[k]; ok {
				b = append(b, s...)
			} else {
				b = append(b, line(k)...)
			}
		}
		return b
	}
	check := func(lines map[int]string, want bool) {
		data := file(lines)
		for _, size := range []int64{int64(len(data)), -1} {
			m, err := parse(bytes.NewReader(data), size, false)
			require.NoError(t, err)
			require.Equal(t, want, m.coalesced, "changed %v, size %d", lines, size)
			require.Equal(t, want, strictlyIncreasing(dtype.AsSlice[int64](m.Indices), n, 2))
		}
	}
	check(nil, true)
	for _, k := range append(starts[1:], starts[2]+77) {
		check(map[int]string{k: line(k - 1)}, false)                                    // a repeat
		check(map[int]string{k: fmt.Sprintf("%06d %06d 1\n", 100_000, 100_001)}, false) // a step back
	}
}

// endless reads "1 1 1" lines for ever, counting its reads.
type endless struct{ reads atomic.Int64 }

func (e *endless) Read(p []byte) (int, error) {
	e.reads.Add(1)
	for k := range p {
		p[k] = "1 1 1\n"[k%6]
	}
	return len(p) - len(p)%6, nil
}

// The body is read ahead on a goroutine of its own (eachChunk): a broken
// rule in the first chunks of an endless input still ends the parse,
// naming its line, and the reading goroutine stops with it.
func TestParseStopsReadingAhead(t *testing.T) {
	in := &endless{}
	_, err := Parse(io.MultiReader(strings.NewReader("%%MatrixMarket matrix coordinate real general\n3 3 10\n"), in))
	require.ErrorContains(t, err, "line 13:")
	n := in.reads.Load()
	time.Sleep(50 * time.Millisecond)
	require.Equal(t, n, in.reads.Load(), "reads after the parse returned")
}
