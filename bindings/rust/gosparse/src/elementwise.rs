//! Element-wise operators with torch's names and semantics: [`Tensor::unary`],
//! [`Tensor::binary`] and the named methods (`sin`, `abs`, `add`, `mul`, `eq`,
//! ...), with tensors or [`Number`]s as operands.
//!
//! Every op applies to the stored values and to the fill value, so it works on
//! every layout: `to_dense(op(A)) == op(to_dense(A))`. Tensor operands
//! broadcast as torch's (`gs_binary` in the header: a sparse operand keeps
//! its pattern for `mul` and as a dividend). A number's variant plays the part of a
//! Python literal's type in torch's type promotion: an int64 tensor times
//! `Number::Float(0.5)` is float32, as in torch.

use std::ffi::{CStr, CString};
use std::ptr;

use gosparse_sys as sys;

use crate::dtype::Layout;
use crate::element::{Complex32, Complex64};
use crate::error::{Error, Result};
use crate::tensor::Tensor;

/// A number operand or argument: its variant is the type of the literal it
/// stands for, which decides type promotion as in torch (a number only raises
/// the result to a higher category: bool < integer < float < complex).
///
/// ```
/// use gosparse::Number;
/// assert_eq!(Number::from(2.5), Number::Float(2.5));
/// assert_eq!(Number::from(3i32), Number::Int(3));
/// assert_eq!(Number::from(true), Number::Bool(true));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// A bool literal.
    Bool(bool),
    /// An integer literal.
    Int(i64),
    /// A floating-point literal.
    Float(f64),
    /// A complex literal (re, im).
    Complex(f64, f64),
}

impl Number {
    /// The C form of the number.
    pub(crate) fn raw(self) -> sys::gs_number {
        let mut n = sys::gs_number::default();
        match self {
            Number::Bool(b) => (n.kind, n.i) = (sys::GS_BOOL, i64::from(b)),
            Number::Int(i) => (n.kind, n.i) = (sys::GS_INT64, i),
            Number::Float(x) => (n.kind, n.re) = (sys::GS_FLOAT64, x),
            Number::Complex(re, im) => (n.kind, n.re, n.im) = (sys::GS_COMPLEX128, re, im),
        }
        n
    }
}

macro_rules! number_from {
    ($variant:ident: $($t:ty),*) => {$(
        impl From<$t> for Number {
            fn from(v: $t) -> Number {
                Number::$variant(v.into())
            }
        }
    )*};
}
number_from!(Bool: bool);
number_from!(Int: i8, i16, i32, i64, u8, u16, u32);
number_from!(Float: f32, f64);

impl From<Complex64> for Number {
    fn from(z: Complex64) -> Number {
        Number::Complex(z.re, z.im)
    }
}

impl From<Complex32> for Number {
    fn from(z: Complex32) -> Number {
        Number::Complex(z.re.into(), z.im.into())
    }
}

/// An operand of a binary op: a tensor or a number.
///
/// ```
/// use gosparse::{Number, Operand, Tensor};
/// let t = Tensor::from_dense(&[1.0f64], &[1])?;
/// assert!(matches!(Operand::from(&t), Operand::Tensor(_)));
/// assert!(matches!(Operand::from(2.0), Operand::Number(Number::Float(_))));
/// # Ok::<(), gosparse::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub enum Operand<'a> {
    /// A tensor of the other operand's shape.
    Tensor(&'a Tensor),
    /// A number.
    Number(Number),
}

impl<'a> From<&'a Tensor> for Operand<'a> {
    fn from(t: &'a Tensor) -> Operand<'a> {
        Operand::Tensor(t)
    }
}

macro_rules! operand_from {
    ($($t:ty),*) => {$(
        impl From<$t> for Operand<'_> {
            fn from(v: $t) -> Self {
                Operand::Number(v.into())
            }
        }
    )*};
}
operand_from!(Number, bool, i8, i16, i32, i64, u8, u16, u32, f32, f64, Complex32, Complex64);

/// Division's rounding (torch's `rounding_mode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundingMode {
    /// Round towards zero (`"trunc"`).
    Trunc,
    /// Round towards minus infinity (`"floor"`).
    Floor,
}

