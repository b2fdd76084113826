//! Cancel tokens: a long call (sparse @ sparse, conversions, coalesce, Matrix
//! Market reads, factorizations) stopped from another thread.

use std::marker::PhantomData;
use std::ptr;

use gosparse_sys as sys;

use crate::error::{Result, check};

/// A cancel handle: bound to a thread with [`CancelToken::bind`], it lets any
/// other thread stop that thread's long calls with [`CancelToken::cancel`],
/// which then return an error of kind [`ErrorKind::Cancelled`](crate::ErrorKind::Cancelled)
/// within a fraction of a second, with no result made and the inputs untouched.
/// A token binds to threads, not to calls, so concurrent callers never stop
/// each other's work. Share it between threads by reference or in an `Arc`.
/// A cancellation ends with the call it stopped: the thread's next call runs,
/// with no [`CancelToken::reset`].
///
/// ```
/// use gosparse::{CancelToken, ErrorKind, generate};
/// let a = generate::stencil2d(8)?.to_sparse_csr()?;
/// let token = CancelToken::new()?;
/// let _bound = token.bind()?; // this thread's long calls poll the token
/// token.cancel()?; // from any thread
/// assert_eq!(a.sparse_mm(&a).unwrap_err().kind(), ErrorKind::Cancelled);
/// assert!(a.sparse_mm(&a).is_ok()); // the cancellation ended with the call it stopped
/// assert!(a.sum(&[1]).is_ok()); // short calls too
/// # Ok::<(), gosparse::Error>(())
/// ```
pub struct CancelToken {
    raw: *mut sys::gs_cancel_token,
}

// SAFETY: the handle is a word that the library checks on every call, and the
// token's functions are safe to call from any thread at once (gosparse.h).
unsafe impl Send for CancelToken {}
// SAFETY: as for Send: every method goes through the thread-safe C functions.
unsafe impl Sync for CancelToken {}

impl CancelToken {
    /// A token that is not cancelled.
    pub fn new() -> Result<CancelToken> {
        let mut raw = ptr::null_mut();
        // SAFETY: a valid out-pointer.
        check(unsafe { sys::gs_cancel_token_new(&mut raw) })?;
        Ok(CancelToken { raw })
    }

    /// Asks the calls of the threads this token is bound to to stop; returns
    /// at once. On each such thread it stops the call running (or, when none
    /// polls the token, the next one), and ends with it: the calls after run.
    pub fn cancel(&self) -> Result<()> {
        // SAFETY: a live handle owned by self.
        check(unsafe { sys::gs_cancel(self.raw) })
    }

    /// Drops the cancels made so far, for every thread, including one that no
    /// call has answered yet (made after the last poll of the call it was for).
    pub fn reset(&self) -> Result<()> {
        // SAFETY: a live handle owned by self.
        check(unsafe { sys::gs_cancel_token_reset(self.raw) })
    }

    /// Whether [`CancelToken::cancel`] was called since the last reset
    /// (whether or not a call has answered it).
    pub fn is_cancelled(&self) -> Result<bool> {
        let mut flag = 0;
        // SAFETY: a live handle and a valid out-pointer.
        check(unsafe { sys::gs_cancel_token_cancelled(self.raw, &mut flag) })?;
        Ok(flag != 0)
    }

    /// Binds the token to the calling thread until the guard drops: the long
    /// calls this thread makes meanwhile poll it. One binding per thread at a
    /// time: dropping the guard unbinds the thread.
    pub fn bind(&self) -> Result<BoundToken<'_>> {
        // SAFETY: a live handle owned by self, which the guard borrows.
        check(unsafe { sys::gs_set_cancel_token(self.raw) })?;
        Ok(BoundToken { _token: PhantomData, _thread: PhantomData })
    }
}

impl Drop for CancelToken {
    fn drop(&mut self) {
        // SAFETY: self owns the handle; gs_cancel_token_free clears it.
        unsafe { sys::gs_cancel_token_free(&mut self.raw) };
    }
}

/// The binding of a [`CancelToken`] to the thread that made it; unbinds on drop.
/// It stays on its thread (not `Send`).
pub struct BoundToken<'a> {
    _token: PhantomData<&'a CancelToken>,
    _thread: PhantomData<*const ()>,
}

impl Drop for BoundToken<'_> {
    fn drop(&mut self) {
        // SAFETY: NULL unbinds the calling thread, the one that bound the token.
        unsafe { sys::gs_set_cancel_token(ptr::null_mut()) };
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::{ErrorKind, generate, live_handles};

    #[test]
    fn cancel_from_another_thread_stops_a_big_product() {
        // 40 dense 400 x 400 blocks: 6.4 billion multiply-adds, seconds uncancelled.
        let a = generate::block_diagonal(40, 400, 1).unwrap().to_sparse_csr().unwrap();
        let live = live_handles();
        let token = CancelToken::new().unwrap();
        let (result, cancelled_at, returned_at) = std::thread::scope(|s| {
            let canceller = s.spawn(|| {
                std::thread::sleep(Duration::from_millis(300));
                token.cancel().unwrap();
                Instant::now()
            });
            let _bound = token.bind().unwrap();
            let r = a.sparse_mm(&a);
            let returned = Instant::now();
            (r, canceller.join().unwrap(), returned)
        });
        let err = result.expect_err("the product finished before the cancel");
        assert_eq!(err.kind(), ErrorKind::Cancelled, "{err}");
        assert!(returned_at.duration_since(cancelled_at) < Duration::from_millis(500));
        assert_eq!(live_handles(), live, "a cancelled product makes no tensor");
        // The cancellation ended with the product: this thread's calls run,
        // bound or not, with no reset.
        let small = generate::block_diagonal(2, 3, 2).unwrap().to_sparse_csr().unwrap();
        assert!(token.is_cancelled().unwrap());
        let _bound = token.bind().unwrap();
        small.sparse_mm(&small).unwrap();
        small.sum(&[1]).unwrap();
    }
}
