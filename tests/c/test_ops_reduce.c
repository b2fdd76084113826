/* test_ops_reduce.c — sum, softmax, log_softmax and sparse_mask:
 * to_dense(op(A)) == op(dense A) where the op has a dense definition, torch's
 * specified-elements-only rule for softmax, and the argument checks. */
#include <math.h>

#include "test_ops_util.h"

/* 1 when to_dense(t) is within 1e-12 of want[0..n). */
static int dense_close(const gs_tensor *t, const double *want, int64_t n) {
    gs_tensor *d = NULL;
    gs_array a;
    int ok = gs_to_dense(t, &d) == GS_OK && gs_tensor_component(d, GS_COMP_VALUES, &a) == GS_OK &&
             a.dtype == GS_FLOAT64 && numel(&a) == n;
    for (int64_t i = 0; ok && i < n; i++) {
        double g = ((const double *)a.data)[i];
        if (fabs(g - want[i]) > 1e-12 * (1 + fabs(want[i]))) {
            fprintf(stderr, "dense_close: element %lld is %.17g, expected %.17g\n", (long long)i, g, want[i]);
            ok = 0;
        }
    }
    gs_tensor_free(&d);
    return ok;
}

/* Sums over every subset of dims of t (holding a, dense_dim trailing dense dims). */
static void check_sums(const gs_tensor *t, const ref_t *a, int32_t dense_dim) {
    int32_t nd = a->ndim;
    for (int mask = 0; mask < (1 << nd); mask++) {
        int reduce[GS_MAX_NDIM] = {0};
        int32_t dims[GS_MAX_NDIM], n = 0;
        int all_sparse = 1;
        for (int32_t d = 0; d < nd; d++) {
            reduce[d] = mask == 0 || (mask >> d & 1);
            if (mask >> d & 1) dims[n++] = d % 2 ? d - nd : d; /* some negative */
            if (d < nd - dense_dim && !reduce[d]) all_sparse = 0;
        }
        ref_t want = ref_sum(a, reduce);
        gs_tensor *r = NULL;
        CHECK_OK(gs_sum(t, n ? dims : NULL, n, &r));
        CHECK(same_as_ref(r, &want));
        gs_layout l = layout_of(r);
        /* Strided once every sparse dim is reduced, else coalesced COO (torch). */
        if (layout_of(t) != GS_STRIDED) CHECK(all_sparse ? l == GS_STRIDED : l == GS_SPARSE_COO);
        if (l == GS_SPARSE_COO) {
            int32_t co = 0;
            CHECK_OK(gs_tensor_is_coalesced(r, &co));
            CHECK(co == 1);
        }
        gs_tensor_free(&r);
    }
}

