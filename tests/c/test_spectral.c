/* test_spectral.c — gs_lobpcg, gs_svd_lowrank and gs_pca_lowrank: every
 * layout against matrices whose spectra are known exactly, the info record,
 * GS_ERR_NO_CONVERGENCE under strict, refusals naming the argument, NULL
 * optional operands, and no handle leaked; gradients through gs_svd_lowrank
 * (autograd) and gs_lowrank_draw. */
#include <math.h>

#include "test_ops_util.h"

#define N 15 /* ref_t holds 256 elements */

static double absd(double x) { return x < 0 ? -x : x; }

/* The float64 values of a strided result (n values). */
static int values_of(const gs_tensor *t, double *out, int64_t n) {
    gs_array a;
    if (gs_tensor_component(t, GS_COMP_VALUES, &a) != GS_OK || a.dtype != GS_FLOAT64 || numel(&a) != n) return 0;
    memcpy(out, a.data, (size_t)n * sizeof(double));
    return 1;
}

/* diag(1, 2, ..., N): eigenvalues 1..N exactly. */
static ref_t ref_diag(void) {
    static double v[N * N];
    int64_t shape[] = {N, N};
    memset(v, 0, sizeof v);
    for (int i = 0; i < N; i++) v[i * N + i] = i + 1;
    return ref_make(2, shape, v);
}

static void test_lobpcg(void) {
    ref_t a = ref_diag();
    for (int i = 0; i < OPS_NLAYOUTS; i++) {
        gs_tensor *A = ref_in_layout(&a, ops_layout(i), -1), *E = NULL, *X = NULL;
        gs_lobpcg_info info;
        double e[2];
        /* the two largest: 15, 14 */
        CHECK_OK(gs_lobpcg(A, 2, NULL, NULL, 0, NULL, -1, 0, 1, GS_LOBPCG_ORTHO, 7, 1, &E, &X, &info));
        CHECK(values_of(E, e, 2) && absd(e[0] - 15) < 1e-6 && absd(e[1] - 14) < 1e-6);
        CHECK(info.converged == 2 && info.residual < info.tol && info.iterations >= 1);
        CHECK(info.tol > 1e-8 && info.tol < 2e-8); /* sqrt(2.23e-16) */
        CHECK_OK(gs_tensor_free(&E));
        CHECK_OK(gs_tensor_free(&X));
        /* the smallest with basic: 1 */
        CHECK_OK(gs_lobpcg(A, 1, NULL, NULL, 2, NULL, 1000, 1e-9, 0, GS_LOBPCG_BASIC, 7, 1, &E, &X, NULL));
        CHECK(values_of(E, e, 1) && absd(e[0] - 1) < 1e-6);
        CHECK_OK(gs_tensor_free(&E));
        CHECK_OK(gs_tensor_free(&X));
        CHECK_OK(gs_tensor_free(&A));
    }
}

static void test_lobpcg_no_convergence(void) {
    ref_t a = ref_diag();
    gs_tensor *A = ref_tensor(&a), *E = NULL, *X = NULL;
    gs_lobpcg_info info;
    CHECK_ERR(gs_lobpcg(A, 2, NULL, NULL, 0, NULL, 1, 1e-14, 1, GS_LOBPCG_ORTHO, 1, 1, &E, &X, &info),
              GS_ERR_NO_CONVERGENCE, "no convergence after 1 iterations");
    CHECK(E == NULL && X == NULL && info.iterations == 1 && info.converged < 2 && info.residual > 1e-14);
    /* not strict: the approximation and its record */
    CHECK_OK(gs_lobpcg(A, 2, NULL, NULL, 0, NULL, 1, 1e-14, 1, GS_LOBPCG_ORTHO, 1, 0, &E, &X, &info));
    CHECK(E != NULL && X != NULL && info.converged < 2);
    CHECK_OK(gs_tensor_free(&E));
    CHECK_OK(gs_tensor_free(&X));
    /* refusals */
    CHECK_ERR(gs_lobpcg(A, 9, NULL, NULL, 0, NULL, -1, 0, 1, 0, 1, 1, &E, &X, NULL), GS_ERR_INVALID_ARGUMENT,
              "smaller than 3 x the number of requested eigenpairs (=9)");
    CHECK_ERR(gs_lobpcg(A, 1, NULL, NULL, 0, NULL, -1, 0, 1, 5, 1, 1, &E, &X, NULL), GS_ERR_INVALID_ARGUMENT,
              "method = 5");
    CHECK_ERR(gs_lobpcg(A, 1, NULL, NULL, 0, NULL, -1, 0, 1, 0, 1, 1, NULL, &X, NULL), GS_ERR_INVALID_ARGUMENT, "E");
    CHECK_ERR(gs_lobpcg(NULL, 1, NULL, NULL, 0, NULL, -1, 0, 1, 0, 1, 1, &E, &X, NULL), GS_ERR_INVALID_HANDLE, "A");
    int64_t s[] = {N, N - 1};
    double z[N * (N - 1)];
    memset(z, 0, sizeof z);
    ref_t r = ref_make(2, s, z);
    gs_tensor *R = ref_tensor(&r);
    CHECK_ERR(gs_lobpcg(R, 1, NULL, NULL, 0, NULL, -1, 0, 1, 0, 1, 1, &E, &X, NULL), GS_ERR_INVALID_ARGUMENT,
              "A: must be square");
    CHECK(E == NULL && X == NULL);
    CHECK_OK(gs_tensor_free(&R));
    CHECK_OK(gs_tensor_free(&A));
}

