/* test_mm_untrusted.c — gs_mm_read of small hostile files: dimensions that
 * must cost nothing (2^40 rows aborted the process, 2^31 empty rows asked for
 * 16 GiB, 2^62 rows gave GS_ERR_INTERNAL), bad size lines and forbidden
 * combinations refused with GS_ERR_IO naming the line and the rule, and
 * files beyond the memory limit refused with GS_ERR_TOO_LARGE. */
#include <unistd.h>

#include "check.h"

static char tmpdir[] = "/tmp/gosparse-mm-untrusted-XXXXXX";
static char path[256];

/* write_file writes text to the test's one file and returns its path. */
static const char *write_file(const char *text) {
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(1);
    }
    fputs(text, f);
    fclose(f);
    return path;
}

/* read_ok reads text, which must give a COO tensor of shape rows x cols
 * (cols < 0: a vector of rows) with nnz stored entries. */
static void read_ok(const char *text, int64_t rows, int64_t cols, int64_t nnz) {
    gs_tensor *t = NULL;
    CHECK_OK(gs_mm_read(write_file(text), &t));
    if (!t) return;
    int64_t shape[2] = {-1, -1}, got = -1;
    int32_t ndim = -1;
    gs_layout layout = -1;
    CHECK_OK(gs_tensor_ndim(t, &ndim));
    CHECK_OK(gs_tensor_shape(t, shape, 2));
    CHECK_OK(gs_tensor_nnz(t, &got));
    CHECK_OK(gs_tensor_layout(t, &layout));
    CHECK(ndim == (cols < 0 ? 1 : 2));
    CHECK(shape[0] == rows);
    CHECK(cols < 0 || shape[1] == cols);
    CHECK(got == nnz);
    CHECK(layout == GS_SPARSE_COO);
    CHECK_OK(gs_tensor_free(&t));
}

#define BANNER "%%MatrixMarket matrix coordinate real general\n"

static void test_huge_dimensions_cost_their_entries(void) {
    read_ok(BANNER "1099511627776 1 1\n1099511627776 1 2.5\n", INT64_C(1) << 40, 1, 1);
    read_ok(BANNER "1 1099511627776 1\n1 7 1\n", 1, INT64_C(1) << 40, 1);
    read_ok(BANNER "2147483647 0 0\n", 2147483647, 0, 0);
    read_ok(BANNER "4611686018427387904 1 1\n3 1 1\n", INT64_C(1) << 62, 1, 1);
    read_ok("%%MatrixMarket matrix coordinate pattern symmetric\n2147483648 2147483648 1\n2147483648 1\n",
            INT64_C(1) << 31, INT64_C(1) << 31, 2);
    read_ok("%%MatrixMarket vector coordinate integer general\n4611686018427387904 1\n4611686018427387904 5\n",
            INT64_C(1) << 62, -1, 1);
    /* No rows, 2^62 columns: no values to read, and no loop over the columns. */
    gs_tensor *t = NULL;
    CHECK_OK(gs_mm_read(write_file("%%MatrixMarket matrix array real general\n0 4611686018427387904\n"), &t));
    gs_layout layout = -1;
    CHECK_OK(gs_tensor_layout(t, &layout));
    CHECK(layout == GS_STRIDED);
    CHECK_OK(gs_tensor_free(&t));
}

/* refused: gs_mm_read of text fails with code, leaves out NULL, and names the
 * file and then the rule in text. */
static void refused(const char *text, gs_status code, const char *rule) {
    gs_tensor *t = NULL;
    char want[512];
    int failures = check_failures;
    snprintf(want, sizeof want, "%s: %s", path, rule);
    CHECK_ERR(gs_mm_read(write_file(text), &t), code, want);
    CHECK(t == NULL);
    gs_tensor_free(&t);
    if (check_failures != failures) fprintf(stderr, "    the file:\n%s", text);
}

static void test_bad_size_lines(void) {
    refused(BANNER "4294967296 4294967296 1\n1 1 1\n", GS_ERR_IO,
            "line 2: rows x columns = 4294967296 x 4294967296 overflows int64");
    refused(BANNER "9223372036854775807 2 0\n", GS_ERR_IO, "line 2: rows x columns = 9223372036854775807 x 2 overflows int64");
    refused("%%MatrixMarket matrix array real general\n4294967296 4294967297\n", GS_ERR_IO,
            "line 2: rows x columns = 4294967296 x 4294967297 overflows int64");
    refused(BANNER "9223372036854775808 1 1\n1 1 1\n", GS_ERR_IO, "line 2: rows \"9223372036854775808\" overflows int64");
    refused(BANNER "+3 3 1\n1 1 1\n", GS_ERR_IO, "line 2: rows \"+3\" must be written without a sign");
}

static void test_forbidden_combinations(void) {
    refused("%%MatrixMarket matrix coordinate real hermitian\n2 2 1\n2 1 3\n", GS_ERR_IO,
            "line 1: symmetry hermitian needs field complex, found real");
    refused("%%MatrixMarket matrix coordinate pattern hermitian\n2 2 1\n2 1\n", GS_ERR_IO,
            "line 1: symmetry hermitian needs field complex, found pattern");
    refused("%%MatrixMarket matrix coordinate pattern skew-symmetric\n2 2 1\n2 1\n", GS_ERR_IO,
            "line 1: field pattern cannot be skew-symmetric");
    refused(BANNER "3 3 1\n+1 2 5\n", GS_ERR_IO, "line 3: row index \"+1\" must be written without a sign");
    refused("%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n3 1 1\n1 2 5\n", GS_ERR_IO,
            "line 4: entry (1, 2) lies above the diagonal, but line 3 stored (3, 1) below it");
    refused("%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 1\n2 2 1\n", GS_ERR_IO,
            "line 3: skew-symmetric matrix with diagonal entry (2, 2)");
    refused("%%MatrixMarket matrix coordinate complex hermitian\n2 2 1\n2 2 1 -0.5\n", GS_ERR_IO,
            "line 3: hermitian diagonal entry (2, 2) = (1-0.5i)");

    /* An upper-triangle-only symmetric file reads as SciPy reads it: (1, 2) = 5 gives (2, 1) = 5 too. */
    gs_tensor *t = NULL;
    CHECK_OK(gs_mm_read(write_file("%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n1 2 5\n"), &t));
    double want[] = {0, 5, 5, 0};
    CHECK(dense_matches(t, want, 4));
    CHECK_OK(gs_tensor_free(&t));
}

static void test_memory_limit(void) {
    int64_t old = 0;
    CHECK_OK(gs_get_memory_limit(&old));
    CHECK_OK(gs_set_memory_limit(1000));
    char text[4096];
    int n = snprintf(text, sizeof text, BANNER "100 100 50\n");
    for (int i = 0; i < 50; i++) n += snprintf(text + n, sizeof text - n, "1 1 1\n");
    /* 24 bytes an entry: the 42nd, on line 44, passes 1000 bytes. */
    refused(text, GS_ERR_TOO_LARGE, "line 44: 42 entries of 24 bytes exceed the memory limit of 1000 bytes");
    CHECK_OK(gs_set_memory_limit(old));
    /* Under the default limit the same file reads: 50 entries at (1, 1), summed. */
    read_ok(text, 100, 100, 1);
}

int main(void) {
    check_start();
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(path, sizeof path, "%s/x.mtx", tmpdir);
    test_huge_dimensions_cost_their_entries();
    test_bad_size_lines();
    test_forbidden_combinations();
    test_memory_limit();
    unlink(path);
    rmdir(tmpdir);
    return check_finish("test_mm_untrusted");
}
