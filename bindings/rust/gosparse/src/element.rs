//! The Rust types that tensor elements and indices may have.

use crate::dtype::DType;
use crate::error::{Error, ErrorKind, Result};

mod sealed {
    pub trait Sealed {}
}

/// A Rust type with the memory representation of one [`DType`]: what
/// constructors take and what accessors lend.
///
/// Sealed: only the types listed here implement it, so that lending library
/// buffers as `&[T]` is sound.
///
/// ```
/// use gosparse::{DType, Element, Complex64};
/// assert_eq!(<f32 as Element>::DTYPE, DType::Float32);
/// assert_eq!(<Complex64 as Element>::DTYPE, DType::Complex128);
/// ```
pub trait Element: Copy + Send + Sync + 'static + sealed::Sealed {
    /// The dtype this type represents.
    const DTYPE: DType;

    /// Whether these bytes are valid values of `Self` (always true except
    /// for `bool`, whose only valid bytes are 0 and 1).
    #[doc(hidden)]
    fn valid_bytes(_bytes: &[u8]) -> bool {
        true
    }
}

/// An index type: `i32` or `i64`, the two index widths.
///
/// ```
/// use gosparse::IndexType;
/// assert_eq!(<i32 as IndexType>::WIDTH, 32);
/// ```
pub trait IndexType: Element {
    /// 32 or 64.
    const WIDTH: u32;
}

impl IndexType for i32 {
    const WIDTH: u32 = 32;
}

impl IndexType for i64 {
    const WIDTH: u32 = 64;
}

/// Refuses a `T` other than the element type `got` of a lent array or a
/// tensor (`holder`); `what` names the accessor.
pub(crate) fn expect_dtype<T: Element>(got: DType, what: &str, holder: &str) -> Result<()> {
    if got == T::DTYPE {
        return Ok(());
    }
    Err(Error::new(
        ErrorKind::DType,
        format!(
            "{what}: dtype mismatch: the {holder} holds {got} but {} was asked for (Rust type {})",
            T::DTYPE,
            std::any::type_name::<T>()
        ),
    ))
}

macro_rules! element {
    ($($t:ty => $d:ident),* $(,)?) => {$(
        impl sealed::Sealed for $t {}
        impl Element for $t {
            const DTYPE: DType = DType::$d;
        }
    )*};
}

element!(
    f32 => Float32,
    f64 => Float64,
    i8 => Int8,
    i16 => Int16,
    i32 => Int32,
    i64 => Int64,
    u8 => UInt8,
    Complex32 => Complex64,
    Complex64 => Complex128,
    F16 => Float16,
    Bf16 => BFloat16,
);

impl sealed::Sealed for bool {}
impl Element for bool {
    const DTYPE: DType = DType::Bool;
    fn valid_bytes(bytes: &[u8]) -> bool {
        bytes.iter().all(|&b| b <= 1)
    }
}

/// A complex number of two `f32`: the element type of [`DType::Complex64`].
///
/// ```
/// let z = gosparse::Complex32::new(1.0, -2.0);
/// assert_eq!((z.re, z.im), (1.0, -2.0));
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Complex32 {
    /// Real part.
    pub re: f32,
    /// Imaginary part.
    pub im: f32,
}

impl Complex32 {
    /// `re + im·i`.
    pub const fn new(re: f32, im: f32) -> Self {
        Complex32 { re, im }
    }
}

/// A complex number of two `f64`: the element type of [`DType::Complex128`].
///
/// ```
/// let z = gosparse::Complex64::new(0.5, 3.0);
/// assert_eq!(z.im, 3.0);
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Complex64 {
    /// Real part.
    pub re: f64,
    /// Imaginary part.
    pub im: f64,
}

impl Complex64 {
    /// `re + im·i`.
    pub const fn new(re: f64, im: f64) -> Self {
        Complex64 { re, im }
    }
}

/// IEEE 754 binary16, stored as its bit pattern: the element type of
/// [`DType::Float16`]. Equality compares bit patterns.
///
/// ```
/// use gosparse::F16;
/// assert_eq!(F16::from_f32(1.5).to_f32(), 1.5);
/// assert_eq!(F16::from_f32(1.0).to_bits(), 0x3c00);
/// assert_eq!(F16::from_f32(1e6).to_f32(), f32::INFINITY);
/// ```
#[repr(transparent)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct F16(pub u16);

impl F16 {
    /// The half with this bit pattern.
    pub const fn from_bits(bits: u16) -> F16 {
        F16(bits)
    }

    /// The bit pattern.
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// Rounds to the nearest half, ties to even (as torch does).
    pub fn from_f32(f: f32) -> F16 {
        F16(f32_to_f16(f))
    }

    /// Widens exactly.
    pub fn to_f32(self) -> f32 {
        f16_to_f32(self.0)
    }
}

/// bfloat16 (the top 16 bits of a binary32), stored as its bit pattern: the
/// element type of [`DType::BFloat16`]. Equality compares bit patterns.
///
/// ```
/// use gosparse::Bf16;
/// assert_eq!(Bf16::from_f32(2.0).to_f32(), 2.0);
/// assert_eq!(Bf16::from_f32(1.0).to_bits(), 0x3f80);
/// ```
#[repr(transparent)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bf16(pub u16);

