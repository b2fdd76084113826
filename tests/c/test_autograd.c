/* test_autograd.c — reverse-mode autograd through the C ABI: a GCN-style step
 * sum(A @ (X @ W)) with a sparse CSR A, its gradients against a reference
 * computed here, with the intermediate handles (a borrowed one included) freed
 * and their storage reused before backward; node names; accumulation, freed
 * graphs, no_grad per thread, detach, zero_grad, refusals; gs_autograd_grad;
 * gs_values (torch's differentiable values()). */
#include <math.h>
#include <pthread.h>

#include "check.h"

enum { N = 64, F = 16 };

/* A: a symmetric band pattern (i, i-1), (i, i), (i, i+1), (i, i+5), in CSR. */
static int64_t a_crow[N + 1], a_col[4 * N];
static double a_val[4 * N];
static double x_data[N * F], w_data[F * F];

static void make_inputs(void) {
    int64_t k = 0;
    for (int64_t i = 0; i < N; i++) {
        a_crow[i] = k;
        for (int64_t d = -1; d <= 5; d++) {
            int64_t j = i + d;
            if (j < 0 || j >= N || (d > 1 && d != 5)) continue;
            a_col[k] = j;
            a_val[k] = 0.25 + 0.01 * (double)((i * 7 + j * 3) % 11);
            k++;
        }
    }
    a_crow[N] = k;
    for (int64_t i = 0; i < N * F; i++) x_data[i] = sin(0.37 * (double)i);
    for (int64_t i = 0; i < F * F; i++) w_data[i] = cos(0.11 * (double)i);
}

static gs_tensor *csr_a(void) {
    gs_array c = arr1(a_crow, GS_INT64, N + 1), p = arr1(a_col, GS_INT64, a_crow[N]);
    gs_array v = arr1(a_val, GS_FLOAT64, a_crow[N]);
    int64_t size[] = {N, N};
    gs_tensor *t = NULL;
    CHECK_OK(gs_sparse_compressed_from(GS_SPARSE_CSR, &c, &p, &v, 2, size, GS_FLAGS_DEFAULT, &t));
    return t;
}

static gs_tensor *dense(double *data, int64_t rows, int64_t cols) {
    gs_array a = arr2(data, GS_FLOAT64, rows, cols);
    gs_tensor *t = NULL;
    CHECK_OK(gs_strided_from(&a, &t));
    return t;
}

static int released;
static void on_release(void *ctx) { *(int *)ctx += 1; }

/* 1 when t's values component equals want[0..n) within 1e-12 relative. */
static int values_close(const gs_tensor *t, const double *want, int64_t n) {
    gs_array a;
    if (gs_tensor_component(t, GS_COMP_VALUES, &a) != GS_OK || a.dtype != GS_FLOAT64 || numel(&a) != n) {
        fprintf(stderr, "values_close: wrong component (%lld elements, want %lld)\n", (long long)numel(&a), (long long)n);
        return 0;
    }
    for (int64_t i = 0; i < n; i++) {
        double g = ((const double *)a.data)[i];
        if (fabs(g - want[i]) > 1e-12 * (1 + fabs(want[i]))) {
            fprintf(stderr, "values_close: element %lld is %.17g, expected %.17g\n", (long long)i, g, want[i]);
            return 0;
        }
    }
    return 1;
}

static int layout_is(const gs_tensor *t, gs_layout l) {
    gs_layout got = -1;
    return gs_tensor_layout(t, &got) == GS_OK && got == l;
}

static const char *fn_name(const gs_tensor *t) {
    const char *name = NULL;
    CHECK_OK(gs_grad_fn_name(t, &name));
    return name ? name : "(leaf)";
}

/* The references: with L = sum(A @ (X @ W)), dL/d(XW) = A^T 1, so
 * dW = X^T (A^T 1) and dA[i,k] = sum_j (XW)[k,j] at A's stored (i, k). */
