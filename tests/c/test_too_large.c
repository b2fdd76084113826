/* test_too_large.c — huge dimensions with a handful of entries, under a
 * 256 MiB memory limit. Each operation either needs no memory that grows with
 * a dimension, and then succeeds with the right entries, or would, and then
 * fails with GS_ERR_TOO_LARGE; none may abort the process (a Go out-of-memory
 * is fatal), change its inputs or leak a tensor. The process runs under an
 * address-space limit that any such buffer would break. */
#include <math.h>
#include <unistd.h>

#include "check.h"

#define T40 (INT64_C(1) << 40)
#define T31 (INT64_C(1) << 31)
#define F4E9 INT64_C(4000000000)

static char tmpdir[] = "/tmp/gosparse-too-large-XXXXXX";

/* A 2-D float64 COO of n entries, not marked coalesced (entries may be unsorted). */
static gs_tensor *coo2(int64_t rows, int64_t cols, int n, const int64_t *r, const int64_t *c, const double *v) {
    int64_t idx[8];
    double val[4];
    for (int k = 0; k < n; k++) {
        idx[k] = r[k];
        idx[n + k] = c[k];
        val[k] = v[k];
    }
    gs_array i = arr2(idx, GS_INT64, 2, n), a = arr1(val, GS_FLOAT64, n);
    int64_t size[] = {rows, cols};
    gs_tensor *t = NULL;
    CHECK_OK(gs_sparse_coo_from(&i, &a, 2, size, GS_FLAGS_DEFAULT, &t));
    return t;
}

/* What a COO input held when it was made: raw indices and values. */
typedef struct {
    int64_t shape[2], nnz, idx[8];
    double val[4];
} snapshot;

static snapshot snap(const gs_tensor *t) {
    snapshot s;
    memset(&s, 0, sizeof s);
    gs_array i, v;
    CHECK_OK(gs_tensor_shape(t, s.shape, 2));
    CHECK_OK(gs_tensor_nnz(t, &s.nnz));
    CHECK_OK(gs_tensor_component(t, GS_COMP_RAW_INDICES, &i));
    CHECK_OK(gs_tensor_component(t, GS_COMP_RAW_VALUES, &v));
    memcpy(s.idx, i.data, (size_t)(2 * s.nnz) * sizeof(int64_t));
    memcpy(s.val, v.data, (size_t)s.nnz * sizeof(double));
    return s;
}

/* t still holds what s recorded. */
static int untouched(const gs_tensor *t, const snapshot *s) {
    snapshot now = snap(t);
    return memcmp(&now, s, sizeof now) == 0;
}

/* Every array of t's component which equals want[0..n) (int64 or float64). */
static int comp_is(const gs_tensor *t, gs_component which, const int64_t *want_i, const double *want_d, int64_t n) {
    gs_array a;
    if (gs_tensor_component(t, which, &a) != GS_OK || numel(&a) != n) return 0;
    for (int64_t k = 0; k < n; k++) {
        if (want_i && (a.dtype != GS_INT64 || ((const int64_t *)a.data)[k] != want_i[k])) return 0;
        if (want_d && (a.dtype != GS_FLOAT64 || fabs(((const double *)a.data)[k] - want_d[k]) > 1e-12)) return 0;
    }
    return 1;
}

/* t, coalesced, is a COO of sparse_dim dims whose indices (sparse_dim, n) and values are idx and val. */
static int coo_is(const gs_tensor *t, int64_t n, const int64_t *idx, const double *val) {
    gs_tensor *c = NULL, *w = NULL;
    gs_layout l = -1;
    int ok = gs_tensor_layout(t, &l) == GS_OK && l == GS_SPARSE_COO && gs_coalesce(t, &c) == GS_OK &&
             gs_to_index_width(c, GS_INDEX_64, &w) == GS_OK;
    int32_t sd = 0;
    ok = ok && gs_tensor_sparse_dim(w, &sd) == GS_OK && comp_is(w, GS_COMP_INDICES, idx, NULL, sd * n) &&
         comp_is(w, GS_COMP_VALUES, NULL, val, n);
    gs_tensor_free(&w);
    gs_tensor_free(&c);
    return ok;
}

