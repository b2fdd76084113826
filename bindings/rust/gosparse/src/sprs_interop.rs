//! CSR/CSC tensors to and from `sprs` matrices (feature `sprs`).

use std::ops::Deref;

use sprs::{CsMat, CsMatBase, SpIndex};

use crate::dtype::Layout;
use crate::element::{Element, IndexType};
use crate::error::{Error, Result};
use crate::tensor::Tensor;

fn widen<I: SpIndex, W: TryFrom<usize>>(v: &[I]) -> Vec<W> {
    v.iter().map(|i| W::try_from(i.index()).ok().expect("checked to fit")).collect()
}

fn to_usize(what: &str, v: Vec<i64>) -> Result<Vec<usize>> {
    v.into_iter()
        .map(|i| usize::try_from(i).map_err(|_| Error::invalid(format!("{what}: negative index {i}"))))
        .collect()
}

impl Tensor {
    /// A CSR tensor from a CSR matrix, a CSC tensor from a CSC matrix (copies;
    /// indices are stored with the automatic width).
    ///
    /// ```
    /// let m = sprs::CsMat::new((2, 3), vec![0, 1, 2], vec![2, 0], vec![1.5f64, -1.0]);
    /// let t = gosparse::Tensor::from_csmat(&m)?;
    /// assert_eq!(t.layout(), gosparse::Layout::SparseCsr);
    /// assert_eq!(t.to_dense()?.values::<f64>()?, &[0.0, 0.0, 1.5, -1.0, 0.0, 0.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn from_csmat<T, I, Iptr, IptrS, IndS, DataS>(m: &CsMatBase<T, I, IptrS, IndS, DataS, Iptr>) -> Result<Tensor>
    where
        T: Element,
        I: SpIndex,
        Iptr: SpIndex,
        IptrS: Deref<Target = [Iptr]>,
        IndS: Deref<Target = [I]>,
        DataS: Deref<Target = [T]>,
    {
        let size = [m.rows(), m.cols()];
        fn build<W: IndexType, T: Element>(
            csr: bool,
            ptr: &[W],
            idx: &[W],
            data: &[T],
            size: &[usize],
        ) -> Result<Tensor> {
            if csr {
                Tensor::sparse_csr(ptr, idx, data, Some(size))
            } else {
                Tensor::sparse_csc(ptr, idx, data, Some(size))
            }
        }
        // The library's automatic width: int32 while every index and count fits.
        let fits = |n: usize| i32::try_from(n).is_ok();
        if fits(m.rows()) && fits(m.cols()) && fits(m.nnz()) {
            build(m.is_csr(), &widen::<_, i32>(&m.proper_indptr()), &widen::<_, i32>(m.indices()), m.data(), &size)
        } else {
            build(m.is_csr(), &widen::<_, i64>(&m.proper_indptr()), &widen::<_, i64>(m.indices()), m.data(), &size)
        }
    }

    /// A `CsMat` of a 2-D tensor without dense dims: CSC stays CSC, every
    /// other layout becomes CSR. `T` must be the tensor's element type.
    ///
    /// ```
    /// let d = gosparse::Tensor::from_dense(&[0.0f64, 2.0, 3.0, 0.0], &[2, 2])?;
    /// let m = d.to_csmat::<f64>()?;
    /// assert!(m.is_csr());
    /// assert_eq!(m.get(1, 0), Some(&3.0));
    /// assert_eq!(d.to_sparse_csc()?.to_csmat::<f64>()?.is_csc(), true);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_csmat<T: Element>(&self) -> Result<CsMat<T>> {
        self.expect_dtype::<T>("to_csmat")?;
        let shape = self.shape();
        if shape.len() != 2 || self.dense_dim() != 0 {
            return Err(Error::invalid(format!(
                "to_csmat: needs a 2-D tensor without dense dims, got shape {shape:?} with {} dense dims",
                self.dense_dim()
            )));
        }
        let dims = (shape[0], shape[1]);
        let converted;
        let (t, csc) = match self.layout() {
            Layout::SparseCsc => (self, true),
            Layout::SparseCsr => (self, false),
            _ => {
                converted = self.to_sparse_csr()?;
                (&converted, false)
            }
        };
        let (ptr, idx) = if csc {
            (t.ccol_indices()?.to_vec(), t.row_indices()?.to_vec())
        } else {
            (t.crow_indices()?.to_vec(), t.col_indices()?.to_vec())
        };
        let (ptr, idx) = (to_usize("indptr", ptr)?, to_usize("indices", idx)?);
        let data = t.values::<T>()?.to_vec();
        let made = if csc { CsMat::try_new_csc(dims, ptr, idx, data) } else { CsMat::try_new(dims, ptr, idx, data) };
        made.map_err(|(_, _, _, e)| Error::invalid(format!("to_csmat: sprs refused the structure: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Layout, Tensor};

    #[test]
    fn csr_and_csc_round_trip() {
        let m = sprs::CsMat::new((3, 4), vec![0, 2, 2, 3], vec![1, 3, 0], vec![1i64, 2, 3]);
        let t = Tensor::from_csmat(&m).unwrap();
        assert_eq!(t.index_width(), 32, "small matrices get int32 indices");
        assert_eq!(t.to_dense().unwrap().values::<i64>().unwrap(), &[0, 1, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0]);
        assert_eq!(t.to_csmat::<i64>().unwrap(), m);
        let c = m.to_csc();
        let tc = Tensor::from_csmat(&c).unwrap();
        assert_eq!(tc.layout(), Layout::SparseCsc);
        assert!(tc.equal(&t).unwrap());
        assert_eq!(tc.to_csmat::<i64>().unwrap(), c);
    }

    #[test]
    fn outer_views_are_rebased() {
        let m = sprs::CsMat::new((3, 3), vec![0, 1, 2, 3], vec![0, 1, 2], vec![1.0f32, 2.0, 3.0]);
        let v = m.slice_outer(1..3);
        let t = Tensor::from_csmat(&v).unwrap();
        assert_eq!(t.to_dense().unwrap().values::<f32>().unwrap(), &[0.0, 2.0, 0.0, 0.0, 0.0, 3.0]);
    }

    #[test]
    fn refuses_wrong_dtype_and_dense_dims() {
        let t = Tensor::from_dense(&[1.0f64; 8], &[2, 2, 2]).unwrap().to_sparse(2).unwrap();
        assert!(t.to_csmat::<f64>().unwrap_err().message().contains("dense dims"));
        let d = Tensor::from_dense(&[1.0f64; 4], &[2, 2]).unwrap();
        assert_eq!(d.to_csmat::<f32>().unwrap_err().kind(), crate::ErrorKind::DType);
    }
}