static void reference(double *dw, double *da) {
    double colsum[N] = {0}, xw[N * F] = {0};
    for (int64_t i = 0; i < N; i++)
        for (int64_t k = a_crow[i]; k < a_crow[i + 1]; k++) colsum[a_col[k]] += a_val[k];
    for (int64_t m = 0; m < F; m++)
        for (int64_t n = 0; n < F; n++) {
            double s = 0;
            for (int64_t k = 0; k < N; k++) s += x_data[k * F + m] * colsum[k];
            dw[m * F + n] = s;
        }
    for (int64_t k = 0; k < N; k++)
        for (int64_t m = 0; m < F; m++)
            for (int64_t j = 0; j < F; j++) xw[k * F + j] += x_data[k * F + m] * w_data[m * F + j];
    for (int64_t i = 0; i < N; i++)
        for (int64_t k = a_crow[i]; k < a_crow[i + 1]; k++) {
            double s = 0;
            for (int64_t j = 0; j < F; j++) s += xw[a_col[k] * F + j];
            da[k] = s;
        }
}

static void test_gcn_step(void) {
    gs_tensor *a = csr_a(), *w = dense(w_data, F, F), *x = NULL, *xw = NULL, *h = NULL, *loss = NULL;
    /* X borrows caller memory: its release must wait for the graph. */
    static double x_copy[N * F];
    memcpy(x_copy, x_data, sizeof x_copy);
    gs_array xa = arr2(x_copy, GS_FLOAT64, N, F);
    released = 0;
    CHECK_OK(gs_strided_wrap(&xa, on_release, &released, &x));
    CHECK_OK(gs_set_requires_grad(a, 1));
    CHECK_OK(gs_set_requires_grad(w, 1));
    CHECK_OK(gs_mm(x, w, &xw));
    CHECK_OK(gs_sparse_mm(a, xw, &h));
    CHECK_OK(gs_sum(h, NULL, 0, &loss));
    CHECK_STR(fn_name(xw), "MmBackward0");
    CHECK_STR(fn_name(h), "SparseAddmmBackward0");
    CHECK_STR(fn_name(loss), "SumBackward0");
    CHECK_STR(fn_name(a), "(leaf)");
    int32_t flag = -1;
    CHECK_OK(gs_requires_grad(h, &flag));
    CHECK(flag == 1);
    CHECK_OK(gs_is_leaf(h, &flag));
    CHECK(flag == 0);

    /* Free every intermediate (and the borrowed X), then make tensors of
     * their sizes, which reuse recycled storage were the graph not holding it. */
    gs_tensor_free(&x);
    gs_tensor_free(&xw);
    gs_tensor_free(&h);
    CHECK(released == 0);
    gs_tensor *junk[4];
    static double junk_data[N * F];
    for (int64_t i = 0; i < N * F; i++) junk_data[i] = 1e6;
    for (int r = 0; r < 4; r++) junk[r] = dense(junk_data, N, F);

    CHECK_OK(gs_backward(loss, NULL, 1));
    double dw[F * F], da[4 * N];
    reference(dw, da);
    gs_tensor *ga = NULL, *gw = NULL;
    CHECK_OK(gs_grad(a, &ga));
    CHECK_OK(gs_grad(w, &gw));
    CHECK(ga != NULL && gw != NULL);
    if (ga && gw) {
        CHECK(layout_is(ga, GS_SPARSE_CSR));
        int64_t nse = -1;
        CHECK_OK(gs_tensor_nnz(ga, &nse));
        CHECK(nse == a_crow[N]);
        CHECK(values_close(ga, da, a_crow[N]));
        CHECK(values_close(gw, dw, F * F));
    }
    for (int r = 0; r < 4; r++) gs_tensor_free(&junk[r]);
    gs_tensor_free(&ga);
    gs_tensor_free(&gw);

    /* Retained: a second backward accumulates (twice the gradient), then frees
     * the graph, which releases X's borrowed buffer; a third refuses. */
    CHECK_OK(gs_backward(loss, NULL, 0));
    CHECK(released == 1);
    CHECK_OK(gs_grad(w, &gw));
    for (int i = 0; i < F * F; i++) dw[i] *= 2;
    CHECK(gw && values_close(gw, dw, F * F));
    gs_tensor_free(&gw);
    CHECK_ERR(gs_backward(loss, NULL, 0), GS_ERR_INVALID_ARGUMENT, "second time");

    CHECK_OK(gs_zero_grad(w));
    CHECK_OK(gs_grad(w, &gw));
    CHECK(gw == NULL);
    gs_tensor_free(&loss);
    gs_tensor_free(&a);
    gs_tensor_free(&w);
}

/* no_grad is per thread: another thread's switch does not change this one's. */
static void *turn_off(void *arg) {
    (void)arg;
    int32_t on = -1;
    gs_set_grad_enabled(0);
    gs_is_grad_enabled(&on);
    return (void *)(intptr_t)(on == 0);
}

