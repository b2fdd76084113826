//! The direct solvers with torch's semantics: [`Tensor::spsolve`],
//! [`Tensor::solve_triangular`], the reusable [`Factor`]s of [`Tensor::splu`]
//! and [`Tensor::cholesky`], and [`spdiags`].
//!
//! A singular matrix is refused with [`ErrorKind::InvalidArgument`](crate::ErrorKind)
//! naming the column ("zero pivot in column 17"); factors above the memory
//! limit with [`ErrorKind::TooLarge`](crate::ErrorKind).

use std::ptr::{self, NonNull};

use gosparse_sys as sys;

use crate::dtype::Layout;
use crate::error::{Error, ErrorKind, Result, check};
use crate::shape::CDims;
use crate::tensor::Tensor;

/// Which side of the unknown `X` the matrix stands on in a solve: torch's
/// `left=True` (`A X = B`) or `left=False` (`X A = B`).
///
/// ```
/// use gosparse::{Side, Tensor};
/// let a = Tensor::from_dense(&[2.0f64, 1.0, 0.0, 4.0], &[2, 2])?.to_sparse_csr()?;
/// let b = Tensor::from_dense(&[2.0f64, 9.0], &[2])?;
/// // x A = b: 2 x0 = 2, x0 + 4 x1 = 9.
/// assert_eq!(a.spsolve(&b, Side::Right)?.values::<f64>()?, &[1.0, 2.0]);
/// # Ok::<(), gosparse::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Side {
    /// Solve `A X = B` (torch's `left=True`, the default).
    #[default]
    Left,
    /// Solve `X A = B` (torch's `left=False`).
    Right,
}

impl Side {
    fn code(self) -> i32 {
        match self {
            Side::Left => 1,
            Side::Right => 0,
        }
    }
}

/// The triangle of the matrix that [`Tensor::solve_triangular`] reads (torch's
/// `upper=True` / `upper=False`); the other one is ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Triangle {
    /// The lower triangle, diagonal included (torch's `upper=False`).
    Lower,
    /// The upper triangle, diagonal included (torch's `upper=True`).
    Upper,
}

/// How [`Tensor::solve_triangular`] takes the diagonal (torch's
/// `unitriangular`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Diagonal {
    /// The stored diagonal (torch's `unitriangular=False`, the default).
    #[default]
    Stored,
    /// Ones, whatever is stored there (torch's `unitriangular=True`).
    Unit,
}

/// A fill-reducing ordering applied before a factorization.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ordering {
    /// COLAMD for LU, AMD for Cholesky.
    Default,
    /// The matrix's own order.
    Natural,
    /// Approximate minimum degree on the pattern of A + A^T.
    Amd,
    /// Approximate minimum degree on the pattern of A^T A (LU only).
    ColAmd,
}

impl Ordering {
    fn code(self) -> sys::gs_ordering {
        match self {
            Ordering::Default => sys::GS_ORDER_DEFAULT,
            Ordering::Natural => sys::GS_ORDER_NATURAL,
            Ordering::Amd => sys::GS_ORDER_AMD,
            Ordering::ColAmd => sys::GS_ORDER_COLAMD,
        }
    }
}

/// Which factorization a [`Factor`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FactorKind {
    /// `L U = A[p][:, q]`.
    Lu,
    /// `L L^H = A[p][:, p]`.
    Cholesky,
}

/// A reusable factorization of a square sparse matrix, freed on drop.
///
/// ```
/// use gosparse::{Ordering, Tensor};
/// let a = Tensor::from_dense(&[4.0f64, 1.0, 1.0, 3.0], &[2, 2])?.to_sparse_csr()?;
/// let f = a.cholesky(Ordering::Default)?;
/// let x = f.solve(&Tensor::from_dense(&[1.0f64, 2.0], &[2])?, gosparse::Side::Left)?;
/// let v = x.values::<f64>()?;
/// assert!((4.0 * v[0] + v[1] - 1.0).abs() < 1e-12 && (v[0] + 3.0 * v[1] - 2.0).abs() < 1e-12);
/// # Ok::<(), gosparse::Error>(())
/// ```
pub struct Factor {
    raw: NonNull<sys::gs_factor>,
}

// SAFETY: a factor is immutable after it is made; the library allows its use
// from many threads at once, and gs_factor_free runs only in Drop (exclusive).
unsafe impl Send for Factor {}
// SAFETY: as above.
unsafe impl Sync for Factor {}

impl Drop for Factor {
    fn drop(&mut self) {
        let mut p = self.raw.as_ptr();
        // SAFETY: the handle is live and owned by self.
        unsafe { sys::gs_factor_free(&mut p) };
    }
}

