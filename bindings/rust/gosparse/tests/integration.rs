//! Integration tests of the safe API over the real library, in one binary (a
//! Go c-archive is linked into every test binary, so there is only one).
//!
//! - the conformance vectors of `../shared/conformance/torch` (random_layouts,
//!   invalid, and the construction/conversion/coalesce/to_dense cases of
//!   spec_examples), skipped with a message when the folder is absent;
//! - error paths: bad indices, wrong lengths, stale handles, memory limit;
//! - handle accounting: every test runs alone and checks that the number of
//!   live handles returns to where it started;
//! - threads: one tensor read from many threads, tensors sent and dropped
//!   on other threads;
//! - autograd (tests/autograd).

use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

use gosparse::{
    ArrayRef, Bf16, BuildOptions, Complex32, Complex64, Component, DType, Element, ErrorKind, F16, Layout, Tensor, sys,
};
use serde_json::Value;

// The shape, indexing, reduction and fill-value operators.
mod ops;
// The element-wise operators and the matmul family.
mod elementwise_linalg;
// The reductions by name (mean, prod, amax, ...) and where.
mod reduce_where;
// Semi-structured (2:4) sparsity.
mod semi;
// Autograd: grads.json, a GCN step, no_grad.
mod autograd;
// Formats as data: formats.json, invalid formats, a DIA tensor through operators.
mod formats;
// Ragged batches: stack of CSR matrices with different nnz.
mod ragged;
// The direct solvers and spdiags.
mod solve;
// torch's names of issue 18 and the DenseOut products.
mod torch_names;
// lobpcg, svd_lowrank and pca_lowrank.
mod spectral;
// lobpcg's torch ortho parameters and its tracker.
mod lobpcg_ext;
// explain: the path a call takes, without running it.
mod explain;

// ---- handle accounting ------------------------------------------------------

static SERIAL: Mutex<()> = Mutex::new(());

/// Runs a test alone and fails it if it leaves tensors alive.
struct LeakCheck {
    start: i64,
    _guard: MutexGuard<'static, ()>,
}

impl LeakCheck {
    fn start() -> LeakCheck {
        let guard = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
        LeakCheck { start: gosparse::live_handles(), _guard: guard }
    }

    fn finish(self) {
        assert_eq!(gosparse::live_handles(), self.start, "live handles did not return to their starting count");
    }
}

// ---- shared data ------------------------------------------------------------

fn shared_dir(rel: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../../shared").join(rel);
    if p.is_dir() {
        Some(p)
    } else {
        println!("SKIP: {} is absent (the shared data lives beside the repository)", p.display());
        None
    }
}

fn load_group(name: &str) -> Option<Vec<Value>> {
    let dir = shared_dir("conformance/torch")?;
    let text = std::fs::read_to_string(dir.join(format!("{name}.json"))).expect("read conformance group");
    let v: Value = serde_json::from_str(&text).expect("parse conformance group");
    Some(v["cases"].as_array().expect("cases").clone())
}

// ---- JSON arrays as typed data ----------------------------------------------

enum Data {
    Bool(Vec<bool>),
    U8(Vec<u8>),
    I8(Vec<i8>),
    I16(Vec<i16>),
    I32(Vec<i32>),
    I64(Vec<i64>),
    F16(Vec<F16>),
    Bf16(Vec<Bf16>),
    F32(Vec<f32>),
    F64(Vec<f64>),
    C64(Vec<Complex32>),
    C128(Vec<Complex64>),
}

/// Runs `$body` with `$s` bound to the typed slice, whatever its type.
macro_rules! dispatch {
    ($data:expr, $s:ident => $body:expr) => {
        match $data {
            Data::Bool($s) => $body,
            Data::U8($s) => $body,
            Data::I8($s) => $body,
            Data::I16($s) => $body,
            Data::I32($s) => $body,
            Data::I64($s) => $body,
            Data::F16($s) => $body,
            Data::Bf16($s) => $body,
            Data::F32($s) => $body,
            Data::F64($s) => $body,
            Data::C64($s) => $body,
            Data::C128($s) => $body,
        }
    };
}

/// A JSON number, or one of the strings "nan", "inf", "-inf".
fn real(v: &Value) -> f64 {
    match v {
        Value::Number(n) => n.as_f64().unwrap(),
        Value::Bool(b) => f64::from(u8::from(*b)),
        Value::String(s) => match s.as_str() {
            "nan" => f64::NAN,
            "inf" => f64::INFINITY,
            "-inf" => f64::NEG_INFINITY,
            other => panic!("unexpected number string {other:?}"),
        },
        other => panic!("unexpected number {other}"),
    }
}

/// A JSON element as (re, im).
fn pair(v: &Value) -> (f64, f64) {
    match v {
        Value::Array(a) => (real(&a[0]), real(&a[1])),
        other => (real(other), 0.0),
    }
}

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("expected an integer, got {v}"))
}

