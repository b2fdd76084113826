// strict_warnings.cpp — gosparse.hpp (and GS_IN) instantiated under the
// warnings strict C++ projects turn on: -Wshadow -Wconversion
// -Wsign-conversion -Wold-style-cast -Wuseless-cast
// -Wzero-as-null-pointer-constant, with -Werror (CTest: test_hpp_strict).
// The program checks what it computes, so it is a test and not only a build.
#include <gosparse.hpp>

#include <array>
#include <cstdio>
#include <vector>

int main() {
    int failures = 0;
    auto expect = [&failures](bool ok, const char *what) {
        if (!ok) {
            std::fprintf(stderr, "strict_warnings: %s failed\n", what);
            failures++;
        }
    };
    const std::array<std::int32_t, 4> idx32 = {0, 1, 1, 0};
    const std::vector<float> vals = {2.0f, 3.0f};
    gosparse::tensor a = gosparse::tensor::coo(idx32, vals, {2, 2}, GS_COALESCED);
    gosparse::tensor c = a.to_csc();
    const std::int64_t ccol[] = {0, 1, 2}, row[] = {1, 0};
    const float csc_vals[] = {3.0f, 2.0f};  // column by column
    gosparse::tensor c2 = gosparse::tensor::csc(ccol, row, csc_vals, {2, 2});
    expect(gosparse::equal(c, c2), "csc");
    gosparse::tensor x = gosparse::tensor::dense(std::vector<float>{1.0f, 10.0f}, {2});
    gosparse::tensor y = gosparse::tensor::dense(std::vector<float>{0.0f, 0.0f}, {2});
    gosparse::mv_out(c, x, y);
    gosparse::span<const float> yv = y.values_as<float>();
    expect(yv.size() == 2 && yv[0] == 20.0f && yv[1] == 3.0f, "mv_out");
    expect(c.ccol_indices().index(2) == 2 && c.row_indices().as<std::int32_t>().size() == 2, "views");
    gosparse::factor f = gosparse::factor::lu(c.to_dtype(GS_FLOAT64));
    gosparse::tensor s = f.solve(gosparse::tensor::dense(std::vector<double>{2.0, 3.0}, {2}));
    gosparse::span<const double> sv = s.values_as<double>();
    expect(sv[0] == 1.0 && sv[1] == 1.0, "factor solve");
    const double raw[] = {5.0};
    gs_const_array in{};
    in.data = raw;
    in.dtype = GS_FLOAT64;
    in.ndim = 1;
    in.shape[0] = 1;
    gs_tensor *h = nullptr;
    gosparse::check(gs_strided_from(GS_IN(&in), &h));
    gosparse::tensor t(h);
    expect(t.values_as<double>()[0] == 5.0, "GS_IN");
    if (failures == 0) std::printf("strict_warnings: all checks passed\n");
    return failures == 0 ? 0 : 1;
}
