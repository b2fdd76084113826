//! The spectral methods over the real library: [`Tensor::lobpcg`] on every
//! layout against a spectrum known exactly (eigenvalues, residuals,
//! orthonormality), non-convergence as [`ErrorKind::NoConvergence`] or as the
//! record, [`Tensor::svd_lowrank`] and [`Tensor::pca_lowrank`] against
//! singular values known exactly, their gradients (autograd), refusals and
//! handle accounting.

use gosparse::{Centering, ErrorKind, Graph, Layout, LobpcgMethod, LobpcgOptions, Tensor};

use super::LeakCheck;

const N: usize = 18;
const LAYOUTS: [Layout; 4] = [Layout::Strided, Layout::SparseCoo, Layout::SparseCsr, Layout::SparseCsc];

/// tridiag(-1, 2, -1) + diag(0, 1, ..., N-1) / N: symmetric, spectrum spread.
fn matrix() -> Vec<f64> {
    let mut a = vec![0.0; N * N];
    for i in 0..N {
        a[i * N + i] = 2.0 + i as f64 / N as f64;
        if i > 0 {
            a[i * N + i - 1] = -1.0;
            a[(i - 1) * N + i] = -1.0;
        }
    }
    a
}

fn in_layout(a: &[f64], rows: usize, cols: usize, layout: Layout) -> Tensor {
    let t = Tensor::from_dense(a, &[rows, cols]).unwrap();
    if layout == Layout::Strided { t } else { t.to_layout(layout).unwrap() }
}

#[test]
fn lobpcg_over_layouts_and_methods() {
    let leaks = LeakCheck::start();
    lobpcg_over_layouts_and_methods_body();
    leaks.finish();
}

fn lobpcg_over_layouts_and_methods_body() {
    let a = matrix();
    for layout in LAYOUTS {
        for method in [LobpcgMethod::Ortho, LobpcgMethod::Basic] {
            let at = in_layout(&a, N, N, layout);
            let r = at
                .lobpcg(&LobpcgOptions { k: 2, n: 3, method, largest: false, seed: 4, ..Default::default() })
                .unwrap();
            let e = r.eigenvalues.values::<f64>().unwrap().to_vec();
            let x = r.eigenvectors.values::<f64>().unwrap().to_vec();
            assert_eq!(r.eigenvectors.shape(), [N, 2]);
            assert!(e[0] < e[1], "smallest first: {e:?}");
            assert!(r.info.converged == 2 && r.info.residual < r.info.tol);
            for j in 0..2 {
                // A x = e x, and x has unit norm
                let mut worst: f64 = 0.0;
                let mut norm = 0.0;
                for i in 0..N {
                    let ax: f64 = (0..N).map(|c| a[i * N + c] * x[c * 2 + j]).sum();
                    worst = worst.max((ax - e[j] * x[i * 2 + j]).abs());
                    norm += x[i * 2 + j] * x[i * 2 + j];
                }
                assert!(worst < 1e-6 && (norm - 1.0).abs() < 1e-9, "pair {j}: residual {worst}, norm {norm}");
            }
        }
    }
}

#[test]
fn lobpcg_non_convergence_and_refusals() {
    let leaks = LeakCheck::start();
    lobpcg_non_convergence_and_refusals_body();
    leaks.finish();
}

fn lobpcg_non_convergence_and_refusals_body() {
    let at = in_layout(&matrix(), N, N, Layout::SparseCsr);
    // a tolerance below round-off is never met: an error naming the
    // iterations when niter is left to its default, the record when given
    let strict = LobpcgOptions { k: 2, tol: Some(1e-17), ..Default::default() };
    let e = at.lobpcg(&strict).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NoConvergence);
    assert!(e.message().contains("no convergence after 1000 iterations"), "{e}");
    let r = at.lobpcg(&LobpcgOptions { niter: Some(2), ..strict }).unwrap();
    assert_eq!(r.info.iterations, 2);
    assert!(r.info.converged < 2 && r.info.residual > 1e-17);
    let e = at.lobpcg(&LobpcgOptions { k: 7, ..Default::default() }).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(e.message().contains("smaller than 3 x the number of requested eigenpairs (=7)"), "{e}");
    let wide = in_layout(&vec![1.0; N * 3], 3, N, Layout::SparseCoo);
    let e = wide.lobpcg(&LobpcgOptions::default()).unwrap_err();
    assert!(e.message().contains("A: must be square"), "{e}");
}