static void test_modes_and_refusals(void) {
    gs_tensor *a = csr_a(), *w = dense(w_data, F, F), *x = dense(x_data, N, F), *r = NULL, *d = NULL;
    CHECK_OK(gs_set_requires_grad(a, 1));
    int32_t on = -1, flag = -1;
    pthread_t th;
    void *ok = NULL;
    CHECK(pthread_create(&th, NULL, turn_off, NULL) == 0);
    CHECK(pthread_join(th, &ok) == 0);
    CHECK(ok == (void *)1);
    CHECK_OK(gs_is_grad_enabled(&on));
    CHECK(on == 1);

    /* Recording off: results take no part in autograd. */
    CHECK_OK(gs_set_grad_enabled(0));
    CHECK_OK(gs_sparse_mm(a, x, &r));
    CHECK_OK(gs_requires_grad(r, &flag));
    CHECK(flag == 0);
    CHECK_STR(fn_name(r), "(leaf)");
    CHECK_ERR(gs_backward(r, NULL, 0), GS_ERR_INVALID_ARGUMENT, "does not require grad");
    gs_tensor_free(&r);
    CHECK_OK(gs_set_grad_enabled(1));

    /* An operation without a backward records a node that refuses, naming it. */
    CHECK_OK(gs_smm(a, x, &r));
    CHECK_STR(fn_name(r), "smm"); /* the operation as the user calls it */
    CHECK_OK(gs_to_dense(r, &d));
    double seed[N * F];
    for (int i = 0; i < N * F; i++) seed[i] = 1;
    gs_tensor *s = dense(seed, N, F);
    CHECK_ERR(gs_backward(d, s, 0), GS_ERR_NOT_IMPLEMENTED, "backward: smm has no backward");
    CHECK_ERR(gs_backward(d, NULL, 0), GS_ERR_INVALID_ARGUMENT, "one element");
    CHECK_ERR(gs_backward(d, w, 0), GS_ERR_INVALID_ARGUMENT, "expected shape");
    CHECK_ERR(gs_set_requires_grad(d, 0), GS_ERR_INVALID_ARGUMENT, "leaf variables");
    gs_tensor *g = NULL;
    CHECK_OK(gs_grad(a, &g));
    CHECK(g == NULL);

    /* detach: same values, no gradient, a leaf. */
    gs_tensor *det = NULL;
    CHECK_OK(gs_detach(d, &det));
    CHECK_OK(gs_requires_grad(det, &flag));
    CHECK(flag == 0);
    CHECK_OK(gs_is_leaf(det, &flag));
    CHECK(flag == 1);

    /* Integer tensors cannot require gradients. */
    int64_t iv[] = {1, 2, 3};
    gs_array ia = arr1(iv, GS_INT64, 3);
    gs_tensor *it = NULL;
    CHECK_OK(gs_strided_from(&ia, &it));
    CHECK_ERR(gs_set_requires_grad(it, 1), GS_ERR_INVALID_ARGUMENT, "floating point and complex");
    CHECK_ERR(gs_backward(NULL, NULL, 0), GS_ERR_INVALID_HANDLE, "output");
    CHECK_ERR(gs_requires_grad(a, NULL), GS_ERR_INVALID_ARGUMENT, "out is NULL");

    gs_tensor *all[] = {a, w, x, r, d, s, det, it};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) gs_tensor_free(&all[i]);
}

/* gs_autograd_grad: the GCN step's gradients (also of the intermediate XW,
 * A^T 1 in every column) without touching the leaves' gradients; NULL for an
 * input the output does not use; refusals by argument. */
