//! The iterative and randomized spectral methods with torch's semantics:
//! [`Tensor::lobpcg`] (torch.lobpcg), [`Tensor::svd_lowrank`] and
//! [`Tensor::pca_lowrank`], for a 2-D real matrix of any layout. The random
//! draws come from the `seed` argument alone.

use std::ptr;

use gosparse_sys as sys;

use crate::error::Result;
use crate::tensor::Tensor;

/// The LOBPCG variant, torch's `method`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LobpcgMethod {
    /// "ortho" (torch's default): a B-orthonormal basis, converged pairs locked.
    #[default]
    Ortho,
    /// "basic" (Knyazev 2001): Cholesky of the basis' Gram matrix.
    Basic,
}

/// torch.lobpcg's knobs of the orthonormalization in method ortho (torch's
/// `_get_ortho`); a zero field takes torch's default, given in brackets.
/// Out-of-range values are refused by the library, naming the field.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OrthoParams {
    /// `ortho_i_max` \[3\]: outer rounds, 1..=100.
    pub i_max: i64,
    /// `ortho_j_max` \[3\]: SVQB rounds in each outer round, 1..=100.
    pub j_max: i64,
    /// `ortho_tol` \[tol\]: the relative tolerance that ends the rounds, in (0, 1).
    pub tol: f64,
    /// `ortho_tol_drop` \[tol\]: with `use_drop`, the first SVQB of a round
    /// raises eigenvalues below it (relative to the largest), in (0, 1).
    pub tol_drop: f64,
    /// `ortho_tol_replace` \[tol\]: SVQB raises (with `use_drop`, in later
    /// rounds, drops) eigenvalues below it, in (0, 1).
    pub tol_replace: f64,
    /// `ortho_use_drop` \[false\]: drop the directions that add little to the basis.
    pub use_drop: bool,
}

/// torch.lobpcg's arguments besides A; `Default` gives torch's defaults
/// (largest eigenpairs, one of them, 1000 iterations at most).
#[derive(Clone, Copy, Debug)]
pub struct LobpcgOptions<'a> {
    /// Eigenpairs wanted; 0: `x`'s column count, or 1.
    pub k: i64,
    /// Block size; 0: `k` (`x`'s column count when `x` is given).
    pub n: i64,
    /// Symmetric positive definite B of `A x = λ B x` (None: the identity).
    pub b: Option<&'a Tensor>,
    /// The initial block (m, n); None: normal draws from `seed`.
    pub x: Option<&'a Tensor>,
    /// A preconditioner applied to the residuals.
    pub ik: Option<&'a Tensor>,
    /// The iteration limit (-1: until convergence). None: 1000, and stopping
    /// there short of `tol` is an [`ErrorKind::NoConvergence`](crate::ErrorKind)
    /// error; Some: the approximation comes back, its [`LobpcgInfo`] saying
    /// how far it got (torch's behaviour).
    pub niter: Option<i64>,
    /// The relative residual tolerance; None: the square root of the result
    /// dtype's machine epsilon.
    pub tol: Option<f64>,
    /// The largest eigenpairs (true) or the smallest.
    pub largest: bool,
    /// The variant.
    pub method: LobpcgMethod,
    /// Seed of the draws of the initial block.
    pub seed: u64,
    /// torch's `ortho_iparams` / `ortho_fparams` / `ortho_bparams` (method
    /// ortho only); None: the library's own orthonormalization.
    pub ortho: Option<OrthoParams>,
}

impl Default for LobpcgOptions<'_> {
    fn default() -> Self {
        LobpcgOptions {
            k: 0,
            n: 0,
            b: None,
            x: None,
            ik: None,
            niter: None,
            tol: None,
            largest: true,
            method: LobpcgMethod::Ortho,
            seed: 0,
            ortho: None,
        }
    }
}

/// What an LOBPCG run did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LobpcgInfo {
    /// Iterations done, the first Rayleigh-Ritz step counted.
    pub iterations: i64,
    /// Leading eigenpairs whose relative residual is below `tol`.
    pub converged: i64,
    /// The largest relative residual of the pairs returned.
    pub residual: f64,
    /// The tolerance used.
    pub tol: f64,
}

/// torch.lobpcg's `(E, X)` with the run's record.
#[derive(Debug)]
pub struct Lobpcg {
    /// The eigenvalues (k,), largest first (or smallest first).
    pub eigenvalues: Tensor,
    /// The eigenvectors (m, k), B-orthonormal.
    pub eigenvectors: Tensor,
    /// What the run did.
    pub info: LobpcgInfo,
}

