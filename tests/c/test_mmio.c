/* test_mmio.c — gs_mm_write and gs_mm_read round trips, errors, and the
 * shared real matrices when ../shared is present. */
#include <dirent.h>
#include <unistd.h>

#include "check.h"

static char tmpdir[] = "/tmp/gosparse-mmio-XXXXXX";

static void path_in_tmp(char *out, size_t n, const char *name) { snprintf(out, n, "%s/%s", tmpdir, name); }

static void test_round_trip(void) {
    char path[256];
    gs_tensor *coo = NULL, *back = NULL, *dense = NULL, *dback = NULL;
    int32_t eq = -1;
    CHECK_OK(make_coo_3x4(&coo));
    path_in_tmp(path, sizeof path, "coo.mtx");
    CHECK_OK(gs_mm_write(path, coo));
    CHECK_OK(gs_mm_read(path, &back));
    gs_layout l = -1;
    CHECK_OK(gs_tensor_layout(back, &l));
    CHECK(l == GS_SPARSE_COO);
    CHECK_OK(gs_equal(coo, back, &eq));
    CHECK(eq == 1);

    /* Strided tensors are written as array files and read back strided. */
    CHECK_OK(gs_to_dense(coo, &dense));
    path_in_tmp(path, sizeof path, "dense.mtx");
    CHECK_OK(gs_mm_write(path, dense));
    CHECK_OK(gs_mm_read(path, &dback));
    CHECK_OK(gs_tensor_layout(dback, &l));
    CHECK(l == GS_STRIDED);
    CHECK_OK(gs_equal(dense, dback, &eq));
    CHECK(eq == 1);

    CHECK_OK(gs_tensor_free(&dback));
    CHECK_OK(gs_tensor_free(&dense));
    CHECK_OK(gs_tensor_free(&back));
    CHECK_OK(gs_tensor_free(&coo));
}

static void test_symmetric_pattern(void) {
    char path[256];
    path_in_tmp(path, sizeof path, "sym.mtx");
    FILE *f = fopen(path, "w");
    fputs("%%MatrixMarket matrix coordinate pattern symmetric\n% a comment\n3 3 2\n2 1\n3 3\n", f);
    fclose(f);
    gs_tensor *t = NULL;
    CHECK_OK(gs_mm_read(path, &t));
    double want[] = {0, 1, 0, 1, 0, 0, 0, 0, 1}; /* pattern reads as 1, symmetry expanded */
    CHECK(dense_matches(t, want, 9));
    int32_t co = -1;
    CHECK_OK(gs_tensor_is_coalesced(t, &co));
    CHECK(co == 1);
    CHECK_OK(gs_tensor_free(&t));
}

/* gs_mm_read_buffer reads a file's contents from memory, and gzip input (by
 * path or buffer) reads as its text: the symmetric pattern file above, gzipped. */
static const unsigned char sym_gz[] = {
    0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x53, 0x55, 0xf5, 0x4d, 0x2c, 0x29,
    0xca, 0xac, 0xf0, 0x4d, 0x2c, 0xca, 0x4e, 0x2d, 0x51, 0xc8, 0x05, 0x73, 0x14, 0x92, 0xf3, 0xf3,
    0x8b, 0x52, 0x32, 0xf3, 0x12, 0x4b, 0x52, 0x15, 0x0a, 0x12, 0x4b, 0x4a, 0x52, 0x8b, 0xf2, 0x14,
    0x8a, 0x2b, 0x73, 0x73, 0x53, 0x81, 0x92, 0xc9, 0x5c, 0xc6, 0x0a, 0xc6, 0x0a, 0x46, 0x5c, 0x46,
    0x0a, 0x86, 0x20, 0x16, 0x17, 0x00, 0xfa, 0xa9, 0x9d, 0x4d, 0x41, 0x00, 0x00, 0x00};

static void test_buffer_and_gzip(void) {
    const char *text = "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n2 1\n3 3\n";
    double want[] = {0, 1, 0, 1, 0, 0, 0, 0, 1};
    gs_tensor *t = NULL;
    CHECK_OK(gs_mm_read_buffer(text, (int64_t)strlen(text), &t));
    CHECK(dense_matches(t, want, 9));
    CHECK_OK(gs_tensor_free(&t));
    CHECK_OK(gs_mm_read_buffer(sym_gz, (int64_t)sizeof sym_gz, &t));
    CHECK(dense_matches(t, want, 9));
    CHECK_OK(gs_tensor_free(&t));

    char path[256];
    path_in_tmp(path, sizeof path, "sym.mtx.gz");
    FILE *f = fopen(path, "wb");
    fwrite(sym_gz, 1, sizeof sym_gz, f);
    fclose(f);
    CHECK_OK(gs_mm_read(path, &t));
    CHECK(dense_matches(t, want, 9));
    CHECK_OK(gs_tensor_free(&t));

    CHECK_ERR(gs_mm_read_buffer(sym_gz, 20, &t), GS_ERR_IO, "unexpected EOF");
    CHECK_ERR(gs_mm_read_buffer(NULL, 5, &t), GS_ERR_INVALID_ARGUMENT, "gs_mm_read_buffer: data is NULL");
    CHECK_ERR(gs_mm_read_buffer(text, -1, &t), GS_ERR_INVALID_ARGUMENT, "size = -1 must not be negative");
    CHECK_ERR(gs_mm_read_buffer(text, 4, NULL), GS_ERR_INVALID_ARGUMENT, "out is NULL");
    CHECK_ERR(gs_mm_read_buffer(NULL, 0, &t), GS_ERR_IO, "the input is empty");
    CHECK(t == NULL);
}

