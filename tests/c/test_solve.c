/* test_solve.c — the direct solvers: gs_spsolve, gs_solve_triangular, gs_splu
 * and gs_cholesky with their factor handles (solve, L, U, permutations, fill,
 * free, stale and foreign handles), gs_spdiags; every layout of A against
 * residuals computed here, refusals naming the argument, the memory limit. */
#include <math.h>

#include "test_ops_util.h"

/* A 5x5 nonsymmetric, diagonally dominant matrix with a zero in (1, 1) that
 * makes LU pivot. */
static ref_t ref_a(void) {
    int64_t shape[] = {5, 5};
    double v[] = {4, 1, 0, 0, 2,
                  3, 0, 1, 0, 0,
                  0, 2, 5, 1, 0,
                  1, 0, 0, 6, 1,
                  0, 0, 1, 0, 3};
    return ref_make(2, shape, v);
}

/* A symmetric positive definite 5x5 matrix: a 1-D Laplacian plus I. */
static ref_t ref_spd(void) {
    int64_t shape[] = {5, 5};
    double v[25] = {0};
    for (int i = 0; i < 5; i++) {
        v[i * 5 + i] = 3;
        if (i > 0) v[i * 5 + i - 1] = -1;
        if (i < 4) v[i * 5 + i + 1] = -1;
    }
    return ref_make(2, shape, v);
}

/* The float64 values of any tensor, densified, copied into out (n values). */
static int values_of(const gs_tensor *t, double *out, int64_t n) {
    gs_tensor *d = NULL;
    gs_array a;
    int ok = gs_to_dense(t, &d) == GS_OK && gs_tensor_component(d, GS_COMP_VALUES, &a) == GS_OK &&
             a.dtype == GS_FLOAT64 && numel(&a) == n;
    if (ok) memcpy(out, a.data, (size_t)n * sizeof(double));
    gs_tensor_free(&d);
    return ok;
}

/* max |A X - B| for row-major X (n x k) and B, or |X A - B| when !left (X, B k x n). */
static double residual(const ref_t *a, const double *x, const double *b, int64_t k, int left) {
    int64_t n = a->shape[0];
    double worst = 0;
    for (int64_t r = 0; r < (left ? n : k); r++) {
        for (int64_t c = 0; c < (left ? k : n); c++) {
            double s = 0;
            for (int64_t t = 0; t < n; t++)
                s += left ? a->v[r * n + t] * x[t * k + c] : x[r * n + t] * a->v[t * n + c];
            double e = fabs(s - b[left ? r * k + c : r * n + c]);
            if (e > worst) worst = e;
        }
    }
    return worst;
}

static void test_spsolve(void) {
    ref_t a = ref_a();
    double bv[] = {1, 2, 3, 4, 5}, bm[] = {1, 0, 2, 1, 3, 0, 0, 1, 1, 2}; /* (5,), (2, 5) */
    int64_t s1[] = {5}, s2[] = {2, 5};
    ref_t rb = ref_make(1, s1, bv), rm = ref_make(2, s2, bm);
    gs_tensor *b = ref_tensor(&rb), *m = ref_tensor(&rm);
    for (int i = 0; i < OPS_NLAYOUTS; i++) {
        gs_tensor *A = ref_in_layout(&a, ops_layout(i), -1), *x = NULL;
        double xv[10];
        CHECK_OK(gs_spsolve(A, b, 1, &x));
        CHECK(values_of(x, xv, 5) && residual(&a, xv, bv, 1, 1) < 1e-12);
        CHECK_OK(gs_tensor_free(&x));
        CHECK_OK(gs_spsolve(A, m, 0, &x)); /* X A = B, B (2, 5) */
        CHECK(values_of(x, xv, 10) && residual(&a, xv, bm, 2, 0) < 1e-12);
        CHECK_OK(gs_tensor_free(&x));
        /* B (2, 5) cannot be A X = B's right-hand side */
        CHECK_ERR(gs_spsolve(A, m, 1, &x), GS_ERR_INVALID_ARGUMENT, "B: shape [2, 5]");
        CHECK(x == NULL);
        CHECK_OK(gs_tensor_free(&A));
    }
    /* structurally singular: column 3 empty */
    ref_t s = a;
    for (int r = 0; r < 5; r++) s.v[r * 5 + 3] = 0;
    gs_tensor *S = ref_in_layout(&s, GS_SPARSE_CSR, -1), *x = NULL;
    CHECK_ERR(gs_spsolve(S, b, 1, &x), GS_ERR_INVALID_ARGUMENT, "zero pivot in column 3");
    CHECK_OK(gs_tensor_free(&S));
    /* not square, NULL and freed handles */
    ref_t r34 = ref_3x4();
    gs_tensor *R = ref_tensor(&r34), *dead = ref_tensor(&rb);
    CHECK_ERR(gs_spsolve(R, b, 1, &x), GS_ERR_INVALID_ARGUMENT, "square");
    CHECK_ERR(gs_spsolve(NULL, b, 1, &x), GS_ERR_INVALID_HANDLE, "A is NULL");
    CHECK_OK(gs_tensor_free(&dead));
    CHECK_ERR(gs_spsolve(R, b, 1, NULL), GS_ERR_INVALID_ARGUMENT, "out is NULL");
    CHECK_OK(gs_tensor_free(&R));
    CHECK_OK(gs_tensor_free(&b));
    CHECK_OK(gs_tensor_free(&m));
}