static void test_autograd_grad(void) {
    gs_tensor *a = csr_a(), *w = dense(w_data, F, F), *x = dense(x_data, N, F);
    gs_tensor *xw = NULL, *h = NULL, *loss = NULL, *unused = dense(w_data, F, F);
    CHECK_OK(gs_set_requires_grad(a, 1));
    CHECK_OK(gs_set_requires_grad(w, 1));
    CHECK_OK(gs_set_requires_grad(unused, 1));
    CHECK_OK(gs_mm(x, w, &xw));
    CHECK_OK(gs_sparse_mm(a, xw, &h));
    CHECK_OK(gs_sum(h, NULL, 0, &loss));
    const gs_tensor *ins[] = {a, w, xw, unused};
    gs_tensor *grads[4] = {NULL, NULL, NULL, NULL};
    CHECK_OK(gs_autograd_grad(loss, NULL, ins, 4, 1, grads));
    double dw[F * F], da[4 * N], dxw[N * F], colsum[N] = {0};
    reference(dw, da);
    for (int64_t i = 0; i < N; i++)
        for (int64_t k = a_crow[i]; k < a_crow[i + 1]; k++) colsum[a_col[k]] += a_val[k];
    for (int64_t k = 0; k < N; k++)
        for (int64_t j = 0; j < F; j++) dxw[k * F + j] = colsum[k];
    CHECK(grads[0] && layout_is(grads[0], GS_SPARSE_CSR) && values_close(grads[0], da, a_crow[N]));
    CHECK(grads[1] && values_close(grads[1], dw, F * F));
    CHECK(grads[2] && values_close(grads[2], dxw, N * F));
    CHECK(grads[3] == NULL);
    gs_tensor *g = NULL;
    CHECK_OK(gs_grad(w, &g));
    CHECK(g == NULL); /* nothing accumulated */
    for (int i = 0; i < 4; i++) gs_tensor_free(&grads[i]);

    const gs_tensor *bad[] = {a, x}; /* x does not require grad */
    CHECK_ERR(gs_autograd_grad(loss, NULL, bad, 2, 1, grads), GS_ERR_INVALID_ARGUMENT, "inputs[1] does not require grad");
    CHECK_ERR(gs_autograd_grad(loss, NULL, ins, 0, 1, grads), GS_ERR_INVALID_ARGUMENT, "ninputs");
    CHECK_ERR(gs_autograd_grad(loss, NULL, NULL, 1, 1, grads), GS_ERR_INVALID_ARGUMENT, "inputs");
    CHECK_ERR(gs_autograd_grad(loss, NULL, ins, 1, 1, NULL), GS_ERR_INVALID_ARGUMENT, "grads");
    CHECK_OK(gs_autograd_grad(loss, NULL, ins, 1, 0, grads)); /* frees the graph */
    gs_tensor_free(&grads[0]);
    CHECK_ERR(gs_autograd_grad(loss, NULL, ins, 1, 0, grads), GS_ERR_INVALID_ARGUMENT, "second time");
    gs_tensor *all[] = {a, w, x, xw, h, loss, unused};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) gs_tensor_free(&all[i]);
}

/* gs_values: a strided view of A's values whose node is ValuesBackward0; the
 * gradient w * values(A) reaches A as w on A's pattern (CSR); the view stays
 * valid after A's handle is freed; a strided tensor is refused. */
static void test_values(void) {
    gs_tensor *a = csr_a(), *v = NULL, *p = NULL, *s = NULL;
    int64_t nnz = a_crow[N];
    CHECK_OK(gs_set_requires_grad(a, 1));
    CHECK_OK(gs_values(a, &v));
    CHECK_STR(fn_name(v), "ValuesBackward0");
    CHECK(layout_is(v, GS_STRIDED) && values_close(v, a_val, nnz));
    double w_vals[4 * N];
    for (int64_t k = 0; k < nnz; k++) w_vals[k] = 1.5 + (double)k;
    gs_array wa = arr1(w_vals, GS_FLOAT64, nnz);
    gs_tensor *w = NULL;
    CHECK_OK(gs_strided_from(&wa, &w));
    CHECK_OK(gs_binary(v, w, "mul", NULL, &p));
    CHECK_OK(gs_sum(p, NULL, 0, &s));
    gs_tensor *g = NULL;
    CHECK_OK(gs_backward(s, NULL, 0));
    CHECK_OK(gs_grad(a, &g));
    CHECK(g && layout_is(g, GS_SPARSE_CSR) && values_close(g, w_vals, nnz));
    gs_tensor_free(&g);
    gs_tensor_free(&a);
    CHECK(values_close(v, a_val, nnz)); /* the view keeps the values alive */
    CHECK_ERR(gs_values(w, &g), GS_ERR_INVALID_ARGUMENT, "expected a sparse tensor");
    CHECK_ERR(gs_values(v, NULL), GS_ERR_INVALID_ARGUMENT, "out");
    gs_tensor *all[] = {v, w, p, s};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) gs_tensor_free(&all[i]);
}

int main(void) {
    check_start();
    make_inputs();
    test_gcn_step();
    test_modes_and_refusals();
    test_autograd_grad();
    test_values();
    return check_finish("test_autograd");
}
