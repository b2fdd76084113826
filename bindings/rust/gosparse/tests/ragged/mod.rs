//! Ragged batches: [`Tensor::stack`] of CSR matrices with different nnz gives the
//! format `(b, i, j) -> (b : dense, i : dense, j : compressed)` (one pos over every
//! batch's rows), which bmm, baddbmm, sum, neg, softmax and select take, with int32
//! and int64 indices, agreeing with the dense batch.

use gosparse::{ElementwiseArgs, Indices, Layout, Tensor};

use super::LeakCheck;

// Two 2x3 matrices: A holds 3 entries, B 1.
const DENSE: [f64; 12] = [1.0, 0.0, 2.0, 0.0, 3.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 4.0];

fn dense_of(t: &Tensor) -> Vec<f64> {
    t.to_dense().unwrap().values::<f64>().unwrap().to_vec()
}

fn ragged_body(wide: bool) {
    let (a, b) = if wide {
        (
            Tensor::sparse_csr(&[0i64, 2, 3], &[0i64, 2, 1], &[1.0f64, 2.0, 3.0], Some(&[2, 3])).unwrap(),
            Tensor::sparse_csr(&[0i64, 0, 1], &[2i64], &[4.0f64], Some(&[2, 3])).unwrap(),
        )
    } else {
        (
            Tensor::sparse_csr(&[0i32, 2, 3], &[0i32, 2, 1], &[1.0f64, 2.0, 3.0], Some(&[2, 3])).unwrap(),
            Tensor::sparse_csr(&[0i32, 0, 1], &[2i32], &[4.0f64], Some(&[2, 3])).unwrap(),
        )
    };
    let r = Tensor::stack(&[&a, &b], 0).unwrap();
    assert_eq!(r.layout(), Layout::Custom);
    assert_eq!(r.format().unwrap().as_str(), "(i, j, k) -> (i : dense, j : dense, k : compressed)");
    match r.pos(2).unwrap() {
        Indices::I64(p) => assert!(wide && p == [0, 2, 3, 3, 4]),
        Indices::I32(p) => assert!(!wide && p == [0, 2, 3, 3, 4]),
    }
    assert_eq!(dense_of(&r), DENSE);

    let ones = Tensor::from_dense(&[1.0f64; 6], &[2, 3, 1]).unwrap();
    let rows = [3.0, 3.0, 0.0, 4.0];
    assert_eq!(dense_of(&r.bmm(&ones).unwrap()), rows);
    let input = Tensor::from_dense(&[1.0f64, -1.0], &[2, 1]).unwrap(); // broadcast over batches
    assert_eq!(dense_of(&input.baddbmm(&r, &ones, 2, 0.5).unwrap()), [3.5, -0.5, 2.0, 0.0]);
    assert_eq!(dense_of(&r.sum(&[]).unwrap()), [10.0]);
    assert_eq!(dense_of(&r.sum(&[-1]).unwrap()), rows);
    let neg = r.unary("neg", &ElementwiseArgs::default()).unwrap();
    assert_eq!(neg.layout(), Layout::Custom);
    assert_eq!(dense_of(&neg), DENSE.map(|x| -x));
    let sm = dense_of(&r.softmax(2).unwrap());
    assert!((sm[0] - 1.0 / (1.0 + 1f64.exp())).abs() < 1e-12 && sm[4] == 1.0 && sm[11] == 1.0 && sm[1] == 0.0);
    let k1 = r.select(0, 1).unwrap();
    assert_eq!(k1.layout(), Layout::SparseCsr);
    assert_eq!(dense_of(&k1), DENSE[6..]);
}

#[test]
fn ragged_batch_int64() {
    let check = LeakCheck::start();
    ragged_body(true);
    check.finish();
}

#[test]
fn ragged_batch_int32() {
    let check = LeakCheck::start();
    ragged_body(false);
    check.finish();
}
