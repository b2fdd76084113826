package ops

import (
	"os"
	"testing"

	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestMain runs every test of the package with uninitialised outputs
// poisoned (tensortest.Main).
func TestMain(m *testing.M) { os.Exit(tensortest.Main(m)) }
