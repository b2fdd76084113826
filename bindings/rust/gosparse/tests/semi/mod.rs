//! Semi-structured sparsity ([`SemiStructured`]) over the real library: every
//! case of `../shared/conformance/semi_structured/cutlass.json` (values and
//! indices element for element, to_dense, from_parts, mm, linear, addmm) and
//! its refusals, then handle accounting and argument errors.

use gosparse::{ArrayRef, DType, ErrorKind, Number, SemiStructured, Tensor};
use serde_json::Value;

use super::{LeakCheck, shared_dir};

fn dtype_named(name: &str) -> DType {
    name.parse().unwrap_or_else(|_| panic!("unknown dtype {name}"))
}

fn floats(a: &Value) -> Vec<f64> {
    a["data"].as_array().expect("data").iter().map(|v| v.as_f64().expect("number")).collect()
}

fn shape(a: &Value) -> Vec<usize> {
    a["shape"].as_array().expect("shape").iter().map(|v| v.as_u64().expect("size") as usize).collect()
}

/// A strided tensor of dtype holding a conformance array (float64 numbers,
/// exact in dtype), converted by the library.
fn tensor_of(a: &Value, dtype: DType) -> Tensor {
    let t = Tensor::from_dense(&floats(a), &shape(a)).expect("float64 tensor");
    if dtype == DType::Float64 { t } else { t.to_dtype(dtype).expect("to dtype") }
}

fn as_f64(t: &Tensor) -> Vec<f64> {
    t.to_dtype(DType::Float64).expect("to float64").values::<f64>().expect("values").to_vec()
}

/// got equals expect within half a unit in the last place of got's dtype.
fn assert_close(id: &str, what: &str, got: &Tensor, expect: &Value) {
    assert_eq!(got.shape(), shape(expect), "{id} {what}: shape");
    let rtol = match got.dtype() {
        DType::Float16 => 2f64.powi(-11),
        DType::BFloat16 => 2f64.powi(-8),
        DType::Float32 => 2f64.powi(-24),
        _ => 0.0,
    };
    for (i, (g, e)) in as_f64(got).iter().zip(floats(expect)).enumerate() {
        assert!((g - e).abs() <= rtol * e.abs(), "{id} {what}: element {i} is {g}, expected {e}");
    }
}

fn replay_case(c: &Value) {
    let id = c["id"].as_str().expect("id");
    let dt = dtype_named(c["dtype"].as_str().expect("dtype"));
    let dense = tensor_of(&c["dense"], dt);
    let s = dense.to_sparse_semi_structured().unwrap_or_else(|e| panic!("{id}: {e}"));
    assert_eq!(s.dtype(), dt);
    assert!(!s.is_transposed());
    assert_eq!(s.sparsity(), (c["n"].as_i64().unwrap() as i32, c["m"].as_i64().unwrap() as i32));

    let vals = &c["cutlass"]["values"];
    let got_vals = match dt {
        DType::Int8 => s.values::<i8>().unwrap().iter().map(|&v| f64::from(v)).collect::<Vec<_>>(),
        DType::Float32 => s.values::<f32>().unwrap().iter().map(|&v| f64::from(v)).collect(),
        DType::Float16 => s.values::<gosparse::F16>().unwrap().iter().map(|v| f64::from(v.to_f32())).collect(),
        _ => s.values::<gosparse::Bf16>().unwrap().iter().map(|v| f64::from(v.to_f32())).collect(),
    };
    assert_eq!(got_vals, floats(vals), "{id}: values");
    let meta = &c["cutlass"]["meta"];
    let want: Vec<i64> = floats(meta).iter().map(|&v| v as i64).collect();
    let got: Vec<i64> = if meta["dtype"] == "int32" {
        s.indices::<i32>().unwrap().iter().map(|&v| i64::from(v)).collect()
    } else {
        s.indices::<i16>().unwrap().iter().map(|&v| i64::from(v)).collect()
    };
    assert_eq!(got, want, "{id}: meta, element for element");
    assert_eq!(s.indices_shape().unwrap(), shape(meta));
    assert!(s.to_dense().unwrap().equal(&dense).unwrap(), "{id}: to_dense");

    // torch's pair as input gives the same matrix.
    let vshape = shape(vals);
    let p = match (dt, meta["dtype"].as_str()) {
        (DType::Int8, _) => SemiStructured::from_parts(
            ArrayRef::new(s.values::<i8>().unwrap(), &vshape).unwrap(),
            ArrayRef::new(s.indices::<i32>().unwrap(), &shape(meta)).unwrap(),
        ),
        (DType::Float32, _) => SemiStructured::from_parts(
            ArrayRef::new(s.values::<f32>().unwrap(), &vshape).unwrap(),
            ArrayRef::new(s.indices::<i16>().unwrap(), &shape(meta)).unwrap(),
        ),
        (DType::Float16, _) => SemiStructured::from_parts(
            ArrayRef::new(s.values::<gosparse::F16>().unwrap(), &vshape).unwrap(),
            ArrayRef::new(s.indices::<i16>().unwrap(), &shape(meta)).unwrap(),
        ),
        _ => SemiStructured::from_parts(
            ArrayRef::new(s.values::<gosparse::Bf16>().unwrap(), &vshape).unwrap(),
            ArrayRef::new(s.indices::<i16>().unwrap(), &shape(meta)).unwrap(),
        ),
    }
    .unwrap_or_else(|e| panic!("{id}: from_parts: {e}"));
    assert!(p.to_dense().unwrap().equal(&dense).unwrap(), "{id}: from_parts to_dense");

    let x = tensor_of(&c["mm"]["dense"], dt);
    assert_close(id, "mm", &s.mm(&x).unwrap(), &c["mm"]["expect"]);
    let input = tensor_of(&c["linear"]["input"], dt);
    let bias = tensor_of(&c["linear"]["bias"], dt);
    assert_close(id, "linear", &input.linear_semi(&s, Some(&bias)).unwrap(), &c["linear"]["expect"]);
    let st = s.t().unwrap();
    assert!(st.is_transposed());
    let got = bias.addmm_semi(&input, &st, Number::Int(1), Number::Int(1)).unwrap();
    assert_close(id, "addmm", &got, &c["linear"]["expect"]);
}

