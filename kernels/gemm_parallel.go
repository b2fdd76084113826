package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// gemmParallelWork is the count of fused products below which the dense
// kernels run on the calling goroutine: a split wakes goroutines (tens of
// microseconds on a VM) and the tile does about 1e10 products a second.
// Tests lower it to force the splits on small blocks.
var gemmParallelWork = int64(1 << 21)

// gemmParts returns how many goroutines should share work fused products.
func gemmParts(work int64) int {
	if work < gemmParallelWork {
		return 1
	}
	return int(max(1, min(int64(parallel.Workers()), work/max(1, gemmParallelWork/2))))
}

// gemmSplit cuts [0, n) into parts ranges of about equal weight (the sum of
// weight(i) over the range), each starting at a multiple of 16 (a whole
// number of tiles); it returns parts+1 bounds.
func gemmSplit(n, parts int, weight func(i int) int64) []int {
	const step = 16
	total := int64(0)
	for i := 0; i < n; i += step {
		total += weight(i) * int64(min(step, n-i))
	}
	bounds := make([]int, parts+1)
	bounds[parts] = n
	acc, p := int64(0), 1
	for i := 0; i < n && p < parts; i += step {
		for p < parts && acc >= total*int64(p)/int64(parts) {
			bounds[p] = i
			p++
		}
		acc += weight(i) * int64(min(step, n-i))
	}
	for ; p < parts; p++ {
		bounds[p] = n
	}
	return bounds
}