impl RoundingMode {
    fn c_name(self) -> &'static CStr {
        match self {
            RoundingMode::Trunc => c"trunc",
            RoundingMode::Floor => c"floor",
        }
    }
}

/// The optional arguments of the element-wise operators; each op refuses
/// the ones it does not read. `layout` (and `blocksize` for BSR/BSC) picks
/// the result's layout instead of torch's.
///
/// ```
/// use gosparse::{ElementwiseArgs, Layout, Number, Tensor};
/// let t = Tensor::from_dense(&[-2.0f64, 0.0, 3.0], &[3])?.to_sparse_coo()?;
/// let args = ElementwiseArgs { min: Some(Number::Int(-1)), max: Some(Number::Int(1)), ..Default::default() };
/// assert_eq!(t.unary("clamp", &args)?.to_dense()?.values::<f64>()?, &[-1.0, 0.0, 1.0]);
/// let dense = ElementwiseArgs { layout: Some(Layout::Strided), ..Default::default() };
/// assert_eq!(t.unary("neg", &dense)?.layout(), Layout::Strided);
/// # Ok::<(), gosparse::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ElementwiseArgs {
    /// pow's exponent (the unary form of pow).
    pub exponent: Option<Number>,
    /// clamp's lower bound.
    pub min: Option<Number>,
    /// clamp's upper bound.
    pub max: Option<Number>,
    /// nan_to_num: the value of NaN (default 0).
    pub nan: Option<f64>,
    /// nan_to_num: the value of +inf (default: the dtype's largest).
    pub posinf: Option<f64>,
    /// nan_to_num: the value of -inf (default: the dtype's smallest).
    pub neginf: Option<f64>,
    /// add and sub scale the other operand by alpha (default 1).
    pub alpha: Option<Number>,
    /// div's rounding (default: true division).
    pub rounding_mode: Option<RoundingMode>,
    /// The result's layout (default: torch's choice).
    pub layout: Option<Layout>,
    /// The block size of a BSR/BSC result.
    pub blocksize: Option<[i64; 2]>,
}

impl ElementwiseArgs {
    /// Runs `f` with the C form of the args (whose pointers live until `f` returns).
    fn with_raw<R>(&self, f: impl FnOnce(*const sys::gs_elementwise_args) -> R) -> R {
        let raw = |n: Option<Number>| n.map(Number::raw);
        let (exponent, min, max, alpha) = (raw(self.exponent), raw(self.min), raw(self.max), raw(self.alpha));
        fn ptr_of<T>(v: &Option<T>) -> *const T {
            v.as_ref().map_or(ptr::null(), |x| x as *const T)
        }
        let a = sys::gs_elementwise_args {
            exponent: ptr_of(&exponent),
            min: ptr_of(&min),
            max: ptr_of(&max),
            nan: ptr_of(&self.nan),
            posinf: ptr_of(&self.posinf),
            neginf: ptr_of(&self.neginf),
            alpha: ptr_of(&alpha),
            rounding_mode: self.rounding_mode.map_or(ptr::null(), |m| m.c_name().as_ptr()),
            // -1: torch's default layout for the operator.
            layout: self.layout.map_or(-1, |l| l.code()),
            reserved: 0,
            blocksize: self.blocksize.unwrap_or([0, 0]),
        };
        f(&a)
    }
}

/// The op name as a C string (a NUL inside is refused).
pub(crate) fn op_name(op: &str) -> Result<CString> {
    CString::new(op).map_err(|_| Error::invalid(format!("op = {op:?} contains a NUL byte")))
}

/// The names a `gs_*_op_names` function lists.
fn names(
    f: unsafe extern "C" fn(*mut *const std::ffi::c_char, i32, *mut i32) -> sys::gs_status,
) -> Result<Vec<String>> {
    crate::library::ensure_compatible()?;
    let mut count = 0;
    // SAFETY: cap 0 with a NULL array only counts.
    crate::error::check(unsafe { f(ptr::null_mut(), 0, &mut count) })?;
    let mut ptrs = vec![ptr::null(); usize::try_from(count).unwrap_or(0)];
    // SAFETY: ptrs holds count pointers; the names are static C strings.
    crate::error::check(unsafe { f(ptrs.as_mut_ptr(), count, &mut count) })?;
    // SAFETY: each pointer is a static NUL-terminated string of the library.
    Ok(ptrs.iter().map(|&p| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()).collect())
}

