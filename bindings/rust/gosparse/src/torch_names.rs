//! torch's names for operations the crate already has (issue 18's list of
//! the torch.sparse API): dtype and size predicates, `zeros_like` /
//! `empty_like`, and the transposes `mT`, `H`, `mH`. The in-place forms
//! (`zero_`, `t_`, ...) have no Rust spelling: tensors are immutable.

use crate::dtype::{DType, Layout};
use crate::error::{Error, Result};
use crate::tensor::Tensor;

impl Tensor {
    /// torch's `is_complex()`: whether the dtype is complex.
    ///
    /// ```
    /// use gosparse::{Complex64, Tensor};
    /// assert!(Tensor::from_dense(&[Complex64::new(1.0, 2.0)], &[1])?.is_complex());
    /// assert!(!Tensor::from_dense(&[1.0f64], &[1])?.is_complex());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn is_complex(&self) -> bool {
        self.dtype().is_complex()
    }

    /// torch's `is_floating_point()`: whether the dtype is a real floating
    /// type (float16, bfloat16, float32, float64; complex is not).
    ///
    /// ```
    /// use gosparse::{Complex64, Tensor};
    /// assert!(Tensor::from_dense(&[1.0f32], &[1])?.is_floating_point());
    /// assert!(!Tensor::from_dense(&[1i64], &[1])?.is_floating_point());
    /// assert!(!Tensor::from_dense(&[Complex64::new(0.0, 1.0)], &[1])?.is_floating_point());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn is_floating_point(&self) -> bool {
        let d = self.dtype();
        d.is_floating() && !d.is_complex()
    }

    /// torch's `is_signed()`: every dtype but bool and uint8.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// assert!(Tensor::from_dense(&[-1i8], &[1])?.is_signed());
    /// assert!(!Tensor::from_dense(&[1u8], &[1])?.is_signed());
    /// assert!(!Tensor::from_dense(&[true], &[1])?.is_signed());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn is_signed(&self) -> bool {
        !matches!(self.dtype(), DType::Bool | DType::UInt8)
    }

    /// torch's `is_same_size(other)`: whether both have the same shape.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let a = Tensor::from_dense(&[0.0f64; 6], &[2, 3])?;
    /// assert!(a.is_same_size(&a.to_sparse_csr()?));
    /// assert!(!a.is_same_size(&a.t()?));
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn is_same_size(&self, other: &Tensor) -> bool {
        self.shape() == other.shape()
    }

    /// torch's `is_nonzero()`: whether the one element of a one-element
    /// tensor is not zero (NaN is not zero). Any other element count is an
    /// error, as in torch.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// assert!(Tensor::sparse_coo(&[0i64], 1, &[2.5f64], Some(&[1]))?.is_nonzero()?);
    /// assert!(!Tensor::from_dense(&[0i32], &[1, 1])?.is_nonzero()?);
    /// assert!(Tensor::from_dense(&[f64::NAN], &[1])?.is_nonzero()?);
    /// assert!(Tensor::from_dense(&[1.0f64, 2.0], &[2])?.is_nonzero().is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn is_nonzero(&self) -> Result<bool> {
        let n = self.shape().numel();
        if n != 1 {
            let what = if n == 0 { "no values" } else { "more than one value" };
            return Err(Error::invalid(format!("is_nonzero: Boolean value of Tensor with {what} is ambiguous")));
        }
        let b = self.to_dense()?.to_dtype(DType::Bool)?;
        Ok(b.values::<bool>()?[0])
    }

    /// torch's `zeros_like(self)`: a tensor of this shape, dtype and layout
    /// that reads zero everywhere. A sparse result stores no elements and
    /// keeps the dense dims, the block size (BSR/BSC) and the index width.
    ///
    /// ```
    /// use gosparse::{Layout, Tensor};
    /// let a = Tensor::from_dense(&[1.0f32, 0.0, 0.0, 2.0], &[2, 2])?.to_sparse_csr()?;
    /// let z = a.zeros_like()?;
    /// assert_eq!((z.layout(), z.dtype(), z.nnz()), (Layout::SparseCsr, a.dtype(), 0));
    /// assert_eq!(z.to_dense()?.values::<f32>()?, &[0.0; 4]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn zeros_like(&self) -> Result<Tensor> {
        let layout = self.layout();
        let blocksize = if layout.is_blocked() { Some(self.blocksize()) } else { None };
        let dense_dim = if layout == Layout::Strided { 0 } else { self.dense_dim() };
        let z = Tensor::empty_with(layout, self.dtype(), &self.shape(), blocksize, dense_dim)?;
        let width = self.index_width();
        if width != 0 && z.index_width() != width { z.to_index_width(width) } else { Ok(z) }
    }

    /// torch's `empty_like(self)`: gosparse has no uninitialised memory, so
    /// the same as [`zeros_like`](Tensor::zeros_like).
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let a = Tensor::from_dense(&[1i64; 4], &[4])?.to_sparse(1)?;
    /// assert!(a.empty_like()?.equal(&a.zeros_like()?)?);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn empty_like(&self) -> Result<Tensor> {
        self.zeros_like()
    }

    /// torch's `mT`: the last two dims swapped (a batch of matrices
    /// transposed); fewer than 2 dims is an error.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let a = Tensor::from_dense(&[1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], &[1, 2, 3])?.to_sparse_coo()?;
    /// let m = a.mt()?;
    /// assert_eq!(m.shape(), [1, 3, 2]);
    /// assert_eq!(m.to_dense()?.values::<f64>()?, &[1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    /// assert!(Tensor::from_dense(&[1.0f64], &[1])?.mt().is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    #[doc(alias = "mT")]
    pub fn mt(&self) -> Result<Tensor> {
        self.need_matrices("mT")?;
        self.transpose(-2, -1)
    }

    /// torch's `H`: the conjugate transpose of a matrix (the transpose for a
    /// real dtype); only 2-D tensors.
    ///
    /// ```
    /// use gosparse::{Complex64, Tensor};
    /// let a = Tensor::from_dense(&[Complex64::new(0.0, 1.0), Complex64::new(2.0, 0.0)], &[1, 2])?;
    /// let h = a.h()?;
    /// assert_eq!(h.shape(), [2, 1]);
    /// assert_eq!(h.values::<Complex64>()?, &[Complex64::new(0.0, -1.0), Complex64::new(2.0, 0.0)]);
    /// assert!(Tensor::from_dense(&[1.0f64; 8], &[2, 2, 2])?.h().is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    #[doc(alias = "H")]
    pub fn h(&self) -> Result<Tensor> {
        if self.ndim() != 2 {
            return Err(Error::invalid(format!(
                "tensor.H is only supported on matrices (2-D tensors). Got {}-D tensor.",
                self.ndim()
            )));
        }
        self.t()?.conj_if_complex()
    }

    /// torch's `mH`: the last two dims swapped and conjugated.
    ///
    /// ```
    /// use gosparse::{Complex64, Tensor};
    /// let a = Tensor::from_dense(&[Complex64::new(1.0, 1.0); 4], &[1, 2, 2])?.to_sparse_coo()?;
    /// let mh = a.mh()?;
    /// assert_eq!(mh.shape(), [1, 2, 2]);
    /// assert!(mh.to_dense()?.values::<Complex64>()?.iter().all(|z| *z == Complex64::new(1.0, -1.0)));
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    #[doc(alias = "mH")]
    pub fn mh(&self) -> Result<Tensor> {
        self.need_matrices("mH")?;
        self.transpose(-2, -1)?.conj_if_complex()
    }

    fn need_matrices(&self, what: &str) -> Result<()> {
        if self.ndim() < 2 {
            return Err(Error::invalid(format!(
                "tensor.{what} is only supported on matrices or batches of matrices. Got {}-D tensor.",
                self.ndim()
            )));
        }
        Ok(())
    }

    fn conj_if_complex(self) -> Result<Tensor> {
        if self.is_complex() { self.conj_physical() } else { Ok(self) }
    }
}
