/* test_lobpcg_ex.c — gs_lobpcg_ex: torch's ortho parameters (the same pairs
 * as the default scheme, each out-of-range field refused by name, refused
 * with method basic) and the tracker (called once an iteration with the
 * state, a non-zero return stopping the run without an error even under
 * strict), a batched A (E (2, k), the tracker told the matrix), with no
 * handle leaked. */
#include "test_ops_util.h"

#define N 15 /* ref_t holds 256 elements */

static double absd(double x) { return x < 0 ? -x : x; }

static int values_of(const gs_tensor *t, double *out, int64_t n) {
    gs_array a;
    if (gs_tensor_component(t, GS_COMP_VALUES, &a) != GS_OK || a.dtype != GS_FLOAT64 || numel(&a) != n) return 0;
    memcpy(out, a.data, (size_t)n * sizeof(double));
    return 1;
}

/* diag(1, 2, ..., N) with a weak coupling: eigenvalues near 1..N. */
static gs_tensor *matrix(void) {
    static double v[N * N];
    int64_t shape[] = {N, N};
    memset(v, 0, sizeof v);
    for (int i = 0; i < N; i++) {
        v[i * N + i] = i + 1;
        if (i > 0) v[i * N + i - 1] = v[(i - 1) * N + i] = 0.05;
    }
    ref_t a = ref_make(2, shape, v);
    return ref_in_layout(&a, GS_SPARSE_CSR, -1);
}

static void test_ortho(void) {
    gs_tensor *A = matrix(), *E = NULL, *X = NULL;
    double want[2], got[2];
    CHECK_OK(gs_lobpcg_ex(A, 2, NULL, NULL, 3, NULL, -1, 1e-10, 1, GS_LOBPCG_ORTHO, 3, 1, NULL, NULL, NULL, &E, &X,
                          NULL));
    CHECK(values_of(E, want, 2));
    CHECK_OK(gs_tensor_free(&E));
    CHECK_OK(gs_tensor_free(&X));
    gs_lobpcg_ortho knobs[] = {
        {0, 0, 0, 0, 0, 0},                   /* torch's defaults */
        {0, 0, 0, 0, 0, 1},                   /* drop */
        {1, 1, 1e-3, 0, 0, 0},                /* one round each */
        {5, 5, 1e-13, 1e-6, 1e-11, 1},
    };
    for (size_t i = 0; i < sizeof knobs / sizeof knobs[0]; i++) {
        CHECK_OK(gs_lobpcg_ex(A, 2, NULL, NULL, 3, NULL, -1, 1e-10, 1, GS_LOBPCG_ORTHO, 3, 1, &knobs[i], NULL, NULL,
                              &E, &X, NULL));
        CHECK(values_of(E, got, 2) && absd(got[0] - want[0]) < 1e-8 && absd(got[1] - want[1]) < 1e-8);
        CHECK_OK(gs_tensor_free(&E));
        CHECK_OK(gs_tensor_free(&X));
    }
    gs_lobpcg_ortho bad_i = {101, 0, 0, 0, 0, 0}, bad_tol = {0, 0, -1, 0, 0, 0}, ok = {0, 0, 0, 0, 0, 0};
    CHECK_ERR(gs_lobpcg_ex(A, 2, NULL, NULL, 0, NULL, -1, 0, 1, GS_LOBPCG_ORTHO, 3, 1, &bad_i, NULL, NULL, &E, &X,
                           NULL),
              GS_ERR_INVALID_ARGUMENT, "ortho_i_max = 101: must be between 1 and 100");
    CHECK_ERR(gs_lobpcg_ex(A, 2, NULL, NULL, 0, NULL, -1, 0, 1, GS_LOBPCG_ORTHO, 3, 1, &bad_tol, NULL, NULL, &E, &X,
                           NULL),
              GS_ERR_INVALID_ARGUMENT, "ortho_tol = -1: must be in (0, 1)");
    CHECK_ERR(gs_lobpcg_ex(A, 2, NULL, NULL, 0, NULL, -1, 0, 1, GS_LOBPCG_BASIC, 3, 1, &ok, NULL, NULL, &E, &X, NULL),
              GS_ERR_INVALID_ARGUMENT, "apply to method ortho only");
    CHECK(E == NULL && X == NULL);
    CHECK_OK(gs_tensor_free(&A));
}

/* What the tracker saw: the iterations in order, and a stop request. */
typedef struct {
    int64_t calls, last_iteration, stop_at, bad;
    double last_e[3];
} seen_t;

