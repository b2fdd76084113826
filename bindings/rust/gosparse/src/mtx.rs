//! Matrix Market files.

use std::ffi::CString;
use std::path::Path;

use gosparse_sys as sys;

use crate::error::{Error, Result, check};
use crate::tensor::Tensor;

fn c_path(path: &Path) -> Result<CString> {
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        path.as_os_str().as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let bytes = path
        .to_str()
        .ok_or_else(|| Error::invalid(format!("path {}: not valid UTF-8", path.display())))?
        .as_bytes()
        .to_vec();
    CString::new(bytes).map_err(|_| Error::invalid(format!("path {:?}: contains a NUL byte", path)))
}

impl Tensor {
    /// Reads a Matrix Market file: coordinate files give a coalesced COO
    /// tensor (symmetry expanded, pattern entries read as 1), array files a
    /// strided tensor.
    ///
    /// ```
    /// use gosparse::{Layout, Tensor};
    /// let path = std::env::temp_dir().join(format!("gosparse-doc-read-{}.mtx", std::process::id()));
    /// std::fs::write(&path, "%%MatrixMarket matrix coordinate real general\n2 2 1\n2 1 4.5\n").unwrap();
    /// let t = Tensor::read_mtx(&path)?;
    /// assert_eq!(t.layout(), Layout::SparseCoo);
    /// assert_eq!(t.to_dense()?.values::<f64>()?, &[0.0, 0.0, 4.5, 0.0]);
    /// std::fs::remove_file(&path).unwrap();
    /// // A missing file is its own kind, not a format error (ErrorKind::Io).
    /// assert_eq!(Tensor::read_mtx("/no/such/file.mtx").unwrap_err().kind(), gosparse::ErrorKind::NotFound);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn read_mtx(path: impl AsRef<Path>) -> Result<Tensor> {
        let p = c_path(path.as_ref())?;
        // SAFETY: p is NUL-terminated and outlives the call.
        Tensor::make(|out| unsafe { sys::gs_mm_read(p.as_ptr(), out) })
    }

    /// Writes a 1-D or 2-D tensor: sparse layouts as coordinate, strided as array.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let t = Tensor::from_dense(&[0.0f64, 1.5, -2.0, 0.0], &[2, 2])?.to_sparse_csr()?;
    /// let path = std::env::temp_dir().join(format!("gosparse-doc-write-{}.mtx", std::process::id()));
    /// t.write_mtx(&path)?;
    /// assert!(Tensor::read_mtx(&path)?.equal(&t)?);
    /// std::fs::remove_file(&path).unwrap();
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn write_mtx(&self, path: impl AsRef<Path>) -> Result<()> {
        let p = c_path(path.as_ref())?;
        // SAFETY: p is NUL-terminated and outlives the call; live handle.
        check(unsafe { sys::gs_mm_write(p.as_ptr(), self.as_ptr()) })
    }
}
