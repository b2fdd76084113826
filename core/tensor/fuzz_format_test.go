package tensor_test

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
)

// fuzzFormats are the formats the fuzz targets pick from (the level types and
// expressions of the UST, 2-d and 3-d).
var fuzzFormats = []string{
	"(i, j) -> (j - i : compressed, i : range)",
	"(i, j) -> (j - i : compressed, j : range)",
	"(i, j) -> (i + j : compressed, i : range)",
	"(i, j) -> (i : dense, j : delta(2))",
	"(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(2))",
	"(i, j) -> (j : compressed, i : dense)",
	"(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)",
	"(i, j) -> (i : compressed(nonunique), j : singleton)",
	"(i, j) -> (i : compressed(unordered), j : compressed(unordered))",
	"(b, i, j) -> (b : batch, i : dense, j : compressed)",
	"(b, i, j) -> (j - i : compressed, b : dense, i : range)",
	"(i, j, k) -> (k : compressed, i : dense, j : compressed(nonunique))",
}

// FuzzNewFromFormat: any storage either builds a tensor whose dense form
// converts back to the format holding the same elements, or is refused with
// an *Error; never a panic.
func FuzzNewFromFormat(f *testing.F) {
	// A valid DIA-I storage of a 2 x 2 matrix: pos[0] = [0, 1], crd[0] = [0], values [1, 2].
	f.Add(uint8(0), int64(2), int64(2), int64(2), []byte{2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 2, 0})
	f.Add(uint8(3), int64(2), int64(4), int64(1), []byte{0, 0, 2, 0, 4, 0, 1, 0, 0, 0, 2, 0, 0, 0})
	f.Fuzz(func(t *testing.T, which uint8, d0, d1, d2 int64, raw []byte) {
		fm, err := format.Parse(fuzzFormats[int(which)%len(fuzzFormats)])
		if err != nil {
			t.Fatal(err)
		}
		shape := []int64{d0 % 9, d1 % 9, d2 % 9}[:fm.NumDims()]
		nl := fm.NumLevels()
		nums := int64sFrom(raw, 64, 12)
		// Split the numbers into 2*nl index arrays (lengths from the numbers
		// themselves) and the values.
		arrays := make([]dtype.Array, 2*nl)
		at := 0
		for k := range arrays {
			n := 0
			if at < len(nums) {
				n = int(max(nums[at], 0)) % 6
				at++
			}
			n = min(n, len(nums)-at)
			arrays[k] = dtype.Int64Array(append([]int64{}, nums[at:at+n]...))
			at += n
		}
		vals := make([]float64, len(nums)-at)
		for i := range vals {
			vals[i] = float64(nums[at+i])
		}
		x, err := convert.NewFromFormat(fm, shape, arrays[:nl], arrays[nl:], dtype.Float64Array(vals))
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
		y, err := convert.ToFormat(d, fm)
		if err != nil {
			t.Fatalf("%s: the dense form of an accepted storage does not convert back: %v", fm, err)
		}
		if eq, err := convert.Equal(x, y); err != nil || !eq {
			t.Fatalf("%s: round trip differs (%v)", fm, err)
		}
	})
}
