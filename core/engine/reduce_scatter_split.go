package engine

import (
	"math/bits"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// scatterSplit is ReduceScatter's sum (and mean) of float32 or float64
// values, on one goroutine or several: the groups [0, n) are split into
// even ranges, and each goroutine reads every key but folds only the
// elements of its own groups. A group's elements still fold in storage
// order, so the result is bit-identical at any thread count (partial sums
// per goroutine, combined afterwards, would not be). The keys are read
// once per goroutine; the values, accumulators and counts are each touched
// by one. Where the fill is zero a group's count only decides whether it is
// kept, so a one-byte mark replaces it (a store instead of a 4-byte
// read-modify-write per element, a quarter of the array). ok is false
// where it does not apply (another op or dtype, more than 2^32 elements).
func scatterSplit[I kernels.Index](op ReduceOp, crd []I, n int64, vals dtype.Array, group int64, fill []byte, out dtype.DType) (Reduced, bool) {
	if (op != Sum && op != Mean) || (vals.DType != dtype.Float64 && vals.DType != dtype.Float32) || int64(len(crd)) >= 1<<32 {
		return Reduced{}, false
	}
	parts := max(min(parallel.Parts(int64(len(crd))), int(n)), 1)
	accs := make([]float64, n) // zeroed: the identity of sum is +0
	bounds := parallel.SplitEven(int(n), parts)
	kept := make([]int, parts)
	if zeroBytes(fill) {
		seen := make([]uint8, n)
		parallel.For(parts, func(p int) {
			lo, hi := bounds[p], bounds[p+1]
			if vals.DType == dtype.Float64 {
				scatterMarkRange(crd, dtype.AsSlice[float64](vals), accs, seen, lo, hi, parts == 1)
			} else {
				scatterMarkRange(crd, dtype.AsSlice[float32](vals), accs, seen, lo, hi, parts == 1)
			}
			kept[p] = countMarks(seen[lo:hi])
		})
		return compactMarked[I](op, accs, seen, sumInts(kept), group, out), true
	}
	cnt := make([]uint32, n)
	parallel.For(parts, func(p int) {
		lo, hi := bounds[p], bounds[p+1]
		if vals.DType == dtype.Float64 {
			scatterSumRange(crd, dtype.AsSlice[float64](vals), accs, cnt, lo, hi)
		} else {
			scatterSumRange(crd, dtype.AsSlice[float32](vals), accs, cnt, lo, hi)
		}
		for _, c := range cnt[lo:hi] {
			if c > 0 {
				kept[p]++
			}
		}
	})
	return compactReal[I](op, accs, cnt, false, sumInts(kept), group, floatFill(vals.DType, fill), out), true
}

func sumInts(s []int) int {
	t := 0
	for _, k := range s {
		t += k
	}
	return t
}

// scatterSumRange adds each element whose key lies in [lo, hi) into its
// group's accumulator and counts it, in storage order.
func scatterSumRange[I kernels.Index, V float32 | float64](crd []I, v []V, accs []float64, cnt []uint32, lo, hi int) {
	v = v[:len(crd)]
	span := uint64(hi - lo)
	for k, g := range crd {
		if uint64(int64(g)-int64(lo)) < span {
			accs[g] += float64(v[k])
			cnt[g]++
		}
	}
}

// scatterMarkRange is scatterSumRange marking each group that gets an
// element (seen[g] = 1) instead of counting; all says [lo, hi) holds every
// key (one goroutine), so no key is tested.
func scatterMarkRange[I kernels.Index, V float32 | float64](crd []I, v []V, accs []float64, seen []uint8, lo, hi int, all bool) {
	v = v[:len(crd)]
	seen = seen[:len(accs)] // accs[g]'s bounds check then covers seen[g]
	if all {
		for k, g := range crd {
			accs[g] += float64(v[k])
			seen[g] = 1
		}
		return
	}
	span := uint64(hi - lo)
	for k, g := range crd {
		if uint64(int64(g)-int64(lo)) < span {
			accs[g] += float64(v[k])
			seen[g] = 1
		}
	}
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

// compactMarked is compactReal for a zero fill with marks for counts: a
// kept group's sum is its accumulator as it is (a zero fill adds +0, which
// changes no sum of a +0-started accumulator, never -0), a mean's is
// divided by group. Runs of eight kept groups move as one block.
func compactMarked[I kernels.Index](op ReduceOp, accs []float64, seen []uint8, kept int, group int64, out dtype.DType) Reduced {
	keys := dtype.UninitArray(indexDType[I](), []int64{int64(kept)})
	ks := dtype.AsSlice[I](keys)
	j, g := 0, 0
	for ; g+8 <= len(seen); g += 8 {
		if word8(seen[g:]) == marks8 {
			if j != g {
				copy(accs[j:j+8], accs[g:g+8])
			}
			k := (*[8]I)(ks[j:])
			for i := range k {
				k[i] = I(g + i)
			}
			j += 8
			continue
		}
		for i := g; i < g+8; i++ {
			if seen[i] != 0 {
				accs[j], ks[j] = accs[i], I(i)
				j++
			}
		}
	}
	for ; g < len(seen); g++ {
		if seen[g] != 0 {
			accs[j], ks[j] = accs[g], I(g)
			j++
		}
	}
	if op == Mean {
		for i := range accs[:kept] {
			accs[i] /= float64(group)
		}
	}
	return packReal(op, accs, kept, group, 0, out, keys)
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
