package main

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/ops"
)

// cString is s NUL-terminated in Go memory, its first byte's address.
func cString(s string) unsafe.Pointer {
	b := append([]byte(s), 0)
	return unsafe.Pointer(&b[0])
}

// TestOpNameAt: every known op name reads as itself without allocating;
// other names (empty, unknown, a known name's prefix or extension, longer
// than every known name) read as new strings of their bytes.
func TestOpNameAt(t *testing.T) {
	for _, names := range [][]string{ops.UnaryOps(), ops.BinaryOps(), ops.ReductionNames()} {
		for _, n := range names {
			p := cString(n)
			require.Equal(t, n, opNameAt(p))
			require.Zero(t, testing.AllocsPerRun(50, func() { _ = opNameAt(p) }), n)
		}
	}
	for _, s := range []string{"", "ad", "addd", "nosuchop", "sum_", strings.Repeat("x", longestOp), strings.Repeat("y", longestOp+1), strings.Repeat("z", 3*longestOp)} {
		require.Equal(t, s, opNameAt(cString(s)))
	}
}
