//! Dense tensors to and from `ndarray` arrays (feature `ndarray`).

use ndarray::{ArrayBase, ArrayD, Data, Dimension, IxDyn};

use crate::dtype::Layout;
use crate::element::Element;
use crate::error::{Error, Result};
use crate::tensor::Tensor;

impl Tensor {
    /// A strided tensor holding a copy of an ndarray array (any memory order;
    /// the tensor is row-major).
    ///
    /// ```
    /// use ndarray::array;
    /// let a = array![[1.0f64, 0.0], [0.0, 2.0]];
    /// let t = gosparse::Tensor::from_ndarray(&a.t())?; // a transposed view
    /// assert_eq!(t.values::<f64>()?, &[1.0, 0.0, 0.0, 2.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn from_ndarray<T: Element, S: Data<Elem = T>, D: Dimension>(a: &ArrayBase<S, D>) -> Result<Tensor> {
        match a.as_slice() {
            Some(s) => Tensor::from_dense(s, a.shape()),
            None => Tensor::from_vec(a.iter().copied().collect(), a.shape()),
        }
    }

    /// The tensor's dense value as an ndarray array (sparse layouts are
    /// densified first); `T` must be the tensor's element type.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[0i64, 1, 1, 0], 2, &[3i32, 4], Some(&[2, 2]))?;
    /// let a = t.to_ndarray::<i32>()?;
    /// assert_eq!(a, ndarray::array![[0, 3], [4, 0]].into_dyn());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_ndarray<T: Element>(&self) -> Result<ArrayD<T>> {
        self.expect_dtype::<T>("to_ndarray")?;
        let dense;
        let t = if self.layout() == Layout::Strided {
            self
        } else {
            dense = self.to_dense()?;
            &dense
        };
        let shape = t.shape();
        ArrayD::from_shape_vec(IxDyn(&shape), t.values::<T>()?.to_vec())
            .map_err(|e| Error::invalid(format!("to_ndarray: shape {shape:?}: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Complex64, Tensor};
    use ndarray::{Array3, ArrayD, IxDyn};

    #[test]
    fn round_trips_through_ndarray() {
        let a = Array3::from_shape_fn((2, 3, 4), |(i, j, k)| (i * 100 + j * 10 + k) as f32);
        let t = Tensor::from_ndarray(&a).unwrap();
        assert_eq!(t.shape(), vec![2, 3, 4]);
        assert_eq!(t.to_ndarray::<f32>().unwrap(), a.into_dyn());
    }

    #[test]
    fn non_contiguous_views_are_copied_in_row_major_order() {
        let a = Array3::from_shape_fn((2, 3, 4), |(i, j, k)| (i * 100 + j * 10 + k) as i64);
        let v = a.slice(ndarray::s![.., 1.., ..;2]);
        let t = Tensor::from_ndarray(&v).unwrap();
        assert_eq!(t.to_ndarray::<i64>().unwrap(), v.to_owned().into_dyn());
    }

    #[test]
    fn sparse_tensors_densify_and_dtypes_are_checked() {
        let t = Tensor::sparse_coo(&[1i64], 1, &[Complex64::new(1.0, -1.0)], Some(&[3])).unwrap();
        let a = t.to_ndarray::<Complex64>().unwrap();
        assert_eq!(
            a,
            ArrayD::from_shape_vec(
                IxDyn(&[3]),
                vec![Complex64::default(), Complex64::new(1.0, -1.0), Complex64::default()]
            )
            .unwrap()
        );
        let err = t.to_ndarray::<f64>().unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::DType);
    }
}
