/* test_components.c — gs_tensor_component on every layout: contents, shapes,
 * errors, and the lending contract (same pointer, valid until free). */
#include "check.h"

static int int64s_are(const gs_array *a, const int64_t *want, int64_t n) {
    if (a->dtype != GS_INT64 || numel(a) != n) return 0;
    for (int64_t i = 0; i < n; i++)
        if (((const int64_t *)a->data)[i] != want[i]) return 0;
    return 1;
}

static int doubles_are(const gs_array *a, const double *want, int64_t n) {
    if (a->dtype != GS_FLOAT64 || numel(a) != n) return 0;
    for (int64_t i = 0; i < n; i++)
        if (((const double *)a->data)[i] != want[i]) return 0;
    return 1;
}

static void test_coo(void) {
    gs_tensor *t = NULL;
    CHECK_OK(make_coo_3x4(&t));
    gs_array a;
    int64_t idx[] = {0, 0, 2, 2, 1, 3, 0, 2};
    double val[] = {1, 2, 3, 4};
    CHECK_OK(gs_tensor_component(t, GS_COMP_INDICES, &a));
    CHECK(a.ndim == 2 && a.shape[0] == 2 && a.shape[1] == 4 && int64s_are(&a, idx, 8));
    CHECK_OK(gs_tensor_component(t, GS_COMP_RAW_INDICES, &a));
    CHECK(int64s_are(&a, idx, 8));
    CHECK_OK(gs_tensor_component(t, GS_COMP_VALUES, &a));
    CHECK(a.ndim == 1 && a.shape[0] == 4 && doubles_are(&a, val, 4));
    CHECK_OK(gs_tensor_component(t, GS_COMP_RAW_VALUES, &a));
    CHECK(doubles_are(&a, val, 4));
    /* Components of other layouts are refused with torch's reason. */
    memset(&a, 0, sizeof a);
    CHECK_ERR(gs_tensor_component(t, GS_COMP_CROW_INDICES, &a), GS_ERR_INVALID_ARGUMENT, "crow_indices");
    CHECK_ERR(gs_tensor_component(t, GS_COMP_COL_INDICES, &a), GS_ERR_INVALID_ARGUMENT, "col_indices");
    CHECK_ERR(gs_tensor_component(t, GS_COMP_CCOL_INDICES, &a), GS_ERR_INVALID_ARGUMENT, "ccol_indices");
    CHECK_ERR(gs_tensor_component(t, GS_COMP_ROW_INDICES, &a), GS_ERR_INVALID_ARGUMENT, "row_indices");
    CHECK_ERR(gs_tensor_component(t, 8, &a), GS_ERR_INVALID_ARGUMENT, "which = 8");
    CHECK_ERR(gs_tensor_component(t, -1, &a), GS_ERR_INVALID_ARGUMENT, "which = -1");
    CHECK(a.data == NULL); /* untouched */
    CHECK_ERR(gs_tensor_component(t, GS_COMP_VALUES, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_component: out is NULL");
    CHECK_OK(gs_tensor_free(&t));

    /* Uncoalesced: indices()/values() refuse, as torch; _indices()/_values() answer. */
    int64_t didx[] = {1, 0, 1, 2, 0, 2};
    double dval[] = {1, 2, 3};
    gs_array di = arr2(didx, GS_INT64, 2, 3), dv = arr1(dval, GS_FLOAT64, 3);
    int64_t size[] = {3, 4};
    CHECK_OK(gs_sparse_coo_from(&di, &dv, 2, size, GS_FLAGS_DEFAULT, &t));
    CHECK_ERR(gs_tensor_component(t, GS_COMP_INDICES, &a), GS_ERR_INVALID_ARGUMENT, "coalesce");
    CHECK_ERR(gs_tensor_component(t, GS_COMP_VALUES, &a), GS_ERR_INVALID_ARGUMENT, "coalesce");
    CHECK_OK(gs_tensor_component(t, GS_COMP_RAW_INDICES, &a));
    CHECK(int64s_are(&a, didx, 6));
    CHECK_OK(gs_tensor_component(t, GS_COMP_RAW_VALUES, &a));
    CHECK(doubles_are(&a, dval, 3));
    CHECK_OK(gs_tensor_free(&t));
}

static void test_compressed(void) {
    gs_tensor *csr = NULL, *csc = NULL;
    CHECK_OK(make_csr_2x2(GS_FLOAT64, &csr));
    gs_array a;
    int64_t crow[] = {0, 2, 4}, col[] = {0, 1, 0, 1};
    double val[] = {1, 2, 3, 4};
    CHECK_OK(gs_tensor_component(csr, GS_COMP_CROW_INDICES, &a));
    CHECK(a.ndim == 1 && int64s_are(&a, crow, 3));
    CHECK_OK(gs_tensor_component(csr, GS_COMP_COL_INDICES, &a));
    CHECK(int64s_are(&a, col, 4));
    CHECK_OK(gs_tensor_component(csr, GS_COMP_VALUES, &a));
    CHECK(doubles_are(&a, val, 4));
    CHECK_ERR(gs_tensor_component(csr, GS_COMP_CCOL_INDICES, &a), GS_ERR_INVALID_ARGUMENT, "sparse_csc");
    CHECK_ERR(gs_tensor_component(csr, GS_COMP_INDICES, &a), GS_ERR_INVALID_ARGUMENT, "sparse_coo");

    CHECK_OK(gs_to_layout(csr, GS_SPARSE_CSC, NULL, -1, GS_INDEX_64, &csc));
    int64_t ccol[] = {0, 2, 4}, row[] = {0, 1, 0, 1};
    double cval[] = {1, 3, 2, 4};
    CHECK_OK(gs_tensor_component(csc, GS_COMP_CCOL_INDICES, &a));
    CHECK(int64s_are(&a, ccol, 3));
    CHECK_OK(gs_tensor_component(csc, GS_COMP_ROW_INDICES, &a));
    CHECK(int64s_are(&a, row, 4));
    CHECK_OK(gs_tensor_component(csc, GS_COMP_VALUES, &a));
    CHECK(doubles_are(&a, cval, 4));
    CHECK_ERR(gs_tensor_component(csc, GS_COMP_CROW_INDICES, &a), GS_ERR_INVALID_ARGUMENT, "sparse_csr");
    CHECK_OK(gs_tensor_free(&csc));
    CHECK_OK(gs_tensor_free(&csr));

    /* Batched crow_indices are torch's per-batch offsets, shape (batch, rows + 1). */
    int64_t bcrow[] = {0, 1, 2, 0, 0, 2}, bcol[] = {0, 2, 1, 2};
    double bval[] = {1, 2, 3, 4};
    gs_array c = arr2(bcrow, GS_INT64, 2, 3), p = arr2(bcol, GS_INT64, 2, 2), v = arr2(bval, GS_FLOAT64, 2, 2);
    int64_t size[] = {2, 2, 3};
    CHECK_OK(gs_sparse_compressed_from(GS_SPARSE_CSR, &c, &p, &v, 3, size, GS_FLAGS_DEFAULT, &csr));
    CHECK_OK(gs_tensor_component(csr, GS_COMP_CROW_INDICES, &a));
    CHECK(a.ndim == 2 && a.shape[0] == 2 && a.shape[1] == 3 && int64s_are(&a, bcrow, 6));
    gs_array again;
    CHECK_OK(gs_tensor_component(csr, GS_COMP_CROW_INDICES, &again));
    CHECK(again.data == a.data); /* computed once, lent until free */
    CHECK_OK(gs_tensor_component(csr, GS_COMP_COL_INDICES, &a));
    CHECK(a.ndim == 2 && int64s_are(&a, bcol, 4));
    CHECK_OK(gs_tensor_component(csr, GS_COMP_VALUES, &a));
    CHECK(a.ndim == 2 && doubles_are(&a, bval, 4));
    CHECK_OK(gs_tensor_free(&csr));
}

static void test_strided_and_empty(void) {
    gs_tensor *t = NULL;
    int16_t data[] = {1, -2, 3, -4, 5, -6};
    gs_array in = arr2(data, GS_INT16, 2, 3);
    CHECK_OK(gs_strided_from(&in, &t));
    gs_array a;
    CHECK_OK(gs_tensor_component(t, GS_COMP_VALUES, &a));
    CHECK(a.dtype == GS_INT16 && a.ndim == 2 && a.shape[0] == 2 && a.shape[1] == 3);
    CHECK(memcmp(a.data, data, sizeof data) == 0);
    CHECK_ERR(gs_tensor_component(t, GS_COMP_INDICES, &a), GS_ERR_INVALID_ARGUMENT, "");
    CHECK_OK(gs_tensor_free(&t));

    /* Zero-length components still lend a non-NULL pointer (safe for numpy, Rust slices). */
    int64_t size[] = {5, 5};
    CHECK_OK(gs_empty(GS_SPARSE_COO, GS_FLOAT64, 2, size, NULL, 0, &t));
    CHECK_OK(gs_tensor_component(t, GS_COMP_VALUES, &a));
    CHECK(a.data != NULL && a.ndim == 1 && a.shape[0] == 0);
    CHECK_OK(gs_tensor_component(t, GS_COMP_INDICES, &a));
    CHECK(a.data != NULL && a.ndim == 2 && a.shape[0] == 2 && a.shape[1] == 0);
    CHECK_OK(gs_tensor_free(&t));
}

static void test_lent_pointers_survive(void) {
    /* Lent pointers stay valid and unchanged while the library allocates and
     * frees a lot (enough to run the Go garbage collector several times). */
    gs_tensor *t = NULL;
    CHECK_OK(gs_gen_stencil2d(30, &t));
    gs_array idx, val;
    CHECK_OK(gs_tensor_component(t, GS_COMP_INDICES, &idx));
    CHECK_OK(gs_tensor_component(t, GS_COMP_VALUES, &val));
    int64_t n = val.shape[0];
    CHECK(n == 5 * 30 * 30 - 4 * 30);
    double *copy = malloc((size_t)n * sizeof(double));
    memcpy(copy, val.data, (size_t)n * sizeof(double));
    CHECK(idx.dtype == GS_INT64 && idx.shape[1] == n);
    int64_t first_col = ((const int64_t *)idx.data)[n];

    for (int round = 0; round < 40; round++) {
        gs_tensor *junk = NULL, *csr = NULL;
        CHECK_OK(gs_gen_uniform(2000, 2000, 100000, (uint64_t)round, &junk));
        CHECK_OK(gs_to_layout(junk, GS_SPARSE_CSR, NULL, -1, GS_INDEX_AUTO, &csr));
        CHECK_OK(gs_tensor_free(&csr));
        CHECK_OK(gs_tensor_free(&junk));
    }
    CHECK(memcmp(copy, val.data, (size_t)n * sizeof(double)) == 0);
    CHECK(((const int64_t *)idx.data)[n] == first_col);
    gs_array again;
    CHECK_OK(gs_tensor_component(t, GS_COMP_VALUES, &again));
    CHECK(again.data == val.data);
    free(copy);
    CHECK_OK(gs_tensor_free(&t));
}

int main(void) {
    check_start();
    test_coo();
    test_compressed();
    test_strided_and_empty();
    test_lent_pointers_survive();
    return check_finish("test_components");
}
