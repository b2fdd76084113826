//! Fill values: the value of a tensor's unspecified elements.

use gosparse_sys as sys;

use crate::array::{ArrayRef, raw_array};
use crate::component::lent_slice;
use crate::element::Element;
use crate::error::{Result, check};
use crate::tensor::Tensor;

impl Tensor {
    /// A copy whose unspecified elements read `value` (of the tensor's
    /// element type): `to_dense` materialises it, conversions and the
    /// operators carry it, sums count it. Stored elements are unchanged; on a
    /// strided tensor the value is only recorded (a later conversion to a
    /// sparse layout stores the elements that differ from it).
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let t = Tensor::sparse_coo(&[1i64], 1, &[5.0f64], Some(&[3]))?.with_fill_value(-1.0f64)?;
    /// assert_eq!(t.fill_value::<f64>()?, -1.0);
    /// assert_eq!(t.to_dense()?.values::<f64>()?, &[-1.0, 5.0, -1.0]);
    /// assert_eq!(t.sum(&[])?.values::<f64>()?, &[3.0]);
    /// assert!(t.with_fill_value(1i32).is_err()); // not the tensor's dtype
    /// // A dense source with a fill stores only what differs from it.
    /// let ones = Tensor::from_dense(&[1i32, 1, 4, 1], &[4])?.with_fill_value(1i32)?;
    /// assert_eq!(ones.to_sparse_coo()?.nnz(), 1);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn with_fill_value<T: Element>(&self, value: T) -> Result<Tensor> {
        self.expect_dtype::<T>("with_fill_value")?;
        let n = std::mem::size_of::<T>() as i64;
        let p = (&value as *const T).cast();
        // SAFETY: live handle; p points to n bytes (one T) that outlive the call.
        Tensor::make(|out| unsafe { sys::gs_with_fill_value(self.as_ptr(), p, n, out) })
    }

    /// A copy whose unspecified elements read a per-slot fill (the fill-value
    /// RFC's form for hybrid tensors): `fill` has the shape of the dense dims,
    /// and slot `d` of every unspecified sparse position reads `fill[d]`.
    /// All-equal elements give the scalar fill. A tensor with a per-slot fill
    /// supports `to_dense`, the conversions that keep its dense dims,
    /// `coalesce`, `clone`, the getters, the element-wise ops and the
    /// binary ops with a tensor or a number (fill slot `d` of the result is
    /// `op(fill_a[d], fill_b[d])`); the other calls refuse it
    /// ([`ErrorKind::Unsupported`](crate::ErrorKind::Unsupported)). An array
    /// of another dtype is refused ([`ErrorKind::DType`](crate::ErrorKind::DType)).
    ///
    /// ```
    /// use gosparse::{ArrayRef, Tensor};
    /// let t = Tensor::sparse_coo(&[1i64], 1, &[5.0f64, 6.0], Some(&[2, 2]))?;
    /// let p = t.with_fill_array(ArrayRef::vector(&[7.0f64, -1.0]))?;
    /// assert_eq!(p.fill_array::<f64>()?, &[7.0, -1.0]);
    /// assert_eq!(p.to_dense()?.values::<f64>()?, &[7.0, -1.0, 5.0, 6.0]);
    /// assert!(p.fill_value::<f64>().is_err()); // no one number describes it
    /// assert!(p.sum(&[]).is_err()); // not supported with a per-slot fill
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn with_fill_array<T: Element>(&self, fill: ArrayRef<'_, T>) -> Result<Tensor> {
        self.expect_dtype::<T>("with_fill_array")?;
        let a = fill.raw();
        // SAFETY: live handle; a describes fill, which outlives the call.
        Tensor::make(|out| unsafe { sys::gs_with_fill_array(self.as_ptr(), &a, out) })
    }

    /// A copy whose unspecified elements have no value: the fill-value RFC's
    /// undefined fill (Python `fill_value=[]`), with the masked semantics of
    /// `torch.masked`. Element-wise ops and ops with a number map the stored
    /// values only; two tensors with undefined fills combine only when they
    /// specify the same elements; reductions and softmax skip the unspecified
    /// elements; conversions between sparse layouts and transpose, permute,
    /// unsqueeze and squeeze keep it; `to_dense` needs a value
    /// (`with_fill_value` first). Products, reshape, cat and indexing refuse
    /// it ([`ErrorKind::Unsupported`](crate::ErrorKind::Unsupported)).
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let t = Tensor::sparse_coo(&[0i64, 2, 0, 1], 2, &[3.0f64, -1.0], Some(&[3, 2]))?;
    /// let u = t.with_undefined_fill()?;
    /// assert!(u.fill_is_undefined()? && !t.fill_is_undefined()?);
    /// assert!(u.to_dense().is_err()); // no dense value without one
    /// let m = u.amax(&[1])?; // row 1 specifies nothing: it stays unspecified
    /// assert!(m.fill_is_undefined()?);
    /// assert_eq!(m.with_fill_value(9.0f64)?.to_dense()?.values::<f64>()?, &[3.0, 9.0, -1.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn with_undefined_fill(&self) -> Result<Tensor> {
        // An array of shape (0,) is the undefined fill (gs_with_fill_array).
        let a = raw_array(std::ptr::null_mut(), self.dtype().code(), &[0]);
        // SAFETY: live handle; a describes no element.
        Tensor::make(|out| unsafe { sys::gs_with_fill_array(self.as_ptr(), &a, out) })
    }

    /// Whether the fill is undefined ([`Tensor::with_undefined_fill`]):
    /// `gs_tensor_fill_array` reports it as an array of shape (0,).
    pub fn fill_is_undefined(&self) -> Result<bool> {
        let mut a = sys::gs_array::default();
        // SAFETY: live handle, valid out-pointer.
        check(unsafe { sys::gs_tensor_fill_array(self.as_ptr(), &mut a) })?;
        Ok(a.ndim == 1 && a.shape[0] == 0)
    }

    /// The fill as an array over the dense dims (row-major): the per-slot
    /// fill, or the scalar fill repeated (empty for an undefined fill). Lent
    /// by the tensor.
    pub fn fill_array<T: Element>(&self) -> Result<&[T]> {
        let mut a = sys::gs_array::default();
        // SAFETY: live handle, valid out-pointer.
        check(unsafe { sys::gs_tensor_fill_array(self.as_ptr(), &mut a) })?;
        lent_slice(self, &a, "fill_array")
    }
}
