/* test_linalg.c — the matmul family (gs_mv, gs_mm, gs_matmul, gs_bmm,
 * gs_sparse_mm, gs_hspmm, gs_smm and the addmm family): every layout of the
 * sparse operand against a product computed here, result layouts as torch,
 * beta/alpha, the argument checks, and sparse @ sparse refused under the
 * memory limit before anything large is allocated. */
#include <time.h>

#include "test_ops_util.h"

/* c = a @ b for row-major reference matrices. */
static ref_t ref_mm(const ref_t *a, const ref_t *b) {
    int64_t shape[] = {a->shape[0], b->shape[1]};
    double zero[256] = {0};
    ref_t c = ref_make(2, shape, zero);
    for (int64_t i = 0; i < a->shape[0]; i++)
        for (int64_t j = 0; j < b->shape[1]; j++)
            for (int64_t k = 0; k < a->shape[1]; k++)
                c.v[i * c.shape[1] + j] += a->v[i * a->shape[1] + k] * b->v[k * b->shape[1] + j];
    return c;
}

/* beta * x + alpha * y, element by element. */
static ref_t ref_axpby(double beta, const ref_t *x, double alpha, const ref_t *y) {
    ref_t o = *y;
    for (int64_t k = 0; k < ref_numel(y); k++) o.v[k] = beta * x->v[k] + alpha * y->v[k];
    return o;
}

/* A dense 4x2 right-hand side. */
static ref_t ref_4x2(void) {
    int64_t shape[] = {4, 2};
    double v[] = {1, -1, 2, 0.5, 0, 3, -2, 1};
    return ref_make(2, shape, v);
}

static gs_number num_float(double x) {
    gs_number n;
    memset(&n, 0, sizeof n);
    n.kind = GS_FLOAT64;
    n.re = x;
    return n;
}

/* Layouts of the sparse operand: ops_layout's and BSR with 1x2 blocks. */
#define LA_NLAYOUTS 5
static gs_tensor *la_in_layout(const ref_t *r, int i) {
    if (i < OPS_NLAYOUTS) return ref_in_layout(r, ops_layout(i), -1);
    gs_tensor *d = ref_tensor(r), *t = NULL;
    int64_t bs[] = {1, 2};
    CHECK_OK(gs_to_layout(d, GS_SPARSE_BSR, bs, -1, GS_INDEX_AUTO, &t));
    gs_tensor_free(&d);
    return t;
}

