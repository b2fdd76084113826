package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// GemmBatched sets each c[i] (m x n, row-major at c[i*m*n:]) to alpha *
// a[i] @ b[i] for i < nb, a[i] (m x k) at a[i*m*k:] and b[i] (k x n) at
// b[i*k*n:]: torch.bmm of strided tensors. Products too small for Gemm's
// own split are taken a batch at a time by the goroutines in turn
// (parallel.RunChunks: its helpers poll between calls, and the caller never
// waits for one that has not started, where a fixed split's wake-up and
// wait cost as much as eight 64 x 64 @ 64 x 32 products); larger ones run
// one after another, each split as Gemm splits it. Every entry is summed as
// Gemm sums it, so results do not depend on the thread count. Panics (a
// caller's bug) when a slice is shorter than its shape.
func GemmBatched[V float32 | float64](nb, m, k, n int, alpha V, a, b, c []V) {
	if nb <= 0 || m <= 0 || n <= 0 {
		return
	}
	if len(a) < nb*m*k || len(b) < nb*k*n || len(c) < nb*m*n {
		panic("kernels.GemmBatched: a slice is shorter than its shape")
	}
	one := func(i int) {
		Gemm(m, k, n, alpha, a[i*m*k:(i+1)*m*k], b[i*k*n:(i+1)*k*n], c[i*m*n:(i+1)*m*n])
	}
	each := int64(m) * int64(n) * int64(max(k, 1))
	workers := min(parallel.Workers(), nb)
	if gemmParts(each) > 1 || workers <= 1 || int64(nb)*each < gemmBatchedWork {
		for i := range nb {
			one(i)
		}
		return
	}
	parallel.RunChunks(workers, nb, func(_, i int) { one(i) })
}

// gemmBatchedWork is the fused products of a batch below which its
// products run on the calling goroutine: ~20 us of tile work, past the
// ~5 us it takes a polling helper to join and the caller to see it finish.
// Tests lower it to force the split on small batches.
var gemmBatchedWork = int64(1 << 18)
