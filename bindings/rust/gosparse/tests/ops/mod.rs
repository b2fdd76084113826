//! The shape, indexing, reduction and fill-value operators over the real
//! library:
//!
//! - the conformance vectors of these operators (operators.json: all 88
//!   cases; spec_examples: select, index, sparse.sum), replayed through the
//!   safe API by [`apply`], which the integration runner falls back to;
//! - properties: `to_dense(op(A)) == op(dense A)` on COO, CSR, CSC and
//!   strided inputs, against a dense reference written here;
//! - error paths (kinds and messages) and handle accounting.

use gosparse::{DType, ErrorKind, Layout, Tensor};
use serde_json::Value;

use super::{LeakCheck, build, index_data, int, load_group, replay};

// select and index_select (and the shape operators' flags) as torch gives them on COO.
mod coalesced;

// ---- the conformance vectors ---------------------------------------------------

/// The operators of this module, as the vectors name them.
const OPS: [&str; 13] = [
    "transpose",
    "t",
    "unsqueeze",
    "cat",
    "stack",
    "select",
    "index",
    "index_select",
    "narrow_copy",
    "sparse.sum",
    "sparse.softmax",
    "sparse.log_softmax",
    "sparse_mask",
];

/// Applies an operator case through the safe API; `None` for other ops.
pub(crate) fn apply(case: &Value) -> Option<gosparse::Result<Tensor>> {
    let op = case["op"].as_str().unwrap();
    if !OPS.contains(&op) {
        return None;
    }
    let inputs = case["inputs"].as_array().unwrap();
    let p = &case["params"];
    let param = |name: &str| p[name].as_i64().unwrap_or_else(|| panic!("{op}: param {name}"));
    let ints = |name: &str| -> Vec<i64> { p[name].as_array().map_or(vec![], |a| a.iter().map(int).collect()) };
    // index_select's second input is its index array, read by index_data below.
    let tensor_inputs = if op == "index_select" { &inputs[..1] } else { &inputs[..] };
    let tensors: gosparse::Result<Vec<Tensor>> = tensor_inputs.iter().map(build).collect();
    let r = tensors.and_then(|ts| {
        let first = &ts[0];
        match op {
            "transpose" => first.transpose(param("dim0"), param("dim1")),
            "t" => first.t(),
            "unsqueeze" => first.unsqueeze(param("dim")),
            "cat" | "stack" => {
                let refs: Vec<&Tensor> = ts.iter().collect();
                let dim = p["dim"].as_i64().unwrap_or(0);
                if op == "cat" { Tensor::cat(&refs, dim) } else { Tensor::stack(&refs, dim) }
            }
            "select" => first.select(param("dim"), param("index")),
            "index" => first.index(&ints("index")),
            "index_select" => first.index_select(param("dim"), &index_data(&inputs[1])),
            "narrow_copy" => first.narrow_copy(param("dim"), param("start"), param("length")),
            "sparse.sum" => first.sum(&ints("dim")),
            "sparse.softmax" => first.softmax(param("dim")),
            "sparse.log_softmax" => first.log_softmax(param("dim")),
            "sparse_mask" => first.sparse_mask(&ts[1]),
            _ => unreachable!(),
        }
    });
    Some(r)
}

fn my_cases(group: &str) -> Option<Vec<Value>> {
    let cases = load_group(group)?;
    Some(cases.into_iter().filter(|c| OPS.contains(&c["op"].as_str().unwrap())).collect())
}

#[test]
fn conformance_operators_all_pass() {
    let lc = LeakCheck::start();
    if let Some(cases) = my_cases("operators") {
        let (ran, skipped) = replay("operators", &cases);
        assert_eq!((ran, skipped), (88, 0), "every shape/index/reduce case of operators.json");
    }
    if let Some(cases) = my_cases("spec_examples") {
        let (ran, skipped) = replay("spec_examples", &cases);
        assert_eq!(skipped, 0);
        assert!(ran >= 5, "only {ran} spec examples of these ops");
    }
    lc.finish();
}

