/*
 * demo.c — the gosparse tour: one matrix through every named layout.
 *
 *   demo            a 2-D Laplacian of about a million nonzeros (448 x 448 grid)
 *   demo FILE.mtx   the matrix of a Matrix Market file
 *
 * Each layout is made from the COO matrix, converted back to COO and compared
 * with the original (gs_equal). The table shows the bytes of the layout's
 * storage (level pos/crd arrays plus values), the conversion times and the
 * round-trip check. Exit status 1 when a check fails or a call errs.
 *
 * Build (from the repository root, after make lib; tests/c/demo_build_test.sh runs it):
 *   cc -std=c11 -Wall -Wextra examples/demo.c -Iinclude -Lbuild/lib -lgosparse -Wl,-rpath,$PWD/build/lib -o demo
 */
#define _POSIX_C_SOURCE 199309L

#include <gosparse.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* The generated Laplacian: n^2 x n^2 with 5n^2 - 4n = 1,001,728 nonzeros.
 * n even, so every dimension divides the 2 x 2 blocks of BSR and BSC. */
#define STENCIL_N 448

static const int64_t block2x2[2] = {2, 2};

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Reports a failed call with the library's message; returns 1 if it failed. */
static int failed(gs_status st, const char *what) {
    if (st == GS_OK) return 0;
    fprintf(stderr, "demo: %s failed (status %d): %s\n", what, (int)st, gs_last_error());
    return 1;
}

/* Bytes of an array: its elements times the dtype's size (the dtype's bits / 8). */
static int64_t array_bytes(const gs_array *a) {
    int64_t n = 1;
    for (int32_t i = 0; i < a->ndim; i++) n *= a->shape[i];
    return n * ((a->dtype & 0xff) / 8);
}

/* Bytes of a tensor's storage: every level's pos and crd arrays plus the
 * values. Returns -1 on error (already reported). */
static int64_t storage_bytes(const gs_tensor *t) {
    int32_t levels = 0;
    if (failed(gs_tensor_num_levels(t, &levels), "gs_tensor_num_levels")) return -1;
    int64_t total = 0;
    for (int32_t l = 0; l < levels; l++) {
        int32_t kind, dim, expr, unique, ordered;
        int64_t c, size;
        if (failed(gs_tensor_level_info(t, l, &kind, &dim, &expr, &c, &size, &unique, &ordered),
                   "gs_tensor_level_info"))
            return -1;
        gs_array a;
        if (kind == GS_LEVEL_COMPRESSED) {
            if (failed(gs_tensor_level_pos(t, l, &a), "gs_tensor_level_pos")) return -1;
            total += array_bytes(&a);
        }
        if (kind == GS_LEVEL_COMPRESSED || kind == GS_LEVEL_SINGLETON) {
            if (failed(gs_tensor_level_crd(t, l, &a), "gs_tensor_level_crd")) return -1;
            total += array_bytes(&a);
        }
    }
    gs_array v;
    if (failed(gs_tensor_component(t, GS_COMP_VALUES, &v), "gs_tensor_component(values)")) return -1;
    return total + array_bytes(&v);
}

/* Converts src to layout, back to COO, and checks the round trip. Prints one
 * table row; returns 0 on success, 1 on a failed call or check. */
static int round_trip(const gs_tensor *src, gs_layout layout) {
    const char *name = "?";
    if (failed(gs_layout_name(layout, &name), "gs_layout_name")) return 1;
    const int64_t *bs = (layout == GS_SPARSE_BSR || layout == GS_SPARSE_BSC) ? block2x2 : NULL;

    gs_tensor *conv = NULL, *back = NULL;
    int bad = 0;
    double t0 = now_ms();
    gs_status st = gs_to_layout(src, layout, bs, -1, GS_INDEX_AUTO, &conv);
    double t1 = now_ms();
    if (failed(st, name)) {
        printf("%-12s %14s %10s %10s  FAIL\n", name, "-", "-", "-");
        return 1;
    }
    int64_t bytes = storage_bytes(conv);
    double t2 = now_ms();
    st = gs_to_layout(conv, GS_SPARSE_COO, NULL, -1, GS_INDEX_AUTO, &back);
    double t3 = now_ms();
    int32_t same = 0;
    if (failed(st, "conversion back to sparse_coo") || failed(gs_equal(src, back, &same), "gs_equal"))
        bad = 1;
    bad |= !same || bytes < 0;
    printf("%-12s %14" PRId64 " %10.2f %10.2f  %s\n", name, bytes, t1 - t0, t3 - t2, bad ? "FAIL" : "ok");
    gs_tensor_free(&back);
    gs_tensor_free(&conv);
    return bad;
}