/* A 6 x 4 matrix of rank 2: columns (1, 0, 2, 0, 1, 0) and (0, 3, 0, 1, 0, 0)
 * with weights; its singular values are the weighted column norms. */
static void test_lowrank(void) {
    int64_t shape[] = {6, 4};
    double v[24] = {0};
    double c0[6] = {1, 0, 2, 0, 1, 0}, c1[6] = {0, 3, 0, 1, 0, 0};
    for (int r = 0; r < 6; r++) {
        v[r * 4 + 0] = 2 * c0[r];
        v[r * 4 + 2] = c1[r];
    }
    /* columns 0 and 2 are orthogonal: singular values 2 * sqrt(6), sqrt(10) */
    ref_t a = ref_make(2, shape, v);
    for (int i = 0; i < OPS_NLAYOUTS; i++) {
        gs_tensor *A = ref_in_layout(&a, ops_layout(i), -1), *U = NULL, *S = NULL, *V = NULL;
        double s[2];
        CHECK_OK(gs_svd_lowrank(A, 2, 2, NULL, 3, &U, &S, &V));
        CHECK(values_of(S, s, 2) && absd(s[0] * s[0] - 24) < 1e-9 && absd(s[1] * s[1] - 10) < 1e-9);
        CHECK_OK(gs_tensor_free(&U));
        CHECK_OK(gs_tensor_free(&S));
        CHECK_OK(gs_tensor_free(&V));
        CHECK_OK(gs_pca_lowrank(A, -1, 0, 2, 3, &U, &S, &V)); /* q = min(6, 6, 4) = 4 */
        double s4[4];
        CHECK(values_of(S, s4, 4) && absd(s4[0] * s4[0] - 24) < 1e-9 && s4[3] < 1e-6);
        CHECK_OK(gs_tensor_free(&U));
        CHECK_OK(gs_tensor_free(&S));
        CHECK_OK(gs_tensor_free(&V));
        CHECK_ERR(gs_pca_lowrank(A, 5, 1, 2, 3, &U, &S, &V), GS_ERR_INVALID_ARGUMENT, "q(=5)");
        CHECK_ERR(gs_svd_lowrank(A, 2, -1, NULL, 3, &U, &S, &V), GS_ERR_INVALID_ARGUMENT, "niter(=-1)");
        /* the shared prologue: each out-pointer named, then A looked up */
        CHECK_ERR(gs_svd_lowrank(A, 2, 2, NULL, 3, &U, NULL, &V), GS_ERR_INVALID_ARGUMENT, "gs_svd_lowrank: S is NULL");
        CHECK_ERR(gs_pca_lowrank(A, 2, 0, 2, 3, &U, &S, NULL), GS_ERR_INVALID_ARGUMENT, "gs_pca_lowrank: V is NULL");
        CHECK_ERR(gs_svd_lowrank(NULL, 2, 2, NULL, 3, &U, &S, &V), GS_ERR_INVALID_HANDLE, "gs_svd_lowrank: A is NULL");
        CHECK_ERR(gs_pca_lowrank(NULL, 2, 0, 2, 3, &U, &S, &V), GS_ERR_INVALID_HANDLE, "gs_pca_lowrank: A is NULL");
        CHECK(U == NULL && S == NULL && V == NULL);
        CHECK_OK(gs_tensor_free(&A));
    }
}

