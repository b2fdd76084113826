/* test_ops_index_coalesced.c — select and index_select on COO tensors give
 * torch's results: the stored entries in stored order (duplicates kept
 * apart), coalesced exactly when fewer than two entries remain, whatever the
 * input's flag; on every dim (dense dims of hybrid tensors too), with int32 and
 * int64 indices. The expectations are computed here from the input's stored
 * entries by that rule. */
#include "check.h"

#define MAXE 64 /* entries */
#define MAXB 8  /* elements of a value block */

/* A COO tensor's stored entries, in stored order. */
typedef struct {
    int32_t s, blk, n;
    int64_t coord[MAXE][3];
    double v[MAXE][MAXB];
} entries_t;

static int64_t index_at(const gs_array *a, int64_t k) {
    return a->dtype == GS_INT32 ? ((const int32_t *)a->data)[k] : ((const int64_t *)a->data)[k];
}

static entries_t entries_of(const gs_tensor *t) {
    entries_t e;
    memset(&e, 0, sizeof e);
    gs_array ix, vs;
    CHECK_OK(gs_tensor_component(t, GS_COMP_RAW_INDICES, &ix));
    CHECK_OK(gs_tensor_component(t, GS_COMP_RAW_VALUES, &vs));
    CHECK(vs.dtype == GS_FLOAT64 && ix.shape[1] <= MAXE && numel(&vs) <= MAXE * MAXB);
    e.s = (int32_t)ix.shape[0];
    e.n = (int32_t)ix.shape[1];
    e.blk = e.n ? (int32_t)(numel(&vs) / e.n) : 1;
    for (int32_t k = 0; k < e.n; k++) {
        for (int32_t d = 0; d < e.s; d++) e.coord[k][d] = index_at(&ix, (int64_t)d * e.n + k);
        for (int32_t j = 0; j < e.blk; j++) e.v[k][j] = ((const double *)vs.data)[(int64_t)k * e.blk + j];
    }
    return e;
}

/* r's stored entries, flag and index width are want's, fewer than two entries coalesced. */
static int same_entries(const gs_tensor *r, const entries_t *want, int32_t width) {
    entries_t got = entries_of(r);
    int32_t flag = -1, w = 0;
    CHECK_OK(gs_tensor_is_coalesced(r, &flag));
    CHECK_OK(gs_tensor_index_width(r, &w));
    int ok = got.n == want->n && got.s == want->s && flag == (want->n < 2) && w == width;
    for (int32_t k = 0; ok && k < want->n; k++) {
        for (int32_t d = 0; d < want->s; d++) ok = ok && got.coord[k][d] == want->coord[k][d];
        for (int32_t j = 0; j < want->blk; j++) ok = ok && got.v[k][j] == want->v[k][j];
    }
    if (!ok)
        fprintf(stderr, "same_entries: got %d entries (coalesced %d, int%d), expected %d (int%d)\n",
                (int)got.n, (int)flag, (int)w, (int)want->n, (int)width);
    return ok;
}

/* The 3x4 fixture (dense_dim 0: no dense dims; 1: a dense dim of 2), entries
 * (1,2) (0,1) (1,2) (1,0) (1,2): the repeats of (1,2) land together in row 1
 * and column 2; row 2 and column 3 hold nothing, column 1 one entry. */
static gs_tensor *fixture(int32_t width, int32_t dense_dim) {
    static const int64_t rc[] = {1, 0, 1, 1, 1, /* rows */ 2, 1, 2, 0, 2 /* cols */};
    int64_t i64[10];
    int32_t i32[10];
    double v[10];
    for (int k = 0; k < 10; k++) {
        i64[k] = rc[k];
        i32[k] = (int32_t)rc[k];
    }
    int32_t blk = dense_dim ? 2 : 1;
    for (int k = 0; k < 5 * blk; k++) v[k] = (k / blk) * 100 + k % blk + 1;
    gs_array ix = arr2(width == 32 ? (void *)i32 : (void *)i64, width == 32 ? GS_INT32 : GS_INT64, 2, 5);
    gs_array vs = dense_dim ? arr2(v, GS_FLOAT64, 5, 2) : arr1(v, GS_FLOAT64, 5);
    int64_t size[] = {3, 4, 2};
    gs_tensor *t = NULL;
    CHECK_OK(gs_sparse_coo_from(&ix, &vs, 2 + dense_dim, size, GS_FLAGS_DEFAULT, &t));
    return t;
}

/* select(dim, i) and index_select(dim, pos) by the rule, from x's entries. */
static entries_t want_select(const entries_t *x, int32_t dim, int64_t i) {
    entries_t w;
    memset(&w, 0, sizeof w);
    w.s = dim < x->s ? x->s - 1 : x->s;
    w.blk = dim < x->s ? x->blk : x->blk / 2; /* the fixture's dense dim has size 2 */
    for (int32_t k = 0; k < x->n; k++) {
        if (dim < x->s && x->coord[k][dim] != i) continue;
        for (int32_t d = 0, o = 0; d < x->s; d++)
            if (d != dim) w.coord[w.n][o++] = x->coord[k][d];
        if (dim < x->s) memcpy(w.v[w.n], x->v[k], sizeof w.v[0]);
        else w.v[w.n][0] = x->v[k][i];
        w.n++;
    }
    return w;
}

