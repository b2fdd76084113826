/* test_ops_shape.c — transpose, t, permute, unsqueeze, squeeze, reshape, the
 * cat family and sparse_resize: to_dense(op(A)) == op(dense A) on every layout,
 * and the argument checks. */
#include "test_ops_util.h"

static void test_transpose_and_t(void) {
    ref_t a = ref_3x4();
    int32_t swap[] = {1, 0};
    ref_t want = ref_permute(&a, swap);
    for (int i = 0; i < OPS_NLAYOUTS; i++) {
        gs_tensor *t = ref_in_layout(&a, ops_layout(i), -1), *r = NULL, *r2 = NULL, *r3 = NULL;
        CHECK(t != NULL);
        CHECK_OK(gs_transpose(t, 0, 1, &r));
        CHECK(same_as_ref(r, &want));
        CHECK_OK(gs_transpose(t, -1, -2, &r2));
        CHECK(same_as_ref(r2, &want));
        CHECK_OK(gs_t(t, &r3));
        CHECK(same_as_ref(r3, &want));
        /* torch: the transpose of a CSR matrix is the CSC of the same arrays. */
        if (ops_layout(i) == GS_SPARSE_CSR) CHECK(layout_of(r3) == GS_SPARSE_CSC);
        if (ops_layout(i) == GS_SPARSE_CSC) CHECK(layout_of(r3) == GS_SPARSE_CSR);
        gs_tensor_free(&r3);
        gs_tensor_free(&r2);
        gs_tensor_free(&r);
        /* A dim swapped with itself is the same tensor. */
        CHECK_OK(gs_transpose(t, 1, 1, &r));
        CHECK(same_as_ref(r, &a));
        gs_tensor_free(&r);
        CHECK_ERR(gs_transpose(t, 2, 0, &r), GS_ERR_INDEX, "gs_transpose: transpose: dim0");
        CHECK_ERR(gs_transpose(t, 0, -3, &r), GS_ERR_INDEX, "dim1");
        CHECK_ERR(gs_transpose(t, 0, 1, NULL), GS_ERR_INVALID_ARGUMENT, "gs_transpose: out is NULL");
        CHECK_ERR(gs_t(t, NULL), GS_ERR_INVALID_ARGUMENT, "gs_t: out is NULL");
        CHECK(r == NULL);
        gs_tensor_free(&t);
    }
    /* t() of a 3-d tensor is refused, of a 1-d tensor is the tensor. */
    ref_t c = ref_2x3x4();
    gs_tensor *t3 = ref_in_layout(&c, GS_SPARSE_COO, -1), *r = NULL;
    CHECK_ERR(gs_t(t3, &r), GS_ERR_INVALID_ARGUMENT, "gs_t: t: expects a tensor with <= 2");
    CHECK(r == NULL);
    gs_tensor_free(&t3);
    int64_t n4[] = {4};
    double v4[] = {0, 1, 0, 2};
    ref_t v = ref_make(1, n4, v4);
    gs_tensor *t1 = ref_in_layout(&v, GS_SPARSE_COO, -1);
    CHECK_OK(gs_t(t1, &r));
    CHECK(same_as_ref(r, &v));
    gs_tensor_free(&r);
    gs_tensor_free(&t1);
    CHECK_ERR(gs_transpose(NULL, 0, 1, &r), GS_ERR_INVALID_HANDLE, "gs_transpose: t is NULL");
    /* A freed handle is refused by every operator, never dereferenced. */
    gs_tensor *freed = ref_in_layout(&v, GS_SPARSE_COO, -1);
    const gs_tensor *stale = freed;
    gs_tensor_free(&freed);
    int32_t perm[] = {0};
    int64_t shape1[] = {4};
    CHECK_ERR(gs_transpose(stale, 0, 0, &r), GS_ERR_INVALID_HANDLE, "gs_transpose: t is not a live gs_tensor");
    CHECK_ERR(gs_t(stale, &r), GS_ERR_INVALID_HANDLE, "gs_t: t is not a live");
    CHECK_ERR(gs_permute(stale, perm, 1, &r), GS_ERR_INVALID_HANDLE, "gs_permute: t");
    CHECK_ERR(gs_unsqueeze(stale, 0, &r), GS_ERR_INVALID_HANDLE, "gs_unsqueeze: t");
    CHECK_ERR(gs_squeeze(stale, 0, 1, &r), GS_ERR_INVALID_HANDLE, "gs_squeeze: t");
    CHECK_ERR(gs_reshape(stale, shape1, 1, &r), GS_ERR_INVALID_HANDLE, "gs_reshape: t");
    CHECK_ERR(gs_sparse_resize(stale, shape1, 1, 1, 0, &r), GS_ERR_INVALID_HANDLE, "gs_sparse_resize: t");
    CHECK_ERR(gs_select(stale, 0, 0, &r), GS_ERR_INVALID_HANDLE, "gs_select: t");
    CHECK_ERR(gs_index(stale, shape1, 0, &r), GS_ERR_INVALID_HANDLE, "gs_index: t");
    CHECK_ERR(gs_narrow_copy(stale, 0, 0, 1, &r), GS_ERR_INVALID_HANDLE, "gs_narrow_copy: t");
    CHECK_ERR(gs_sum(stale, NULL, 0, &r), GS_ERR_INVALID_HANDLE, "gs_sum: t");
    CHECK_ERR(gs_softmax(stale, 0, &r), GS_ERR_INVALID_HANDLE, "gs_softmax: t");
    CHECK_ERR(gs_log_softmax(stale, 0, &r), GS_ERR_INVALID_HANDLE, "gs_log_softmax: t");
    double one = 1;
    CHECK_ERR(gs_with_fill_value(stale, &one, 8, &r), GS_ERR_INVALID_HANDLE, "gs_with_fill_value: t");
    CHECK(r == NULL);
}

