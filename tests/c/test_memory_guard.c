/* test_memory_guard.c — operations whose result is much bigger than their
 * inputs are refused with GS_ERR_TOO_LARGE under the memory limit, quickly,
 * before anything big is allocated, leaking nothing: densifying a huge sparse
 * tensor, cat/stack of one tensor many times, index_select that repeats a
 * slice, sparse @ sparse with a dense product, sparse @ dense with a huge
 * result, BSR padding, a huge strided empty, and the generators asked for
 * more than the limit. (The huge-dimension cases of issue 23, coalesce and
 * the conversions of a 2^40-row COO, are test_too_large.c's.) Each case
 * prints the time it took to refuse and how much the peak RSS grew, and
 * fails past REFUSE_SECONDS or a growth past the limit itself.
 *
 *   test_memory_guard [case]   (one case alone, by number) */
#include <time.h>

#include "check.h"

#define LIMIT (8LL << 20)
#define REFUSE_SECONDS 2.0 /* on a loaded CI machine; they take milliseconds */

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Inputs, made once: small in memory, big in what they promise. */
static gs_tensor *huge_coo;  /* 2^20 x 2^20, 4 entries: 8 TiB dense */
static gs_tensor *row;       /* strided 1 x 2^15 float64: 256 KiB */
static gs_tensor *col_vec;   /* sparse 2^12 x 1, every entry stored */
static gs_tensor *row_vec;   /* sparse 1 x 2^12, every entry stored */
static gs_tensor *tall;      /* sparse 2^20 x 1, 4 entries */
static gs_tensor *wide_dense; /* strided 1 x 2^12 */
static gs_tensor *scattered; /* CSR 2^12 x 2^12 with 64 entries on the diagonal */
static gs_tensor *reshaped;  /* huge_coo reshaped to 1-D (a COO: cheap) */

static gs_status case_to_dense(gs_tensor **out) { return gs_to_dense(huge_coo, out); }
static gs_status case_cat(gs_tensor **out) {
    static const gs_tensor *many[64];
    for (int i = 0; i < 64; i++) many[i] = row;
    return gs_cat(many, 64, 0, out); /* 64 x 256 KiB = 16 MiB */
}
static gs_status case_stack(gs_tensor **out) {
    static const gs_tensor *many[64];
    for (int i = 0; i < 64; i++) many[i] = row;
    return gs_stack(many, 64, 0, out);
}
static gs_status case_vstack(gs_tensor **out) {
    static const gs_tensor *many[64];
    for (int i = 0; i < 64; i++) many[i] = row;
    return gs_vstack(many, 64, out);
}
static gs_status case_hstack(gs_tensor **out) {
    static const gs_tensor *many[64];
    for (int i = 0; i < 64; i++) many[i] = row;
    return gs_hstack(many, 64, out);
}
static gs_status case_index_select_repeat(gs_tensor **out) {
    static int64_t zeros[64]; /* row 0, 64 times: 16 MiB */
    gs_array ia = arr1(zeros, GS_INT64, 64);
    return gs_index_select(row, 0, &ia, out);
}
static gs_status case_sparse_mm_outer(gs_tensor **out) { return gs_sparse_mm(col_vec, row_vec, out); } /* 2^24 entries */
static gs_status case_matmul_outer(gs_tensor **out) { return gs_matmul(col_vec, row_vec, out); }
static gs_status case_mm_dense_result(gs_tensor **out) { return gs_mm(tall, wide_dense, out); } /* 2^32 elements */
static gs_status case_bsr_padding(gs_tensor **out) {
    int64_t bs[2] = {4096, 4096}; /* 64 diagonal entries, one block of 128 MiB */
    return gs_to_layout(scattered, GS_SPARSE_BSR, bs, -1, GS_INDEX_AUTO, out);
}
static gs_status case_empty_strided(gs_tensor **out) {
    int64_t size[] = {1 << 20, 1 << 20};
    return gs_empty(GS_STRIDED, GS_FLOAT64, 2, size, NULL, 0, out);
}
static gs_status case_reshape_dense(gs_tensor **out) { return gs_to_dense(reshaped, out); }
static gs_status case_gen_stencil2d(gs_tensor **out) { return gs_gen_stencil2d(1 << 20, out); }
static gs_status case_gen_stencil3d(gs_tensor **out) { return gs_gen_stencil3d(1 << 14, out); }
static gs_status case_gen_banded(gs_tensor **out) { return gs_gen_banded((int64_t)1 << 30, 8, 8, 1, out); }
static gs_status case_gen_uniform(gs_tensor **out) { return gs_gen_uniform(1 << 30, 1 << 30, (int64_t)1 << 32, 1, out); }
static gs_status case_gen_block_diagonal(gs_tensor **out) { return gs_gen_block_diagonal(1 << 10, 1 << 12, 1, out); }
static gs_status case_gen_rmat(gs_tensor **out) { return gs_gen_rmat(30, 16, 1, out); }

