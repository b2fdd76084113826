package mmio

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"io"

	"github.com/gosparse/gosparse/core/errs"
)

// Compressed files (.mtx.gz, .mtx.bz2, as SciPy reads them) are recognised by
// their magic bytes, not their names, so a stream or a renamed file reads as
// well. They are decompressed as the lines are read: the memory kept still
// follows the entries (the reader's limits apply to the decompressed text), and
// a file that inflates to more entries than the memory limit holds is refused
// as an uncompressed one is.

// gzipMagic and bzip2Magic open every gzip member and bzip2 stream.
var (
	gzipMagic  = []byte{0x1f, 0x8b}
	bzip2Magic = []byte("BZh")
)

// decompressed returns r read through gzip or bzip2 when its first bytes are
// theirs, else r itself (buffered; plain is then true).
func decompressed(r io.Reader) (d io.Reader, plain bool, err error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(len(bzip2Magic))
	if err != nil && err != io.EOF {
		return nil, false, errs.Errorf(errs.ErrIO, "line 1: read failed: %v", err)
	}
	switch {
	case bytes.HasPrefix(head, gzipMagic):
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, false, errs.Errorf(errs.ErrIO, "gzip-compressed input: %v", err)
		}
		return z, false, nil
	case bytes.HasPrefix(head, bzip2Magic):
		return bzip2.NewReader(br), false, nil
	}
	return br, true, nil
}