static void test_permute(void) {
    ref_t a = ref_2x3x4();
    int32_t perms[][3] = {{2, 0, 1}, {1, 2, 0}, {0, 2, 1}, {-1, -3, -2}};
    for (int p = 0; p < 4; p++) {
        int32_t norm[3];
        for (int k = 0; k < 3; k++) norm[k] = perms[p][k] < 0 ? perms[p][k] + 3 : perms[p][k];
        ref_t want = ref_permute(&a, norm);
        gs_layout ls[] = {GS_STRIDED, GS_SPARSE_COO};
        for (int i = 0; i < 2; i++) {
            gs_tensor *t = ref_in_layout(&a, ls[i], -1), *r = NULL;
            CHECK_OK(gs_permute(t, perms[p], 3, &r));
            CHECK(same_as_ref(r, &want));
            gs_tensor_free(&r);
            gs_tensor_free(&t);
        }
    }
    /* A hybrid COO (2 sparse, 1 dense dim) permutes sparse dims among themselves. */
    gs_tensor *h = ref_in_layout(&a, GS_SPARSE_COO, 1), *r = NULL;
    int32_t ok[] = {1, 0, 2}, mix[] = {2, 1, 0}, rep[] = {0, 0, 1}, out_of_range[] = {0, 1, 3};
    ref_t want = ref_permute(&a, ok);
    CHECK_OK(gs_permute(h, ok, 3, &r));
    CHECK(same_as_ref(r, &want));
    gs_tensor_free(&r);
    CHECK_ERR(gs_permute(h, mix, 3, &r), GS_ERR_INVALID_ARGUMENT, "gs_permute: permute");
    CHECK_ERR(gs_permute(h, rep, 3, &r), GS_ERR_INVALID_ARGUMENT, "repeats dim 0");
    CHECK_ERR(gs_permute(h, out_of_range, 3, &r), GS_ERR_INDEX, "gs_permute: permute: dims");
    CHECK_ERR(gs_permute(h, ok, 2, &r), GS_ERR_INVALID_ARGUMENT, "dims has 2 entries");
    CHECK_ERR(gs_permute(h, NULL, 3, &r), GS_ERR_INVALID_ARGUMENT, "gs_permute: dims is NULL but ndims = 3");
    CHECK_ERR(gs_permute(h, ok, -1, &r), GS_ERR_INVALID_ARGUMENT, "ndims = -1");
    CHECK_ERR(gs_permute(h, ok, GS_MAX_NDIM + 1, &r), GS_ERR_INVALID_ARGUMENT, "ndims = 17");
    CHECK_ERR(gs_permute(h, ok, 3, NULL), GS_ERR_INVALID_ARGUMENT, "gs_permute: out is NULL");
    CHECK(r == NULL);
    gs_tensor_free(&h);
}

