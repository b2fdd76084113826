//! Unit tests of the Rust-side logic: codes and names agree with the
//! library, flat constructors derive the right shapes, errors carry codes.

use std::ffi::{CStr, c_char};

use gosparse_sys as sys;

use crate::*;

fn lib_name(f: unsafe extern "C" fn(i32, *mut *const c_char) -> i32, code: i32) -> String {
    let mut p: *const c_char = std::ptr::null();
    // SAFETY: valid out-pointer; the name is static storage.
    assert_eq!(unsafe { f(code, &mut p) }, sys::GS_OK, "code {code}");
    unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string()
}

#[test]
fn dtype_codes_and_names_match_the_library() {
    for d in DType::ALL {
        assert_eq!(lib_name(sys::gs_dtype_name, d.code()), d.name());
        assert_eq!(DType::from_code(d.code()), Some(d));
        assert_eq!(d.name().parse::<DType>().unwrap(), d);
    }
    assert_eq!(DType::Bool.size(), 1);
    assert_eq!(DType::BFloat16.size(), 2);
    let err = "float8".parse::<DType>().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::DType);
    assert!(err.message().contains("float8"));
}

#[test]
fn unknown_codes_are_refused_by_the_library_with_a_message() {
    let mut p: *const c_char = std::ptr::null();
    let st = unsafe { sys::gs_dtype_name(12345, &mut p) };
    let err = crate::error::check(st).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::DType);
    assert!(!err.message().is_empty());
}

#[test]
fn layout_codes_and_names_match_the_library() {
    for l in Layout::ALL {
        assert_eq!(lib_name(sys::gs_layout_name, l.code()), l.name());
        assert_eq!(Layout::from_code(l.code()), Some(l));
        assert_eq!(l.name().parse::<Layout>().unwrap(), l);
    }
    assert_eq!("torch.sparse_bsc".parse::<Layout>().unwrap(), Layout::SparseBsc);
    assert!("dia".parse::<Layout>().is_err());
}

#[test]
fn error_kinds_round_trip_their_codes() {
    for code in -10..=-1 {
        assert_eq!(ErrorKind::from_code(code).code(), code);
        assert!(!matches!(ErrorKind::from_code(code), ErrorKind::Unknown(_)));
    }
    let e = Error::new(ErrorKind::TooLarge, "result needs 10 GiB");
    assert_eq!(e.to_string(), "result needs 10 GiB (too large)");
}

#[test]
fn the_header_version_is_the_library_version() {
    assert_eq!(version(), sys::GS_VERSION_STRING);
    let (a, b, c) = version_numbers();
    assert_eq!((a, b, c), (sys::GS_VERSION_MAJOR, sys::GS_VERSION_MINOR, sys::GS_VERSION_PATCH));
}

#[test]
fn tensors_are_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Tensor>();
    assert_send_sync::<Error>();
}

#[test]
fn array_ref_checks_its_shape() {
    let data = [0u8; 6];
    assert!(ArrayRef::new(&data, &[2, 3]).is_ok());
    let e = ArrayRef::new(&data, &[4]).unwrap_err();
    assert!(e.message().contains("6 elements") && e.message().contains("holds 4"), "{e}");
    let e = ArrayRef::new(&data, &[usize::MAX]).unwrap_err();
    assert!(e.message().contains("shape[0]") && e.message().contains("larger than i64::MAX"), "{e}");
    let e = ArrayRef::new(&data, &[1; 17]).unwrap_err();
    assert!(e.message().contains("at most 16"), "{e}");
    let e = ArrayRef::new(&data, &[i64::MAX as usize, 4]).unwrap_err();
    assert!(e.message().contains("overflows"), "{e}");
}

