/* test_trusted.c — invalid data passed with GS_NO_CHECK that trips a later call
 * is reported as that input's fault (GS_ERR_INVALID_ARGUMENT, naming the tensor
 * and the broken invariant), not as a library bug (GS_ERR_INTERNAL). */
#include "check.h"

/* The message names this handle, as %p prints it. */
static int names_handle(const gs_tensor *t) {
    char want[64];
    snprintf(want, sizeof want, "the tensor %p, built with GS_NO_CHECK", (const void *)t);
    return strstr(gs_last_error(), want) != NULL;
}

static void test_bad_csr(void) {
    int64_t crow[] = {0, 2, 1, 3}, col[] = {0, 5, 1}, size[] = {3, 3};
    double v[] = {1, 2, 3}, ones[] = {1, 1, 1};
    gs_array c = {.data = crow, .dtype = GS_INT64, .ndim = 1, .shape = {4}};
    gs_array p = {.data = col, .dtype = GS_INT64, .ndim = 1, .shape = {3}};
    gs_array vv = {.data = v, .dtype = GS_FLOAT64, .ndim = 1, .shape = {3}};
    gs_array xa = {.data = ones, .dtype = GS_FLOAT64, .ndim = 1, .shape = {3}};
    gs_tensor *t = NULL, *x = NULL, *r = NULL;
    /* Checked, the same data is refused up front. */
    CHECK_ERR(gs_sparse_compressed_from(GS_SPARSE_CSR, &c, &p, &vv, 2, size, GS_FLAGS_DEFAULT, &t),
              GS_ERR_INVALID_ARGUMENT, "crow_indices[1] = 2 > crow_indices[2] = 1: must not decrease");
    CHECK_OK(gs_sparse_compressed_from(GS_SPARSE_CSR, &c, &p, &vv, 2, size, GS_NO_CHECK, &t));
    CHECK_OK(gs_strided_from(&xa, &x));
    CHECK_ERR(gs_to_dense(t, &r), GS_ERR_INVALID_ARGUMENT,
              "gs_to_dense: the tensor 0x");
    CHECK(strstr(gs_last_error(), "breaks an invariant: crow_indices[1] = 2 > crow_indices[2] = 1: must not decrease") != NULL);
    CHECK(strstr(gs_last_error(), "the call stopped at: ") != NULL);
    CHECK(strstr(gs_last_error(), "please report") == NULL);
    CHECK(names_handle(t));
    CHECK_ERR(gs_mv(t, x, &r), GS_ERR_INVALID_ARGUMENT, "gs_mv: the tensor 0x");
    CHECK(strstr(gs_last_error(), "crow_indices[1] = 2 > crow_indices[2] = 1") != NULL);
    CHECK(r == NULL);
    gs_tensor_free(&x);
    gs_tensor_free(&t);
}

static void test_bad_coo(void) {
    int64_t idx[] = {0, 1, 2, 0, 7, 1}, size[] = {3, 3};
    double v[] = {1, 2, 3};
    gs_array ia = {.data = idx, .dtype = GS_INT64, .ndim = 2, .shape = {2, 3}};
    gs_array vv = {.data = v, .dtype = GS_FLOAT64, .ndim = 1, .shape = {3}};
    gs_tensor *t = NULL, *r = NULL;
    CHECK_OK(gs_sparse_coo_from(&ia, &vv, 2, size, GS_NO_CHECK, &t));
    CHECK_ERR(gs_to_dense(t, &r), GS_ERR_INVALID_ARGUMENT,
              "breaks an invariant: indices[1, 1] = 7 is out of range");
    CHECK(names_handle(t));
    CHECK(r == NULL);
    gs_tensor_free(&t);
}

int main(void) {
    check_start();
    test_bad_csr();
    test_bad_coo();
    return check_finish("test_trusted");
}