int main(int argc, char **argv) {
    if (argc > 2) {
        fprintf(stderr, "usage: %s [matrix.mtx]\n", argv[0]);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0); /* keep the table in order with messages on stderr */
    printf("gosparse %s\n", gs_version());

    gs_tensor *src = NULL;
    double t0 = now_ms();
    if (argc == 2) {
        if (failed(gs_mm_read(argv[1], &src), argv[1])) return 1;
    } else if (failed(gs_gen_stencil2d(STENCIL_N, &src), "gs_gen_stencil2d")) {
        return 1;
    }
    double t1 = now_ms();

    int32_t ndim = 0;
    int64_t shape[GS_MAX_NDIM] = {0}, nnz = 0, limit = 0;
    gs_layout layout = GS_SPARSE_COO;
    gs_dtype dtype = GS_FLOAT64;
    if (failed(gs_tensor_ndim(src, &ndim), "gs_tensor_ndim") ||
        failed(gs_tensor_shape(src, shape, GS_MAX_NDIM), "gs_tensor_shape") ||
        failed(gs_tensor_nnz(src, &nnz), "gs_tensor_nnz") ||
        failed(gs_tensor_layout(src, &layout), "gs_tensor_layout") ||
        failed(gs_tensor_dtype(src, &dtype), "gs_tensor_dtype") ||
        failed(gs_get_memory_limit(&limit), "gs_get_memory_limit")) {
        gs_tensor_free(&src);
        return 1;
    }
    if (ndim != 2) {
        fprintf(stderr, "demo: expected a matrix (2 dims), got %d dims\n", (int)ndim);
        gs_tensor_free(&src);
        return 1;
    }
    /* A Matrix Market array file reads as strided: start from its COO form. */
    if (layout != GS_SPARSE_COO) {
        gs_tensor *coo = NULL;
        if (failed(gs_to_layout(src, GS_SPARSE_COO, NULL, -1, GS_INDEX_AUTO, &coo), "conversion to sparse_coo")) {
            gs_tensor_free(&src);
            return 1;
        }
        gs_tensor_free(&src);
        src = coo;
        if (failed(gs_tensor_nnz(src, &nnz), "gs_tensor_nnz")) {
            gs_tensor_free(&src);
            return 1;
        }
    }
    if (argc == 2) {
        printf("matrix %s", argv[1]);
    } else {
        printf("matrix 5-point Laplacian of a %d x %d grid", STENCIL_N, STENCIL_N);
    }
    printf(": %" PRId64 " x %" PRId64 ", %" PRId64 " stored elements, %s in %.2f ms\n", shape[0], shape[1],
           nnz, argc == 2 ? "read" : "generated", t1 - t0);

    int bad = 0;
    printf("\n%-12s %14s %10s %10s  %s\n", "format", "bytes", "to ms", "back ms", "round trip");
    static const gs_layout sparse[] = {GS_SPARSE_COO, GS_SPARSE_CSR, GS_SPARSE_CSC, GS_SPARSE_BSR,
                                       GS_SPARSE_BSC, GS_SPARSE_DCSR, GS_SPARSE_DCSC, GS_SPARSE_CSF};
    for (size_t i = 0; i < sizeof sparse / sizeof sparse[0]; i++) {
        gs_layout l = sparse[i];
        if ((l == GS_SPARSE_BSR || l == GS_SPARSE_BSC) && (shape[0] % 2 != 0 || shape[1] % 2 != 0)) {
            const char *name = "?";
            gs_layout_name(l, &name);
            printf("%-12s skipped: %" PRId64 " x %" PRId64 " is not divisible into 2 x 2 blocks\n", name,
                   shape[0], shape[1]);
            continue;
        }
        bad |= round_trip(src, l);
    }

    /* Strided only when the dense matrix fits the library's memory limit. */
    int64_t elem = (dtype & 0xff) / 8;
    if (shape[1] == 0 || shape[0] <= limit / elem / shape[1]) {
        bad |= round_trip(src, GS_STRIDED);
    } else {
        printf("%-12s skipped: the dense %" PRId64 " x %" PRId64 " matrix needs %.3g bytes, over the "
               "memory limit of %" PRId64 " bytes\n",
               "strided", shape[0], shape[1], (double)shape[0] * (double)shape[1] * (double)elem, limit);
    }

    gs_tensor_free(&src);
    int64_t live = gs_live_handles();
    if (live != 0) {
        fprintf(stderr, "demo: %" PRId64 " tensor handles leaked\n", live);
        bad = 1;
    }
    printf("\n%s\n", bad ? "FAILED" : "all round trips ok");
    return bad ? 1 : 0;
}
