// test_hpp.cpp — include/gosparse.hpp: RAII handles, exceptions, views and the
// common operations against values worked out by hand.
//
// CTest builds it twice with -Wall -Wextra -Wpedantic -Wcast-qual -Werror: as
// C++17 (test_hpp_cpp17, the header's own span) and as C++20 (test_hpp_cpp20,
// std::span); GOSPARSE_TEST_EXPECT_STD_SPAN says which one it must be.
#include "gosparse.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <type_traits>
#include <unistd.h>
#include <vector>

#include "check.h"

using gosparse::tensor;

#if GOSPARSE_TEST_EXPECT_STD_SPAN
static_assert(std::is_same_v<gosparse::span<const double>, std::span<const double>>,
              "C++20 views are std::span");
#else
#ifdef GOSPARSE_HPP_STD_SPAN
#error "the C++17 build must use the header's own span"
#endif
#endif
static_assert(!std::is_copy_constructible_v<tensor> && !std::is_copy_assignable_v<tensor>,
              "tensor is move-only");
static_assert(std::is_nothrow_move_constructible_v<tensor> &&
                  std::is_nothrow_move_assignable_v<tensor>,
              "tensor moves without throwing");
static_assert(!std::is_copy_constructible_v<gosparse::factor>, "factor is move-only");
static_assert(gosparse::dtype_v<const float> == GS_FLOAT32, "dtype_v ignores const");

