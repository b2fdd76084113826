/* soak.c — create / operate / free cycles with the resident set size sampled.
 *
 * Each cycle builds a COO matrix from C buffers, converts it, multiplies,
 * adds, reduces, hits a refusal, and frees everything. The RSS (from
 * /proc/self/statm) is sampled through the run after the warm-up (the first
 * tenth of the cycles: the Go heap and the allocator settle); its mean over
 * the last tenth of the samples must not exceed its mean over the first tenth
 * by more than SOAK_BOUND_MB. Live handles must end where they started, and
 * every result is checked against its known value.
 *
 *   soak [cycles [bound_mb]]   (or SOAK_CYCLES / SOAK_BOUND_MB; default 3000 cycles, 32 MiB) */
#include <unistd.h>

#include "check.h"

#define N 64

/* The resident set size in bytes, or -1 when /proc is not there. */
static int64_t rss_bytes(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    long long size = 0, resident = -1;
    if (!f) return -1;
    if (fscanf(f, "%lld %lld", &size, &resident) != 2) resident = -1;
    fclose(f);
    return resident < 0 ? -1 : resident * (int64_t)sysconf(_SC_PAGESIZE);
}

/* One cycle; returns the number of failed checks in it. The matrix is the
 * tridiagonal N x N matrix with 2 on the diagonal and -1 beside it (3N - 2
 * entries, given unsorted), the vector all ones: A x is [1, 0, ..., 0, 1]. */
static int cycle(long c) {
    static int64_t idx[2][3 * N];
    static double val[3 * N], ones[N];
    int64_t nse = 0;
    for (int64_t i = N - 1; i >= 0; i--)
        for (int64_t j = i - 1; j <= i + 1; j++)
            if (j >= 0 && j < N) {
                idx[0][nse] = i;
                idx[1][nse] = j;
                val[nse++] = i == j ? 2 : -1;
            }
    for (int i = 0; i < N; i++) ones[i] = 1;
    gs_array ia = arr2(idx, GS_INT64, 2, nse), va = arr1(val, GS_FLOAT64, nse), xa = arr1(ones, GS_FLOAT64, N);
    int64_t size[] = {N, N};
    gs_tensor *coo = NULL, *csr = NULL, *x = NULL, *y = NULL, *sum = NULL, *total = NULL, *bad = NULL;
    int failures = 0;
    int32_t dims[] = {0, 1};
    if (gs_sparse_coo_from(&ia, &va, 2, size, GS_FLAGS_DEFAULT, &coo) != GS_OK ||
        gs_to_layout(coo, c % 2 ? GS_SPARSE_CSR : GS_SPARSE_CSC, NULL, -1, GS_INDEX_AUTO, &csr) != GS_OK ||
        gs_strided_from(&xa, &x) != GS_OK || gs_mv(csr, x, &y) != GS_OK ||
        gs_binary(coo, csr, "add", NULL, &sum) != GS_OK || gs_sum(sum, dims, 2, &total) != GS_OK) {
        failures++;
    } else {
        gs_array ya, ta;
        gs_tensor_component(y, GS_COMP_VALUES, &ya);
        gs_tensor_component(total, GS_COMP_VALUES, &ta);
        const double *yv = ya.data;
        for (int i = 0; i < N; i++)
            if (yv[i] != (i == 0 || i == N - 1 ? 1 : 0)) failures++;
        if (*(const double *)ta.data != 2 * 2.0) failures++; /* the row sums of A add up to 2; twice A: 4 */
    }
    if (gs_mv(x, csr, &bad) == GS_OK || gs_last_error()[0] == '\0' || bad != NULL) failures++; /* refused */
    gs_tensor *all[] = {coo, csr, x, y, sum, total};
    for (int i = 0; i < 6; i++)
        if (gs_tensor_free(&all[i]) != GS_OK) failures++;
    return failures;
}

int main(int argc, char **argv) {
    long cycles = 3000;
    double bound_mb = 32;
    if (getenv("SOAK_CYCLES")) cycles = atol(getenv("SOAK_CYCLES"));
    if (getenv("SOAK_BOUND_MB")) bound_mb = atof(getenv("SOAK_BOUND_MB"));
    if (argc > 1) cycles = atol(argv[1]);
    if (argc > 2) bound_mb = atof(argv[2]);
    check_start();
    long warm = cycles / 10, failed = 0, every = cycles >= 10000 ? 100 : 10;
    long nsamples = 0;
    int64_t *samples = calloc((size_t)(cycles / every + 2), sizeof(int64_t));
    int64_t at_start = rss_bytes(), peak = -1;
    CHECK(at_start > 0);
    for (long c = 0; c < cycles; c++) {
        failed += cycle(c);
        if (c >= warm && (c - warm) % every == 0) {
            int64_t r = rss_bytes();
            samples[nsamples++] = r;
            if (r > peak) peak = r;
        }
    }
    int64_t at_end = rss_bytes();
    /* The trend, not the peak: the Go heap breathes between collections, so
     * the mean of the last tenth of the samples is compared with the mean of
     * the first tenth after the warm-up. A leak of 200 bytes a cycle moves it
     * by 38 MiB over 200000 cycles; the breathing does not. */
    long window = nsamples / 10 > 0 ? nsamples / 10 : 1;
    double first = 0, last = 0;
    for (long i = 0; i < window && i < nsamples; i++) {
        first += (double)samples[i];
        last += (double)samples[nsamples - 1 - i];
    }
    first /= window;
    last /= window;
    free(samples);
    double growth_mb = (last - first) / (1 << 20);
    printf("soak: %ld cycles, %ld failed checks; RSS %.1f MiB at start, %.1f MiB (mean) after %ld warm-up cycles, "
           "%.1f MiB (mean) in the last tenth, peak %.1f MiB, %.1f MiB at the end; growth %.1f MiB (bound %.0f MiB)\n",
           cycles, failed, (double)at_start / (1 << 20), first / (1 << 20), warm, last / (1 << 20),
           (double)peak / (1 << 20), (double)at_end / (1 << 20), growth_mb, bound_mb);
    CHECK(failed == 0);
    if (growth_mb > bound_mb) CHECK_FAIL("RSS grew by %.1f MiB after warm-up, more than %.0f MiB", growth_mb, bound_mb);
    return check_finish("soak");
}