// ---- a dense reference ---------------------------------------------------------------

/// A dense row-major f64 matrix.
#[derive(Debug, Clone, PartialEq)]
struct Mat {
    rows: usize,
    cols: usize,
    v: Vec<f64>,
}

impl Mat {
    fn at(&self, i: usize, j: usize) -> f64 {
        self.v[i * self.cols + j]
    }

    fn from_fn(rows: usize, cols: usize, f: impl Fn(usize, usize) -> f64) -> Mat {
        Mat { rows, cols, v: (0..rows * cols).map(|k| f(k / cols, k % cols)).collect() }
    }

    fn transpose(&self) -> Mat {
        Mat::from_fn(self.cols, self.rows, |i, j| self.at(j, i))
    }

    /// The rows (axis 0) or columns (axis 1) at `idx`, in order.
    fn take(&self, axis: usize, idx: &[usize]) -> Mat {
        if axis == 0 {
            Mat::from_fn(idx.len(), self.cols, |i, j| self.at(idx[i], j))
        } else {
            Mat::from_fn(self.rows, idx.len(), |i, j| self.at(i, idx[j]))
        }
    }

    fn tensor(&self) -> Tensor {
        Tensor::from_dense(&self.v, &[self.rows, self.cols]).unwrap()
    }
}

/// A 4x5 matrix with a scattered pattern.
fn sample() -> Mat {
    Mat::from_fn(4, 5, |i, j| if (i * 5 + j) % 3 == 1 { (i * 5 + j) as f64 } else { 0.0 })
}

/// The dense f64 values of any tensor.
fn dense(t: &Tensor) -> Vec<f64> {
    t.to_dense().unwrap().to_dtype(DType::Float64).unwrap().values::<f64>().unwrap().to_vec()
}

const LAYOUTS: [Layout; 4] = [Layout::Strided, Layout::SparseCoo, Layout::SparseCsr, Layout::SparseCsc];

fn in_layout(m: &Mat, l: Layout) -> Tensor {
    m.tensor().to_layout(l).unwrap()
}

// ---- properties ------------------------------------------------------------------------

#[test]
fn shape_ops_match_the_dense_reference() {
    let lc = LeakCheck::start();
    let a = sample();
    let b = Mat::from_fn(4, 5, |i, j| if i == j { 9.0 } else { 0.0 });
    for l in LAYOUTS {
        let (ta, tb) = (in_layout(&a, l), in_layout(&b, l));
        let tr = ta.transpose(0, 1).unwrap();
        assert_eq!((tr.shape().to_vec(), dense(&tr)), (vec![5, 4], a.transpose().v), "{l}");
        assert_eq!(dense(&ta.t().unwrap()), a.transpose().v, "{l}");
        assert_eq!(dense(&ta.transpose(-1, -2).unwrap()), a.transpose().v, "{l}");
        assert_eq!(dense(&ta.permute(&[1, 0]).unwrap()), a.transpose().v, "{l}");
        // cat along rows and columns, stack, hstack, vstack.
        let rows = Tensor::cat(&[&ta, &tb], 0).unwrap();
        assert_eq!(rows.shape(), vec![8, 5]);
        assert_eq!(dense(&rows), [a.v.clone(), b.v.clone()].concat(), "{l}");
        let cols = Tensor::cat(&[&ta, &tb], -1).unwrap();
        let want = Mat::from_fn(4, 10, |i, j| if j < 5 { a.at(i, j) } else { b.at(i, j - 5) });
        assert_eq!(dense(&cols), want.v, "{l}");
        assert_eq!(dense(&Tensor::hstack(&[&ta, &tb]).unwrap()), want.v, "{l}");
        assert_eq!(dense(&Tensor::vstack(&[&ta, &tb]).unwrap()), dense(&rows), "{l}");
        let st = Tensor::stack(&[&ta, &tb], 0).unwrap();
        assert_eq!((st.shape().to_vec(), dense(&st)), (vec![2, 4, 5], [a.v.clone(), b.v.clone()].concat()));
        // unsqueeze / squeeze round trip, reshape keeps the row-major order.
        let u = ta.unsqueeze(1).unwrap();
        assert_eq!((u.shape().to_vec(), dense(&u)), (vec![4, 1, 5], a.v.clone()));
        assert_eq!(u.squeeze(None).unwrap().shape(), vec![4, 5]);
        let r = ta.reshape(&[2, -1]).unwrap();
        let want_layout = if ta.layout() == Layout::Strided { Layout::Strided } else { Layout::SparseCoo };
        assert_eq!((r.shape().to_vec(), r.layout(), dense(&r)), (vec![2, 10], want_layout, a.v.clone()));
    }
    lc.finish();
}

