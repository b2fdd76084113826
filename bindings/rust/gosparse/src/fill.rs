//! Fill values: the value of a tensor's unspecified elements.

use gosparse_sys as sys;

use crate::array::ArrayRef;
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
    /// `coalesce`, `clone` and the getters; the other calls refuse it
    /// ([`ErrorKind::Unsupported`](crate::ErrorKind::Unsupported)).
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

    /// The fill as an array over the dense dims (row-major): the per-slot
    /// fill, or the scalar fill repeated. Lent by the tensor.
    pub fn fill_array<T: Element>(&self) -> Result<&[T]> {
        let mut a = sys::gs_array::default();
        // SAFETY: live handle, valid out-pointer.
        check(unsafe { sys::gs_tensor_fill_array(self.as_ptr(), &mut a) })?;
        lent_slice(self, &a, "fill_array")
    }
}
