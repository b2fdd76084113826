/* test_ops_util.h — helpers of the operator tests (test_ops_*.c): dense
 * reference implementations of the operators on row-major float64 arrays, and
 * a check that to_dense(op(A)) equals op(dense A) for A in several layouts. */
#ifndef GOSPARSE_TEST_OPS_UTIL_H
#define GOSPARSE_TEST_OPS_UTIL_H

#include "check.h"

/* A dense float64 reference array: up to GS_MAX_NDIM dims, at most 256 elements. */
typedef struct {
    int32_t ndim;
    int64_t shape[GS_MAX_NDIM];
    double v[256];
} ref_t;

static inline int64_t ref_numel(const ref_t *r) {
    int64_t n = 1;
    for (int32_t i = 0; i < r->ndim; i++) n *= r->shape[i];
    return n;
}

static inline ref_t ref_make(int32_t ndim, const int64_t *shape, const double *v) {
    ref_t r;
    memset(&r, 0, sizeof r);
    r.ndim = ndim;
    for (int32_t i = 0; i < ndim; i++) r.shape[i] = shape[i];
    memcpy(r.v, v, (size_t)ref_numel(&r) * sizeof(double));
    return r;
}

/* The row-major multi-index of flat position k. */
static inline void ref_unravel(const ref_t *r, int64_t k, int64_t *idx) {
    for (int32_t d = r->ndim - 1; d >= 0; d--) {
        idx[d] = k % r->shape[d];
        k /= r->shape[d];
    }
}

static inline int64_t ref_ravel(const ref_t *r, const int64_t *idx) {
    int64_t k = 0;
    for (int32_t d = 0; d < r->ndim; d++) k = k * r->shape[d] + idx[d];
    return k;
}

/* out dim i is dim perm[i] of a. */
static inline ref_t ref_permute(const ref_t *a, const int32_t *perm) {
    ref_t o;
    memset(&o, 0, sizeof o);
    o.ndim = a->ndim;
    for (int32_t i = 0; i < a->ndim; i++) o.shape[i] = a->shape[perm[i]];
    int64_t idx[GS_MAX_NDIM], src[GS_MAX_NDIM];
    for (int64_t k = 0; k < ref_numel(&o); k++) {
        ref_unravel(&o, k, idx);
        for (int32_t i = 0; i < a->ndim; i++) src[perm[i]] = idx[i];
        o.v[k] = a->v[ref_ravel(a, src)];
    }
    return o;
}

/* Entries whose index along dim lies in [start, start + len), shifted. */
static inline ref_t ref_narrow(const ref_t *a, int32_t dim, int64_t start, int64_t len) {
    ref_t o = *a;
    o.shape[dim] = len;
    int64_t idx[GS_MAX_NDIM];
    for (int64_t k = 0; k < ref_numel(&o); k++) {
        ref_unravel(&o, k, idx);
        idx[dim] += start;
        o.v[k] = a->v[ref_ravel(a, idx)];
    }
    return o;
}

/* a.index_select(dim, index[0..n)). */
static inline ref_t ref_index_select(const ref_t *a, int32_t dim, const int64_t *index, int64_t n) {
    ref_t o = *a;
    o.shape[dim] = n;
    int64_t idx[GS_MAX_NDIM];
    for (int64_t k = 0; k < ref_numel(&o); k++) {
        ref_unravel(&o, k, idx);
        idx[dim] = index[idx[dim]];
        o.v[k] = a->v[ref_ravel(a, idx)];
    }
    return o;
}

/* a.select(dim, index): the dim disappears. */
static inline ref_t ref_select(const ref_t *a, int32_t dim, int64_t index) {
    ref_t o = ref_narrow(a, dim, index, 1);
    for (int32_t d = dim; d + 1 < o.ndim; d++) o.shape[d] = o.shape[d + 1];
    o.ndim--;
    return o;
}

/* The sum over the dims with reduce[d] != 0 (those dims disappear). */
static inline ref_t ref_sum(const ref_t *a, const int *reduce) {
    ref_t o;
    memset(&o, 0, sizeof o);
    for (int32_t d = 0; d < a->ndim; d++)
        if (!reduce[d]) o.shape[o.ndim++] = a->shape[d];
    int64_t idx[GS_MAX_NDIM], oidx[GS_MAX_NDIM];
    for (int64_t k = 0; k < ref_numel(a); k++) {
        ref_unravel(a, k, idx);
        int32_t j = 0;
        for (int32_t d = 0; d < a->ndim; d++)
            if (!reduce[d]) oidx[j++] = idx[d];
        o.v[ref_ravel(&o, oidx)] += a->v[k];
    }
    return o;
}

