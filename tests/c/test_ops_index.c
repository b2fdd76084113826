/* test_ops_index.c — select, index, index_select and narrow_copy:
 * to_dense(op(A)) == op(dense A) on every layout (hybrid COO included), and
 * the argument checks. */
#include "test_ops_util.h"

/* Runs the indexing checks on t, which holds the dense reference a (every dim,
 * sparse or dense). */
static void check_indexing(const gs_tensor *t, const ref_t *a) {
    for (int32_t dim = 0; dim < a->ndim; dim++) {
        int64_t n = a->shape[dim];
        for (int64_t i = -n; i < n; i++) {
            gs_tensor *r = NULL;
            ref_t want = ref_select(a, dim, i < 0 ? i + n : i);
            CHECK_OK(gs_select(t, dim, i, &r));
            CHECK(same_as_ref(r, &want));
            gs_tensor_free(&r);
        }
        for (int64_t start = 0; start < n; start++) {
            for (int64_t len = 0; start + len <= n; len++) {
                gs_tensor *r = NULL;
                ref_t want = ref_narrow(a, dim, start, len);
                CHECK_OK(gs_narrow_copy(t, dim, start, len, &r));
                CHECK(same_as_ref(r, &want));
                gs_tensor_free(&r);
            }
        }
        /* Repeated, reordered and negative positions; int64 and int32 index arrays.
         * As torch: sparse tensors count negative positions from the end, a strided
         * tensor refuses them (torch's dense index_select: index out of range in self). */
        int64_t idx64[] = {n - 1, 0, -1, n > 1 ? 1 : 0}, norm[4];
        int32_t idx32[4];
        for (int k = 0; k < 4; k++) {
            norm[k] = idx64[k] < 0 ? idx64[k] + n : idx64[k];
            idx32[k] = (int32_t)idx64[k];
        }
        ref_t want = ref_index_select(a, dim, norm, 4);
        gs_array i64 = arr1(idx64, GS_INT64, 4), i32 = arr1(idx32, GS_INT32, 4);
        gs_tensor *r = NULL;
        if (layout_of(t) == GS_STRIDED) {
            CHECK_ERR(gs_index_select(t, dim, &i64, &r), GS_ERR_INDEX,
                      "gs_index_select: index_select: index[2] = -1 is out of range");
            CHECK(strstr(gs_last_error(), "a strided tensor takes indices in [0, ") != NULL);
            CHECK_ERR(gs_index_select(t, dim, &i32, &r), GS_ERR_INDEX, "index[2] = -1");
            CHECK(r == NULL);
            /* The same positions, none negative, are fine. */
            gs_array nn = arr1(norm, GS_INT64, 4);
            CHECK_OK(gs_index_select(t, dim, &nn, &r));
            CHECK(same_as_ref(r, &want));
            gs_tensor_free(&r);
        } else { /* sparse and dense dims alike */
            CHECK_OK(gs_index_select(t, dim, &i64, &r));
            CHECK(same_as_ref(r, &want));
            gs_tensor_free(&r);
            CHECK_OK(gs_index_select(t, dim, &i32, &r));
            CHECK(same_as_ref(r, &want));
            gs_tensor_free(&r);
        }
        CHECK_ERR(gs_select(t, dim, n, &r), GS_ERR_INDEX, "gs_select: select: index");
        CHECK_ERR(gs_narrow_copy(t, dim, 1, n, &r), GS_ERR_INDEX, "gs_narrow_copy: narrow_copy");
        CHECK_ERR(gs_narrow_copy(t, dim, 0, -1, &r), GS_ERR_INDEX, "gs_narrow_copy");
        idx64[1] = n;
        CHECK_ERR(gs_index_select(t, dim, &i64, &r), GS_ERR_INDEX, "gs_index_select: index_select: index[1]");
        CHECK(r == NULL);
    }
    /* t[i, j]: every full index is a 0-d strided tensor of that element. */
    for (int64_t k = 0; k < ref_numel(a); k++) {
        int64_t idx[GS_MAX_NDIM];
        ref_unravel(a, k, idx);
        gs_tensor *r = NULL;
        CHECK_OK(gs_index(t, idx, a->ndim, &r));
        ref_t want;
        memset(&want, 0, sizeof want);
        want.v[0] = a->v[k];
        CHECK(same_as_ref(r, &want));
        CHECK(layout_of(r) == GS_STRIDED);
        gs_tensor_free(&r);
    }
    /* A partial index is select on the leading dims; no index is a copy. */
    int64_t first[] = {1};
    gs_tensor *r = NULL;
    ref_t want = ref_select(a, 0, 1);
    CHECK_OK(gs_index(t, first, 1, &r));
    CHECK(same_as_ref(r, &want));
    gs_tensor_free(&r);
    CHECK_OK(gs_index(t, NULL, 0, &r));
    CHECK(same_as_ref(r, a));
    gs_tensor_free(&r);
}

