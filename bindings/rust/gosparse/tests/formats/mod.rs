//! Formats as data over the real library: every case of
//! `../shared/conformance/ust/formats.json` converted with
//! [`Tensor::to_format`] gives the reference's storage (level sizes, nse, each
//! level's pos and crd, the values), goes back to dense, and is rebuilt with
//! [`Tensor::from_format`] from the reference's arrays and borrowed by
//! [`Tensor::from_format_vecs`] from int32 copies; every invalid format
//! is refused naming its rule; a DIA tensor goes through operators.

use gosparse::{DType, ErrorKind, Format, Indices, Layout, Tensor};
use serde_json::Value;

use super::{LeakCheck, shared_dir};

fn ints(v: &Value) -> Vec<i64> {
    v.as_array().expect("array").iter().map(|x| x.as_f64().expect("number") as i64).collect()
}

fn sizes(v: &Value) -> Vec<usize> {
    v.as_array().expect("array").iter().map(|x| x.as_u64().expect("a non-negative size") as usize).collect()
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array().expect("array").iter().map(|x| x.as_f64().expect("number")).collect()
}

fn load() -> Option<Value> {
    let dir = shared_dir("conformance/ust")?;
    let text = std::fs::read_to_string(dir.join("formats.json")).expect("read formats.json");
    Some(serde_json::from_str(&text).expect("parse formats.json"))
}

#[test]
fn formats_json_cases() {
    let check = LeakCheck::start();
    let Some(root) = load() else { return check.finish() };
    let cases = root["cases"].as_array().expect("cases");
    assert_eq!(cases.len(), 275);
    cases.iter().for_each(replay);
    check.finish();
}

/// Replays one case; its tensors are dropped on return.
fn replay(c: &Value) {
    let id = c["id"].as_str().unwrap();
    let f: Format = c["format"].as_str().unwrap().parse().unwrap_or_else(|e| panic!("{id}: {e}"));
    let shape = sizes(&c["dense"]["shape"]);
    let data = floats(&c["dense"]["data"]);
    let want = &c["expect"];
    let x = Tensor::from_dense(&data, &shape).unwrap().to_format(&f).unwrap_or_else(|e| panic!("{id}: {e}"));
    assert_eq!(x.level_sizes().unwrap(), sizes(&want["level_sizes"]), "{id}");
    assert_eq!(x.nse().unwrap(), want["nse"].as_u64().unwrap() as usize, "{id}");
    let levels = want["levels"].as_array().unwrap();
    for (l, w) in levels.iter().enumerate() {
        assert_eq!(x.pos(l).unwrap().to_vec(), ints(&w["pos"]), "{id} level {l} pos");
        assert_eq!(x.crd(l).unwrap().to_vec(), ints(&w["crd"]), "{id} level {l} crd");
    }
    assert_eq!(x.val::<f64>().unwrap(), floats(&want["values"]).as_slice(), "{id} values");
    if x.layout() == Layout::Custom {
        assert_eq!(x.format().unwrap(), f, "{id}");
    }
    assert_eq!(x.to_dense().unwrap().values::<f64>().unwrap(), data.as_slice(), "{id} to_dense");
    let pos: Vec<Vec<i64>> = levels.iter().map(|w| ints(&w["pos"])).collect();
    let crd: Vec<Vec<i64>> = levels.iter().map(|w| ints(&w["crd"])).collect();
    let p: Vec<&[i64]> = pos.iter().map(Vec::as_slice).collect();
    let q: Vec<&[i64]> = crd.iter().map(Vec::as_slice).collect();
    let y = Tensor::from_format(&f, &shape, &p, &q, &floats(&want["values"])).unwrap_or_else(|e| panic!("{id}: {e}"));
    assert_eq!(y.to_dense().unwrap().values::<f64>().unwrap(), data.as_slice(), "{id} from_format");
    // Borrowed: int32 vectors move into the tensor, which lends those very
    // buffers back (a Vec's heap buffer does not move with the Vec).
    let narrow = |v: &Vec<i64>| v.iter().map(|&x| i32::try_from(x).unwrap()).collect::<Vec<i32>>();
    let (p32, q32): (Vec<Vec<i32>>, Vec<Vec<i32>>) =
        (pos.iter().map(narrow).collect(), crd.iter().map(narrow).collect());
    let at = |v: &Vec<i32>| (!v.is_empty()).then_some(v.as_ptr());
    let ptrs: Vec<(Option<*const i32>, Option<*const i32>)> =
        p32.iter().zip(&q32).map(|(p, q)| (at(p), at(q))).collect();
    let vals = floats(&want["values"]);
    let vptr = (!vals.is_empty()).then_some(vals.as_ptr());
    let w = Tensor::from_format_vecs(&f, &shape, p32, q32, vals).unwrap_or_else(|e| panic!("{id}: {e}"));
    assert_eq!(w.to_dense().unwrap().values::<f64>().unwrap(), data.as_slice(), "{id} from_format_vecs");
    if w.layout() == Layout::Custom {
        let lent = |x: Indices<'_>| match x {
            Indices::I32(s) => s.as_ptr(),
            Indices::I64(_) => panic!("{id}: a borrowed int32 array came back as int64"),
        };
        for (l, (pp, qp)) in ptrs.iter().enumerate() {
            if let Some(p) = pp {
                assert_eq!(lent(w.pos(l).unwrap()), *p, "{id}: pos {l} borrowed, not copied");
            }
            if let Some(q) = qp {
                assert_eq!(lent(w.crd(l).unwrap()), *q, "{id}: crd {l} borrowed, not copied");
            }
        }
        if let Some(v) = vptr {
            assert_eq!(w.val::<f64>().unwrap().as_ptr(), v, "{id}: values borrowed, not copied");
        }
    }
}

