package convert

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestCOOToCSFOverChunks: a coalesced COO of several chunks of entries
// (sortedChunk) becomes the CSF (and DCSR) ToLayout's hand-written
// conversion stores, for int32 and int64 indices: the chunks' offsets
// place every node and break where one pass would.
func TestCOOToCSFOverChunks(t *testing.T) {
	rng := rand.New(rand.NewPCG(48, 5))
	for _, shape := range [][]int64{{40, 50, 2000}, {7, 9, 11, 1300}, {3000, 3000}} {
		n := 3*sortedChunk + 1234
		idx := make([]int64, len(shape)*n)
		vals := make([]float64, n)
		for k := range n {
			for d, s := range shape {
				idx[d*n+k] = rng.Int64N(s)
			}
			vals[k] = float64(k%7 + 1)
		}
		coo, err := tensor.NewCOO(dtype.Int64Array(idx, int64(len(shape)), int64(n)), dtype.Float64Array(vals), shape, tensor.BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if coo, err = Coalesce(coo); err != nil {
			t.Fatal(err)
		}
		if coo.Values().Numel() <= 2*sortedChunk {
			t.Fatalf("%v: %d entries after coalescing span too few chunks", shape, coo.Values().Numel())
		}
		to, f := tensor.CSF, format.DCSR()
		if len(shape) != 2 {
			if f, err = format.CSF(len(shape)); err != nil {
				t.Fatal(err)
			}
		} else {
			to = tensor.DCSR
		}
		for _, w := range []int{32, 64} {
			src, err := ToIndexWidth(coo, w)
			if err != nil {
				t.Fatal(err)
			}
			want, err := ToLayout(src, to, tensor.DefaultConvert())
			if err != nil {
				t.Fatal(err)
			}
			got, err := ToFormat(src, f)
			if err != nil {
				t.Fatal(err)
			}
			requireSameStorage(t, want, got, "chunked "+to.String())
		}
	}
}
