//! Reverse-mode autograd with torch's names: [`Tensor::set_requires_grad`],
//! [`Tensor::requires_grad`], [`Tensor::backward`], [`Tensor::grad`],
//! [`Tensor::zero_grad`], [`Tensor::detach`], [`Tensor::grad_fn_name`],
//! [`Tensor::values_tensor`] (torch's differentiable `values()`),
//! [`autograd_grad`] (torch's `autograd.grad`) and [`NoGradGuard`], the
//! calling thread's `no_grad`.
//!
//! The gradient of a sparse input has that input's pattern and layout (COO
//! coalesced), as torch.sparse's masked gradients; an operation without a
//! backward formula records a node that refuses, naming itself, when a
//! gradient goes through it. The tensors a graph needs stay alive whatever
//! the caller drops.

use std::ffi::CStr;
use std::marker::PhantomData;
use std::ptr;

use gosparse_sys as sys;

use crate::error::{Result, check};
use crate::tensor::Tensor;

/// What a backward pass leaves of the recorded graph (torch's `retain_graph`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Graph {
    /// Free the graph: a second backward through it is refused (torch's
    /// `retain_graph=False`, the default).
    #[default]
    Free,
    /// Keep the graph for another backward (torch's `retain_graph=True`).
    Retain,
}

impl Graph {
    fn retain(self) -> i32 {
        i32::from(self == Graph::Retain)
    }
}

