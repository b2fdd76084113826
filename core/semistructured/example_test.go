package semistructured_test

import (
	"fmt"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/semistructured"
)

// A pruned float32 weight (1:2) compressed to torch's CUTLASS layout and
// used as a linear layer's weight.
func Example() {
	const out, in = 32, 32
	w := dtype.NewArray(dtype.Float32, []int64{out, in})
	wv := dtype.AsSlice[float32](w)
	for i := range wv {
		wv[i] = float32(i%5) - 2 // -2 -1 0 1 2 -2 ...: most pairs hold two nonzeros
	}
	pruned, err := semistructured.Prune(w) // keep the larger magnitude of every pair
	if err != nil {
		panic(err)
	}
	s, err := semistructured.FromDense(pruned)
	if err != nil {
		panic(err)
	}
	x := dtype.NewArray(dtype.Float32, []int64{2, in})
	for i := range dtype.AsSlice[float32](x) {
		dtype.AsSlice[float32](x)[i] = 1 // y[b, o] is the sum of row o's kept values
	}
	y, err := semistructured.Linear(x, s, nil) // x @ wᵀ
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Values().Shape, s.Indices().DType, s.Indices().Shape)
	fmt.Println(y.Shape, dtype.AsSlice[float32](y)[:4])
	_, err = semistructured.FromDense(w)
	fmt.Println(err)
	// Output:
	// [32 16] int16 [32 4]
	// [2 32] [4 7 8 5]
	// dense: strip row 0, columns 0..1 has 2 nonzeros; float32 keeps at most 1 of every 2 (1:2 semi-structured sparsity)
}
