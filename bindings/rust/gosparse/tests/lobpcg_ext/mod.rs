//! [`Tensor::lobpcg`] with torch's ortho parameters ([`OrthoParams`]) against
//! a spectrum computed densely, their refusals naming the field, and
//! [`Tensor::lobpcg_with_tracker`]: every iteration seen, a stop on request,
//! a panic resumed after the call.

use gosparse::{ErrorKind, Layout, LobpcgMethod, LobpcgOptions, OrthoParams, Tensor};

use super::LeakCheck;

const N: usize = 30;

/// tridiag(-1, 2, -1) + diag(i / N): no closed-form spectrum, so the runs with
/// ortho parameters are compared with a tight run of the default scheme.
fn matrix() -> Tensor {
    let mut a = vec![0.0; N * N];
    for i in 0..N {
        a[i * N + i] = 2.0 + i as f64 / N as f64;
        if i > 0 {
            a[i * N + i - 1] = -1.0;
            a[(i - 1) * N + i] = -1.0;
        }
    }
    Tensor::from_dense(&a, &[N, N]).unwrap().to_layout(Layout::SparseCsr).unwrap()
}

fn eigenvalues(a: &Tensor, o: &LobpcgOptions<'_>) -> Vec<f64> {
    a.lobpcg(o).unwrap().eigenvalues.values::<f64>().unwrap().to_vec()
}

#[test]
fn ortho_params_give_the_same_pairs() {
    let leaks = LeakCheck::start();
    let a = matrix();
    let base = LobpcgOptions { k: 3, n: 4, tol: Some(1e-10), niter: Some(-1), seed: 2, ..Default::default() };
    let want = eigenvalues(&a, &base);
    for p in [
        OrthoParams::default(),
        OrthoParams { use_drop: true, ..Default::default() },
        OrthoParams { i_max: 1, j_max: 1, tol: 1e-3, ..Default::default() },
        OrthoParams { i_max: 5, j_max: 5, tol: 1e-13, tol_drop: 1e-6, tol_replace: 1e-11, use_drop: true },
    ] {
        let got = eigenvalues(&a, &LobpcgOptions { ortho: Some(p), ..base });
        for (g, w) in got.iter().zip(&want) {
            assert!((g - w).abs() < 1e-8, "{p:?}: {got:?} vs {want:?}");
        }
    }
    drop(a);
    leaks.finish();
}

#[test]
fn ortho_params_refused_naming_the_field() {
    let leaks = LeakCheck::start();
    let a = matrix();
    for (p, msg) in [
        (OrthoParams { i_max: 101, ..Default::default() }, "ortho_i_max = 101: must be between 1 and 100"),
        (OrthoParams { j_max: -2, ..Default::default() }, "ortho_j_max = -2: must be between 1 and 100"),
        (OrthoParams { tol_drop: 2.0, ..Default::default() }, "ortho_tol_drop = 2: must be in (0, 1)"),
    ] {
        let e = a.lobpcg(&LobpcgOptions { k: 2, ortho: Some(p), ..Default::default() }).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert!(e.message().contains(msg), "{e}");
    }
    let basic =
        LobpcgOptions { k: 2, method: LobpcgMethod::Basic, ortho: Some(OrthoParams::default()), ..Default::default() };
    assert!(a.lobpcg(&basic).unwrap_err().message().contains("apply to method ortho only"));
    drop(a);
    leaks.finish();
}

#[test]
fn tracker_sees_each_iteration_and_stops() {
    let leaks = LeakCheck::start();
    let a = matrix();
    let o = LobpcgOptions { k: 2, n: 3, tol: Some(1e-10), niter: Some(-1), seed: 5, ..Default::default() };
    let mut seen = Vec::new();
    let mut last = Vec::new();
    let r = a
        .lobpcg_with_tracker(&o, |s| {
            assert_eq!((s.m, s.n, s.k), (N as i64, 3, 2));
            assert_eq!((s.eigenvalues.len(), s.rerr.len(), s.x.len(), s.r.len()), (3, 3, 3 * N, 3 * N));
            seen.push(s.iteration);
            last = s.eigenvalues[..2].to_vec();
            false
        })
        .unwrap();
    assert_eq!(seen, (1..=r.info.iterations).collect::<Vec<_>>());
    assert_eq!(r.eigenvalues.values::<f64>().unwrap().to_vec(), last);
    drop(r);
    // true stops there: the pairs so far, no error even when strict
    let strict = LobpcgOptions { niter: None, tol: Some(1e-17), ..o };
    let r = a.lobpcg_with_tracker(&strict, |s| s.iteration == 3).unwrap();
    assert_eq!(r.info.iterations, 3);
    assert!(r.info.converged < 2);
    drop(r);
    // a panic stops the run and is resumed after it, the handles freed
    let p = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        a.lobpcg_with_tracker(&o, |_| panic!("from the tracker")).ok();
    }));
    assert_eq!(*p.unwrap_err().downcast::<&str>().unwrap(), "from the tracker");
    drop(a);
    leaks.finish();
}

#[test]
fn batched_matrices_solved_one_by_one() {
    let leaks = LeakCheck::start();
    // diag(1..=12) and diag(2, 4, ..., 24): the two largest of each known exactly
    let mut d = vec![0.0f64; 2 * 144];
    for i in 0..12 {
        d[i * 12 + i] = (i + 1) as f64;
        d[144 + i * 12 + i] = 2.0 * (i + 1) as f64;
    }
    for layout in [Layout::Strided, Layout::SparseCoo] {
        let mut a = Tensor::from_dense(&d, &[2, 12, 12]).unwrap();
        if layout != Layout::Strided {
            a = a.to_layout(layout).unwrap();
        }
        let mut batches = Vec::new();
        let o = LobpcgOptions { k: 2, n: 3, tol: Some(1e-10), niter: Some(-1), ..Default::default() };
        let r = a
            .lobpcg_with_tracker(&o, |s| {
                batches.push(s.batch);
                false
            })
            .unwrap();
        assert_eq!(r.eigenvalues.shape(), vec![2, 2]);
        assert_eq!(r.eigenvectors.shape(), vec![2, 12, 2]);
        let e = r.eigenvalues.values::<f64>().unwrap().to_vec();
        for (g, w) in e.iter().zip([12.0, 11.0, 24.0, 22.0]) {
            assert!((g - w).abs() < 1e-8, "{e:?}");
        }
        assert!(batches.windows(2).all(|w| w[0] <= w[1]) && batches[0] == 0 && *batches.last().unwrap() == 1);
    }
    leaks.finish();
}
