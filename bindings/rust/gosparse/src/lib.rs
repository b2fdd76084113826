#![doc = include_str!("../../README.md")]
//!
//! # Crate layout
//!
//! - [`Tensor`]: an owning handle with constructors, conversions, borrowed
//!   component views ([`Tensor::values`], [`Indices`]) and the level model
//!   ([`Level`]).
//! - [`DType`], [`Layout`], [`Element`] and the element types [`Complex32`],
//!   [`Complex64`], [`F16`], [`Bf16`].
//! - [`Error`] / [`ErrorKind`]: every fallible call returns [`Result`].
//! - [`generate`]: seeded test matrices. Library-wide: [`version`],
//!   [`live_handles`], [`set_memory_limit`].
//! - Optional features: `ndarray` (dense tensors to and from `ndarray::ArrayD`)
//!   and `sprs` (CSR/CSC tensors to and from `sprs::CsMat`).
#![warn(missing_docs)]

mod array;
mod component;
mod construct;
mod convert;
mod dtype;
mod element;
mod error;
pub mod generate;
mod level;
mod library;
mod mtx;
mod tensor;
mod wrap;

#[cfg(feature = "ndarray")]
mod ndarray_interop;
#[cfg(feature = "sprs")]
mod sprs_interop;

pub use array::ArrayRef;
pub use component::{Component, Indices};
pub use construct::BuildOptions;
pub use convert::ConvertOptions;
pub use dtype::{DType, Layout};
pub use element::{Bf16, Complex32, Complex64, Element, F16, IndexType};
pub use error::{Error, ErrorKind, Result};
pub use level::{Level, LevelExpr, LevelKind};
pub use library::{live_handles, memory_limit, set_memory_limit, version, version_numbers};
pub use tensor::Tensor;

/// The raw bindings, re-exported for calls this crate does not wrap.
pub use gosparse_sys as sys;

#[cfg(test)]
mod tests;
