/* test_convert.c — conversions between layouts, dtypes and index widths; gs_equal. */
#include "check.h"

static void test_round_trips(void) {
    gs_tensor *coo = NULL;
    CHECK_OK(make_coo_3x4(&coo));
    double want[12];
    for (int k = 0; k < 12; k++) want[k] = coo_3x4_dense(k);
    int64_t bs[] = {1, 2};
    int32_t widths[] = {GS_INDEX_AUTO, GS_INDEX_32, GS_INDEX_64};
    for (gs_layout l = GS_STRIDED; l <= GS_SPARSE_CSF; l++) {
        for (int wi = 0; wi < 3; wi++) {
            gs_tensor *t = NULL, *back = NULL;
            gs_status st = gs_to_layout(coo, l, bs, -1, widths[wi], &t);
            if (st == GS_ERR_NOT_IMPLEMENTED) {
                CHECK(strstr(gs_last_error(), "gs_to_layout") != NULL);
                continue;
            }
            CHECK_OK(st);
            if (st != GS_OK) continue;
            gs_layout got = -1;
            int32_t w = -1, eq = -1;
            CHECK_OK(gs_tensor_layout(t, &got));
            CHECK(got == l);
            CHECK_OK(gs_tensor_index_width(t, &w));
            CHECK(l == GS_STRIDED ? w == 0 : (widths[wi] == GS_INDEX_AUTO ? (w == 32 || w == 64) : w == widths[wi]));
            CHECK(dense_matches(t, want, 12));
            CHECK_OK(gs_equal(t, coo, &eq));
            CHECK(eq == 1);
            CHECK_OK(gs_to_layout(t, GS_SPARSE_COO, NULL, -1, GS_INDEX_64, &back));
            CHECK_OK(gs_equal(back, coo, &eq));
            CHECK(eq == 1);
            CHECK_OK(gs_tensor_free(&back));
            CHECK_OK(gs_tensor_free(&t));
        }
    }
    CHECK_OK(gs_tensor_free(&coo));
}

static void test_to_layout_errors(void) {
    gs_tensor *coo = NULL, *out = NULL;
    CHECK_OK(make_coo_3x4(&coo));
    CHECK_ERR(gs_to_layout(coo, GS_SPARSE_CSR, NULL, -1, 0, NULL), GS_ERR_INVALID_ARGUMENT, "gs_to_layout: out is NULL");
    CHECK_ERR(gs_to_layout(coo, 17, NULL, -1, 0, &out), GS_ERR_INVALID_ARGUMENT, "layout = 17");
    CHECK_ERR(gs_to_layout(coo, GS_SPARSE_BSR, NULL, -1, 0, &out), GS_ERR_INVALID_ARGUMENT, "blocksize is NULL");
    int64_t bad[] = {2, 2}; /* 3 rows are not divisible by 2 */
    CHECK_ERR(gs_to_layout(coo, GS_SPARSE_BSR, bad, -1, 0, &out), GS_ERR_INVALID_ARGUMENT, "divisible");
    CHECK_ERR(gs_to_layout(coo, GS_SPARSE_CSR, NULL, -2, 0, &out), GS_ERR_INVALID_ARGUMENT, "dense_dim = -2");
    CHECK_ERR(gs_to_layout(coo, GS_SPARSE_CSR, NULL, -1, 16, &out), GS_ERR_INVALID_ARGUMENT, "index_width = 16");
    CHECK_ERR(gs_to_layout(coo, GS_SPARSE_CSR, NULL, 5, 0, &out), GS_ERR_INVALID_ARGUMENT, "");
    CHECK(out == NULL);
    CHECK_OK(gs_tensor_free(&coo));
}

