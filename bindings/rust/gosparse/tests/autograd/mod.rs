//! Autograd over the real library:
//!
//! - every case of `../shared/conformance/autograd/grads.json` (`values` through
//!   `Tensor::values_tensor`): outputs and gradients against torch's; a sparse
//!   input's gradient has its layout and pattern and torch's values there;
//! - `autograd_grad` against `backward` on the same graph, accumulating nothing;
//! - a GCN-style step, node names, accumulation, freed graphs, the per-thread
//!   no_grad guard, refusals and handle accounting.

use gosparse::{
    Component, DType, ElementwiseArgs, ErrorKind, Graph, Layout, NoGradGuard, Tensor, autograd_grad, is_grad_enabled,
};
use serde_json::Value;

use super::{LeakCheck, build, pairs, shape_of};

fn grad_cases() -> Option<Vec<Value>> {
    let dir = super::shared_dir("conformance/autograd")?;
    let text = std::fs::read_to_string(dir.join("grads.json")).expect("read grads.json");
    let v: Value = serde_json::from_str(&text).expect("parse grads.json");
    Some(v["cases"].as_array().expect("cases").clone())
}

fn apply(op: &str, p: &Value, x: &[Tensor]) -> gosparse::Result<Tensor> {
    let num = |k: &str| p[k].as_f64().expect("a number param");
    let none = ElementwiseArgs::default();
    match op {
        "sparse.mm" => x[0].sparse_mm(&x[1]),
        "sparse.addmm" => x[0].sparse_addmm(&x[1], &x[2], num("beta"), num("alpha")),
        "sparse.sampled_addmm" => x[0].sampled_addmm(&x[1], &x[2], num("beta"), num("alpha")),
        "sparse.sum" => {
            let dims: Vec<i64> = p["dim"].as_array().unwrap().iter().map(|d| d.as_i64().unwrap()).collect();
            x[0].sum(&dims)
        }
        "sparse.softmax" => x[0].softmax(p["dim"].as_i64().unwrap()),
        "sparse.log_softmax" => x[0].log_softmax(p["dim"].as_i64().unwrap()),
        "to_dense" => x[0].to_dense(),
        "mul" if p.get("other").is_some() => x[0].binary("mul", num("other"), &none),
        "mul" => x[0].binary("mul", &x[1], &none),
        "add" => x[0].binary("add", &x[1], &none),
        "values" => x[0].values_tensor(),
        other => panic!("unknown op {other}"),
    }
}

fn dense_pairs(t: &Tensor) -> Vec<(f64, f64)> {
    pairs(&t.to_dense().unwrap(), Component::Values)
}

fn assert_close(ctx: &str, got: &[(f64, f64)], want: &[(f64, f64)], tol: f64) {
    assert_eq!(got.len(), want.len(), "{ctx}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let ok = |a: f64, b: f64| (a - b).abs() <= tol * (1.0 + b.abs());
        assert!(ok(g.0, w.0) && ok(g.1, w.1), "{ctx}[{i}] = {g:?}, expected {w:?}");
    }
}

