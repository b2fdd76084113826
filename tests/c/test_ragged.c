/* test_ragged.c — ragged batches: gs_stack of CSR matrices with different nnz gives
 * the format (b, i, j) -> (b : dense, i : dense, j : compressed), one pos over every
 * batch's rows; the existing functions (gs_bmm, gs_baddbmm, gs_unary, gs_sum, gs_softmax,
 * gs_select, gs_to_dense) take it and agree with the dense batch. */
#include "check.h"

/* Two 2x3 CSR matrices: A holds 3 entries, B 1 (int32 or int64 indices). */
static double dense_ab[12] = {1, 0, 2, 0, 3, 0, /* A */ 0, 0, 0, 0, 0, 4 /* B */};

static void make_pair(gs_dtype idt, gs_tensor **a, gs_tensor **b) {
    static int64_t crow_a64[] = {0, 2, 3}, col_a64[] = {0, 2, 1}, crow_b64[] = {0, 0, 1}, col_b64[] = {2};
    static int32_t crow_a32[] = {0, 2, 3}, col_a32[] = {0, 2, 1}, crow_b32[] = {0, 0, 1}, col_b32[] = {2};
    static double va[] = {1, 2, 3}, vb[] = {4};
    int w64 = idt == GS_INT64;
    gs_array ca = arr1(w64 ? (void *)crow_a64 : (void *)crow_a32, idt, 3);
    gs_array pa = arr1(w64 ? (void *)col_a64 : (void *)col_a32, idt, 3);
    gs_array cb = arr1(w64 ? (void *)crow_b64 : (void *)crow_b32, idt, 3);
    gs_array pb = arr1(w64 ? (void *)col_b64 : (void *)col_b32, idt, 1);
    gs_array xa = arr1(va, GS_FLOAT64, 3), xb = arr1(vb, GS_FLOAT64, 1);
    int64_t size[] = {2, 3};
    CHECK_OK(gs_sparse_compressed_from(GS_SPARSE_CSR, &ca, &pa, &xa, 2, size, 0, a));
    CHECK_OK(gs_sparse_compressed_from(GS_SPARSE_CSR, &cb, &pb, &xb, 2, size, 0, b));
}

static void test_ragged(gs_dtype idt) {
    gs_tensor *a = NULL, *b = NULL, *r = NULL;
    make_pair(idt, &a, &b);
    const gs_tensor *pair[] = {a, b};
    CHECK_OK(gs_stack(pair, 2, 0, &r));
    gs_layout layout = -1;
    CHECK_OK(gs_tensor_layout(r, &layout));
    CHECK(layout == GS_CUSTOM);
    char text[128];
    int64_t needed = 0;
    CHECK_OK(gs_tensor_format(r, text, sizeof text, &needed));
    CHECK_STR(text, "(i, j, k) -> (i : dense, j : dense, k : compressed)");
    gs_array pos, crd;
    CHECK_OK(gs_tensor_storage_level(r, 2, &pos, &crd));
    CHECK(pos.dtype == idt && numel(&pos) == 5 && numel(&crd) == 4);
    CHECK(dense_matches(r, dense_ab, 12));

    /* bmm with a dense (2, 3, 1) of ones: each row's sum. */
    double ones[6] = {1, 1, 1, 1, 1, 1}, rows[4] = {3, 3, 0, 4};
    gs_array oa;
    memset(&oa, 0, sizeof oa);
    oa.data = ones, oa.dtype = GS_FLOAT64, oa.ndim = 3, oa.shape[0] = 2, oa.shape[1] = 3, oa.shape[2] = 1;
    gs_tensor *x = NULL, *p = NULL, *q = NULL;
    CHECK_OK(gs_strided_from(&oa, &x));
    CHECK_OK(gs_bmm(r, x, &p));
    CHECK(dense_matches(p, rows, 4));
    /* baddbmm: 2 * p - 1 * p = p, with input p broadcast per batch. */
    gs_number two = {GS_FLOAT64, 0, 0, 2, 0}, minus = {GS_FLOAT64, 0, 0, -1, 0};
    CHECK_OK(gs_baddbmm(p, r, x, &minus, &two, &q));
    CHECK(dense_matches(q, rows, 4));
    gs_tensor_free(&q);

    /* The sum of every element, of each row (the last dim), and neg keeps the format. */
    gs_tensor *s = NULL, *n = NULL;
    double total = 10;
    CHECK_OK(gs_sum(r, NULL, 0, &s));
    CHECK(dense_matches(s, &total, 1));
    gs_tensor_free(&s);
    int32_t last = -1;
    CHECK_OK(gs_sum(r, &last, 1, &s));
    CHECK(dense_matches(s, rows, 4));
    CHECK_OK(gs_unary(r, "neg", NULL, &n));
    CHECK_OK(gs_tensor_layout(n, &layout));
    CHECK(layout == GS_CUSTOM);
    double neg[12];
    for (int i = 0; i < 12; i++) neg[i] = -dense_ab[i];
    CHECK(dense_matches(n, neg, 12));

    /* softmax along the rows: A's row 0 holds 1 and 2. */
    gs_tensor *sm = NULL, *k1 = NULL;
    CHECK_OK(gs_softmax(r, 2, &sm));
    double e = 1.0 / (1.0 + 2.718281828459045);
    gs_tensor *d = NULL;
    gs_array dv;
    CHECK_OK(gs_to_dense(sm, &d));
    CHECK_OK(gs_tensor_component(d, GS_COMP_VALUES, &dv));
    const double *v = (const double *)dv.data;
    CHECK(v[0] > e - 1e-12 && v[0] < e + 1e-12 && v[4] == 1 && v[11] == 1 && v[1] == 0);
    gs_tensor_free(&d);

    /* select(0, 1) is B again, a CSR matrix. */
    CHECK_OK(gs_select(r, 0, 1, &k1));
    CHECK_OK(gs_tensor_layout(k1, &layout));
    CHECK(layout == GS_SPARSE_CSR);
    CHECK(dense_matches(k1, dense_ab + 6, 6));
    CHECK_ERR(gs_select(r, 0, 2, &k1), GS_ERR_INDEX, "out of range");

    gs_tensor *tensors[] = {a, b, r, x, p, s, n, sm, k1};
    for (size_t i = 0; i < sizeof tensors / sizeof *tensors; i++) CHECK_OK(gs_tensor_free(&tensors[i]));
}

int main(void) {
    check_start();
    test_ragged(GS_INT64);
    test_ragged(GS_INT32);
    return check_finish("test_ragged");
}