static void test_to_sparse_coo_dim(void) {
    /* A 2x2x2 strided tensor: to_sparse(1) gives 1 sparse and 1 dense dimension... */
    double data[] = {0, 0, 0, 0, 1, 2, 0, 3};
    gs_array a = arr1(data, GS_FLOAT64, 2);
    a.ndim = 3;
    a.shape[1] = 2;
    a.shape[2] = 2;
    gs_tensor *dense = NULL, *t = NULL;
    CHECK_OK(gs_strided_from(&a, &dense));
    CHECK_OK(gs_to_sparse_coo_dim(dense, 1, &t));
    int32_t sd = -1, dd = -1;
    int64_t nnz = -1;
    CHECK_OK(gs_tensor_sparse_dim(t, &sd));
    CHECK_OK(gs_tensor_dense_dim(t, &dd));
    CHECK_OK(gs_tensor_nnz(t, &nnz));
    CHECK(sd == 1 && dd == 2 && nnz == 1); /* only slice 1 is non-zero */
    CHECK(dense_matches(t, data, 8));
    CHECK_OK(gs_tensor_free(&t));
    /* ...and to_sparse(3) one entry per non-zero. */
    CHECK_OK(gs_to_sparse_coo_dim(dense, 3, &t));
    CHECK_OK(gs_tensor_nnz(t, &nnz));
    CHECK(nnz == 3);
    CHECK(dense_matches(t, data, 8));
    CHECK_OK(gs_tensor_free(&t));
    CHECK_ERR(gs_to_sparse_coo_dim(dense, 0, &t), GS_ERR_INVALID_ARGUMENT, "sparse_dim = 0");
    CHECK_ERR(gs_to_sparse_coo_dim(dense, 4, &t), GS_ERR_INVALID_ARGUMENT, "");
    CHECK_ERR(gs_to_sparse_coo_dim(dense, 1, NULL), GS_ERR_INVALID_ARGUMENT, "gs_to_sparse_coo_dim: out is NULL");
    CHECK(t == NULL);
    CHECK_OK(gs_tensor_free(&dense));
}

static void test_coalesce(void) {
    int64_t idx[] = {1, 0, 1, 2, 0, 2};
    double val[] = {1, 2, 3};
    gs_array i = arr2(idx, GS_INT64, 2, 3), v = arr1(val, GS_FLOAT64, 3);
    int64_t size[] = {2, 3};
    gs_tensor *t = NULL, *c = NULL;
    CHECK_OK(gs_sparse_coo_from(&i, &v, 2, size, GS_FLAGS_DEFAULT, &t));
    CHECK_OK(gs_coalesce(t, &c));
    int32_t co = -1, eq = -1;
    int64_t nnz = -1;
    CHECK_OK(gs_tensor_is_coalesced(c, &co));
    CHECK_OK(gs_tensor_nnz(c, &nnz));
    CHECK(co == 1 && nnz == 2);
    gs_array ci, cv;
    CHECK_OK(gs_tensor_component(c, GS_COMP_INDICES, &ci));
    CHECK_OK(gs_tensor_component(c, GS_COMP_VALUES, &cv));
    int64_t want_idx[] = {0, 1, 0, 2};
    double want_val[] = {2, 4};
    CHECK(memcmp(ci.data, want_idx, sizeof want_idx) == 0);
    CHECK(memcmp(cv.data, want_val, sizeof want_val) == 0);
    CHECK_OK(gs_equal(t, c, &eq));
    CHECK(eq == 1);
    CHECK_ERR(gs_coalesce(t, NULL), GS_ERR_INVALID_ARGUMENT, "gs_coalesce: out is NULL");
    CHECK_OK(gs_tensor_free(&c));
    CHECK_OK(gs_tensor_free(&t));
}

static void test_dtype_and_width(void) {
    gs_tensor *t = NULL, *f = NULL, *i = NULL, *w = NULL;
    CHECK_OK(make_csr_2x2(GS_FLOAT64, &t));
    CHECK_OK(gs_to_dtype(t, GS_FLOAT32, &f));
    gs_dtype d = -1;
    CHECK_OK(gs_tensor_dtype(f, &d));
    CHECK(d == GS_FLOAT32);
    double want[] = {1, 2, 3, 4};
    CHECK(dense_matches(f, want, 4));
    CHECK_OK(gs_to_dtype(t, GS_INT8, &i));
    gs_array v;
    CHECK_OK(gs_tensor_component(i, GS_COMP_VALUES, &v));
    CHECK(v.dtype == GS_INT8 && ((int8_t *)v.data)[3] == 4);
    CHECK_ERR(gs_to_dtype(t, 3, &w), GS_ERR_DTYPE, "gs_to_dtype: dtype");
    CHECK_ERR(gs_to_dtype(t, GS_FLOAT32, NULL), GS_ERR_INVALID_ARGUMENT, "gs_to_dtype: out is NULL");

    CHECK_OK(gs_to_index_width(t, GS_INDEX_32, &w));
    int32_t width = -1, eq = -1;
    CHECK_OK(gs_tensor_index_width(w, &width));
    CHECK(width == 32);
    gs_array crow;
    CHECK_OK(gs_tensor_component(w, GS_COMP_CROW_INDICES, &crow));
    CHECK(crow.dtype == GS_INT32 && ((int32_t *)crow.data)[2] == 4);
    CHECK_OK(gs_equal(w, t, &eq));
    CHECK(eq == 1);
    CHECK_OK(gs_tensor_free(&w));
    CHECK_ERR(gs_to_index_width(t, 8, &w), GS_ERR_INVALID_ARGUMENT, "index_width = 8");
    CHECK_ERR(gs_to_index_width(t, GS_INDEX_64, NULL), GS_ERR_INVALID_ARGUMENT, "gs_to_index_width: out is NULL");
    CHECK(w == NULL);
    CHECK_OK(gs_tensor_free(&i));
    CHECK_OK(gs_tensor_free(&f));
    CHECK_OK(gs_tensor_free(&t));
}