/* t is a 0-d strided tensor holding want. */
static int scalar_is(const gs_tensor *t, double want) {
    int32_t nd = -1;
    return gs_tensor_ndim(t, &nd) == GS_OK && nd == 0 && comp_is(t, GS_COMP_VALUES, NULL, &want, 1);
}

/* call fails with GS_ERR_TOO_LARGE, naming the memory limit, and makes no tensor. */
#define CHECK_TOO_LARGE(call, out)                                                 \
    do {                                                                           \
        CHECK_ERR(call, GS_ERR_TOO_LARGE, "memory limit");                         \
        CHECK((out) == NULL);                                                      \
    } while (0)

/* A 2-entry COO of shape (2^40, 1), entries unsorted. */
static void test_tall(void) {
    const int64_t r[] = {T40 - 1, 5}, c[] = {0, 0};
    const double v[] = {2, 1};
    gs_tensor *t = coo2(T40, 1, 2, r, c, v), *o = NULL, *small = NULL;
    snapshot s = snap(t);
    const int64_t bs[] = {1, 1}, sorted[] = {5, T40 - 1, 0, 0};
    const double sv[] = {1, 2};

    CHECK_OK(gs_coalesce(t, &o)); /* a sort of the entries: no row pointers */
    CHECK(coo_is(o, 2, sorted, sv));
    gs_tensor_free(&o);
    CHECK_TOO_LARGE(gs_to_layout(t, GS_SPARSE_CSR, NULL, -1, 0, &o), o); /* 2^40 + 1 row pointers */
    CHECK_TOO_LARGE(gs_to_layout(t, GS_SPARSE_BSR, bs, -1, 0, &o), o);
    CHECK_TOO_LARGE(gs_to_dense(t, &o), o);
    CHECK_OK(gs_to_layout(t, GS_SPARSE_CSC, NULL, -1, GS_INDEX_64, &o)); /* one column: 2 pointers */
    const int64_t ccol[] = {0, 2};
    CHECK(comp_is(o, GS_COMP_CCOL_INDICES, ccol, NULL, 2) && comp_is(o, GS_COMP_ROW_INDICES, sorted, NULL, 2) &&
          comp_is(o, GS_COMP_VALUES, NULL, sv, 2));
    gs_tensor_free(&o);

    int32_t d0[] = {0}, d1[] = {1};
    CHECK_OK(gs_sum(t, NULL, 0, &o));
    CHECK(scalar_is(o, 3));
    gs_tensor_free(&o);
    CHECK_OK(gs_sum(t, d1, 1, &o));
    CHECK(coo_is(o, 2, sorted, sv));
    gs_tensor_free(&o);
    CHECK_OK(gs_sum(t, d0, 1, &o));
    const int64_t zero[] = {0};
    const double three[] = {3};
    CHECK(coo_is(o, 1, zero, three));
    gs_tensor_free(&o);
    CHECK_OK(gs_reduce(t, "amax", NULL, 0, &o));
    CHECK(scalar_is(o, 2));
    gs_tensor_free(&o);

    CHECK_OK(gs_softmax(t, 0, &o)); /* both entries in column 0 */
    const double sm[] = {1 / (1 + exp(1)), exp(1) / (1 + exp(1))};
    CHECK(coo_is(o, 2, sorted, sm));
    gs_tensor_free(&o);
    CHECK_OK(gs_softmax(t, 1, &o)); /* each alone in its row */
    const double ones[] = {1, 1};
    CHECK(coo_is(o, 2, sorted, ones));
    gs_tensor_free(&o);
    CHECK_OK(gs_unary(t, "abs", NULL, &o));
    CHECK(coo_is(o, 2, sorted, sv));
    gs_tensor_free(&o);

    int64_t pick[] = {T40 - 1, 5, 7};
    gs_array ix = arr1(pick, GS_INT64, 3);
    CHECK_OK(gs_index_select(t, 0, &ix, &o));
    const int64_t sel[] = {0, 1, 0, 0};
    const double selv[] = {2, 1};
    CHECK(coo_is(o, 2, sel, selv));
    gs_tensor_free(&o);
    CHECK_OK(gs_sparse_mask(t, t, &o));
    CHECK(coo_is(o, 2, sorted, sv));
    gs_tensor_free(&o);

    const int64_t z[] = {0};
    const double three_v[] = {3};
    small = coo2(1, 1, 1, z, z, three_v);
    CHECK_TOO_LARGE(gs_sparse_mm(t, small, &o), o); /* its CSR view: 2^40 + 1 row pointers */

    char path[300];
    snprintf(path, sizeof path, "%s/tall.mtx", tmpdir);
    CHECK_OK(gs_mm_write(path, t));
    FILE *f = fopen(path, "r");
    char text[512] = {0};
    CHECK(f != NULL);
    if (f) {
        size_t got = fread(text, 1, sizeof text - 1, f);
        text[got] = '\0';
        fclose(f);
    }
    /* The size line, then the entries 1-based and sorted. */
    CHECK(strstr(text, "\n1099511627776 1 2\n6 1 1\n1099511627776 1 2\n") != NULL);
    unlink(path);

    CHECK(untouched(t, &s));
    gs_tensor_free(&small);
    gs_tensor_free(&t);
}