static void test_all_layouts(void) {
    ref_t a = ref_3x4();
    for (int i = 0; i < OPS_NLAYOUTS; i++) {
        gs_tensor *t = ref_in_layout(&a, ops_layout(i), -1);
        check_indexing(t, &a);
        gs_tensor_free(&t);
    }
    /* A 2x3x4 COO with 2 sparse dims and 1 dense dim (hybrid), and all-sparse. */
    ref_t b = ref_2x3x4();
    gs_tensor *h = ref_in_layout(&b, GS_SPARSE_COO, 1), *s = ref_in_layout(&b, GS_SPARSE_COO, -1);
    int32_t dd = -1;
    CHECK_OK(gs_tensor_dense_dim(h, &dd));
    CHECK(dd == 1);
    check_indexing(h, &b);
    check_indexing(s, &b);
    gs_tensor_free(&s);
    gs_tensor_free(&h);
}

static void test_argument_checks(void) {
    gs_tensor *t = NULL, *r = NULL;
    CHECK_OK(make_coo_3x4(&t));
    int64_t idx[] = {0, 1, 2};
    double fidx[] = {0, 1};
    gs_array good = arr1(idx, GS_INT64, 2), flt = arr1(fidx, GS_FLOAT64, 2), twod = arr2(idx, GS_INT64, 1, 2);
    gs_array nodata = arr1(NULL, GS_INT64, 2), zero_d = arr1(idx + 2, GS_INT64, 1);
    zero_d.ndim = 0;

    CHECK_ERR(gs_select(t, 2, 0, &r), GS_ERR_INDEX, "gs_select: select: dim");
    CHECK_ERR(gs_select(t, -3, 0, &r), GS_ERR_INDEX, "gs_select");
    CHECK_ERR(gs_select(t, 0, -4, &r), GS_ERR_INDEX, "gs_select: select: index -4");
    CHECK_ERR(gs_select(t, 0, 0, NULL), GS_ERR_INVALID_ARGUMENT, "gs_select: out is NULL");
    CHECK_ERR(gs_select(NULL, 0, 0, &r), GS_ERR_INVALID_HANDLE, "gs_select: t is NULL");

    CHECK_ERR(gs_index(t, idx, 3, &r), GS_ERR_INDEX, "gs_index: index: too many indices (3)");
    CHECK_ERR(gs_index(t, idx, GS_MAX_NDIM + 1, &r), GS_ERR_INDEX, "gs_index: n = 17");
    CHECK_ERR(gs_index(t, idx, -1, &r), GS_ERR_INVALID_ARGUMENT, "gs_index: n = -1");
    CHECK_ERR(gs_index(t, NULL, 1, &r), GS_ERR_INVALID_ARGUMENT, "gs_index: indices is NULL but n = 1");
    CHECK_ERR(gs_index(t, idx, 1, NULL), GS_ERR_INVALID_ARGUMENT, "gs_index: out is NULL");
    int64_t far[] = {0, 9};
    CHECK_ERR(gs_index(t, far, 2, &r), GS_ERR_INDEX, "gs_index: select: index 9");

    /* A 0-d index selects one position and keeps the dim (size 1). */
    CHECK_OK(gs_index_select(t, 0, &zero_d, &r));
    ref_t a = ref_3x4(), want = ref_narrow(&a, 0, 2, 1);
    CHECK(same_as_ref(r, &want));
    gs_tensor_free(&r);
    CHECK_ERR(gs_index_select(t, 0, NULL, &r), GS_ERR_INVALID_ARGUMENT, "gs_index_select: index is NULL");
    CHECK_ERR(gs_index_select(t, 0, &flt, &r), GS_ERR_DTYPE, "gs_index_select: index: expected int32 or int64");
    CHECK_ERR(gs_index_select(t, 0, &twod, &r), GS_ERR_INVALID_ARGUMENT, "gs_index_select: index_select: index must be 0-d or 1-d");
    CHECK_ERR(gs_index_select(t, 0, &nodata, &r), GS_ERR_INVALID_ARGUMENT, "gs_index_select: index.data is NULL");
    CHECK_ERR(gs_index_select(t, 5, &good, &r), GS_ERR_INDEX, "gs_index_select: index_select: dim");
    CHECK_ERR(gs_index_select(t, 0, &good, NULL), GS_ERR_INVALID_ARGUMENT, "gs_index_select: out is NULL");

    CHECK_ERR(gs_narrow_copy(t, 2, 0, 1, &r), GS_ERR_INDEX, "gs_narrow_copy: narrow_copy: dim");
    CHECK_ERR(gs_narrow_copy(t, 0, 0, 1, NULL), GS_ERR_INVALID_ARGUMENT, "gs_narrow_copy: out is NULL");
    /* A negative start counts from the end, as torch's narrow. */
    CHECK_OK(gs_narrow_copy(t, 1, -2, 2, &r));
    want = ref_narrow(&a, 1, 2, 2);
    CHECK(same_as_ref(r, &want));
    gs_tensor_free(&r);
    CHECK(r == NULL);
    gs_tensor_free(&t);
}

