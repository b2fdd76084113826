//! Fill values: the value of a tensor's unspecified elements.

use gosparse_sys as sys;

use crate::element::Element;
use crate::error::Result;
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
}
