//! Zero-copy constructors: the tensor takes ownership of Rust `Vec`s and
//! lends them to the library (`gs_*_wrap`), which calls back to drop them
//! when the tensor is freed.

use std::any::Any;
use std::ffi::c_void;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use gosparse_sys as sys;

use crate::array::ArrayRef;
use crate::dtype::Layout;
use crate::element::{Element, IndexType};
use crate::error::{Error, Result};
use crate::shape::{numel, size_arg, size_ptr};
use crate::tensor::Tensor;

/// What the library holds while it borrows the buffers.
struct Owned {
    _buffers: Box<dyn Any + Send>,
    released: Arc<AtomicBool>,
}

unsafe extern "C" fn release(ctx: *mut c_void) {
    // SAFETY: ctx came from Box::into_raw in `wrap` and the library calls
    // release once; dropping frees the Vecs the tensor borrowed.
    let owned = unsafe { Box::from_raw(ctx.cast::<Owned>()) };
    owned.released.store(true, Ordering::SeqCst);
}

/// Hands `buffers` to a wrap call. If the call fails without releasing them,
/// they are dropped here, so nothing leaks whichever way the library goes.
pub(crate) fn wrap(
    buffers: Box<dyn Any + Send>,
    call: impl FnOnce(sys::gs_release_fn, *mut c_void, *mut *mut sys::gs_tensor) -> sys::gs_status,
) -> Result<Tensor> {
    let released = Arc::new(AtomicBool::new(false));
    let ctx = Box::into_raw(Box::new(Owned { _buffers: buffers, released: released.clone() })).cast::<c_void>();
    let result = Tensor::make(|out| call(Some(release), ctx, out));
    if result.is_err() && !released.load(Ordering::SeqCst) {
        // SAFETY: the library refused and did not call release: we still own ctx.
        drop(unsafe { Box::from_raw(ctx.cast::<Owned>()) });
    }
    result
}