impl Bf16 {
    /// The bfloat16 with this bit pattern.
    pub const fn from_bits(bits: u16) -> Bf16 {
        Bf16(bits)
    }

    /// The bit pattern.
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// Rounds to the nearest bfloat16, ties to even; NaN stays NaN.
    pub fn from_f32(f: f32) -> Bf16 {
        let x = f.to_bits();
        if f.is_nan() {
            return Bf16(((x >> 16) as u16) | 0x40);
        }
        let lsb = (x >> 16) & 1;
        Bf16((x.wrapping_add(0x7fff + lsb) >> 16) as u16)
    }

    /// Widens exactly.
    pub fn to_f32(self) -> f32 {
        f32::from_bits(u32::from(self.0) << 16)
    }
}

fn f16_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = u32::from(h >> 10) & 0x1f;
    let man = u32::from(h & 0x3ff);
    match exp {
        0x1f => f32::from_bits(sign | 0x7f80_0000 | man << 13),
        0 => {
            // subnormal: man * 2^-24 (exact in f32)
            let v = man as f32 * (1.0 / 16_777_216.0);
            if sign != 0 { -v } else { v }
        }
        _ => f32::from_bits(sign | (exp + 127 - 15) << 23 | man << 13),
    }
}

fn f32_to_f16(f: f32) -> u16 {
    let x = f.to_bits();
    let sign = ((x >> 16) & 0x8000) as u16;
    let exp = ((x >> 23) & 0xff) as i32;
    let man = x & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    // Keep `keep` bits of the 24-bit significand, rounding ties to even; a
    // carry out of the mantissa correctly bumps the exponent.
    let round = |m: u32, shift: u32| -> u32 {
        let kept = m >> shift;
        let rem = m & ((1 << shift) - 1);
        let half = 1 << (shift - 1);
        if rem > half || (rem == half && kept & 1 == 1) { kept + 1 } else { kept }
    };
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        return sign | round(m, (14 - e) as u32) as u16;
    }
    let m = (e as u32) << 23 | man;
    sign | round(m, 13) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ErrorKind, Tensor};

    #[test]
    fn f16_round_trips_every_finite_half() {
        for bits in 0u16..=0xffff {
            let h = F16(bits);
            let f = h.to_f32();
            if f.is_nan() {
                assert!(F16::from_f32(f).to_f32().is_nan());
            } else {
                assert_eq!(F16::from_f32(f).to_bits(), bits, "bits {bits:#06x} -> {f}");
            }
        }
    }

    #[test]
    fn f16_rounds_ties_to_even() {
        // 1 + 2^-11 lies halfway between 1 and 1 + 2^-10: rounds to the even 1.
        assert_eq!(F16::from_f32(1.0 + 2f32.powi(-11)).to_bits(), 0x3c00);
        // 1 + 3·2^-11 lies halfway between 1 + 2^-10 (odd) and 1 + 2^-9: rounds up.
        assert_eq!(F16::from_f32(1.0 + 3.0 * 2f32.powi(-11)).to_bits(), 0x3c02);
        // Smallest subnormal and half of it (a tie to even zero).
        assert_eq!(F16::from_f32(2f32.powi(-24)).to_bits(), 1);
        assert_eq!(F16::from_f32(2f32.powi(-25)).to_bits(), 0);
        assert_eq!(F16::from_f32(65504.0).to_bits(), 0x7bff);
        assert_eq!(F16::from_f32(65520.0).to_bits(), 0x7c00);
        assert_eq!(F16::from_f32(-0.0).to_bits(), 0x8000);
    }

    #[test]
    fn bf16_rounds_ties_to_even() {
        assert_eq!(Bf16::from_f32(f32::from_bits(0x3f80_8000)).to_bits(), 0x3f80);
        assert_eq!(Bf16::from_f32(f32::from_bits(0x3f81_8000)).to_bits(), 0x3f82);
        assert_eq!(Bf16::from_f32(f32::from_bits(0x3f80_8001)).to_bits(), 0x3f81);
        assert!(Bf16::from_f32(f32::NAN).to_f32().is_nan());
        assert_eq!(Bf16::from_f32(-3.0).to_f32(), -3.0);
    }

    #[test]
    fn bool_bytes_are_checked() {
        assert!(bool::valid_bytes(&[0, 1, 1]));
        assert!(!bool::valid_bytes(&[0, 2]));
        assert!(f64::valid_bytes(&[0xff; 8]));
    }

    #[test]
    fn dtype_mismatch_names_the_accessor_and_the_holder() {
        assert!(expect_dtype::<f64>(DType::Float64, "values", "tensor").is_ok());
        let e = expect_dtype::<i32>(DType::Float32, "crd", "array").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::DType);
        assert_eq!(e.message(), "crd: dtype mismatch: the array holds float32 but int32 was asked for (Rust type i32)");
        let t = Tensor::from_dense(&[1.0f64], &[1]).unwrap();
        let e = t.values::<i64>().unwrap_err();
        assert_eq!(
            e.message(),
            "values: dtype mismatch: the tensor holds float64 but int64 was asked for (Rust type i64)"
        );
    }
}