fn parse_data(dtype: DType, data: &Value) -> Data {
    let items = data.as_array().expect("data array");
    let reals = || items.iter().map(real);
    match dtype {
        DType::Bool => Data::Bool(items.iter().map(|v| v.as_bool().expect("bool")).collect()),
        DType::UInt8 => Data::U8(items.iter().map(|v| int(v) as u8).collect()),
        DType::Int8 => Data::I8(items.iter().map(|v| int(v) as i8).collect()),
        DType::Int16 => Data::I16(items.iter().map(|v| int(v) as i16).collect()),
        DType::Int32 => Data::I32(items.iter().map(|v| int(v) as i32).collect()),
        DType::Int64 => Data::I64(items.iter().map(int).collect()),
        DType::Float16 => Data::F16(reals().map(|x| F16::from_f32(x as f32)).collect()),
        DType::BFloat16 => Data::Bf16(reals().map(|x| Bf16::from_f32(x as f32)).collect()),
        DType::Float32 => Data::F32(reals().map(|x| x as f32).collect()),
        DType::Float64 => Data::F64(reals().collect()),
        DType::Complex64 => {
            Data::C64(items.iter().map(pair).map(|(r, i)| Complex32::new(r as f32, i as f32)).collect())
        }
        DType::Complex128 => Data::C128(items.iter().map(pair).map(|(r, i)| Complex64::new(r, i)).collect()),
    }
}

fn dtype_of(v: &Value) -> DType {
    v["dtype"].as_str().expect("dtype").parse().expect("known dtype")
}

fn shape_of(v: &Value) -> Vec<usize> {
    v["shape"].as_array().expect("shape").iter().map(size).collect()
}

/// A size of the JSON: a non-negative integer.
fn size(v: &Value) -> usize {
    usize::try_from(int(v)).expect("a non-negative size")
}

fn layout_of(v: &Value) -> Layout {
    v["layout"].as_str().expect("layout").parse().expect("known layout")
}

/// An index array of the JSON (int64 in every vector, int32 accepted).
fn index_data(v: &Value) -> Vec<i64> {
    v["data"].as_array().expect("index data").iter().map(int).collect()
}

// ---- JSON tensors -----------------------------------------------------------

/// The names of a compressed layout's (compressed, plain) index arrays.
fn compressed_names(layout: Layout) -> (&'static str, &'static str) {
    match layout {
        Layout::SparseCsr | Layout::SparseBsr => ("crow_indices", "col_indices"),
        _ => ("ccol_indices", "row_indices"),
    }
}

/// Builds the tensor a JSON description holds.
fn build(v: &Value) -> gosparse::Result<Tensor> {
    let shape = shape_of(v);
    let layout = layout_of(v);
    let values = if layout == Layout::Strided { v } else { &v["values"] };
    let vshape = shape_of(values);
    let data = parse_data(dtype_of(values), &values["data"]);
    match layout {
        Layout::Strided => dispatch!(&data, s => Tensor::from_dense(s, &vshape)),
        Layout::SparseCoo => {
            let idx = index_data(&v["indices"]);
            let ia = ArrayRef::new(&idx, &shape_of(&v["indices"]))?;
            let opts = BuildOptions { coalesced: v["coalesced"].as_bool() == Some(true), ..Default::default() };
            dispatch!(&data, s => Tensor::sparse_coo_from_arrays(&ia, &ArrayRef::new(s, &vshape)?, Some(&shape), opts))
        }
        l if l.is_compressed() => {
            let (cn, pn) = compressed_names(l);
            let (c, p) = (index_data(&v[cn]), index_data(&v[pn]));
            let ca = ArrayRef::new(&c, &shape_of(&v[cn]))?;
            let pa = ArrayRef::new(&p, &shape_of(&v[pn]))?;
            dispatch!(&data, s => Tensor::sparse_compressed(l, &ca, &pa, &ArrayRef::new(s, &vshape)?, Some(&shape), BuildOptions::default()))
        }
        other => panic!("no JSON form for {other}"),
    }
}