/// The unary op names [`Tensor::unary`] accepts (`gs_unary_op_names`).
///
/// ```
/// let ops = gosparse::unary_op_names()?;
/// assert!(ops.iter().any(|o| o == "sin") && ops.len() >= 45);
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn unary_op_names() -> Result<Vec<String>> {
    names(sys::gs_unary_op_names)
}

/// The binary op names [`Tensor::binary`] accepts (`gs_binary_op_names`).
///
/// ```
/// let ops = gosparse::binary_op_names()?;
/// assert!(ops.iter().any(|o| o == "floor_divide") && ops.len() >= 18);
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn binary_op_names() -> Result<Vec<String>> {
    names(sys::gs_binary_op_names)
}

impl Tensor {
    /// The unary element-wise op named `op` (torch's name, see
    /// [`unary_op_names`]) with its arguments: applied to the stored values
    /// and to the fill value, so the result keeps the layout (unless
    /// `args.layout` asks for another).
    ///
    /// ```
    /// use gosparse::{ElementwiseArgs, ErrorKind, Number, Tensor};
    /// let t = Tensor::from_dense(&[0.0f64, 4.0], &[2])?.to_sparse_coo()?;
    /// let args = ElementwiseArgs { exponent: Some(Number::Int(2)), ..Default::default() };
    /// assert_eq!(t.unary("pow", &args)?.to_dense()?.values::<f64>()?, &[0.0, 16.0]);
    /// let err = t.unary("sine", &ElementwiseArgs::default()).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    /// assert!(err.message().contains("unknown"));
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn unary(&self, op: &str, args: &ElementwiseArgs) -> Result<Tensor> {
        let name = op_name(op)?;
        args.with_raw(|a| {
            // SAFETY: live handle; name and a (and what it points to) outlive the call.
            Tensor::make(|out| unsafe { sys::gs_unary(self.as_ptr(), name.as_ptr(), a, out) })
        })
    }

