package mmio

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/require"
)

// smallText is testdata/small.mtx.bz2 decompressed (made with bzip2 -9; Go
// has no bzip2 writer).
const smallText = "%%MatrixMarket matrix coordinate integer symmetric\n" +
	"% a small symmetric integer matrix, compressed by bzip2 for TestReadCompressed\n" +
	"3 3 4\n1 1 2\n2 1 -1\n3 2 5\n3 3 7\n"

func gzipped(t *testing.T, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	_, err := z.Write([]byte(text))
	require.NoError(t, err)
	require.NoError(t, z.Close())
	return b.Bytes()
}

// gzip and bzip2 files read as their text does, by their magic bytes: from a
// path of any name and from a stream.
func TestReadCompressed(t *testing.T) {
	want, err := ReadFrom(strings.NewReader(smallText))
	require.NoError(t, err)
	require.Equal(t, dtype.Int64, want.DType())
	require.Equal(t, int64(6), want.NNZ())

	dir := t.TempDir()
	gz := filepath.Join(dir, "small.mtx.gz")
	require.NoError(t, os.WriteFile(gz, gzipped(t, smallText), 0o600))
	renamed := filepath.Join(dir, "small.data")
	require.NoError(t, os.WriteFile(renamed, gzipped(t, smallText), 0o600))
	for _, p := range []string{gz, renamed, filepath.Join("testdata", "small.mtx.bz2")} {
		got, err := Read(p)
		require.NoError(t, err, p)
		requireEqualTensors(t, want, got, p)
	}
	got, err := ReadFrom(bytes.NewReader(gzipped(t, smallText)))
	require.NoError(t, err)
	requireEqualTensors(t, want, got, "gzip stream")

	// Two gzip members read as one text (what `cat a.gz b.gz` makes).
	half := strings.Index(smallText, "2 1 -1")
	two := append(gzipped(t, smallText[:half]), gzipped(t, smallText[half:])...)
	got, err = ReadFrom(bytes.NewReader(two))
	require.NoError(t, err)
	requireEqualTensors(t, want, got, "two gzip members")
}

// Broken compressed input is an ErrIO naming what failed, never raw bytes as
// a banner; the memory limit applies to the decompressed entries.
func TestReadCompressedRefusals(t *testing.T) {
	z := gzipped(t, smallText)
	for _, c := range []struct {
		name string
		in   []byte
		code errs.Code
		msg  string
	}{
		{"truncated gzip", z[:len(z)-12], errs.ErrIO, "unexpected EOF"},
		{"gzip header only", z[:4], errs.ErrIO, "gzip-compressed input"},
		{"corrupt bzip2", []byte("BZh9garbage"), errs.ErrIO, "bzip2"},
	} {
		_, err := ReadFrom(bytes.NewReader(c.in))
		require.Error(t, err, c.name)
		require.Equal(t, c.code, errs.CodeOf(err), c.name)
		require.Contains(t, err.Error(), c.msg, c.name)
	}

	// 10^5 entries compress to a few hundred bytes; the limit still counts them.
	withMemoryLimit(t, 1<<20)
	var b strings.Builder
	b.WriteString("%%MatrixMarket matrix coordinate real general\n100000 1 100000\n")
	for i := 1; i <= 100000; i++ {
		b.WriteString("1 1 1\n")
	}
	_, err := ReadFrom(bytes.NewReader(gzipped(t, b.String())))
	require.Error(t, err)
	require.Equal(t, errs.ErrTooLarge, errs.CodeOf(err))
}