static void test_unsqueeze_squeeze(void) {
    ref_t a = ref_3x4();
    for (int i = 0; i < OPS_NLAYOUTS; i++) {
        gs_tensor *t = ref_in_layout(&a, ops_layout(i), -1);
        for (int32_t dim = -3; dim <= 2; dim++) {
            gs_tensor *u = NULL, *s = NULL, *all = NULL;
            int32_t at = dim < 0 ? dim + 3 : dim;
            ref_t want = ref_unsqueeze(&a, at);
            CHECK_OK(gs_unsqueeze(t, dim, &u));
            CHECK(same_as_ref(u, &want));
            CHECK_OK(gs_squeeze(u, at, 0, &s));
            CHECK(same_as_ref(s, &a));
            CHECK_OK(gs_squeeze(u, 99, 1, &all)); /* dim is ignored when all != 0 */
            CHECK(same_as_ref(all, &a));
            gs_tensor_free(&all);
            gs_tensor_free(&s);
            /* A dim whose size is not 1 stays. */
            CHECK_OK(gs_squeeze(u, at == 0 ? 1 : 0, 0, &s));
            CHECK(same_as_ref(s, &want));
            gs_tensor_free(&s);
            gs_tensor_free(&u);
        }
        gs_tensor *r = NULL;
        CHECK_ERR(gs_unsqueeze(t, 3, &r), GS_ERR_INDEX, "gs_unsqueeze: unsqueeze: dim");
        CHECK_ERR(gs_unsqueeze(t, -4, &r), GS_ERR_INDEX, "gs_unsqueeze");
        CHECK_ERR(gs_squeeze(t, 2, 0, &r), GS_ERR_INDEX, "gs_squeeze: squeeze: dim");
        CHECK_ERR(gs_unsqueeze(t, 0, NULL), GS_ERR_INVALID_ARGUMENT, "gs_unsqueeze: out is NULL");
        CHECK_ERR(gs_squeeze(t, 0, 0, NULL), GS_ERR_INVALID_ARGUMENT, "gs_squeeze: out is NULL");
        CHECK(r == NULL);
        gs_tensor_free(&t);
    }
}

/* unsqueeze and stack refuse a result of more than GS_MAX_NDIM dims, before any work,
 * as the constructors and gs_permute do; GS_MAX_NDIM dims exactly is fine. */