static void test_sum(void) {
    ref_t a = ref_3x4();
    for (int i = 0; i < OPS_NLAYOUTS; i++) {
        gs_tensor *t = ref_in_layout(&a, ops_layout(i), -1);
        check_sums(t, &a, 0);
        gs_tensor_free(&t);
    }
    ref_t b = ref_2x3x4();
    gs_tensor *h = ref_in_layout(&b, GS_SPARSE_COO, 1), *s = ref_in_layout(&b, GS_SPARSE_COO, -1);
    check_sums(h, &b, 1);
    check_sums(s, &b, 0);
    gs_tensor_free(&s);
    gs_tensor_free(&h);

    /* bool sums to int64, as in torch. */
    uint8_t bits[] = {1, 0, 1, 1};
    gs_array ba = arr1(bits, GS_BOOL, 4);
    gs_tensor *bt = NULL, *bs = NULL, *r = NULL;
    CHECK_OK(gs_strided_from(&ba, &bt));
    CHECK_OK(gs_to_layout(bt, GS_SPARSE_COO, NULL, -1, GS_INDEX_AUTO, &bs));
    CHECK_OK(gs_sum(bs, NULL, 0, &r));
    gs_dtype d = -1;
    gs_array v;
    CHECK_OK(gs_tensor_dtype(r, &d));
    CHECK_OK(gs_tensor_component(r, GS_COMP_VALUES, &v));
    CHECK(d == GS_INT64 && v.ndim == 0 && *(int64_t *)v.data == 3);
    gs_tensor_free(&r);
    gs_tensor_free(&bs);
    gs_tensor_free(&bt);

    gs_tensor *t = NULL;
    CHECK_OK(make_coo_3x4(&t));
    int32_t dup[] = {1, -1}, far[] = {2}, ok[] = {0};
    CHECK_ERR(gs_sum(t, dup, 2, &r), GS_ERR_INVALID_ARGUMENT, "gs_sum: sum: dim 1 appears multiple times");
    CHECK_ERR(gs_sum(t, far, 1, &r), GS_ERR_INDEX, "gs_sum: sum: dim");
    CHECK_ERR(gs_sum(t, NULL, 1, &r), GS_ERR_INVALID_ARGUMENT, "gs_sum: dims is NULL but ndims = 1");
    CHECK_ERR(gs_sum(t, ok, -1, &r), GS_ERR_INVALID_ARGUMENT, "gs_sum: ndims = -1");
    CHECK_ERR(gs_sum(t, ok, 17, &r), GS_ERR_INVALID_ARGUMENT, "ndims = 17");
    CHECK_ERR(gs_sum(t, ok, 1, NULL), GS_ERR_INVALID_ARGUMENT, "gs_sum: out is NULL");
    CHECK_ERR(gs_sum(NULL, ok, 1, &r), GS_ERR_INVALID_HANDLE, "gs_sum: t is NULL");
    CHECK(r == NULL);
    gs_tensor_free(&t);
}

/* softmax over the specified elements of each line along dim of the 3x4 matrix. */
static void softmax_ref(int32_t dim, int log_, double *out) {
    ref_t a = ref_3x4();
    memset(out, 0, 12 * sizeof(double));
    int lines = dim == 1 ? 3 : 4, len = dim == 1 ? 4 : 3;
    for (int l = 0; l < lines; l++) {
        double m = -INFINITY, sum = 0;
        for (int k = 0; k < len; k++) {
            int at = dim == 1 ? l * 4 + k : k * 4 + l;
            if (a.v[at] != 0) m = fmax(m, a.v[at]);
        }
        for (int k = 0; k < len; k++) {
            int at = dim == 1 ? l * 4 + k : k * 4 + l;
            if (a.v[at] != 0) sum += exp(a.v[at] - m);
        }
        for (int k = 0; k < len; k++) {
            int at = dim == 1 ? l * 4 + k : k * 4 + l;
            if (a.v[at] != 0) out[at] = log_ ? a.v[at] - m - log(sum) : exp(a.v[at] - m) / sum;
        }
    }
}

static void test_softmax(void) {
    ref_t a = ref_3x4();
    for (int i = 1; i < OPS_NLAYOUTS; i++) { /* sparse layouts only */
        gs_tensor *t = ref_in_layout(&a, ops_layout(i), -1);
        for (int32_t dim = -2; dim < 2; dim++) {
            double want[12], lwant[12];
            softmax_ref(dim < 0 ? dim + 2 : dim, 0, want);
            softmax_ref(dim < 0 ? dim + 2 : dim, 1, lwant);
            gs_tensor *r = NULL, *lr = NULL;
            CHECK_OK(gs_softmax(t, dim, &r));
            CHECK(dense_close(r, want, 12));
            CHECK_OK(gs_log_softmax(t, dim, &lr));
            CHECK(dense_close(lr, lwant, 12));
            /* The pattern is t's: as many stored elements. */
            int64_t n0 = -1, n1 = -1;
            CHECK_OK(gs_tensor_nnz(t, &n0));
            CHECK_OK(gs_tensor_nnz(r, &n1));
            CHECK(n0 == n1);
            gs_tensor_free(&lr);
            gs_tensor_free(&r);
        }
        gs_tensor *r = NULL;
        CHECK_ERR(gs_softmax(t, 2, &r), GS_ERR_INDEX, "gs_softmax: softmax: dim");
        CHECK_ERR(gs_log_softmax(t, -3, &r), GS_ERR_INDEX, "gs_log_softmax: log_softmax: dim");
        CHECK_ERR(gs_softmax(t, 0, NULL), GS_ERR_INVALID_ARGUMENT, "gs_softmax: out is NULL");
        CHECK_ERR(gs_log_softmax(t, 0, NULL), GS_ERR_INVALID_ARGUMENT, "gs_log_softmax: out is NULL");
        CHECK(r == NULL);
        gs_tensor_free(&t);
    }
    gs_tensor *d = ref_tensor(&a), *i64 = NULL, *r = NULL;
    CHECK_ERR(gs_softmax(d, 0, &r), GS_ERR_INVALID_ARGUMENT, "gs_softmax: softmax: expected a sparse tensor");
    gs_tensor *coo = ref_in_layout(&a, GS_SPARSE_COO, -1);
    CHECK_OK(gs_to_dtype(coo, GS_INT64, &i64));
    CHECK_ERR(gs_log_softmax(i64, 0, &r), GS_ERR_NOT_IMPLEMENTED, "gs_log_softmax: log_softmax: not implemented for int64");
    CHECK_ERR(gs_softmax(NULL, 0, &r), GS_ERR_INVALID_HANDLE, "gs_softmax: t is NULL");
    CHECK(r == NULL);
    gs_tensor_free(&i64);
    gs_tensor_free(&coo);
    gs_tensor_free(&d);
}

