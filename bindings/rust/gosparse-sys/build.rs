//! Provides libgosparse to the linker.
//!
//! - `GOSPARSE_LIB_DIR` set: link the prebuilt library in that folder,
//!   dynamically when `libgosparse.so` is there, statically when only
//!   `libgosparse.a` is. The shared library is copied into `OUT_DIR` so that
//!   `cargo test` / `cargo run` find it at run time (cargo puts link paths
//!   inside the target folder on the loader path); deployed binaries need it on
//!   the loader path themselves (`LD_LIBRARY_PATH` or an rpath).
//! - otherwise: build the static library from this repository with
//!   `go build -buildmode=c-archive ./capi` (run in the repository root) and
//!   link it with the system libraries a Go c-archive needs. A `cargo:warning`
//!   says so while Go builds; a missing or too old Go (go.mod's version) and a
//!   relative `GOSPARSE_LIB_DIR` stop the build with a one-line error.
//! - `GOSPARSE_CUDA_LIB_DIR` set (a CUDA build of the library, `make cuda`,
//!   used on a machine where its RUNPATH does not hold): the folder with
//!   `libcudart.so.13` and `libcusparse.so.12` (site-packages/nvidia/cu13/lib
//!   of the nvidia wheels) goes on the link path and into the binaries' rpath.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository folders whose Go sources make up the library.
const GO_SOURCES: &[&str] = &["capi", "core", "kernels", "cuda", "go.mod", "go.sum"];