#[test]
fn indexing_matches_the_dense_reference() {
    let lc = LeakCheck::start();
    let a = sample();
    for l in LAYOUTS {
        let t = in_layout(&a, l);
        for i in 0..4 {
            assert_eq!(dense(&t.select(0, i as i64).unwrap()), a.take(0, &[i]).v, "{l} row {i}");
            assert_eq!(dense(&t.select(0, i as i64 - 4).unwrap()), a.take(0, &[i]).v, "{l} row {i}");
        }
        for j in 0..5 {
            assert_eq!(dense(&t.select(1, j as i64).unwrap()), a.take(1, &[j]).v, "{l} col {j}");
            for i in 0..4 {
                let x = t.index(&[i as i64, j as i64]).unwrap();
                assert_eq!((x.ndim(), x.layout(), dense(&x)), (0, Layout::Strided, vec![a.at(i, j)]));
            }
        }
        for (axis, n) in [(0usize, 4usize), (1, 5)] {
            for start in 0..n {
                for len in 0..=n - start {
                    let idx: Vec<usize> = (start..start + len).collect();
                    let got = t.narrow_copy(axis as i64, start as i64, len as i64).unwrap();
                    assert_eq!(dense(&got), a.take(axis, &idx).v, "{l} narrow {axis} {start} {len}");
                }
            }
            let idx = [n - 1, 0, n - 1, 1];
            let as_i64: Vec<i64> = vec![-1, 0, n as i64 - 1, 1];
            let as_i32: Vec<i32> = as_i64.iter().map(|&v| v as i32).collect();
            if l == Layout::Strided {
                // As torch: a strided tensor refuses negative positions, a sparse one counts them from the end.
                let e = t.index_select(axis as i64, &as_i64).unwrap_err();
                assert_eq!(e.kind(), ErrorKind::Index, "{e}");
                assert!(
                    e.message().contains("index[0] = -1 is out of range") && e.message().contains("a strided tensor"),
                    "{e}"
                );
                let plain: Vec<i64> = idx.iter().map(|&v| v as i64).collect();
                assert_eq!(dense(&t.index_select(axis as i64, &plain).unwrap()), a.take(axis, &idx).v, "{l}");
                continue;
            }
            assert_eq!(dense(&t.index_select(axis as i64, &as_i64).unwrap()), a.take(axis, &idx).v, "{l}");
            assert_eq!(dense(&t.index_select(axis as i64, &as_i32).unwrap()), a.take(axis, &idx).v, "{l}");
        }
    }
    lc.finish();
}

