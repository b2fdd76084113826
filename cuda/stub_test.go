//go:build !cuda

package cuda

import (
	"errors"
	"testing"
)

// Without the cuda tag every entry point refuses with ErrNotBuilt.
func TestStubRefuses(t *testing.T) {
	if Built {
		t.Fatal("Built is true in a build without the cuda tag")
	}
	if n, err := DeviceCount(); n != 0 || !errors.Is(err, ErrNotBuilt) {
		t.Fatalf("DeviceCount = %d, %v; want 0, ErrNotBuilt", n, err)
	}
	if _, err := Alloc(0, 8); !errors.Is(err, ErrNotBuilt) {
		t.Fatalf("Alloc: %v", err)
	}
	if err := SpMV(0, Float64, CSR{}, 0, 0, 1); !errors.Is(err, ErrNotBuilt) {
		t.Fatalf("SpMV: %v", err)
	}
	if ErrNotBuilt.Error() != "built without CUDA" {
		t.Fatalf("message %q", ErrNotBuilt)
	}
}