#[test]
fn invalid_formats_name_the_rule() {
    let Some(root) = load() else { return };
    for group in ["invalid_formats", "invalid_text"] {
        for c in root[group].as_array().unwrap() {
            let text = c["format"].as_str().unwrap();
            let e = text.parse::<Format>().unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{text}");
            let msg = e.to_string();
            assert!(
                msg.contains("format")
                    && (msg.contains("must") || msg.contains("cannot") || msg.contains("level types are")),
                "{text}: {msg}"
            );
        }
    }
}

#[test]
fn dia_through_operators() {
    let check = LeakCheck::start();
    dia_body();
    check.finish();
}

fn dia_body() {
    let a = [1.0f64, 2.0, 0.0, 3.0, 4.0, 5.0, 0.0, 6.0, 7.0];
    let dense = Tensor::from_dense(&a, &[3, 3]).unwrap();
    let dia = dense.to_format(&"(i, j) -> (j - i : compressed, i : range)".parse().unwrap()).unwrap();
    assert_eq!(dia.layout(), Layout::Custom);
    assert_eq!(Layout::Custom.name(), "custom");
    assert!(dia.to_string().contains("format=(i, j) -> (j - i : compressed, i : range)"));
    assert!(dia.pos(1).unwrap().is_empty());
    assert!(dia.transpose(0, 1).unwrap().equal(&dense.transpose(0, 1).unwrap()).unwrap());
    // Element-wise ops keep the format.
    let args = gosparse::ElementwiseArgs::default();
    for r in [
        dia.binary("add", &dia, &args).unwrap(),
        dia.binary("mul", 2.0f64, &args).unwrap(),
        dia.unary("cos", &args).unwrap(),
    ] {
        assert_eq!(r.layout(), Layout::Custom);
        assert_eq!(r.format().unwrap(), dia.format().unwrap());
    }
    let twice = dia.binary("add", &dia, &args).unwrap();
    assert!(twice.equal(&dense.binary("mul", 2.0f64, &args).unwrap()).unwrap());
    let csr = dia.to_format(&"(i, j) -> (i : dense, j : compressed)".parse().unwrap()).unwrap();
    assert_eq!(csr.layout(), Layout::SparseCsr);
    assert!(csr.equal(&dense).unwrap());
    assert_eq!(dense.format().unwrap().as_str(), "(i, j) -> (i : dense, j : dense)");
    let e = dense.to_format(&"(i) -> (i : dense)".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("has 1 dimensions, the tensor 2"), "{e}");
}

#[test]
fn dia_clone_cast_coalesce_mask_and_row_keep_the_format() {
    let check = LeakCheck::start();
    keep_format_body();
    check.finish();
}

/// clone, to_dtype, coalesce, sparse_mask by a DIA mask and DIA * row keep
/// the format (torch keeps the layout; they were COO), with the dense values.
fn keep_format_body() {
    let a = [1.0f64, 2.0, 0.0, 3.0, 4.0, 5.0, 0.0, 6.0, 7.0];
    let dense = Tensor::from_dense(&a, &[3, 3]).unwrap();
    let dia = dense.to_format(&"(i, j) -> (j - i : compressed, i : range)".parse().unwrap()).unwrap();
    let other = Tensor::from_dense(&[10.0f64, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0], &[3, 3]).unwrap();
    let row = Tensor::from_dense(&[1.0f64, -2.0, 4.0], &[3]).unwrap();
    let args = gosparse::ElementwiseArgs::default();
    let cases = [
        (dia.try_clone().unwrap(), dense.try_clone().unwrap()),
        (dia.to_dtype(DType::Float32).unwrap(), dense.to_dtype(DType::Float32).unwrap()),
        (dia.coalesce().unwrap(), dense.try_clone().unwrap()),
        (
            other.sparse_mask(&dia).unwrap(),
            Tensor::from_dense(&[10.0f64, 11.0, 0.0, 13.0, 14.0, 15.0, 0.0, 17.0, 18.0], &[3, 3]).unwrap(),
        ),
        (dia.binary("mul", &row, &args).unwrap(), dense.binary("mul", &row, &args).unwrap()),
    ];
    for (got, want) in cases {
        assert_eq!(got.layout(), Layout::Custom);
        assert_eq!(got.format().unwrap(), dia.format().unwrap());
        assert!(got.to_dense().unwrap().equal(&want).unwrap(), "{got}");
    }
}