static int32_t tracker(const gs_lobpcg_state *s, void *user) {
    seen_t *seen = user;
    seen->calls++;
    if (s->iteration != seen->calls || s->m != N || s->n != 3 || s->k != 2 || !s->E || !s->rerr || !s->X || !s->R)
        seen->bad++;
    /* R = A X - X diag(E) at row 0 of column 0: X[0,0] * 1 + X[1,0] * 0.05 - X[0,0] E[0] */
    double r00 = s->X[0] * 1 + s->X[3] * 0.05 - s->X[0] * s->E[0];
    if (absd(r00 - s->R[0]) > 1e-9) seen->bad++;
    seen->last_iteration = s->iteration;
    memcpy(seen->last_e, s->E, sizeof seen->last_e);
    return seen->stop_at && s->iteration == seen->stop_at;
}

/* Records the batch index of each call: bad when it goes down. */
static int32_t batch_tracker(const gs_lobpcg_state *s, void *user) {
    seen_t *seen = user;
    if (s->batch < seen->last_iteration || s->batch > 1) seen->bad++;
    seen->last_iteration = s->batch;
    return 0;
}

static void test_tracker(void) {
    gs_tensor *A = matrix(), *E = NULL, *X = NULL;
    gs_lobpcg_info info;
    seen_t seen = {0};
    double e[2];
    CHECK_OK(gs_lobpcg_ex(A, 2, NULL, NULL, 3, NULL, -1, 1e-10, 1, GS_LOBPCG_ORTHO, 3, 1, NULL, tracker, &seen, &E,
                          &X, &info));
    CHECK(seen.bad == 0 && seen.calls == info.iterations && seen.last_iteration == info.iterations);
    CHECK(values_of(E, e, 2) && e[0] == seen.last_e[0] && e[1] == seen.last_e[1]);
    CHECK_OK(gs_tensor_free(&E));
    CHECK_OK(gs_tensor_free(&X));
    /* a stop at iteration 2, under strict with an unreachable tol: GS_OK */
    seen_t stop = {0, 0, 2, 0, {0}};
    CHECK_OK(gs_lobpcg_ex(A, 2, NULL, NULL, 3, NULL, -1, 1e-17, 1, GS_LOBPCG_ORTHO, 3, 1, NULL, tracker, &stop, &E,
                          &X, &info));
    CHECK(stop.bad == 0 && stop.calls == 2 && info.iterations == 2 && info.converged < 2);
    CHECK_OK(gs_tensor_free(&E));
    CHECK_OK(gs_tensor_free(&X));
    CHECK_OK(gs_tensor_free(&A));
}

/* A batch of two 9 x 9 diagonal matrices, as a 3-D strided tensor and as COO:
 * E (2, 2), X_out (2, 9, 2), the tracker told which matrix it sees. */
static void test_batched(void) {
    static double v[2 * 9 * 9];
    int64_t shape[] = {2, 9, 9};
    memset(v, 0, sizeof v);
    for (int i = 0; i < 9; i++) {
        v[i * 9 + i] = i + 1;           /* 1..9 */
        v[81 + i * 9 + i] = 2 * (i + 1); /* 2..18 */
    }
    ref_t a = ref_make(3, shape, v);
    gs_layout layouts[] = {GS_STRIDED, GS_SPARSE_COO};
    for (int l = 0; l < 2; l++) {
        gs_tensor *A = ref_in_layout(&a, layouts[l], -1), *E = NULL, *X = NULL;
        seen_t seen = {0};
        int32_t ndim;
        int64_t es[GS_MAX_NDIM];
        double e[4];
        CHECK_OK(gs_lobpcg_ex(A, 2, NULL, NULL, 3, NULL, -1, 1e-10, 1, GS_LOBPCG_ORTHO, 3, 1, NULL, batch_tracker,
                              &seen, &E, &X, NULL));
        CHECK_OK(gs_tensor_ndim(E, &ndim));
        CHECK_OK(gs_tensor_shape(E, es, GS_MAX_NDIM));
        CHECK(ndim == 2 && es[0] == 2 && es[1] == 2);
        CHECK_OK(gs_tensor_ndim(X, &ndim));
        CHECK_OK(gs_tensor_shape(X, es, GS_MAX_NDIM));
        CHECK(ndim == 3 && es[0] == 2 && es[1] == 9 && es[2] == 2);
        CHECK(values_of(E, e, 4) && absd(e[0] - 9) < 1e-8 && absd(e[1] - 8) < 1e-8 && absd(e[2] - 18) < 1e-8 &&
              absd(e[3] - 16) < 1e-8);
        CHECK(seen.bad == 0 && seen.last_iteration == 1); /* the last call came from matrix 1 */
        CHECK_OK(gs_tensor_free(&E));
        CHECK_OK(gs_tensor_free(&X));
        CHECK_OK(gs_tensor_free(&A));
    }
}

int main(void) {
    check_start();
    test_ortho();
    test_tracker();
    test_batched();
    return check_finish("test_lobpcg_ex");
}
