package kernels

import (
	"flag"
	"os"
	"testing"

	"github.com/gosparse/gosparse/kernels/memory"
)

// TestMain runs every test of the package with uninitialised outputs
// poisoned at all sizes: a kernel that leaves an element of its output
// unwritten then shows NaN (or -1) in the reference comparisons.
// Benchmark runs keep the real allocator, whose cost they measure.
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		memory.PoisonUninitForTests()
	}
	os.Exit(m.Run())
}