static void test_solve_triangular(void) {
    ref_t a = ref_a(), lower = ref_a();
    for (int r = 0; r < 5; r++)
        for (int c = r + 1; c < 5; c++) lower.v[r * 5 + c] = 0;
    lower.v[1 * 5 + 1] = 2; /* a nonzero diagonal in both */
    a.v[1 * 5 + 1] = 2;
    double bv[] = {1, 2, 3, 4, 5}, xv[5];
    int64_t s1[] = {5};
    ref_t rb = ref_make(1, s1, bv);
    gs_tensor *b = ref_tensor(&rb);
    for (int i = 0; i < OPS_NLAYOUTS; i++) {
        /* the upper triangle of a is ignored when lower is solved */
        gs_tensor *A = ref_in_layout(&a, ops_layout(i), -1), *x = NULL;
        CHECK_OK(gs_solve_triangular(A, b, 0, 1, 0, &x));
        CHECK(values_of(x, xv, 5) && residual(&lower, xv, bv, 1, 1) < 1e-12);
        CHECK_OK(gs_tensor_free(&x));
        CHECK_OK(gs_tensor_free(&A));
    }
    ref_t z = lower;
    z.v[2 * 5 + 2] = 0;
    gs_tensor *Z = ref_in_layout(&z, GS_SPARSE_CSC, -1), *x = NULL;
    CHECK_ERR(gs_solve_triangular(Z, b, 0, 1, 0, &x), GS_ERR_INVALID_ARGUMENT, "row 2");
    CHECK(x == NULL);
    CHECK_OK(gs_solve_triangular(Z, b, 0, 1, 1, &x)); /* unitriangular: the diagonal is not read */
    CHECK_OK(gs_tensor_free(&x));
    CHECK_OK(gs_tensor_free(&Z));
    CHECK_OK(gs_tensor_free(&b));
}

