//! Semi-structured sparsity as torch has it (`torch.sparse.to_sparse_semi_structured`,
//! CUTLASS layout) on the CPU: 2 of every 4 elements of a row kept for
//! float16, bfloat16 and int8, 1 of every 2 for float32; `values()` and
//! `indices()` byte for byte torch's, products accumulated in float32 (int32
//! for int8).

use std::ptr::{self, NonNull};

use gosparse_sys as sys;

use crate::array::ArrayRef;
use crate::component::{lent_slice, shape_of};
use crate::dtype::DType;
use crate::element::Element;
use crate::elementwise::Number;
use crate::error::{Error, ErrorKind, Result, check};
use crate::shape::Shape;
use crate::tensor::Tensor;

/// A semi-structured sparse matrix (an owning `gs_semi` handle), immutable:
/// `Send` and `Sync` as [`Tensor`] is, and its lent [`values`](Self::values)
/// and [`indices`](Self::indices) borrow it, so they cannot outlive it:
///
/// ```compile_fail,E0505
/// use gosparse::{F16, Tensor};
/// let w = Tensor::from_dense(&[F16::from_f32(0.0); 32 * 64], &[32, 64])?.to_sparse_semi_structured()?;
/// let meta = w.indices::<i16>()?;
/// drop(w); // freeing w would leave meta dangling
/// assert_eq!(meta.len(), 32 * 4);
/// # Ok::<(), gosparse::Error>(())
/// ```
///
///
/// ```
/// use gosparse::{F16, Tensor};
/// // torch's docs example: [0, 0, 1, 1] in every strip of a 32 x 64 float16 matrix.
/// let d: Vec<F16> = (0..32 * 64).map(|i| F16::from_f32(if i % 4 >= 2 { 1.0 } else { 0.0 })).collect();
/// let w = Tensor::from_dense(&d, &[32, 64])?.to_sparse_semi_structured()?;
/// assert_eq!(w.indices::<i16>()?, &[-4370i16; 32 * 4][..]);
/// let x = Tensor::from_dense(&vec![F16::from_f32(1.0); 64 * 2], &[64, 2])?;
/// assert_eq!(w.mm(&x)?.to_dtype(gosparse::DType::Float32)?.values::<f32>()?, &[32.0f32; 64][..]);
/// # Ok::<(), gosparse::Error>(())
/// ```
pub struct SemiStructured {
    raw: NonNull<sys::gs_semi>,
}

// SAFETY: an opaque registry key to an immutable object; the header allows
// any threads.
unsafe impl Send for SemiStructured {}
// SAFETY: see above.
unsafe impl Sync for SemiStructured {}

impl Drop for SemiStructured {
    fn drop(&mut self) {
        let mut p = self.raw.as_ptr();
        // SAFETY: we own the handle.
        unsafe {
            sys::gs_semi_free(&mut p);
        }
    }
}

impl SemiStructured {
    fn make(f: impl FnOnce(*mut *mut sys::gs_semi) -> sys::gs_status) -> Result<SemiStructured> {
        crate::library::ensure_compatible()?;
        let mut out: *mut sys::gs_semi = ptr::null_mut();
        check(f(&mut out))?;
        NonNull::new(out)
            .map(|raw| SemiStructured { raw })
            .ok_or_else(|| Error::new(ErrorKind::Internal, "the library returned GS_OK but no gs_semi"))
    }

    /// The raw handle, owned by this object.
    pub fn as_ptr(&self) -> *const sys::gs_semi {
        self.raw.as_ptr()
    }

    /// From copies of torch's `values()` (rows x cols/2) and `indices()`
    /// (the CUTLASS metadata: `i16`, or `i32` for int8 values); every
    /// metadata nibble is checked.
    pub fn from_parts<V: Element, M: Element>(
        values: ArrayRef<'_, V>,
        indices: ArrayRef<'_, M>,
    ) -> Result<SemiStructured> {
        let (v, m) = (values.raw(), indices.raw());
        // SAFETY: both describe live slices; the library copies them.
        SemiStructured::make(|out| unsafe { sys::gs_semi_from_parts(&v, &m, out) })
    }

    fn info(&self) -> (DType, [usize; 2], (i32, i32), bool) {
        let (mut dt, mut shape, mut n, mut m, mut tr) = (0, [0i64; 2], 0, 0, 0);
        // SAFETY: a live handle and valid out-pointers (shape holds 2).
        let st = unsafe { sys::gs_semi_info(self.as_ptr(), &mut dt, shape.as_mut_ptr(), &mut n, &mut m, &mut tr) };
        if let Err(e) = check(st) {
            panic!("gs_semi_info failed on a live handle: {e}");
        }
        let s = Shape::from_c(&shape);
        (DType::from_code(dt).unwrap_or(DType::Float16), [s[0], s[1]], (n, m), tr != 0)
    }

    /// The dtype of the values.
    pub fn dtype(&self) -> DType {
        self.info().0
    }

    /// The shape (swapped for a transpose).
    pub fn shape(&self) -> [usize; 2] {
        self.info().1
    }

