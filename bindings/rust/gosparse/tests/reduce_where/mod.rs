//! The reductions ([`Tensor::reduce`] and the named `sum`, `mean`, `prod`,
//! `amax`, `amin`, `any`, `count_nonzero`) and [`Tensor::where_`] over the
//! real library:
//!
//! - properties: `to_dense(op(A)) == op(dense A)` on strided, COO, CSR and
//!   CSC inputs with fill 0 and with non-zero fills (unspecified elements
//!   count as the fill), against a dense reference written here;
//! - torch's result dtypes and layouts;
//! - where with a sparse bool mask and tensor or number operands;
//! - refusals (kinds and messages) and handle accounting.

use gosparse::{DType, ErrorKind, Layout, Tensor};

use super::LeakCheck;

const ROWS: usize = 4;
const COLS: usize = 5;
const LAYOUTS: [Layout; 4] = [Layout::Strided, Layout::SparseCoo, Layout::SparseCsr, Layout::SparseCsc];
const OPS: [&str; 7] = ["sum", "mean", "prod", "amax", "amin", "any", "count_nonzero"];

/// A 4x5 matrix with signs, a zero row and a zero column.
fn sample() -> Vec<f64> {
    (0..ROWS * COLS)
        .map(|k| {
            let (i, j) = (k / COLS, k % COLS);
            if i == 2 || j == 3 || (k % 3 != 1) {
                0.0
            } else if k % 2 == 0 {
                -(k as f64) / 2.0
            } else {
                k as f64
            }
        })
        .collect()
}

/// `a` with its zeros read as `fill`.
fn filled(a: &[f64], fill: f64) -> Vec<f64> {
    a.iter().map(|&x| if x == 0.0 { fill } else { x }).collect()
}

/// `a` in layout `l` with fill: sparse layouts store the non-zeros and read
/// the rest as `fill`; strided holds the filled matrix.
fn in_layout(a: &[f64], l: Layout, fill: f64) -> Tensor {
    let shape = [ROWS, COLS];
    if l == Layout::Strided {
        return Tensor::from_dense(&filled(a, fill), &shape).unwrap();
    }
    let t = Tensor::from_dense(a, &shape).unwrap().to_layout(l).unwrap();
    if fill == 0.0 { t } else { t.with_fill_value(fill).unwrap() }
}

/// The dense f64 values of any tensor.
fn dense(t: &Tensor) -> Vec<f64> {
    t.to_dense().unwrap().to_dtype(DType::Float64).unwrap().values::<f64>().unwrap().to_vec()
}

/// The reduction `op` of the elements `xs`, as f64.
fn reduce_ref(op: &str, xs: &[f64]) -> f64 {
    let nonzero = xs.iter().filter(|&&x| x != 0.0).count();
    match op {
        "sum" => xs.iter().sum(),
        "mean" => xs.iter().sum::<f64>() / xs.len() as f64,
        "prod" => xs.iter().product(),
        "amax" => xs.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
        "amin" => xs.iter().cloned().fold(f64::INFINITY, f64::min),
        "any" => f64::from(u8::from(nonzero > 0)),
        "count_nonzero" => nonzero as f64,
        other => panic!("no reference for {other}"),
    }
}

/// The reference of `op` over the row-major matrix `m`: every element
/// (`axis` None), down the columns (0) or along the rows (1).
fn reference(op: &str, m: &[f64], axis: Option<usize>) -> Vec<f64> {
    match axis {
        None => vec![reduce_ref(op, m)],
        Some(0) => (0..COLS).map(|j| reduce_ref(op, &(0..ROWS).map(|i| m[i * COLS + j]).collect::<Vec<_>>())).collect(),
        Some(_) => (0..ROWS).map(|i| reduce_ref(op, &m[i * COLS..(i + 1) * COLS])).collect(),
    }
}

fn close(got: &[f64], want: &[f64]) -> bool {
    got.len() == want.len() && got.iter().zip(want).all(|(&g, &w)| (g - w).abs() <= 1e-12 * (1.0 + w.abs()))
}

/// The dtype `op` gives for a float64 input.
fn result_dtype(op: &str) -> DType {
    match op {
        "any" => DType::Bool,
        "count_nonzero" => DType::Int64,
        _ => DType::Float64,
    }
}

/// The named method of `op`.
fn named(t: &Tensor, op: &str, dims: &[i64]) -> gosparse::Result<Tensor> {
    match op {
        "sum" => t.sum(dims),
        "mean" => t.mean(dims),
        "prod" => t.prod(dims),
        "amax" => t.amax(dims),
        "amin" => t.amin(dims),
        "any" => t.any(dims),
        "count_nonzero" => t.count_nonzero(dims),
        other => panic!("no method for {other}"),
    }
}

