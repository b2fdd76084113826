// sparse_tour.cpp — a first gosparse program in C++ (gosparse.hpp, the header-only
// C++ layer: RAII tensors, gosparse::error exceptions):
// read a Matrix Market file, convert it to CSR, multiply (SpMV), solve, and draw the
// sparsity pattern.
//
//   sparse_tour [MATRIX.mtx] [OUT_DIR]
//
// MATRIX.mtx defaults to examples/data/laplace_5x5.mtx (a square, non-singular matrix
// is needed for the solve). The pattern goes to OUT_DIR/<name>_spy.pbm, a plain bitmap
// (one pixel a cell of rows x columns; any image viewer opens it); Python's
// examples/sparse_tour.py draws it with matplotlib instead. CTest runs this program
// (CMakeLists.txt, examples_cpp_tour); it exits 1 when a call or a check fails.
//
// Build (from the repository root, after make lib):
//   c++ -std=c++17 -Wall -Wextra examples/sparse_tour.cpp -Iinclude -Lbuild/lib -lgosparse -Wl,-rpath,$PWD/build/lib -o sparse_tour

#include <gosparse.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// Writes the pattern of a CSR matrix as a PBM bitmap of at most 512 x 512 pixels
// (a pixel is black when its cell of rows x columns holds a stored element).
void spy_pbm(const std::string &path, const std::vector<int64_t> &crow,
             const std::vector<int64_t> &col, int64_t rows, int64_t cols) {
    const int64_t cell = std::max<int64_t>(1, (std::max(rows, cols) + 511) / 512);
    const int64_t h = (rows + cell - 1) / cell, w = (cols + cell - 1) / cell;
    std::vector<char> px(static_cast<size_t>(h * w), '0');
    for (int64_t r = 0; r < rows; r++)
        for (int64_t k = crow[r]; k < crow[r + 1]; k++) px[(r / cell) * w + col[k] / cell] = '1';
    std::ofstream f(path);
    if (!f) throw std::runtime_error("cannot write " + path);
    f << "P1\n" << w << " " << h << "\n";
    for (int64_t y = 0; y < h; y++) {
        for (int64_t x = 0; x < w; x++) f << px[y * w + x] << (x + 1 < w ? " " : "\n");
    }
}

std::string stem(const std::string &path) {
    std::string name = path.substr(path.find_last_of('/') + 1);
    return name.substr(0, name.rfind('.'));
}

}  // namespace

int main(int argc, char **argv) {
    if (argc > 3) {
        std::fprintf(stderr, "usage: %s [MATRIX.mtx] [OUT_DIR]\n", argv[0]);
        return 2;
    }
    const std::string path = argc > 1 ? argv[1] : "examples/data/laplace_5x5.mtx";
    const std::string out_dir = argc > 2 ? argv[2] : ".";
    try {
        // Read: a coalesced COO tensor of the file's dtype (int64 for integer files).
        gosparse::tensor coo = gosparse::mmread(path);
        const auto shape = coo.shape();
        const int64_t rows = shape[0], cols = shape[1];
        std::printf("read %s: %lld x %lld, %lld stored\n", stem(path).c_str(), (long long)rows,
                    (long long)cols, (long long)coo.nnz());

        // Convert: float64 CSR, and its arrays (views of the tensor's own memory).
        gosparse::tensor a = coo.to_dtype(GS_FLOAT64).to_csr();
        const auto crow = a.crow_indices().indices();
        const auto col = a.col_indices().indices();
        const auto v = a.values_as<double>();

        // SpMV: y = A x, checked against a loop over the CSR arrays.
        std::vector<double> x(static_cast<size_t>(cols));
        for (size_t i = 0; i < x.size(); i++) x[i] = double(i + 1);
        gosparse::tensor xt = gosparse::tensor::dense(x, {cols});
        gosparse::tensor yt = gosparse::mv(a, xt);
        const auto y = yt.values_as<double>();
        double err = 0, scale = 1;
        for (int64_t r = 0; r < rows; r++) {
            double s = 0;
            for (int64_t k = crow[r]; k < crow[r + 1]; k++) s += v[k] * x[col[k]];
            err = std::max(err, std::fabs(s - y[r]));
            scale = std::max(scale, std::fabs(s));
        }
        std::printf("spmv: |A x - loop| = %.3g\n", err);

        // Solve: A z = y gives back x (LU with COLAMD ordering and partial pivoting).
        double solve_err = 0;
        if (rows == cols) {
            gosparse::tensor zt = gosparse::spsolve(a, yt);
            const auto z = zt.values_as<double>();
            for (size_t i = 0; i < x.size(); i++)
                solve_err = std::max(solve_err, std::fabs(z[i] - x[i]) / double(x.size()));
            std::printf("solve: relative |z - x| = %.3g\n", solve_err);
        } else {
            std::printf("solve: skipped, the matrix is not square\n");
        }

        const std::string pbm = out_dir + "/" + stem(path) + "_spy.pbm";
        spy_pbm(pbm, crow, col, rows, cols);
        std::printf("spy: %s\n", pbm.c_str());

        const bool ok = err <= 1e-9 * scale && solve_err <= 1e-8;
        std::printf("tour: %s\n", ok ? "ok" : "FAILED");
        return ok ? 0 : 1;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "sparse_tour: %s\n", e.what());
        return 1;
    }
}
