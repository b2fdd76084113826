package engine

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// cooOperand is a coalesced float64 COO tensor of shape from the sorted
// linear keys and values.
func cooOperand(shape []int64, keys []int64, vals []float64, id dtype.DType) COOInput {
	s, n := len(shape), int64(len(keys))
	idx := make([]int64, int64(s)*n)
	for k, key := range keys {
		for dim := s - 1; dim >= 0; dim-- {
			idx[int64(dim)*n+int64(k)] = key % shape[dim]
			key /= shape[dim]
		}
	}
	ia := dtype.NewArray(id, []int64{int64(s), n})
	StoreInts(idx, ia, nil)
	va := dtype.NewArray(dtype.Float64, []int64{n})
	StoreFloats(vals, va, nil)
	return COOInput{Indices: ia, Values: va, Fill: make([]byte, 8)}
}

// cooPair is two operands over the elements of shape: a holds each with
// probability pa; b holds each of a's with probability keep and each other
// with probability pb.
func cooPair(rng *rand.Rand, shape []int64, pa, keep, pb float64, id dtype.DType) (COOInput, COOInput, map[int64]float64, map[int64]float64) {
	numel := dtype.NumelOf(shape)
	var ka, kb []int64
	var va, vb []float64
	ma, mb := map[int64]float64{}, map[int64]float64{}
	for key := int64(0); key < numel; key++ {
		inA := rng.Float64() < pa
		if inA {
			v := float64(rng.IntN(9)+1) * 0.37
			ka, va, ma[key] = append(ka, key), append(va, v), v
		}
		if (inA && rng.Float64() < keep) || (!inA && rng.Float64() < pb) {
			v := float64(rng.IntN(9)+1) * 1.3
			kb, vb, mb[key] = append(kb, key), append(vb, v), v
		}
	}
	return cooOperand(shape, ka, va, id), cooOperand(shape, kb, vb, id), ma, mb
}

// TestMergeCOOOnePass: A * B of patterns that mostly meet takes the
// one-pass merge (the result's indices live in the array laid out for the
// bound: capacity beyond the result, at most twice it), A + B of patterns
// that barely meet the two passes (indices of exactly the result); both give the element-wise sums and products of the
// operands at every coordinate in order, for 2-D and 3-D shapes with int32
// and int64 indices, and the same bytes at 1, 2 and 5 workers.
func TestMergeCOOOnePass(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	rng := rand.New(rand.NewPCG(32, 11))
	for _, shape := range [][]int64{{3000, 60}, {20, 150, 60}} {
		for _, id := range []dtype.DType{dtype.Int32, dtype.Int64} {
			for _, c := range []struct {
				op           MergeOp
				pa, keep, pb float64
			}{{MergeAdd, 0.1, 0.05, 0.1}, {MergeMul, 0.1, 0.9, 0.01}} {
				a, b, ma, mb := cooPair(rng, shape, c.pa, c.keep, c.pb, id)
				want := map[int64]float64{}
				for k, v := range ma {
					if c.op == MergeAdd {
						want[k] = v + mb[k]
					} else if w, ok := mb[k]; ok {
						want[k] = v * w
					}
				}
				if c.op == MergeAdd {
					for k, v := range mb {
						if _, ok := ma[k]; !ok {
							want[k] = v
						}
					}
				}
				var first MergedCOO
				for i, w := range []int{1, 2, 5} {
					old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
					m, ok, err := MergeCOO(c.op, MergeArgs{}, shape, a, b)
					parallel.SetKnobs(old)
					require.NoError(t, err)
					require.True(t, ok)
					n := m.Values.Numel()
					require.Equal(t, int64(len(want)), n, "shape %v op %d", shape, c.op)
					isz := int64(id.Size())
					if c.op == MergeMul {
						require.Greater(t, int64(cap(m.Indices.Data)), int64(len(shape))*n*isz, "the one-pass merge ran (its bound held)")
						require.LessOrEqual(t, int64(cap(m.Indices.Data)), 2*int64(len(shape))*n*isz, "at most twice the result held")
					} else {
						require.Equal(t, int64(len(shape))*n*isz, int64(cap(m.Indices.Data)), "add: the two passes, no unused tail")
					}
					idx := make([]int64, int64(len(shape))*n)
					LoadInts(m.Indices, idx, nil)
					vals := make([]float64, n)
					LoadFloats(m.Values, vals)
					prev := int64(-1)
					for k := int64(0); k < n; k++ {
						key := int64(0)
						for dim := range shape {
							key = key*shape[dim] + idx[int64(dim)*n+k]
						}
						require.Greater(t, key, prev, "coalesced order")
						prev = key
						require.Equal(t, want[key], vals[k], "shape %v op %d key %d", shape, c.op, key)
					}
					if i == 0 {
						first = m
					} else {
						require.True(t, bytes.Equal(first.Indices.Data, m.Indices.Data) && bytes.Equal(first.Values.Data, m.Values.Data), "workers %d", w)
					}
				}
			}
		}
	}
}

// TestFitIndices: a one-pass result's columns move down to the last row
// of s x total in place when the result is at least half its bound, and
// into a new array of exactly s x total when it is less.
func TestFitIndices(t *testing.T) {
	for _, total := range []int64{7, 3} {
		const s, laid = 3, 8
		idx := dtype.NewArray(dtype.Int64, []int64{s, laid})
		all := dtype.AsSlice[int64](idx)
		for k := int64(0); k < total; k++ {
			all[(s-1)*laid+k] = 100 + k
		}
		crd := dtype.Array{DType: dtype.Int64, Shape: []int64{total}, Data: idx.Data[(s-1)*laid*8 : ((s-1)*laid+total)*8]}
		out, err := fitIndices(idx, crd, s, laid, total)
		require.NoError(t, err)
		require.Equal(t, []int64{s, total}, out.Shape)
		got := dtype.AsSlice[int64](out)
		require.Len(t, got, int(s*total))
		for k := int64(0); k < total; k++ {
			require.Equal(t, 100+k, got[(s-1)*total+k])
		}
		if total >= laid/2 {
			require.Equal(t, cap(idx.Data), cap(out.Data), "in place")
		} else {
			require.Equal(t, int(s*total*8), cap(out.Data), "a new array of the result's size")
		}
	}
}