#[test]
fn lowrank_over_layouts() {
    let leaks = LeakCheck::start();
    lowrank_over_layouts_body();
    leaks.finish();
}

fn lowrank_over_layouts_body() {
    // A 8 x 6 matrix of rank 2 with orthogonal columns 0 and 3: singular
    // values are their norms, sqrt(4 * 5) and sqrt(10).
    let (rows, cols) = (8, 6);
    let mut a = vec![0.0; rows * cols];
    for (i, (c0, c3)) in
        [(1.0, 0.0), (0.0, 3.0), (2.0, 0.0), (0.0, 1.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]
            .iter()
            .enumerate()
    {
        a[i * cols] = 2.0 * c0;
        a[i * cols + 3] = *c3;
    }
    for layout in LAYOUTS {
        let at = in_layout(&a, rows, cols, layout);
        let (u, s, v) = at.svd_lowrank(2, 2, None, 9).unwrap();
        let s = s.values::<f64>().unwrap().to_vec();
        assert!((s[0] * s[0] - 20.0).abs() < 1e-9 && (s[1] * s[1] - 10.0).abs() < 1e-9, "{s:?}");
        assert_eq!(u.shape(), [8, 2]);
        assert_eq!(v.shape(), [6, 2]);
        let (_, s, _) = at.pca_lowrank(None, Centering::Uncentered, 2, 9).unwrap();
        assert_eq!(s.shape(), [6]);
        let e = at.pca_lowrank(Some(7), Centering::Centered, 2, 9).unwrap_err();
        assert!(e.message().contains("q(=7)"), "{e}");
    }
}

#[test]
fn lowrank_gradients() {
    let leaks = LeakCheck::start();
    lowrank_gradients_body();
    leaks.finish();
}

/// With q = min(m, n) the composition is the exact SVD: d sum(S) / dA is
/// U V^T, on A's stored elements and in its layout; torch's node names.
fn lowrank_gradients_body() {
    let (rows, cols) = (7, 4);
    let a: Vec<f64> = (0..rows * cols)
        .map(|i| if i % 3 == 1 { 0.0 } else { (1.3 * i as f64 + 0.2).sin() + 0.1 * i as f64 })
        .collect();
    for layout in LAYOUTS {
        let mut at = in_layout(&a, rows, cols, layout);
        at.set_requires_grad(true).unwrap();
        let (u, s, v) = at.svd_lowrank(4, 2, None, 5).unwrap();
        assert_eq!(
            [u.grad_fn_name(), s.grad_fn_name(), v.grad_fn_name()],
            [Some("MmBackward0"), Some("LinalgSvdBackward0"), Some("TransposeBackward0")]
        );
        s.sum(&[]).unwrap().backward(None, Graph::Free).unwrap();
        let g = at.grad().unwrap().expect("a gradient");
        assert_eq!(g.layout(), layout);
        let g = g.to_dense().unwrap().values::<f64>().unwrap().to_vec();
        let (u, v) = (u.values::<f64>().unwrap().to_vec(), v.values::<f64>().unwrap().to_vec());
        for r in 0..rows {
            for c in 0..cols {
                let uvt: f64 = (0..4).map(|k| u[r * 4 + k] * v[c * 4 + k]).sum();
                let want = if layout == Layout::Strided || a[r * cols + c] != 0.0 { uvt } else { 0.0 };
                assert!((g[r * cols + c] - want).abs() < 1e-9, "{layout:?} ({r}, {c}): {} vs {want}", g[r * cols + c]);
            }
        }
        // pca: a gradient on the pattern too.
        let (_, s, _) = at.pca_lowrank(Some(2), Centering::Centered, 1, 5).unwrap();
        s.sum(&[]).unwrap().backward(None, Graph::Free).unwrap();
        assert_eq!(at.grad().unwrap().expect("a gradient").layout(), layout);
    }
    let r = Tensor::lowrank_draw(7, 4, 9, 5).unwrap();
    assert_eq!(r.shape(), [4, 4]);
    let e = Tensor::lowrank_draw(7, 4, -1, 5).unwrap_err();
    assert!(e.message().contains("q(=-1)"), "{e}");
}
