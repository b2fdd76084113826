//! The build script's refusals: a relative `GOSPARSE_LIB_DIR` and a missing Go
//! each stop `cargo build` with a one-line error (no panic backtrace). Each runs
//! cargo on this crate in a target folder of its own.

use std::path::PathBuf;
use std::process::Command;

fn build(envs: &[(&str, &str)], remove: &[&str], target: &str) -> (bool, String) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let target_dir = std::env::temp_dir().join(format!("gosparse-sys-build-{target}-{}", std::process::id()));
    let mut cmd = Command::new(cargo);
    cmd.args(["build", "--quiet", "--offline", "--manifest-path"]).arg(&manifest).arg("--target-dir").arg(&target_dir);
    for v in remove {
        cmd.env_remove(v);
    }
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("cargo runs");
    let _ = std::fs::remove_dir_all(&target_dir);
    (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_relative_lib_dir_is_a_one_line_error() {
    let (ok, err) = build(&[("GOSPARSE_LIB_DIR", "build/lib")], &[], "relative");
    assert!(!ok, "{err}");
    assert!(
        err.contains("error: gosparse-sys: GOSPARSE_LIB_DIR=build/lib is a relative path; give an absolute one"),
        "{err}"
    );
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{err}");
}

#[test]
fn a_missing_go_is_a_one_line_error_with_the_version_needed() {
    let (ok, err) = build(&[("GO", "/nonexistent/go")], &["GOSPARSE_LIB_DIR"], "nogo");
    assert!(!ok, "{err}");
    assert!(err.contains("error: gosparse-sys: Go 1.26.0 or newer is needed to build libgosparse"), "{err}");
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{err}");
}
