package conformance

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// vectorDir is ../shared/conformance/torch beside the repository root.
var vectorDir = filepath.Join("..", "..", "..", "shared", "conformance", "torch")

// replay runs one group's vectors, skipping when the shared data is absent.
func replay(t *testing.T, group string) []Result {
	t.Helper()
	path := filepath.Join(vectorDir, group+".json")
	if _, err := os.Stat(vectorDir); err != nil {
		t.Skipf("conformance vectors not found at %s (../shared beside the repository): %v", vectorDir, err)
	}
	rs, err := RunFile(path)
	require.NoError(t, err)
	require.NotEmpty(t, rs)
	return rs
}

// TestRandomLayouts requires every case: all its ops are conversions the core has.
func TestRandomLayouts(t *testing.T) {
	for _, r := range replay(t, "random_layouts") {
		assert.True(t, r.Passed, "%s/%s: %s", r.Group, r.ID, r.Reason)
	}
}

// TestInvalid requires every case whose op is registered to be refused with
// its inputs untouched; the others are listed until their op lands.
func TestInvalid(t *testing.T) {
	requireRegistered(t, replay(t, "invalid"))
}

// TestSpecExamples requires every case whose op is registered.
func TestSpecExamples(t *testing.T) {
	requireRegistered(t, replay(t, "spec_examples"))
}

func requireRegistered(t *testing.T, rs []Result) {
	t.Helper()
	judged := 0
	for _, r := range rs {
		if _, ok := Registry[r.Op]; !ok {
			t.Logf("%s/%s: not judged, op %s is not registered", r.Group, r.ID, r.Op)
			continue
		}
		judged++
		assert.True(t, r.Passed, "%s/%s: %s", r.Group, r.ID, r.Reason)
	}
	assert.Positive(t, judged, "no case of the group has a registered op")
}
