/* test_levels.c — the level model: gs_tensor_num_levels, _level_info, _level_pos, _level_crd. */
#include "check.h"

typedef struct {
    int32_t kind, dim, expr;
    int64_t c, size;
} level_want;

static void check_levels(const gs_tensor *t, const level_want *want, int32_t n) {
    int32_t got = -1;
    CHECK_OK(gs_tensor_num_levels(t, &got));
    CHECK(got == n);
    for (int32_t l = 0; l < n && l < got; l++) {
        int32_t kind = -1, dim = -1, expr = -1, unique = -1, ordered = -1;
        int64_t c = -1, size = -1;
        CHECK_OK(gs_tensor_level_info(t, l, &kind, &dim, &expr, &c, &size, &unique, &ordered));
        if (kind != want[l].kind || dim != want[l].dim || expr != want[l].expr || c != want[l].c ||
            size != want[l].size) {
            CHECK_FAIL("level %d: got kind %d dim %d expr %d c %lld size %lld", l, kind, dim, expr, (long long)c,
                       (long long)size);
        }
        CHECK(unique == 0 || unique == 1);
        CHECK(ordered == 0 || ordered == 1);
    }
}

static void test_csr_levels(void) {
    gs_tensor *t = NULL;
    CHECK_OK(make_csr_2x2(GS_FLOAT64, &t));
    level_want want[] = {{GS_LEVEL_DENSE, 0, GS_EXPR_ID, 1, 2}, {GS_LEVEL_COMPRESSED, 1, GS_EXPR_ID, 1, 2}};
    check_levels(t, want, 2);
    int32_t k, d, e, u, o;
    int64_t c, s;
    CHECK_OK(gs_tensor_level_info(t, 1, &k, &d, &e, &c, &s, &u, &o));
    CHECK(u == 1 && o == 1); /* CSR columns are sorted and distinct */

    gs_array pos, crd, crow;
    CHECK_OK(gs_tensor_level_pos(t, 1, &pos));
    CHECK_OK(gs_tensor_level_crd(t, 1, &crd));
    CHECK_OK(gs_tensor_component(t, GS_COMP_CROW_INDICES, &crow));
    CHECK(pos.dtype == GS_INT64 && numel(&pos) == 3 && numel(&crd) == 4);
    CHECK(((int64_t *)pos.data)[2] == 4 && ((int64_t *)crd.data)[1] == 1);
    CHECK(pos.data == crow.data); /* crow_indices is a view of pos[1] */

    /* Dense levels have neither array; indices out of range are GS_ERR_INDEX. */
    gs_array none;
    memset(&none, 0, sizeof none);
    CHECK_ERR(gs_tensor_level_pos(t, 0, &none), GS_ERR_INVALID_ARGUMENT, "level 0 is dense");
    CHECK_ERR(gs_tensor_level_crd(t, 0, &none), GS_ERR_INVALID_ARGUMENT, "level 0 is dense");
    CHECK_ERR(gs_tensor_level_pos(t, 2, &none), GS_ERR_INDEX, "level = 2 is out of range: the tensor has 2 levels");
    CHECK_ERR(gs_tensor_level_crd(t, -1, &none), GS_ERR_INDEX, "level = -1");
    CHECK_ERR(gs_tensor_level_info(t, 5, &k, &d, &e, &c, &s, &u, &o), GS_ERR_INDEX, "level = 5");
    CHECK(none.data == NULL);

    /* Every out-pointer is required. */
    CHECK_ERR(gs_tensor_num_levels(t, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_num_levels: out is NULL");
    CHECK_ERR(gs_tensor_level_info(t, 0, NULL, &d, &e, &c, &s, &u, &o), GS_ERR_INVALID_ARGUMENT, "kind is NULL");
    CHECK_ERR(gs_tensor_level_info(t, 0, &k, NULL, &e, &c, &s, &u, &o), GS_ERR_INVALID_ARGUMENT, "dim is NULL");
    CHECK_ERR(gs_tensor_level_info(t, 0, &k, &d, NULL, &c, &s, &u, &o), GS_ERR_INVALID_ARGUMENT, "expr is NULL");
    CHECK_ERR(gs_tensor_level_info(t, 0, &k, &d, &e, NULL, &s, &u, &o), GS_ERR_INVALID_ARGUMENT, "c is NULL");
    CHECK_ERR(gs_tensor_level_info(t, 0, &k, &d, &e, &c, NULL, &u, &o), GS_ERR_INVALID_ARGUMENT, "size is NULL");
    CHECK_ERR(gs_tensor_level_info(t, 0, &k, &d, &e, &c, &s, NULL, &o), GS_ERR_INVALID_ARGUMENT, "unique is NULL");
    CHECK_ERR(gs_tensor_level_info(t, 0, &k, &d, &e, &c, &s, &u, NULL), GS_ERR_INVALID_ARGUMENT, "ordered is NULL");
    CHECK_ERR(gs_tensor_level_pos(t, 1, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_level_pos: out is NULL");
    CHECK_ERR(gs_tensor_level_crd(t, 1, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_level_crd: out is NULL");
    CHECK_OK(gs_tensor_free(&t));
}

static void test_coo_levels(void) {
    gs_tensor *t = NULL;
    CHECK_OK(make_coo_3x4(&t));
    level_want want[] = {{GS_LEVEL_COMPRESSED, 0, GS_EXPR_ID, 1, 3}, {GS_LEVEL_SINGLETON, 1, GS_EXPR_ID, 1, 4}};
    check_levels(t, want, 2);
    gs_array pos, rows, cols;
    CHECK_OK(gs_tensor_level_pos(t, 0, &pos));
    CHECK_OK(gs_tensor_level_crd(t, 0, &rows));
    CHECK_OK(gs_tensor_level_crd(t, 1, &cols));
    CHECK(numel(&pos) == 2 && ((int64_t *)pos.data)[0] == 0 && ((int64_t *)pos.data)[1] == 4);
    int64_t want_rows[] = {0, 0, 2, 2}, want_cols[] = {1, 3, 0, 2};
    CHECK(numel(&rows) == 4 && memcmp(rows.data, want_rows, sizeof want_rows) == 0);
    CHECK(numel(&cols) == 4 && memcmp(cols.data, want_cols, sizeof want_cols) == 0);
    CHECK_ERR(gs_tensor_level_pos(t, 1, &pos), GS_ERR_INVALID_ARGUMENT, "level 1 is singleton");
    CHECK_OK(gs_tensor_free(&t));
}

static void test_bsr_and_strided_levels(void) {
    gs_tensor *csr = NULL, *bsr = NULL, *dense = NULL;
    CHECK_OK(make_csr_2x2(GS_FLOAT64, &csr));
    int64_t bs[] = {1, 2};
    CHECK_OK(gs_to_layout(csr, GS_SPARSE_BSR, bs, -1, GS_INDEX_AUTO, &bsr));
    level_want bw[] = {{GS_LEVEL_DENSE, 0, GS_EXPR_DIV, 1, 2},
                       {GS_LEVEL_COMPRESSED, 1, GS_EXPR_DIV, 2, 1},
                       {GS_LEVEL_DENSE, 0, GS_EXPR_MOD, 1, 1},
                       {GS_LEVEL_DENSE, 1, GS_EXPR_MOD, 2, 2}};
    check_levels(bsr, bw, 4);
    CHECK_OK(gs_to_dense(csr, &dense));
    level_want dw[] = {{GS_LEVEL_DENSE, 0, GS_EXPR_ID, 1, 2}, {GS_LEVEL_DENSE, 1, GS_EXPR_ID, 1, 2}};
    check_levels(dense, dw, 2);
    CHECK_OK(gs_tensor_free(&dense));
    CHECK_OK(gs_tensor_free(&bsr));
    CHECK_OK(gs_tensor_free(&csr));
}

int main(void) {
    check_start();
    test_csr_levels();
    test_coo_levels();
    test_bsr_and_strided_levels();
    return check_finish("test_levels");
}
