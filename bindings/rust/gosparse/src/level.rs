//! The storage-level model: every layout is an ordered list of levels, each
//! with a type, an expression over one dimension and `pos`/`crd` arrays.

use gosparse_sys as sys;

use crate::component::{Indices, lent_indices};
use crate::error::{Error, ErrorKind, Result, check};
use crate::tensor::Tensor;

/// A level's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LevelKind {
    /// Every coordinate is present implicitly.
    Dense,
    /// `pos` holds half-open intervals into `crd` per parent entry.
    Compressed,
    /// One coordinate in `crd` per parent entry.
    Singleton,
}

/// Which function of its dimension a level stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LevelExpr {
    /// The dimension's index `i`.
    Id,
    /// `i / c` (block row/column of BSR/BSC).
    Div(i64),
    /// `i % c` (position inside a block).
    Mod(i64),
}

/// One storage level: type, expression, extent and properties.
///
/// ```
/// use gosparse::{LevelKind, Tensor};
/// let t = Tensor::from_dense(&[0.0f64, 1.0, 2.0, 0.0], &[2, 2])?.to_sparse_csr()?;
/// let levels = t.levels()?;
/// assert_eq!(levels.len(), 2);
/// assert_eq!(levels[0].kind, LevelKind::Dense);       // i : dense
/// assert_eq!(levels[1].kind, LevelKind::Compressed);  // j : compressed
/// assert_eq!(t.level_pos(1)?.to_vec(), t.crow_indices()?.to_vec());
/// assert_eq!(t.level_crd(1)?.to_vec(), t.col_indices()?.to_vec());
/// # Ok::<(), gosparse::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Level {
    /// The level type.
    pub kind: LevelKind,
    /// The tensor dimension the level's expression reads.
    pub dim: usize,
    /// The expression over that dimension.
    pub expr: LevelExpr,
    /// The level's extent (number of possible coordinates).
    pub size: i64,
    /// Whether coordinates within one parent are unique.
    pub unique: bool,
    /// Whether coordinates within one parent are sorted.
    pub ordered: bool,
}

impl Tensor {
    /// The number of storage levels.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[0i64, 1], 2, &[1.0f64], Some(&[2, 2]))?;
    /// assert_eq!(t.num_levels()?, 2); // i : compressed(nonunique), j : singleton
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn num_levels(&self) -> Result<usize> {
        let mut n = 0i32;
        // SAFETY: live handle, valid out-pointer.
        check(unsafe { sys::gs_tensor_num_levels(self.as_ptr(), &mut n) })?;
        Ok(n as usize)
    }

    /// The description of level `level` (0 is the outermost).
    ///
    /// ```
    /// use gosparse::{LevelExpr, Tensor};
    /// let t = Tensor::from_dense(&[1.0f64; 8], &[2, 4])?.to_sparse_bsr([2, 2])?;
    /// assert_eq!(t.level(0)?.expr, LevelExpr::Div(2));
    /// assert!(t.level(9).is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn level(&self, level: usize) -> Result<Level> {
        let l = level_arg(level)?;
        let (mut kind, mut dim, mut expr, mut c, mut size, mut unique, mut ordered) = (0, 0, 0, 0i64, 0i64, 0, 0);
        // SAFETY: live handle and seven valid out-pointers.
        check(unsafe {
            sys::gs_tensor_level_info(
                self.as_ptr(),
                l,
                &mut kind,
                &mut dim,
                &mut expr,
                &mut c,
                &mut size,
                &mut unique,
                &mut ordered,
            )
        })?;
        let internal =
            |what: &str, v: i64| Error::new(ErrorKind::Internal, format!("level {level}: unknown {what} {v}"));
        Ok(Level {
            kind: match kind {
                sys::GS_LEVEL_DENSE => LevelKind::Dense,
                sys::GS_LEVEL_COMPRESSED => LevelKind::Compressed,
                sys::GS_LEVEL_SINGLETON => LevelKind::Singleton,
                k => return Err(internal("level kind", i64::from(k))),
            },
            dim: dim as usize,
            expr: match expr {
                sys::GS_EXPR_ID => LevelExpr::Id,
                sys::GS_EXPR_DIV => LevelExpr::Div(c),
                sys::GS_EXPR_MOD => LevelExpr::Mod(c),
                e => return Err(internal("level expression", i64::from(e))),
            },
            size,
            unique: unique != 0,
            ordered: ordered != 0,
        })
    }

    /// Every level, outermost first.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[1i32], &[1])?;
    /// let n = t.num_levels()?;
    /// assert_eq!(t.levels()?.len(), n);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn levels(&self) -> Result<Vec<Level>> {
        (0..self.num_levels()?).map(|l| self.level(l)).collect()
    }

    /// The `pos` array of a compressed level, lent.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[0i64, 1, 1, 0], 2, &[1.0f64, 2.0], Some(&[2, 2]))?;
    /// assert_eq!(t.level_pos(0)?.to_vec(), vec![0, 2]); // one parent, two entries
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn level_pos(&self, level: usize) -> Result<Indices<'_>> {
        self.level_array(level, sys::gs_tensor_level_pos, "pos")
    }

    /// The `crd` array of a compressed or singleton level, lent.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[0i64, 1, 1, 0], 2, &[1.0f64, 2.0], Some(&[2, 2]))?;
    /// assert_eq!(t.level_crd(1)?.to_vec(), vec![1, 0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn level_crd(&self, level: usize) -> Result<Indices<'_>> {
        self.level_array(level, sys::gs_tensor_level_crd, "crd")
    }

    /// The body of [`Tensor::level_pos`] and [`Tensor::level_crd`]: `get`
    /// lends the array `what` of level `level`.
    fn level_array(
        &self,
        level: usize,
        get: unsafe extern "C" fn(*const sys::gs_tensor, i32, *mut sys::gs_array) -> sys::gs_status,
        what: &str,
    ) -> Result<Indices<'_>> {
        let l = level_arg(level)?;
        let mut a = sys::gs_array::default();
        // SAFETY: live handle, valid out-pointer.
        check(unsafe { get(self.as_ptr(), l, &mut a) })?;
        lent_indices(self, &a, what)
    }
}

/// A level number as the C API's `int32_t` (larger: out of range, as the
/// library says of a level past the last).
fn level_arg(level: usize) -> Result<i32> {
    i32::try_from(level).map_err(|_| Error::new(ErrorKind::Index, format!("level {level} is out of range")))
}
