//! The direct solvers over the real library: [`Tensor::spsolve`],
//! [`Tensor::solve_triangular`], [`Tensor::splu`] and [`Tensor::cholesky`]
//! factors (solve, L U against the permuted matrix, fill, drop), [`gosparse::spdiags`];
//! residuals checked against a dense product written here, refusals and
//! handle accounting (tensors and factors).

use gosparse::{ErrorKind, FactorKind, Layout, Ordering, Tensor};

use super::LeakCheck;

const N: usize = 6;
const LAYOUTS: [Layout; 4] = [Layout::Strided, Layout::SparseCoo, Layout::SparseCsr, Layout::SparseCsc];

/// A nonsymmetric, diagonally dominant 6x6 matrix with a zero at (1, 1).
fn matrix() -> Vec<f64> {
    let mut a = vec![0.0; N * N];
    for i in 0..N {
        a[i * N + i] = 5.0 + i as f64;
        a[i * N + (i + 1) % N] = 1.0 + (i % 3) as f64;
        a[((i + 2) % N) * N + i] = -1.5;
    }
    a[N + 1] = 0.0;
    a
}

/// A symmetric positive definite 6x6 matrix: a 1-D Laplacian plus I.
fn spd() -> Vec<f64> {
    let mut a = vec![0.0; N * N];
    for i in 0..N {
        a[i * N + i] = 3.0;
        if i > 0 {
            a[i * N + i - 1] = -1.0;
            a[(i - 1) * N + i] = -1.0;
        }
    }
    a
}

fn in_layout(a: &[f64], layout: Layout) -> Tensor {
    let t = Tensor::from_dense(a, &[N, N]).unwrap();
    if layout == Layout::Strided { t } else { t.to_layout(layout).unwrap() }
}

fn residual(a: &[f64], x: &[f64], b: &[f64]) -> f64 {
    (0..N).map(|i| ((0..N).map(|j| a[i * N + j] * x[j]).sum::<f64>() - b[i]).abs()).fold(0.0, f64::max)
}

fn dense(t: &Tensor) -> Vec<f64> {
    t.to_dense().unwrap().values::<f64>().unwrap().to_vec()
}

#[test]
fn spsolve_and_factors_over_layouts() {
    let leaks = LeakCheck::start();
    spsolve_and_factors_over_layouts_body();
    leaks.finish();
}

fn spsolve_and_factors_over_layouts_body() {
    let factors = gosparse::live_factors();
    let a = matrix();
    let b: Vec<f64> = (0..N).map(|i| i as f64 - 2.0).collect();
    let bt = Tensor::from_dense(&b, &[N]).unwrap();
    for layout in LAYOUTS {
        let at = in_layout(&a, layout);
        let x = at.spsolve(&bt, gosparse::Side::Left).unwrap();
        assert!(residual(&a, x.values::<f64>().unwrap(), &b) < 1e-12);
        for ord in [Ordering::Default, Ordering::Natural, Ordering::Amd, Ordering::ColAmd] {
            let f = at.splu(ord, 1.0).unwrap();
            assert_eq!((f.kind(), f.order()), (FactorKind::Lu, N));
            let x = f.solve(&bt, gosparse::Side::Left).unwrap();
            assert!(residual(&a, x.values::<f64>().unwrap(), &b) < 1e-12);
            let (l, u) = (f.l().unwrap(), f.u().unwrap());
            assert_eq!(l.layout(), Layout::SparseCsc);
            assert_eq!(f.fill(), l.nnz() + u.nnz());
            let (ld, ud, p, q) = (dense(&l), dense(&u), f.row_perm().unwrap(), f.col_perm().unwrap());
            for r in 0..N {
                for c in 0..N {
                    let s: f64 = (0..N).map(|t| ld[r * N + t] * ud[t * N + c]).sum();
                    assert!((s - a[p[r] * N + q[c]]).abs() < 1e-12);
                }
            }
        }
    }
    assert_eq!(gosparse::live_factors(), factors);
}

#[test]
fn cholesky_solves_and_refuses() {
    let leaks = LeakCheck::start();
    cholesky_solves_and_refuses_body();
    leaks.finish();
}

fn cholesky_solves_and_refuses_body() {
    let a = spd();
    let b: Vec<f64> = (0..N).map(|i| 1.0 + i as f64).collect();
    let bt = Tensor::from_dense(&b, &[N]).unwrap();
    for layout in LAYOUTS {
        let f = in_layout(&a, layout).cholesky(Ordering::Default).unwrap();
        assert_eq!(f.kind(), FactorKind::Cholesky);
        let x = f.solve(&bt, gosparse::Side::Left).unwrap();
        assert!(residual(&a, x.values::<f64>().unwrap(), &b) < 1e-12);
        assert_eq!(f.u().unwrap_err().kind(), ErrorKind::InvalidArgument);
        assert_eq!(f.row_perm().unwrap(), f.col_perm().unwrap());
    }
    let mut bad = spd();
    bad[3 * N + 3] = -1.0;
    let err = in_layout(&bad, Layout::SparseCsr).cholesky(Ordering::Natural).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    assert!(err.to_string().contains("pivot of column 3"), "{err}");
    let mut singular = matrix();
    for r in 0..N {
        singular[r * N + 4] = 0.0;
    }
    let err = in_layout(&singular, Layout::SparseCsc).splu(Ordering::Default, 1.0).unwrap_err();
    assert!(err.to_string().contains("zero pivot in column 4"), "{err}");
}

