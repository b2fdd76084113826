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
// only decides whether it is kept, so a one-byte mark replaces it (a store
// instead of a 4-byte read-modify-write per element). ok is false where it
// does not apply (another op, a dtype other than float32 and float64 in or
// out, more than 2^32 elements).
func scatterSplit[I kernels.Index](op ReduceOp, crd []I, n int64, vals dtype.Array, group int64, fill []byte, out dtype.DType) (Reduced, bool) {
	if (op != Sum && op != Mean) || !isFloat(vals.DType) || !isFloat(out) || int64(len(crd)) >= 1<<32 {
		return Reduced{}, false
	}
	chunks := scatterChunkCount(int64(len(crd)), n)
	size := max((len(crd)+chunks-1)/chunks, 1)
	accs := make([][]float64, max(chunks, 1))
	if zeroBytes(fill) {
		seen := make([][]uint8, len(accs))
		chunks = parallel.ForChunks(len(crd), size, func(c, lo, hi int) {
			accs[c], seen[c] = make([]float64, n), make([]uint8, n) // zeroed: the identity of sum is +0
			if vals.DType == dtype.Float64 {
				scatterMark(crd[lo:hi], dtype.AsSlice[float64](vals)[lo:hi], accs[c], seen[c])
			} else {
				scatterMark(crd[lo:hi], dtype.AsSlice[float32](vals)[lo:hi], accs[c], seen[c])
			}
		})
		if chunks == 0 { // no element: every group is left out
			accs[0], seen[0], chunks = make([]float64, n), make([]uint8, n), 1
		}
		if out == dtype.Float64 {
			return compactMarked[I, float64](op, accs[:chunks], seen[:chunks], group), true
		}
		return compactMarked[I, float32](op, accs[:chunks], seen[:chunks], group), true
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
	// minScatterChunk is the fewest elements a chunk of scatterSplit takes:
	// below it one goroutine is as fast (pushpull's 196K entries in two
	// chunks of 98K ran 0.79x SciPy, the three parallel phases' start-up
	// costing more than the second goroutine saved).
	minScatterChunk = 1 << 18
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

// scatterMark is scatterCount marking each group that gets an element
// (seen[g] = 1) instead of counting. (A bitmap, an eighth of the bytes, ran
// 10-25% slower on random columns: a read-modify-write of a word where a
// byte is only stored.)
func scatterMark[I kernels.Index, V float32 | float64](crd []I, v []V, accs []float64, seen []uint8) {
	v = v[:len(crd)]
	seen = seen[:len(accs)] // accs[g]'s bounds check then covers seen[g]
	for k, g := range crd {
		accs[g] += float64(v[k])
		seen[g] = 1
	}
}

// isFloat is whether d is float32 or float64.
func isFloat(d dtype.DType) bool { return d == dtype.Float64 || d == dtype.Float32 }

// markUnit is the groups compactMarked counts and writes as one unit.
const markUnit = 1 << 14

// compactMarked is compactReal for a zero fill, from the chunks' partial
// sums parts and their marks seen (1 where a chunk put an element in the
// group): a kept group's sum is its partials added in chunk order (a zero
// fill adds +0, which changes no sum of a +0-started accumulator, never
// -0), a mean's is divided by group. In parallel over units of markUnit
// groups: one pass merges the marks into seen[0] and counts them, a second
// writes each unit's keys and values (of type O) at the offset the units
// before it give. (Compacting parts[0] in place to keep it as the values
// saved an array but cost a move and, where fewer than half the groups are
// kept, a copy.)
func compactMarked[I kernels.Index, O float32 | float64](op ReduceOp, parts [][]float64, seen [][]uint8, group int64) Reduced {
	n := len(seen[0])
	units := (n + markUnit - 1) / markUnit
	offs := make([]int, units+1)
	work := int64(n) * int64(len(parts))
	parallel.ForEven(n, markUnit, work, func(lo, hi int) {
		for u := lo / markUnit; u*markUnit < hi; u++ {
			ulo, uhi := u*markUnit, min((u+1)*markUnit, n)
			s0 := seen[0][ulo:uhi]
			for _, s := range seen[1:] {
				s = s[ulo:uhi]
				s = s[:len(s0)]
				for g := range s0 {
					s0[g] |= s[g]
				}
			}
			offs[u+1] = countMarks(s0)
		}
	})
	for u := range units {
		offs[u+1] += offs[u]
	}
	kept := offs[units]
	out := dtype.Float64
	if _, f32 := any(O(0)).(float32); f32 {
		out = dtype.Float32
	}
	keys := dtype.UninitArray(indexDType[I](), []int64{int64(kept)})
	vals := dtype.UninitArray(out, []int64{int64(kept)})
	ks, vs := dtype.AsSlice[I](keys), dtype.AsSlice[O](vals)
	div := 1.0
	if op == Mean {
		div = float64(group)
	}
	parallel.ForEven(n, markUnit, work, func(lo, hi int) {
		j, s0 := offs[lo/markUnit], seen[0]
		put := func(i int) {
			v := parts[0][i]
			for _, p := range parts[1:] {
				v += p[i]
			}
			if op == Mean {
				v /= div
			}
			vs[j], ks[j] = O(v), I(i)
			j++
		}
		g := lo
		for ; g+8 <= hi; g += 8 {
			switch word8(s0[g:]) {
			case 0:
			case marks8:
				for i := g; i < g+8; i++ {
					put(i)
				}
			default:
				for i := g; i < g+8; i++ {
					if s0[i] != 0 {
						put(i)
					}
				}
			}
		}
		for ; g < hi; g++ {
			if s0[g] != 0 {
				put(g)
			}
		}
	})
	f := make([]byte, out.Size())
	storeReal(out, f, []float64{finishReal(op, initReal[float64](op), group, 0, group)})
	return Reduced{Keys: keys, Values: vals, Fill: f}
}

// marks8 is eight marks of 1 read as one little-endian word.
const marks8 = 0x0101010101010101

// countMarks is how many of seen (each 0 or 1) are 1, eight at a time.
func countMarks(seen []uint8) int {
	k, i := 0, 0
	for ; i+8 <= len(seen); i += 8 {
		k += bits.OnesCount64(word8(seen[i:]))
	}
	for _, s := range seen[i:] {
		k += int(s)
	}
	return k
}

// word8 is s[0:8] as a little-endian word (the compiler makes it one load).
func word8(s []uint8) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
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
