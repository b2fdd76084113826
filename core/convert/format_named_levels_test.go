package convert

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestToFormatNamedLevelsMatchesToLayout: ToFormat of a named-layout
// tensor (CSR, CSC, coalesced COO; float64 and int32, int32 and int64
// indices) to DCSR, DCSC and CSF, which now runs ustorage.ConvertValues,
// stores exactly what ToLayout's hand-written conversion stores.
func TestToFormatNamedLevelsMatchesToLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, shape := range [][]int64{{7, 9}, {40, 3}, {1, 1}, {5, 6, 4}, {0, 3}} {
		n := dtype.NumelOf(shape)
		for _, dt := range []dtype.DType{dtype.Float64, dtype.Int32} {
			a := dtype.NewArray(dt, shape)
			for i := int64(0); i < n; i++ {
				if rng.IntN(3) == 0 {
					a.SetComplex(i, dtype.Real(float64(rng.IntN(9)+1)))
				}
			}
			d, err := tensor.NewStrided(a)
			if err != nil {
				t.Fatal(err)
			}
			var sources []*tensor.Tensor
			for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC, tensor.COO} {
				if len(shape) != 2 && l != tensor.COO {
					continue
				}
				for _, w := range []int{32, 64} {
					s, err := ToLayout(d, l, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: w})
					if err != nil {
						t.Fatal(err)
					}
					sources = append(sources, s)
				}
			}
			targets := []tensor.Layout{tensor.CSF} // a 2-D tensor.CSF format is DCSR's
			if len(shape) == 2 {
				targets = []tensor.Layout{tensor.DCSR, tensor.DCSC}
			}
			for _, src := range sources {
				for _, to := range targets {
					f := map[tensor.Layout]format.Format{tensor.DCSR: format.DCSR(), tensor.DCSC: format.DCSC()}[to]
					if to == tensor.CSF {
						var err error
						if f, err = format.CSF(len(shape)); err != nil {
							t.Fatal(err)
						}
					}
					want, err := ToLayout(src, to, tensor.DefaultConvert())
					if err != nil {
						t.Fatal(err)
					}
					got, err := ToFormat(src, f)
					if err != nil {
						t.Fatal(err)
					}
					requireSameStorage(t, want, got, src.Layout().String()+" -> "+to.String())
				}
			}
		}
	}
}
