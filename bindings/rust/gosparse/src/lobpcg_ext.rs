//! torch.lobpcg's tracker: a closure called after each iteration with a
//! [`LobpcgState`] ([`Tensor::lobpcg_with_tracker`]). It builds on
//! [`crate::spectral`], which does not know it.

use std::any::Any;
use std::ffi::c_void;
use std::panic::{self, AssertUnwindSafe};
use std::ptr;
use std::slice;

use gosparse_sys as sys;

use crate::error::Result;
use crate::spectral::{Lobpcg, LobpcgInfo, LobpcgMethod, LobpcgOptions, adopt, ptr_of};
use crate::tensor::Tensor;

/// What a tracker sees after an iteration (torch's tracker reads the same
/// from its LOBPCG object); the slices live for the call only.
#[derive(Debug)]
pub struct LobpcgState<'a> {
    /// Iterations done, the first Rayleigh-Ritz step counted (torch's `istep`).
    pub iteration: i64,
    /// Leading pairs below tol (torch's `converged_count`).
    pub converged: i64,
    /// A's order.
    pub m: i64,
    /// The block size.
    pub n: i64,
    /// The pairs wanted.
    pub k: i64,
    /// The matrix of a batched A, in the flat order (torch's
    /// `iparams["batch_index"]`); 0 otherwise.
    pub batch: i64,
    /// The n current Ritz values, in the order returned.
    pub eigenvalues: &'a [f64],
    /// Their relative residuals (torch's `tvars["rerr"]`).
    pub rerr: &'a [f64],
    /// m x n, row-major: the current Ritz vectors.
    pub x: &'a [f64],
    /// m x n, row-major: the residuals `A X - B X diag(E)`.
    pub r: &'a [f64],
}

/// The closure behind the C tracker, and a panic it raised.
struct Tracking<F> {
    f: F,
    panic: Option<Box<dyn Any + Send>>,
}

unsafe extern "C" fn trampoline<F: FnMut(&LobpcgState<'_>) -> bool>(
    st: *const sys::gs_lobpcg_state,
    user: *mut c_void,
) -> i32 {
    // SAFETY: user is the &mut Tracking<F> that lobpcg_call lends for the call.
    let t = unsafe { &mut *(user as *mut Tracking<F>) };
    // SAFETY: the library passes a valid state whose arrays hold n and m * n values.
    let st = unsafe { &*st };
    let (n, mn) = (st.n as usize, (st.m * st.n) as usize);
    let view = unsafe {
        LobpcgState {
            iteration: st.iteration,
            converged: st.converged,
            m: st.m,
            n: st.n,
            k: st.k,
            batch: st.batch,
            eigenvalues: slice::from_raw_parts(st.e, n),
            rerr: slice::from_raw_parts(st.rerr, n),
            x: slice::from_raw_parts(st.x, mn),
            r: slice::from_raw_parts(st.r, mn),
        }
    };
    // A panic may not unwind into C: it stops the run and is raised again after it.
    match panic::catch_unwind(AssertUnwindSafe(|| (t.f)(&view))) {
        Ok(stop) => stop as i32,
        Err(p) => {
            t.panic = Some(p);
            1
        }
    }
}

impl Tensor {
    /// [`Tensor::lobpcg`] with a tracker: `tracker(&state)` runs after each
    /// iteration (the first Rayleigh-Ritz step included); returning true stops
    /// the iterations there (torch's `force_stop`) and the current pairs come
    /// back, never a no-convergence error. A panic in the tracker stops the
    /// run and is resumed once the library has returned.
    ///
    /// ```
    /// use gosparse::{LobpcgOptions, Tensor};
    /// let mut d = vec![0.0f64; 144];
    /// for i in 0..12 { d[i * 12 + i] = (i + 1) as f64; }
    /// let a = Tensor::from_dense(&d, &[12, 12])?.to_sparse_csr()?;
    /// let mut steps = Vec::new();
    /// let r = a.lobpcg_with_tracker(&LobpcgOptions { k: 2, ..Default::default() }, |s| {
    ///     steps.push(s.iteration);
    ///     false
    /// })?;
    /// assert_eq!(steps.len() as i64, r.info.iterations);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn lobpcg_with_tracker<F: FnMut(&LobpcgState<'_>) -> bool>(
        &self,
        o: &LobpcgOptions<'_>,
        tracker: F,
    ) -> Result<Lobpcg> {
        let mut t = Tracking { f: tracker, panic: None };
        let r = self.lobpcg_call(o, Some((trampoline::<F>, &mut t as *mut Tracking<F> as *mut c_void)));
        if let Some(p) = t.panic.take() {
            panic::resume_unwind(p);
        }
        r
    }

    /// gs_lobpcg_ex with the options and an optional (trampoline, user) tracker.
    pub(crate) fn lobpcg_call(
        &self,
        o: &LobpcgOptions<'_>,
        tracker: Option<(unsafe extern "C" fn(*const sys::gs_lobpcg_state, *mut c_void) -> i32, *mut c_void)>,
    ) -> Result<Lobpcg> {
        let mut info = sys::gs_lobpcg_info::default();
        let mut x: *mut sys::gs_tensor = ptr::null_mut();
        let method = match o.method {
            LobpcgMethod::Ortho => sys::GS_LOBPCG_ORTHO,
            LobpcgMethod::Basic => sys::GS_LOBPCG_BASIC,
        };
        let ortho = o.ortho.map(|p| sys::gs_lobpcg_ortho {
            i_max: p.i_max,
            j_max: p.j_max,
            tol: p.tol,
            tol_drop: p.tol_drop,
            tol_replace: p.tol_replace,
            use_drop: p.use_drop as i32,
        });
        let (tfn, tuser) = tracker.map_or((None, ptr::null_mut()), |(f, u)| (Some(f), u));
        let e = Tensor::make(|e| {
            // SAFETY: live handles or NULL where allowed; ortho lives across the
            // call; tuser is the Tracking the trampoline expects; valid out-pointers.
            unsafe {
                sys::gs_lobpcg_ex(
                    self.as_ptr(),
                    o.k,
                    ptr_of(o.b),
                    ptr_of(o.x),
                    o.n,
                    ptr_of(o.ik),
                    o.niter.unwrap_or(1000),
                    o.tol.unwrap_or(0.0),
                    o.largest as i32,
                    method,
                    o.seed,
                    o.niter.is_none() as i32,
                    ortho.as_ref().map_or(ptr::null(), |p| p as *const sys::gs_lobpcg_ortho),
                    tfn,
                    tuser,
                    e,
                    &mut x,
                    &mut info,
                )
            }
        })?;
        Ok(Lobpcg {
            eigenvalues: e,
            eigenvectors: adopt(x)?,
            info: LobpcgInfo {
                iterations: info.iterations,
                converged: info.converged,
                residual: info.residual,
                tol: info.tol,
            },
        })
    }
}