/// A component of any element type as (re, im) pairs.
fn pairs(t: &Tensor, which: Component) -> Vec<(f64, f64)> {
    fn conv<T: Element>(t: &Tensor, which: Component, f: impl Fn(&T) -> (f64, f64)) -> Vec<(f64, f64)> {
        t.component::<T>(which).unwrap_or_else(|e| panic!("{which:?}: {e}")).iter().map(f).collect()
    }
    match t.dtype() {
        DType::Bool => conv::<bool>(t, which, |&b| (f64::from(u8::from(b)), 0.0)),
        DType::UInt8 => conv::<u8>(t, which, |&x| (f64::from(x), 0.0)),
        DType::Int8 => conv::<i8>(t, which, |&x| (f64::from(x), 0.0)),
        DType::Int16 => conv::<i16>(t, which, |&x| (f64::from(x), 0.0)),
        DType::Int32 => conv::<i32>(t, which, |&x| (f64::from(x), 0.0)),
        DType::Int64 => conv::<i64>(t, which, |&x| (x as f64, 0.0)),
        DType::Float16 => conv::<F16>(t, which, |x| (f64::from(x.to_f32()), 0.0)),
        DType::BFloat16 => conv::<Bf16>(t, which, |x| (f64::from(x.to_f32()), 0.0)),
        DType::Float32 => conv::<f32>(t, which, |&x| (f64::from(x), 0.0)),
        DType::Float64 => conv::<f64>(t, which, |&x| (x, 0.0)),
        DType::Complex64 => conv::<Complex32>(t, which, |z| (f64::from(z.re), f64::from(z.im))),
        DType::Complex128 => conv::<Complex64>(t, which, |z| (z.re, z.im)),
    }
}

/// (rtol, atol) fit for the dtype, as the conformance README says.
fn tolerance(d: DType) -> (f64, f64) {
    match d {
        DType::Float64 | DType::Complex128 => (1e-12, 1e-12),
        DType::Float32 | DType::Complex64 => (1e-5, 1e-6),
        DType::Float16 | DType::BFloat16 => (1e-2, 1e-3),
        _ => (0.0, 0.0),
    }
}

fn close(a: f64, b: f64, (rtol, atol): (f64, f64)) -> bool {
    (a.is_nan() && b.is_nan()) || a == b || (a - b).abs() <= atol + rtol * b.abs()
}

fn check_values(ctx: &str, got: &Tensor, which: Component, want: &Value) {
    assert_eq!(got.component_shape(which).unwrap(), shape_of(want), "{ctx}: {which:?} shape");
    let g = pairs(got, which);
    let w: Vec<(f64, f64)> = want["data"].as_array().unwrap().iter().map(pair).collect();
    assert_eq!(g.len(), w.len(), "{ctx}: {which:?} length");
    let tol = tolerance(got.dtype());
    for (i, (a, b)) in g.iter().zip(&w).enumerate() {
        assert!(close(a.0, b.0, tol) && close(a.1, b.1, tol), "{ctx}: {which:?}[{i}] = {a:?}, expected {b:?}");
    }
}

fn check_indices(ctx: &str, got: &Tensor, which: Component, want: &Value) {
    assert_eq!(got.component_shape(which).unwrap(), shape_of(want), "{ctx}: {which:?} shape");
    let g = match which {
        Component::Indices => got.indices(),
        Component::RawIndices => got.raw_indices(),
        Component::CrowIndices => got.crow_indices(),
        Component::ColIndices => got.col_indices(),
        Component::CcolIndices => got.ccol_indices(),
        Component::RowIndices => got.row_indices(),
        _ => unreachable!(),
    };
    assert_eq!(g.unwrap().to_vec(), index_data(want), "{ctx}: {which:?}");
}

/// Compares a result with the expected JSON tensor: layout, dtype, shape,
/// dims and every component array (the canonical answer).
fn check_tensor(ctx: &str, got: &Tensor, want: &Value) {
    let layout = layout_of(want);
    assert_eq!(got.layout(), layout, "{ctx}: layout");
    assert_eq!(got.dtype(), dtype_of(want), "{ctx}: dtype");
    assert_eq!(got.shape(), shape_of(want), "{ctx}: shape");
    if let Some(dd) = want["dense_dim"].as_u64() {
        assert_eq!(got.dense_dim() as u64, dd, "{ctx}: dense_dim");
    }
    match layout {
        Layout::Strided => check_values(ctx, got, Component::Values, want),
        Layout::SparseCoo => {
            assert_eq!(got.sparse_dim() as u64, want["sparse_dim"].as_u64().unwrap(), "{ctx}: sparse_dim");
            if want["coalesced"].as_bool() == Some(true) {
                assert!(got.is_coalesced(), "{ctx}: expected a coalesced result");
                check_indices(ctx, got, Component::Indices, &want["indices"]);
                check_values(ctx, got, Component::Values, &want["values"]);
            } else {
                check_indices(ctx, got, Component::RawIndices, &want["indices"]);
                check_values(ctx, got, Component::RawValues, &want["values"]);
            }
        }
        l => {
            if l.is_blocked() {
                let b: Vec<usize> = want["blocksize"].as_array().unwrap().iter().map(size).collect();
                assert_eq!(got.blocksize().to_vec(), b, "{ctx}: blocksize");
            }
            let (cn, pn) = compressed_names(l);
            let (cc, pc) = if matches!(l, Layout::SparseCsr | Layout::SparseBsr) {
                (Component::CrowIndices, Component::ColIndices)
            } else {
                (Component::CcolIndices, Component::RowIndices)
            };
            check_indices(ctx, got, cc, &want[cn]);
            check_indices(ctx, got, pc, &want[pn]);
            check_values(ctx, got, Component::Values, &want["values"]);
        }
    }
    // The one rule: the result and the expectation are the same tensor.
    let expected = build(want).unwrap_or_else(|e| panic!("{ctx}: building the expected tensor: {e}"));
    let (g, w) = (got.to_dense().unwrap(), expected.to_dense().unwrap());
    let tol = tolerance(got.dtype());
    for (i, (a, b)) in pairs(&g, Component::Values).iter().zip(pairs(&w, Component::Values)).enumerate() {
        assert!(close(a.0, b.0, tol) && close(a.1, b.1, tol), "{ctx}: to_dense(result)[{i}] = {a:?}, expected {b:?}");
    }
}