static void test_max_ndim(void) {
    int64_t ones[GS_MAX_NDIM];
    for (int d = 0; d < GS_MAX_NDIM; d++) ones[d] = 1;
    gs_layout layouts[] = {GS_STRIDED, GS_SPARSE_COO};
    for (int i = 0; i < 2; i++) {
        gs_tensor *full = NULL, *under = NULL, *r = NULL;
        CHECK_OK(gs_empty(layouts[i], GS_FLOAT64, GS_MAX_NDIM, ones, NULL, 0, &full));
        CHECK_OK(gs_empty(layouts[i], GS_FLOAT64, GS_MAX_NDIM - 1, ones, NULL, 0, &under));
        CHECK_ERR(gs_unsqueeze(full, 0, &r), GS_ERR_INVALID_ARGUMENT,
                  "gs_unsqueeze: unsqueeze: the result would have 17 dimensions, more than the 16 a tensor may have");
        CHECK_ERR(gs_unsqueeze(full, -1, &r), GS_ERR_INVALID_ARGUMENT, "17 dimensions");
        const gs_tensor *two[] = {full, full};
        CHECK_ERR(gs_stack(two, 2, 0, &r), GS_ERR_INVALID_ARGUMENT,
                  "gs_stack: stack: the result would have 17 dimensions, more than the 16");
        CHECK(r == NULL);
        /* One dim fewer: the result has GS_MAX_NDIM dims and its values can be read. */
        gs_component values = layouts[i] == GS_STRIDED ? GS_COMP_VALUES : GS_COMP_RAW_VALUES;
        gs_array vals;
        int32_t nd = 0;
        CHECK_OK(gs_unsqueeze(under, 3, &r));
        CHECK_OK(gs_tensor_ndim(r, &nd));
        CHECK(nd == GS_MAX_NDIM);
        CHECK_OK(gs_tensor_component(r, values, &vals));
        gs_tensor_free(&r);
        const gs_tensor *two_under[] = {under, under};
        CHECK_OK(gs_stack(two_under, 2, -1, &r));
        CHECK_OK(gs_tensor_ndim(r, &nd));
        CHECK(nd == GS_MAX_NDIM);
        CHECK_OK(gs_tensor_component(r, values, &vals));
        gs_tensor_free(&r);
        gs_tensor_free(&under);
        gs_tensor_free(&full);
    }
}

static void test_reshape(void) {
    ref_t a = ref_3x4();
    gs_tensor *t = ref_in_layout(&a, GS_SPARSE_COO, -1), *r = NULL;
    int64_t shapes[][3] = {{2, 6, 0}, {-1, 3, 0}, {12, 0, 0}, {2, 2, 3}, {2, -1, 2}};
    int32_t ndims[] = {2, 2, 1, 3, 3};
    for (int s = 0; s < 5; s++) {
        CHECK_OK(gs_reshape(t, shapes[s], ndims[s], &r));
        ref_t want = a; /* same row-major values, new shape */
        want.ndim = ndims[s];
        for (int32_t d = 0; d < ndims[s]; d++) want.shape[d] = shapes[s][d];
        int64_t known = 1;
        for (int32_t d = 0; d < ndims[s]; d++)
            if (shapes[s][d] >= 0) known *= shapes[s][d];
        for (int32_t d = 0; d < ndims[s]; d++)
            if (shapes[s][d] < 0) want.shape[d] = 12 / known;
        CHECK(same_as_ref(r, &want));
        CHECK(layout_of(r) == GS_SPARSE_COO);
        gs_tensor_free(&r);
    }
    int64_t bad[] = {5, -1}, neg[] = {-2, 6}, two_infer[] = {-1, -1};
    CHECK_ERR(gs_reshape(t, bad, 2, &r), GS_ERR_INVALID_ARGUMENT, "gs_reshape: reshape: shape");
    CHECK_ERR(gs_reshape(t, neg, 2, &r), GS_ERR_INVALID_ARGUMENT, "shape[0] = -2");
    CHECK_ERR(gs_reshape(t, two_infer, 2, &r), GS_ERR_INVALID_ARGUMENT, "gs_reshape");
    CHECK_ERR(gs_reshape(t, NULL, 2, &r), GS_ERR_INVALID_ARGUMENT, "shape is NULL but ndim = 2");
    CHECK_ERR(gs_reshape(t, bad, 17, &r), GS_ERR_INVALID_ARGUMENT, "ndim = 17");
    CHECK_ERR(gs_reshape(t, shapes[0], 2, NULL), GS_ERR_INVALID_ARGUMENT, "gs_reshape: out is NULL");
    CHECK(r == NULL);
    gs_tensor_free(&t);
}