#[test]
fn grads_conformance() {
    let Some(cases) = grad_cases() else { return };
    let check = LeakCheck::start();
    let mut replayed = 0;
    for c in cases.iter() {
        let id = c["id"].as_str().unwrap();
        let mut ins: Vec<Tensor> = c["inputs"].as_array().unwrap().iter().map(|v| build(v).unwrap()).collect();
        for (t, rg) in ins.iter_mut().zip(c["requires_grad"].as_array().unwrap()) {
            t.set_requires_grad(rg.as_bool().unwrap()).unwrap();
        }
        let mut out = apply(c["op"].as_str().unwrap(), &c["params"], &ins).unwrap_or_else(|e| panic!("{id}: {e}"));
        if out.layout() != Layout::Strided {
            out = out.to_dense().unwrap();
        }
        let tol = if out.dtype() == DType::Float32 { 1e-4 } else { 1e-10 };
        let want_out = build(&c["expect"]["output"]).unwrap();
        assert_eq!(out.shape(), shape_of(&c["expect"]["output"]), "{id}: output shape");
        assert_close(&format!("{id}: output"), &dense_pairs(&out), &dense_pairs(&want_out), tol);
        out.backward(Some(&build(&c["grad_output"]).unwrap()), Graph::Free).unwrap_or_else(|e| panic!("{id}: {e}"));
        for (i, (x, want)) in ins.iter().zip(c["expect"]["grads"].as_array().unwrap()).enumerate() {
            let g = x.grad().unwrap();
            if want.is_null() {
                assert!(g.is_none(), "{id}: input {i} asked no gradient");
                continue;
            }
            let g = g.unwrap_or_else(|| panic!("{id}: input {i} has no gradient"));
            let mut want = build(want).unwrap();
            if x.layout() != Layout::Strided {
                assert_eq!(g.layout(), x.layout(), "{id}: grad {i} layout");
                assert_eq!(g.nnz(), x.coalesce().unwrap().nnz(), "{id}: grad {i} pattern");
                want = want.sparse_mask(x).unwrap(); // the masked gradient: torch's values on x's pattern
            }
            assert_close(&format!("{id}: grad {i}"), &dense_pairs(&g), &dense_pairs(&want), tol);
        }
        replayed += 1;
    }
    assert_eq!(replayed, 159);
    check.finish();
}

/// autograd_grad gives what backward accumulates, into no leaf; None for an
/// input the output does not reach; refusals leave no handle behind.
#[test]
fn autograd_grad_matches_backward_without_accumulating() {
    let check = LeakCheck::start();
    let a_dense = [1.0f64, 0.0, 2.0, 0.0, 3.0, 0.0, 4.0, 0.0, 5.0];
    let mut a = Tensor::from_dense(&a_dense, &[3, 3]).unwrap().to_sparse_coo().unwrap();
    let x = Tensor::from_dense(&[1.0f64, 2.0, 0.5, -1.0, 3.0, 1.0], &[3, 2]).unwrap();
    let mut w = Tensor::from_dense(&[2.0f64, -1.0], &[2, 1]).unwrap();
    let mut unused = Tensor::from_dense(&[1.0f64], &[1]).unwrap();
    for t in [&mut a, &mut w, &mut unused] {
        t.set_requires_grad(true).unwrap();
    }
    let loss = a.sparse_mm(&x.mm(&w).unwrap()).unwrap().sum(&[]).unwrap();
    let gs = autograd_grad(&loss, &[&a, &w, &unused], None, Graph::Retain).unwrap();
    assert!(a.grad().unwrap().is_none() && w.grad().unwrap().is_none(), "autograd_grad accumulates nothing");
    assert!(gs[2].is_none(), "loss does not depend on unused");
    // XW = [0, 2, 5]; dL/dA[i,k] = XW[k]; dL/dW = X^T A^T 1 = X^T [5, 3, 7].
    let ga = gs[0].as_ref().unwrap();
    assert_eq!(ga.layout(), Layout::SparseCoo);
    assert_eq!(ga.values::<f64>().unwrap(), &[0.0, 5.0, 2.0, 0.0, 5.0]);
    assert_eq!(gs[1].as_ref().unwrap().values::<f64>().unwrap(), &[27.5, 14.0]);
    loss.backward(None, Graph::Free).unwrap();
    assert_eq!(a.grad().unwrap().unwrap().values::<f64>().unwrap(), ga.values::<f64>().unwrap());
    let err = autograd_grad(&loss, &[&a], None, Graph::Free).unwrap_err();
    assert!(err.message().contains("second time"), "{err}");
    let plain = Tensor::from_dense(&[1.0f64], &[1]).unwrap();
    let err = autograd_grad(&loss, &[&plain], None, Graph::Free).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    drop((gs, loss, a, w, x, unused, plain));
    check.finish();
}