#[test]
fn reductions_match_the_dense_reference() {
    let lc = LeakCheck::start();
    let a = sample();
    let total: f64 = a.v.iter().sum();
    let col_sums: Vec<f64> = (0..5).map(|j| (0..4).map(|i| a.at(i, j)).sum()).collect();
    let row_sums: Vec<f64> = (0..4).map(|i| (0..5).map(|j| a.at(i, j)).sum()).collect();
    let mask = Mat::from_fn(4, 5, |i, j| if (i + j) % 2 == 0 { 1.0 } else { 0.0 });
    for l in LAYOUTS {
        let t = in_layout(&a, l);
        let s = t.sum(&[]).unwrap();
        assert_eq!((s.ndim(), dense(&s)), (0, vec![total]), "{l}");
        assert_eq!(dense(&t.sum(&[0, 1]).unwrap()), vec![total], "{l}");
        assert_eq!(dense(&t.sum(&[0]).unwrap()), col_sums, "{l}");
        assert_eq!(dense(&t.sum(&[-1]).unwrap()), row_sums, "{l}");
        if l != Layout::Strided {
            assert_eq!(t.sum(&[0]).unwrap().layout(), Layout::SparseCoo);
            // softmax over each row's specified elements.
            let sm = dense(&t.softmax(1).unwrap());
            for i in 0..4 {
                let row: Vec<f64> = (0..5).map(|j| a.at(i, j)).filter(|&x| x != 0.0).collect();
                let m = row.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                let z: f64 = row.iter().map(|x| (x - m).exp()).sum();
                for j in 0..5 {
                    let want = if a.at(i, j) != 0.0 { (a.at(i, j) - m).exp() / z } else { 0.0 };
                    assert!((sm[i * 5 + j] - want).abs() < 1e-12, "{l} softmax[{i},{j}]");
                }
            }
            let ls = dense(&t.log_softmax(1).unwrap());
            for (k, (&x, &y)) in ls.iter().zip(&sm).enumerate() {
                let want = if y == 0.0 { 0.0 } else { y.ln() };
                assert!((x - want).abs() < 1e-12, "{l} log_softmax[{k}]");
            }
            // sparse_mask: the elements of a dense tensor at t's positions.
            let d = Mat::from_fn(4, 5, |i, j| (i * 10 + j) as f64);
            let m = d.tensor().sparse_mask(&t).unwrap();
            assert_eq!(m.layout(), l);
            let want: Vec<f64> = d.v.iter().zip(&a.v).map(|(&x, &p)| if p != 0.0 { x } else { 0.0 }).collect();
            assert_eq!(dense(&m), want, "{l}");
        }
        let mt = in_layout(&mask, Layout::SparseCoo);
        let want: Vec<f64> = a.v.iter().zip(&mask.v).map(|(&x, &p)| if p != 0.0 { x } else { 0.0 }).collect();
        assert_eq!(dense(&t.sparse_mask(&mt).unwrap()), want, "{l}");
    }
    lc.finish();
}

#[test]
fn fill_values_are_carried_by_the_operators() {
    let lc = LeakCheck::start();
    let a = sample();
    let filled = Mat { v: a.v.iter().map(|&x| if x == 0.0 { 2.0 } else { x }).collect(), ..a.clone() };
    for l in [Layout::SparseCoo, Layout::SparseCsr, Layout::SparseCsc] {
        let t = in_layout(&a, l).with_fill_value(2.0f64).unwrap();
        assert_eq!(t.fill_value::<f64>().unwrap(), 2.0);
        assert_eq!(dense(&t), filled.v, "{l}");
        assert_eq!(dense(&t.t().unwrap()), filled.transpose().v, "{l}");
        assert_eq!(dense(&t.select(0, 2).unwrap()), filled.take(0, &[2]).v, "{l}");
        assert_eq!(dense(&t.index_select(1, &[4i64, 0]).unwrap()), filled.take(1, &[4, 0]).v, "{l}");
        assert_eq!(dense(&t.sum(&[]).unwrap()), vec![filled.v.iter().sum::<f64>()], "{l}");
        let plain = in_layout(&a, l);
        let e = Tensor::cat(&[&t, &plain], 0).unwrap_err();
        assert!(e.message().contains("fill value"), "{e}");
    }
    let i = Tensor::from_dense(&[1i32, 0, 7], &[3]).unwrap();
    let e = i.with_fill_value(1.0f64).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::DType);
    assert!(e.message().contains("with_fill_value"), "{e}");
    drop(i);
    lc.finish();
}

