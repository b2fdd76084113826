// The C++ example of README.md (kept identical to it): a CSR matrix from const
// arrays, a product, a solve, the views, and an error as an exception.
#include <gosparse.hpp>
#include <cstdio>
#include <vector>

int main() {
    // [[4, -1, 0], [-1, 4, -1], [0, -1, 4]]
    const std::vector<std::int64_t> crow = {0, 2, 5, 7}, col = {0, 1, 0, 1, 2, 1, 2};
    const std::vector<double> val = {4, -1, -1, 4, -1, -1, 4};
    try {
        gosparse::tensor A = gosparse::tensor::csr(crow, col, val, {3, 3});
        gosparse::tensor x = gosparse::tensor::dense(std::vector<double>{1, 2, 3}, {3});
        gosparse::tensor b = gosparse::mv(A, x);         // A @ x
        gosparse::tensor y = gosparse::spsolve(A, b);    // solves A y = b
        for (double v : y.values_as<double>()) std::printf("%g ", v);  // a view, no copy
        std::printf("\nnnz %lld, crow_indices[3] = %lld\n", (long long)A.nnz(),
                    (long long)A.crow_indices().index(3));
        gosparse::tensor z = gosparse::mv(A, A);         // throws: A is not a vector
    } catch (const gosparse::error &e) {
        std::printf("error %d: %s\n", e.status(), e.what());
    }
    return 0;
}