#[test]
fn reductions_match_the_dense_reference_with_fill_values() {
    let lc = LeakCheck::start();
    let a = sample();
    let cases: [(&[i64], Option<usize>); 6] =
        [(&[], None), (&[0, 1], None), (&[-1, 0], None), (&[0], Some(0)), (&[1], Some(1)), (&[-1], Some(1))];
    for fill in [0.0, -1.5, 2.0] {
        let m = filled(&a, fill);
        for l in LAYOUTS {
            let t = in_layout(&a, l, fill);
            for op in OPS {
                for (dims, axis) in cases {
                    let ctx = format!("{op}({dims:?}) of {l} with fill {fill}");
                    let r = t.reduce(op, dims).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    let want = reference(op, &m, axis);
                    assert!(close(&dense(&r), &want), "{ctx}: {:?}, expected {want:?}", dense(&r));
                    assert_eq!(r.dtype(), result_dtype(op), "{ctx}");
                    match axis {
                        None => assert_eq!((r.ndim(), r.layout()), (0, Layout::Strided), "{ctx}"),
                        Some(_) if l != Layout::Strided => {
                            assert_eq!(r.layout(), Layout::SparseCoo, "{ctx}");
                            assert!(r.is_coalesced(), "{ctx}");
                        }
                        Some(_) => {}
                    }
                    assert!(named(&t, op, dims).unwrap().equal(&r).unwrap(), "{ctx}: the named method");
                }
            }
        }
    }
    lc.finish();
}

#[test]
fn reduction_dtypes_follow_torch() {
    let lc = LeakCheck::start();
    let i = Tensor::from_dense(&[0i32, 3, -2, 0, 0, 5], &[2, 3]).unwrap().to_sparse_csr().unwrap();
    let s = i.sum(&[]).unwrap();
    assert_eq!((s.dtype(), s.values::<i64>().unwrap()), (DType::Int64, &[6][..]));
    assert_eq!(i.prod(&[0]).unwrap().dtype(), DType::Int64);
    let mx = i.amax(&[]).unwrap();
    assert_eq!((mx.dtype(), mx.values::<i32>().unwrap()), (DType::Int32, &[5][..]));
    assert_eq!(i.amin(&[1]).unwrap().to_dense().unwrap().values::<i32>().unwrap(), &[-2, 0]);
    let b = Tensor::from_dense(&[true, false, true], &[3]).unwrap().to_sparse_coo().unwrap();
    assert_eq!(b.sum(&[]).unwrap().values::<i64>().unwrap(), &[2]);
    assert_eq!(b.any(&[]).unwrap().values::<bool>().unwrap(), &[true]);
    let f = Tensor::from_dense(&[0.0f32, 1.5], &[2]).unwrap().to_sparse_coo().unwrap();
    let m = f.mean(&[]).unwrap();
    assert_eq!((m.dtype(), m.values::<f32>().unwrap()), (DType::Float32, &[0.75f32][..]));
    // NaN propagates through amax and amin.
    let n = Tensor::from_dense(&[0.0f64, f64::NAN, 1.0], &[3]).unwrap().to_sparse_coo().unwrap();
    assert!(n.amax(&[]).unwrap().values::<f64>().unwrap()[0].is_nan());
    assert!(n.amin(&[0]).unwrap().values::<f64>().unwrap()[0].is_nan());
    drop((i, s, mx, b, f, m, n));
    lc.finish();
}

#[test]
fn bad_reductions_are_refused_with_the_rule_named() {
    let lc = LeakCheck::start();
    let t = in_layout(&sample(), Layout::SparseCoo, 0.0);
    let refused = |r: gosparse::Result<Tensor>, kind: ErrorKind, text: &str| {
        let e = r.expect_err(text);
        assert_eq!(e.kind(), kind, "{e}");
        assert!(e.message().contains(text), "{e} does not contain {text:?}");
    };
    refused(
        t.reduce("median", &[]),
        ErrorKind::InvalidArgument,
        "gs_reduce: op = \"median\" is not a reduction (expected one of [sum mean prod amax amin any count_nonzero norm])",
    );
    refused(t.reduce("s\0um", &[]), ErrorKind::InvalidArgument, "contains a NUL byte");
    refused(t.amax(&[1, -1]), ErrorKind::InvalidArgument, "gs_reduce: amax: dim 1 appears multiple times");
    refused(t.prod(&[2]), ErrorKind::Index, "gs_reduce: prod: dim");
    refused(t.count_nonzero(&[i64::MAX]), ErrorKind::Index, "out of range");
    refused(
        Tensor::from_dense(&[1i64, 2], &[2]).unwrap().mean(&[]),
        ErrorKind::DType,
        "gs_reduce: mean(): could not infer output dtype",
    );
    let z = t.to_dtype(DType::Complex128).unwrap();
    refused(z.amin(&[]), ErrorKind::DType, "gs_reduce: amin: is not supported for complex dtypes");
    let e = Tensor::empty(Layout::SparseCoo, DType::Float64, &[0, 3]).unwrap();
    refused(e.amax(&[0]), ErrorKind::InvalidArgument, "amax(): Expected reduction dim to have non-zero size");
    assert_eq!(dense(&e.sum(&[0]).unwrap()), vec![0.0; 3]);
    assert_eq!(dense(&e.prod(&[0]).unwrap()), vec![1.0; 3]);
    drop((t, z, e));
    lc.finish();
}