#[test]
fn flat_coo_derives_values_shape_from_size() {
    // Two sparse dims, one dense dim of 3: values hold nse * 3 elements.
    let t = Tensor::sparse_coo(&[0i64, 1, 1, 0], 2, &[1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], Some(&[2, 2, 3])).unwrap();
    assert_eq!((t.sparse_dim(), t.dense_dim(), t.nnz()), (2, 1, 2));
    assert_eq!(t.component_shape(Component::RawValues).unwrap(), vec![2, 3]);
    // 5 values cannot be entries of 3 elements.
    let e = Tensor::sparse_coo(&[0i64, 1, 1, 0], 2, &[1.0f64; 5], Some(&[2, 2, 3])).unwrap_err();
    assert!(e.message().contains("multiple of 3"), "{e}");
    let e = Tensor::sparse_coo(&[0i64, 1, 1], 2, &[1.0f64], None).unwrap_err();
    assert!(e.message().contains("sparse_dim 2"), "{e}");
    assert!(Tensor::sparse_coo(&[0i64], 0, &[1.0f64], None).is_err());
    let e = Tensor::sparse_coo(&[0i64, 0], 2, &[1.0f64], Some(&[2])).unwrap_err();
    assert!(e.message().contains("fewer than sparse_dim"), "{e}");
}

#[test]
fn flat_blocked_constructors_derive_block_shapes() {
    let t = Tensor::sparse_bsr(&[0i32, 1, 1], &[0], &[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], [1, 6], Some(&[2, 6])).unwrap();
    assert_eq!(t.blocksize(), [1, 6]);
    assert_eq!(t.component_shape(Component::Values).unwrap(), vec![1, 1, 6]);
    let e = Tensor::sparse_bsr(&[0i32, 1], &[0], &[1.0f32; 3], [0, 2], Some(&[2, 2])).unwrap_err();
    assert!(e.message().contains("blocksize"), "{e}");
}

#[test]
fn values_of_the_wrong_type_name_both_dtypes() {
    let t = Tensor::from_dense(&[1i16, 2], &[2]).unwrap();
    let e = t.values::<i32>().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::DType);
    assert!(e.message().contains("int16") && e.message().contains("int32"), "{e}");
    assert_eq!(t.values::<i16>().unwrap(), &[1, 2]);
}

#[test]
fn every_element_type_round_trips_through_a_dense_tensor() {
    fn check<T: Element + PartialEq + std::fmt::Debug>(v: [T; 3]) {
        let t = Tensor::from_dense(&v, &[3]).unwrap();
        assert_eq!(t.dtype(), T::DTYPE);
        assert_eq!(t.values::<T>().unwrap(), &v);
        let s = t.to_sparse_coo().unwrap();
        assert!(s.to_dense().unwrap().equal(&t).unwrap());
    }
    check([1.0f32, 0.0, -2.5]);
    check([1.0f64, 0.0, -2.5]);
    check([1i8, 0, -3]);
    check([1i16, 0, -3]);
    check([1i32, 0, -3]);
    check([1i64, 0, -3]);
    check([1u8, 0, 255]);
    check([true, false, true]);
    check([Complex32::new(1.0, 2.0), Complex32::default(), Complex32::new(0.0, -1.0)]);
    check([Complex64::new(1.0, 2.0), Complex64::default(), Complex64::new(0.0, -1.0)]);
    check([F16::from_f32(1.5), F16::default(), F16::from_f32(-2.0)]);
    check([Bf16::from_f32(1.5), Bf16::default(), Bf16::from_f32(-2.0)]);
}

#[test]
fn display_is_torch_repr_and_debug_summarises() {
    let t = Tensor::sparse_coo(&[0i64, 2], 1, &[1.0f64, 2.0], Some(&[3])).unwrap();
    let s = t.to_string();
    assert!(s.starts_with("tensor("), "{s}");
    assert!(s.contains("sparse_coo"), "{s}");
    let d = format!("{t:?}");
    assert!(d.contains("SparseCoo") && d.contains("Float64") && d.contains("[3]"), "{d}");
}