/* A 2-entry COO of shape (1, 2^40). */
static void test_wide(void) {
    const int64_t r[] = {0, 0}, c[] = {T40 - 1, 5};
    const double v[] = {2, 1};
    gs_tensor *t = coo2(1, T40, 2, r, c, v), *tall = NULL, *o = NULL;
    snapshot s = snap(t);
    const int64_t bs[] = {1, 1}, crow[] = {0, 2}, cols[] = {5, T40 - 1};
    const double sv[] = {1, 2};

    CHECK_TOO_LARGE(gs_to_layout(t, GS_SPARSE_CSC, NULL, -1, 0, &o), o);
    CHECK_OK(gs_to_layout(t, GS_SPARSE_BSR, bs, -1, GS_INDEX_64, &o)); /* one block row */
    CHECK(comp_is(o, GS_COMP_CROW_INDICES, crow, NULL, 2) && comp_is(o, GS_COMP_COL_INDICES, cols, NULL, 2) &&
          comp_is(o, GS_COMP_VALUES, NULL, sv, 2));
    gs_tensor_free(&o);
    CHECK_OK(gs_t(t, &tall));
    CHECK_TOO_LARGE(gs_sparse_mm(t, tall, &o), o); /* B's CSR view: 2^40 + 1 row pointers */
    CHECK_TOO_LARGE(gs_sparse_mm(tall, t, &o), o);
    /* (1 x 1) @ (1 x 2^40): one row of the product, its columns formed by
     * sorting where a dense accumulator would hold 2^40 of them. */
    const int64_t z[] = {0};
    const double three[] = {3};
    gs_tensor *small = coo2(1, 1, 1, z, z, three), *p = NULL;
    CHECK_OK(gs_sparse_mm(small, t, &p));
    CHECK_OK(gs_to_layout(p, GS_SPARSE_COO, NULL, -1, GS_INDEX_64, &o));
    const int64_t prod_idx[] = {0, 0, 5, T40 - 1};
    const double prod_val[] = {3, 6};
    CHECK(coo_is(o, 2, prod_idx, prod_val));
    gs_tensor_free(&o);
    gs_tensor_free(&p);
    gs_tensor_free(&small);
    CHECK(untouched(t, &s));
    gs_tensor_free(&tall);
    gs_tensor_free(&t);
}