/// Adopts a handle the library already wrote (through `make`'s out-pointer).
pub(crate) fn adopt(raw: *mut sys::gs_tensor) -> Result<Tensor> {
    Tensor::make(|out| {
        // SAFETY: make provides a valid out-pointer.
        unsafe { *out = raw };
        sys::GS_OK
    })
}

pub(crate) fn ptr_of(t: Option<&Tensor>) -> *const sys::gs_tensor {
    t.map_or(ptr::null(), Tensor::as_ptr)
}

/// Runs a call writing three tensors (U, S, V).
fn three(
    f: impl FnOnce(*mut *mut sys::gs_tensor, *mut *mut sys::gs_tensor, *mut *mut sys::gs_tensor) -> sys::gs_status,
) -> Result<(Tensor, Tensor, Tensor)> {
    let (mut s, mut v): (*mut sys::gs_tensor, *mut sys::gs_tensor) = (ptr::null_mut(), ptr::null_mut());
    let u = Tensor::make(|u| f(u, &mut s, &mut v))?;
    Ok((u, adopt(s)?, adopt(v)?))
}

/// Whether [`Tensor::pca_lowrank`] subtracts the column means first (torch's
/// `center`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Centering {
    /// Subtract each column's mean (torch's `center=True`, the default).
    #[default]
    Centered,
    /// Take the matrix as it is (torch's `center=False`).
    Uncentered,
}

impl Tensor {
    /// torch.lobpcg: the k largest (or smallest) eigenpairs of the symmetric
    /// `self`, or of `self x = λ B x`. Requires `self`'s order >= 3 n.
    /// A batched `self` (*, m, m), dense or sparse, is solved matrix by
    /// matrix as torch does (`b` of the same shape, `x` (*, m, n)):
    /// eigenvalues (*, k), eigenvectors (*, m, k).
    ///
    /// ```
    /// use gosparse::{LobpcgOptions, Tensor};
    /// let mut d = vec![0.0f64; 144];
    /// for i in 0..12 { d[i * 12 + i] = (i + 1) as f64; }
    /// let a = Tensor::from_dense(&d, &[12, 12])?.to_sparse_csr()?;
    /// let r = a.lobpcg(&LobpcgOptions { k: 2, ..Default::default() })?;
    /// let e = r.eigenvalues.values::<f64>()?;
    /// assert!((e[0] - 12.0).abs() < 1e-6 && (e[1] - 11.0).abs() < 1e-6);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn lobpcg(&self, o: &LobpcgOptions<'_>) -> Result<Lobpcg> {
        self.lobpcg_call(o, None)
    }

    /// torch.svd_lowrank(self, q, niter, M): `(U, S, V)` with
    /// `self - M ≈ U diag(S) V^T` (Halko et al.; q above min(m, n) is
    /// reduced to it). Differentiable in `self` and `M`: U, S and V
    /// back-propagate through the composition torch runs, for the draw used;
    /// a sparse operand's gradient has its pattern and layout.
    pub fn svd_lowrank(&self, q: i64, niter: i64, m: Option<&Tensor>, seed: u64) -> Result<(Tensor, Tensor, Tensor)> {
        // SAFETY: live handles or NULL for M; valid out-pointers.
        three(|u, s, v| unsafe { sys::gs_svd_lowrank(self.as_ptr(), q, niter, ptr_of(m), seed, u, s, v) })
    }

    /// torch.pca_lowrank(self, q, center, niter): svd_lowrank of the matrix,
    /// with its column means subtracted ([`Centering::Centered`], applied
    /// inside the products) or as it is; q None takes min(6, m, n).
    /// Differentiable as [`Tensor::svd_lowrank`], the centring's column-mean
    /// term included.
    pub fn pca_lowrank(
        &self,
        q: Option<i64>,
        centering: Centering,
        niter: i64,
        seed: u64,
    ) -> Result<(Tensor, Tensor, Tensor)> {
        let center = i32::from(centering == Centering::Centered);
        // SAFETY: a live handle; valid out-pointers.
        three(|u, s, v| unsafe { sys::gs_pca_lowrank(self.as_ptr(), q.unwrap_or(-1), center, niter, seed, u, s, v) })
    }

    /// The random matrix R (float64, min(m, n) x min(q, m, n)) that
    /// [`Tensor::svd_lowrank`] and [`Tensor::pca_lowrank`] draw for an m x n
    /// matrix, q and seed: torch's own composition run on it gives the same
    /// results.
    pub fn lowrank_draw(m: i64, n: i64, q: i64, seed: u64) -> Result<Tensor> {
        // SAFETY: a valid out-pointer.
        Tensor::make(|out| unsafe { sys::gs_lowrank_draw(m, n, q, seed, out) })
    }
}
