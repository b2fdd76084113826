/* check.h — the assertion macros of the C tests.
 *
 * A failed check prints file:line, the expression and gs_last_error(), counts
 * the failure and carries on, so one run reports every broken check. Each test
 * program ends with check_finish(), which also checks that every tensor it made
 * was freed (gs_live_handles() back to its value at check_start()). */
#ifndef GOSPARSE_TEST_CHECK_H
#define GOSPARSE_TEST_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "gosparse.h"

static int check_failures;
static int64_t check_live_at_start;

#define CHECK_FAIL(...)                                                        \
    do {                                                                       \
        fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                        \
        fprintf(stderr, __VA_ARGS__);                                          \
        fprintf(stderr, "\n    gs_last_error: \"%s\"\n", gs_last_error());     \
        check_failures++;                                                      \
    } while (0)

/* CHECK(cond): cond must hold. */
#define CHECK(cond)                                                            \
    do {                                                                       \
        if (!(cond)) CHECK_FAIL("CHECK(%s) failed", #cond);                    \
    } while (0)

/* CHECK_OK(call): call returns GS_OK and leaves gs_last_error() empty. */
#define CHECK_OK(call)                                                         \
    do {                                                                       \
        gs_status check_st_ = (call);                                          \
        if (check_st_ != GS_OK)                                                \
            CHECK_FAIL("%s returned %d, expected GS_OK", #call, (int)check_st_); \
        else if (gs_last_error()[0] != '\0')                                   \
            CHECK_FAIL("%s succeeded but gs_last_error() is not empty", #call); \
    } while (0)

/* CHECK_ERR(call, code, text): call fails with code and a message that
 * contains text (use "" to accept any non-empty message). */
#define CHECK_ERR(call, code, text)                                            \
    do {                                                                       \
        gs_status check_st_ = (call);                                          \
        const char *check_msg_ = gs_last_error();                              \
        if (check_st_ != (code))                                               \
            CHECK_FAIL("%s returned %d, expected %s (%d)", #call, (int)check_st_, #code, (int)(code)); \
        else if (check_msg_[0] == '\0' || strstr(check_msg_, (text)) == NULL)  \
            CHECK_FAIL("%s: message does not contain \"%s\"", #call, (text));  \
    } while (0)

/* CHECK_STR(a, b): two C strings are equal. */
#define CHECK_STR(a, b)                                                        \
    do {                                                                       \
        const char *check_a_ = (a), *check_b_ = (b);                           \
        if (check_a_ == NULL || check_b_ == NULL || strcmp(check_a_, check_b_) != 0) \
            CHECK_FAIL("CHECK_STR(%s, %s) failed:\n    got:      \"%s\"\n    expected: \"%s\"", \
                       #a, #b, check_a_ ? check_a_ : "(null)", check_b_ ? check_b_ : "(null)"); \
    } while (0)

static void check_start(void) { check_live_at_start = gs_live_handles(); }

/* check_finish reports the result of a test program; use as main's return value. */
static int check_finish(const char *name) {
    int64_t live = gs_live_handles();
    if (live != check_live_at_start) {
        fprintf(stderr, "%s: leak: %lld live tensors at the end, %lld at the start\n", name,
                (long long)live, (long long)check_live_at_start);
        check_failures++;
    }
    if (check_failures) {
        fprintf(stderr, "%s: %d check(s) failed\n", name, check_failures);
        return 1;
    }
    printf("%s: all checks passed\n", name);
    return 0;
}

/* check_limit_address_space lets the process map at most room bytes more
 * than it does now (RLIMIT_AS over its size from /proc/self/statm): a buffer
 * far beyond what a test needs then fails at once, which the Go runtime meets
 * with its fatal, uncatchable out-of-memory abort, instead of being granted
 * on a large machine. Returns 0 on success. */
static inline int check_limit_address_space(long long room) {
    FILE *f = fopen("/proc/self/statm", "r");
    long long pages = -1;
    if (f) {
        if (fscanf(f, "%lld", &pages) != 1) pages = -1;
        fclose(f);
    }
    if (pages < 0) return -1;
    struct rlimit lim = {(rlim_t)(pages * 4096 + room), RLIM_INFINITY};
    return setrlimit(RLIMIT_AS, &lim);
}

/* Array helpers: a gs_array over caller memory. */
static inline gs_array arr1(void *data, gs_dtype dtype, int64_t n) {
    gs_array a;
    memset(&a, 0, sizeof a);
    a.data = data;
    a.dtype = dtype;
    a.ndim = 1;
    a.shape[0] = n;
    return a;
}

static inline gs_array arr2(void *data, gs_dtype dtype, int64_t rows, int64_t cols) {
    gs_array a = arr1(data, dtype, rows);
    a.ndim = 2;
    a.shape[1] = cols;
    return a;
}

static inline int64_t numel(const gs_array *a) {
    int64_t n = 1;
    for (int32_t i = 0; i < a->ndim; i++) n *= a->shape[i];
    return n;
}

/* The 2x2 CSR example of the docs: [[1, 2], [3, 4]], int64 indices. */
static inline gs_status make_csr_2x2(gs_dtype values_dtype, gs_tensor **out) {
    static int64_t crow[] = {0, 2, 4}, col[] = {0, 1, 0, 1};
    static double v64[] = {1, 2, 3, 4};
    static float v32[] = {1, 2, 3, 4};
    gs_array c = arr1(crow, GS_INT64, 3), p = arr1(col, GS_INT64, 4);
    gs_array v = arr1(values_dtype == GS_FLOAT32 ? (void *)v32 : (void *)v64, values_dtype, 4);
    int64_t size[] = {2, 2};
    return gs_sparse_compressed_from(GS_SPARSE_CSR, &c, &p, &v, 2, size, GS_FLAGS_DEFAULT, out);
}

/* A 3x4 COO float64 matrix with 4 entries, built coalesced (GS_COALESCED, verified):
 * [[0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 4, 0]]. */
static inline gs_status make_coo_3x4(gs_tensor **out) {
    static int64_t idx[] = {0, 0, 2, 2, /* rows */ 1, 3, 0, 2 /* cols */};
    static double val[] = {1, 2, 3, 4};
    gs_array i = arr2(idx, GS_INT64, 2, 4), v = arr1(val, GS_FLOAT64, 4);
    int64_t size[] = {3, 4};
    return gs_sparse_coo_from(&i, &v, 2, size, GS_COALESCED, out);
}

/* Element k (row-major) of the dense 3x4 matrix above. */
static inline double coo_3x4_dense(int k) {
    static const double d[12] = {0, 1, 0, 2, 0, 0, 0, 0, 3, 0, 4, 0};
    return d[k];
}

/* dense_matches: t's dense float64 values equal expected[0..n). */
static inline int dense_matches(const gs_tensor *t, const double *expected, int64_t n) {
    gs_tensor *d = NULL, *f = NULL;
    gs_array a;
    int ok = gs_to_dense(t, &d) == GS_OK && gs_to_dtype(d, GS_FLOAT64, &f) == GS_OK &&
             gs_tensor_component(f, GS_COMP_VALUES, &a) == GS_OK && a.dtype == GS_FLOAT64 && numel(&a) == n;
    for (int64_t i = 0; ok && i < n; i++) {
        if (((const double *)a.data)[i] != expected[i]) {
            fprintf(stderr, "dense_matches: element %lld is %g, expected %g\n", (long long)i,
                    ((const double *)a.data)[i], expected[i]);
            ok = 0;
        }
    }
    gs_tensor_free(&f);
    gs_tensor_free(&d);
    return ok;
}

#endif
