// sparse_tour.cpp — a first gosparse program in C++ (over the C ABI of gosparse.h):
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

#include <gosparse.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// Owns a gs_tensor handle: freed when it goes out of scope.
struct TensorFree {
    void operator()(gs_tensor *t) const { gs_tensor_free(&t); }
};
using Tensor = std::unique_ptr<gs_tensor, TensorFree>;

// Throws the library's message when a call fails.
void check(gs_status st, const char *what) {
    // The library's messages name the call and the argument already.
    if (st != GS_OK) throw std::runtime_error(*gs_last_error() ? gs_last_error() : what);
}

// Runs a call that makes a tensor and takes ownership of it.
template <typename F>
Tensor make(const char *what, F call) {
    gs_tensor *out = nullptr;
    check(call(&out), what);
    return Tensor(out);
}

// An index component (int32 or int64, as the tensor keeps it) as int64 values.
std::vector<int64_t> indices(const gs_tensor *t, gs_component which, const char *what) {
    gs_array a;
    check(gs_tensor_component(t, which, &a), what);
    std::vector<int64_t> out(static_cast<size_t>(a.shape[0]));
    for (size_t i = 0; i < out.size(); i++)
        out[i] = a.dtype == GS_INT32 ? static_cast<const int32_t *>(a.data)[i]
                                     : static_cast<const int64_t *>(a.data)[i];
    return out;
}

// The float64 elements of a strided vector.
std::vector<double> dense_values(const gs_tensor *t) {
    gs_array a;
    check(gs_tensor_component(t, GS_COMP_VALUES, &a), "values");
    if (a.dtype != GS_FLOAT64) throw std::runtime_error("expected a float64 result");
    const double *v = static_cast<const double *>(a.data);
    return std::vector<double>(v, v + a.shape[0]);
}

// A strided float64 vector holding a copy of v.
Tensor vector_of(std::vector<double> &v) {
    gs_array a{};
    a.data = v.data();
    a.dtype = GS_FLOAT64;
    a.ndim = 1;
    a.shape[0] = static_cast<int64_t>(v.size());
    return make("gs_strided_from", [&](gs_tensor **o) { return gs_strided_from(&a, o); });
}

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
        Tensor coo = make("gs_mm_read", [&](gs_tensor **o) { return gs_mm_read(path.c_str(), o); });
        int64_t shape[2] = {0, 0}, nnz = 0;
        check(gs_tensor_shape(coo.get(), shape, 2), "gs_tensor_shape");
        check(gs_tensor_nnz(coo.get(), &nnz), "gs_tensor_nnz");
        std::printf("read %s: %lld x %lld, %lld stored\n", stem(path).c_str(), (long long)shape[0],
                    (long long)shape[1], (long long)nnz);

        // Convert: float64 CSR.
        Tensor f64 = make("gs_to_dtype", [&](gs_tensor **o) { return gs_to_dtype(coo.get(), GS_FLOAT64, o); });
        Tensor csr = make("gs_to_layout", [&](gs_tensor **o) {
            return gs_to_layout(f64.get(), GS_SPARSE_CSR, nullptr, -1, GS_INDEX_AUTO, o);
        });
        const auto crow = indices(csr.get(), GS_COMP_CROW_INDICES, "crow_indices");
        const auto col = indices(csr.get(), GS_COMP_COL_INDICES, "col_indices");
        gs_array vals;
        check(gs_tensor_component(csr.get(), GS_COMP_VALUES, &vals), "values");
        const double *v = static_cast<const double *>(vals.data);

        // SpMV: y = A x, checked against a loop over the CSR arrays.
        std::vector<double> x(static_cast<size_t>(shape[1]));
        for (size_t i = 0; i < x.size(); i++) x[i] = double(i + 1);
        Tensor xt = vector_of(x);
        Tensor yt = make("gs_mv", [&](gs_tensor **o) { return gs_mv(csr.get(), xt.get(), o); });
        const auto y = dense_values(yt.get());
        double err = 0, scale = 1;
        for (int64_t r = 0; r < shape[0]; r++) {
            double s = 0;
            for (int64_t k = crow[r]; k < crow[r + 1]; k++) s += v[k] * x[col[k]];
            err = std::max(err, std::fabs(s - y[r]));
            scale = std::max(scale, std::fabs(s));
        }
        std::printf("spmv: |A x - loop| = %.3g\n", err);

        // Solve: A z = y gives back x.
        double solve_err = 0;
        if (shape[0] == shape[1]) {
            Tensor zt = make("gs_spsolve", [&](gs_tensor **o) { return gs_spsolve(csr.get(), yt.get(), 1, o); });
            const auto z = dense_values(zt.get());
            for (size_t i = 0; i < z.size(); i++)
                solve_err = std::max(solve_err, std::fabs(z[i] - x[i]) / double(x.size()));
            std::printf("solve: relative |z - x| = %.3g\n", solve_err);
        } else {
            std::printf("solve: skipped, the matrix is not square\n");
        }

        const std::string pbm = out_dir + "/" + stem(path) + "_spy.pbm";
        spy_pbm(pbm, crow, col, shape[0], shape[1]);
        std::printf("spy: %s\n", pbm.c_str());

        const bool ok = err <= 1e-9 * scale && solve_err <= 1e-8;
        std::printf("tour: %s\n", ok ? "ok" : "FAILED");
        return ok ? 0 : 1;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "sparse_tour: %s\n", e.what());
        return 1;
    }
}