#[test]
fn solve_triangular_and_spdiags() {
    let leaks = LeakCheck::start();
    solve_triangular_and_spdiags_body();
    leaks.finish();
}

fn solve_triangular_and_spdiags_body() {
    let mut a = matrix();
    a[N + 1] = 2.0;
    let mut lower = a.clone();
    for r in 0..N {
        for c in r + 1..N {
            lower[r * N + c] = 0.0;
        }
    }
    let b: Vec<f64> = (0..N).map(|i| i as f64).collect();
    let bt = Tensor::from_dense(&b, &[N]).unwrap();
    for layout in LAYOUTS {
        let x = in_layout(&a, layout)
            .solve_triangular(&bt, gosparse::Triangle::Lower, gosparse::Side::Left, gosparse::Diagonal::Stored)
            .unwrap();
        assert!(residual(&lower, x.values::<f64>().unwrap(), &b) < 1e-12);
    }
    let d = Tensor::from_dense(&[0.0f64, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], &[3, 3]).unwrap();
    let o = Tensor::from_dense(&[0i64, 1, 2], &[3]).unwrap();
    let s = gosparse::spdiags(&d, &o, [3, 3], Layout::SparseCoo).unwrap();
    assert_eq!(dense(&s), vec![0.0, 4.0, 8.0, 0.0, 1.0, 5.0, 0.0, 0.0, 2.0]);
    let dup = Tensor::from_dense(&[1i64, 1, 0], &[3]).unwrap();
    assert_eq!(gosparse::spdiags(&d, &dup, [3, 3], Layout::SparseCsr).unwrap_err().kind(), ErrorKind::InvalidArgument);
}

#[test]
fn integer_matrices_solve_in_float64_and_non_finite_entries_are_named() {
    let leaks = LeakCheck::start();
    let a = spd();
    let b: Vec<f64> = (0..N).map(|i| i as f64).collect();
    let bt = Tensor::from_dense(&b, &[N]).unwrap();
    let want = in_layout(&a, Layout::SparseCsr).spsolve(&bt, gosparse::Side::Left).unwrap();
    // An integer matrix (an integer .mtx reads as int64) is read as float64, as SciPy does.
    for dt in [gosparse::DType::Int64, gosparse::DType::Int32] {
        let ai = in_layout(&a, Layout::SparseCsr).to_dtype(dt).unwrap();
        let x = ai.spsolve(&bt, gosparse::Side::Left).unwrap();
        assert_eq!(x.dtype(), gosparse::DType::Float64);
        assert_eq!(x.values::<f64>().unwrap(), want.values::<f64>().unwrap());
        let x = ai.cholesky(Ordering::Amd).unwrap().solve(&bt.to_dtype(dt).unwrap(), gosparse::Side::Left).unwrap();
        assert!(residual(&a, x.values::<f64>().unwrap(), &b) < 1e-12);
        assert!(ai.splu(Ordering::Default, 1.0).is_ok());
    }
    // A NaN is named with its place, not reported as a zero pivot elsewhere.
    let mut bad = a.clone();
    bad[4 * N + 2] = f64::NAN;
    let e = in_layout(&bad, Layout::SparseCsc).spsolve(&bt, gosparse::Side::Left).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(e.message().contains("NaN at row 4, column 2"), "{e}");
    drop((want, bt));
    leaks.finish();
}

#[test]
fn side_right_solves_x_a_equals_b() {
    let leaks = LeakCheck::start();
    let a = matrix();
    let b: Vec<f64> = (0..N).map(|i| 1.0 + i as f64).collect();
    let bt = Tensor::from_dense(&b, &[N]).unwrap();
    let mut at = vec![0.0; N * N]; // A^T: X A = b is A^T x = b
    for r in 0..N {
        for c in 0..N {
            at[c * N + r] = a[r * N + c];
        }
    }
    for layout in LAYOUTS {
        let x = in_layout(&a, layout).spsolve(&bt, gosparse::Side::Right).unwrap();
        assert!(residual(&at, x.values::<f64>().unwrap(), &b) < 1e-12, "{layout:?}");
        let f = in_layout(&a, layout).splu(Ordering::Default, 1.0).unwrap();
        let y = f.solve(&bt, gosparse::Side::Right).unwrap();
        assert!(residual(&at, y.values::<f64>().unwrap(), &b) < 1e-12);
        assert!(residual(&a, y.values::<f64>().unwrap(), &b) > 1e-6, "Right must differ from Left here");
    }
    assert_eq!(gosparse::Side::default(), gosparse::Side::Left);
    drop(bt);
    leaks.finish();
}