/* A field of /proc/self/status (VmHWM: the peak resident set; VmRSS: the
 * current one) in bytes, or -1 without /proc. */
static int64_t status_bytes(const char *field) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long long kb = -1;
    size_t n = strlen(field);
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, field, n) == 0 && sscanf(line + n, ": %lld kB", &kb) == 1) break;
    if (f) fclose(f);
    return kb < 0 ? -1 : kb * 1024;
}

/* Resets the peak resident set to the current one (Linux: clear_refs 5), so
 * that each case's peak is its own. */
static void reset_peak(void) {
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (f) {
        fputs("5", f);
        fclose(f);
    }
}

typedef struct {
    const char *name;
    gs_status (*run)(gs_tensor **out);
} guard_case;

static const guard_case cases[] = {
    {"to_dense of a 2^20 x 2^20 COO", case_to_dense},
    {"cat of 64 x 256 KiB", case_cat},
    {"stack of 64 x 256 KiB", case_stack},
    {"vstack of 64 x 256 KiB", case_vstack},
    {"hstack of 64 x 256 KiB", case_hstack},
    {"index_select repeating a 256 KiB row 64 times", case_index_select_repeat},
    {"sparse_mm outer product 2^12 x 2^12", case_sparse_mm_outer},
    {"matmul outer product 2^12 x 2^12", case_matmul_outer},
    {"mm sparse 2^20 x 1 @ dense 1 x 2^12", case_mm_dense_result},
    {"to BSR 4096 x 4096 of a diagonal", case_bsr_padding},
    {"empty strided 2^20 x 2^20", case_empty_strided},
    {"to_dense of a 2^40-element reshaped COO", case_reshape_dense},
    {"gen_stencil2d(2^20)", case_gen_stencil2d},
    {"gen_stencil3d(2^14)", case_gen_stencil3d},
    {"gen_banded(2^30, 8, 8)", case_gen_banded},
    {"gen_uniform(2^30, 2^30, 2^32)", case_gen_uniform},
    {"gen_block_diagonal(2^10, 2^12)", case_gen_block_diagonal},
    {"gen_rmat(30, 16)", case_gen_rmat},
};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))