/* L U == A[p][:, q] (LU) or L L^T == A[p][:, p] (Cholesky), checked densely. */
static int factors_reproduce(const gs_factor *f, const ref_t *a, int cholesky) {
    gs_tensor *L = NULL, *U = NULL, *P = NULL, *Q = NULL;
    double l[25], u[25];
    gs_array p, q;
    int ok = gs_factor_l(f, &L) == GS_OK && values_of(L, l, 25) &&
             gs_factor_row_perm(f, &P) == GS_OK && gs_factor_col_perm(f, &Q) == GS_OK &&
             gs_tensor_component(P, GS_COMP_VALUES, &p) == GS_OK && gs_tensor_component(Q, GS_COMP_VALUES, &q) == GS_OK &&
             p.dtype == GS_INT64 && numel(&p) == 5 && numel(&q) == 5;
    if (ok && cholesky) {
        for (int r = 0; r < 5; r++)
            for (int c = 0; c < 5; c++) u[r * 5 + c] = l[c * 5 + r];
    } else if (ok) {
        ok = gs_factor_u(f, &U) == GS_OK && values_of(U, u, 25);
    }
    for (int r = 0; ok && r < 5; r++) {
        for (int c = 0; ok && c < 5; c++) {
            double s = 0;
            for (int t = 0; t < 5; t++) s += l[r * 5 + t] * u[t * 5 + c];
            int64_t pr = ((const int64_t *)p.data)[r], qc = ((const int64_t *)q.data)[c];
            if (fabs(s - a->v[pr * 5 + qc]) > 1e-12) ok = 0;
        }
    }
    int64_t fill = -1, nl = 0, nu = 0;
    if (ok && gs_factor_fill(f, &fill) == GS_OK && gs_tensor_nnz(L, &nl) == GS_OK) {
        if (!cholesky) gs_tensor_nnz(U, &nu);
        ok = fill == nl + nu;
    }
    gs_tensor_free(&L);
    gs_tensor_free(&U);
    gs_tensor_free(&P);
    gs_tensor_free(&Q);
    return ok;
}

static void test_factors(void) {
    ref_t a = ref_a(), spd = ref_spd();
    double bv[] = {1, 2, 3, 4, 5}, xv[5];
    int64_t s1[] = {5};
    ref_t rb = ref_make(1, s1, bv);
    gs_tensor *b = ref_tensor(&rb);
    for (int i = 0; i < OPS_NLAYOUTS; i++) {
        for (gs_ordering o = GS_ORDER_DEFAULT; o <= GS_ORDER_COLAMD; o++) {
            gs_tensor *A = ref_in_layout(&a, ops_layout(i), -1), *x = NULL;
            gs_factor *f = NULL;
            CHECK_OK(gs_splu(A, o, 1.0, &f));
            CHECK_OK(gs_factor_solve(f, b, 1, &x));
            CHECK(values_of(x, xv, 5) && residual(&a, xv, bv, 1, 1) < 1e-12);
            CHECK_OK(gs_tensor_free(&x));
            CHECK(factors_reproduce(f, &a, 0));
            int32_t kind = -1;
            int64_t n = -1;
            CHECK_OK(gs_factor_kind(f, &kind));
            CHECK_OK(gs_factor_order(f, &n));
            CHECK(kind == GS_FACTOR_LU && n == 5);
            CHECK_OK(gs_factor_free(&f));
            CHECK(f == NULL);
            CHECK_OK(gs_tensor_free(&A));
        }
        for (gs_ordering o = GS_ORDER_DEFAULT; o <= GS_ORDER_AMD; o++) {
            gs_tensor *A = ref_in_layout(&spd, ops_layout(i), -1), *x = NULL, *U = NULL;
            gs_factor *f = NULL;
            CHECK_OK(gs_cholesky(A, o, &f));
            CHECK_OK(gs_factor_solve(f, b, 0, &x)); /* x A = b: A symmetric */
            CHECK(values_of(x, xv, 5) && residual(&spd, xv, bv, 1, 1) < 1e-12);
            CHECK_OK(gs_tensor_free(&x));
            CHECK(factors_reproduce(f, &spd, 1));
            CHECK_ERR(gs_factor_u(f, &U), GS_ERR_INVALID_ARGUMENT, "no U");
            CHECK(U == NULL);
            CHECK_OK(gs_factor_free(&f));
            CHECK_OK(gs_tensor_free(&A));
        }
    }
    /* refusals: options, a matrix that is not positive definite */
    gs_tensor *A = ref_in_layout(&a, GS_SPARSE_CSR, -1);
    gs_factor *f = NULL;
    CHECK_ERR(gs_splu(A, 7, 1.0, &f), GS_ERR_INVALID_ARGUMENT, "ordering = 7");
    CHECK_ERR(gs_splu(A, GS_ORDER_DEFAULT, 2.0, &f), GS_ERR_INVALID_ARGUMENT, "pivot_threshold = 2");
    CHECK_ERR(gs_cholesky(A, GS_ORDER_COLAMD, &f), GS_ERR_INVALID_ARGUMENT, "ordering = colamd");
    CHECK_ERR(gs_cholesky(A, GS_ORDER_NATURAL, &f), GS_ERR_INVALID_ARGUMENT, "not positive definite: the pivot of column 1");
    CHECK(f == NULL);
    /* stale, foreign and NULL handles */
    CHECK_OK(gs_splu(A, GS_ORDER_DEFAULT, 1.0, &f));
    gs_factor *copy = f;
    gs_tensor *x = NULL;
    int64_t fill = 0;
    CHECK_OK(gs_factor_free(&f));
    CHECK_ERR(gs_factor_solve(copy, b, 1, &x), GS_ERR_INVALID_HANDLE, "f is not a live gs_factor");
    CHECK_ERR(gs_factor_fill(copy, &fill), GS_ERR_INVALID_HANDLE, "not a live gs_factor");
    CHECK_ERR(gs_factor_free(&copy), GS_ERR_INVALID_HANDLE, "not a live gs_factor");
    CHECK(copy != NULL);
    CHECK_ERR(gs_factor_fill((const gs_factor *)A, &fill), GS_ERR_INVALID_HANDLE, "not a live gs_factor");
    CHECK_ERR(gs_factor_fill(NULL, &fill), GS_ERR_INVALID_HANDLE, "f is NULL");
    CHECK_OK(gs_splu(A, GS_ORDER_DEFAULT, 1.0, &f));
    CHECK_ERR(gs_tensor_nnz((const gs_tensor *)f, &fill), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_factor_fill(f, NULL), GS_ERR_INVALID_ARGUMENT, "out is NULL");
    CHECK_ERR(gs_factor_solve(f, NULL, 1, &x), GS_ERR_INVALID_HANDLE, "B is NULL");
    CHECK(gs_live_factors() == 1);
    CHECK_OK(gs_factor_free(&f));
    CHECK_OK(gs_factor_free(NULL));
    CHECK_OK(gs_factor_free(&f)); /* *f == NULL */
    CHECK_OK(gs_tensor_free(&A));
    CHECK_OK(gs_tensor_free(&b));
}

