package tensortest

import (
	"encoding/json"
	"github.com/gosparse/gosparse/core/dtype"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// USTCase is one case of ../shared/conformance/ust/formats.json: a format
// text, a dense input and the storage the reference builds for it.
type USTCase struct {
	ID     string `json:"id"`
	Format string `json:"format"`
	Dense  struct {
		Shape []int64   `json:"shape"`
		Data  []float64 `json:"data"`
	} `json:"dense"`
	Expect struct {
		Levels []struct {
			Pos []int64 `json:"pos"`
			Crd []int64 `json:"crd"`
		} `json:"levels"`
		Values     []float64 `json:"values"`
		LevelSizes []int64   `json:"level_sizes"`
		NSE        int64     `json:"nse"`
		IndexDtype string    `json:"index_dtype"` // the reference's pos and crd dtype: "int32" or "int64"
	} `json:"expect"`
}

// LoadUSTCases reads the 275 cases, or skips the test with a message where
// the shared folder beside the repository is absent.
func LoadUSTCases(t *testing.T) []USTCase {
	t.Helper()
	path := SharedPath(t, "conformance", "ust", "formats.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("UST conformance vectors not found at %s: %v", path, err)
	}
	var v struct {
		Cases []USTCase `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(data, &v))
	require.Len(t, v.Cases, 275)
	return v.Cases
}

// SharedPath joins elem onto the shared folder beside the repository
// (../shared from the module root), found from the test's working
// directory, so a test reads the same file at any package depth.
func SharedPath(t *testing.T, elem ...string) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("no go.mod above the test's directory")
		}
		dir = parent
	}
	return filepath.Join(append([]string{dir, "..", "shared"}, elem...)...)
}

// Arrays makes the pos, crd and values Arrays of the case's expected storage.
func (c USTCase) Arrays() (pos, crd []dtype.Array, vals dtype.Array) {
	for _, l := range c.Expect.Levels {
		pos = append(pos, dtype.Int64Array(l.Pos))
		crd = append(crd, dtype.Int64Array(l.Crd))
	}
	return pos, crd, dtype.Float64Array(c.Expect.Values)
}