#[test]
fn undefined_fill_follows_torch_masked() {
    let lc = LeakCheck::start();
    let a = sample();
    let mask: Vec<bool> = a.v.iter().map(|&x| x != 0.0).collect();
    let masked = |want: &dyn Fn(f64) -> f64, v: f64| -> Vec<f64> {
        a.v.iter().zip(&mask).map(|(&x, &m)| if m { want(x) } else { v }).collect()
    };
    for l in [Layout::SparseCoo, Layout::SparseCsr, Layout::SparseCsc] {
        let u = in_layout(&a, l).with_undefined_fill().unwrap();
        assert!(u.fill_is_undefined().unwrap(), "{l}");
        let e = u.to_dense().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert!(e.message().contains("fill_value"), "{e}");
        let filled = |t: &Tensor| dense(&t.with_fill_value(7.0f64).unwrap());
        let c = u.unary("cos", &Default::default()).unwrap();
        assert!(c.fill_is_undefined().unwrap());
        assert_eq!(filled(&c), masked(&|x: f64| x.cos(), 7.0), "{l}");
        assert_eq!(filled(&u.binary("add", &u, &Default::default()).unwrap()), masked(&|x| 2.0 * x, 7.0), "{l}");
        assert_eq!(filled(&u.binary("mul", 3.0f64, &Default::default()).unwrap()), masked(&|x| 3.0 * x, 7.0), "{l}");
        // Row sums of the specified elements; every row of sample() has one.
        let rows: Vec<f64> = a.v.chunks(a.cols).map(|r| r.iter().sum()).collect();
        assert_eq!(filled(&u.sum(&[1]).unwrap()), rows, "{l}");
        let max = a.v.iter().zip(&mask).filter(|p| *p.1).map(|p| *p.0).fold(f64::NEG_INFINITY, f64::max);
        assert_eq!(u.amax(&[]).unwrap().values::<f64>().unwrap(), &[max], "{l}");
        let e = u.mm(&a.transpose().tensor()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Unsupported);
        assert!(e.message().contains("undefined fill"), "{e}");
    }
    lc.finish();
}

#[test]
fn per_slot_fills_combine_slot_by_slot() {
    let lc = LeakCheck::start();
    per_slot_cases();
    lc.finish();
}

/// The cases of per_slot_fills_combine_slot_by_slot, whose tensors drop on return.
fn per_slot_cases() {
    let t = Tensor::sparse_coo(&[1i64], 1, &[5.0f64, 6.0], Some(&[3, 2])).unwrap();
    let p = t.with_fill_array(gosparse::ArrayRef::vector(&[7.0f64, -1.0])).unwrap();
    let q = Tensor::sparse_coo(&[2i64], 1, &[1.0f64, 2.0], Some(&[3, 2]))
        .unwrap()
        .with_fill_array(gosparse::ArrayRef::vector(&[0.5f64, 3.0]))
        .unwrap();
    let s = p.binary("add", &q, &Default::default()).unwrap();
    let want: Vec<f64> = dense(&p).iter().zip(dense(&q)).map(|(x, y)| x + y).collect();
    assert_eq!(dense(&s), want);
    assert_eq!(s.fill_array::<f64>().unwrap(), &[7.5, 2.0]);
    let m = p.binary("mul", 2.0f64, &Default::default()).unwrap();
    assert_eq!(dense(&m), dense(&p).iter().map(|x| 2.0 * x).collect::<Vec<_>>());
    assert_eq!(m.fill_array::<f64>().unwrap(), &[14.0, -2.0]);
    let e = t.with_fill_array(gosparse::ArrayRef::vector(&[1.0f32, 2.0])).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::DType);
}

// ---- errors ---------------------------------------------------------------------------

