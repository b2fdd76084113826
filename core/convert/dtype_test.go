package convert_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestToDTypeStridedKeepsItsFill: a strided tensor's values are cast, and
// a fill given by WithFill is cast with them (zero stays the constructor's).
func TestToDTypeStridedKeepsItsFill(t *testing.T) {
	s, err := tensor.NewStrided(dtype.Float64Array([]float64{1.5, -2, 0}, 3))
	if err != nil {
		t.Fatal(err)
	}
	half, err := tensor.WithFill(s, dtype.Float64Array([]float64{0.5}).Data)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		src  *tensor.Tensor
		fill float32
	}{{s, 0}, {half, 0.5}} {
		got, err := convert.ToDType(c.src, dtype.Float32)
		if err != nil {
			t.Fatal(err)
		}
		if got.Layout() != tensor.Strided || got.DType() != dtype.Float32 ||
			!slices.Equal(dtype.AsSlice[float32](got.Values()), []float32{1.5, -2, 0}) ||
			!bytes.Equal(got.FillElem(), tensor.ScalarBytes(dtype.Float32, dtype.Real(float64(c.fill)))) {
			t.Fatalf("fill %v: got %v with fill %v", c.fill, got, got.FillElem())
		}
		if &got.Values().Data[0] == &c.src.Values().Data[0] {
			t.Fatal("the result shares the source's data")
		}
	}
}

// TestToDTypeOwnsItsIndices: a coalesced sparse result holds index arrays
// of its own, as a clone does, and its COO indices are its levels' rows.
func TestToDTypeOwnsItsIndices(t *testing.T) {
	idx := dtype.Int64Array([]int64{0, 1, 1, 0}, 2, 2)
	c, err := tensor.NewCOO(idx, dtype.Float64Array([]float64{1, 2}), []int64{2, 2}, tensor.BuildOptions{Coalesced: true})
	if err != nil {
		t.Fatal(err)
	}
	got, err := convert.ToDType(c, dtype.Int32)
	if err != nil {
		t.Fatal(err)
	}
	if err := tensor.Validate(got); err != nil {
		t.Fatal(err)
	}
	if &got.Indices().Data[0] == &c.Indices().Data[0] || &got.Levels()[0].Crd.Data[0] != &got.Indices().Data[0] {
		t.Fatal("the indices are the source's, or not the result's levels' rows")
	}
	if !slices.Equal(dtype.AsSlice[int32](got.Values()), []int32{1, 2}) || got.IndexWidth() != c.IndexWidth() {
		t.Fatalf("got %v", got)
	}
}
