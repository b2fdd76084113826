// test_hpp_autograd.cpp — gosparse.hpp's autograd wrappers: requires_grad_,
// backward (implicit and explicit seed, retain_graph), grad, zero_grad,
// detach, is_leaf, grad_fn_name, autograd_grad and the RAII guards no_grad and
// enable_grad (nesting, per thread), against values worked out by hand; errors
// as gosparse::error; no handle leaked.
#include "gosparse.hpp"

#include <cmath>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "check.h"

using gosparse::tensor;

static_assert(!std::is_copy_constructible_v<gosparse::no_grad> && !std::is_move_constructible_v<gosparse::no_grad>,
              "no_grad is a scope guard");

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

// A = [[1, 0, 2], [0, 3, 0]] (CSR), X = [[1, 2], [3, 4], [5, 6]].
static const std::vector<std::int64_t> crow = {0, 2, 3}, col = {0, 2, 1};
static const std::vector<double> aval = {1, 2, 3};
static const std::vector<double> xval = {1, 2, 3, 4, 5, 6};

static bool close(gosparse::span<const double> got, const std::vector<double> &want) {
    if (got.size() != want.size()) return false;
    for (std::size_t i = 0; i < want.size(); i++)
        if (std::fabs(got[i] - want[i]) > 1e-12) return false;
    return true;
}

// L = sum(A @ X) with seed ones: dA = 1 X^T on A's pattern (row sums of X at
// the stored columns), dX = A^T 1.
static void test_backward_and_grads() {
    tensor a = tensor::csr(crow, col, aval, {2, 3});
    tensor x = tensor::dense(xval, {3, 2});
    CHECK(!a.requires_grad() && a.is_leaf() && a.grad_fn_name().empty());
    a.requires_grad_();
    x.requires_grad_(true);
    CHECK(a.requires_grad() && x.requires_grad());
    tensor y = gosparse::sparse_mm(a, x);
    CHECK(y.requires_grad() && !y.is_leaf());
    CHECK(y.grad_fn_name() == "SparseAddmmBackward0");
    CHECK(!a.grad().valid());
    const std::vector<double> ones = {1, 1, 1, 1};
    tensor seed = tensor::dense(ones, {2, 2});
    y.backward(seed, true);
    tensor ga = a.grad(), gx = x.grad();
    CHECK(ga.valid() && ga.layout() == GS_SPARSE_CSR);
    // row sums of X: 3, 7, 11 at the stored columns 0, 2, 1
    CHECK(close(ga.values_as<double>(), {3, 11, 7}));
    CHECK(close(gx.values_as<double>(), {1, 1, 3, 3, 2, 2}));
    y.backward(seed);  // accumulates: twice the gradient
    CHECK(close(a.grad().values_as<double>(), {6, 22, 14}));
    CHECK_THROWS(y.backward(seed), GS_ERR_INVALID_ARGUMENT, "a second time");
    a.zero_grad();
    CHECK(!a.grad().valid());
    // autograd_grad: nothing accumulated; the implicit seed needs one element.
    tensor z = gosparse::sparse_mm(a, x);
    CHECK_THROWS(z.backward(), GS_ERR_INVALID_ARGUMENT, "implicitly created only for outputs of one element");
    std::vector<tensor> g = gosparse::autograd_grad(z, {&a, &x}, &seed);
    CHECK(g.size() == 2 && g[0].valid() && close(g[0].values_as<double>(), {3, 11, 7}));
    CHECK(!a.grad().valid());
    // detach: the same values, no gradient.
    tensor d = x.detach();
    CHECK(!d.requires_grad() && d.is_leaf() && close(d.values_as<double>(), xval));
    CHECK_THROWS(y.requires_grad_(false), GS_ERR_INVALID_ARGUMENT, "only change requires_grad flags of leaf");
    tensor n = tensor::dense(std::vector<std::int64_t>{1, 2}, {2});
    CHECK_THROWS(n.requires_grad_(), GS_ERR_INVALID_ARGUMENT, "floating point and complex dtype");
}

static void test_guards() {
    tensor a = tensor::csr(crow, col, aval, {2, 3});
    a.requires_grad_();
    tensor x = tensor::dense(xval, {3, 2});
    CHECK(gosparse::is_grad_enabled());
    {
        gosparse::no_grad off;
        CHECK(!gosparse::is_grad_enabled());
        CHECK(!gosparse::sparse_mm(a, x).requires_grad());
        {
            gosparse::enable_grad on;
            CHECK(gosparse::is_grad_enabled() && gosparse::sparse_mm(a, x).requires_grad());
            gosparse::no_grad again;
            CHECK(!gosparse::is_grad_enabled());
        }
        CHECK(!gosparse::is_grad_enabled());
        // per thread: another thread still records
        bool other = false;
        std::thread t([&] { other = gosparse::is_grad_enabled() && gosparse::sparse_mm(a, x).requires_grad(); });
        t.join();
        CHECK(other);
    }
    CHECK(gosparse::is_grad_enabled() && gosparse::sparse_mm(a, x).requires_grad());
}

int main() {
    check_start();
    const std::int64_t live = gs_live_handles();
    test_backward_and_grads();
    test_guards();
    CHECK(gs_live_handles() == live);
    return check_finish("test_hpp_autograd");
}