impl std::fmt::Debug for Factor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Factor")
            .field("kind", &self.kind())
            .field("order", &self.order())
            .field("fill", &self.fill())
            .finish()
    }
}

impl Factor {
    fn make(f: impl FnOnce(*mut *mut sys::gs_factor) -> sys::gs_status) -> Result<Factor> {
        crate::library::ensure_compatible()?;
        let mut out: *mut sys::gs_factor = ptr::null_mut();
        check(f(&mut out))?;
        NonNull::new(out)
            .map(|raw| Factor { raw })
            .ok_or_else(|| Error::new(ErrorKind::Internal, "the library returned GS_OK but no factor"))
    }

    fn ptr(&self) -> *const sys::gs_factor {
        self.raw.as_ptr()
    }

    /// Solves `A X = B` ([`Side::Left`]) or `X A = B`; `b` a vector `(n,)` or a
    /// dense matrix (`(n, k)` for `Left`, `(k, n)` otherwise) of A's dtype (an
    /// integer `b` is read in it).
    pub fn solve(&self, b: &Tensor, side: Side) -> Result<Tensor> {
        // SAFETY: live handles; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_factor_solve(self.ptr(), b.as_ptr(), side.code(), out) })
    }

    /// The lower triangular factor, an n x n CSC tensor.
    pub fn l(&self) -> Result<Tensor> {
        // SAFETY: a live handle.
        Tensor::make(|out| unsafe { sys::gs_factor_l(self.ptr(), out) })
    }

    /// The upper triangular factor of an LU factor (a Cholesky factor refuses).
    pub fn u(&self) -> Result<Tensor> {
        // SAFETY: a live handle.
        Tensor::make(|out| unsafe { sys::gs_factor_u(self.ptr(), out) })
    }

    fn perm(
        &self,
        f: unsafe extern "C" fn(*const sys::gs_factor, *mut *mut sys::gs_tensor) -> sys::gs_status,
    ) -> Result<Vec<usize>> {
        // SAFETY: a live handle.
        let t = Tensor::make(|out| unsafe { f(self.ptr(), out) })?;
        t.values::<i64>()?
            .iter()
            .map(|&p| {
                usize::try_from(p)
                    .map_err(|_| Error::new(ErrorKind::Internal, format!("the library gave a permutation entry {p}")))
            })
            .collect()
    }

    /// `p`: row `k` of the factored product is row `p[k]` of A.
    pub fn row_perm(&self) -> Result<Vec<usize>> {
        self.perm(sys::gs_factor_row_perm)
    }

    /// `q`: column `k` of the factored product is column `q[k]` of A.
    pub fn col_perm(&self) -> Result<Vec<usize>> {
        self.perm(sys::gs_factor_col_perm)
    }

    fn count(&self, f: unsafe extern "C" fn(*const sys::gs_factor, *mut i64) -> sys::gs_status) -> usize {
        let mut v = 0i64;
        // SAFETY: a live handle and a valid out-pointer.
        let st = unsafe { f(self.ptr(), &mut v) };
        check(st).expect("a getter failed on a live factor (a libgosparse bug)");
        usize::try_from(v).unwrap_or_else(|_| panic!("a factor getter reported {v} (a libgosparse bug)"))
    }

    /// Entries stored in the factors: nnz(L) + nnz(U) for LU (L's unit
    /// diagonal included), nnz(L) for Cholesky.
    pub fn fill(&self) -> usize {
        self.count(sys::gs_factor_fill)
    }

    /// The order n of the factored matrix.
    pub fn order(&self) -> usize {
        self.count(sys::gs_factor_order)
    }

    /// LU or Cholesky.
    pub fn kind(&self) -> FactorKind {
        let mut v = 0i32;
        // SAFETY: a live handle and a valid out-pointer.
        let st = unsafe { sys::gs_factor_kind(self.ptr(), &mut v) };
        check(st).expect("gs_factor_kind failed on a live factor (a libgosparse bug)");
        if v == sys::GS_FACTOR_CHOLESKY { FactorKind::Cholesky } else { FactorKind::Lu }
    }
}

