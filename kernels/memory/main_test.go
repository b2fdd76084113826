package memory

import (
	"os"
	"testing"
)

// TestMain runs the package's tests with uninitialised buffers poisoned at
// all sizes, as the kernels' tests run, so that a recycled buffer must come
// back poisoned like a fresh one.
func TestMain(m *testing.M) {
	PoisonUninitForTests()
	os.Exit(m.Run())
}
