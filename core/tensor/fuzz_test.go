package tensor_test

import (
	"encoding/binary"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// int64sFrom decodes up to n small int64 values from fuzz bytes.
func int64sFrom(b []byte, n int, mod int64) []int64 {
	out := make([]int64, 0, n)
	for i := 0; i+1 < len(b) && len(out) < n; i += 2 {
		out = append(out, int64(int16(binary.LittleEndian.Uint16(b[i:])))%mod)
	}
	return out
}

// FuzzNewCOO: any indices/size either build a tensor whose dense form
// round-trips through CSR, or are refused with an *Error; never a panic.
func FuzzNewCOO(f *testing.F) {
	f.Add([]byte{0, 0, 1, 0, 2, 0, 1, 0}, int64(3), int64(3), false)
	f.Add([]byte{255, 255, 1, 0}, int64(2), int64(2), true)
	f.Fuzz(func(t *testing.T, raw []byte, rows, cols int64, coalesced bool) {
		idx := int64sFrom(raw, 16, 8)
		nse := int64(len(idx) / 2)
		idx = idx[:2*nse]
		vals := make([]float64, nse)
		for i := range vals {
			vals[i] = float64(i + 1)
		}
		x, err := tensor.NewCOO(dtype.Int64Array(idx, 2, nse), dtype.Float64Array(vals), []int64{rows % 64, cols % 64}, tensor.BuildOptions{Coalesced: coalesced})
		if err != nil {
			if _, ok := err.(*errs.Error); !ok {
				t.Fatalf("not an *Error: %v", err)
			}
			return
		}
		d, err := convert.ToDense(x)
		if err != nil {
			t.Fatal(err)
		}
		c, err := convert.ToLayout(x, tensor.CSR, tensor.DefaultConvert())
		if err != nil {
			t.Fatal(err)
		}
		if eq, _ := convert.Equal(d, c); !eq {
			t.Fatalf("CSR of %v differs from its dense form", x)
		}
	})
}

// FuzzNewCompressed: arbitrary compressed components are validated, never
// trusted: accepted ones convert to COO and back to the same dense value.
func FuzzNewCompressed(f *testing.F) {
	f.Add([]byte{0, 0, 1, 0, 2, 0}, []byte{0, 0, 1, 0}, int64(2), false)
	f.Add([]byte{0, 0, 2, 0, 1, 0}, []byte{1, 0, 0, 0}, int64(3), true)
	f.Fuzz(func(t *testing.T, rawCrow, rawCol []byte, ncols int64, csc bool) {
		crow := int64sFrom(rawCrow, 8, 16)
		col := int64sFrom(rawCol, 8, 16)
		vals := make([]float64, len(col))
		layout := tensor.CSR
		if csc {
			layout = tensor.CSC
		}
		var size []int64
		if ncols%3 != 0 && len(crow) > 0 {
			size = []int64{int64(len(crow) - 1), ncols % 16}
			if csc {
				size[0], size[1] = size[1], size[0]
			}
		}
		x, err := tensor.NewCompressed(layout, dtype.Int64Array(crow), dtype.Int64Array(col), dtype.Float64Array(vals), size, tensor.BuildOptions{})
		if err != nil {
			if _, ok := err.(*errs.Error); !ok {
				t.Fatalf("not an *Error: %v", err)
			}
			return
		}
		c, err := convert.ToLayout(x, tensor.COO, tensor.DefaultConvert())
		if err != nil {
			t.Fatal(err)
		}
		if eq, _ := convert.Equal(x, c); !eq {
			t.Fatalf("COO of %v differs", x)
		}
	})
}
