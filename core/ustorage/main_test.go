package ustorage

import (
	"flag"
	"os"
	"testing"

	"github.com/gosparse/gosparse/kernels/memory"
)

// TestMain runs every test of the package with uninitialised buffers
// poisoned at all sizes (NaN values, -1 indices): a conversion that leaves
// a slot of its result unwritten then differs from the reference storage.
// Benchmark runs keep the real allocator, whose cost they measure.
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		memory.PoisonUninitForTests()
	}
	os.Exit(m.Run())
}
