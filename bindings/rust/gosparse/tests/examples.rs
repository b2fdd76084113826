//! The Rust program of the examples (examples/sparse_tour.rs) runs: it reads a Matrix
//! Market file, converts, multiplies, solves and draws the pattern (issue 27 item 17).

#[allow(dead_code)] // its main is the example's, not the test's
#[path = "../examples/sparse_tour.rs"]
mod sparse_tour;

use std::path::PathBuf;

fn out_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gosparse-tour-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn tour_of_the_bundled_matrix() {
    let out = out_dir("bundled");
    let r = sparse_tour::run(&sparse_tour::default_matrix(), &out).unwrap();
    assert_eq!((r.rows, r.cols, r.nnz), (25, 25, 105));
    assert!(r.spmv_error <= 1e-12, "spmv error {}", r.spmv_error);
    assert!(r.solve_error.unwrap() <= 1e-8, "solve error {:?}", r.solve_error);
    let pbm = std::fs::read_to_string(&r.picture).unwrap();
    assert!(pbm.starts_with("P1\n25 25\n"), "{}", &pbm[..20]);
    // The Laplacian's diagonal is stored: the first pixel of the first row is black.
    assert!(pbm.lines().nth(2).unwrap().starts_with("1 1 0"));
    std::fs::remove_dir_all(out).unwrap();
}

#[test]
fn tour_of_a_shared_matrix() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../../shared/matrices/suitesparse/west0067.mtx");
    if !path.exists() {
        println!("SKIP: {} is absent (the shared data lives beside the repository)", path.display());
        return;
    }
    let out = out_dir("west0067");
    let r = sparse_tour::run(&path, &out).unwrap();
    assert_eq!((r.rows, r.cols), (67, 67));
    assert!(r.solve_error.unwrap() <= 1e-8);
    std::fs::remove_dir_all(out).unwrap();
}

#[test]
fn tour_refuses_a_missing_file() {
    let err = sparse_tour::run(std::path::Path::new("/no/such/file.mtx"), &std::env::temp_dir()).err().unwrap();
    assert!(err.to_string().contains("/no/such/file.mtx"), "{err}");
}