static void test_errors(void) {
    char path[256];
    gs_tensor *t = NULL, *coo = NULL;
    /* A missing file (or folder) is GS_ERR_NOT_FOUND, not a format error. */
    CHECK_ERR(gs_mm_read("/nonexistent/gosparse/none.mtx", &t), GS_ERR_NOT_FOUND, "gs_mm_read: open /nonexistent/gosparse/none.mtx");
    CHECK_ERR(gs_mm_read(NULL, &t), GS_ERR_INVALID_ARGUMENT, "gs_mm_read: path is NULL");
    CHECK_ERR(gs_mm_read("x.mtx", NULL), GS_ERR_INVALID_ARGUMENT, "gs_mm_read: out is NULL");
    path_in_tmp(path, sizeof path, "bad.mtx");
    FILE *f = fopen(path, "w");
    fputs("%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1.0\n3 1 2.0\n", f);
    fclose(f);
    CHECK_ERR(gs_mm_read(path, &t), GS_ERR_IO, "line 4");
    CHECK(t == NULL);

    CHECK_OK(make_coo_3x4(&coo));
    CHECK_ERR(gs_mm_write(NULL, coo), GS_ERR_INVALID_ARGUMENT, "gs_mm_write: path is NULL");
    CHECK_ERR(gs_mm_write("/nonexistent/gosparse/out.mtx", coo), GS_ERR_NOT_FOUND, "gs_mm_write: ");
    /* A folder is no file: an I/O error. */
    CHECK_ERR(gs_mm_read("/", &t), GS_ERR_IO, "gs_mm_read: ");
    /* 3-d tensors have no Matrix Market form. */
    int64_t size[] = {2, 2, 2};
    gs_tensor *cube = NULL;
    CHECK_OK(gs_empty(GS_SPARSE_COO, GS_FLOAT64, 3, size, NULL, 0, &cube));
    path_in_tmp(path, sizeof path, "cube.mtx");
    gs_status st = gs_mm_write(path, cube);
    CHECK(st == GS_ERR_INVALID_ARGUMENT || st == GS_ERR_NOT_IMPLEMENTED);
    CHECK_OK(gs_tensor_free(&cube));
    CHECK_OK(gs_tensor_free(&coo));
}

/* ../shared/matrices (GOSPARSE_SHARED from CTest, else ../shared from the
 * current directory): every SuiteSparse file reads, known facts hold, and every
 * file a reader must refuse is refused with GS_ERR_IO. */
static int shared_path(char *out, size_t n, const char *rel) {
    const char *shared = getenv("GOSPARSE_SHARED");
    snprintf(out, n, "%s/matrices/%s", shared ? shared : "../shared", rel);
    return access(out, R_OK) == 0;
}

static void test_shared_suitesparse(void) {
    char dir[512];
    if (!shared_path(dir, sizeof dir, "suitesparse")) {
        printf("test_mmio: SKIP shared matrices: %s is absent\n", dir);
        return;
    }
    DIR *d = opendir(dir);
    struct dirent *e;
    int read = 0;
    while (d && (e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 4, ".mtx") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        gs_tensor *t = NULL;
        CHECK_OK(gs_mm_read(path, &t));
        int64_t nnz = -1;
        CHECK_OK(gs_tensor_nnz(t, &nnz));
        CHECK(nnz > 0);
        read++;
        CHECK_OK(gs_tensor_free(&t));
    }
    if (d) closedir(d);
    CHECK(read >= 10);
    printf("test_mmio: read %d SuiteSparse matrices\n", read);

    /* karate: 34 x 34, 78 lower-triangle entries of a symmetric pattern. */
    char path[1024];
    gs_tensor *k = NULL;
    shared_path(path, sizeof path, "suitesparse/karate.mtx");
    CHECK_OK(gs_mm_read(path, &k));
    int64_t shape[2] = {0, 0}, nnz = 0;
    CHECK_OK(gs_tensor_shape(k, shape, 2));
    CHECK_OK(gs_tensor_nnz(k, &nnz));
    CHECK(shape[0] == 34 && shape[1] == 34 && nnz == 156);
    CHECK_OK(gs_tensor_free(&k));

    /* west0067 and its shuffled copy are the same matrix. */
    gs_tensor *a = NULL, *b = NULL;
    int32_t eq = -1;
    shared_path(path, sizeof path, "suitesparse/west0067.mtx");
    CHECK_OK(gs_mm_read(path, &a));
    shared_path(path, sizeof path, "suitesparse/west0067_jumbled.mtx");
    CHECK_OK(gs_mm_read(path, &b));
    CHECK_OK(gs_equal(a, b, &eq));
    CHECK(eq == 1);
    CHECK_OK(gs_tensor_free(&b));
    CHECK_OK(gs_tensor_free(&a));
}

