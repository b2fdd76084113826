/* test_wrap.c — the zero-copy *_wrap constructors and their release callback. */
#include "check.h"

static int released;
static void *released_ctx;

static void on_release(void *ctx) {
    released++;
    released_ctx = ctx;
}

static void test_strided_wrap(void) {
    double data[] = {1, 2, 3, 4, 5, 6};
    gs_array a = arr2(data, GS_FLOAT64, 3, 2);
    gs_tensor *t = NULL;
    int token;
    released = 0;
    CHECK_OK(gs_strided_wrap(&a, on_release, &token, &t));
    CHECK(released == 0);

    /* Zero copy: the lent values are the caller's buffer. */
    gs_array lent;
    CHECK_OK(gs_tensor_component(t, GS_COMP_VALUES, &lent));
    CHECK(lent.data == (void *)data);
    CHECK(lent.ndim == 2 && lent.shape[0] == 3 && lent.shape[1] == 2);

    /* Results computed from it own their memory and outlive it. */
    gs_tensor *coo = NULL, *clone = NULL;
    CHECK_OK(gs_to_layout(t, GS_SPARSE_COO, NULL, -1, GS_INDEX_AUTO, &coo));
    CHECK_OK(gs_clone(t, &clone));
    CHECK_OK(gs_tensor_free(&t));
    CHECK(released == 1 && released_ctx == &token);
    data[0] = -1; /* the caller may reuse its buffer now */
    double want[] = {1, 2, 3, 4, 5, 6};
    CHECK(dense_matches(coo, want, 6));
    CHECK(dense_matches(clone, want, 6));
    CHECK_OK(gs_tensor_free(&coo));
    CHECK_OK(gs_tensor_free(&clone));
    CHECK(released == 1); /* exactly once */
}

static void test_coo_wrap(void) {
    int64_t idx[] = {0, 0, 2, 2, 1, 3, 0, 2};
    double val[] = {1, 2, 3, 4};
    gs_array i = arr2(idx, GS_INT64, 2, 4), v = arr1(val, GS_FLOAT64, 4);
    int64_t size[] = {3, 4};
    gs_tensor *t = NULL;
    released = 0;
    CHECK_OK(gs_sparse_coo_wrap(&i, &v, 2, size, GS_COALESCED, on_release, val, &t));
    gs_array lent;
    CHECK_OK(gs_tensor_component(t, GS_COMP_INDICES, &lent));
    CHECK(lent.data == (void *)idx);
    CHECK_OK(gs_tensor_component(t, GS_COMP_VALUES, &lent));
    CHECK(lent.data == (void *)val);
    /* The buffers are borrowed: a change shows through (the caller promised not to). */
    val[0] = 10;
    double want[12];
    for (int k = 0; k < 12; k++) want[k] = coo_3x4_dense(k);
    want[1] = 10;
    CHECK(dense_matches(t, want, 12));
    CHECK_OK(gs_tensor_free(&t));
    CHECK(released == 1 && released_ctx == val);
}

static void test_compressed_wrap(void) {
    int32_t crow[] = {0, 2, 3}, col[] = {0, 2, 2};
    float val[] = {1, 2, 3};
    gs_array c = arr1(crow, GS_INT32, 3), p = arr1(col, GS_INT32, 3), v = arr1(val, GS_FLOAT32, 3);
    int64_t size[] = {2, 3};
    gs_tensor *t = NULL;
    released = 0;
    CHECK_OK(gs_sparse_compressed_wrap(GS_SPARSE_CSR, &c, &p, &v, 2, size, GS_FLAGS_DEFAULT, on_release, NULL, &t));
    gs_array lent;
    CHECK_OK(gs_tensor_component(t, GS_COMP_CROW_INDICES, &lent));
    CHECK(lent.data == (void *)crow && lent.dtype == GS_INT32);
    CHECK_OK(gs_tensor_component(t, GS_COMP_COL_INDICES, &lent));
    CHECK(lent.data == (void *)col);
    CHECK_OK(gs_tensor_level_pos(t, 1, &lent));
    CHECK(lent.data == (void *)crow);

    /* A conversion that may alias the wrapped buffers (same layout, same width)
     * keeps them borrowed until it is freed too: release waits for both. */
    gs_tensor *same = NULL;
    CHECK_OK(gs_to_layout(t, GS_SPARSE_CSR, NULL, -1, GS_INDEX_32, &same));
    CHECK_OK(gs_tensor_free(&t));
    double want[] = {1, 0, 2, 0, 0, 3};
    CHECK(dense_matches(same, want, 6));
    gs_array sv;
    CHECK_OK(gs_tensor_component(same, GS_COMP_VALUES, &sv));
    int aliases = sv.data == (void *)val;
    CHECK(released == (aliases ? 0 : 1));
    CHECK_OK(gs_tensor_free(&same));
    CHECK(released == 1);
}