#[test]
fn bad_arguments_are_refused_with_the_function_named() {
    let lc = LeakCheck::start();
    let t = in_layout(&sample(), Layout::SparseCoo);
    let check = |r: gosparse::Result<Tensor>, kind: ErrorKind, text: &str| {
        let e = r.expect_err(text);
        assert_eq!(e.kind(), kind, "{e}");
        assert!(e.message().contains(text), "{e} does not contain {text:?}");
    };
    check(t.transpose(0, 2), ErrorKind::Index, "gs_transpose: transpose: dim1");
    check(t.transpose(1 << 40, 0), ErrorKind::Index, "dim0 = 1099511627776");
    check(t.permute(&[0]), ErrorKind::InvalidArgument, "gs_permute");
    check(t.permute(&[0; 17]), ErrorKind::InvalidArgument, "ndims = 17");
    check(t.unsqueeze(3), ErrorKind::Index, "gs_unsqueeze");
    check(t.squeeze(Some(5)), ErrorKind::Index, "gs_squeeze");
    check(t.reshape(&[3, -1]), ErrorKind::InvalidArgument, "gs_reshape");
    check(t.reshape(&[-2, 10]), ErrorKind::InvalidArgument, "shape[0] = -2");
    check(Tensor::cat(&[], 0), ErrorKind::InvalidArgument, "gs_cat: n = 0 must be >= 1");
    check(Tensor::stack(&[], 0), ErrorKind::InvalidArgument, "gs_stack: n = 0");
    check(Tensor::hstack(&[]), ErrorKind::InvalidArgument, "gs_hstack");
    check(Tensor::vstack(&[]), ErrorKind::InvalidArgument, "gs_vstack");
    check(Tensor::dstack(&[]), ErrorKind::InvalidArgument, "gs_dstack");
    let other = Tensor::from_dense(&[1.0f64, 2.0], &[2]).unwrap();
    check(Tensor::cat(&[&t, &other], 0), ErrorKind::InvalidArgument, "gs_cat: cat: tensors[1]");
    check(t.sparse_resize(&[2, 5], 2, 0), ErrorKind::Index, "gs_sparse_resize");
    check(t.sparse_resize(&[4, 5], 1, 1), ErrorKind::InvalidArgument, "gs_sparse_resize");
    check(t.sparse_resize_and_clear(&[4, 5], 0, 2), ErrorKind::InvalidArgument, "gs_sparse_resize_and_clear");
    check(t.select(0, 4), ErrorKind::Index, "gs_select: select: index 4");
    check(t.index(&[0, 0, 0]), ErrorKind::Index, "gs_index: index: too many indices");
    check(t.index(&[0; 17]), ErrorKind::Index, "gs_index: n = 17");
    check(t.index_select(0, &[4i64]), ErrorKind::Index, "gs_index_select: index_select: index[0] = 4");
    check(t.narrow_copy(1, 3, 3), ErrorKind::Index, "gs_narrow_copy");
    check(t.sum(&[0, 0]), ErrorKind::InvalidArgument, "gs_sum: sum: dim 0 appears multiple times");
    check(t.softmax(2), ErrorKind::Index, "gs_softmax");
    check(other.log_softmax(0), ErrorKind::InvalidArgument, "gs_log_softmax: log_softmax: expected a sparse tensor");
    check(t.to_dtype(DType::Int32).unwrap().softmax(0), ErrorKind::NotImplemented, "floating point"); // torch's NotImplementedError
    check(other.sparse_mask(&other), ErrorKind::InvalidArgument, "gs_sparse_mask: sparse_mask: mask must be sparse");
    check(t.sparse_mask(&other.to_sparse_coo().unwrap()), ErrorKind::InvalidArgument, "same shape");
    drop((t, other));
    lc.finish();
}

#[test]
fn sparse_resize_grows_and_clears() {
    let lc = LeakCheck::start();
    let a = sample();
    let t = in_layout(&a, Layout::SparseCoo);
    let g = t.sparse_resize(&[6, 7], 2, 0).unwrap();
    assert_eq!((g.shape().to_vec(), g.nnz()), (vec![6, 7], t.nnz()));
    let want = Mat::from_fn(6, 7, |i, j| if i < 4 && j < 5 { a.at(i, j) } else { 0.0 });
    assert_eq!(dense(&g), want.v);
    let c = t.sparse_resize_and_clear(&[3, 2, 2], 1, 2).unwrap();
    assert_eq!((c.shape().to_vec(), c.nnz(), c.sparse_dim(), c.dense_dim()), (vec![3, 2, 2], 0, 1, 2));
    assert_eq!(dense(&c), vec![0.0; 12]);
    drop((t, g, c));
    lc.finish();
}