fn size_param(params: &Value) -> Option<Vec<usize>> {
    params["size"].as_array().map(|a| a.iter().map(size).collect())
}

/// Applies a construction or conversion case's operation; `None` for
/// operations the C API does not have (those are reported, not run).
fn apply(case: &Value) -> Option<gosparse::Result<Tensor>> {
    let op = case["op"].as_str().unwrap();
    let inputs = case["inputs"].as_array().unwrap();
    let params = &case["params"];
    let block = || -> [usize; 2] {
        let b = params["blocksize"].as_array().expect("blocksize param");
        [size(&b[0]), size(&b[1])]
    };
    let input = || build(&inputs[0]);
    let r = match op {
        "to_dense" => input().and_then(|t| t.to_dense()),
        "to_sparse" => input().and_then(|t| match params["sparse_dim"].as_u64() {
            Some(sd) => t.to_sparse(sd as usize),
            None => t.to_sparse_coo(),
        }),
        "to_sparse_coo" => input().and_then(|t| t.to_sparse_coo()),
        "to_sparse_csr" => input().and_then(|t| t.to_sparse_csr()),
        "to_sparse_csc" => input().and_then(|t| t.to_sparse_csc()),
        "to_sparse_bsr" => input().and_then(|t| t.to_sparse_bsr(block())),
        "to_sparse_bsc" => input().and_then(|t| t.to_sparse_bsc(block())),
        "coalesce" => input().and_then(|t| t.coalesce()),
        "sparse_coo_tensor" => {
            let (iv, vv) = (&inputs[0], &inputs[1]);
            let idx = index_data(iv);
            let data = parse_data(dtype_of(vv), &vv["data"]);
            let size = size_param(params);
            ArrayRef::new(&idx, &shape_of(iv)).and_then(|ia| {
                dispatch!(&data, s => ArrayRef::new(s, &shape_of(vv)).and_then(|va|
                    Tensor::sparse_coo_from_arrays(&ia, &va, size.as_deref(), BuildOptions::default())))
            })
        }
        "sparse_csr_tensor" => {
            let (c, p, vv) = (index_data(&inputs[0]), index_data(&inputs[1]), &inputs[2]);
            let data = parse_data(dtype_of(vv), &vv["data"]);
            let size = size_param(params);
            let ca = ArrayRef::new(&c, &shape_of(&inputs[0])).unwrap();
            let pa = ArrayRef::new(&p, &shape_of(&inputs[1])).unwrap();
            dispatch!(&data, s => ArrayRef::new(s, &shape_of(vv)).and_then(|va|
                Tensor::sparse_compressed(Layout::SparseCsr, &ca, &pa, &va, size.as_deref(), BuildOptions::default())))
        }
        _ => return ops::apply(case).or_else(|| elementwise_linalg::apply(case)),
    };
    Some(r)
}

/// Replays one group; `only` limits it to the listed operations. Returns
/// (replayed, skipped).
fn replay(group: &str, cases: &[Value]) -> (usize, usize) {
    let (mut ran, mut skipped) = (0, 0);
    for case in cases {
        let id = case["id"].as_str().unwrap();
        let ctx = format!("{group}/{id} ({})", case["op"]);
        let Some(result) = apply(case) else {
            println!("skip {ctx}: the C API has no such operation");
            skipped += 1;
            continue;
        };
        let expect = &case["expect"];
        match (result, expect.get("error")) {
            (Err(e), Some(_)) => {
                assert!(!e.message().is_empty(), "{ctx}: refused without a message");
                assert!(
                    matches!(e.kind(), ErrorKind::InvalidArgument | ErrorKind::Index),
                    "{ctx}: refused with kind {:?}: {e}",
                    e.kind()
                );
            }
            (Ok(t), Some(err)) => panic!("{ctx}: accepted, but torch refuses it with {err}: got {t:?}"),
            (Err(e), None) => panic!("{ctx}: refused: {e}"),
            (Ok(t), None) => check_tensor(&ctx, &t, expect),
        }
        ran += 1;
    }
    println!("{group}: {ran} cases replayed, {skipped} skipped");
    (ran, skipped)
}

