//! Seeded, deterministic test matrices (coalesced COO, float64).

use gosparse_sys as sys;

use crate::error::Result;
use crate::shape::c_size;
use crate::tensor::Tensor;

/// The 5-point Laplacian on an `n x n` grid: an `n² x n²` matrix.
///
/// ```
/// let a = gosparse::generate::stencil2d(3)?;
/// assert_eq!(a.shape(), vec![9, 9]);
/// assert_eq!(a.nnz(), 9 + 2 * 12); // diagonal + both directions of 12 grid edges
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn stencil2d(n: usize) -> Result<Tensor> {
    let n = c_size(n, "n")?;
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
pub fn stencil3d(n: usize) -> Result<Tensor> {
    let n = c_size(n, "n")?;
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
pub fn banded(n: usize, lower: usize, upper: usize, seed: u64) -> Result<Tensor> {
    let (n, lower, upper) = (c_size(n, "n")?, c_size(lower, "lower")?, c_size(upper, "upper")?);
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
pub fn block_diagonal(nblocks: usize, block: usize, seed: u64) -> Result<Tensor> {
    let (nblocks, block) = (c_size(nblocks, "nblocks")?, c_size(block, "block")?);
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
pub fn rmat(scale: u32, edge_factor: usize, seed: u64) -> Result<Tensor> {
    let scale = i32::try_from(scale).map_err(|_| crate::Error::invalid(format!("scale = {scale}: too large")))?;
    let edge_factor = c_size(edge_factor, "edge_factor")?;
    // SAFETY: plain arguments; make provides the out-pointer.
    Tensor::make(|out| unsafe { sys::gs_gen_rmat(scale, edge_factor, seed, out) })
}

/// A `rows x cols` matrix with `nnz` entries at uniformly random positions.
///
/// ```
/// let a = gosparse::generate::uniform(10, 20, 30, 3)?;
/// assert_eq!(a.shape(), vec![10, 20]);
/// assert!(gosparse::generate::uniform(2, 2, 5, 3).is_err()); // 5 entries in 4 cells
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn uniform(rows: usize, cols: usize, nnz: usize, seed: u64) -> Result<Tensor> {
    let (rows, cols, nnz) = (c_size(rows, "rows")?, c_size(cols, "cols")?, c_size(nnz, "nnz")?);
    // SAFETY: plain arguments; make provides the out-pointer.
    Tensor::make(|out| unsafe { sys::gs_gen_uniform(rows, cols, nnz, seed, out) })
}