static void test_wrap_without_release(void) {
    double data[] = {1, 2};
    gs_array a = arr1(data, GS_FLOAT64, 2);
    gs_tensor *t = NULL;
    CHECK_OK(gs_strided_wrap(&a, NULL, NULL, &t));
    CHECK(dense_matches(t, data, 2));
    CHECK_OK(gs_tensor_free(&t));
    /* Empty buffers may be NULL. */
    gs_array e = arr1(NULL, GS_FLOAT64, 0);
    CHECK_OK(gs_strided_wrap(&e, NULL, NULL, &t));
    CHECK_OK(gs_tensor_free(&t));
}

static void test_wrap_errors(void) {
    /* A refused wrap creates no tensor and never calls release: the caller keeps its buffers. */
    released = 0;
    gs_tensor *t = NULL;
    double data[] = {1, 2, 3, 4};
    gs_array a = arr1(data, GS_FLOAT64, 4);
    CHECK_ERR(gs_strided_wrap(&a, on_release, NULL, NULL), GS_ERR_INVALID_ARGUMENT, "gs_strided_wrap: out is NULL");
    CHECK_ERR(gs_strided_wrap(NULL, on_release, NULL, &t), GS_ERR_INVALID_ARGUMENT, "data is NULL");
    gs_array bad = a;
    bad.dtype = 12345;
    CHECK_ERR(gs_strided_wrap(&bad, on_release, NULL, &t), GS_ERR_DTYPE, "");
    /* Misaligned buffers cannot be viewed as typed elements. */
    gs_array mis = arr1((char *)data + 1, GS_FLOAT32, 2);
    CHECK_ERR(gs_strided_wrap(&mis, on_release, NULL, &t), GS_ERR_INVALID_ARGUMENT, "aligned");

    int64_t crow[] = {0, 3, 2, 3}, col[] = {0, 1, 2};
    gs_array c = arr1(crow, GS_INT64, 4), p = arr1(col, GS_INT64, 3), v = arr1(data, GS_FLOAT64, 3);
    int64_t size[] = {3, 3};
    CHECK_ERR(gs_sparse_compressed_wrap(GS_SPARSE_CSR, &c, &p, &v, 2, size, 0, on_release, NULL, &t),
              GS_ERR_INVALID_ARGUMENT, "gs_sparse_compressed_wrap: ");
    CHECK_ERR(gs_sparse_compressed_wrap(GS_SPARSE_CSR, &c, &p, &v, 2, size, 0, on_release, NULL, NULL),
              GS_ERR_INVALID_ARGUMENT, "out is NULL");
    int64_t idx[] = {0, 9};
    gs_array i = arr2(idx, GS_INT64, 1, 2), v2 = arr1(data, GS_FLOAT64, 2);
    int64_t size1[] = {3};
    gs_status st = gs_sparse_coo_wrap(&i, &v2, 1, size1, 0, on_release, NULL, &t);
    CHECK(st == GS_ERR_INDEX || st == GS_ERR_INVALID_ARGUMENT);
    CHECK_ERR(gs_sparse_coo_wrap(&i, NULL, 1, size1, 0, on_release, NULL, &t), GS_ERR_INVALID_ARGUMENT, "values is NULL");
    CHECK(t == NULL);
    CHECK(released == 0);
    CHECK(data[0] == 1 && crow[1] == 3 && idx[1] == 9); /* inputs untouched */
}

int main(void) {
    check_start();
    test_strided_wrap();
    test_coo_wrap();
    test_compressed_wrap();
    test_wrap_without_release();
    test_wrap_errors();
    return check_finish("test_wrap");
}
