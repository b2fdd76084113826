/* test_properties.c — the property getters on each layout, and their argument checks. */
#include "check.h"

static void test_coo_properties(void) {
    gs_tensor *t = NULL;
    CHECK_OK(make_coo_3x4(&t));
    gs_layout l = -1;
    gs_dtype d = -1;
    int32_t nd = -1, sd = -1, dd = -1, bd = -1, w = -1, co = -1;
    int64_t nnz = -1, shape[3] = {-1, -1, -1}, bs[2] = {0, 0};
    CHECK_OK(gs_tensor_layout(t, &l));
    CHECK_OK(gs_tensor_dtype(t, &d));
    CHECK_OK(gs_tensor_ndim(t, &nd));
    CHECK_OK(gs_tensor_sparse_dim(t, &sd));
    CHECK_OK(gs_tensor_dense_dim(t, &dd));
    CHECK_OK(gs_tensor_batch_dim(t, &bd));
    CHECK_OK(gs_tensor_nnz(t, &nnz));
    CHECK_OK(gs_tensor_index_width(t, &w));
    CHECK_OK(gs_tensor_blocksize(t, bs));
    CHECK_OK(gs_tensor_is_coalesced(t, &co));
    CHECK(l == GS_SPARSE_COO && d == GS_FLOAT64 && nd == 2 && sd == 2 && dd == 0 && bd == 0);
    CHECK(nnz == 4 && w == 64 && bs[0] == 1 && bs[1] == 1 && co == 1);

    /* shape writes min(ndim, cap) sizes. */
    CHECK_OK(gs_tensor_shape(t, shape, 3));
    CHECK(shape[0] == 3 && shape[1] == 4 && shape[2] == -1);
    shape[0] = shape[1] = -1;
    CHECK_OK(gs_tensor_shape(t, shape, 1));
    CHECK(shape[0] == 3 && shape[1] == -1);
    CHECK_OK(gs_tensor_shape(t, NULL, 0));
    CHECK_ERR(gs_tensor_shape(t, NULL, 2), GS_ERR_INVALID_ARGUMENT, "shape is NULL but cap = 2");
    CHECK_ERR(gs_tensor_shape(t, shape, -1), GS_ERR_INVALID_ARGUMENT, "cap = -1");

    /* The fill value: zero of the dtype by default. */
    double fill = -1;
    CHECK_OK(gs_tensor_fill_value(t, &fill, sizeof fill));
    CHECK(fill == 0);
    char small[4] = {1, 1, 1, 1};
    CHECK_ERR(gs_tensor_fill_value(t, small, sizeof small), GS_ERR_INVALID_ARGUMENT, "buf_bytes = 4");
    CHECK(small[0] == 1);
    CHECK_ERR(gs_tensor_fill_value(t, NULL, 8), GS_ERR_INVALID_ARGUMENT, "buf is NULL");

    /* Every out-pointer is required. */
    CHECK_ERR(gs_tensor_layout(t, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_layout: out is NULL");
    CHECK_ERR(gs_tensor_dtype(t, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_dtype: out is NULL");
    CHECK_ERR(gs_tensor_ndim(t, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_ndim: out is NULL");
    CHECK_ERR(gs_tensor_sparse_dim(t, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_sparse_dim: out is NULL");
    CHECK_ERR(gs_tensor_dense_dim(t, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_dense_dim: out is NULL");
    CHECK_ERR(gs_tensor_batch_dim(t, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_batch_dim: out is NULL");
    CHECK_ERR(gs_tensor_nnz(t, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_nnz: out is NULL");
    CHECK_ERR(gs_tensor_index_width(t, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_index_width: out is NULL");
    CHECK_ERR(gs_tensor_blocksize(t, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_blocksize: blocksize is NULL");
    CHECK_ERR(gs_tensor_is_coalesced(t, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_is_coalesced: out is NULL");
    CHECK_OK(gs_tensor_free(&t));
}

static void test_other_layouts(void) {
    gs_tensor *csr = NULL, *bsr = NULL, *dense = NULL;
    CHECK_OK(make_csr_2x2(GS_FLOAT32, &csr));
    int32_t w = -1, sd = -1, co = -1;
    int64_t nnz = -1;
    CHECK_OK(gs_tensor_index_width(csr, &w));
    CHECK_OK(gs_tensor_sparse_dim(csr, &sd));
    CHECK_OK(gs_tensor_is_coalesced(csr, &co));
    CHECK_OK(gs_tensor_nnz(csr, &nnz));
    CHECK(w == 64 && sd == 2 && co == 1 && nnz == 4);
    float fill = -1;
    CHECK_OK(gs_tensor_fill_value(csr, &fill, sizeof fill));
    CHECK(fill == 0);

    int64_t bs[2] = {1, 2};
    CHECK_OK(gs_to_layout(csr, GS_SPARSE_BSR, bs, -1, GS_INDEX_32, &bsr));
    int64_t got[2] = {0, 0};
    CHECK_OK(gs_tensor_blocksize(bsr, got));
    CHECK(got[0] == 1 && got[1] == 2);
    CHECK_OK(gs_tensor_nnz(bsr, &nnz));
    CHECK(nnz == 2); /* two 1x2 blocks */
    CHECK_OK(gs_tensor_index_width(bsr, &w));
    CHECK(w == 32);

    CHECK_OK(gs_to_dense(csr, &dense));
    CHECK_OK(gs_tensor_index_width(dense, &w));
    CHECK_OK(gs_tensor_sparse_dim(dense, &sd));
    CHECK_OK(gs_tensor_nnz(dense, &nnz));
    CHECK(w == 0 && sd == 0 && nnz == 4);

    /* Batched CSR: a (2, 2, 3) tensor has one batch dimension. */
    int64_t crow[] = {0, 1, 2, 0, 0, 2}, col[] = {0, 2, 1, 2};
    double val[] = {1, 2, 3, 4};
    gs_array c = arr2(crow, GS_INT64, 2, 3), p = arr2(col, GS_INT64, 2, 2), v = arr2(val, GS_FLOAT64, 2, 2);
    int64_t size[] = {2, 2, 3};
    gs_tensor *batched = NULL;
    CHECK_OK(gs_sparse_compressed_from(GS_SPARSE_CSR, &c, &p, &v, 3, size, GS_FLAGS_DEFAULT, &batched));
    int32_t bd = -1, nd = -1;
    CHECK_OK(gs_tensor_batch_dim(batched, &bd));
    CHECK_OK(gs_tensor_ndim(batched, &nd));
    CHECK_OK(gs_tensor_nnz(batched, &nnz));
    CHECK(bd == 1 && nd == 3 && nnz == 2); /* nse per batch, as torch counts */
    double want[] = {1, 0, 0, 0, 0, 2, /* batch 1 */ 0, 0, 0, 0, 3, 4};
    CHECK(dense_matches(batched, want, 12));

    CHECK_OK(gs_tensor_free(&batched));
    CHECK_OK(gs_tensor_free(&dense));
    CHECK_OK(gs_tensor_free(&bsr));
    CHECK_OK(gs_tensor_free(&csr));
}

int main(void) {
    check_start();
    test_coo_properties();
    test_other_layouts();
    return check_finish("test_properties");
}