fn main() {
    println!("cargo:rerun-if-env-changed=GOSPARSE_LIB_DIR");
    println!("cargo:rerun-if-env-changed=GOSPARSE_CUDA_LIB_DIR");
    if let Some(cuda) = env::var_os("GOSPARSE_CUDA_LIB_DIR").filter(|d| !d.is_empty()) {
        let cuda = Path::new(&cuda);
        println!("cargo:rustc-link-search=native={}", cuda.display());
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", cuda.display());
    }
    println!("cargo:rerun-if-env-changed=GO");
    for var in ["GOFLAGS", "GOEXPERIMENT", "CC", "CGO_CFLAGS", "CGO_LDFLAGS"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let repo = manifest.join("../../..");
    let repo = repo.canonicalize().unwrap_or(repo);
    println!("cargo:include={}", repo.join("include").display());

    match env::var_os("GOSPARSE_LIB_DIR") {
        Some(dir) if !dir.is_empty() => {
            let dir = Path::new(&dir);
            if dir.is_relative() {
                // Cargo runs build scripts in the crate's folder, not the caller's.
                fail(&format!(
                    "GOSPARSE_LIB_DIR={} is a relative path; give an absolute one (e.g. GOSPARSE_LIB_DIR=$PWD/{})",
                    dir.display(),
                    dir.display()
                ));
            }
            link_prebuilt(dir, &out_dir)
        }
        _ => build_with_go(&repo, &out_dir),
    }
}

fn link_prebuilt(dir: &Path, out_dir: &Path) {
    let so = dir.join("libgosparse.so");
    let a = dir.join("libgosparse.a");
    println!("cargo:rerun-if-changed={}", so.display());
    println!("cargo:rerun-if-changed={}", a.display());
    if so.is_file() {
        // Under both names: the linker reads libgosparse.so, the program loads
        // the SONAME libgosparse.so.0.
        for name in ["libgosparse.so", "libgosparse.so.0"] {
            let copy = out_dir.join(name);
            let _ = std::fs::remove_file(&copy);
            std::fs::copy(&so, &copy)
                .unwrap_or_else(|e| fail(&format!("copy {} to {}: {e}", so.display(), copy.display())));
        }
        println!("cargo:rustc-link-search=native={}", out_dir.display());
        println!("cargo:rustc-link-lib=dylib=gosparse");
        println!("cargo:root={}", out_dir.display());
    } else if a.is_file() {
        println!("cargo:rustc-link-search=native={}", dir.display());
        link_static_archive();
    } else {
        fail(&format!(
            "GOSPARSE_LIB_DIR={} holds neither libgosparse.so nor libgosparse.a (build them with `make lib` at the repository root, or unset GOSPARSE_LIB_DIR to build with Go)",
            dir.display()
        ));
    }
}

fn build_with_go(repo: &Path, out_dir: &Path) {
    if !repo.join("capi").is_dir() || !repo.join("go.mod").is_file() {
        fail(&format!(
            "no Go sources at {} (expected capi/ and go.mod): set GOSPARSE_LIB_DIR to a folder holding libgosparse.so or libgosparse.a",
            repo.display()
        ));
    }
    for src in GO_SOURCES {
        let p = repo.join(src);
        if p.exists() {
            println!("cargo:rerun-if-changed={}", p.display());
        }
    }
    let archive = out_dir.join("libgosparse.a");
    let go = env::var("GO").unwrap_or_else(|_| "go".to_string());
    check_go(&go, &required_go(repo));
    println!(
        "cargo:warning=gosparse-sys: building libgosparse with Go (`{go} build -buildmode=c-archive ./capi`, some 20 s on a cold Go cache; set GOSPARSE_LIB_DIR to a prebuilt build/lib to skip)"
    );
    let mut cmd = Command::new(&go);
    cmd.current_dir(repo)
        .args(["build", "-buildmode=c-archive", "-trimpath", "-o"])
        .arg(&archive)
        .arg("./capi")
        .env("CGO_ENABLED", "1");
    if let Some(goarch) = go_arch() {
        cmd.env("GOARCH", goarch);
    }
    let status = cmd
        .status()
        .unwrap_or_else(|e| fail(&format!("could not run `{go}` (install Go or set GOSPARSE_LIB_DIR): {e}")));
    if !status.success() {
        fail(&format!("`{go} build -buildmode=c-archive ./capi` in {} failed with {status}", repo.display()));
    }
    println!("cargo:rustc-link-search=native={}", out_dir.display());
    println!("cargo:root={}", out_dir.display());
    link_static_archive();
}

/// The Go version go.mod asks for ("1.26.0"), or "" when go.mod has no go line.
fn required_go(repo: &Path) -> String {
    let text = std::fs::read_to_string(repo.join("go.mod")).unwrap_or_default();
    text.lines().find_map(|l| l.strip_prefix("go ")).unwrap_or("").trim().to_string()
}

/// Fails with one line when `go` cannot run or is older than `need`.
fn check_go(go: &str, need: &str) {
    let want = if need.is_empty() { String::new() } else { format!(" {need} or newer") };
    let out = Command::new(go).args(["env", "GOVERSION"]).output().unwrap_or_else(|e| {
        fail(&format!(
            "Go{want} is needed to build libgosparse, and `{go}` could not run ({e}): install Go from https://go.dev/dl/, set GO to its path, or set GOSPARSE_LIB_DIR to a folder holding a prebuilt libgosparse"
        ))
    });
    let have = String::from_utf8_lossy(&out.stdout).trim().trim_start_matches("go").to_string();
    if !out.status.success() || have.is_empty() {
        fail(&format!("`{go} env GOVERSION` failed ({}): Go{want} is needed to build libgosparse", out.status));
    }
    if !need.is_empty() && version_key(&have) < version_key(need) {
        fail(&format!(
            "Go {have} is too old: libgosparse needs Go{want} (go.mod); install it from https://go.dev/dl/ or set GO"
        ));
    }
}

/// A Go version ("1.26.0", "1.26rc1") as comparable numbers.
fn version_key(v: &str) -> Vec<u64> {
    v.split(|c: char| !c.is_ascii_digit()).filter(|p| !p.is_empty()).take(3).map(|p| p.parse().unwrap_or(0)).collect()
}

/// A Go c-archive leaves the C runtime pieces the Go runtime uses to the final link.
fn link_static_archive() {
    println!("cargo:rustc-link-lib=static=gosparse");
    for lib in ["pthread", "dl", "m"] {
        println!("cargo:rustc-link-lib=dylib={lib}");
    }
}

/// GOARCH for the cargo target, so a cross build asks Go for the same
/// architecture (a cross C compiler is then needed in CC, as cgo requires).
fn go_arch() -> Option<&'static str> {
    let target = env::var("CARGO_CFG_TARGET_ARCH").ok()?;
    Some(match target.as_str() {
        "x86_64" => "amd64",
        "aarch64" => "arm64",
        "x86" => "386",
        "arm" => "arm",
        "riscv64" => "riscv64",
        "s390x" => "s390x",
        _ => return None,
    })
}

/// Stops the build with one line of explanation (no panic backtrace).
fn fail(msg: &str) -> ! {
    eprintln!("error: gosparse-sys: {msg}");
    std::process::exit(1);
}
