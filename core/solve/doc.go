// Package solve owns the direct solvers of gosparse: sparse triangular solves,
// sparse LU with threshold partial pivoting (Gilbert-Peierls, left-looking,
// after an approximate minimum degree column ordering; where the factors
// run dense, panels of columns take the earlier supernodes' updates as dense
// blocks), sparse Cholesky
// (supernodal with dense blocks, after an approximate minimum degree
// symmetric ordering), torch's spsolve on top of them (an LU solution
// refined once), and spdiags.
//
// Every function takes core tensors and returns new ones; inputs are never
// modified. Arithmetic runs in float64 or complex128 (float32 and complex64
// inputs are widened and their results narrowed back). Factorizations size
// their result against tensor.MemoryLimit before they allocate it (Cholesky
// exactly, from its symbolic analysis; LU as its factors grow, since pivoting
// decides the fill) and refuse with errs.ErrTooLarge beyond it.
//
// The package imports core/tensor, core/dtype, core/errs, core/budget and
// the kernels; of the core only core/autograd imports it.
package solve
