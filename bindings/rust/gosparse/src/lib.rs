#![doc = include_str!("../../README.md")]
//!
//! # Crate layout
//!
//! - [`Tensor`]: an owning handle with constructors, conversions, borrowed
//!   component views ([`Tensor::values`], [`Indices`]) and the level model
//!   ([`Level`]).
//! - torch's operators as methods: shape ([`Tensor::transpose`],
//!   [`Tensor::permute`], [`Tensor::reshape`], [`Tensor::cat`], ...),
//!   indexing ([`Tensor::select`], [`Tensor::index`], [`Tensor::index_select`],
//!   [`Tensor::narrow_copy`]), reductions ([`Tensor::sum`], [`Tensor::reduce`],
//!   [`Tensor::mean`], [`Tensor::amax`], [`Tensor::any`], ..., [`Tensor::softmax`],
//!   [`Tensor::sparse_mask`]), [`Tensor::where_`] and fill values ([`Tensor::with_fill_value`],
//!   [`Tensor::fill_value`]).
//! - [`DType`], [`Layout`], [`Element`] and the element types [`Complex32`],
//!   [`Complex64`], [`F16`], [`Bf16`].
//! - [`Error`] / [`ErrorKind`]: every fallible call returns [`Result`].
//! - Element-wise operators with torch's names ([`Tensor::unary`],
//!   [`Tensor::binary`], `sin`, `abs`, `add`, `mul`, `eq`, ...; [`Number`]
//!   operands) and `+ - * /` and unary `-` on tensors, whose output is a
//!   [`Result`]: `(&a + &b)?`. The matmul family: [`Tensor::mm`],
//!   [`Tensor::mv`], [`Tensor::matmul`], [`Tensor::sparse_mm`],
//!   [`Tensor::addmm`], [`Tensor::sampled_addmm`], ...
//!
//! ```
//! use gosparse::Tensor;
//! let a = Tensor::from_dense(&[0.0f64, 2.0, 3.0, 0.0], &[2, 2])?.to_sparse_csr()?;
//! let b = ((&a * 2)? + &a)?; // element-wise: 3 * a, still CSR
//! assert_eq!(b.to_dense()?.values::<f64>()?, &[0.0, 6.0, 9.0, 0.0]);
//! let p = a.sparse_mm(&a)?; // sparse @ sparse stays sparse
//! assert_eq!(p.to_dense()?.values::<f64>()?, &[6.0, 0.0, 0.0, 6.0]);
//! let v = Tensor::from_dense(&[1.0f64, 2.0, 3.0], &[3])?;
//! assert!((&a + &v).is_err()); // shapes that do not broadcast: an Err, no panic
//! # Ok::<(), gosparse::Error>(())
//! ```
//! - [`SemiStructured`]: 2:4 semi-structured sparsity in torch's CUTLASS
//!   layout ([`Tensor::to_sparse_semi_structured`], [`SemiStructured::mm`],
//!   [`Tensor::linear_semi`], [`Tensor::prune_semi_structured`], ...).
//! - torch's names of operations the crate has: [`Tensor::zeros_like`],
//!   [`Tensor::empty_like`], [`Tensor::is_complex`], [`Tensor::is_floating_point`],
//!   [`Tensor::is_signed`], [`Tensor::is_same_size`], [`Tensor::is_nonzero`],
//!   [`Tensor::detach`], and `mT`, `H`, `mH` as [`Tensor::mt`], [`Tensor::h`],
//!   [`Tensor::mh`]. Sizes are `usize` ([`Shape`]); [`DenseOut`] is the safe
//!   output of [`Tensor::mv_out`] and [`Tensor::mm_out`].
//! - [`generate`]: seeded test matrices. Library-wide: [`version`],
//!   [`live_handles`], [`set_memory_limit`]. [`CancelToken`]: stop a long call
//!   from another thread.
//! - Optional features: `ndarray` (dense tensors to and from `ndarray::ArrayD`)
//!   and `sprs` (CSR/CSC tensors to and from `sprs::CsMat`).
#![warn(missing_docs)]

mod array;
mod autograd;
mod cancel;
mod component;
mod construct;
mod convert;
mod device;
mod dtype;
mod element;
mod elementwise;
mod error;
mod explain;
mod fill;
mod format;
pub mod generate;
mod level;
mod library;
mod linalg;
mod lobpcg_ext;
mod mtx;
pub use mtx::MtxWriteOptions;
mod operators;
mod ops_index;
mod ops_reduce;
mod ops_shape;
mod ops_where;
mod out;
mod semi;
mod shape;
mod solve;
mod spectral;
mod tensor;
mod torch_names;
mod wrap;

#[cfg(feature = "ndarray")]
mod ndarray_interop;
#[cfg(feature = "sprs")]
mod sprs_interop;

pub use array::ArrayRef;
pub use autograd::{Graph, NoGradGuard, autograd_grad, is_grad_enabled};
pub use cancel::{BoundToken, CancelToken};
pub use component::{Component, Indices};
pub use construct::BuildOptions;
pub use convert::ConvertOptions;
pub use device::{Device, cuda_device_count};
pub use dtype::{DType, Layout};
pub use element::{Bf16, Complex32, Complex64, Element, F16, IndexType};
pub use elementwise::{ElementwiseArgs, Number, Operand, RoundingMode, binary_op_names, unary_op_names};
pub use error::{Error, ErrorKind, Result};
pub use explain::{Advice, Conversion, Explanation, explain};
pub use format::Format;
pub use level::{Level, LevelExpr, LevelKind};
pub use library::{live_handles, memory_limit, set_memory_limit, version, version_numbers};
pub use lobpcg_ext::LobpcgState;
pub use out::DenseOut;
pub use semi::SemiStructured;
pub use shape::Shape;
pub use solve::{Diagonal, Factor, FactorKind, Ordering, Side, Triangle, live_factors, spdiags};
pub use spectral::{Centering, Lobpcg, LobpcgInfo, LobpcgMethod, LobpcgOptions, OrthoParams};
pub use tensor::Tensor;

/// The raw bindings, re-exported for calls this crate does not wrap.
pub use gosparse_sys as sys;

#[cfg(test)]
mod tests;