/* An empty (2^40, 1) COO, and a 1 x 4e9 COO transposed. */
static void test_empty_and_transposed(void) {
    const int64_t none[1] = {0};
    const double nv[1] = {0};
    gs_tensor *e = coo2(T40, 1, 0, none, none, nv), *o = NULL;
    CHECK_TOO_LARGE(gs_to_layout(e, GS_SPARSE_CSR, NULL, -1, 0, &o), o);
    CHECK_OK(gs_to_layout(e, GS_SPARSE_CSC, NULL, -1, GS_INDEX_64, &o));
    const int64_t ccol[] = {0, 0};
    CHECK(comp_is(o, GS_COMP_CCOL_INDICES, ccol, NULL, 2));
    gs_tensor_free(&o);
    gs_tensor_free(&e);

    const int64_t r[] = {0, 0}, c[] = {F4E9 - 1, 9};
    const double v[] = {2, 1};
    gs_tensor *w = coo2(1, F4E9, 2, r, c, v), *t = NULL;
    snapshot s = snap(w);
    CHECK_TOO_LARGE(gs_to_layout(w, GS_SPARSE_CSC, NULL, -1, 0, &o), o); /* 4e9 + 1 column pointers */
    CHECK_OK(gs_transpose(w, 0, 1, &t));
    CHECK_OK(gs_to_layout(t, GS_SPARSE_CSC, NULL, -1, GS_INDEX_64, &o));
    const int64_t ptr[] = {0, 2}, rows[] = {9, F4E9 - 1};
    const double sv[] = {1, 2};
    CHECK(comp_is(o, GS_COMP_CCOL_INDICES, ptr, NULL, 2) && comp_is(o, GS_COMP_ROW_INDICES, rows, NULL, 2) &&
          comp_is(o, GS_COMP_VALUES, NULL, sv, 2));
    gs_tensor_free(&o);
    CHECK_TOO_LARGE(gs_to_layout(t, GS_SPARSE_CSR, NULL, -1, 0, &o), o);
    CHECK(untouched(w, &s));
    gs_tensor_free(&t);
    gs_tensor_free(&w);
}

/* A 2-entry 2^31 x 2^31 COO. */
static void test_square_2_31(void) {
    const int64_t r[] = {T31 - 1, 3}, c[] = {7, T31 - 2};
    const double v[] = {2, 1};
    gs_tensor *t = coo2(T31, T31, 2, r, c, v), *o = NULL;
    snapshot s = snap(t);
    const int64_t sorted[] = {3, T31 - 1, T31 - 2, 7};
    const double sv[] = {1, 2};

    CHECK_OK(gs_coalesce(t, &o));
    CHECK(coo_is(o, 2, sorted, sv));
    gs_tensor_free(&o);
    CHECK_TOO_LARGE(gs_to_layout(t, GS_SPARSE_CSR, NULL, -1, 0, &o), o);
    CHECK_TOO_LARGE(gs_to_layout(t, GS_SPARSE_CSC, NULL, -1, 0, &o), o);
    CHECK_TOO_LARGE(gs_to_dense(t, &o), o);
    CHECK_TOO_LARGE(gs_sparse_mm(t, t, &o), o);
    int32_t d0[] = {0};
    CHECK_OK(gs_sum(t, d0, 1, &o));
    const int64_t cols[] = {7, T31 - 2};
    const double cv[] = {2, 1};
    CHECK(coo_is(o, 2, cols, cv));
    gs_tensor_free(&o);
    CHECK_OK(gs_softmax(t, 1, &o));
    const double ones[] = {1, 1};
    CHECK(coo_is(o, 2, sorted, ones));
    gs_tensor_free(&o);
    CHECK_OK(gs_sparse_mask(t, t, &o));
    CHECK(coo_is(o, 2, sorted, sv));
    gs_tensor_free(&o);
    CHECK(untouched(t, &s));
    gs_tensor_free(&t);
}

int main(void) {
    check_start();
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    int64_t old = 0;
    CHECK_OK(gs_get_memory_limit(&old));
    CHECK_OK(gs_set_memory_limit(INT64_C(256) << 20));
    /* Room for 4 GiB more, far above what these calls may use: a row-pointer
     * array of 2^31 rows (16 GiB) fails at once even on a machine that has it. */
    CHECK(check_limit_address_space(4LL << 30) == 0);
    test_tall();
    test_wide();
    test_empty_and_transposed();
    test_square_2_31();
    CHECK_OK(gs_set_memory_limit(old));
    rmdir(tmpdir);
    return check_finish("test_too_large");
}
