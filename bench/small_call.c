/*
 * small_call.c: the cost of a small call through the C ABI of libgosparse.
 *
 * Builds a 100 x 100 CSR matrix with 500 nonzeros and a dense x once, then
 * times many calls of gs_mv_out (the cheapest SpMV entry point of gosparse.h:
 * it writes into an existing y, allocating nothing) and of gs_mv (which
 * returns a new tensor, so every call also allocates a result and registers
 * a handle, and the caller frees it). To split the cost it also times gs_mv
 * alone (results freed outside the clock), gs_tensor_free alone, a trivial
 * call (gs_tensor_nnz: one crossing into Go and back), the creation and
 * freeing of a 100-element strided tensor (what the result costs), and the
 * same SpMV as a plain C loop. Each figure is the median over batches.
 *
 * Prints one JSON object on stdout; exits non-zero, with a message on stderr,
 * if a call fails or gs_mv's or gs_mv_out's result disagrees with the C loop.
 *
 *   cc -O2 -std=c11 -Iinclude bench/small_call.c -Lbuild/lib -lgosparse \
 *      -Wl,-rpath,$PWD/build/lib -o small_call && ./small_call [calls]
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gosparse.h"

#define ROWS 100
#define COLS 100
#define PER_ROW 5
#define NNZ (ROWS * PER_ROW)
#define BATCHES 7
#define HELD 1000 /* results held at once when gs_mv is timed without frees */

static void fail(const char *what, gs_status s) {
    fprintf(stderr, "small_call: %s failed with status %d: %s\n", what, (int)s, gs_last_error());
    exit(1);
}

