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

    /// Writes a 1-D or 2-D tensor of any layout with SciPy's mmwrite options
    /// (see [`MtxWriteOptions`]): the symmetry detected by default (only the
    /// lower triangle written), or given and checked.
    ///
    /// ```
    /// use gosparse::{MtxWriteOptions, Tensor};
    /// let t = Tensor::from_dense(&[2.0f64, 1.0, 1.0, 3.0], &[2, 2])?.to_sparse_csr()?;
    /// let path = std::env::temp_dir().join(format!("gosparse-doc-opts-{}.mtx", std::process::id()));
    /// t.write_mtx_with(&path, &MtxWriteOptions { precision: 3, ..Default::default() })?;
    /// let text = std::fs::read_to_string(&path).unwrap();
    /// assert!(text.starts_with("%%MatrixMarket matrix coordinate real symmetric\n2 2 3\n1 1 2.00e+00\n"));
    /// assert!(Tensor::read_mtx(&path)?.equal(&t)?);
    /// let skew = MtxWriteOptions { symmetry: Some("skew-symmetric".into()), ..Default::default() };
    /// assert!(t.write_mtx_with(&path, &skew).unwrap_err().message().contains("not skew-symmetric"));
    /// std::fs::remove_file(&path).ok();
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn write_mtx_with(&self, path: impl AsRef<Path>, options: &MtxWriteOptions) -> Result<()> {
        let p = c_path(path.as_ref())?;
        let text = |name: &str, s: &Option<String>| -> Result<Option<CString>> {
            s.as_deref()
                .map(|s| CString::new(s).map_err(|_| Error::invalid(format!("{name}: contains a NUL byte"))))
                .transpose()
        };
        let (comment, field, symmetry) =
            (text("comment", &options.comment)?, text("field", &options.field)?, text("symmetry", &options.symmetry)?);
        let ptr = |c: &Option<CString>| c.as_ref().map_or(std::ptr::null(), |c| c.as_ptr());
        let precision = i32::try_from(options.precision)
            .map_err(|_| Error::invalid(format!("precision = {}: too large", options.precision)))?;
        let o = sys::gs_mm_write_options {
            comment: ptr(&comment),
            field: ptr(&field),
            precision,
            symmetry: ptr(&symmetry),
        };
        // SAFETY: p and the option strings are NUL-terminated and outlive the call; live handle.
        check(unsafe { sys::gs_mm_write_opts(p.as_ptr(), self.as_ptr(), &o) })
    }
}

/// SciPy's `mmwrite` options for [`Tensor::write_mtx_with`]; the default
/// writes the dtype's field, no comment, the fewest exact digits and the
/// detected symmetry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MtxWriteOptions {
    /// Written after the banner, each line after a '%'.
    pub comment: Option<String>,
    /// "real", "integer", "complex" or "pattern"; `None`: the dtype's.
    pub field: Option<String>,
    /// Significant digits of real and complex values (3 writes `1.00e+00`); 0: the fewest exact.
    pub precision: u32,
    /// "general", "symmetric", "skew-symmetric" or "hermitian" (checked); `None`: detected.
    pub symmetry: Option<String>,
}