    /// The binary element-wise op named `op` (torch's name, see
    /// [`binary_op_names`]): `op(self, other)`, `other` a tensor of the same
    /// shape or a number.
    ///
    /// ```
    /// use gosparse::{ElementwiseArgs, Number, RoundingMode, Tensor};
    /// let a = Tensor::from_dense(&[7.0f64, -7.0], &[2])?;
    /// let floor = ElementwiseArgs { rounding_mode: Some(RoundingMode::Floor), ..Default::default() };
    /// assert_eq!(a.binary("div", 2, &floor)?.values::<f64>()?, &[3.0, -4.0]);
    /// let half = ElementwiseArgs { alpha: Some(Number::Float(0.5)), ..Default::default() };
    /// assert_eq!(a.binary("add", &a, &half)?.values::<f64>()?, &[10.5, -10.5]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn binary<'a>(&self, op: &str, other: impl Into<Operand<'a>>, args: &ElementwiseArgs) -> Result<Tensor> {
        let name = op_name(op)?;
        args.with_raw(|a| match other.into() {
            // SAFETY: live handles; name and a outlive the call.
            Operand::Tensor(t) => {
                Tensor::make(|out| unsafe { sys::gs_binary(self.as_ptr(), t.as_ptr(), name.as_ptr(), a, out) })
            }
            Operand::Number(n) => {
                let raw = n.raw();
                // SAFETY: live handle; raw, name and a outlive the call.
                Tensor::make(|out| unsafe { sys::gs_binary_number(self.as_ptr(), &raw, 0, name.as_ptr(), a, out) })
            }
        })
    }

    /// `op(number, self)`: the binary op with the number as its first operand
    /// (`2 - t`, `2 ** t`).
    ///
    /// ```
    /// use gosparse::{ElementwiseArgs, Tensor};
    /// let t = Tensor::from_dense(&[1.0f64, 3.0], &[2])?;
    /// let none = ElementwiseArgs::default();
    /// assert_eq!(t.binary_number_first("sub", 10, &none)?.values::<f64>()?, &[9.0, 7.0]);
    /// assert_eq!(t.binary_number_first("pow", 2, &none)?.values::<f64>()?, &[2.0, 8.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn binary_number_first(&self, op: &str, number: impl Into<Number>, args: &ElementwiseArgs) -> Result<Tensor> {
        let name = op_name(op)?;
        let raw = number.into().raw();
        args.with_raw(|a| {
            // SAFETY: live handle; raw, name and a outlive the call.
            Tensor::make(|out| unsafe { sys::gs_binary_number(self.as_ptr(), &raw, 1, name.as_ptr(), a, out) })
        })
    }

    /// torch's `add(other, alpha=alpha)`: `self + alpha * other`.
    ///
    /// ```
    /// let a = gosparse::Tensor::from_dense(&[1i64, 2], &[2])?;
    /// assert_eq!(a.add_scaled(&a, 3)?.values::<i64>()?, &[4, 8]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn add_scaled<'a>(&self, other: impl Into<Operand<'a>>, alpha: impl Into<Number>) -> Result<Tensor> {
        self.binary("add", other, &ElementwiseArgs { alpha: Some(alpha.into()), ..Default::default() })
    }

    /// torch's `sub(other, alpha=alpha)`: `self - alpha * other`.
    ///
    /// ```
    /// let a = gosparse::Tensor::from_dense(&[1.0f64, 2.0], &[2])?;
    /// assert_eq!(a.sub_scaled(1.0, 0.5)?.values::<f64>()?, &[0.5, 1.5]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sub_scaled<'a>(&self, other: impl Into<Operand<'a>>, alpha: impl Into<Number>) -> Result<Tensor> {
        self.binary("sub", other, &ElementwiseArgs { alpha: Some(alpha.into()), ..Default::default() })
    }

    /// torch's `div(other, rounding_mode=...)`.
    ///
    /// ```
    /// use gosparse::{RoundingMode, Tensor};
    /// let a = Tensor::from_dense(&[-7i64, 7], &[2])?;
    /// assert_eq!(a.div_rounded(2, RoundingMode::Trunc)?.values::<i64>()?, &[-3, 3]);
    /// assert_eq!(a.div_rounded(2, RoundingMode::Floor)?.values::<i64>()?, &[-4, 3]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn div_rounded<'a>(&self, other: impl Into<Operand<'a>>, mode: RoundingMode) -> Result<Tensor> {
        self.binary("div", other, &ElementwiseArgs { rounding_mode: Some(mode), ..Default::default() })
    }

    /// torch's `clamp(min, max)`: every element limited to `[min, max]`.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[-5.0f64, 0.5, 5.0], &[3])?;
    /// assert_eq!(t.clamp(-1, 1)?.values::<f64>()?, &[-1.0, 0.5, 1.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn clamp(&self, min: impl Into<Number>, max: impl Into<Number>) -> Result<Tensor> {
        self.unary("clamp", &ElementwiseArgs { min: Some(min.into()), max: Some(max.into()), ..Default::default() })
    }

    /// torch's `clamp(min=min)`.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[-5.0f64, 5.0], &[2])?;
    /// assert_eq!(t.clamp_min(0)?.values::<f64>()?, &[0.0, 5.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn clamp_min(&self, min: impl Into<Number>) -> Result<Tensor> {
        self.unary("clamp", &ElementwiseArgs { min: Some(min.into()), ..Default::default() })
    }

    /// torch's `clamp(max=max)`.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[-5.0f64, 5.0], &[2])?;
    /// assert_eq!(t.clamp_max(0)?.values::<f64>()?, &[-5.0, 0.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn clamp_max(&self, max: impl Into<Number>) -> Result<Tensor> {
        self.unary("clamp", &ElementwiseArgs { max: Some(max.into()), ..Default::default() })
    }

    /// torch's `nan_to_num(nan, posinf, neginf)`: NaN becomes `nan`, +inf
    /// `posinf` (default: the dtype's largest value), -inf `neginf` (default:
    /// the smallest).
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[f64::NAN, f64::INFINITY, -1.0], &[3])?;
    /// assert_eq!(t.nan_to_num(0.0, Some(9.0), None)?.values::<f64>()?, &[0.0, 9.0, -1.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn nan_to_num(&self, nan: f64, posinf: Option<f64>, neginf: Option<f64>) -> Result<Tensor> {
        self.unary("nan_to_num", &ElementwiseArgs { nan: Some(nan), posinf, neginf, ..Default::default() })
    }
}

