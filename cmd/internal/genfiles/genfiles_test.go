package genfiles

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRunWritesWhatTheHeaderGenerates(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "include"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(root, "out"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, HeaderPath), []byte("#define GS_X 1\n"), 0o644))
	upper := func(header string) (map[string]string, error) {
		return map[string]string{"out/a.txt": "from " + header}, nil
	}
	require.NoError(t, Run(root, upper))
	got, err := os.ReadFile(filepath.Join(root, "out/a.txt"))
	require.NoError(t, err)
	require.Equal(t, "from #define GS_X 1\n", string(got))
}

func TestFilesNamesTheHeaderInErrors(t *testing.T) {
	root := t.TempDir()
	_, err := Files(root, nil)
	require.ErrorIs(t, err, os.ErrNotExist)
	require.NoError(t, os.MkdirAll(filepath.Join(root, "include"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, HeaderPath), nil, 0o644))
	_, err = Files(root, func(string) (map[string]string, error) { return nil, errors.New("no codes") })
	require.EqualError(t, err, "include/gosparse.h: no codes")
}