static void test_mm_and_mv(void) {
    ref_t a = ref_3x4(), b = ref_4x2(), want = ref_mm(&a, &b);
    gs_tensor *bd = ref_tensor(&b);
    int64_t n4[] = {4}, n3[] = {3};
    double xv[] = {1, 2, 3, 4}, yv[] = {1, 1, -1};
    ref_t x = ref_make(1, n4, xv), y = ref_make(1, n3, yv), xm = ref_make(2, (int64_t[]){4, 1}, xv);
    ref_t axm = ref_mm(&a, &xm), ax = ref_make(1, n3, axm.v);
    gs_tensor *xt = ref_tensor(&x), *yt = ref_tensor(&y);
    for (int i = 0; i < LA_NLAYOUTS; i++) {
        gs_tensor *t = la_in_layout(&a, i), *r = NULL;
        CHECK_OK(gs_mm(t, bd, &r));
        if (!same_as_ref(r, &want)) CHECK_FAIL("mm with layout %d", i);
        CHECK(layout_of(r) == GS_STRIDED); /* sparse @ dense is dense */
        gs_tensor_free(&r);
        CHECK_OK(gs_matmul(t, bd, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        CHECK_OK(gs_sparse_mm(t, bd, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        CHECK_OK(gs_mv(t, xt, &r));
        if (!same_as_ref(r, &ax)) CHECK_FAIL("mv with layout %d", i);
        gs_tensor_free(&r);
        CHECK_OK(gs_matmul(t, xt, &r));
        CHECK(same_as_ref(r, &ax));
        gs_tensor_free(&r);
        /* addmv: 2 * y - 0.5 * (a @ x); NULL beta and alpha are 1. */
        gs_number beta = num_float(2), alpha = num_float(-0.5);
        ref_t w = ref_axpby(2, &y, -0.5, &ax);
        CHECK_OK(gs_addmv(yt, t, xt, &beta, &alpha, &r));
        CHECK(same_as_ref(r, &w));
        gs_tensor_free(&r);
        w = ref_axpby(1, &y, 1, &ax);
        CHECK_OK(gs_addmv(yt, t, xt, NULL, NULL, &r));
        CHECK(same_as_ref(r, &w));
        gs_tensor_free(&r);
        gs_tensor_free(&t);
    }
    gs_tensor_free(&yt);
    gs_tensor_free(&xt);
    gs_tensor_free(&bd);
}

static void test_sparse_products(void) {
    ref_t a = ref_3x4(), b = ref_4x2(), want = ref_mm(&a, &b);
    /* sparse @ sparse keeps the shared layout (COO, CSR, CSC), as torch.sparse.mm. */
    gs_layout ls[] = {GS_SPARSE_COO, GS_SPARSE_CSR, GS_SPARSE_CSC};
    for (int i = 0; i < 3; i++) {
        gs_tensor *x = ref_in_layout(&a, ls[i], -1), *y = ref_in_layout(&b, ls[i], -1), *r = NULL;
        CHECK_OK(gs_sparse_mm(x, y, &r));
        CHECK(layout_of(r) == ls[i] && same_as_ref(r, &want));
        gs_tensor_free(&r);
        CHECK_OK(gs_mm(x, y, &r));
        CHECK(layout_of(r) == ls[i] && same_as_ref(r, &want));
        gs_tensor_free(&r);
        gs_tensor_free(&y);
        gs_tensor_free(&x);
    }
    /* hspmm: hybrid COO (1 sparse, 1 dense dim) over the rows of a that store
     * something; smm: COO. */
    gs_tensor *x = ref_in_layout(&a, GS_SPARSE_COO, -1), *bd = ref_tensor(&b), *r = NULL;
    CHECK_OK(gs_hspmm(x, bd, &r));
    int32_t sd = -1, dd = -1;
    int64_t nnz = -1;
    CHECK_OK(gs_tensor_sparse_dim(r, &sd));
    CHECK_OK(gs_tensor_dense_dim(r, &dd));
    CHECK_OK(gs_tensor_nnz(r, &nnz));
    CHECK(layout_of(r) == GS_SPARSE_COO && sd == 1 && dd == 1 && nnz == 2); /* rows 0 and 2 */
    CHECK(same_as_ref(r, &want));
    gs_tensor_free(&r);
    CHECK_OK(gs_smm(x, bd, &r));
    CHECK(layout_of(r) == GS_SPARSE_COO && same_as_ref(r, &want));
    gs_tensor_free(&r);
    gs_tensor_free(&bd);
    gs_tensor_free(&x);
}

static void test_addmm_family(void) {
    ref_t a = ref_3x4(), b = ref_4x2(), p = ref_mm(&a, &b);
    int64_t s32[] = {3, 2};
    double iv[] = {1, 0, 0, 2, 0, 0};
    ref_t in = ref_make(2, s32, iv);
    gs_number beta = num_float(0.5), alpha = num_float(3);
    ref_t want = ref_axpby(0.5, &in, 3, &p), plain = ref_axpby(1, &in, 1, &p);
    gs_tensor *bd = ref_tensor(&b);
    for (int i = 0; i < LA_NLAYOUTS; i++) {
        gs_tensor *t = la_in_layout(&a, i), *it = ref_in_layout(&in, GS_STRIDED, -1), *r = NULL;
        CHECK_OK(gs_addmm(it, t, bd, &beta, &alpha, &r));
        if (!same_as_ref(r, &want)) CHECK_FAIL("addmm with layout %d", i);
        gs_tensor_free(&r);
        CHECK_OK(gs_addmm(it, t, bd, NULL, NULL, &r));
        CHECK(same_as_ref(r, &plain));
        gs_tensor_free(&r);
        CHECK_OK(gs_sparse_addmm(it, t, bd, &beta, &alpha, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        gs_tensor_free(&it);
        gs_tensor_free(&t);
    }
    /* sspaddmm: sparse input, COO result. */
    gs_tensor *ic = ref_in_layout(&in, GS_SPARSE_COO, -1), *ac = ref_in_layout(&a, GS_SPARSE_COO, -1), *r = NULL;
    CHECK_OK(gs_sspaddmm(ic, ac, bd, &beta, &alpha, &r));
    CHECK(layout_of(r) == GS_SPARSE_COO && same_as_ref(r, &want));
    gs_tensor_free(&r);
    /* sampled_addmm: the product at input's pattern only, CSR. */
    gs_tensor *icsr = ref_in_layout(&in, GS_SPARSE_CSR, -1), *ad = ref_tensor(&a);
    ref_t sampled = in;
    for (int64_t k = 0; k < ref_numel(&in); k++) sampled.v[k] = in.v[k] != 0 ? want.v[k] : 0;
    CHECK_OK(gs_sampled_addmm(icsr, ad, bd, &beta, &alpha, &r));
    int64_t nnz = -1;
    CHECK_OK(gs_tensor_nnz(r, &nnz));
    CHECK(layout_of(r) == GS_SPARSE_CSR && nnz == 2 && same_as_ref(r, &sampled));
    gs_tensor_free(&r);
    gs_tensor_free(&ad);
    gs_tensor_free(&icsr);
    gs_tensor_free(&ac);
    gs_tensor_free(&ic);
    gs_tensor_free(&bd);
}

static void test_bmm(void) {
    /* Two batches of 2x3 @ 3x2. */
    int64_t sa[] = {2, 2, 3}, sb[] = {2, 3, 2};
    double av[] = {1, 0, 2, 0, 3, 0, /* batch 1 */ 0, 0, 4, 5, 0, 6}; /* 3 per batch: batched CSR */
    double bv[] = {1, 2, 3, 4, 5, 6, /* batch 1 */ -1, 0, 0, 1, 2, 2};
    ref_t a = ref_make(3, sa, av), b = ref_make(3, sb, bv);
    int64_t so[] = {2, 2, 2};
    double ov[8] = {0};
    for (int n = 0; n < 2; n++)
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++)
                for (int k = 0; k < 3; k++) ov[n * 4 + i * 2 + j] += av[n * 6 + i * 3 + k] * bv[n * 6 + k * 2 + j];
    ref_t want = ref_make(3, so, ov);
    gs_tensor *bd = ref_tensor(&b);
    gs_layout ls[] = {GS_STRIDED, GS_SPARSE_COO, GS_SPARSE_CSR};
    for (int i = 0; i < 3; i++) {
        gs_tensor *t = ref_in_layout(&a, ls[i], -1), *r = NULL;
        CHECK(t != NULL);
        CHECK_OK(gs_bmm(t, bd, &r));
        if (!same_as_ref(r, &want)) CHECK_FAIL("bmm with layout %d", (int)ls[i]);
        gs_tensor_free(&r);
        CHECK_OK(gs_matmul(t, bd, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        gs_tensor_free(&t);
    }
    gs_tensor_free(&bd);
}

static void test_argument_checks(void) {
    ref_t a = ref_3x4(), b = ref_4x2();
    gs_tensor *t = ref_in_layout(&a, GS_SPARSE_CSR, -1), *bd = ref_tensor(&b), *r = NULL;
    /* A freed handle: gs_tensor_free clears dead, dead_copy keeps the stale value. */
    gs_tensor *dead = ref_tensor(&b), *dead_copy = dead;
    gs_tensor_free(&dead);

    CHECK_ERR(gs_mm(t, t, &r), GS_ERR_INVALID_ARGUMENT, "gs_mm: "); /* (3x4) @ (3x4): torch's mm_shape_mismatch */
    CHECK_ERR(gs_mm(t, t, &r), GS_ERR_INVALID_ARGUMENT, "cannot be multiplied");
    CHECK_ERR(gs_mm(NULL, bd, &r), GS_ERR_INVALID_HANDLE, "gs_mm: mat1 is NULL");
    CHECK_ERR(gs_mm(t, dead_copy, &r), GS_ERR_INVALID_HANDLE, "gs_mm: mat2 is not a live gs_tensor");
    CHECK_ERR(gs_mm(t, bd, NULL), GS_ERR_INVALID_ARGUMENT, "gs_mm: out is NULL");
    CHECK_ERR(gs_mv(t, NULL, &r), GS_ERR_INVALID_HANDLE, "gs_mv: vec is NULL");
    CHECK_ERR(gs_mv(t, bd, &r), GS_ERR_INVALID_ARGUMENT, "gs_mv: ");
    CHECK_ERR(gs_matmul(dead_copy, bd, &r), GS_ERR_INVALID_HANDLE, "gs_matmul: a is not a live");
    CHECK_ERR(gs_bmm(t, bd, &r), GS_ERR_INVALID_ARGUMENT, "gs_bmm: ");
    CHECK_ERR(gs_sparse_mm(t, NULL, &r), GS_ERR_INVALID_HANDLE, "gs_sparse_mm: mat2 is NULL");
    CHECK_ERR(gs_hspmm(NULL, bd, &r), GS_ERR_INVALID_HANDLE, "gs_hspmm: mat1 is NULL");
    CHECK_ERR(gs_smm(t, bd, NULL), GS_ERR_INVALID_ARGUMENT, "gs_smm: out is NULL");
    CHECK_ERR(gs_addmm(NULL, t, bd, NULL, NULL, &r), GS_ERR_INVALID_HANDLE, "gs_addmm: input is NULL");
    CHECK_ERR(gs_addmm(bd, t, dead_copy, NULL, NULL, &r), GS_ERR_INVALID_HANDLE, "gs_addmm: mat2 is not");
    CHECK_ERR(gs_addmv(bd, NULL, bd, NULL, NULL, &r), GS_ERR_INVALID_HANDLE, "gs_addmv: mat is NULL");
    /* A 1-D result is named as one: [3], not the [1, 3] matrix it is computed as. */
    int64_t n4[] = {4};
    double v4v[] = {1, 2, 3, 4};
    ref_t v4r = ref_make(1, n4, v4v);
    gs_tensor *v4 = ref_tensor(&v4r);
    CHECK_ERR(gs_addmv(v4, t, v4, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT,
              "gs_addmv: addmv: Argument #1 (input): size [4] cannot broadcast to the result size [3] (dim 0 has size 4, expected 3 or 1)");
    gs_tensor_free(&v4);
    CHECK_ERR(gs_sspaddmm(t, t, bd, NULL, NULL, NULL), GS_ERR_INVALID_ARGUMENT, "gs_sspaddmm: out is NULL");
    CHECK_ERR(gs_sampled_addmm(t, NULL, bd, NULL, NULL, &r), GS_ERR_INVALID_HANDLE, "gs_sampled_addmm: mat1 is NULL");
    CHECK_ERR(gs_sparse_addmm(t, t, t, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT, "gs_sparse_addmm: ");
    /* beta and alpha: the four literal kinds only, reserved zero. */
    gs_number bad = num_float(1);
    bad.kind = GS_FLOAT32;
    int64_t s32[] = {3, 2};
    double iv[6] = {0};
    ref_t in = ref_make(2, s32, iv);
    gs_tensor *it = ref_tensor(&in);
    CHECK_ERR(gs_addmm(it, t, bd, &bad, NULL, &r), GS_ERR_DTYPE, "gs_addmm: beta.kind = 544");
    CHECK_ERR(gs_addmm(it, t, bd, NULL, &bad, &r), GS_ERR_DTYPE, "gs_addmm: alpha.kind");
    bad = num_float(1);
    bad.reserved = 7;
    CHECK_ERR(gs_sampled_addmm(it, t, bd, NULL, &bad, &r), GS_ERR_INVALID_ARGUMENT, "alpha.reserved = 7 must be 0");
    /* Mixed dtypes promote as the element-wise operations do (NumPy's and
     * SciPy's products): float64 @ float32 is the float64 product of both cast up. */
    gs_tensor *b32 = NULL, *b64 = NULL, *want = NULL;
    CHECK_OK(gs_to_dtype(bd, GS_FLOAT32, &b32));
    CHECK_OK(gs_to_dtype(b32, GS_FLOAT64, &b64));
    CHECK_OK(gs_mm(t, b32, &r));
    CHECK_OK(gs_mm(t, b64, &want));
    gs_dtype rd = 0;
    CHECK_OK(gs_tensor_dtype(r, &rd));
    CHECK(rd == GS_FLOAT64);
    int32_t same = 0;
    CHECK_OK(gs_equal(r, want, &same));
    CHECK(same);
    gs_tensor_free(&r);
    gs_tensor_free(&want);
    gs_tensor_free(&b64);
    gs_tensor_free(&b32);
    /* torch's layouts only: sspaddmm(COO, COO, strided), sampled_addmm(CSR, strided, strided). */
    gs_tensor *ic = ref_in_layout(&in, GS_SPARSE_COO, -1), *icsr = ref_in_layout(&in, GS_SPARSE_CSR, -1);
    gs_tensor *ac = ref_in_layout(&a, GS_SPARSE_COO, -1), *ad = ref_tensor(&a), *bc = ref_in_layout(&b, GS_SPARSE_COO, -1);
    CHECK_ERR(gs_sspaddmm(it, ac, bd, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT,
              "gs_sspaddmm: sspaddmm: Argument #1 (input): expected a sparse_coo tensor, got strided");
    CHECK_ERR(gs_sspaddmm(icsr, ac, bd, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT, "Argument #1 (input): expected a sparse_coo tensor, got sparse_csr");
    CHECK_ERR(gs_sspaddmm(ic, t, bd, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT, "Argument #2 (mat1): expected a sparse_coo tensor, got sparse_csr");
    CHECK_ERR(gs_sspaddmm(ic, ad, bd, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT, "Argument #2 (mat1): expected a sparse_coo tensor, got strided");
    CHECK_ERR(gs_sspaddmm(ic, ac, bc, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT, "Argument #3 (mat2): expected a strided tensor, got sparse_coo");
    CHECK_ERR(gs_sampled_addmm(ic, ad, bd, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT,
              "gs_sampled_addmm: sparse.sampled_addmm: Argument #1 (input): expected a sparse_csr tensor, got sparse_coo");
    CHECK_ERR(gs_sampled_addmm(it, ad, bd, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT, "Argument #1 (input): expected a sparse_csr tensor, got strided");
    CHECK_ERR(gs_sampled_addmm(icsr, t, bd, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT, "Argument #2 (mat1): expected a strided tensor, got sparse_csr");
    CHECK_ERR(gs_sampled_addmm(icsr, ad, bc, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT, "Argument #3 (mat2): expected a strided tensor, got sparse_coo");
    /* The accepted layouts work. */
    CHECK_OK(gs_sspaddmm(ic, ac, bd, NULL, NULL, &r));
    gs_tensor_free(&r);
    CHECK_OK(gs_sampled_addmm(icsr, ad, bd, NULL, NULL, &r));
    gs_tensor_free(&r);
    gs_tensor_free(&bc);
    gs_tensor_free(&ad);
    gs_tensor_free(&ac);
    gs_tensor_free(&icsr);
    gs_tensor_free(&ic);
    CHECK(r == NULL);
    gs_tensor_free(&it);
    gs_tensor_free(&bd);
    gs_tensor_free(&t);
}

/* gs_mv_out / gs_mm_out: the product written into an existing strided tensor,
 * for every layout of the sparse operand; bad outputs refused and unchanged. */
static void test_out_products(void) {
    ref_t a = ref_3x4(), b = ref_4x2(), want = ref_mm(&a, &b);
    int64_t n4[] = {4}, n3[] = {3}, s32[] = {3, 2};
    double xv[] = {1, 2, 3, 4}, junk[6] = {7, 7, 7, 7, 7, 7};
    ref_t x = ref_make(1, n4, xv), xm = ref_make(2, (int64_t[]){4, 1}, xv);
    ref_t axm = ref_mm(&a, &xm), ax = ref_make(1, n3, axm.v);
    ref_t y0 = ref_make(1, n3, junk), c0 = ref_make(2, s32, junk);
    gs_tensor *xt = ref_tensor(&x), *bd = ref_tensor(&b), *y = ref_tensor(&y0), *c = ref_tensor(&c0);
    for (int i = 0; i < LA_NLAYOUTS; i++) {
        gs_tensor *t = la_in_layout(&a, i);
        CHECK_OK(gs_mv_out(t, xt, y));
        if (!same_as_ref(y, &ax)) CHECK_FAIL("mv_out with layout %d", i);
        CHECK_OK(gs_mm_out(t, bd, c));
        if (!same_as_ref(c, &want)) CHECK_FAIL("mm_out with layout %d", i);
        gs_tensor_free(&t);
    }
    /* Refused outputs stay as they were (c holds want, y holds ax). */
    gs_tensor *t = la_in_layout(&a, 1), *wrong = ref_tensor(&x), *dead = ref_tensor(&y0), *dead_copy = dead;
    gs_tensor_free(&dead);
    CHECK_ERR(gs_mv_out(t, xt, NULL), GS_ERR_INVALID_HANDLE, "gs_mv_out: out is NULL");
    CHECK_ERR(gs_mv_out(t, xt, dead_copy), GS_ERR_INVALID_HANDLE, "gs_mv_out: out is not a live gs_tensor");
    CHECK_ERR(gs_mv_out(t, xt, wrong), GS_ERR_INVALID_ARGUMENT, "gs_mv_out: mv: out has size [4], the result has size [3]");
    CHECK_ERR(gs_mv_out(NULL, xt, y), GS_ERR_INVALID_HANDLE, "gs_mv_out: mat is NULL");
    CHECK_ERR(gs_mm_out(t, bd, y), GS_ERR_INVALID_ARGUMENT, "gs_mm_out: mm: out has size [3], the result has size [3, 2]");
    CHECK_ERR(gs_mm_out(t, t, c), GS_ERR_INVALID_ARGUMENT, "gs_mm_out: ");
    CHECK(same_as_ref(y, &ax) && same_as_ref(c, &want));
    gs_tensor *c32 = NULL;
    CHECK_OK(gs_to_dtype(c, GS_FLOAT32, &c32));
    CHECK_ERR(gs_mm_out(t, bd, c32), GS_ERR_DTYPE, "out has dtype float32, the result has dtype float64");
    gs_tensor_free(&c32);
    gs_tensor_free(&wrong);
    gs_tensor_free(&t);
    gs_tensor_free(&c);
    gs_tensor_free(&y);
    gs_tensor_free(&bd);
    gs_tensor_free(&xt);
}

static double seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* An arrow matrix (full first row and column, n x n) squared stores n^2
 * elements: under a 16 MiB limit sparse @ sparse must fail with
 * GS_ERR_TOO_LARGE at once, for every sparse layout, and work again once the
 * limit is restored for a product that fits. */
static void test_square_over_the_memory_limit(void) {
    enum { N = 20000 };
    int64_t nnz = 2 * N - 1;
    int64_t *idx = malloc(sizeof(int64_t) * 2 * (size_t)nnz);
    double *val = malloc(sizeof(double) * (size_t)nnz);
    CHECK(idx != NULL && val != NULL);
    if (!idx || !val) return;
    int64_t k = 0;
    for (int64_t j = 0; j < N; j++, k++) idx[k] = 0, idx[nnz + k] = j, val[k] = 1;
    for (int64_t i = 1; i < N; i++, k++) idx[k] = i, idx[nnz + k] = 0, val[k] = 1;
    gs_array ia = arr2(idx, GS_INT64, 2, nnz), va = arr1(val, GS_FLOAT64, nnz);
    int64_t size[] = {N, N};
    gs_tensor *coo = NULL, *r = NULL;
    CHECK_OK(gs_sparse_coo_from(&ia, &va, 2, size, GS_FLAGS_DEFAULT, &coo));
    free(idx);
    free(val);
    int64_t old = 0;
    CHECK_OK(gs_get_memory_limit(&old));
    CHECK_OK(gs_set_memory_limit(16 << 20));
    gs_layout ls[] = {GS_SPARSE_COO, GS_SPARSE_CSR, GS_SPARSE_CSC};
    for (int i = 0; i < 3; i++) {
        gs_tensor *x = NULL;
        CHECK_OK(gs_to_layout(coo, ls[i], NULL, -1, GS_INDEX_AUTO, &x));
        double start = seconds();
        CHECK_ERR(gs_sparse_mm(x, x, &r), GS_ERR_TOO_LARGE, "gs_sparse_mm: ");
        CHECK_ERR(gs_mm(x, x, &r), GS_ERR_TOO_LARGE, "memory limit of 16777216 bytes (gs_set_memory_limit sets it)");
        double took = seconds() - start;
        if (took > 2.0) CHECK_FAIL("refusing the square of the arrow matrix (layout %d) took %.2f s", (int)ls[i], took);
        CHECK(r == NULL);
        gs_tensor_free(&x);
    }
    CHECK_OK(gs_set_memory_limit(old));
    int64_t now = 0;
    CHECK_OK(gs_get_memory_limit(&now));
    CHECK(now == old);
    /* With the limit restored, sparse @ sparse works again. */
    ref_t small = ref_3x4(), b = ref_4x2(), want = ref_mm(&small, &b);
    gs_tensor *x = ref_in_layout(&small, GS_SPARSE_CSR, -1), *y = ref_in_layout(&b, GS_SPARSE_CSR, -1);
    CHECK_OK(gs_sparse_mm(x, y, &r));
    CHECK(same_as_ref(r, &want));
    gs_tensor_free(&r);
    gs_tensor_free(&y);
    gs_tensor_free(&x);
    gs_tensor_free(&coo);
}

int main(void) {
    check_start();
    test_mm_and_mv();
    test_sparse_products();
    test_addmm_family();
    test_bmm();
    test_argument_checks();
    test_out_products();
    test_square_over_the_memory_limit();
    return check_finish("test_linalg");
}