impl Tensor {
    /// torch's `real`: the real part of every value and of the fill value
    /// (complex64 gives float32, complex128 float64; the pattern is kept). A
    /// real tensor gives its values unchanged, in its dtype.
    ///
    /// ```
    /// use gosparse::{Complex64, DType, Tensor};
    /// let z = [Complex64::new(1.0, 2.0), Complex64::new(0.0, 0.0), Complex64::new(-3.0, 4.0)];
    /// let t = Tensor::from_dense(&z, &[1, 3])?.to_sparse_csr()?;
    /// let r = t.real()?;
    /// assert_eq!(r.dtype(), DType::Float64);
    /// assert_eq!(r.to_dense()?.values::<f64>()?, &[1.0, 0.0, -3.0]);
    /// assert_eq!(Tensor::from_dense(&[2i64], &[1])?.real()?.values::<i64>()?, &[2]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn real(&self) -> Result<Tensor> {
        self.unary("real", &ElementwiseArgs::default())
    }

    /// torch's `imag`: the imaginary part of every value and of the fill
    /// value (complex64 gives float32, complex128 float64; the pattern is
    /// kept). A real tensor is refused (`ErrorKind::DType`), as torch refuses it.
    ///
    /// ```
    /// use gosparse::{Complex32, DType, ErrorKind, Tensor};
    /// let z = [Complex32::new(1.0, 2.0), Complex32::new(0.0, 0.0), Complex32::new(-3.0, 4.0)];
    /// let t = Tensor::from_dense(&z, &[3])?.to_sparse_coo()?;
    /// let i = t.imag()?;
    /// assert_eq!(i.dtype(), DType::Float32);
    /// assert_eq!(i.to_dense()?.values::<f32>()?, &[2.0, 0.0, 4.0]);
    /// let e = Tensor::from_dense(&[1.0f64], &[1])?.imag().unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::DType);
    /// assert!(e.message().contains("imag is not implemented for tensors with non-complex dtypes"), "{e}");
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn imag(&self) -> Result<Tensor> {
        self.unary("imag", &ElementwiseArgs::default())
    }
}

/// Named unary methods: `$name` computes `$what`; the doc test checks it on a
/// sparse tensor against `$reference` applied to every element.
macro_rules! unary_methods {
    ($($name:ident: $what:literal, $input:expr, $reference:expr;)*) => {
        #[allow(clippy::should_implement_trait)]
        impl Tensor {$(
            #[doc = concat!("torch's `", stringify!($name), "`: ", $what, ", element by element (the fill value too).")]
            ///
            /// ```
            /// use gosparse::Tensor;
            #[doc = concat!("let x: Vec<f64> = ", stringify!($input), ".to_vec();")]
            /// let t = Tensor::from_dense(&x, &[x.len()])?.to_sparse_coo()?;
            #[doc = concat!("let got = t.", stringify!($name), "()?.to_dense()?.to_dtype(gosparse::DType::Float64)?;")]
            #[doc = concat!("let f = ", stringify!($reference), ";")]
            /// for (g, v) in got.values::<f64>()?.iter().zip(&x) {
            ///     let w: f64 = f(*v);
            ///     assert!((g - w).abs() <= 1e-12 * w.abs().max(1.0) || (g.is_nan() && w.is_nan()), "{g} vs {w}");
            /// }
            /// # Ok::<(), gosparse::Error>(())
            /// ```
            pub fn $name(&self) -> Result<Tensor> {
                self.unary(stringify!($name), &ElementwiseArgs::default())
            }
        )*}
    };
}

