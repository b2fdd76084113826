//! torch's `where(condition, x, y)` with tensors or numbers as `x` and `y`.

use std::ptr;

use gosparse_sys as sys;

use crate::elementwise::Operand;
use crate::error::Result;
use crate::tensor::Tensor;

/// The (tensor, number) pointer pair of one operand of `gs_where`: exactly
/// one of them is non-NULL.
fn where_operand(o: &Operand<'_>, number: &mut sys::gs_number) -> (*const sys::gs_tensor, *const sys::gs_number) {
    match o {
        Operand::Tensor(t) => (t.as_ptr(), ptr::null()),
        Operand::Number(n) => {
            *number = n.raw();
            (ptr::null(), number)
        }
    }
}

impl Tensor {
    /// torch's `where(condition, x, y)` (`where` is a Rust keyword): `x`
    /// where `condition` is non-zero, else `y`. `x` and `y` are tensors of
    /// `condition`'s shape (no broadcasting) or numbers; a number acts as a
    /// tensor that stores nothing and has that fill value, and takes part in
    /// type promotion as a Python literal does. The result is in
    /// `condition`'s layout when it is sparse (else the first sparse
    /// operand's), stores an element where any operand does, and has the fill
    /// value `where(fill(condition), fill(x), fill(y))`.
    ///
    /// ```
    /// use gosparse::{Layout, Tensor};
    /// let mask = Tensor::sparse_csr(&[0i64, 1, 2], &[1, 0], &[true, true], Some(&[2, 2]))?;
    /// let x = Tensor::from_dense(&[1.0f64, 2.0, 3.0, 4.0], &[2, 2])?;
    /// let r = Tensor::where_(&mask, &x, -1.0)?;
    /// assert_eq!(r.layout(), Layout::SparseCsr);
    /// assert_eq!(r.to_dense()?.values::<f64>()?, &[-1.0, 2.0, 3.0, -1.0]);
    /// assert_eq!(r.fill_value::<f64>()?, -1.0);
    /// let n = Tensor::where_(&mask, 7i64, 0i64)?; // two numbers: mask's pattern
    /// assert_eq!((n.nnz(), n.to_dense()?.values::<i64>()?), (2, &[0, 7, 7, 0][..]));
    /// let wrong = Tensor::from_dense(&[1.0f64; 3], &[3])?;
    /// assert!(Tensor::where_(&mask, &wrong, 0.0).is_err()); // shapes differ
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn where_<'a, 'b>(condition: &Tensor, x: impl Into<Operand<'a>>, y: impl Into<Operand<'b>>) -> Result<Tensor> {
        let (xo, yo) = (x.into(), y.into());
        let (mut xn, mut yn) = (sys::gs_number::default(), sys::gs_number::default());
        let (xt, xp) = where_operand(&xo, &mut xn);
        let (yt, yp) = where_operand(&yo, &mut yn);
        // SAFETY: live handles (borrowed by the operands); xn and yn outlive the call.
        Tensor::make(|out| unsafe { sys::gs_where(condition.as_ptr(), xt, xp, yt, yp, out) })
    }
}
