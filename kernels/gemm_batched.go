package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// GemmBatched sets each c[i] (m x n, row-major at c[i*m*n:]) to alpha *
// a[i] @ b[i] for i < nb, a[i] (m x k) at a[i*m*k:] and b[i] (k x n) at
// b[i*k*n:]: torch.bmm of strided tensors. Products too small for Gemm's
// own split run whole batches per goroutine (eight 64 x 64 @ 64 x 32
// products would otherwise run one after another on one thread); larger
// ones run one after another, each split as Gemm splits it. Every entry is
// summed as Gemm sums it, so results do not depend on the thread count.
// Panics (a caller's bug) when a slice is shorter than its shape.
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
	parts := min(parallel.Parts(2*int64(nb)*each), nb)
	if gemmParts(each) > 1 || parts <= 1 {
		for i := range nb {
			one(i)
		}
		return
	}
	bounds := parallel.SplitEven(nb, parts)
	parallel.For(parts, func(p int) {
		for i := bounds[p]; i < bounds[p+1]; i++ {
			one(i)
		}
	})
}
