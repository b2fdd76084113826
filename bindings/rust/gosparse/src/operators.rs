//! `std::ops` operators on tensors: `+ - * /` and unary `-`, element-wise as
//! in torch. Every operation can be refused (shapes differ, a dtype is not
//! supported, the memory limit), and an operator cannot return an error any
//! other way, so their `Output` is [`Result<Tensor>`](crate::Result): write
//! `(&a + &b)?`. Nothing panics.
//!
//! - `&Tensor` or `Tensor` on the left, anything that is an
//!   [`Operand`](crate::Operand) (a `&Tensor` or a number) on the right;
//! - a number on the left (`f64`, `i64` or [`Number`]: one float and one
//!   integer type, so that a literal needs no suffix) and a `&Tensor` or
//!   `Tensor` on the right: `2.0 - &t` is `t.binary_number_first("sub", 2.0)`.
//!
//! `/` is torch's true division; use [`Tensor::div_rounded`] or
//! [`Tensor::floor_divide`] for the others.

use std::ops::{Add, Div, Mul, Neg, Sub};

use crate::elementwise::{ElementwiseArgs, Number, Operand};
use crate::error::Result;
use crate::tensor::Tensor;

macro_rules! tensor_lhs {
    ($($Trait:ident $method:ident $op:literal),*) => {$(
        impl<'a, R: Into<Operand<'a>>> $Trait<R> for &Tensor {
            type Output = Result<Tensor>;
            fn $method(self, rhs: R) -> Result<Tensor> {
                self.binary($op, rhs, &ElementwiseArgs::default())
            }
        }

        impl<'a, R: Into<Operand<'a>>> $Trait<R> for Tensor {
            type Output = Result<Tensor>;
            fn $method(self, rhs: R) -> Result<Tensor> {
                self.binary($op, rhs, &ElementwiseArgs::default())
            }
        }
    )*};
}
tensor_lhs!(Add add "add", Sub sub "sub", Mul mul "mul", Div div "div");

macro_rules! number_lhs {
    ($($n:ty),*) => {$(
        number_lhs!(@one $n, Add add "add", Sub sub "sub", Mul mul "mul", Div div "div");
    )*};
    (@one $n:ty, $($Trait:ident $method:ident $op:literal),*) => {$(
        impl $Trait<&Tensor> for $n {
            type Output = Result<Tensor>;
            fn $method(self, rhs: &Tensor) -> Result<Tensor> {
                rhs.binary_number_first($op, Number::from(self), &ElementwiseArgs::default())
            }
        }

        impl $Trait<Tensor> for $n {
            type Output = Result<Tensor>;
            fn $method(self, rhs: Tensor) -> Result<Tensor> {
                rhs.binary_number_first($op, Number::from(self), &ElementwiseArgs::default())
            }
        }
    )*};
}
number_lhs!(f64, i64, Number);

impl Neg for &Tensor {
    type Output = Result<Tensor>;
    fn neg(self) -> Result<Tensor> {
        Tensor::neg(self)
    }
}

impl Neg for Tensor {
    type Output = Result<Tensor>;
    fn neg(self) -> Result<Tensor> {
        Tensor::neg(&self)
    }
}

#[cfg(test)]
mod tests {
    use crate::{DType, Layout, Number, Tensor};

    fn dense(t: &Tensor) -> Vec<f64> {
        t.to_dense().unwrap().to_dtype(DType::Float64).unwrap().values::<f64>().unwrap().to_vec()
    }

    #[test]
    fn operators_are_element_wise_and_return_results() {
        let a = Tensor::from_dense(&[0.0f64, 2.0, -1.0, 0.0], &[2, 2]).unwrap().to_sparse_csr().unwrap();
        let b = Tensor::from_dense(&[1.0f64, 0.0, 3.0, 0.0], &[2, 2]).unwrap().to_sparse_coo().unwrap();
        assert_eq!(dense(&(&a + &b).unwrap()), [1.0, 2.0, 2.0, 0.0]);
        assert_eq!(dense(&(&a - &b).unwrap()), [-1.0, 2.0, -4.0, 0.0]);
        assert_eq!(dense(&(&a * &b).unwrap()), [0.0, 0.0, -3.0, 0.0]);
        assert_eq!(dense(&(&a * 2.0).unwrap()), [0.0, 4.0, -2.0, 0.0]);
        assert_eq!((&a * 2).unwrap().layout(), Layout::SparseCsr);
        assert_eq!(dense(&(10.0 - &a).unwrap()), [10.0, 8.0, 11.0, 10.0]);
        assert_eq!(dense(&(1 / &b).unwrap())[0], 1.0);
        assert_eq!(dense(&(-&a).unwrap()), [0.0, -2.0, 1.0, 0.0]);
        // Owned results chain with ?.
        let c = (((&a + 1).unwrap() * Number::Int(3)).unwrap() / 3).unwrap();
        assert_eq!(dense(&c), [1.0, 3.0, 0.0, 1.0]);
        assert_eq!(dense(&(-c).unwrap()), [-1.0, -3.0, -0.0, -1.0]);
        // A refusal is an Err, not a panic.
        let three = Tensor::from_dense(&[1.0f64, 2.0, 3.0], &[3]).unwrap();
        let err = (&a + &three).unwrap_err();
        assert!(err.message().contains("gs_binary") && err.message().contains("must match"), "{err}");
        // A (1,) tensor broadcasts, as torch's.
        let one = Tensor::from_dense(&[1.0f64], &[1]).unwrap();
        assert_eq!(dense(&(&a + &one).unwrap()), [1.0, 3.0, 0.0, 1.0]);
        assert!((&a + Number::Int(1)).is_ok());
    }
}
