//! A first gosparse program in Rust: read a Matrix Market file, convert it to CSR,
//! multiply (SpMV), solve, and draw the sparsity pattern.
//!
//! ```sh
//! cargo run --example sparse_tour -- [MATRIX.mtx] [OUT_DIR]
//! ```
//!
//! MATRIX.mtx defaults to the repository's `examples/data/laplace_5x5.mtx` (a square,
//! non-singular matrix is needed for the solve). The pattern goes to
//! `OUT_DIR/<name>_spy.pbm` (default: the system's temporary folder), a plain bitmap any
//! image viewer opens; Python's `examples/sparse_tour.py` draws it with matplotlib
//! instead. `cargo test` runs [`run`] (tests/examples.rs).

use std::error::Error;
use std::path::{Path, PathBuf};

use gosparse::{DType, Tensor};

/// What the tour found: the matrix's size, the SpMV and solve errors, the picture.
pub struct Report {
    pub rows: usize,
    pub cols: usize,
    pub nnz: usize,
    pub spmv_error: f64,
    pub solve_error: Option<f64>,
    pub picture: PathBuf,
}

/// The bundled matrix of the repository's examples/data.
pub fn default_matrix() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../examples/data/laplace_5x5.mtx")
}

/// Runs the tour on the matrix at `path`, writing the picture into `out_dir`.
pub fn run(path: &Path, out_dir: &Path) -> Result<Report, Box<dyn Error>> {
    // Read: a coalesced COO tensor of the file's dtype (int64 for integer files).
    let coo = Tensor::read_mtx(path)?;
    let shape = coo.shape();
    let (rows, cols) = (shape[0], shape[1]);
    let nnz = coo.nnz();
    let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("matrix").to_string();
    println!("read {name}: {rows} x {cols}, {nnz} stored");

    // Convert: float64 CSR, and its arrays.
    let a = coo.to_dtype(DType::Float64)?.to_sparse_csr()?;
    let crow = a.crow_indices()?.to_vec();
    let col = a.col_indices()?.to_vec();
    let vals = a.values::<f64>()?;

    // SpMV: y = A x, checked against a loop over the CSR arrays.
    let x: Vec<f64> = (1..=cols).map(|i| i as f64).collect();
    let xt = Tensor::from_dense(&x, &[cols])?;
    let yt = a.mv(&xt)?;
    let y = yt.values::<f64>()?;
    let (mut spmv_error, mut scale) = (0.0f64, 1.0f64);
    for r in 0..rows {
        let s: f64 = (crow[r]..crow[r + 1]).map(|k| vals[k as usize] * x[col[k as usize] as usize]).sum();
        spmv_error = spmv_error.max((s - y[r]).abs());
        scale = scale.max(s.abs());
    }
    spmv_error /= scale;
    println!("spmv: relative |A x - loop| = {spmv_error:.3e}");

    // Solve: A z = y gives back x.
    let solve_error = if rows == cols {
        let z = a.spsolve(&yt, gosparse::Side::Left)?;
        let err = z.values::<f64>()?.iter().zip(&x).map(|(z, x)| (z - x).abs() / cols as f64).fold(0.0, f64::max);
        println!("solve: relative |z - x| = {err:.3e}");
        Some(err)
    } else {
        println!("solve: skipped, the matrix is not square");
        None
    };

    let picture = out_dir.join(format!("{name}_spy.pbm"));
    spy_pbm(&picture, &crow, &col, rows, cols)?;
    println!("spy: {}", picture.display());
    Ok(Report { rows, cols, nnz, spmv_error, solve_error, picture })
}

/// Writes the pattern of a CSR matrix as a PBM bitmap of at most 512 x 512 pixels (a
/// pixel is black when its cell of rows x columns holds a stored element).
fn spy_pbm(path: &Path, crow: &[i64], col: &[i64], rows: usize, cols: usize) -> std::io::Result<()> {
    let cell = rows.max(cols).div_ceil(512).max(1);
    let (h, w) = (rows.div_ceil(cell), cols.div_ceil(cell));
    let mut px = vec![b'0'; h * w];
    for r in 0..rows {
        for k in crow[r]..crow[r + 1] {
            px[(r / cell) * w + col[k as usize] as usize / cell] = b'1';
        }
    }
    let mut text = format!("P1\n{w} {h}\n");
    for line in px.chunks(w.max(1)) {
        let row: Vec<String> = line.iter().map(|&c| (c as char).to_string()).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    std::fs::write(path, text)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().map(PathBuf::from).unwrap_or_else(default_matrix);
    let out = args.get(1).map(PathBuf::from).unwrap_or_else(std::env::temp_dir);
    match run(&path, &out) {
        Ok(r) if r.spmv_error <= 1e-12 && r.solve_error.is_none_or(|e| e <= 1e-8) => println!("tour: ok"),
        Ok(_) => {
            println!("tour: FAILED");
            std::process::exit(1);
        }
        Err(e) => {
            eprintln!("sparse_tour: {e}");
            std::process::exit(1);
        }
    }
}