static void make_inputs(void) {
    static int64_t idx[] = {0, 5, 1000, (1 << 20) - 1, /* rows */ 0, 7, 1000, (1 << 20) - 1};
    static double val[] = {1, 2, 3, 4};
    gs_array ia = arr2(idx, GS_INT64, 2, 4), va = arr1(val, GS_FLOAT64, 4);
    int64_t size[] = {1 << 20, 1 << 20};
    CHECK_OK(gs_sparse_coo_from(&ia, &va, 2, size, GS_FLAGS_DEFAULT, &huge_coo));

    static double r[1 << 15];
    for (int i = 0; i < (1 << 15); i++) r[i] = i % 3;
    gs_array ra = arr2(r, GS_FLOAT64, 1, 1 << 15);
    CHECK_OK(gs_strided_from(&ra, &row));

    static int64_t cidx[2][1 << 12];
    static double ones[1 << 12];
    for (int i = 0; i < (1 << 12); i++) { cidx[0][i] = i; cidx[1][i] = 0; ones[i] = 1; }
    gs_array ca = arr2(cidx, GS_INT64, 2, 1 << 12), oa = arr1(ones, GS_FLOAT64, 1 << 12);
    int64_t csize[] = {1 << 12, 1};
    CHECK_OK(gs_sparse_coo_from(&ca, &oa, 2, csize, GS_FLAGS_DEFAULT, &col_vec));
    CHECK_OK(gs_t(col_vec, &row_vec));

    static int64_t tidx[] = {0, 9, 99, (1 << 20) - 1, 0, 0, 0, 0};
    gs_array ta = arr2(tidx, GS_INT64, 2, 4);
    int64_t tsize[] = {1 << 20, 1};
    CHECK_OK(gs_sparse_coo_from(&ta, &va, 2, tsize, GS_FLAGS_DEFAULT, &tall));

    gs_array wa = arr2(ones, GS_FLOAT64, 1, 1 << 12);
    CHECK_OK(gs_strided_from(&wa, &wide_dense));

    static int64_t didx[2][64];
    static double dval[64];
    for (int i = 0; i < 64; i++) { didx[0][i] = didx[1][i] = i * 64; dval[i] = i + 1; }
    gs_array da = arr2(didx, GS_INT64, 2, 64), dva = arr1(dval, GS_FLOAT64, 64);
    int64_t dsize[] = {1 << 12, 1 << 12};
    gs_tensor *dcoo = NULL;
    CHECK_OK(gs_sparse_coo_from(&da, &dva, 2, dsize, GS_FLAGS_DEFAULT, &dcoo));
    CHECK_OK(gs_to_layout(dcoo, GS_SPARSE_CSR, NULL, -1, GS_INDEX_AUTO, &scattered));
    CHECK_OK(gs_tensor_free(&dcoo));
    int64_t flat[] = {-1};
    CHECK_OK(gs_reshape(huge_coo, flat, 1, &reshaped));
}

static void run_case(int i) {
    static char sentinel;
    gs_tensor *out = (gs_tensor *)(void *)&sentinel;
    reset_peak();
    int64_t live = gs_live_handles(), rss_before = status_bytes("VmRSS");
    double t0 = now();
    gs_status st = cases[i].run(&out);
    double took = now() - t0;
    double grew_mb = (double)(status_bytes("VmHWM") - rss_before) / (1 << 20);
    printf("  %-44s %-18s %9.3f ms, peak RSS +%.0f MiB\n", cases[i].name,
           st == GS_ERR_TOO_LARGE ? "GS_ERR_TOO_LARGE" : gs_last_error(), took * 1e3, grew_mb);
    if (st != GS_ERR_TOO_LARGE) CHECK_FAIL("%s: returned %d, expected GS_ERR_TOO_LARGE", cases[i].name, (int)st);
    if (st == GS_OK) gs_tensor_free(&out);
    else if (out != (gs_tensor *)(void *)&sentinel) CHECK_FAIL("%s: wrote its out-parameter on error", cases[i].name);
    if (st != GS_OK && gs_last_error()[0] == '\0') CHECK_FAIL("%s: no message", cases[i].name);
    if (took > REFUSE_SECONDS) CHECK_FAIL("%s: took %.2f s to refuse", cases[i].name, took);
    if (grew_mb > (double)LIMIT / (1 << 20)) CHECK_FAIL("%s: the peak RSS grew by %.0f MiB, past the limit", cases[i].name, grew_mb);
    if (gs_live_handles() != live) CHECK_FAIL("%s: live handles changed", cases[i].name);
}

int main(int argc, char **argv) {
    check_start();
    int64_t old = 0;
    CHECK_OK(gs_get_memory_limit(&old));
    make_inputs();
    CHECK_OK(gs_set_memory_limit(LIMIT));
    printf("memory guard, limit %lld MiB:\n", LIMIT >> 20);
    if (argc > 1) run_case(atoi(argv[1]) % NCASES);
    else
        for (int i = 0; i < NCASES; i++) run_case(i);
    CHECK_OK(gs_set_memory_limit(old));
    gs_tensor *all[] = {huge_coo, row, col_vec, row_vec, tall, wide_dense, scattered, reshaped};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) CHECK_OK(gs_tensor_free(&all[i]));
    return check_finish("test_memory_guard");
}
