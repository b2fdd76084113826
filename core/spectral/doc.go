// Package spectral owns the iterative and randomized spectral methods of
// gosparse, with torch's semantics: Lobpcg (torch.lobpcg: the k extreme
// eigenpairs of a symmetric A, or of the generalized problem A x = λ B x with
// B symmetric positive definite, by Knyazev's locally optimal block
// preconditioned conjugate gradient, in the "basic" form of Knyazev 2001 or
// the "ortho" form of Stathopoulos-Wu and Duersch et al. 2018), SvdLowrank
// (torch.svd_lowrank: the randomized range finder with subspace iteration of
// Halko, Martinsson and Tropp 2009, Algorithms 4.4 and 5.1) and PcaLowrank
// (torch.pca_lowrank: the same on the column-centred matrix, whose centring
// is applied as a rank-one correction inside the products so a sparse input
// is never densified).
//
// SvdLowrankTaped and PcaLowrankTaped also return a LowrankTape, the
// forward's intermediates (the draw, each QR's Q and R, B's SVD), whose
// Backward differentiates the composition as torch's autograd does for the
// draw used and hands the gradient of A back as two dense factors, so that
// core/autograd samples it on a sparse A's pattern instead of forming it.
//
// The sparse operands may have any format: they are read once as CSR (and
// CSR of the transpose where the method needs A^T) and every product with a
// block of vectors goes through kernels.SpMM. A non-zero fill value is a
// rank-one term of the operator, so to_dense(op(A)) == op(to_dense(A)).
// Arithmetic runs in float64 (float32 inputs are widened, results narrowed
// back); the small dense problems (Rayleigh-Ritz eigenproblems, the SVD of
// the projected matrix, QR of thin blocks) are solved here by Jacobi
// rotations and Householder reflections.
//
// The package imports core/ops, core/tensor, core/dtype, core/errs,
// core/budget and kernels; of the core only core/autograd imports it.
package spectral
