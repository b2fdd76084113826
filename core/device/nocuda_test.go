//go:build !cuda

package device

import (
	"strings"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Without the cuda tag every move to a device refuses with ErrUnsupported
// "built without CUDA", and nothing is counted as device memory.
func TestToDeviceRefusesWithoutCUDA(t *testing.T) {
	host, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 2, 3}, 3))
	if err != nil {
		t.Fatal(err)
	}
	d, err := ToDevice(host, 0)
	if d != nil || errs.CodeOf(err) != errs.ErrUnsupported || !strings.Contains(err.Error(), "built without CUDA") {
		t.Fatalf("ToDevice = %v, %v; want ErrUnsupported built without CUDA", d, err)
	}
	if err := CheckDevice("op", 0); errs.CodeOf(err) != errs.ErrUnsupported {
		t.Fatalf("CheckDevice: %v", err)
	}
	if Live() != 0 {
		t.Fatalf("Live() = %d after refused moves", Live())
	}
}

// checkMovable names what has no device representation.
func TestCheckMovable(t *testing.T) {
	ints, err := tensor.NewStrided(dtype.Int64Array([]int64{1, 2}, 2))
	if err != nil {
		t.Fatal(err)
	}
	if err := checkMovable("to_device", ints); errs.CodeOf(err) != errs.ErrUnsupported || !strings.Contains(err.Error(), "dtype int64") {
		t.Fatalf("int64: %v", err)
	}
	f, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 0, 0, 2}, 2, 2))
	if err != nil {
		t.Fatal(err)
	}
	if err := checkMovable("to_device", f); err != nil {
		t.Fatalf("float64 strided: %v", err)
	}
	bsr, err := convert.ToLayout(f, tensor.BSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, BlockSize: [2]int64{1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if err := checkMovable("to_device", bsr); errs.CodeOf(err) != errs.ErrUnsupported || !strings.Contains(err.Error(), "layout") {
		t.Fatalf("bsr: %v", err)
	}
}
