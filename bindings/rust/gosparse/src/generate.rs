//! Seeded, deterministic test matrices (coalesced COO, float64).

use gosparse_sys as sys;

use crate::error::Result;
use crate::tensor::Tensor;

/// The 5-point Laplacian on an `n x n` grid: an `n² x n²` matrix.
///
/// ```
/// let a = gosparse::generate::stencil2d(3)?;
/// assert_eq!(a.shape(), vec![9, 9]);
/// assert_eq!(a.nnz(), 9 + 2 * 12); // diagonal + both directions of 12 grid edges
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn stencil2d(n: i64) -> Result<Tensor> {
    // SAFETY: plain arguments; make provides the out-pointer.
    Tensor::make(|out| unsafe { sys::gs_gen_stencil2d(n, out) })
}

/// The 7-point Laplacian on an `n x n x n` grid: an `n³ x n³` matrix.
///
/// ```
/// let a = gosparse::generate::stencil3d(2)?;
/// assert_eq!(a.shape(), vec![8, 8]);
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn stencil3d(n: i64) -> Result<Tensor> {
    // SAFETY: plain arguments; make provides the out-pointer.
    Tensor::make(|out| unsafe { sys::gs_gen_stencil3d(n, out) })
}

/// A random `n x n` banded matrix with `lower` sub- and `upper` super-diagonals.
///
/// ```
/// let a = gosparse::generate::banded(5, 1, 1, 42)?;
/// assert_eq!(a.shape(), vec![5, 5]);
/// assert!(a.equal(&gosparse::generate::banded(5, 1, 1, 42)?)?); // deterministic
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn banded(n: i64, lower: i64, upper: i64, seed: u64) -> Result<Tensor> {
    // SAFETY: plain arguments; make provides the out-pointer.
    Tensor::make(|out| unsafe { sys::gs_gen_banded(n, lower, upper, seed, out) })
}

/// A random block-diagonal matrix of `nblocks` dense `block x block` blocks.
///
/// ```
/// let a = gosparse::generate::block_diagonal(3, 2, 7)?;
/// assert_eq!(a.shape(), vec![6, 6]);
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn block_diagonal(nblocks: i64, block: i64, seed: u64) -> Result<Tensor> {
    // SAFETY: plain arguments; make provides the out-pointer.
    Tensor::make(|out| unsafe { sys::gs_gen_block_diagonal(nblocks, block, seed, out) })
}

/// An R-MAT graph's adjacency matrix: `2^scale` vertices, about
/// `edge_factor · 2^scale` edges.
///
/// ```
/// let a = gosparse::generate::rmat(4, 4, 1)?;
/// assert_eq!(a.shape(), vec![16, 16]);
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn rmat(scale: i32, edge_factor: i64, seed: u64) -> Result<Tensor> {
    // SAFETY: plain arguments; make provides the out-pointer.
    Tensor::make(|out| unsafe { sys::gs_gen_rmat(scale, edge_factor, seed, out) })
}

/// A `rows x cols` matrix with `nnz` entries at uniformly random positions.
///
/// ```
/// let a = gosparse::generate::uniform(10, 20, 30, 3)?;
/// assert_eq!(a.shape(), vec![10, 20]);
/// assert!(gosparse::generate::uniform(-1, 20, 30, 3).is_err());
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn uniform(rows: i64, cols: i64, nnz: i64, seed: u64) -> Result<Tensor> {
    // SAFETY: plain arguments; make provides the out-pointer.
    Tensor::make(|out| unsafe { sys::gs_gen_uniform(rows, cols, nnz, seed, out) })
}