/* a and b concatenated along dim. */
static inline ref_t ref_cat(const ref_t *a, const ref_t *b, int32_t dim) {
    ref_t o = *a;
    o.shape[dim] = a->shape[dim] + b->shape[dim];
    int64_t idx[GS_MAX_NDIM];
    for (int64_t k = 0; k < ref_numel(&o); k++) {
        ref_unravel(&o, k, idx);
        if (idx[dim] < a->shape[dim]) {
            o.v[k] = a->v[ref_ravel(a, idx)];
        } else {
            idx[dim] -= a->shape[dim];
            o.v[k] = b->v[ref_ravel(b, idx)];
        }
    }
    return o;
}

/* a with a size-1 dim inserted at dim. */
static inline ref_t ref_unsqueeze(const ref_t *a, int32_t dim) {
    ref_t o = *a;
    for (int32_t d = o.ndim; d > dim; d--) o.shape[d] = o.shape[d - 1];
    o.shape[dim] = 1;
    o.ndim++;
    return o;
}

/* A strided float64 tensor holding r. */
static inline gs_tensor *ref_tensor(const ref_t *r) {
    gs_array a;
    memset(&a, 0, sizeof a);
    a.data = (void *)r->v;
    a.dtype = GS_FLOAT64;
    a.ndim = r->ndim;
    for (int32_t i = 0; i < r->ndim; i++) a.shape[i] = r->shape[i];
    gs_tensor *t = NULL;
    if (gs_strided_from(&a, &t) != GS_OK) CHECK_FAIL("gs_strided_from failed");
    return t;
}

/* r in layout l with dense_dim trailing dense dims (-1: the default); NULL
 * (without failing) when the layout cannot hold it, e.g. CSR of a 1-d tensor. */
static inline gs_tensor *ref_in_layout(const ref_t *r, gs_layout l, int32_t dense_dim) {
    gs_tensor *d = ref_tensor(r), *t = NULL;
    if (l == GS_STRIDED) return d;
    gs_status st = gs_to_layout(d, l, NULL, dense_dim, GS_INDEX_AUTO, &t);
    gs_tensor_free(&d);
    return st == GS_OK ? t : NULL;
}

/* 1 when t has r's shape and to_dense(t) equals r's values (float64). */
static inline int same_as_ref(const gs_tensor *t, const ref_t *r) {
    int32_t nd = -1;
    int64_t shape[GS_MAX_NDIM];
    if (gs_tensor_ndim(t, &nd) != GS_OK || nd != r->ndim) {
        fprintf(stderr, "same_as_ref: ndim %d, expected %d\n", (int)nd, (int)r->ndim);
        return 0;
    }
    if (gs_tensor_shape(t, shape, GS_MAX_NDIM) != GS_OK) return 0;
    for (int32_t i = 0; i < nd; i++) {
        if (shape[i] != r->shape[i]) {
            fprintf(stderr, "same_as_ref: shape[%d] = %lld, expected %lld\n", (int)i, (long long)shape[i],
                    (long long)r->shape[i]);
            return 0;
        }
    }
    return dense_matches(t, r->v, ref_numel(r));
}

/* The layout of t. */
static inline gs_layout layout_of(const gs_tensor *t) {
    gs_layout l = -1;
    gs_tensor_layout(t, &l);
    return l;
}

/* The 3x4 matrix of make_coo_3x4 as a reference array. */
static inline ref_t ref_3x4(void) {
    int64_t shape[] = {3, 4};
    double v[12];
    for (int k = 0; k < 12; k++) v[k] = coo_3x4_dense(k);
    return ref_make(2, shape, v);
}

/* A 2x3x4 tensor with zeros in a pattern (every third element non-zero). */
static inline ref_t ref_2x3x4(void) {
    int64_t shape[] = {2, 3, 4};
    double v[24];
    for (int k = 0; k < 24; k++) v[k] = k % 3 == 1 ? (double)(k + 1) : 0;
    return ref_make(3, shape, v);
}

/* The layouts every operator is checked on: ops_layout(0 .. OPS_NLAYOUTS-1). */
#define OPS_NLAYOUTS 4
static inline gs_layout ops_layout(int i) {
    static const gs_layout ls[OPS_NLAYOUTS] = {GS_STRIDED, GS_SPARSE_COO, GS_SPARSE_CSR, GS_SPARSE_CSC};
    return ls[i];
}

#endif