/* gs_select_index_width: the COO row of an int32 CSR matrix with int64
 * indices (torch's) in one call, the elements gs_select's; a bad width. */
static void test_select_index_width(void) {
    ref_t a = ref_3x4();
    gs_tensor *t = ref_in_layout(&a, GS_SPARSE_CSR, -1), *n = NULL, *r = NULL, *w = NULL;
    CHECK_OK(gs_to_index_width(t, GS_INDEX_32, &n));
    int32_t width = 0, eq = 0;
    gs_layout layout = GS_STRIDED;
    CHECK_OK(gs_select(n, 0, 1, &r));
    CHECK_OK(gs_tensor_index_width(r, &width));
    CHECK(width == 32);
    CHECK_OK(gs_select_index_width(n, 0, 1, GS_INDEX_64, &w));
    CHECK_OK(gs_tensor_index_width(w, &width));
    CHECK_OK(gs_tensor_layout(w, &layout));
    CHECK(width == 64 && layout == GS_SPARSE_COO);
    CHECK_OK(gs_equal(r, w, &eq));
    CHECK(eq == 1);
    gs_tensor_free(&w);
    CHECK_ERR(gs_select_index_width(n, 0, 1, 16, &w), GS_ERR_INVALID_ARGUMENT,
              "gs_select_index_width: index_width = 16 must be GS_INDEX_AUTO (0), GS_INDEX_32 or GS_INDEX_64");
    gs_tensor_free(&r);
    gs_tensor_free(&n);
    gs_tensor_free(&t);
}

int main(void) {
    check_start();
    test_all_layouts();
    test_argument_checks();
    test_select_index_width();
    return check_finish("test_ops_index");
}