#[test]
fn conformance_random_layouts() {
    let lc = LeakCheck::start();
    if let Some(cases) = load_group("random_layouts") {
        let (ran, skipped) = replay("random_layouts", &cases);
        assert_eq!((ran, skipped), (cases.len(), 0), "every random_layouts case is a conversion");
    }
    lc.finish();
}

#[test]
fn conformance_invalid() {
    let lc = LeakCheck::start();
    if let Some(cases) = load_group("invalid") {
        let (ran, _) = replay("invalid", &cases);
        assert!(ran >= 8, "only {ran} invalid cases are constructions or conversions");
    }
    lc.finish();
}

#[test]
fn conformance_spec_examples() {
    let lc = LeakCheck::start();
    if let Some(cases) = load_group("spec_examples") {
        let wanted = [
            "sparse_coo_tensor",
            "to_sparse",
            "to_sparse_csr",
            "to_sparse_csc",
            "to_sparse_bsr",
            "coalesce",
            "to_dense",
        ];
        let mine: Vec<Value> = cases.into_iter().filter(|c| wanted.contains(&c["op"].as_str().unwrap())).collect();
        let (ran, skipped) = replay("spec_examples", &mine);
        assert_eq!(skipped, 0);
        assert!(ran >= 15, "only {ran} spec examples replayed");
    }
    lc.finish();
}

// ---- error paths ------------------------------------------------------------

fn refused(r: gosparse::Result<Tensor>, what: &str) -> gosparse::Error {
    match r {
        Ok(t) => panic!("{what}: accepted: {t:?}"),
        Err(e) => {
            assert!(!e.message().is_empty(), "{what}: no message");
            e
        }
    }
}

#[test]
fn bad_indices_are_refused_with_the_argument_named() {
    let lc = LeakCheck::start();
    let e = refused(Tensor::sparse_coo(&[0i64, 5], 1, &[1.0f32, 2.0], Some(&[3])), "index 5 in size 3");
    assert!(matches!(e.kind(), ErrorKind::Index | ErrorKind::InvalidArgument), "{e}");
    assert!(e.message().contains('5'), "{e}");
    let e = refused(Tensor::sparse_coo(&[0i64, -1], 1, &[1.0f32, 2.0], Some(&[3])), "negative index");
    assert!(e.message().contains("-1"), "{e}");
    let e = refused(Tensor::sparse_csr(&[0i64, 2, 1], &[0, 1], &[1.0f32, 2.0], Some(&[2, 2])), "crow decreasing");
    assert!(e.message().contains("crow") || e.message().contains("compressed"), "{e}");
    refused(Tensor::sparse_csr(&[0i64, 1, 3], &[0, 1], &[1.0f32, 2.0], Some(&[2, 2])), "crow[-1] != nnz");
    refused(Tensor::sparse_csr(&[0i64, 1, 2], &[0, 7], &[1.0f32, 2.0], Some(&[2, 2])), "col out of range");
    refused(Tensor::sparse_csr(&[0i64, 2, 2], &[1, 0], &[1.0f32, 2.0], Some(&[2, 2])), "cols unsorted");
    refused(Tensor::sparse_csc(&[0i32, 1, 2], &[0, 3], &[1.0f64, 2.0], Some(&[2, 2])), "row out of range");
    refused(Tensor::sparse_bsr(&[0i64, 1], &[5], &[1i32; 4], [2, 2], Some(&[2, 4])), "block col out of range");
    lc.finish();
}

#[test]
fn wrong_lengths_and_shapes_are_refused() {
    let lc = LeakCheck::start();
    let e = refused(Tensor::sparse_coo(&[0i64, 1], 1, &[1.0f32, 2.0, 3.0], Some(&[3])), "3 values for 2 indices");
    assert!(e.message().contains("values") || e.message().contains("nnz") || e.message().contains("nse"), "{e}");
    refused(Tensor::sparse_csr(&[0i64, 1, 2], &[0, 1], &[1.0f32], Some(&[2, 2])), "1 value for 2 columns");
    refused(Tensor::sparse_csr(&[0i64, 1], &[0], &[1.0f32], Some(&[2, 2])), "crow too short");
    refused(Tensor::from_dense(&[1.0f64; 5], &[2, 3]), "5 elements for 2x3");
    refused(Tensor::sparse_bsr(&[0i64, 1], &[0], &[1.0f64; 4], [2, 2], Some(&[3, 4])), "blocks do not divide");
    let d = Tensor::from_dense(&[1.0f64; 12], &[3, 4]).unwrap();
    refused(d.to_sparse_bsr([2, 2]), "3 rows in blocks of 2");
    refused(d.to_sparse(3), "sparse_dim 3 of a 2-D tensor");
    refused(
        d.to_layout_with(Layout::SparseCsr, &gosparse::ConvertOptions { index_width: 16, ..Default::default() }),
        "width 16",
    );
    refused(Tensor::empty(Layout::SparseBsr, DType::Float32, &[4, 4]), "BSR without a block size");
    refused(Tensor::empty(Layout::SparseCsr, DType::Float32, &[usize::MAX, 4]), "size[0]");
    drop(d);
    lc.finish();
}

