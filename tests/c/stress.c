/* stress.c — 16 threads calling the ABI at once, each result checked against
 * the same task run on one thread beforehand.
 *
 * The threads share read-only tensors (a CSR stencil, its COO, a dense vector
 * and matrix) and make, use and free their own; every task turns its result
 * into dense float64 values that must equal, bit for bit, the single-threaded
 * reference. At the end live handles must be back at their start. Prints
 * calls, threads, seconds, wrong results and leaked handles.
 *
 *   stress [seconds [threads]]   (or STRESS_SECONDS / STRESS_THREADS; default 1 s, 16 threads) */
#include <pthread.h>
#include <time.h>

#include "check.h"

#define TASKS 12
#define VARIANTS 4
#define MAX_OUT (144 * 144)

static gs_tensor *shared_csr, *shared_coo, *shared_vec, *shared_dense;
static double *reference[TASKS][VARIANTS];
static int64_t reference_n[TASKS][VARIANTS];
static double own_values[VARIANTS][MAX_OUT]; /* the buffers threads copy their own tensors from */

/* The result values of t (any layout and dtype) as float64, into out. */
static int dense_values(gs_tensor *t, double *out, int64_t *n, long *calls) {
    gs_tensor *d = NULL, *f = NULL;
    gs_array a;
    int ok = gs_to_dense(t, &d) == GS_OK && gs_to_dtype(d, GS_FLOAT64, &f) == GS_OK &&
             gs_tensor_component(f, GS_COMP_VALUES, &a) == GS_OK;
    *calls += 3;
    if (ok) {
        *n = numel(&a);
        ok = *n <= MAX_OUT;
        if (ok) memcpy(out, a.data, sizeof(double) * (size_t)*n);
    }
    gs_tensor_free(&f);
    gs_tensor_free(&d);
    *calls += 2;
    return ok;
}

/* Runs task id, variant v: writes its dense result. Returns 0 when a call failed. */
static int run_task(int id, int v, double *out, int64_t *n, long *calls) {
    gs_tensor *r = NULL, *own = NULL, *own2 = NULL;
    int ok = 0;
    switch (id) {
    case 0: ok = gs_mv(shared_csr, shared_vec, &r) == GS_OK; break;
    case 1: ok = gs_to_layout(shared_coo, v % 2 ? GS_SPARSE_CSC : GS_SPARSE_CSR, NULL, -1,
                              v < 2 ? GS_INDEX_32 : GS_INDEX_64, &r) == GS_OK; break;
    case 2: ok = gs_t(shared_csr, &r) == GS_OK; break;
    case 3: { int32_t dim = v % 2; ok = gs_sum(shared_coo, &dim, 1, &r) == GS_OK; break; }
    case 4: /* own banded matrix times the shared vector */
        ok = gs_gen_banded(144, 1 + v, 2, (uint64_t)v, &own) == GS_OK &&
             gs_to_layout(own, GS_SPARSE_CSR, NULL, -1, GS_INDEX_AUTO, &own2) == GS_OK &&
             gs_mv(own2, shared_vec, &r) == GS_OK;
        *calls += 2;
        break;
    case 5: { /* shared COO plus an own dense matrix */
        gs_array a = arr2(own_values[v], GS_FLOAT64, 144, 144);
        ok = gs_strided_from(&a, &own) == GS_OK && gs_binary(shared_coo, own, v % 2 ? "add" : "mul", NULL, &r) == GS_OK;
        *calls += 1;
        break;
    }
    case 6: ok = gs_sparse_mm(shared_csr, shared_csr, &r) == GS_OK; break;
    case 7: { static const char *ops[] = {"square", "neg", "abs", "exp"};
              ok = gs_unary(shared_csr, ops[v], NULL, &r) == GS_OK; break; }
    case 8: { /* mv_out into an own strided vector */
        double zeros[144] = {0};
        gs_array a = arr1(zeros, GS_FLOAT64, 144);
        ok = gs_strided_from(&a, &r) == GS_OK && gs_mv_out(shared_csr, shared_vec, r) == GS_OK;
        *calls += 1;
        break;
    }
    case 9: { int64_t idx[] = {v, 143 - v, 7, v * 3};
              gs_array ia = arr1(idx, GS_INT64, 4);
              ok = gs_index_select(shared_coo, v % 2, &ia, &r) == GS_OK; break; }
    case 10: ok = gs_mm(shared_csr, shared_dense, &r) == GS_OK; break;
    default: { /* a refusal: its message is this thread's own */
        int32_t dims[] = {0, 0};
        ok = gs_permute(shared_csr, dims, 2, &r) == GS_ERR_INVALID_ARGUMENT && strstr(gs_last_error(), "gs_permute") != NULL &&
             gs_clone(shared_csr, &r) == GS_OK;
        *calls += 1;
        break;
    }
    }
    *calls += 1;
    if (ok) ok = dense_values(r, out, n, calls);
    gs_tensor_free(&r);
    gs_tensor_free(&own);
    gs_tensor_free(&own2);
    *calls += 3;
    return ok;
}