unary_methods! {
    abs: "the absolute value (of a complex value: its modulus)", [-1.5, 0.0, 2.0], |x: f64| x.abs();
    neg: "the negation", [-1.5, 0.0, 2.0], |x: f64| -x;
    sign: "the sign (-1, 0 or 1)", [-1.5, 0.0, 2.0], |x: f64| if x == 0.0 { 0.0 } else { x.signum() };
    sgn: "the sign; of a complex value z, z / |z|", [-1.5, 0.0, 2.0], |x: f64| if x == 0.0 { 0.0 } else { x.signum() };
    sqrt: "the square root", [0.0, 2.0, 9.0], |x: f64| x.sqrt();
    square: "the square", [-1.5, 0.0, 2.0], |x: f64| x * x;
    exp: "e to the power of the element", [-1.5, 0.0, 2.0], |x: f64| x.exp();
    expm1: "exp(x) - 1", [-1.5, 0.0, 2.0], |x: f64| x.exp_m1();
    log: "the natural logarithm", [0.5, 1.0, 2.0], |x: f64| x.ln();
    log1p: "log(1 + x)", [-0.5, 0.0, 2.0], |x: f64| x.ln_1p();
    sin: "the sine", [-1.5, 0.0, 2.0], |x: f64| x.sin();
    cos: "the cosine", [-1.5, 0.0, 2.0], |x: f64| x.cos();
    tan: "the tangent", [-1.5, 0.0, 1.0], |x: f64| x.tan();
    asin: "the arcsine", [-0.5, 0.0, 1.0], |x: f64| x.asin();
    acos: "the arccosine", [-0.5, 0.0, 1.0], |x: f64| x.acos();
    atan: "the arctangent", [-1.5, 0.0, 2.0], |x: f64| x.atan();
    sinh: "the hyperbolic sine", [-1.5, 0.0, 2.0], |x: f64| x.sinh();
    cosh: "the hyperbolic cosine", [-1.5, 0.0, 2.0], |x: f64| x.cosh();
    tanh: "the hyperbolic tangent", [-1.5, 0.0, 2.0], |x: f64| x.tanh();
    asinh: "the inverse hyperbolic sine", [-1.5, 0.0, 2.0], |x: f64| x.asinh();
    atanh: "the inverse hyperbolic tangent", [-0.5, 0.0, 0.25], |x: f64| x.atanh();
    acosh: "the inverse hyperbolic cosine", [1.0, 1.5, 3.0], |x: f64| x.acosh();
    sigmoid: "the logistic function 1 / (1 + exp(-x))", [-1.5, 0.0, 2.0], |x: f64| 1.0 / (1.0 + (-x).exp());
    relu: "max(x, 0)", [-1.5, 0.0, 2.0], |x: f64| x.max(0.0);
    reciprocal: "1 / x (integers give float32; a zero fill gives an infinite one)", [-1.5, 0.25, 2.0], |x: f64| 1.0 / x;
    erf: "the error function", [0.0, 0.5, 3.0], |x: f64| if x == 0.0 { 0.0 } else if x == 0.5 { 0.520_499_877_813_046_5 } else { 0.999_977_909_503_001_4 };
    erfinv: "the inverse error function", [0.0, 0.520_499_877_813_046_5, -0.5], |x: f64| if x == 0.0 { 0.0 } else if x > 0.0 { 0.5 } else { -0.476_936_276_204_469_9 };
    ceil: "the smallest integer >= x", [-1.5, 0.0, 2.25], |x: f64| x.ceil();
    floor: "the largest integer <= x", [-1.5, 0.0, 2.25], |x: f64| x.floor();
    round: "the nearest integer, halves to even", [-1.5, 0.5, 2.5], |x: f64| x.round_ties_even();
    trunc: "the integer part", [-1.5, 0.0, 2.25], |x: f64| x.trunc();
    frac: "the fractional part x - trunc(x), with x's sign (float dtypes only)", [-1.5, 0.0, 2.25], |x: f64| x - x.trunc();
    deg2rad: "degrees to radians", [-180.0, 0.0, 90.0], |x: f64| x.to_radians();
    rad2deg: "radians to degrees", [-1.5, 0.0, 2.0], |x: f64| x.to_degrees();
    angle: "the argument of a complex value (0 or pi for a real)", [-1.5, 0.0, 2.0], |x: f64| if x < 0.0 { std::f64::consts::PI } else { 0.0 };
    conj_physical: "the complex conjugate (a real is itself)", [-1.5, 0.0, 2.0], |x: f64| x;
    signbit: "whether the sign bit is set (bool)", [-1.5, 0.0, 2.0], |x: f64| f64::from(u8::from(x.is_sign_negative()));
    isnan: "whether the element is NaN (bool)", [f64::NAN, 0.0, 2.0], |x: f64| f64::from(u8::from(x.is_nan()));
    isinf: "whether the element is infinite (bool)", [f64::NEG_INFINITY, 0.0, f64::INFINITY], |x: f64| f64::from(u8::from(x.is_infinite()));
    isposinf: "whether the element is +inf (bool)", [f64::NEG_INFINITY, 0.0, f64::INFINITY], |x: f64| f64::from(u8::from(x == f64::INFINITY));
    isneginf: "whether the element is -inf (bool)", [f64::NEG_INFINITY, 0.0, f64::INFINITY], |x: f64| f64::from(u8::from(x == f64::NEG_INFINITY));
}