impl Tensor {
    /// torch's `requires_grad_`: marks a leaf (of a floating point or complex
    /// dtype) as requiring a gradient, or not.
    ///
    /// ```
    /// use gosparse::{Graph, Tensor};
    /// let a = Tensor::from_dense(&[1.0f64, 0.0, 2.0, 3.0], &[2, 2])?.to_sparse_csr()?;
    /// let mut a = a;
    /// a.set_requires_grad(true)?;
    /// let x = Tensor::from_dense(&[1.0f64, 2.0, 3.0, 4.0], &[2, 2])?;
    /// let y = a.sparse_mm(&x)?;
    /// assert_eq!(y.grad_fn_name(), Some("SparseAddmmBackward0"));
    /// y.sum(&[])?.backward(None, Graph::Free)?;
    /// let g = a.grad()?.expect("a gradient");
    /// // A's pattern: the row sums of x at A's stored (i, k).
    /// assert_eq!(g.values::<f64>()?, &[3.0, 3.0, 7.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn set_requires_grad(&mut self, requires_grad: bool) -> Result<()> {
        // SAFETY: a live handle, used exclusively (&mut self).
        check(unsafe { sys::gs_set_requires_grad(self.as_ptr() as *mut sys::gs_tensor, requires_grad as i32) })
    }

    /// Whether gradients flow to or through this tensor.
    pub fn requires_grad(&self) -> bool {
        self.flag(sys::gs_requires_grad, "gs_requires_grad")
    }

    /// True unless this tensor is the result of a recorded operation.
    pub fn is_leaf(&self) -> bool {
        self.flag(sys::gs_is_leaf, "gs_is_leaf")
    }

    fn flag(&self, f: unsafe extern "C" fn(*const sys::gs_tensor, *mut i32) -> sys::gs_status, what: &str) -> bool {
        let mut v = 0;
        // SAFETY: a live handle and a valid out-pointer.
        let st = unsafe { f(self.as_ptr(), &mut v) };
        self.expect_ok(st, what);
        v != 0
    }

    /// torch's `backward`: accumulates the gradient of this tensor into
    /// every leaf that requires one. `gradient` has this tensor's shape and
    /// dtype (`None`: ones, for one-element tensors only). The graph is
    /// freed afterwards unless `graph` is [`Graph::Retain`].
    pub fn backward(&self, gradient: Option<&Tensor>, graph: Graph) -> Result<()> {
        let g = gradient.map_or(ptr::null(), Tensor::as_ptr);
        // SAFETY: live handles (or NULL for the gradient).
        check(unsafe { sys::gs_backward(self.as_ptr(), g, graph.retain()) })
    }

    /// The gradient accumulated into this leaf, `None` before a backward or
    /// after [`Tensor::zero_grad`].
    pub fn grad(&self) -> Result<Option<Tensor>> {
        // SAFETY: a live handle; make_opt passes a valid out-pointer.
        Tensor::make_opt(|out| unsafe { sys::gs_grad(self.as_ptr(), out) })
    }

    /// Drops the accumulated gradient (torch's `grad = None`).
    pub fn zero_grad(&mut self) -> Result<()> {
        // SAFETY: a live handle, used exclusively (&mut self).
        check(unsafe { sys::gs_zero_grad(self.as_ptr() as *mut sys::gs_tensor) })
    }

    /// torch's `t.grad = g`: `grad` (this leaf's shape and dtype; `None`:
    /// none) becomes the accumulated gradient, which the next backward adds
    /// to.
    ///
    /// ```
    /// use gosparse::{Graph, Tensor};
    /// let mut w = Tensor::from_dense(&[1.0f64, -2.0, 3.0], &[3])?;
    /// w.set_requires_grad(true)?;
    /// // The loss of a training step: sum((w - 1) ** 2), gradient 2 (w - 1).
    /// w.sub(1.0)?.pow(2.0)?.sum(&[])?.backward(None, Graph::Free)?;
    /// assert_eq!(w.grad()?.expect("a gradient").values::<f64>()?, &[0.0, -6.0, 4.0]);
    /// w.set_grad(Some(&Tensor::from_dense(&[1.0f64, 1.0, 1.0], &[3])?))?;
    /// w.sum(&[])?.backward(None, Graph::Free)?;
    /// assert_eq!(w.grad()?.expect("a gradient").values::<f64>()?, &[2.0, 2.0, 2.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn set_grad(&mut self, grad: Option<&Tensor>) -> Result<()> {
        let g = grad.map_or(std::ptr::null(), |g| g.as_ptr());
        // SAFETY: live handles (g NULL or borrowed for the call), self used exclusively.
        check(unsafe { sys::gs_set_grad(self.as_ptr() as *mut sys::gs_tensor, g) })
    }

    /// A tensor sharing this one's storage that takes no part in autograd.
    pub fn detach(&self) -> Result<Tensor> {
        // SAFETY: a live handle; make passes a valid out-pointer.
        Tensor::make(|out| unsafe { sys::gs_detach(self.as_ptr(), out) })
    }

    /// torch's differentiable `values()`: a strided tensor sharing the stored
    /// values ((nse, *dense) for coalesced COO, (*batch, nse, *block) for the
    /// compressed layouts). When this tensor requires a gradient the result
    /// is recorded (`ValuesBackward0`) and a gradient of the values reaches
    /// this tensor as a sparse tensor of its pattern.
    ///
    /// ```
    /// use gosparse::{Graph, Tensor};
    /// let mut a = Tensor::from_dense(&[0.0f64, 2.0, 3.0, 0.0], &[2, 2])?.to_sparse_csr()?;
    /// a.set_requires_grad(true)?;
    /// let v = a.values_tensor()?;
    /// assert_eq!(v.grad_fn_name(), Some("ValuesBackward0"));
    /// let w = Tensor::from_dense(&[5.0f64, 7.0], &[2])?;
    /// v.backward(Some(&w), Graph::Free)?;
    /// assert_eq!(a.grad()?.expect("a gradient").values::<f64>()?, &[5.0, 7.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn values_tensor(&self) -> Result<Tensor> {
        // SAFETY: a live handle; make passes a valid out-pointer.
        Tensor::make(|out| unsafe { sys::gs_values(self.as_ptr(), out) })
    }

    /// torch's name of the node that made this tensor (e.g.
    /// `"SparseAddmmBackward0"`), `None` for leaves.
    pub fn grad_fn_name(&self) -> Option<&'static str> {
        let mut name: *const std::ffi::c_char = ptr::null();
        // SAFETY: a live handle and a valid out-pointer.
        let st = unsafe { sys::gs_grad_fn_name(self.as_ptr(), &mut name) };
        self.expect_ok(st, "gs_grad_fn_name");
        // SAFETY: the library's names are NUL-terminated static storage.
        (!name.is_null()).then(|| unsafe { CStr::from_ptr(name) }.to_str().expect("an ASCII node name"))
    }
}