/* The symbolic analysis refuses L beyond the memory limit before allocating it. */
static void test_memory_limit(void) {
    gs_tensor *coo = NULL, *A = NULL;
    CHECK_OK(gs_gen_stencil2d(60, &coo));
    CHECK_OK(gs_to_layout(coo, GS_SPARSE_CSR, NULL, -1, GS_INDEX_AUTO, &A));
    int64_t old = 0;
    CHECK_OK(gs_get_memory_limit(&old));
    CHECK_OK(gs_set_memory_limit(200000));
    gs_factor *f = NULL;
    CHECK_ERR(gs_cholesky(A, GS_ORDER_DEFAULT, &f), GS_ERR_TOO_LARGE, "memory limit");
    CHECK_ERR(gs_splu(A, GS_ORDER_DEFAULT, 1.0, &f), GS_ERR_TOO_LARGE, "memory limit");
    CHECK(f == NULL);
    CHECK_OK(gs_set_memory_limit(old));
    CHECK_OK(gs_cholesky(A, GS_ORDER_DEFAULT, &f));
    CHECK_OK(gs_factor_free(&f));
    CHECK_OK(gs_tensor_free(&A));
    CHECK_OK(gs_tensor_free(&coo));
}

/* torch.sparse.spdiags's documented example, in each output layout. */
static void test_spdiags(void) {
    int64_t s33[] = {3, 3}, s3[] = {3};
    double d[9];
    for (int k = 0; k < 9; k++) d[k] = k;
    int64_t offs[] = {0, -1, -2};
    gs_array da = arr2(d, GS_FLOAT64, 3, 3), oa = arr1(offs, GS_INT64, 3);
    gs_tensor *D = NULL, *O = NULL, *s = NULL;
    CHECK_OK(gs_strided_from(&da, &D));
    CHECK_OK(gs_strided_from(&oa, &O));
    double want[] = {0, 0, 0, 3, 1, 0, 6, 4, 2};
    gs_layout ls[] = {GS_SPARSE_COO, GS_SPARSE_CSR, GS_SPARSE_CSC};
    for (int i = 0; i < 3; i++) {
        CHECK_OK(gs_spdiags(D, O, s33, ls[i], &s));
        CHECK(layout_of(s) == ls[i] && dense_matches(s, want, 9));
        CHECK_OK(gs_tensor_free(&s));
    }
    CHECK_ERR(gs_spdiags(D, O, s33, GS_SPARSE_BSR, &s), GS_ERR_INVALID_ARGUMENT, "Only output layouts");
    CHECK_ERR(gs_spdiags(D, O, NULL, GS_SPARSE_COO, &s), GS_ERR_INVALID_ARGUMENT, "shape is NULL");
    CHECK_ERR(gs_spdiags(D, O, s3, GS_SPARSE_COO, NULL), GS_ERR_INVALID_ARGUMENT, "out is NULL");
    int64_t dup[] = {1, 1, 0};
    gs_array dupa = arr1(dup, GS_INT64, 3);
    gs_tensor *Dup = NULL;
    CHECK_OK(gs_strided_from(&dupa, &Dup));
    CHECK_ERR(gs_spdiags(D, Dup, s33, GS_SPARSE_COO, &s), GS_ERR_INVALID_ARGUMENT, "duplicate");
    CHECK(s == NULL);
    CHECK_OK(gs_tensor_free(&Dup));
    CHECK_OK(gs_tensor_free(&D));
    CHECK_OK(gs_tensor_free(&O));
}