#[test]
fn accessors_refuse_what_the_layout_does_not_have() {
    let lc = LeakCheck::start();
    let coo = Tensor::sparse_coo(&[1i64, 0], 1, &[1.0f64, 2.0], Some(&[2])).unwrap();
    assert!(coo.indices().is_err(), "uncoalesced COO has no indices(), as in torch");
    assert!(coo.values::<f64>().is_err(), "uncoalesced COO has no values(), as in torch");
    assert_eq!(coo.raw_indices().unwrap().to_vec(), vec![1, 0]);
    assert!(coo.crow_indices().is_err());
    let csr = coo.to_sparse_csr();
    assert!(csr.is_err(), "a 1-D tensor has no CSR form");
    let e = coo.values::<f32>().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::DType);
    assert!(e.message().contains("float64") && e.message().contains("float32"), "{e}");
    assert!(coo.level(7).is_err());
    assert!(coo.fill_value::<i64>().is_err());
    drop(coo);
    lc.finish();
}

#[test]
fn stale_and_null_handles_give_invalid_handle_not_a_crash() {
    let lc = LeakCheck::start();
    let data = [1.0f64, 2.0];
    let a = ArrayRef::new(&data, &[2]).unwrap();
    let mut raw =
        sys::gs_array { data: data.as_ptr() as *mut _, dtype: DType::Float64.code(), ndim: 1, ..Default::default() };
    raw.shape[0] = a.shape()[0] as i64;
    let mut t: *mut sys::gs_tensor = std::ptr::null_mut();
    let mut nd = 0i32;
    unsafe {
        assert_eq!(sys::gs_strided_from(&raw, &mut t), sys::GS_OK);
        let stale = t;
        assert_eq!(sys::gs_tensor_free(&mut t), sys::GS_OK);
        assert!(t.is_null(), "gs_tensor_free clears the caller's pointer");
        assert_eq!(sys::gs_tensor_ndim(stale, &mut nd), sys::GS_ERR_INVALID_HANDLE);
        assert_eq!(sys::gs_tensor_ndim(std::ptr::null(), &mut nd), sys::GS_ERR_INVALID_HANDLE);
        let msg = std::ffi::CStr::from_ptr(sys::gs_last_error()).to_string_lossy().into_owned();
        assert!(!msg.is_empty());
        assert_eq!(sys::gs_tensor_free(&mut t), sys::GS_OK, "freeing NULL is a no-op");
    }
    lc.finish();
}

#[test]
fn the_memory_limit_turns_a_blow_up_into_too_large() {
    let lc = LeakCheck::start();
    let old = gosparse::memory_limit();
    let big = Tensor::empty(Layout::SparseCoo, DType::Float64, &[1 << 20, 1 << 20]).unwrap();
    gosparse::set_memory_limit(1 << 20).unwrap();
    let r = big.to_dense();
    gosparse::set_memory_limit(old).unwrap();
    let e = refused(r, "a 8 TiB dense result");
    assert_eq!(e.kind(), ErrorKind::TooLarge, "{e}");
    assert!(gosparse::set_memory_limit(0).is_err());
    assert!(gosparse::set_memory_limit(usize::MAX).unwrap_err().message().contains("larger than i64::MAX"));
    assert_eq!(gosparse::memory_limit(), old);
    drop(big);
    lc.finish();
}

// ---- round trips, files, generators ------------------------------------------

#[test]
fn every_layout_round_trips_through_dense() {
    let lc = LeakCheck::start();
    let vals: Vec<f64> = (0..24).map(|i| if i % 3 == 0 { 0.0 } else { i as f64 }).collect();
    let d = Tensor::from_dense(&vals, &[4, 6]).unwrap();
    let opts = |l: Layout| gosparse::ConvertOptions {
        blocksize: if l.is_blocked() { Some([2, 3]) } else { None },
        ..Default::default()
    };
    for l in Layout::ALL {
        let t = match d.to_layout_with(l, &opts(l)) {
            Ok(t) => t,
            Err(e) if e.kind() == ErrorKind::NotImplemented => {
                println!("skip {l}: {e}");
                continue;
            }
            Err(e) => panic!("{l}: {e}"),
        };
        assert_eq!(t.layout(), l);
        assert!(t.equal(&d).unwrap(), "{l}");
        assert_eq!(t.to_dense().unwrap().values::<f64>().unwrap(), &vals[..], "{l}");
        let levels = t.levels().unwrap();
        assert_eq!(levels.len(), t.num_levels().unwrap());
        for w in [32, 64] {
            if l != Layout::Strided {
                let tw = t.to_index_width(w).unwrap();
                assert_eq!(tw.index_width(), w, "{l}");
                assert!(tw.equal(&d).unwrap());
            }
        }
        let c = t.clone();
        assert!(c.equal(&t).unwrap());
        assert_ne!(c.as_ptr(), t.as_ptr());
    }
    drop(d);
    lc.finish();
}