static void test_cat_family(void) {
    ref_t a = ref_3x4(), b = ref_3x4();
    for (int k = 0; k < 12; k++) b.v[k] = b.v[k] * 10 + (k == 5 ? 7 : 0);
    for (int i = 0; i < OPS_NLAYOUTS; i++) {
        gs_tensor *ta = ref_in_layout(&a, ops_layout(i), -1), *tb = ref_in_layout(&b, ops_layout(i), -1);
        const gs_tensor *list[] = {ta, tb};
        for (int32_t dim = 0; dim < 2; dim++) {
            gs_tensor *r = NULL;
            ref_t want = ref_cat(&a, &b, dim);
            CHECK_OK(gs_cat(list, 2, dim, &r));
            CHECK(same_as_ref(r, &want));
            CHECK(layout_of(r) == ops_layout(i));
            gs_tensor_free(&r);
            CHECK_OK(gs_cat(list, 2, dim - 2, &r)); /* negative dims */
            CHECK(same_as_ref(r, &want));
            gs_tensor_free(&r);
            /* stack = cat of the unsqueezed tensors */
            ref_t ua = ref_unsqueeze(&a, dim), ub = ref_unsqueeze(&b, dim);
            want = ref_cat(&ua, &ub, dim);
            CHECK_OK(gs_stack(list, 2, dim, &r));
            CHECK(same_as_ref(r, &want));
            gs_tensor_free(&r);
        }
        gs_tensor *r = NULL;
        ref_t h = ref_cat(&a, &b, 1), v = ref_cat(&a, &b, 0);
        CHECK_OK(gs_hstack(list, 2, &r));
        CHECK(same_as_ref(r, &h));
        gs_tensor_free(&r);
        CHECK_OK(gs_vstack(list, 2, &r));
        CHECK(same_as_ref(r, &v));
        gs_tensor_free(&r);
        ref_t da = ref_unsqueeze(&a, 2), db = ref_unsqueeze(&b, 2), d = ref_cat(&da, &db, 2);
        if (ops_layout(i) == GS_STRIDED || ops_layout(i) == GS_SPARSE_COO) {
            CHECK_OK(gs_dstack(list, 2, &r));
            CHECK(same_as_ref(r, &d));
            gs_tensor_free(&r);
        }
        /* One tensor: a copy. */
        CHECK_OK(gs_cat(list, 1, 0, &r));
        CHECK(same_as_ref(r, &a));
        gs_tensor_free(&r);
        gs_tensor_free(&tb);
        gs_tensor_free(&ta);
    }
    /* 1-d tensors: hstack along dim 0, vstack makes rows. */
    int64_t n3[] = {3};
    double x[] = {1, 0, 2}, y[] = {0, 3, 0};
    ref_t rx = ref_make(1, n3, x), ry = ref_make(1, n3, y);
    gs_tensor *tx = ref_in_layout(&rx, GS_SPARSE_COO, -1), *ty = ref_in_layout(&ry, GS_SPARSE_COO, -1), *r = NULL;
    const gs_tensor *xy[] = {tx, ty};
    ref_t hx = ref_cat(&rx, &ry, 0), ux = ref_unsqueeze(&rx, 0), uy = ref_unsqueeze(&ry, 0), vx = ref_cat(&ux, &uy, 0);
    CHECK_OK(gs_hstack(xy, 2, &r));
    CHECK(same_as_ref(r, &hx));
    gs_tensor_free(&r);
    CHECK_OK(gs_vstack(xy, 2, &r));
    CHECK(same_as_ref(r, &vx));
    gs_tensor_free(&r);

    /* Argument checks. */
    ref_t a3 = ref_2x3x4();
    gs_tensor *t3 = ref_in_layout(&a3, GS_SPARSE_COO, -1), *dead = NULL;
    CHECK_OK(gs_clone(tx, &dead));
    const gs_tensor *stale = dead;
    gs_tensor_free(&dead);
    const gs_tensor *mixed[] = {tx, t3}, *with_null[] = {tx, NULL}, *with_stale[] = {tx, stale};
    CHECK_ERR(gs_cat(xy, 0, 0, &r), GS_ERR_INVALID_ARGUMENT, "gs_cat: n = 0 must be >= 1");
    CHECK_ERR(gs_cat(xy, -2, 0, &r), GS_ERR_INVALID_ARGUMENT, "n = -2");
    CHECK_ERR(gs_cat(NULL, 2, 0, &r), GS_ERR_INVALID_ARGUMENT, "gs_cat: tensors is NULL");
    CHECK_ERR(gs_cat(with_null, 2, 0, &r), GS_ERR_INVALID_HANDLE, "gs_cat: tensors[1] is NULL");
    CHECK_ERR(gs_cat(with_stale, 2, 0, &r), GS_ERR_INVALID_HANDLE, "tensors[1] is not a live gs_tensor");
    CHECK_ERR(gs_cat(mixed, 2, 0, &r), GS_ERR_INVALID_ARGUMENT, "gs_cat: cat: tensors[1]");
    CHECK_ERR(gs_cat(xy, 2, 1, &r), GS_ERR_INDEX, "gs_cat: cat: dim");
    CHECK_ERR(gs_cat(xy, 2, 0, NULL), GS_ERR_INVALID_ARGUMENT, "gs_cat: out is NULL");
    CHECK_ERR(gs_stack(mixed, 2, 0, &r), GS_ERR_INVALID_ARGUMENT, "gs_stack: stack: expects each tensor to be equal size");
    CHECK_ERR(gs_stack(xy, 0, 0, &r), GS_ERR_INVALID_ARGUMENT, "gs_stack: n = 0");
    CHECK_ERR(gs_stack(xy, 2, 2, &r), GS_ERR_INDEX, "gs_stack");
    CHECK_ERR(gs_hstack(with_null, 2, &r), GS_ERR_INVALID_HANDLE, "gs_hstack: tensors[1] is NULL");
    CHECK_ERR(gs_vstack(NULL, 1, &r), GS_ERR_INVALID_ARGUMENT, "gs_vstack: tensors is NULL");
    CHECK_ERR(gs_dstack(xy, 0, &r), GS_ERR_INVALID_ARGUMENT, "gs_dstack: n = 0");
    CHECK_ERR(gs_dstack(mixed, 2, &r), GS_ERR_INVALID_ARGUMENT, "gs_dstack");
    CHECK(r == NULL);
    gs_tensor_free(&t3);
    gs_tensor_free(&ty);
    gs_tensor_free(&tx);
}