static entries_t want_index_select(const entries_t *x, int32_t dim, const int64_t *pos, int32_t m) {
    entries_t w;
    memset(&w, 0, sizeof w);
    w.s = x->s;
    w.blk = dim < x->s ? x->blk : m;
    if (dim >= x->s) { /* every entry, its block at the positions */
        for (int32_t k = 0; k < x->n; k++, w.n++) {
            memcpy(w.coord[k], x->coord[k], sizeof w.coord[0]);
            for (int32_t p = 0; p < m; p++) w.v[k][p] = x->v[k][pos[p]];
        }
        return w;
    }
    /* torch's order: per position, its entries in stored order; per entry, its
     * positions ascending when index is longer than the entries. */
    int by_entry = x->n < m;
    for (int32_t a = 0; a < (by_entry ? x->n : m); a++)
        for (int32_t b = 0; b < (by_entry ? m : x->n); b++) {
            int32_t k = by_entry ? a : b, p = by_entry ? b : a;
            if (x->coord[k][dim] != pos[p]) continue;
            memcpy(w.coord[w.n], x->coord[k], sizeof w.coord[0]);
            w.coord[w.n][dim] = p;
            memcpy(w.v[w.n], x->v[k], sizeof w.v[0]);
            w.n++;
        }
    return w;
}

static void check_input(const gs_tensor *x, int32_t width, int32_t ndim) {
    entries_t in = entries_of(x);
    int64_t shape[3] = {3, 4, 2};
    for (int32_t dim = 0; dim < ndim; dim++) {
        for (int64_t i = 0; i < shape[dim]; i++) {
            gs_tensor *r = NULL;
            CHECK_OK(gs_select(x, dim, i, &r));
            entries_t w = want_select(&in, dim, i);
            CHECK(same_entries(r, &w, width));
            gs_tensor_free(&r);
        }
        int64_t n = shape[dim];
        /* the last is longer than the entries: torch's other order */
        int64_t sets[5][8] = {{0}, {n - 1}, {n - 1, 0, n - 1}, {0, n - 1}, {n - 1, 0, 1, 0, 1, n - 1, 0, 1}};
        int32_t lens[6] = {0, 1, 1, 3, 2, 8};
        for (int s = 0; s < 6; s++) {
            int64_t *pos = s ? sets[s - 1] : sets[0];
            int32_t p32[8];
            for (int k = 0; k < lens[s]; k++) p32[k] = (int32_t)pos[k];
            gs_array ix = s % 2 ? arr1(p32, GS_INT32, lens[s]) : arr1(pos, GS_INT64, lens[s]);
            gs_tensor *r = NULL;
            CHECK_OK(gs_index_select(x, dim, &ix, &r));
            entries_t w = want_index_select(&in, dim, pos, lens[s]);
            CHECK(same_entries(r, &w, width));
            gs_tensor_free(&r);
        }
    }
}

static void test_follows_torch(void) {
    for (int32_t width = 32; width <= 64; width += 32) {
        for (int32_t dd = 0; dd <= 1; dd++) {
            gs_tensor *x = fixture(width, dd), *c = NULL;
            int32_t flag = -1;
            CHECK_OK(gs_tensor_is_coalesced(x, &flag));
            CHECK(flag == 0);
            check_input(x, width, 2 + dd);
            CHECK_OK(gs_coalesce(x, &c)); /* torch's rule ignores the input's flag */
            check_input(c, width, 2 + dd);
            gs_tensor_free(&c);
            gs_tensor_free(&x);
        }
    }
}

/* The other shape operators' flags on an empty uncoalesced tensor (narrow_copy
 * keeps its input's flag): torch's unsqueeze and cat mark it coalesced,
 * narrow_copy and transpose keep it uncoalesced. */
static void test_empty_results(void) {
    gs_tensor *x = fixture(64, 0), *e = NULL, *r = NULL;
    int32_t flag = -1;
    CHECK_OK(gs_narrow_copy(x, 0, 2, 1, &e)); /* row 2: no entries */
    CHECK_OK(gs_tensor_is_coalesced(e, &flag));
    CHECK(flag == 0);
    CHECK_OK(gs_unsqueeze(e, 0, &r));
    CHECK_OK(gs_tensor_is_coalesced(r, &flag));
    CHECK(flag == 1);
    gs_tensor_free(&r);
    const gs_tensor *two[] = {e, e};
    CHECK_OK(gs_cat(two, 2, 0, &r));
    CHECK_OK(gs_tensor_is_coalesced(r, &flag));
    CHECK(flag == 1);
    gs_tensor_free(&r);
    CHECK_OK(gs_transpose(e, 0, 1, &r));
    CHECK_OK(gs_tensor_is_coalesced(r, &flag));
    CHECK(flag == 0);
    gs_tensor_free(&r);
    gs_tensor_free(&e);
    gs_tensor_free(&x);
}

int main(void) {
    check_start();
    test_follows_torch();
    test_empty_results();
    return check_finish("test_ops_index_coalesced");
}