/* Autograd through gs_svd_lowrank: with q = min(m, n) the composition is the
 * exact SVD, so d sum(S) / dA = U V^T at A's stored elements, in A's layout;
 * torch's node names; the graph and every handle freed; gs_lowrank_draw. */
static void test_lowrank_grad(void) {
    int64_t shape[] = {6, 4};
    double v[24];
    for (int i = 0; i < 24; i++) v[i] = (i % 3 == 1) ? 0 : sin(1.3 * i + 0.2) + 0.1 * i;
    ref_t a = ref_make(2, shape, v);
    int64_t live = gs_live_handles();
    for (int i = 0; i < OPS_NLAYOUTS; i++) {
        gs_tensor *A = ref_in_layout(&a, ops_layout(i), -1), *U = NULL, *S = NULL, *V = NULL, *L = NULL, *G = NULL;
        CHECK_OK(gs_set_requires_grad(A, 1));
        CHECK_OK(gs_svd_lowrank(A, 4, 2, NULL, 5, &U, &S, &V));
        const char *nu = NULL, *ns = NULL, *nv = NULL;
        CHECK_OK(gs_grad_fn_name(U, &nu));
        CHECK_OK(gs_grad_fn_name(S, &ns));
        CHECK_OK(gs_grad_fn_name(V, &nv));
        CHECK(nu && ns && nv && !strcmp(nu, "MmBackward0") && !strcmp(ns, "LinalgSvdBackward0") &&
              !strcmp(nv, "TransposeBackward0"));
        CHECK_OK(gs_sum(S, NULL, 0, &L));
        CHECK_OK(gs_backward(L, NULL, 0));
        CHECK_OK(gs_grad(A, &G));
        double u[24], vv[16], want[24];
        CHECK(values_of(U, u, 24) && values_of(V, vv, 16));
        for (int r = 0; r < 6; r++)
            for (int c = 0; c < 4; c++) {
                want[r * 4 + c] = 0;
                for (int k = 0; k < 4; k++) want[r * 4 + c] += u[r * 4 + k] * vv[c * 4 + k];
            }
        gs_tensor *Gd = NULL;
        gs_layout lay = -1;
        CHECK(G != NULL);
        CHECK_OK(gs_tensor_layout(G, &lay));
        CHECK(lay == ops_layout(i));
        CHECK_OK(gs_to_dense(G, &Gd));
        double g[24];
        CHECK(values_of(Gd, g, 24));
        for (int k = 0; k < 24; k++) CHECK(absd(g[k] - (v[k] != 0 || i == 0 ? want[k] : 0)) < 1e-9);
        gs_tensor *all[] = {A, U, S, V, L, G, Gd};
        for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) CHECK_OK(gs_tensor_free(&all[k]));
    }
    CHECK(gs_live_handles() == live);
    gs_tensor *R = NULL;
    CHECK_OK(gs_lowrank_draw(6, 4, 9, 5, &R));
    int32_t nd = 0;
    int64_t rs[2] = {0, 0};
    CHECK_OK(gs_tensor_ndim(R, &nd));
    CHECK_OK(gs_tensor_shape(R, rs, 2));
    CHECK(nd == 2 && rs[0] == 4 && rs[1] == 4);
    CHECK_OK(gs_tensor_free(&R));
    CHECK_ERR(gs_lowrank_draw(6, 4, -1, 5, &R), GS_ERR_INVALID_ARGUMENT, "q(=-1)");
    CHECK_ERR(gs_lowrank_draw(6, 4, 2, 5, NULL), GS_ERR_INVALID_ARGUMENT, "out");
}

int main(void) {
    check_start();
    test_lobpcg();
    test_lobpcg_no_convergence();
    test_lowrank();
    test_lowrank_grad();
    return check_finish("test_spectral");
}