#[test]
fn zero_copy_constructors_lend_the_callers_buffers() {
    let lc = LeakCheck::start();
    let v = vec![1.0f64, 0.0, 2.0, 3.0];
    let p = v.as_ptr();
    let t = Tensor::from_vec(v, &[2, 2]).unwrap();
    assert_eq!(t.values::<f64>().unwrap().as_ptr(), p, "the tensor reads the Vec's buffer itself");
    let vals = vec![5i32, 6];
    let vp = vals.as_ptr();
    let csr = Tensor::sparse_compressed_from_vecs(
        Layout::SparseCsr,
        vec![0i64, 1, 2],
        vec![1i64, 0],
        vals,
        None,
        Some(&[2, 2]),
    )
    .unwrap();
    assert_eq!(csr.values::<i32>().unwrap().as_ptr(), vp);
    assert_eq!(csr.to_dense().unwrap().values::<i32>().unwrap(), &[0, 5, 6, 0]);
    // A refused wrap drops the vectors here (the library does not release them).
    refused(Tensor::sparse_coo_from_vecs(vec![0i64, 9], 1, vec![1.0f32, 2.0], Some(&[3])), "wrap with index 9");
    drop((t, csr));
    lc.finish();
}

#[test]
fn matrix_market_round_trip_and_shared_matrices() {
    let lc = LeakCheck::start();
    let dir = std::env::temp_dir().join(format!("gosparse-rust-it-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let a = gosparse::generate::banded(30, 2, 1, 7).unwrap();
    let path = dir.join("banded.mtx");
    a.write_mtx(&path).unwrap();
    let b = Tensor::read_mtx(&path).unwrap();
    assert!(b.equal(&a).unwrap());
    assert_eq!(b.layout(), Layout::SparseCoo);
    let e = Tensor::read_mtx(dir.join("missing.mtx")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotFound, "{e}");
    assert!(e.message().contains("missing.mtx"), "{e}");
    let e = a.write_mtx(dir.join("no").join("dir.mtx")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotFound, "{e}");
    std::fs::write(dir.join("bad.mtx"), "%%MatrixMarket matrix nonsense\n").unwrap();
    assert_eq!(Tensor::read_mtx(dir.join("bad.mtx")).unwrap_err().kind(), ErrorKind::Io);
    assert!(Tensor::read_mtx("bad\0path").unwrap_err().message().contains("NUL"));
    std::fs::remove_dir_all(&dir).unwrap();

    if let Some(m) = shared_dir("matrices") {
        let w = Tensor::read_mtx(m.join("suitesparse/west0067.mtx")).unwrap();
        let j = Tensor::read_mtx(m.join("suitesparse/west0067_jumbled.mtx")).unwrap();
        assert_eq!(w.shape(), vec![67, 67]);
        assert!(w.equal(&j).unwrap(), "the jumbled file holds the same matrix");
        assert!(w.to_sparse_csr().unwrap().equal(&j.to_sparse_csc().unwrap()).unwrap());
        let mut refused_files = 0;
        for f in std::fs::read_dir(m.join("mm-conformance/invalid")).unwrap() {
            let f = f.unwrap().path();
            match Tensor::read_mtx(&f) {
                Ok(_) => panic!("{} was accepted", f.display()),
                Err(e) => assert!(!e.message().is_empty()),
            }
            refused_files += 1;
        }
        assert!(refused_files > 10);
    }
    drop((a, b));
    lc.finish();
}

#[test]
fn generators_are_deterministic_and_coalesced() {
    let lc = LeakCheck::start();
    let u1 = gosparse::generate::uniform(50, 40, 200, 11).unwrap();
    let u2 = gosparse::generate::uniform(50, 40, 200, 11).unwrap();
    let u3 = gosparse::generate::uniform(50, 40, 200, 12).unwrap();
    assert!(u1.equal(&u2).unwrap());
    assert!(!u1.equal(&u3).unwrap());
    for t in [&u1, &gosparse::generate::stencil3d(3).unwrap(), &gosparse::generate::rmat(5, 4, 1).unwrap()] {
        assert_eq!((t.layout(), t.dtype()), (Layout::SparseCoo, DType::Float64));
        assert!(t.is_coalesced());
    }
    assert!(gosparse::generate::stencil2d(usize::MAX).unwrap_err().message().contains("n = "));
    drop((u1, u2, u3));
    lc.finish();
}

// ---- threads and handle accounting --------------------------------------------

#[test]
fn one_tensor_is_read_from_many_threads() {
    let lc = LeakCheck::start();
    let t = Arc::new(gosparse::generate::stencil2d(20).unwrap().to_sparse_csr().unwrap());
    let dense = t.to_dense().unwrap();
    let want: f64 = dense.values::<f64>().unwrap().iter().sum();
    std::thread::scope(|s| {
        for _ in 0..4 {
            let t = Arc::clone(&t);
            let dense = &dense;
            s.spawn(move || {
                for _ in 0..20 {
                    let sum: f64 = t.values::<f64>().unwrap().iter().sum();
                    assert_eq!(sum, want);
                    assert!(t.equal(dense).unwrap());
                    let coo = t.to_sparse_coo().unwrap();
                    assert_eq!(coo.nnz(), t.nnz());
                    // A failed call's message is the calling thread's own.
                    let e = t.to_sparse(9).unwrap_err();
                    assert!(!e.message().is_empty());
                }
            });
        }
    });
    // Tensors moved to other threads are freed there.
    let handles: Vec<_> = (0..4)
        .map(|i| {
            let t = Tensor::from_dense(&[i as f64; 4], &[2, 2]).unwrap();
            std::thread::spawn(move || t.to_sparse_csr().unwrap().nnz())
        })
        .collect();
    let nnz: Vec<usize> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(nnz, vec![0, 4, 4, 4]);
    drop((t, dense));
    lc.finish();
}

/// The handle types are `Send + Sync` (distinct handles on any threads, one
/// handle read from many); a factor and a semi-structured matrix shared by
/// reference give every thread the single-threaded answer.
#[test]
fn factors_and_semi_structured_matrices_are_shared_between_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Tensor>();
    send_sync::<gosparse::SemiStructured>();
    send_sync::<gosparse::Factor>();
    send_sync::<gosparse::Indices<'static>>();
    let lc = LeakCheck::start();
    let a = gosparse::generate::stencil2d(6).unwrap().to_sparse_csr().unwrap();
    let f = a.cholesky(gosparse::Ordering::Default).unwrap();
    let b = Tensor::from_dense(&(0..36).map(f64::from).collect::<Vec<_>>(), &[36]).unwrap();
    let want_x = f.solve(&b, gosparse::Side::Left).unwrap().values::<f64>().unwrap().to_vec();
    let d: Vec<F16> = (0..32 * 64).map(|i| F16::from_f32(if i % 4 >= 2 { (i % 7) as f32 } else { 0.0 })).collect();
    let w = Tensor::from_dense(&d, &[32, 64]).unwrap().to_sparse_semi_structured().unwrap();
    let xs = Tensor::from_dense(&vec![F16::from_f32(1.0); 64 * 2], &[64, 2]).unwrap();
    let want_y = w.mm(&xs).unwrap().to_dtype(DType::Float32).unwrap().values::<f32>().unwrap().to_vec();
    let want_meta = w.indices::<i16>().unwrap().to_vec();
    std::thread::scope(|s| {
        for _ in 0..4 {
            let (f, b, w, xs) = (&f, &b, &w, &xs);
            let (want_x, want_y, want_meta) = (&want_x, &want_y, &want_meta);
            s.spawn(move || {
                for _ in 0..10 {
                    assert_eq!(f.solve(b, gosparse::Side::Left).unwrap().values::<f64>().unwrap(), &want_x[..]);
                    let y = w.mm(xs).unwrap().to_dtype(DType::Float32).unwrap();
                    assert_eq!(y.values::<f32>().unwrap(), &want_y[..]);
                    assert_eq!(w.indices::<i16>().unwrap(), &want_meta[..]);
                }
            });
        }
    });
    drop((a, f, b, w, xs));
    lc.finish();
}

#[test]
fn dropping_tensors_frees_their_handles() {
    let lc = LeakCheck::start();
    let start = gosparse::live_handles();
    let mut kept = Vec::new();
    for i in 0..50 {
        let d = Tensor::from_dense(&[0.0f64, i as f64, 1.0, 0.0], &[2, 2]).unwrap();
        kept.push(d.to_sparse_csr().unwrap());
        kept.push(d.to_sparse_bsr([1, 2]).unwrap().to_sparse_coo().unwrap().coalesce().unwrap());
        kept.push(d.clone());
        let _ = d.to_sparse_bsr([3, 3]); // refused: must not leak either
    }
    assert_eq!(gosparse::live_handles(), start + 150);
    kept.truncate(10);
    assert_eq!(gosparse::live_handles(), start + 10);
    drop(kept);
    lc.finish();
}
