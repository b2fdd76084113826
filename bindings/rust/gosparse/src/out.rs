//! [`DenseOut`]: a dense tensor whose memory nothing else shares, the `out` of
//! the safe in-place products [`Tensor::mv_out`] and [`Tensor::mm_out`].

use std::fmt;

use crate::dtype::DType;
use crate::dtype::Layout;
use crate::element::Element;
use crate::error::Result;
use crate::shape::Shape;
use crate::tensor::Tensor;

/// A strided tensor that owns its memory alone: made only by copying or
/// zero-filling, and never lent to an operation that could share it (it gives
/// no `&Tensor`). A product can therefore write into it through `&mut` while
/// the borrow checker proves that no slice of it is being read.
///
/// ```
/// use gosparse::{DenseOut, Tensor};
/// let m = Tensor::from_dense(&[1.0f64, 0.0, 0.0, 2.0], &[2, 2])?.to_sparse_csr()?;
/// let x = Tensor::from_dense(&[3.0f64, 4.0], &[2])?;
/// let mut y = DenseOut::zeros::<f64>(&[2])?;
/// for _ in 0..3 {
///     m.mv_out(&x, &mut y)?; // nothing allocated per call
/// }
/// assert_eq!(y.values::<f64>()?, &[3.0, 8.0]);
/// let y: Tensor = y.into_tensor(); // an ordinary tensor from here on
/// assert_eq!(y.shape(), [2]);
/// # Ok::<(), gosparse::Error>(())
/// ```
///
/// A slice of the output cannot be alive while a product writes it: this
/// does not compile.
///
/// ```compile_fail,E0502
/// use gosparse::{DenseOut, Tensor};
/// let m = Tensor::from_dense(&[1.0f64, 0.0, 0.0, 2.0], &[2, 2])?;
/// let x = Tensor::from_dense(&[3.0f64, 4.0], &[2])?;
/// let mut y = DenseOut::zeros::<f64>(&[2])?;
/// let before = y.values::<f64>()?;
/// m.mv_out(&x, &mut y)?; // would change what `before` reads
/// assert_eq!(before, &[0.0, 0.0]);
/// # Ok::<(), gosparse::Error>(())
/// ```
pub struct DenseOut {
    t: Tensor,
}

impl DenseOut {
    /// A zero-filled output of element type `T` and the given shape.
    ///
    /// ```
    /// let y = gosparse::DenseOut::zeros::<f32>(&[2, 3])?;
    /// assert_eq!((y.shape(), y.dtype()), (gosparse::Shape::new(&[2, 3])?, gosparse::DType::Float32));
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn zeros<T: Element>(shape: &[usize]) -> Result<DenseOut> {
        DenseOut::zeros_of(T::DTYPE, shape)
    }

    /// A zero-filled output of the given dtype and shape.
    pub fn zeros_of(dtype: DType, shape: &[usize]) -> Result<DenseOut> {
        Ok(DenseOut { t: Tensor::empty(Layout::Strided, dtype, shape)? })
    }

    /// An output holding a copy of `data` (row-major, of the given shape).
    ///
    /// ```
    /// let y = gosparse::DenseOut::from_dense(&[1i64, 2, 3], &[3])?;
    /// assert_eq!(y.values::<i64>()?, &[1, 2, 3]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn from_dense<T: Element>(data: &[T], shape: &[usize]) -> Result<DenseOut> {
        Ok(DenseOut { t: Tensor::from_dense(data, shape)? })
    }

    /// The elements, row-major, borrowed until the next write (`T` must be
    /// the dtype).
    pub fn values<T: Element>(&self) -> Result<&[T]> {
        self.t.values::<T>()
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.t.shape()
    }

    /// The element type.
    pub fn dtype(&self) -> DType {
        self.t.dtype()
    }

    /// A copy as an ordinary tensor, sharing nothing with the output.
    ///
    /// ```
    /// use gosparse::{DenseOut, Tensor};
    /// let m = Tensor::from_dense(&[2.0f64], &[1, 1])?;
    /// let mut y = DenseOut::zeros::<f64>(&[1])?;
    /// m.mv_out(&Tensor::from_dense(&[1.0f64], &[1])?, &mut y)?;
    /// let first = y.to_tensor()?;
    /// m.mv_out(&Tensor::from_dense(&[5.0f64], &[1])?, &mut y)?;
    /// assert_eq!((first.values::<f64>()?, y.values::<f64>()?), (&[2.0][..], &[10.0][..]));
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_tensor(&self) -> Result<Tensor> {
        self.t.try_clone()
    }

    /// The output as an ordinary tensor, ending its role as an output.
    pub fn into_tensor(self) -> Tensor {
        self.t
    }

    /// The tensor the library writes: only the products below reach it.
    pub(crate) fn target(&mut self) -> &mut Tensor {
        &mut self.t
    }
}

impl fmt::Debug for DenseOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DenseOut").field("dtype", &self.dtype()).field("shape", &self.shape()).finish()
    }
}