/// Named binary methods: `$name(other)` computes `$what`.
macro_rules! binary_methods {
    ($($name:ident: $what:literal, $reference:expr;)*) => {
        #[allow(clippy::should_implement_trait)]
        impl Tensor {$(
            #[doc = concat!("torch's `", stringify!($name), "`: ", $what, ", element by element; `other` is a tensor whose shape broadcasts with it (any layout) or a number.")]
            ///
            /// ```
            /// use gosparse::Tensor;
            /// let (x, y) = ([0.0f64, -1.5, 4.0, 0.0], [2.0f64, 0.0, 4.0, 0.0]);
            /// let a = Tensor::from_dense(&x, &[2, 2])?.to_sparse_csr()?;
            /// let b = Tensor::from_dense(&y, &[2, 2])?.to_sparse_coo()?;
            #[doc = concat!("let got = a.", stringify!($name), "(&b)?.to_dense()?.to_dtype(gosparse::DType::Float64)?;")]
            #[doc = concat!("let f = ", stringify!($reference), ";")]
            /// let want: Vec<f64> = x.iter().zip(&y).map(|(p, q)| f(*p, *q)).collect();
            /// assert_eq!(got.values::<f64>()?, &want[..]);
            /// # Ok::<(), gosparse::Error>(())
            /// ```
            pub fn $name<'a>(&self, other: impl Into<Operand<'a>>) -> Result<Tensor> {
                self.binary(stringify!($name), other, &ElementwiseArgs::default())
            }
        )*}
    };
}

binary_methods! {
    add: "self + other", |p: f64, q: f64| p + q;
    sub: "self - other", |p: f64, q: f64| p - q;
    mul: "self * other", |p: f64, q: f64| p * q;
    maximum: "the larger of self and other", |p: f64, q: f64| p.max(q);
    minimum: "the smaller of self and other", |p: f64, q: f64| p.min(q);
    eq: "self == other (bool)", |p: f64, q: f64| f64::from(u8::from(p == q));
    ne: "self != other (bool)", |p: f64, q: f64| f64::from(u8::from(p != q));
    lt: "self < other (bool)", |p: f64, q: f64| f64::from(u8::from(p < q));
    le: "self <= other (bool)", |p: f64, q: f64| f64::from(u8::from(p <= q));
    gt: "self > other (bool)", |p: f64, q: f64| f64::from(u8::from(p > q));
    ge: "self >= other (bool)", |p: f64, q: f64| f64::from(u8::from(p >= q));
}