impl Tensor {
    /// torch.sparse.spsolve: solves `self X = b` ([`Side::Left`]) or `X self = b`
    /// for a square sparse `self` of any layout (LU with COLAMD and partial
    /// pivoting); an integer matrix is solved in float64.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let a = Tensor::from_dense(&[2.0f64, 1.0, 0.0, 4.0], &[2, 2])?.to_sparse_csc()?;
    /// let x = a.spsolve(&Tensor::from_dense(&[3.0f64, 8.0], &[2])?, gosparse::Side::Left)?;
    /// assert_eq!(x.values::<f64>()?, &[0.5, 2.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn spsolve(&self, b: &Tensor, side: Side) -> Result<Tensor> {
        // SAFETY: live handles; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_spsolve(self.as_ptr(), b.as_ptr(), side.code(), out) })
    }

    /// torch.linalg.solve_triangular for a sparse triangular `self`: only the
    /// `triangle` named is read; [`Diagonal::Unit`] takes the diagonal as
    /// ones. A zero on the diagonal is refused naming the row.
    ///
    /// ```
    /// use gosparse::{Diagonal, Side, Tensor, Triangle};
    /// // Lower triangle [[2, 0], [1, 4]]; the stored 9 above it is not read.
    /// let a = Tensor::from_dense(&[2.0f64, 9.0, 1.0, 4.0], &[2, 2])?.to_sparse_csr()?;
    /// let b = Tensor::from_dense(&[2.0f64, 9.0], &[2, 1])?;
    /// let x = a.solve_triangular(&b, Triangle::Lower, Side::Left, Diagonal::Stored)?;
    /// assert_eq!(x.values::<f64>()?, &[1.0, 2.0]);
    /// let x = a.solve_triangular(&b, Triangle::Lower, Side::Left, Diagonal::Unit)?;
    /// assert_eq!(x.values::<f64>()?, &[2.0, 7.0]);
    /// // Upper triangle [[2, 9], [0, 4]]: the stored 1 below it is not read.
    /// let x = a.solve_triangular(&b, Triangle::Upper, Side::Left, Diagonal::Stored)?;
    /// assert_eq!(x.values::<f64>()?, &[-9.125, 2.25]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn solve_triangular(&self, b: &Tensor, triangle: Triangle, side: Side, diagonal: Diagonal) -> Result<Tensor> {
        let upper = i32::from(triangle == Triangle::Upper);
        let unit = i32::from(diagonal == Diagonal::Unit);
        // SAFETY: live handles; make provides the out-pointer.
        Tensor::make(|out| unsafe {
            sys::gs_solve_triangular(self.as_ptr(), b.as_ptr(), upper, side.code(), unit, out)
        })
    }

    /// LU factorization `L U = self[p][:, q]` with threshold partial pivoting
    /// (`pivot_threshold` in [0, 1]; 1.0 is partial pivoting).
    pub fn splu(&self, ordering: Ordering, pivot_threshold: f64) -> Result<Factor> {
        // SAFETY: a live handle; make provides the out-pointer.
        Factor::make(|out| unsafe { sys::gs_splu(self.as_ptr(), ordering.code(), pivot_threshold, out) })
    }

    /// Cholesky factorization `L L^H = self[p][:, p]` of a symmetric
    /// (Hermitian) positive definite matrix, reading its lower triangle.
    pub fn cholesky(&self, ordering: Ordering) -> Result<Factor> {
        // SAFETY: a live handle; make provides the out-pointer.
        Factor::make(|out| unsafe { sys::gs_cholesky(self.as_ptr(), ordering.code(), out) })
    }
}

/// torch.sparse.spdiags: row `d` of `diagonals` on the diagonal `offsets[d]`,
/// element `j` of the row in column `j`; positions outside `shape` are left
/// out. `layout` is COO (torch's default), CSR or CSC.
///
/// ```
/// use gosparse::{Layout, Tensor};
/// let d = Tensor::from_dense(&[1.0f64, 2.0, 3.0], &[1, 3])?;
/// let o = Tensor::from_dense(&[-1i64], &[1])?;
/// let s = gosparse::spdiags(&d, &o, [3, 3], Layout::SparseCsr)?;
/// assert_eq!(s.to_dense()?.values::<f64>()?, &[0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 2.0, 0.0]);
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn spdiags(diagonals: &Tensor, offsets: &Tensor, shape: [usize; 2], layout: Layout) -> Result<Tensor> {
    let shape = CDims::new(&shape, "shape")?;
    // SAFETY: live handles; shape holds 2 values.
    Tensor::make(|out| unsafe {
        sys::gs_spdiags(diagonals.as_ptr(), offsets.as_ptr(), shape.as_ptr(), layout.code(), out)
    })
}

/// The number of factors made and not yet freed.
pub fn live_factors() -> i64 {
    // SAFETY: no arguments.
    unsafe { sys::gs_live_factors() }
}