#[test]
fn from_format_vecs_refuses_and_keeps_nothing() {
    let check = LeakCheck::start();
    let f: Format = "(i, j) -> (j - i : compressed, i : range)".parse().unwrap();
    let e =
        Tensor::from_format_vecs(&f, &[2, 2], vec![vec![0i64, 1], vec![]], vec![vec![2], vec![]], vec![1.0f64, 2.0])
            .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Index, "{e}");
    assert!(e.to_string().contains("crd[0][0] = 2 is outside level 0's coordinates -1..1"), "{e}");
    let e = Tensor::from_format_vecs(&f, &[2, 2], vec![vec![0i32, 1]], vec![vec![0], vec![]], vec![1.0f64, 2.0])
        .unwrap_err();
    assert!(e.to_string().contains("pos has 1 arrays and crd 2"), "{e}");
    // [[1, 2, 0], [3, 4, 5], [0, 6, 7]] as DIA-I: the product reads the borrowed storage.
    let a = Tensor::from_format_vecs(
        &f,
        &[3, 3],
        vec![vec![0i32, 3], vec![]],
        vec![vec![-1, 0, 1], vec![]],
        vec![0.0f64, 3.0, 6.0, 1.0, 4.0, 7.0, 2.0, 5.0, 0.0],
    )
    .unwrap();
    let y = a.mv(&Tensor::from_dense(&[1.0f64, 10.0, 100.0], &[3]).unwrap()).unwrap();
    drop(a);
    assert_eq!(y.values::<f64>().unwrap(), &[21.0, 543.0, 760.0]);
    drop(y);
    check.finish();
}

/// storage_bytes: a custom tensor holds its storage (int64 pos and crd, the
/// values) and no COO copy (nnz counts from the storage), even after a
/// component is lent (the handle owns the copy it lends from); named layouts
/// count their arrays.
#[test]
fn storage_bytes_counts_the_storage() {
    let check = LeakCheck::start();
    let f: Format = "(i, j) -> (j - i : compressed, i : range)".parse().unwrap();
    let vals = [0.0f64, 3.0, 6.0, 1.0, 4.0, 7.0, 2.0, 5.0, 0.0];
    let dia = Tensor::from_format(&f, &[3, 3], &[&[0, 3], &[]], &[&[-1, 0, 1], &[]], &vals).unwrap();
    assert_eq!(dia.storage_bytes().unwrap(), 2 * 8 + 3 * 8 + 9 * 8);
    let dense = dia.to_dense().unwrap();
    assert_eq!(dense.storage_bytes().unwrap(), 9 * 8);
    let csr = dia.to_format(&"(i, j) -> (i : dense, j : compressed)".parse().unwrap()).unwrap();
    assert_eq!(csr.storage_bytes().unwrap(), 4 * 4 + 7 * 4 + 7 * 8); // int32 indices, 7 stored
    assert_eq!(dia.nnz(), 7); // counted from the storage: nothing kept
    assert_eq!(dia.storage_bytes().unwrap(), 2 * 8 + 3 * 8 + 9 * 8);
    assert_eq!(dia.raw_values::<f64>().unwrap().len(), 7); // lent from the handle's COO copy
    assert_eq!(dia.storage_bytes().unwrap(), 2 * 8 + 3 * 8 + 9 * 8);
    drop((dia, dense, csr));
    check.finish();
}

#[test]
fn level_pos_and_crd_lend_their_arrays_and_refuse_by_level() {
    let t = Tensor::sparse_coo(&[0i64, 1, 1, 0], 2, &[1.0f64, 2.0], Some(&[2, 2])).unwrap();
    assert_eq!(t.level_pos(0).unwrap().to_vec(), vec![0, 2]);
    assert_eq!(t.level_crd(0).unwrap().to_vec(), vec![0, 1]);
    assert_eq!(t.level_crd(1).unwrap().to_vec(), vec![1, 0]);
    let e = t.level_pos(1).unwrap_err(); // singleton: no pos
    assert!(e.message().contains("level 1 is singleton"), "{}", e.message());
    for e in [t.level_pos(2).unwrap_err(), t.level_crd(2).unwrap_err()] {
        assert_eq!(e.kind(), ErrorKind::Index);
        assert!(e.message().contains("level = 2 is out of range"), "{}", e.message());
    }
    for e in [t.level_pos(usize::MAX).unwrap_err(), t.level_crd(usize::MAX).unwrap_err()] {
        assert_eq!(
            (e.kind(), e.message()),
            (ErrorKind::Index, format!("level {} is out of range", usize::MAX).as_str())
        );
    }
    let d = Tensor::from_dense(&[1.0f64; 4], &[2, 2]).unwrap().to_sparse_csr().unwrap();
    assert!(d.level_crd(0).unwrap_err().message().contains("level 0 is dense"));
}