// CHECK_THROWS(expr, code, text): expr throws gosparse::error with status code
// and a message containing text.
#define CHECK_THROWS(expr, code, text)                                                      \
    do {                                                                                    \
        bool thrown_ = false;                                                               \
        try {                                                                               \
            (void)(expr);                                                                   \
        } catch (const gosparse::error &e_) {                                               \
            thrown_ = true;                                                                 \
            if (e_.status() != (code))                                                      \
                CHECK_FAIL("%s threw status %d, expected %s", #expr, (int)e_.status(), #code); \
            else if (std::string(e_.what()).find(text) == std::string::npos)                \
                CHECK_FAIL("%s: message \"%s\" lacks \"%s\"", #expr, e_.what(), text);      \
        }                                                                                   \
        if (!thrown_) CHECK_FAIL("%s did not throw", #expr);                                \
    } while (0)

// The 3x4 matrix [[0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 4, 0]] from const data.
static const std::vector<std::int64_t> coo_idx = {0, 0, 2, 2, 1, 3, 0, 2};
static const std::array<double, 4> coo_val = {1, 2, 3, 4};
static const double dense_3x4[12] = {0, 1, 0, 2, 0, 0, 0, 0, 3, 0, 4, 0};

static std::vector<double> dense_values(const tensor &t) {
    tensor d = t.to_dense().to_dtype(GS_FLOAT64);
    auto v = d.values_as<double>();
    return std::vector<double>(v.begin(), v.end());
}

static void test_construct_and_views() {
    tensor a = tensor::coo(coo_idx, coo_val, {3, 4});
    CHECK(a.valid() && a.layout() == GS_SPARSE_COO && a.dtype() == GS_FLOAT64);
    CHECK((a.shape() == gosparse::shape_t{3, 4}) && a.ndim() == 2);
    CHECK(a.nnz() == 4 && a.sparse_dim() == 2 && a.dense_dim() == 0);
    // As torch: a COO tensor is coalesced when the caller says so or coalesce() made it.
    CHECK(!a.is_coalesced() && a.coalesce().is_coalesced());
    CHECK(tensor::coo(coo_idx, coo_val, {3, 4}, GS_COALESCED).is_coalesced());
    a = a.coalesce();
    CHECK(dense_values(a) == std::vector<double>(dense_3x4, dense_3x4 + 12));

    // Views: the values in place, indices as (2, nnz) int64.
    gosparse::span<const double> v = a.values_as<double>();
    CHECK(v.size() == 4 && v[0] == 1 && v[3] == 4);
    gosparse::array_view idx = a.indices();
    CHECK((idx.shape() == gosparse::shape_t{2, 4}) && idx.dtype() == GS_INT64);
    CHECK(idx.indices() == coo_idx);
    CHECK_THROWS(a.values_as<float>(), GS_ERR_DTYPE, "float64");
    CHECK_THROWS(a.values().index(0), GS_ERR_DTYPE, "not int32 or int64");

    // CSR from const int32 arrays; the CSR components of the conversion.
    static const std::int32_t crow[] = {0, 2, 2, 4}, col[] = {1, 3, 0, 2};
    const float fv[] = {1, 2, 3, 4};
    tensor c = tensor::csr(crow, col, fv, {3, 4});
    CHECK(c.layout() == GS_SPARSE_CSR && c.dtype() == GS_FLOAT32 && c.index_width() == 32);
    CHECK(dense_values(c) == std::vector<double>(dense_3x4, dense_3x4 + 12));
    auto cr = c.crow_indices().as<std::int32_t>();
    CHECK(cr.size() == 4 && cr[3] == 4);
    tensor ac = a.to_csr();
    CHECK((ac.crow_indices().indices() == std::vector<std::int64_t>{0, 2, 2, 4}));
    CHECK((ac.col_indices().indices() == std::vector<std::int64_t>{1, 3, 0, 2}));
    tensor acsc = a.to_csc();
    CHECK((acsc.ccol_indices().indices() == std::vector<std::int64_t>{0, 1, 2, 3, 4}));
    CHECK((acsc.row_indices().indices() == std::vector<std::int64_t>{2, 0, 2, 0}));
    CHECK(gosparse::equal(acsc.to_coo(), a) && gosparse::equal(c.to_dtype(GS_FLOAT64), a));
    CHECK(gosparse::equal(a.t().t(), a));

    // A dense tensor from a const vector, and the repr.
    tensor d = tensor::dense(std::vector<double>(dense_3x4, dense_3x4 + 12), {3, 4});
    CHECK(d.layout() == GS_STRIDED && gosparse::equal(d, a));
    std::ostringstream os;
    os << a;
    CHECK(os.str() == a.repr() && os.str().find("sparse_coo") != std::string::npos);
}

static void test_operations() {
    tensor a = tensor::coo(coo_idx, coo_val, {3, 4}).to_csr();
    const double x[] = {1, 10, 100, 1000};
    tensor xv = tensor::dense(x, {4});
    CHECK((dense_values(gosparse::mv(a, xv)) == std::vector<double>{2010, 0, 403}));
    CHECK((dense_values(gosparse::matmul(a, xv)) == std::vector<double>{2010, 0, 403}));

    // Layouts and dtypes print as names, not the C codes.
    CHECK(a.layout_name() == "sparse_csr" && xv.layout_name() == "strided");
    CHECK(a.dtype_name() == "float64" && gosparse::layout_name(GS_SPARSE_COO) == "sparse_coo");
    CHECK(gosparse::to_string(a).find("layout=torch.sparse_csr") != std::string::npos);
    bool refused = false;
    try {
        gosparse::layout_name(99);
    } catch (const gosparse::error &e) {
        refused = e.status() == GS_ERR_INVALID_ARGUMENT;
    }
    CHECK(refused);

    // mm with a 4x2 dense matrix, and into an existing out.
    const double b[] = {1, 0, 0, 1, 1, 0, 0, 1};  // rows (1,0), (0,1), (1,0), (0,1)
    tensor bm = tensor::dense(b, {4, 2});
    const std::vector<double> want_mm = {0, 3, 0, 0, 7, 0};
    CHECK(dense_values(gosparse::mm(a, bm)) == want_mm);
    tensor out = tensor::dense(std::vector<double>(6, -1.0), {3, 2});
    gosparse::mm_out(a, bm, out);
    CHECK(dense_values(out) == want_mm);
    tensor yv = tensor::dense(std::vector<double>(3, -1.0), {3});
    gosparse::mv_out(a, xv, yv);
    CHECK((dense_values(yv) == std::vector<double>{2010, 0, 403}));

    // sparse @ sparse stays sparse: a @ a^T.
    tensor g = gosparse::sparse_mm(a, a.t());
    CHECK(g.layout() != GS_STRIDED);
    CHECK((dense_values(g) == std::vector<double>{5, 0, 0, 0, 0, 0, 0, 0, 25}));

    // add and mul across layouts.
    tensor s = a + tensor::coo(coo_idx, coo_val, {3, 4});
    std::vector<double> twice(dense_3x4, dense_3x4 + 12);
    for (double &e : twice) e *= 2;
    CHECK(dense_values(s) == twice);
    std::vector<double> sq(dense_3x4, dense_3x4 + 12);
    for (double &e : sq) e *= e;
    CHECK(dense_values(a * a.to_coo()) == sq);
    CHECK(dense_values(gosparse::add(a, a)) == twice);

    // Refusals throw with the status and the message, and the operands stay.
    CHECK_THROWS(gosparse::mv(a, bm), GS_ERR_INVALID_ARGUMENT, "");
    CHECK_THROWS(gosparse::mv_out(a, xv, out), GS_ERR_INVALID_ARGUMENT, "out");
    CHECK(dense_values(out) == want_mm);
    CHECK_THROWS(tensor::coo(std::vector<std::int64_t>{0, 1, 2}, coo_val, {3, 4}),
                 GS_ERR_INVALID_ARGUMENT, "indices has 3 elements");
    const std::int64_t bad_idx[] = {0, 0, 2, 9, 1, 3, 0, 2};
    CHECK_THROWS(tensor::coo(bad_idx, coo_val, {3, 4}), GS_ERR_INDEX, "");
    CHECK_THROWS(tensor::dense(x, {5}), GS_ERR_INVALID_ARGUMENT, "data has 4 elements; shape [5] needs 5");
    CHECK_THROWS(tensor::dense(x, {2, -2}), GS_ERR_INVALID_ARGUMENT, "shape [2, -2]");
}

static void test_files_and_solvers() {
    // mmwrite then mmread gives the same matrix back.
    char path[] = "/tmp/gosparse_hpp_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd >= 0) close(fd);
    std::string file = std::string(path) + ".mtx";
    tensor a = tensor::coo(coo_idx, coo_val, {3, 4});
    gosparse::mmwrite(file, a);
    tensor r = gosparse::mmread(file);
    CHECK(r.layout() == GS_SPARSE_COO && gosparse::equal(r, a));
    std::remove(file.c_str());
    std::remove(path);
    CHECK_THROWS(gosparse::mmread(file), GS_ERR_NOT_FOUND, "no such file");

    // A = tridiag(-1, 4, -1), 4x4, symmetric positive definite; b = A @ (1, 2, 3, 4).
    const std::int64_t crow[] = {0, 2, 5, 8, 10}, col[] = {0, 1, 0, 1, 2, 1, 2, 3, 2, 3};
    const double val[] = {4, -1, -1, 4, -1, -1, 4, -1, -1, 4};
    tensor A = tensor::csr(crow, col, val, {4, 4});
    const double xs[] = {1, 2, 3, 4};
    tensor bvec = gosparse::mv(A, tensor::dense(xs, {4}));
    auto near = [&](const tensor &x) {
        std::vector<double> got = dense_values(x);
        bool ok = got.size() == 4;
        for (std::size_t i = 0; ok && i < 4; i++) ok = std::fabs(got[i] - xs[i]) < 1e-12;
        return ok;
    };
    CHECK(near(gosparse::spsolve(A, bvec)));
    gosparse::factor lu = gosparse::factor::lu(A);
    CHECK(lu.order() == 4 && lu.kind() == GS_FACTOR_LU && lu.fill() >= 10);
    CHECK(near(lu.solve(bvec)));
    gosparse::factor ch = gosparse::factor::cholesky(A);
    CHECK(ch.kind() == GS_FACTOR_CHOLESKY && near(ch.solve(bvec)));
    gosparse::factor moved = std::move(ch);
    CHECK(!ch.valid() && moved.valid() && near(moved.solve(bvec)));

    // A singular matrix is refused, naming the column.
    const std::int64_t scrow[] = {0, 1, 1}, scol[] = {0};
    const double sval[] = {1};
    CHECK_THROWS(gosparse::spsolve(tensor::csr(scrow, scol, sval, {2, 2}), tensor::dense(std::vector<double>{1, 2}, {2})),
                 GS_ERR_INVALID_ARGUMENT, "column");
}

static void test_ownership() {
    const std::int64_t live = gs_live_handles();
    {
        tensor a = tensor::coo(coo_idx, coo_val, {3, 4}, GS_COALESCED);
        CHECK(gs_live_handles() == live + 1);
        const gs_tensor *h = a.get();
        tensor b = std::move(a);
        CHECK(!a.valid() && b.get() == h && gs_live_handles() == live + 1);
        auto v = b.values_as<double>();  // a view survives the move
        tensor c;
        c = std::move(b);
        CHECK(v[2] == 3 && c.get() == h);
        c = tensor::dense(coo_val, {4});  // move-assignment frees the old handle
        CHECK(gs_live_handles() == live + 1);
        gs_tensor *raw = c.release();
        CHECK(!c.valid() && gs_live_handles() == live + 1);
        tensor back(raw);
        back.reset();
        CHECK(!back.valid() && gs_live_handles() == live);
        // A throwing call leaves no handle behind.
        tensor m = tensor::coo(coo_idx, coo_val, {3, 4});
        try {
            (void)gosparse::mm(m, m);
        } catch (const gosparse::error &) {
        }
        CHECK(gs_live_handles() == live + 1);
    }
    CHECK(gs_live_handles() == live);
}

int main() {
    check_start();
    try {
        test_construct_and_views();
        test_operations();
        test_files_and_solvers();
        test_ownership();
    } catch (const std::exception &e) {
        CHECK_FAIL("unexpected exception: %s", e.what());
    }
    return check_finish("test_hpp");
}