static void test_shared_invalid(void) {
    char dir[512];
    if (!shared_path(dir, sizeof dir, "mm-conformance/invalid")) {
        printf("test_mmio: SKIP invalid Matrix Market files: %s is absent\n", dir);
        return;
    }
    DIR *d = opendir(dir);
    struct dirent *e;
    int refused = 0;
    while (d && (e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 4, ".mtx") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        gs_tensor *t = NULL;
        gs_status st = gs_mm_read(path, &t);
        if (st != GS_ERR_IO || t != NULL || gs_last_error()[0] == '\0') {
            CHECK_FAIL("gs_mm_read(invalid/%s) returned %d, expected GS_ERR_IO", e->d_name, (int)st);
            gs_tensor_free(&t);
        }
        refused++;
    }
    if (d) closedir(d);
    CHECK(refused >= 20);
    printf("test_mmio: refused %d invalid files\n", refused);
}

/* first_line copies the first line of the file at path into out. */
static void first_line(const char *path, char *out, int n) {
    FILE *f = fopen(path, "r");
    out[0] = 0;
    if (f) {
        if (!fgets(out, n, f)) out[0] = 0;
        fclose(f);
    }
}

/* gs_mm_write_opts: SciPy's options; the symmetric Laplacian is detected as
 * symmetric (half its entries written) and reads back equal; a given symmetry
 * that the values break is refused naming an element, leaving no file. */
static void test_write_options(void) {
    char path[256], line[256];
    gs_tensor *lap = NULL, *back = NULL, *csr = NULL;
    CHECK_OK(gs_gen_stencil2d(4, &lap));
    CHECK_OK(gs_to_layout(lap, GS_SPARSE_CSR, NULL, -1, GS_INDEX_AUTO, &csr));
    path_in_tmp(path, sizeof path, "opts.mtx");
    CHECK_OK(gs_mm_write_opts(path, csr, NULL));
    first_line(path, line, sizeof line);
    CHECK(strcmp(line, "%%MatrixMarket matrix coordinate real symmetric\n") == 0);
    CHECK_OK(gs_mm_read(path, &back));
    int32_t eq = 0;
    CHECK_OK(gs_equal(back, lap, &eq));
    CHECK(eq == 1);
    gs_tensor_free(&back);

    gs_mm_write_options o = {"written by test_mmio", "integer", 0, "general"};
    CHECK_OK(gs_mm_write_opts(path, csr, &o));
    first_line(path, line, sizeof line);
    CHECK(strcmp(line, "%%MatrixMarket matrix coordinate integer general\n") == 0);

    gs_mm_write_options skew = {NULL, NULL, 3, "skew-symmetric"};
    CHECK_ERR(gs_mm_write_opts(path, csr, &skew), GS_ERR_INVALID_ARGUMENT,
              "symmetry = skew-symmetric: the matrix is not skew-symmetric: A[");
    CHECK(access(path, F_OK) != 0);
    gs_mm_write_options bad = {NULL, "float", 0, NULL};
    CHECK_ERR(gs_mm_write_opts(path, csr, &bad), GS_ERR_INVALID_ARGUMENT, "field = \"float\" must be");
    CHECK_ERR(gs_mm_write_opts(NULL, csr, NULL), GS_ERR_INVALID_ARGUMENT, "path is NULL");
    gs_tensor_free(&csr);
    gs_tensor_free(&lap);
}

static void remove_tmpdir(void) {
    const char *names[] = {"coo.mtx", "dense.mtx", "sym.mtx", "bad.mtx", "cube.mtx", "sym.mtx.gz", "opts.mtx"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[256];
        path_in_tmp(path, sizeof path, names[i]);
        unlink(path);
    }
    rmdir(tmpdir);
}

int main(void) {
    check_start();
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    test_round_trip();
    test_symmetric_pattern();
    test_buffer_and_gzip();
    test_errors();
    test_write_options();
    test_shared_suitesparse();
    test_shared_invalid();
    remove_tmpdir();
    return check_finish("test_mmio");
}