impl Tensor {
    /// A dense tensor that takes `data` without copying it.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_vec(vec![1i32, 2, 3, 4, 5, 6], &[3, 2])?;
    /// assert_eq!(t.values::<i32>()?, &[1, 2, 3, 4, 5, 6]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn from_vec<T: Element>(data: Vec<T>, shape: &[usize]) -> Result<Tensor> {
        let a = ArrayRef::new(&data, shape)?.raw();
        // SAFETY: `a` points into the Vec's heap buffer, which moves into the
        // tensor's release context unchanged and lives until release.
        wrap(Box::new(data), |rel, ctx, out| unsafe { sys::gs_strided_wrap(&a, rel, ctx, out) })
    }

    /// [`Tensor::sparse_coo`] without copying: the tensor takes the vectors.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo_from_vecs(vec![0i64, 2], 1, vec![5.0f64, 6.0], Some(&[3]))?;
    /// assert_eq!(t.to_dense()?.values::<f64>()?, &[5.0, 0.0, 6.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_coo_from_vecs<I: IndexType, T: Element>(
        indices: Vec<I>,
        sparse_dim: usize,
        values: Vec<T>,
        size: Option<&[usize]>,
    ) -> Result<Tensor> {
        if sparse_dim == 0 || !indices.len().is_multiple_of(sparse_dim) {
            return Err(Error::invalid(format!(
                "indices: length {} is not a positive multiple of sparse_dim {sparse_dim}",
                indices.len()
            )));
        }
        let nse = indices.len() / sparse_dim;
        let dense = size.map_or(&[][..], |s| s.get(sparse_dim..).unwrap_or(&[]));
        let per = numel(dense, "size")?.max(1);
        let mut vshape = vec![values.len() / per];
        vshape.extend_from_slice(dense);
        let ia = ArrayRef::new(&indices, &[sparse_dim, nse])?.raw();
        let va = ArrayRef::new(&values, &vshape)?.raw();
        let dims = size_arg(size)?;
        let (ndim, sp) = size_ptr(&dims);
        // SAFETY: the arrays point into the Vecs' heap buffers, owned by the
        // release context until the library releases them.
        wrap(Box::new((indices, values)), |rel, ctx, out| unsafe {
            sys::gs_sparse_coo_wrap(&ia, &va, ndim, sp, sys::GS_FLAGS_DEFAULT, rel, ctx, out)
        })
    }

    /// A CSR/CSC/BSR/BSC matrix that takes its vectors without copying (no
    /// batch dims; `blocksize` for BSR/BSC, `None` otherwise).
    ///
    /// ```
    /// use gosparse::{Layout, Tensor};
    /// let t = Tensor::sparse_compressed_from_vecs(
    ///     Layout::SparseCsr, vec![0i32, 1, 1], vec![1i32], vec![7.0f32], None, Some(&[2, 2]))?;
    /// assert_eq!(t.to_dense()?.values::<f32>()?, &[0.0, 7.0, 0.0, 0.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_compressed_from_vecs<I: IndexType, T: Element>(
        layout: Layout,
        compressed: Vec<I>,
        plain: Vec<I>,
        values: Vec<T>,
        blocksize: Option<[usize; 2]>,
        size: Option<&[usize]>,
    ) -> Result<Tensor> {
        let mut inner: Vec<usize> = blocksize.map_or(vec![], |b| b.to_vec());
        inner.extend_from_slice(size.and_then(|s| s.get(2..)).unwrap_or(&[]));
        let per = numel(&inner, "blocksize and dense size")?.max(1);
        let mut vshape = vec![values.len() / per];
        vshape.extend_from_slice(&inner);
        let ca = ArrayRef::vector(&compressed).raw();
        let pa = ArrayRef::vector(&plain).raw();
        let va = ArrayRef::new(&values, &vshape)?.raw();
        let dims = size_arg(size)?;
        let (ndim, sp) = size_ptr(&dims);
        // SAFETY: as in sparse_coo_from_vecs.
        wrap(Box::new((compressed, plain, values)), |rel, ctx, out| unsafe {
            sys::gs_sparse_compressed_wrap(layout.code(), &ca, &pa, &va, ndim, sp, sys::GS_FLAGS_DEFAULT, rel, ctx, out)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sets its flag when dropped: tells whether the library released the buffers.
    struct DropFlag(Arc<AtomicBool>);

    impl Drop for DropFlag {
        fn drop(&mut self) {
            assert!(!self.0.swap(true, Ordering::SeqCst), "released twice");
        }
    }

    #[test]
    fn release_runs_once_when_the_tensor_is_freed() {
        let data = vec![1.0f64, 2.0, 3.0];
        let a = ArrayRef::new(&data, &[3]).unwrap().raw();
        let dropped = Arc::new(AtomicBool::new(false));
        let payload = Box::new((data, DropFlag(dropped.clone())));
        // SAFETY: `a` points into the Vec moved into the payload.
        let t = wrap(payload, |rel, ctx, out| unsafe { sys::gs_strided_wrap(&a, rel, ctx, out) }).unwrap();
        assert!(!dropped.load(Ordering::SeqCst), "released while the tensor lives");
        assert_eq!(t.values::<f64>().unwrap(), &[1.0, 2.0, 3.0]);
        let copy = t.to_sparse_coo().unwrap();
        drop(t);
        assert!(dropped.load(Ordering::SeqCst), "not released when the tensor was freed");
        assert_eq!(copy.raw_values::<f64>().unwrap(), &[1.0, 2.0, 3.0]);
    }

    #[test]
    fn a_refused_wrap_drops_the_buffers_exactly_once() {
        let data = vec![1.0f64, 2.0];
        // An unknown dtype code: the library refuses before borrowing anything.
        let a = crate::array::raw_array(data.as_ptr() as *mut c_void, 12345, &[2]);
        let dropped = Arc::new(AtomicBool::new(false));
        let payload = Box::new((data, DropFlag(dropped.clone())));
        // SAFETY: as above.
        let e = wrap(payload, |rel, ctx, out| unsafe { sys::gs_strided_wrap(&a, rel, ctx, out) }).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::DType, "{e}");
        assert!(dropped.load(Ordering::SeqCst));
    }
}