#[test]
fn cutlass_cases() {
    let check = LeakCheck::start();
    let Some(dir) = shared_dir("conformance/semi_structured") else { return };
    let text = std::fs::read_to_string(dir.join("cutlass.json")).expect("read cutlass.json");
    let v: Value = serde_json::from_str(&text).expect("parse cutlass.json");
    let cases = v["cases"].as_array().expect("cases");
    assert_eq!(cases.len(), 8);
    for c in cases {
        replay_case(c);
    }
    let wants = [
        "strip row 0, columns 0..3", // the why says three nonzeros; the data holds four
        "columns must be a positive multiple of 64 for float16",
        "rows must be a positive multiple of 32 for float16",
        "needs a 2-d matrix",
    ];
    let invalid = v["invalid"].as_array().expect("invalid");
    assert_eq!(invalid.len(), wants.len());
    for (inv, want) in invalid.iter().zip(wants) {
        let d = &inv["dense"];
        let dense = tensor_of(d, dtype_named(d["dtype"].as_str().unwrap()));
        let e = dense.to_sparse_semi_structured().err().unwrap_or_else(|| panic!("accepted: {}", inv["why"]));
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert!(e.to_string().contains(want), "{e} lacks {want}");
    }
    check.finish();
}

#[test]
fn refusals_and_pruning() {
    let check = LeakCheck::start();
    let x = Tensor::from_dense(&[1.0f32, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
    let e = x.to_sparse_semi_structured().err().unwrap();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(e.to_string().contains("rows must be a positive multiple of 32 for float32"), "{e}");
    let e = x.to_dtype(DType::Float64).unwrap().to_sparse_semi_structured().err().unwrap();
    assert_eq!(e.kind(), ErrorKind::DType);

    let w: Vec<f32> = (0..32 * 32).map(|i| (i % 7) as f32 - 3.0).collect();
    let dense = Tensor::from_dense(&w, &[32, 32]).unwrap();
    let mask = dense.semi_structured_mask(1, 2).unwrap();
    assert_eq!(mask.dtype(), DType::Bool);
    let pruned = dense.prune_semi_structured().unwrap();
    let s = pruned.to_sparse_semi_structured().unwrap();
    assert!(s.to_dense().unwrap().equal(&pruned).unwrap());
    let e = s.mm(&dense.to_dtype(DType::Float64).unwrap()).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::DType);
    let y = Tensor::from_dense(&vec![1.0f32; 3 * 32], &[3, 32]).unwrap();
    assert_eq!(y.linear_semi(&s, None).unwrap().shape(), vec![3, 32]);
    assert_eq!(y.mm_semi(&s.t().unwrap()).unwrap().shape(), vec![3, 32]);
    drop((s, pruned, mask, dense, x, y));
    check.finish();
}