/* spsolve records its backward: A's gradient keeps A's pattern (the sampled
 * -A^-H G X^H). A factor's solve carries a node whose backward refuses,
 * naming it (no silent zero gradient). */
static void test_autograd_refuses(void) {
    ref_t a = ref_a();
    double bv[] = {1, 2, 3, 4, 5};
    int64_t s1[] = {5};
    ref_t rb = ref_make(1, s1, bv);
    gs_tensor *A = ref_in_layout(&a, GS_SPARSE_CSR, -1), *b = ref_tensor(&rb), *x = NULL;
    CHECK_OK(gs_set_requires_grad(A, 1));
    CHECK_OK(gs_spsolve(A, b, 1, &x));
    CHECK_OK(gs_backward(x, b, 0));
    gs_tensor *gA = NULL;
    CHECK_OK(gs_grad(A, &gA));
    int64_t nnzA = 0, nnzG = -1;
    CHECK_OK(gs_tensor_nnz(A, &nnzA));
    CHECK_OK(gs_tensor_nnz(gA, &nnzG));
    CHECK(nnzG == nnzA);
    CHECK_OK(gs_tensor_free(&gA));
    CHECK_OK(gs_tensor_free(&x));
    gs_factor *f = NULL;
    gs_tensor *B = ref_tensor(&rb);
    CHECK_OK(gs_set_requires_grad(B, 1));
    CHECK_OK(gs_splu(A, GS_ORDER_DEFAULT, 1.0, &f));
    CHECK_OK(gs_factor_solve(f, B, 1, &x));
    CHECK_ERR(gs_backward(x, b, 0), GS_ERR_NOT_IMPLEMENTED, "backward: factor_solve has no backward");
    CHECK_OK(gs_tensor_free(&x));
    CHECK_OK(gs_factor_free(&f));
    CHECK_OK(gs_tensor_free(&B));
    CHECK_OK(gs_tensor_free(&b));
    CHECK_OK(gs_tensor_free(&A));
}

int main(void) {
    check_start();
    int64_t factors_at_start = gs_live_factors();
    test_spsolve();
    test_solve_triangular();
    test_factors();
    test_memory_limit();
    test_spdiags();
    test_autograd_refuses();
    CHECK(gs_live_factors() == factors_at_start);
    return check_finish("test_solve");
}