static void test_sparse_mask(void) {
    ref_t a = ref_3x4(), full = ref_3x4();
    for (int k = 0; k < 12; k++) full.v[k] = k + 1;
    ref_t want = full;
    for (int k = 0; k < 12; k++)
        if (a.v[k] == 0) want.v[k] = 0;
    for (int i = 1; i < OPS_NLAYOUTS; i++) { /* the mask is sparse */
        gs_tensor *mask = ref_in_layout(&a, ops_layout(i), -1);
        for (int j = 0; j < OPS_NLAYOUTS; j++) { /* t of any layout */
            gs_tensor *t = ref_in_layout(&full, ops_layout(j), -1), *r = NULL;
            CHECK_OK(gs_sparse_mask(t, mask, &r));
            CHECK(same_as_ref(r, &want));
            CHECK(layout_of(r) == ops_layout(i));
            int64_t nnz = -1;
            CHECK_OK(gs_tensor_nnz(r, &nnz));
            CHECK(nnz == 4);
            gs_tensor_free(&r);
            gs_tensor_free(&t);
        }
        gs_tensor_free(&mask);
    }
    gs_tensor *t = ref_tensor(&full), *dmask = ref_tensor(&a), *other = NULL, *r = NULL;
    ref_t b = ref_2x3x4();
    other = ref_in_layout(&b, GS_SPARSE_COO, -1);
    gs_tensor *mask = ref_in_layout(&a, GS_SPARSE_COO, -1);
    CHECK_ERR(gs_sparse_mask(t, dmask, &r), GS_ERR_INVALID_ARGUMENT, "gs_sparse_mask: sparse_mask: mask must be sparse");
    CHECK_ERR(gs_sparse_mask(t, other, &r), GS_ERR_INVALID_ARGUMENT, "gs_sparse_mask: sparse_mask: expected self and mask to have the same shape");
    CHECK_ERR(gs_sparse_mask(t, NULL, &r), GS_ERR_INVALID_HANDLE, "gs_sparse_mask: mask is NULL");
    CHECK_ERR(gs_sparse_mask(NULL, mask, &r), GS_ERR_INVALID_HANDLE, "gs_sparse_mask: t is NULL");
    CHECK_ERR(gs_sparse_mask(t, mask, NULL), GS_ERR_INVALID_ARGUMENT, "gs_sparse_mask: out is NULL");
    CHECK(r == NULL);
    gs_tensor_free(&mask);
    gs_tensor_free(&other);
    gs_tensor_free(&dmask);
    gs_tensor_free(&t);
}

int main(void) {
    check_start();
    test_sum();
    test_softmax();
    test_sparse_mask();
    return check_finish("test_ops_reduce");
}
