package convert_test

import (
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestCoalescedCOO: a coalesced tensor.COO tensor comes back as itself; duplicates
// are summed in order; a tensor.CSR tensor converts; a dense dim asked for becomes
// one; an int64 index array stays int64.
func TestCoalescedCOO(t *testing.T) {
	idx := dtype.Int64Array([]int64{1, 0, 1, 2, 0, 2}, 2, 3) // (1,2) (0,0) (1,2)
	dup, err := tensor.NewCOO(idx, dtype.Float64Array([]float64{1, 2, 3}, 3), []int64{2, 3}, tensor.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := convert.CoalescedCOO(dup, -1)
	if err != nil {
		t.Fatal(err)
	}
	gotIdx, err := tensor.Component(c, tensor.CompIndices)
	if err != nil {
		t.Fatal(err)
	}
	if got := dtype.AsSlice[int64](gotIdx); !slices.Equal(got, []int64{0, 1, 0, 2}) {
		t.Errorf("indices %v, want [0 1 0 2]", got)
	}
	if got := dtype.AsSlice[float64](c.Values()); !slices.Equal(got, []float64{2, 4}) {
		t.Errorf("values %v, want [2 4]", got)
	}
	if c.IndexWidth() != 64 {
		t.Errorf("index width %d, want 64 (kept)", c.IndexWidth())
	}
	if again, err := convert.CoalescedCOO(c, 0); err != nil || again != c {
		t.Errorf("a coalesced tensor.COO tensor: got a new tensor (%v), want itself", err)
	}
	csr, err := convert.ToLayout(c, tensor.CSR, tensor.DefaultConvert())
	if err != nil {
		t.Fatal(err)
	}
	back, err := convert.CoalescedCOO(csr, -1)
	if err != nil || back.Layout() != tensor.COO || !back.IsCoalesced() || back.NNZ() != 2 {
		t.Fatalf("from tensor.CSR: %v, %v", back, err)
	}
	hybrid, err := convert.CoalescedCOO(dup, 1)
	if err != nil {
		t.Fatal(err)
	}
	if hybrid.DenseDim() != 1 || hybrid.NNZ() != 2 || !hybrid.IsCoalesced() {
		t.Errorf("dense dim 1: got dense dims %d, nnz %d, coalesced %v; want 1, 2 (rows 0 and 1), true", hybrid.DenseDim(), hybrid.NNZ(), hybrid.IsCoalesced())
	}
}

// TestCoalescedCOOWidth: a width asked for converts a tensor.COO tensor of the
// other width (summing its duplicates) and is kept from a tensor.CSR tensor; a tensor.COO
// tensor of that width, coalesced, comes back as itself; width 0 keeps int32.
func TestCoalescedCOOWidth(t *testing.T) {
	idx := dtype.Int32Array([]int32{1, 0, 1, 2, 0, 2}, 2, 3) // (1,2) (0,0) (1,2)
	dup32, err := tensor.NewCOO(idx, dtype.Float64Array([]float64{1, 2, 3}, 3), []int64{2, 3}, tensor.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if dup32.IndexWidth() != 32 {
		t.Fatalf("index width %d, want 32", dup32.IndexWidth())
	}
	c64, err := convert.CoalescedCOOWidth(dup32, 0, 64)
	if err != nil || c64.IndexWidth() != 64 || !c64.IsCoalesced() || c64.NNZ() != 2 {
		t.Fatalf("width 64 of int32 tensor.COO: %v, %v", c64, err)
	}
	if got := dtype.AsSlice[float64](c64.Values()); !slices.Equal(got, []float64{2, 4}) {
		t.Errorf("values %v, want [2 4]", got)
	}
	if again, err := convert.CoalescedCOOWidth(c64, 0, 64); err != nil || again != c64 {
		t.Errorf("a coalesced int64 tensor.COO tensor at width 64: got a new tensor (%v), want itself", err)
	}
	c32, err := convert.CoalescedCOOWidth(dup32, 0, 0)
	if err != nil || c32.IndexWidth() != 32 || !c32.IsCoalesced() {
		t.Errorf("width 0 of int32 tensor.COO: %v, %v", c32, err)
	}
	csr, err := convert.ToLayout(c64, tensor.CSR, tensor.ConvertOptions{SparseDim: -1, IndexWidth: 32})
	if err != nil {
		t.Fatal(err)
	}
	back, err := convert.CoalescedCOOWidth(csr, 0, 64)
	if err != nil || back.Layout() != tensor.COO || back.IndexWidth() != 64 || back.NNZ() != 2 {
		t.Errorf("width 64 from int32 tensor.CSR: %v, %v", back, err)
	}
}
