package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/cmd/internal/genfiles"
)

// The checked-in tables are what the generator writes from today's header:
// regenerating gives no diff.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	files, err := genfiles.Files("../..", generate)
	require.NoError(t, err)
	require.Len(t, files, 3)
	for rel, want := range files {
		got, err := os.ReadFile(filepath.Join("../..", rel))
		require.NoError(t, err)
		require.Equal(t, want, string(got), "%s is stale: run go generate ./core/errs", rel)
	}
}

// Every header code is in the table with all its names, and each name is
// used once per layer.
func TestTableCoversTheHeader(t *testing.T) {
	src, err := os.ReadFile("../../include/gosparse.h")
	require.NoError(t, err)
	codes, err := parseStatuses(string(src))
	require.NoError(t, err)
	rows, err := joinTable(codes)
	require.NoError(t, err)
	seen := map[string]string{}
	for _, s := range rows[1:] {
		for _, n := range []string{"go:" + s.Go, "py:" + s.Python, "rs:" + s.Rust} {
			require.NotContains(t, seen, n, "%s and %s share %s", seen[n], s.C, n)
			seen[n] = s.C
		}
		require.NotEmpty(t, s.Words, s.C)
	}
}

// A header code without names, a table entry without a code, a code used
// twice and a code without its comment stop the generator by name.
func TestGeneratorRefusesAMismatch(t *testing.T) {
	base := "#define GS_OK 0\n#define GS_ERR_INVALID_ARGUMENT (-1) /* bad */\n"
	_, err := parseStatuses(base + "#define GS_ERR_INDEX (-1) /* dup */\n")
	require.ErrorContains(t, err, "share the code -1")
	_, err = parseStatuses(base + "#define GS_ERR_INDEX (-3)\n")
	require.ErrorContains(t, err, "GS_ERR_INDEX has no comment")
	codes, err := parseStatuses(base + "#define GS_ERR_NEW_THING (-99) /* new */\n")
	require.NoError(t, err)
	_, err = joinTable(codes)
	require.ErrorContains(t, err, "GS_ERR_NEW_THING has no entry")
	codes, err = parseStatuses(base)
	require.NoError(t, err)
	_, err = joinTable(codes)
	require.Error(t, err)
	require.True(t, strings.Contains(err.Error(), "which the header does not define"), err.Error())
}