#define CHECK(call)                        \
    do {                                   \
        gs_status s_ = (call);             \
        if (s_ != GS_OK) fail(#call, s_);  \
    } while (0)

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* The matrix: row i holds columns (7i + 19j) mod 100 for j < 5 (distinct,
 * stored sorted) with values from a fixed linear congruential sequence. */
static int32_t crow[ROWS + 1], col[NNZ];
static double val[NNZ], x[COLS], yref[ROWS];

static void build(void) {
    uint32_t seed = 12345u;
    crow[0] = 0;
    for (int i = 0; i < ROWS; i++) {
        int32_t c[PER_ROW];
        for (int j = 0; j < PER_ROW; j++) c[j] = (7 * i + 19 * j) % COLS;
        for (int a = 1; a < PER_ROW; a++) /* insertion sort of 5 */
            for (int b = a; b > 0 && c[b - 1] > c[b]; b--) {
                int32_t t = c[b];
                c[b] = c[b - 1];
                c[b - 1] = t;
            }
        for (int j = 0; j < PER_ROW; j++) {
            seed = seed * 1664525u + 1013904223u;
            col[i * PER_ROW + j] = c[j];
            val[i * PER_ROW + j] = (double)(seed >> 8) / 16777216.0 - 0.5;
        }
        crow[i + 1] = (i + 1) * PER_ROW;
    }
    for (int j = 0; j < COLS; j++) x[j] = 1.0 + 0.01 * j;
}

static void spmv_c(const int32_t *p, const int32_t *c, const double *v, const double *xv,
                   double *y) {
    for (int i = 0; i < ROWS; i++) {
        double s = 0;
        for (int32_t q = p[i]; q < p[i + 1]; q++) s += v[q] * xv[c[q]];
        y[i] = s;
    }
}

/* The largest difference between the float64 vector t and yref, relative to
 * yref's largest magnitude; -1 when t is not a float64 vector of ROWS. */
static double rel_diff(const gs_tensor *t) {
    gs_array a;
    CHECK(gs_tensor_component(t, GS_COMP_VALUES, &a));
    if (a.dtype != GS_FLOAT64 || a.ndim != 1 || a.shape[0] != ROWS) return -1;
    double maxdiff = 0, scale = 0;
    for (int i = 0; i < ROWS; i++) {
        double d = fabs(((double *)a.data)[i] - yref[i]);
        if (d > maxdiff) maxdiff = d;
        if (fabs(yref[i]) > scale) scale = fabs(yref[i]);
    }
    return maxdiff / scale;
}

static gs_array array1(void *data, gs_dtype dt, int64_t n) {
    gs_array a;
    memset(&a, 0, sizeof a);
    a.data = data;
    a.dtype = dt;
    a.ndim = 1;
    a.shape[0] = n;
    return a;
}

int main(int argc, char **argv) {
    long calls = argc > 1 ? atol(argv[1]) : 200000;
    if (calls < HELD) calls = HELD;
    calls -= calls % HELD;
    build();

    gs_tensor *A = NULL, *X = NULL;
    gs_array ca = array1(crow, GS_INT32, ROWS + 1), pa = array1(col, GS_INT32, NNZ),
             va = array1(val, GS_FLOAT64, NNZ), xa = array1(x, GS_FLOAT64, COLS);
    int64_t size[2] = {ROWS, COLS};
    CHECK(gs_sparse_compressed_from(GS_SPARSE_CSR, &ca, &pa, &va, 2, size, GS_FLAGS_DEFAULT, &A));
    CHECK(gs_strided_from(&xa, &X));

    /* Agreement: gs_mv and gs_mv_out against the C loop. */
    spmv_c(crow, col, val, x, yref);
    gs_tensor *y = NULL, *Y = NULL;
    CHECK(gs_mv(A, X, &y));
    double maxdiff = rel_diff(y);
    CHECK(gs_tensor_free(&y));
    double zeros[ROWS] = {0};
    gs_array za = array1(zeros, GS_FLOAT64, ROWS);
    CHECK(gs_strided_from(&za, &Y));
    CHECK(gs_mv_out(A, X, Y));
    double outdiff = rel_diff(Y);
    if (maxdiff < 0 || maxdiff > 1e-12 || outdiff < 0 || outdiff > 1e-12) {
        fprintf(stderr, "small_call: gs_mv / gs_mv_out differ from the C loop (%g, %g relative)\n",
                maxdiff, outdiff);
        return 1;
    }
    if (outdiff > maxdiff) maxdiff = outdiff;

    static gs_tensor *held[HELD];
    double mv_out[BATCHES], mv_free[BATCHES], mv[BATCHES], fr[BATCHES], trivial[BATCHES],
        alloc[BATCHES], cloop[BATCHES];
    double yc[ROWS];
    volatile double sink = 0;
    for (long i = 0; i < calls / 10; i++) { /* warm-up */
        CHECK(gs_mv(A, X, &y));
        CHECK(gs_tensor_free(&y));
    }
    for (long i = 0; i < calls / 10; i++) CHECK(gs_mv_out(A, X, Y));
    for (int b = 0; b < BATCHES; b++) {
        double t0 = now_ns();
        for (long i = 0; i < calls; i++) CHECK(gs_mv_out(A, X, Y));
        mv_out[b] = (now_ns() - t0) / (double)calls;

        t0 = now_ns();
        for (long i = 0; i < calls; i++) {
            CHECK(gs_mv(A, X, &y));
            CHECK(gs_tensor_free(&y));
        }
        mv_free[b] = (now_ns() - t0) / (double)calls;

        double tmv = 0, tfree = 0;
        for (long i = 0; i < calls; i += HELD) {
            double t1 = now_ns();
            for (int j = 0; j < HELD; j++) CHECK(gs_mv(A, X, &held[j]));
            double t2 = now_ns();
            for (int j = 0; j < HELD; j++) CHECK(gs_tensor_free(&held[j]));
            tfree += now_ns() - t2;
            tmv += t2 - t1;
        }
        mv[b] = tmv / (double)calls;
        fr[b] = tfree / (double)calls;

        int64_t nnz = 0;
        t0 = now_ns();
        for (long i = 0; i < calls; i++) CHECK(gs_tensor_nnz(A, &nnz));
        trivial[b] = (now_ns() - t0) / (double)calls;
        if (nnz != NNZ) {
            fprintf(stderr, "small_call: gs_tensor_nnz gave %lld, expected %d\n", (long long)nnz, NNZ);
            return 1;
        }

        gs_tensor *v = NULL;
        gs_array ra = array1(yc, GS_FLOAT64, ROWS);
        t0 = now_ns();
        for (long i = 0; i < calls; i++) {
            CHECK(gs_strided_from(&ra, &v));
            CHECK(gs_tensor_free(&v));
        }
        alloc[b] = (now_ns() - t0) / (double)calls;

        t0 = now_ns();
        for (long i = 0; i < calls; i++) {
            x[i % COLS] += 1e-300; /* keeps the compiler from hoisting the loop */
            spmv_c(crow, col, val, x, yc);
            sink += yc[i % ROWS];
        }
        cloop[b] = (now_ns() - t0) / (double)calls;
    }
    if (gs_live_handles() != 3) {
        fprintf(stderr, "small_call: %lld live handles, expected 3 (a leak)\n",
                (long long)gs_live_handles());
        return 1;
    }
    CHECK(gs_tensor_free(&A));
    CHECK(gs_tensor_free(&X));
    CHECK(gs_tensor_free(&Y));
    printf("{\"rows\": %d, \"cols\": %d, \"nnz\": %d, \"calls\": %ld, \"batches\": %d, "
           "\"mv_out_ns\": %.1f, \"mv_free_ns\": %.1f, \"mv_ns\": %.1f, \"free_ns\": %.1f, \"trivial_call_ns\": %.1f, "
           "\"strided_from_free_ns\": %.1f, \"c_spmv_ns\": %.1f, \"agree\": true, "
           "\"max_rel_diff\": %g}\n",
           ROWS, COLS, NNZ, calls, BATCHES, median(mv_out, BATCHES), median(mv_free, BATCHES), median(mv, BATCHES),
           median(fr, BATCHES), median(trivial, BATCHES), median(alloc, BATCHES),
           median(cloop, BATCHES), maxdiff);
    return sink == 12345.0; /* never true; uses sink */
}