    /// `(n, m)`: n kept of every m.
    pub fn sparsity(&self) -> (i32, i32) {
        self.info().2
    }

    /// Whether this is the `t()` of a compressed original.
    pub fn is_transposed(&self) -> bool {
        self.info().3
    }

    fn lend<T: Element>(
        &self,
        f: unsafe extern "C" fn(*const sys::gs_semi, *mut sys::gs_array) -> sys::gs_status,
        what: &str,
    ) -> Result<&[T]> {
        let mut a = sys::gs_array::default();
        // SAFETY: a live handle and a valid out-pointer.
        check(unsafe { f(self.as_ptr(), &mut a) })?;
        lent_slice(self, &a, what)
    }

    /// torch's `values()` of the compressed original, row-major (rows x cols/2).
    pub fn values<T: Element>(&self) -> Result<&[T]> {
        self.lend(sys::gs_semi_values, "values")
    }

    /// torch's `indices()`: the CUTLASS metadata (`i16`; `i32` for int8), row-major.
    pub fn indices<T: Element>(&self) -> Result<&[T]> {
        self.lend(sys::gs_semi_indices, "indices")
    }

    /// The shape of `indices()`.
    pub fn indices_shape(&self) -> Result<Shape> {
        let mut a = sys::gs_array::default();
        // SAFETY: a live handle and a valid out-pointer.
        check(unsafe { sys::gs_semi_indices(self.as_ptr(), &mut a) })?;
        Ok(shape_of(&a))
    }

    /// The dense matrix (strided).
    pub fn to_dense(&self) -> Result<Tensor> {
        // SAFETY: a live handle.
        Tensor::make(|out| unsafe { sys::gs_semi_to_dense(self.as_ptr(), out) })
    }

    /// The transpose, sharing this one's storage.
    pub fn t(&self) -> Result<SemiStructured> {
        // SAFETY: a live handle.
        SemiStructured::make(|out| unsafe { sys::gs_semi_t(self.as_ptr(), out) })
    }

    /// torch's `mm(self, dense)`.
    pub fn mm(&self, dense: &Tensor) -> Result<Tensor> {
        // SAFETY: live handles.
        Tensor::make(|out| unsafe { sys::gs_semi_mm(self.as_ptr(), dense.as_ptr(), out) })
    }
}

impl Tensor {
    /// torch's `to_sparse_semi_structured(self)`: refuses (never prunes) a
    /// strip with more than n nonzeros, naming it, and shapes torch's CUTLASS
    /// backend refuses.
    pub fn to_sparse_semi_structured(&self) -> Result<SemiStructured> {
        // SAFETY: a live handle.
        SemiStructured::make(|out| unsafe { sys::gs_to_sparse_semi_structured(self.as_ptr(), out) })
    }

    /// torch's `mm(self, other)` with a semi-structured `other`.
    pub fn mm_semi(&self, other: &SemiStructured) -> Result<Tensor> {
        // SAFETY: live handles.
        Tensor::make(|out| unsafe { sys::gs_dense_mm_semi(self.as_ptr(), other.as_ptr(), out) })
    }

    /// torch's `addmm(self, mat1, mat2)` with a semi-structured `mat2`:
    /// `beta * self + alpha * (mat1 @ mat2)`, `self` 1-d (a bias per column).
    pub fn addmm_semi(&self, mat1: &Tensor, mat2: &SemiStructured, beta: Number, alpha: Number) -> Result<Tensor> {
        let (b, a) = (beta.raw(), alpha.raw());
        // SAFETY: live handles; b and a outlive the call.
        Tensor::make(|out| unsafe { sys::gs_semi_addmm(self.as_ptr(), mat1.as_ptr(), mat2.as_ptr(), &b, &a, out) })
    }

    /// `torch.nn.functional.linear(self, weight, bias)` with a semi-structured
    /// weight (out_features x in_features); `self` is (*, in_features).
    pub fn linear_semi(&self, weight: &SemiStructured, bias: Option<&Tensor>) -> Result<Tensor> {
        let b = bias.map_or(ptr::null(), Tensor::as_ptr);
        // SAFETY: live handles (bias may be NULL).
        Tensor::make(|out| unsafe { sys::gs_semi_linear(self.as_ptr(), weight.as_ptr(), b, out) })
    }

    /// A bool mask keeping, in every strip of `m` along the last dim, the `n`
    /// elements of largest magnitude (ties to the lower column, NaN largest).
    pub fn semi_structured_mask(&self, n: i32, m: i32) -> Result<Tensor> {
        // SAFETY: a live handle.
        Tensor::make(|out| unsafe { sys::gs_semi_structured_mask(self.as_ptr(), n, m, out) })
    }

    /// `self` with every strip pruned to its dtype's pattern (2:4; 1:2 for float32).
    pub fn prune_semi_structured(&self) -> Result<Tensor> {
        // SAFETY: a live handle.
        Tensor::make(|out| unsafe { sys::gs_prune_semi_structured(self.as_ptr(), out) })
    }
}