/// sum(A @ (X @ W)) for a 3x3 CSR A: dL/dW = X^T A^T 1, dL/dA[i,k] = sum_j (XW)[k,j].
#[test]
fn gcn_step_names_accumulation_and_freed_graphs() {
    let check = LeakCheck::start();
    let a_dense = [1.0f64, 0.0, 2.0, 0.0, 3.0, 0.0, 4.0, 0.0, 5.0];
    let mut a = Tensor::from_dense(&a_dense, &[3, 3]).unwrap().to_sparse_csr().unwrap();
    let x = Tensor::from_dense(&[1.0f64, 2.0, 0.5, -1.0, 3.0, 1.0], &[3, 2]).unwrap();
    let mut w = Tensor::from_dense(&[2.0f64, -1.0], &[2, 1]).unwrap();
    a.set_requires_grad(true).unwrap();
    w.set_requires_grad(true).unwrap();
    let loss = {
        let xw = x.mm(&w).unwrap();
        let h = a.sparse_mm(&xw).unwrap();
        assert_eq!((xw.grad_fn_name(), h.grad_fn_name()), (Some("MmBackward0"), Some("SparseAddmmBackward0")));
        assert!(!h.is_leaf() && a.is_leaf() && h.requires_grad() && !x.requires_grad());
        h.sum(&[]).unwrap()
    }; // xw and h dropped: the graph keeps them
    assert_eq!(loss.grad_fn_name(), Some("SumBackward0"));
    loss.backward(None, Graph::Retain).unwrap();
    // XW = [0, 2, 5]; A^T 1 = [5, 3, 7]; dW = X^T [5, 3, 7].
    assert_eq!(w.grad().unwrap().unwrap().values::<f64>().unwrap(), &[27.5, 14.0]);
    let ga = a.grad().unwrap().unwrap();
    assert_eq!(ga.layout(), Layout::SparseCsr);
    assert_eq!(ga.values::<f64>().unwrap(), &[0.0, 5.0, 2.0, 0.0, 5.0]);
    assert!(x.grad().unwrap().is_none());
    loss.backward(None, Graph::Free).unwrap(); // retained: accumulates
    assert_eq!(ga.values::<f64>().unwrap(), &[0.0, 5.0, 2.0, 0.0, 5.0], "a gradient handle is a snapshot");
    assert_eq!(a.grad().unwrap().unwrap().values::<f64>().unwrap(), &[0.0, 10.0, 4.0, 0.0, 10.0]);
    let err = loss.backward(None, Graph::Free).unwrap_err();
    assert!(err.message().contains("second time"), "{err}");
    w.zero_grad().unwrap();
    assert!(w.grad().unwrap().is_none());
    drop((ga, loss, a, w, x));
    check.finish();
}

#[test]
fn no_grad_guard_is_per_thread_and_refusals_name_the_operation() {
    let check = LeakCheck::start();
    let mut w = Tensor::from_dense(&[1.0f64, 2.0], &[2, 1]).unwrap();
    w.set_requires_grad(true).unwrap();
    let x = Tensor::from_dense(&[3.0f64, 4.0], &[1, 2]).unwrap();
    {
        let _g = NoGradGuard::new();
        assert!(!is_grad_enabled());
        assert!(std::thread::spawn(is_grad_enabled).join().unwrap(), "another thread still records");
        let r = x.mm(&w).unwrap();
        assert!(!r.requires_grad() && r.grad_fn_name().is_none());
        assert_eq!(r.backward(None, Graph::Free).unwrap_err().kind(), ErrorKind::InvalidArgument);
    }
    assert!(is_grad_enabled());
    let b = w.to_sparse_coo().unwrap().smm(&Tensor::from_dense(&[1.0f64, 2.0], &[1, 2]).unwrap()).unwrap();
    assert_eq!(b.grad_fn_name(), Some("smm"));
    let err = b
        .to_dense()
        .unwrap()
        .backward(Some(&Tensor::from_dense(&[1.0f64; 4], &[2, 2]).unwrap()), Graph::Free)
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotImplemented);
    assert!(err.message().contains("backward: smm has no backward"), "{err}");
    let mut i = Tensor::from_dense(&[1i64, 2], &[2]).unwrap();
    assert!(i.set_requires_grad(true).unwrap_err().message().contains("floating point and complex"));
    let d = x.mm(&w).unwrap().detach().unwrap();
    assert!(!d.requires_grad() && d.is_leaf());
    drop((w, x, b, i, d));
    check.finish();
}
