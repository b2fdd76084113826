package linalg

import (
	"os"
	"testing"

	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestMain runs every test of the package with uninitialised outputs
// poisoned (tensortest.Main): a product that leaves an element of its output
// unwritten shows NaN (or -1) in the dense-reference comparisons.
func TestMain(m *testing.M) { os.Exit(tensortest.Main(m)) }