typedef struct {
    int id;
    double seconds;
    long calls, tasks, wrong, failed;
} worker;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *work(void *arg) {
    worker *w = arg;
    double *out = malloc(sizeof(double) * MAX_OUT);
    double end = now() + w->seconds;
    for (long round = 0; round == 0 || now() < end; round++) {
        for (int k = 0; k < TASKS; k++) {
            int id = (k + w->id) % TASKS, v = (int)((round + w->id) % VARIANTS);
            int64_t n = 0;
            w->tasks++;
            if (!run_task(id, v, out, &n, &w->calls)) w->failed++;
            else if (n != reference_n[id][v] || memcmp(out, reference[id][v], sizeof(double) * (size_t)n) != 0) w->wrong++;
        }
    }
    free(out);
    return NULL;
}

int main(int argc, char **argv) {
    double seconds = 1;
    int threads = 16;
    if (getenv("STRESS_SECONDS")) seconds = atof(getenv("STRESS_SECONDS"));
    if (getenv("STRESS_THREADS")) threads = atoi(getenv("STRESS_THREADS"));
    if (argc > 1) seconds = atof(argv[1]);
    if (argc > 2) threads = atoi(argv[2]);
    if (threads < 1) threads = 1;
    check_start();

    gs_tensor *stencil = NULL;
    CHECK_OK(gs_gen_stencil2d(12, &stencil));
    CHECK_OK(gs_to_layout(stencil, GS_SPARSE_CSR, NULL, -1, GS_INDEX_AUTO, &shared_csr));
    shared_coo = stencil;
    static double vec[144], dense[144 * 3];
    for (int i = 0; i < 144; i++) vec[i] = (double)(i % 9) - 4;
    for (int i = 0; i < 144 * 3; i++) dense[i] = (double)(i % 5) * 0.5;
    gs_array va = arr1(vec, GS_FLOAT64, 144), da = arr2(dense, GS_FLOAT64, 144, 3);
    CHECK_OK(gs_strided_from(&va, &shared_vec));
    CHECK_OK(gs_strided_from(&da, &shared_dense));
    int64_t live_with_shared = gs_live_handles();
    for (int v = 0; v < VARIANTS; v++)
        for (int64_t k = 0; k < MAX_OUT; k++) own_values[v][k] = (double)((k * 7 + v) % 11) - 5;

    /* The references, on this thread alone. */
    long ref_calls = 0;
    for (int id = 0; id < TASKS; id++)
        for (int v = 0; v < VARIANTS; v++) {
            reference[id][v] = malloc(sizeof(double) * MAX_OUT);
            if (!run_task(id, v, reference[id][v], &reference_n[id][v], &ref_calls))
                CHECK_FAIL("reference task %d variant %d failed", id, v);
        }
    CHECK(gs_live_handles() == live_with_shared);

    pthread_t *th = calloc((size_t)threads, sizeof *th);
    worker *w = calloc((size_t)threads, sizeof *w);
    double start = now();
    for (int i = 0; i < threads; i++) {
        w[i].id = i;
        w[i].seconds = seconds;
        CHECK(pthread_create(&th[i], NULL, work, &w[i]) == 0);
    }
    long calls = 0, tasks = 0, wrong = 0, failed = 0;
    for (int i = 0; i < threads; i++) {
        CHECK(pthread_join(th[i], NULL) == 0);
        calls += w[i].calls;
        tasks += w[i].tasks;
        wrong += w[i].wrong;
        failed += w[i].failed;
    }
    double elapsed = now() - start;
    int64_t leaked = gs_live_handles() - live_with_shared;
    CHECK(wrong == 0);
    CHECK(failed == 0);
    CHECK(leaked == 0);

    CHECK_OK(gs_tensor_free(&shared_csr));
    CHECK_OK(gs_tensor_free(&shared_coo));
    CHECK_OK(gs_tensor_free(&shared_vec));
    CHECK_OK(gs_tensor_free(&shared_dense));
    for (int id = 0; id < TASKS; id++)
        for (int v = 0; v < VARIANTS; v++) free(reference[id][v]);
    free(th);
    free(w);
    printf("stress: %ld calls (%ld tasks) on %d threads in %.2f s: %ld wrong results, %ld failed calls, "
           "%lld leaked handles\n",
           calls, tasks, threads, elapsed, wrong, failed, (long long)leaked);
    return check_finish("stress");
}