// ---- where -----------------------------------------------------------------------------------

/// The mask of the non-zeros of `a` in layout `l`, with fill.
fn mask(a: &[f64], l: Layout, fill: bool) -> Tensor {
    let bits: Vec<bool> = a.iter().map(|&x| x != 0.0).collect();
    let d = Tensor::from_dense(&bits, &[ROWS, COLS]).unwrap();
    if l == Layout::Strided {
        return d;
    }
    let t = d.to_layout(l).unwrap();
    if fill { t.with_fill_value(true).unwrap() } else { t }
}

#[test]
fn where_matches_the_dense_reference() {
    let lc = LeakCheck::start();
    let a = sample();
    let xs: Vec<f64> = (0..ROWS * COLS).map(|k| k as f64 + 1.0).collect();
    let x = Tensor::from_dense(&xs, &[ROWS, COLS]).unwrap();
    let y = in_layout(&a, Layout::SparseCsr, -1.0); // reads -1 off the mask, a elsewhere
    let ys = filled(&a, -1.0);
    for l in LAYOUTS {
        for mask_fill in [false, true] {
            if l == Layout::Strided && mask_fill {
                continue;
            }
            let c = mask(&a, l, mask_fill);
            let on = |k: usize| a[k] != 0.0 || mask_fill;
            let pick = |xv: &dyn Fn(usize) -> f64, yv: &dyn Fn(usize) -> f64| -> Vec<f64> {
                (0..ROWS * COLS).map(|k| if on(k) { xv(k) } else { yv(k) }).collect()
            };
            let ctx = format!("{l}, mask fill {mask_fill}");
            let r = Tensor::where_(&c, &x, &y).unwrap();
            assert_eq!(dense(&r), pick(&|k| xs[k], &|k| ys[k]), "{ctx}: tensor, tensor");
            if l != Layout::Strided {
                assert_eq!(r.layout(), l, "{ctx}");
            }
            let r = Tensor::where_(&c, &x, -7i64).unwrap();
            assert_eq!(r.dtype(), DType::Float64, "{ctx}: an int number keeps float64");
            assert_eq!(dense(&r), pick(&|k| xs[k], &|_| -7.0), "{ctx}: tensor, number");
            let r = Tensor::where_(&c, 0.5, &y).unwrap();
            assert_eq!(dense(&r), pick(&|_| 0.5, &|k| ys[k]), "{ctx}: number, tensor");
            let r = Tensor::where_(&c, 3i64, 0i64).unwrap();
            assert_eq!(r.dtype(), DType::Int64, "{ctx}: two ints");
            assert_eq!(dense(&r), pick(&|_| 3.0, &|_| 0.0), "{ctx}: number, number");
            if l != Layout::Strided {
                // Two numbers store nothing but the mask's pattern; the fill
                // is where(fill(c), 3, 0).
                assert_eq!(r.nnz(), c.nnz(), "{ctx}");
                assert_eq!(r.fill_value::<i64>().unwrap(), if mask_fill { 3 } else { 0 }, "{ctx}");
            }
        }
    }
    drop((x, y));
    lc.finish();
}

#[test]
fn bad_where_operands_are_refused() {
    let lc = LeakCheck::start();
    let a = sample();
    let c = mask(&a, Layout::SparseCoo, false);
    let wrong = Tensor::from_dense(&[1.0f64; 6], &[2, 3]).unwrap();
    let e = Tensor::where_(&c, &wrong, 0.0).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{e}");
    assert!(e.message().contains("gs_where: where: expected condition, x and y to have the same shape"), "{e}");
    let e = Tensor::where_(&wrong, 1.0, &c).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{e}");
    drop((c, wrong));
    lc.finish();
}
