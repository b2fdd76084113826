package core

import (
	"flag"
	"os"
	"testing"

	"github.com/gosparse/gosparse/kernels"
)

// TestMain runs every test of the package with uninitialised outputs
// poisoned at all sizes: a product that leaves an element of its output
// unwritten then shows NaN (or -1) in the dense-reference comparisons.
// Benchmark runs keep the real allocator, whose cost they measure.
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		kernels.PoisonUninitForTests()
	}
	os.Exit(m.Run())
}