/// torch's `autograd.grad` for one output: the gradients of `output` with
/// respect to each of `inputs` (leaves or results that require grad), `None`
/// for an input `output` does not depend on. No leaf's accumulated gradient
/// changes. `gradient` and `graph` as [`Tensor::backward`]'s.
///
/// ```
/// use gosparse::{Graph, Tensor, autograd_grad};
/// let mut a = Tensor::from_dense(&[1.0f64, 0.0, 0.0, 2.0], &[2, 2])?.to_sparse_coo()?;
/// a.set_requires_grad(true)?;
/// let x = Tensor::from_dense(&[1.0f64, 2.0, 3.0, 4.0], &[2, 2])?;
/// let loss = a.sparse_mm(&x)?.sum(&[])?;
/// let g = autograd_grad(&loss, &[&a], None, Graph::Free)?;
/// // a's pattern: the row sums of x at a's stored (i, k).
/// assert_eq!(g[0].as_ref().expect("a gradient").values::<f64>()?, &[3.0, 7.0]);
/// assert!(a.grad()?.is_none());
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn autograd_grad(
    output: &Tensor,
    inputs: &[&Tensor],
    gradient: Option<&Tensor>,
    graph: Graph,
) -> Result<Vec<Option<Tensor>>> {
    crate::library::ensure_compatible()?;
    let n = i32::try_from(inputs.len())
        .map_err(|_| crate::Error::new(crate::ErrorKind::InvalidArgument, "autograd_grad: too many inputs"))?;
    let ptrs: Vec<*const sys::gs_tensor> = inputs.iter().map(|t| t.as_ptr()).collect();
    let mut grads: Vec<*mut sys::gs_tensor> = vec![ptr::null_mut(); inputs.len()];
    let g = gradient.map_or(ptr::null(), Tensor::as_ptr);
    // SAFETY: live handles, an array of n handles and room for n results;
    // on error the library leaves no handle in grads.
    check(unsafe { sys::gs_autograd_grad(output.as_ptr(), g, ptrs.as_ptr(), n, graph.retain(), grads.as_mut_ptr()) })?;
    grads
        .into_iter()
        .map(|p| {
            Tensor::make_opt(|out| {
                // SAFETY: moves the handle the library wrote into the new Tensor.
                unsafe { *out = p };
                sys::GS_OK
            })
        })
        .collect()
}

/// Whether the calling thread records gradients.
pub fn is_grad_enabled() -> bool {
    let mut on = 0;
    // SAFETY: a valid out-pointer.
    let st = unsafe { sys::gs_is_grad_enabled(&mut on) };
    check(st).expect("gs_is_grad_enabled cannot fail");
    on != 0
}

fn set_grad_enabled(on: bool) {
    // SAFETY: no pointers.
    check(unsafe { sys::gs_set_grad_enabled(on as i32) }).expect("gs_set_grad_enabled cannot fail");
}

/// torch's `no_grad` for the calling thread: operations record nothing while
/// the guard lives; dropping it restores the thread's previous mode. Not
/// `Send`: the mode belongs to the thread that made the guard.
///
/// ```
/// use gosparse::{NoGradGuard, Tensor, is_grad_enabled};
/// let mut w = Tensor::from_dense(&[1.0f64, 2.0], &[2, 1])?;
/// w.set_requires_grad(true)?;
/// let x = Tensor::from_dense(&[3.0f64, 4.0], &[1, 2])?;
/// {
///     let _g = NoGradGuard::new();
///     assert!(!is_grad_enabled());
///     assert!(!x.mm(&w)?.requires_grad());
/// }
/// assert!(is_grad_enabled() && x.mm(&w)?.requires_grad());
/// # Ok::<(), gosparse::Error>(())
/// ```
///
/// Sending the guard to another thread does not compile (it would restore
/// the mode on the wrong thread):
///
/// ```compile_fail,E0277
/// let g = gosparse::NoGradGuard::new();
/// std::thread::spawn(move || drop(g)).join().unwrap();
/// ```
pub struct NoGradGuard {
    prev: bool,
    // A raw pointer makes the guard neither Send nor Sync.
    _thread: PhantomData<*const ()>,
}

impl NoGradGuard {
    /// Turns recording off for the calling thread until the guard is dropped.
    #[allow(clippy::new_without_default)]
    pub fn new() -> NoGradGuard {
        let prev = is_grad_enabled();
        set_grad_enabled(false);
        NoGradGuard { prev, _thread: PhantomData }
    }
}

impl Drop for NoGradGuard {
    fn drop(&mut self) {
        set_grad_enabled(self.prev);
    }
}