impl Tensor {
    /// torch's `div(other)`: true division (integers give float32).
    ///
    /// ```
    /// let a = gosparse::Tensor::from_dense(&[3i64, -3], &[2])?;
    /// let q = a.div(2)?;
    /// assert_eq!(q.dtype(), gosparse::DType::Float32);
    /// assert_eq!(q.values::<f32>()?, &[1.5, -1.5]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn div<'a>(&self, other: impl Into<Operand<'a>>) -> Result<Tensor> {
        self.binary("div", other, &ElementwiseArgs::default())
    }

    /// torch's `true_divide(other)`: the same as [`Tensor::div`].
    ///
    /// ```
    /// let a = gosparse::Tensor::from_dense(&[3.0f64, 1.0], &[2])?;
    /// assert_eq!(a.true_divide(&a)?.values::<f64>()?, &[1.0, 1.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn true_divide<'a>(&self, other: impl Into<Operand<'a>>) -> Result<Tensor> {
        self.binary("true_divide", other, &ElementwiseArgs::default())
    }

    /// torch's `floor_divide(other)`: division rounded towards minus infinity.
    ///
    /// ```
    /// let a = gosparse::Tensor::from_dense(&[7i64, -7], &[2])?;
    /// assert_eq!(a.floor_divide(2)?.values::<i64>()?, &[3, -4]);
    /// assert!(a.floor_divide(0).is_err()); // integer division by zero
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn floor_divide<'a>(&self, other: impl Into<Operand<'a>>) -> Result<Tensor> {
        self.binary("floor_divide", other, &ElementwiseArgs::default())
    }

    /// torch's `remainder(other)`: `self - floor(self / other) * other`,
    /// Python's `%`, which takes the divisor's sign; an integer divisor of 0
    /// is refused, a float one gives NaN.
    ///
    /// ```
    /// let a = gosparse::Tensor::from_dense(&[7i64, -7], &[2])?;
    /// assert_eq!(a.remainder(3)?.values::<i64>()?, &[1, 2]);
    /// assert_eq!(a.remainder(-3)?.values::<i64>()?, &[-2, -1]);
    /// assert!(a.remainder(0).is_err()); // integer division by zero
    /// let f = gosparse::Tensor::from_dense(&[-0.5f64, 0.0], &[1, 2])?.to_sparse_csr()?;
    /// let r = f.remainder(2.0)?.to_dense()?;
    /// assert_eq!(r.values::<f64>()?, &[1.5, 0.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn remainder<'a>(&self, other: impl Into<Operand<'a>>) -> Result<Tensor> {
        self.binary("remainder", other, &ElementwiseArgs::default())
    }

    /// torch's `fmod(other)`: C's remainder of `self / other`, which takes
    /// the dividend's sign; an integer divisor of 0 is refused, a float one
    /// gives NaN.
    ///
    /// ```
    /// let a = gosparse::Tensor::from_dense(&[7i64, -7], &[2])?;
    /// assert_eq!(a.fmod(3)?.values::<i64>()?, &[1, -1]);
    /// assert_eq!(a.fmod(-3)?.values::<i64>()?, &[1, -1]);
    /// assert!(a.fmod(0).is_err()); // integer division by zero
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn fmod<'a>(&self, other: impl Into<Operand<'a>>) -> Result<Tensor> {
        self.binary("fmod", other, &ElementwiseArgs::default())
    }

    /// torch's `atan2(other)`: the angle of the point `(other, self)`, in
    /// `[-pi, pi]`; integers give float32.
    ///
    /// ```
    /// let y = gosparse::Tensor::from_dense(&[1.0f64, 0.0, -1.0], &[3])?.to_sparse_coo()?;
    /// let x = gosparse::Tensor::from_dense(&[0.0f64, -1.0, 1.0], &[3])?;
    /// let got = y.atan2(&x)?.to_dense()?;
    /// let want = [std::f64::consts::FRAC_PI_2, std::f64::consts::PI, -std::f64::consts::FRAC_PI_4];
    /// for (g, w) in got.values::<f64>()?.iter().zip(want) {
    ///     assert!((g - w).abs() < 1e-15);
    /// }
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn atan2<'a>(&self, other: impl Into<Operand<'a>>) -> Result<Tensor> {
        self.binary("atan2", other, &ElementwiseArgs::default())
    }

    /// torch's `pow(exponent)`: `self ** exponent`, the exponent a tensor or
    /// a number.
    ///
    /// ```
    /// let a = gosparse::Tensor::from_dense(&[0.0f64, 2.0, 3.0], &[3])?.to_sparse_coo()?;
    /// assert_eq!(a.pow(2)?.to_dense()?.values::<f64>()?, &[0.0, 4.0, 9.0]);
    /// assert_eq!(a.pow(&a)?.to_dense()?.values::<f64>()?, &[1.0, 4.0, 27.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn pow<'a>(&self, exponent: impl Into<Operand<'a>>) -> Result<Tensor> {
        self.binary("pow", exponent, &ElementwiseArgs::default())
    }
}