static void test_to_dense_and_equal(void) {
    gs_tensor *a = NULL, *b = NULL, *d = NULL, *other = NULL;
    CHECK_OK(make_csr_2x2(GS_FLOAT64, &a));
    CHECK_OK(make_csr_2x2(GS_FLOAT64, &b));
    CHECK_OK(gs_to_dense(a, &d));
    gs_layout l = -1;
    CHECK_OK(gs_tensor_layout(d, &l));
    CHECK(l == GS_STRIDED);
    int32_t eq = -1;
    CHECK_OK(gs_equal(a, b, &eq));
    CHECK(eq == 1);
    CHECK_OK(gs_equal(a, d, &eq));
    CHECK(eq == 1);
    double other_data[] = {1, 2, 3, 5};
    gs_array od = arr2(other_data, GS_FLOAT64, 2, 2);
    CHECK_OK(gs_strided_from(&od, &other));
    CHECK_OK(gs_equal(a, other, &eq));
    CHECK(eq == 0);
    CHECK_OK(gs_tensor_free(&other));
    gs_array flat = arr1(other_data, GS_FLOAT64, 4); /* same values, other shape */
    CHECK_OK(gs_strided_from(&flat, &other));
    CHECK_OK(gs_equal(a, other, &eq));
    CHECK(eq == 0);
    CHECK_ERR(gs_equal(a, b, NULL), GS_ERR_INVALID_ARGUMENT, "gs_equal: out is NULL");
    CHECK_ERR(gs_to_dense(a, NULL), GS_ERR_INVALID_ARGUMENT, "gs_to_dense: out is NULL");
    CHECK_OK(gs_tensor_free(&other));
    CHECK_OK(gs_tensor_free(&d));
    CHECK_OK(gs_tensor_free(&b));
    CHECK_OK(gs_tensor_free(&a));
}

/* torch's coalesce test with no sparse dim: indices (0, 4), values (4, 2), size
 * (2,): the entries are value blocks of the whole shape and coalesce sums them. */
static void test_no_sparse_dim(void) {
    int64_t none[1] = {0};
    double vals[] = {1, 2, 3, 4, 5, 6, 7, 8}, want[] = {16, 20};
    gs_array i = arr2(none, GS_INT64, 0, 4), v = arr2(vals, GS_FLOAT64, 4, 2);
    int64_t size[] = {2};
    gs_tensor *t = NULL, *c = NULL, *s = NULL;
    CHECK_OK(gs_sparse_coo_from(&i, &v, 1, size, 0, &t));
    int32_t sd = -1;
    int64_t nnz = -1;
    CHECK_OK(gs_tensor_sparse_dim(t, &sd));
    CHECK(sd == 0);
    CHECK(dense_matches(t, want, 2));
    CHECK_OK(gs_coalesce(t, &c));
    CHECK_OK(gs_tensor_nnz(c, &nnz));
    CHECK(nnz == 1);
    CHECK(dense_matches(c, want, 2));
    /* a 0-d values array is one entry of a 0-d tensor: sparse_coo_tensor(empty(0, 1), 5., ()) */
    double five = 5;
    gs_array one = arr1(&five, GS_FLOAT64, 1), i1 = arr2(none, GS_INT64, 0, 1);
    one.ndim = 0;
    CHECK_OK(gs_sparse_coo_from(&i1, &one, 0, NULL, 0, &s));
    CHECK(dense_matches(s, &five, 1));
    /* the checks stay: two index columns, one value */
    gs_tensor *bad = NULL;
    gs_array i2 = arr2(none, GS_INT64, 0, 2);
    CHECK_ERR(gs_sparse_coo_from(&i2, &one, 0, NULL, 0, &bad), GS_ERR_INVALID_ARGUMENT, "nnz from indices: 2, nnz from values: 1");
    CHECK(bad == NULL);
    CHECK_OK(gs_tensor_free(&s));
    CHECK_OK(gs_tensor_free(&c));
    CHECK_OK(gs_tensor_free(&t));
}

int main(void) {
    check_start();
    test_no_sparse_dim();
    test_round_trips();
    test_to_layout_errors();
    test_to_sparse_coo_dim();
    test_coalesce();
    test_dtype_and_width();
    test_to_dense_and_equal();
    return check_finish("test_convert");
}
