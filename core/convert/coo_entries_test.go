package convert

import (
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// sample is the 3x4 matrix [[0 1 0 2] [0 0 0 0] [3 0 -0 4]] (a stored -0 at
// (2, 2) in the sparse forms) as a COO tensor with int32 indices and fill 0.
func sample(t *testing.T) *tensor.Tensor {
	t.Helper()
	idx := dtype.Int32Array([]int32{0, 0, 2, 2, 2, 1, 3, 0, 2, 3}, 2, 5)
	vals := dtype.Float64Array([]float64{1, 2, 3, math.Copysign(0, -1), 4})
	c, err := tensor.NewCOO(idx, vals, []int64{3, 4}, tensor.BuildOptions{Coalesced: true})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// equal fails t unless a and b hold the same elements.
func equal(t *testing.T, what string, a, b *tensor.Tensor) {
	t.Helper()
	ok, err := Equal(a, b)
	if err != nil || !ok {
		t.Fatalf("%s: not equal (%v)\n%v\n%v", what, err, a, b)
	}
}

// TestAsCOORoundTrip: any layout's entries, taken apart and rebuilt, are
// the same tensor; the rebuilt tensor keeps the entries' index width and
// fill, and InLayout brings it back to the input's layout.
func TestAsCOORoundTrip(t *testing.T) {
	coo := sample(t)
	csr, err := ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
	if err != nil {
		t.Fatal(err)
	}
	dia, err := ToFormat(coo, format.DIAI())
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []*tensor.Tensor{coo, csr, dia} {
		e, err := AsCOO(in)
		if err != nil {
			t.Fatal(err)
		}
		// DIA's padding inside the tensor is stored: NNZ counts it.
		if e.Nse() != in.NNZ() || e.Width != 32 || !e.Coalesced {
			t.Fatalf("%s: nse %d, width %d, coalesced %v; want %d, 32, true", in.Layout(), e.Nse(), e.Width, e.Coalesced, in.NNZ())
		}
		r, err := e.Tensor()
		if err != nil {
			t.Fatal(err)
		}
		if r.Layout() != tensor.COO || r.IndexWidth() != 32 {
			t.Fatalf("%s: rebuilt %s of width %d, want COO of width 32", in.Layout(), r.Layout(), r.IndexWidth())
		}
		equal(t, in.Layout().String(), r, coo)
		back, err := e.TensorLike(in)
		if err != nil {
			t.Fatal(err)
		}
		if want := tensor.NamedLayout(in); back.Layout() != want {
			t.Fatalf("TensorLike(%s) is %s, want %s", in.Layout(), back.Layout(), want)
		}
		equal(t, "TensorLike", back, coo)
	}
}

// TestAsCOOStridedKeepsEveryElement: a strided tensor lists every element,
// its -0 bit for bit (a conversion to COO would drop it as the fill).
func TestAsCOOStridedKeepsEveryElement(t *testing.T) {
	d, err := ToDense(sample(t))
	if err != nil {
		t.Fatal(err)
	}
	e, err := AsCOO(d)
	if err != nil {
		t.Fatal(err)
	}
	if e.Nse() != 12 {
		t.Fatalf("nse %d, want 12", e.Nse())
	}
	if v := dtype.AsSlice[float64](e.Vals)[2*4+2]; !math.Signbit(v) || v != 0 {
		t.Fatalf("element (2, 2) is %v, want -0", v)
	}
	back, err := InLayout(mustTensor(t, e), d)
	if err != nil {
		t.Fatal(err)
	}
	if back.Layout() != tensor.Strided {
		t.Fatalf("InLayout(strided) is %s", back.Layout())
	}
	equal(t, "strided", back, d)
}

// mustTensor is e.Tensor(), failing t on an error.
func mustTensor(t *testing.T, e *CooEntries) *tensor.Tensor {
	t.Helper()
	r, err := e.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCooEntriesTensorFlagsWidthFill: Tensor keeps the entries' coalesced
// flag (false on one entry, which NewCOO alone would mark true), their fill,
// and widens Width 32 to int64 indices where a size passes int32.
func TestCooEntriesTensorFlagsWidthFill(t *testing.T) {
	fill := make([]byte, 8)
	dtype.StoreScalar(dtype.Float64, fill, dtype.Real(7))
	one := &CooEntries{Shape: []int64{3, 4}, Coords: [][]int64{{1}, {2}}, Vals: dtype.Float64Array([]float64{5}),
		Coalesced: false, Width: 32, Fill: fill, Dtype: dtype.Float64}
	r := mustTensor(t, one)
	if r.IsCoalesced() || r.IsCoalesced() {
		t.Fatal("one entry given as not coalesced came back coalesced")
	}
	if dtype.LoadScalar(r.DType(), r.FillElem()).Re() != 7 || r.IndexWidth() != 32 {
		t.Fatalf("fill %v, width %d; want 7, 32", dtype.LoadScalar(r.DType(), r.FillElem()), r.IndexWidth())
	}
	wide := *one
	wide.Shape = []int64{3, math.MaxInt32 + 1}
	if w := mustTensor(t, &wide).IndexWidth(); w != 64 {
		t.Fatalf("a column count past int32 built width %d indices, want 64", w)
	}
}

// TestGatherKeepsBlocks: Gather keeps the listed entries' value blocks (a
// hybrid tensor's dense rows) in the order given, under new coordinates.
func TestGatherKeepsBlocks(t *testing.T) {
	e := &CooEntries{Shape: []int64{4, 2}, DenseDim: 1, Coords: [][]int64{{0, 1, 3}},
		Vals: dtype.Float64Array([]float64{1, 2, 3, 4, 5, 6}, 3, 2), Coalesced: true, Width: 64,
		Fill: make([]byte, 8), Dtype: dtype.Float64}
	g := e.Gather([]int64{2, 0}, [][]int64{{0, 1}}, []int64{2, 2})
	if g.Nse() != 2 || g.Coalesced {
		t.Fatalf("nse %d, coalesced %v; want 2, false", g.Nse(), g.Coalesced)
	}
	got := dtype.AsSlice[float64](g.Vals)
	for i, w := range []float64{5, 6, 1, 2} {
		if got[i] != w {
			t.Fatalf("values %v, want [5 6 1 2]", got)
		}
	}
}

// TestInLayoutLeavesCOOWhereTheLayoutCannotHold: a BSR input whose block
// does not divide the result's shape leaves the result COO.
func TestInLayoutLeavesCOOWhereTheLayoutCannotHold(t *testing.T) {
	bsr, err := ToLayout(sample(t), tensor.BSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, BlockSize: [2]int64{1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	odd := &CooEntries{Shape: []int64{3, 3}, Coords: [][]int64{{0}, {1}}, Vals: dtype.Float64Array([]float64{1}),
		Coalesced: true, Width: 64, Fill: make([]byte, 8), Dtype: dtype.Float64}
	r, err := odd.TensorLike(bsr)
	if err != nil {
		t.Fatal(err)
	}
	if r.Layout() != tensor.COO {
		t.Fatalf("a 3x3 result like a 1x2-block BSR is %s, want COO", r.Layout())
	}
}