static void test_sparse_resize(void) {
    ref_t a = ref_3x4();
    gs_tensor *t = ref_in_layout(&a, GS_SPARSE_COO, -1), *r = NULL;
    int64_t grow[] = {5, 6}, shrink_ok[] = {3, 4}, shrink_bad[] = {2, 4}, neg[] = {-1, 4};
    CHECK_OK(gs_sparse_resize(t, grow, 2, 2, 0, &r));
    ref_t want;
    memset(&want, 0, sizeof want);
    want.ndim = 2;
    want.shape[0] = 5;
    want.shape[1] = 6;
    for (int k = 0; k < 12; k++) want.v[(k / 4) * 6 + k % 4] = a.v[k];
    CHECK(same_as_ref(r, &want));
    int64_t nnz = -1;
    CHECK_OK(gs_tensor_nnz(r, &nnz));
    CHECK(nnz == 4);
    gs_tensor_free(&r);
    CHECK_OK(gs_sparse_resize(t, shrink_ok, 2, 2, 0, &r));
    CHECK(same_as_ref(r, &a));
    gs_tensor_free(&r);
    CHECK_ERR(gs_sparse_resize(t, shrink_bad, 2, 2, 0, &r), GS_ERR_INDEX, "gs_sparse_resize: sparse_resize_: size[0] = 2");
    CHECK_ERR(gs_sparse_resize(t, grow, 2, 1, 1, &r), GS_ERR_INVALID_ARGUMENT, "sparse_resize_and_clear_");
    CHECK_ERR(gs_sparse_resize(t, neg, 2, 2, 0, &r), GS_ERR_INVALID_ARGUMENT, "size[0] = -1");
    CHECK_ERR(gs_sparse_resize(t, NULL, 2, 2, 0, &r), GS_ERR_INVALID_ARGUMENT, "size is NULL but ndim = 2");
    CHECK_ERR(gs_sparse_resize(t, grow, -1, 2, 0, &r), GS_ERR_INVALID_ARGUMENT, "ndim = -1");
    CHECK_ERR(gs_sparse_resize(t, grow, 2, -1, 0, &r), GS_ERR_INVALID_ARGUMENT, "sparse_dim = -1");
    CHECK_ERR(gs_sparse_resize(t, grow, 2, 2, -3, &r), GS_ERR_INVALID_ARGUMENT, "dense_dim = -3");
    CHECK_ERR(gs_sparse_resize(t, grow, 2, 2, 0, NULL), GS_ERR_INVALID_ARGUMENT, "gs_sparse_resize: out is NULL");

    /* and_clear: an empty COO tensor of any size and split. */
    int64_t size3[] = {2, 5, 3};
    CHECK_OK(gs_sparse_resize_and_clear(t, size3, 3, 2, 1, &r));
    int32_t sd = -1, dd = -1;
    CHECK_OK(gs_tensor_nnz(r, &nnz));
    CHECK_OK(gs_tensor_sparse_dim(r, &sd));
    CHECK_OK(gs_tensor_dense_dim(r, &dd));
    CHECK(nnz == 0 && sd == 2 && dd == 1 && layout_of(r) == GS_SPARSE_COO);
    ref_t zero;
    memset(&zero, 0, sizeof zero);
    zero.ndim = 3;
    memcpy(zero.shape, size3, sizeof size3);
    CHECK(same_as_ref(r, &zero));
    gs_tensor_free(&r);
    CHECK_ERR(gs_sparse_resize_and_clear(t, size3, 3, 1, 1, &r), GS_ERR_INVALID_ARGUMENT,
              "gs_sparse_resize_and_clear: sparse_resize_and_clear_: sparse_dim 1 + dense_dim 1");
    CHECK_ERR(gs_sparse_resize_and_clear(t, size3, 3, 2, -1, &r), GS_ERR_INVALID_ARGUMENT, "dense_dim = -1");
    CHECK_ERR(gs_sparse_resize_and_clear(t, NULL, 3, 2, 1, &r), GS_ERR_INVALID_ARGUMENT, "size is NULL");
    CHECK_ERR(gs_sparse_resize_and_clear(NULL, size3, 3, 2, 1, &r), GS_ERR_INVALID_HANDLE, "t is NULL");
    CHECK(r == NULL);
    gs_tensor_free(&t);
}

