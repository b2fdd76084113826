//! Where a tensor lives, the host or a CUDA device, and the moves between
//! them (`gs_to_device`, DLPack's device codes). A library built without
//! CUDA refuses every move to a GPU with [`ErrorKind::Unsupported`] ("built
//! without CUDA"); on a device tensor, the operations without a GPU path
//! refuse the same way (nothing is copied to the host implicitly).

use gosparse_sys as sys;

use crate::error::{ErrorKind, Result, check};
use crate::tensor::Tensor;

const KDL_CPU: i32 = 1;
const KDL_CUDA: i32 = 2;

/// A device: the host, or a CUDA GPU by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Device {
    /// Host memory (DLPack kDLCPU).
    Cpu,
    /// CUDA device n (DLPack kDLCUDA).
    Cuda(i32),
}

/// The number of CUDA devices the library sees: 0 without a GPU, and 0 for a
/// library built without CUDA.
///
/// ```
/// assert!(gosparse::cuda_device_count()? >= 0);
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn cuda_device_count() -> Result<i32> {
    let mut n = 0;
    // SAFETY: a valid out-pointer.
    match check(unsafe { sys::gs_cuda_device_count(&mut n) }) {
        Err(e) if e.kind() == ErrorKind::Unsupported => Ok(0),
        Err(e) => Err(e),
        Ok(()) => Ok(n),
    }
}

impl Tensor {
    /// Where the tensor lives.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[1.0f64, 0.0], &[2])?;
    /// assert_eq!(t.device(), gosparse::Device::Cpu);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn device(&self) -> Device {
        let (mut kind, mut id) = (0, 0);
        // SAFETY: a live handle and valid out-pointers.
        let st = unsafe { sys::gs_tensor_device(self.as_ptr(), &mut kind, &mut id) };
        self.expect_ok(st, "gs_tensor_device");
        if kind == KDL_CUDA { Device::Cuda(id) } else { Device::Cpu }
    }

    /// A copy of the tensor on `device` (`gs_to_device`); to the host it is a
    /// plain copy in every build.
    ///
    /// ```
    /// use gosparse::{Device, ErrorKind, Tensor};
    /// let t = Tensor::from_dense(&[1.0f64, 0.0], &[2])?;
    /// assert_eq!(t.to_device(Device::Cpu)?.device(), Device::Cpu);
    /// if gosparse::cuda_device_count()? == 0 {
    ///     let e = t.to_device(Device::Cuda(0)).unwrap_err();
    ///     assert_eq!(e.kind(), ErrorKind::Unsupported);
    /// }
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_device(&self, device: Device) -> Result<Tensor> {
        let (kind, id) = match device {
            Device::Cpu => (KDL_CPU, 0),
            Device::Cuda(n) => (KDL_CUDA, n),
        };
        // SAFETY: a live handle; make passes a valid out-pointer.
        Tensor::make(|out| unsafe { sys::gs_to_device(self.as_ptr(), kind, id, out) })
    }
}
