package engine

import (
	"math/bits"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// scatterSplit is ReduceScatter's sum (and mean) of float32 or float64
// values, on one goroutine or several: the stored elements are cut into a
// few chunks whose count depends on the sizes alone (scatterChunkCount),
// each chunk folds its elements in storage order into accumulators of its
// own on whichever goroutine runs it, and the chunks' partials are added
// group by group in chunk order. The result is bit-identical at any thread
// count, and each goroutine reads only its own keys and values (a split by
// group ranges, where each reads every key, doubles the traffic on two
// threads and ran slower than one). Where the fill is zero a group's count
// only decides whether it is kept, so a bit a group replaces it (a bitmap
// small enough to stay in cache instead of a 4-byte read-modify-write per
// element in an array as long as the accumulators). ok is false where it
// does not apply (another op or dtype, more than 2^32 elements).
func scatterSplit[I kernels.Index](op ReduceOp, crd []I, n int64, vals dtype.Array, group int64, fill []byte, out dtype.DType) (Reduced, bool) {
	if (op != Sum && op != Mean) || (vals.DType != dtype.Float64 && vals.DType != dtype.Float32) || int64(len(crd)) >= 1<<32 {
		return Reduced{}, false
	}
	chunks := scatterChunkCount(int64(len(crd)), n)
	size := max((len(crd)+chunks-1)/chunks, 1)
	accs := make([][]float64, max(chunks, 1))
	if zeroBytes(fill) {
		seen := make([][]uint64, len(accs))
		chunks = parallel.ForChunks(len(crd), size, func(c, lo, hi int) {
			accs[c], seen[c] = make([]float64, n), make([]uint64, (n+63)/64) // zeroed: the identity of sum is +0
			if vals.DType == dtype.Float64 {
				scatterMark(crd[lo:hi], dtype.AsSlice[float64](vals)[lo:hi], accs[c], seen[c])
			} else {
				scatterMark(crd[lo:hi], dtype.AsSlice[float32](vals)[lo:hi], accs[c], seen[c])
			}
		})
		if chunks == 0 { // no element: every group is left out
			accs[0], seen[0], chunks = make([]float64, n), make([]uint64, (n+63)/64), 1
		}
		for _, s := range seen[1:chunks] {
			for w, bits := range s {
				seen[0][w] |= bits
			}
		}
		return compactMarked[I](op, accs[:chunks], seen[0], group, out), true
	}
	cnt := make([][]uint32, len(accs))
	chunks = parallel.ForChunks(len(crd), size, func(c, lo, hi int) {
		accs[c], cnt[c] = make([]float64, n), make([]uint32, n)
		if vals.DType == dtype.Float64 {
			scatterCount(crd[lo:hi], dtype.AsSlice[float64](vals)[lo:hi], accs[c], cnt[c])
		} else {
			scatterCount(crd[lo:hi], dtype.AsSlice[float32](vals)[lo:hi], accs[c], cnt[c])
		}
	})
	if chunks == 0 {
		accs[0], cnt[0], chunks = make([]float64, n), make([]uint32, n), 1
	}
	addPartials(accs[:chunks])
	addPartials(cnt[:chunks])
	kept := 0
	for _, c := range cnt[0] {
		if c > 0 {
			kept++
		}
	}
	return compactReal[I](op, accs[0], cnt[0], false, kept, group, floatFill(vals.DType, fill), out), true
}

// scatterChunkCount is how many chunks scatterSplit cuts nnz elements
// into for n groups: one per two elements a group (each chunk's partials
// cost a pass over n groups to combine, which pays only where the scatter
// has a few elements a group to spread), at most maxScatterChunks, one
// below minScatterChunk elements a chunk. The partials then hold at most
// nnz/2 accumulators: the extra memory stays under the input's size.
func scatterChunkCount(nnz, n int64) int {
	c := min(nnz/max(2*n, 1), nnz/minScatterChunk, maxScatterChunks)
	return int(max(c, 1))
}

const (
	// maxScatterChunks bounds the partials of scatterSplit: enough for the
	// goroutines of a small machine, few enough that combining stays cheap.
	maxScatterChunks = 4
	// minScatterChunk is the fewest elements a chunk of scatterSplit takes
	// (below it one goroutine is as fast).
	minScatterChunk = 1 << 16
)

// addPartials adds parts[1:] into parts[0] element by element, in chunk
// order, in parallel over ranges of groups.
func addPartials[T float64 | uint32](parts [][]T) {
	if len(parts) < 2 {
		return
	}
	n := len(parts[0])
	parallel.ForEven(n, 512, int64(n*len(parts)), func(lo, hi int) {
		sum := parts[0][lo:hi]
		for _, p := range parts[1:] {
			p = p[lo:hi]
			p = p[:len(sum)]
			for g := range sum {
				sum[g] += p[g]
			}
		}
	})
}

// scatterCount adds each element into its group's accumulator and counts
// it, in storage order.
func scatterCount[I kernels.Index, V float32 | float64](crd []I, v []V, accs []float64, cnt []uint32) {
	v = v[:len(crd)]
	cnt = cnt[:len(accs)] // accs[g]'s bounds check then covers cnt[g]
	for k, g := range crd {
		accs[g] += float64(v[k])
		cnt[g]++
	}
}

// scatterMark is scatterCount setting bit g of the bitmap seen for each
// group g that gets an element instead of counting.
func scatterMark[I kernels.Index, V float32 | float64](crd []I, v []V, accs []float64, seen []uint64) {
	v = v[:len(crd)]
	for k, g := range crd {
		accs[g] += float64(v[k])
		seen[uint(g)>>6] |= 1 << (uint(g) & 63)
	}
}

// markRange is the bitmap words compactMarked compacts as one unit (16K
// groups).
const markRange = 256

// compactMarked is compactReal for a zero fill, from the chunks' partial
// sums parts and the bitmap seen of the kept groups: a kept group's sum is
// its partials added in chunk order (a zero fill adds +0, which changes no
// sum of a +0-started accumulator, never -0), a mean's is divided by
// group. The units of markRange words are summed and compacted in place
// (to the start of their own groups in parts[0]) in parallel, their keys
// written at their final offsets; one serial move then closes the gaps
// between the units, and parts[0] holds the result's values (packReal).
func compactMarked[I kernels.Index](op ReduceOp, parts [][]float64, seen []uint64, group int64, out dtype.DType) Reduced {
	units := (len(seen) + markRange - 1) / markRange
	offs := make([]int, units+1)
	for u := range units {
		k := 0
		for _, w := range seen[u*markRange : min((u+1)*markRange, len(seen))] {
			k += bits.OnesCount64(w)
		}
		offs[u+1] = offs[u] + k
	}
	kept := offs[units]
	keys := dtype.UninitArray(indexDType[I](), []int64{int64(kept)})
	ks, acc := dtype.AsSlice[I](keys), parts[0]
	div := 1.0
	if op == Mean {
		div = float64(group)
	}
	parallel.ForEven(len(seen), markRange, int64(len(seen))*64*int64(len(parts)), func(lo, hi int) {
		for u := lo / markRange; u*markRange < hi; u++ {
			j, kj := u*markRange*64, offs[u]
			for w, word := range seen[u*markRange : min((u+1)*markRange, len(seen))] {
				for g := (u*markRange + w) * 64; word != 0; word &= word - 1 {
					i := g + bits.TrailingZeros64(word)
					v := acc[i]
					for _, p := range parts[1:] {
						v += p[i]
					}
					if op == Mean {
						v /= div
					}
					acc[j], ks[kj] = v, I(i) // j <= i: acc[i] is read before any write reaches it
					j++
					kj++
				}
			}
		}
	})
	for u := range units {
		if from := u * markRange * 64; from != offs[u] {
			copy(acc[offs[u]:offs[u+1]], acc[from:from+offs[u+1]-offs[u]])
		}
	}
	return packReal(op, acc, kept, group, 0, out, keys)
}

// zeroBytes reports whether every byte of b is 0 (a +0 fill of any dtype).
func zeroBytes(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}