/* Results that alias a wrapped (borrowed) buffer keep it alive: the release
 * callback runs once, after the last of them is freed. */
static int released;
static void on_release(void *ctx) {
    (void)ctx;
    released++;
}

static void test_wrapped_inputs(void) {
    static double data[12];
    for (int k = 0; k < 12; k++) data[k] = coo_3x4_dense(k);
    gs_array a = arr2(data, GS_FLOAT64, 3, 4);
    gs_tensor *w = NULL, *u = NULL, *c = NULL, *tr = NULL;
    released = 0;
    CHECK_OK(gs_strided_wrap(&a, on_release, NULL, &w));
    CHECK_OK(gs_unsqueeze(w, 0, &u));
    const gs_tensor *list[] = {w, w};
    CHECK_OK(gs_cat(list, 2, 0, &c));
    CHECK_OK(gs_transpose(w, 0, 1, &tr));
    gs_tensor_free(&w);
    ref_t want = ref_3x4(), wu = ref_unsqueeze(&want, 0), wc = ref_cat(&want, &want, 0);
    CHECK(same_as_ref(u, &wu));
    CHECK(same_as_ref(c, &wc));
    gs_tensor_free(&u);
    gs_tensor_free(&c);
    gs_tensor_free(&tr);
    CHECK(released == 1);
}

int main(void) {
    check_start();
    test_transpose_and_t();
    test_permute();
    test_unsqueeze_squeeze();
    test_max_ndim();
    test_reshape();
    test_cat_family();
    test_sparse_resize();
    test_wrapped_inputs();
    return check_finish("test_ops_shape");
}
