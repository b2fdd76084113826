/* test_untouched_on_error.c — every operation that writes into an existing
 * tensor (gs_mv_out, gs_mm_out: the ABI's out= forms; nothing else mutates a
 * tensor) is made to fail every way it can, and the out tensor and the
 * operands must be bit for bit what they were. The operands wrap C buffers,
 * so the test reads the very memory the library was lent. Errors found only
 * during the product (a GS_NO_CHECK matrix whose last row holds a column past
 * the end) are the ones a half-written out would show. */
#include <math.h>

#include "check.h"

/* The pattern out starts with: NaNs with distinct payloads and odd values, so
 * that any write, even of the same number, shows. */
static void fill_pattern(double *buf, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        uint64_t bits = 0x7ff8000000000000ULL | (0xdead0000ULL + (uint64_t)i);
        memcpy(&buf[i], &bits, sizeof bits);
    }
}

/* A lent buffer and its copy from before the call. */
typedef struct {
    const char *name;
    void *data;
    size_t bytes;
    unsigned char copy[1024];
} watched;

static watched watch[16];
static int nwatch;

static void watch_add(const char *name, void *data, size_t bytes) {
    watch[nwatch].name = name;
    watch[nwatch].data = data;
    watch[nwatch].bytes = bytes;
    memcpy(watch[nwatch].copy, data, bytes);
    nwatch++;
}

/* Every watched buffer is as it was. */
static void check_untouched(const char *call) {
    for (int i = 0; i < nwatch; i++)
        if (memcmp(watch[i].copy, watch[i].data, watch[i].bytes) != 0)
            CHECK_FAIL("%s: %s changed although the call failed", call, watch[i].name);
}

/* call must fail (any error, with a message) and leave every watched buffer alone. */
#define CHECK_FAILS_UNTOUCHED(call)                                              \
    do {                                                                         \
        int64_t live_ = gs_live_handles();                                       \
        gs_status st_ = (call);                                                  \
        if (st_ == GS_OK) CHECK_FAIL("%s succeeded, expected an error", #call);  \
        else if (gs_last_error()[0] == '\0') CHECK_FAIL("%s: no message", #call); \
        if (gs_live_handles() != live_) CHECK_FAIL("%s: live handles changed", #call); \
        check_untouched(#call);                                                  \
    } while (0)

/* The 4 x 3 matrix [[1,0,2],[0,3,0],[4,0,5],[0,6,0]] in CSR, int64 indices. */
static int64_t crow[] = {0, 2, 3, 5, 6}, col[] = {0, 2, 1, 0, 2, 1};
static double val[] = {1, 2, 3, 4, 5, 6};
/* The same with the last row's column past the end (3 of 3 columns), for GS_NO_CHECK. */
static int64_t bad_col[] = {0, 2, 1, 0, 2, 3};
/* COO of the matrix, and with the last entry's column past the end. */
static int64_t coo_idx[] = {0, 0, 1, 2, 2, 3, /* rows */ 0, 2, 1, 0, 2, 1 /* cols */};
static int64_t coo_bad[] = {0, 0, 1, 2, 2, 3, 0, 2, 1, 0, 2, 7};

static double vec3[3] = {1, 2, 3}, vec4[4] = {1, 1, 1, 1}, mat3x2[6] = {1, 2, 3, 4, 5, 6};
static double sq[4] = {1, 2, 3, 4}, vec2[2] = {5, 6}; /* square operands, for outs over their memory */
static float vec3f[3] = {1, 2, 3};
static double out4[4], out4x2[8], out3[3];

static gs_tensor *wrap_csr(const int64_t *cols, int32_t flags) {
    gs_array c = arr1(crow, GS_INT64, 5), p = arr1((void *)cols, GS_INT64, 6), v = arr1(val, GS_FLOAT64, 6);
    int64_t size[] = {4, 3};
    gs_tensor *t = NULL;
    CHECK_OK(gs_sparse_compressed_wrap(GS_SPARSE_CSR, &c, &p, &v, 2, size, flags, NULL, NULL, &t));
    return t;
}

static gs_tensor *wrap_coo(int64_t *idx, int32_t flags) {
    gs_array i = arr2(idx, GS_INT64, 2, 6), v = arr1(val, GS_FLOAT64, 6);
    int64_t size[] = {4, 3};
    gs_tensor *t = NULL;
    CHECK_OK(gs_sparse_coo_wrap(&i, &v, 2, size, flags, NULL, NULL, &t));
    return t;
}

static gs_tensor *wrap_dense(void *data, gs_dtype dtype, int32_t ndim, int64_t rows, int64_t cols) {
    gs_array a = ndim == 1 ? arr1(data, dtype, rows) : arr2(data, dtype, rows, cols);
    gs_tensor *t = NULL;
    CHECK_OK(gs_strided_wrap(&a, NULL, NULL, &t));
    return t;
}

static void watch_operands(void) {
    nwatch = 0;
    watch_add("crow_indices", crow, sizeof crow);
    watch_add("col_indices", col, sizeof col);
    watch_add("bad col_indices", bad_col, sizeof bad_col);
    watch_add("values", val, sizeof val);
    watch_add("COO indices", coo_idx, sizeof coo_idx);
    watch_add("vector", vec3, sizeof vec3);
    watch_add("float32 vector", vec3f, sizeof vec3f);
    watch_add("out (1-D)", out4, sizeof out4);
    watch_add("out (2-D)", out4x2, sizeof out4x2);
}

static void test_mv_out(void) {
    gs_tensor *csr = wrap_csr(col, GS_FLAGS_DEFAULT), *coo = wrap_coo(coo_idx, GS_FLAGS_DEFAULT);
    gs_tensor *x = wrap_dense(vec3, GS_FLOAT64, 1, 3, 0), *xf = wrap_dense(vec3f, GS_FLOAT32, 1, 3, 0);
    gs_tensor *x4 = wrap_dense(vec4, GS_FLOAT64, 1, 4, 0);
    fill_pattern(out4, 4);
    fill_pattern(out3, 3);
    gs_tensor *y = wrap_dense(out4, GS_FLOAT64, 1, 4, 0), *y3 = wrap_dense(out3, GS_FLOAT64, 1, 3, 0);
    gs_tensor *y2d = wrap_dense(out4x2, GS_FLOAT64, 2, 4, 2);
    gs_tensor *alias = wrap_dense(vec3, GS_FLOAT64, 1, 3, 0); /* out over the vector's own memory */
    gs_tensor *sparse_out = NULL, *dead = NULL, *copy = NULL;
    CHECK_OK(gs_to_layout(y, GS_SPARSE_COO, NULL, -1, GS_INDEX_AUTO, &sparse_out));
    CHECK_OK(gs_clone(y, &copy));
    dead = copy;
    CHECK_OK(gs_tensor_free(&copy));
    watch_operands();
    watch_add("out (3)", out3, sizeof out3);

    gs_tensor *mats[] = {csr, coo};
    for (int m = 0; m < 2; m++) {
        gs_tensor *a = mats[m];
        CHECK_FAILS_UNTOUCHED(gs_mv_out(a, x, NULL));
        CHECK_FAILS_UNTOUCHED(gs_mv_out(a, x, dead));
        CHECK_FAILS_UNTOUCHED(gs_mv_out(a, x, y3));          /* wrong length */
        CHECK_FAILS_UNTOUCHED(gs_mv_out(a, x, y2d));         /* wrong ndim */
        CHECK_FAILS_UNTOUCHED(gs_mv_out(a, x, sparse_out));  /* not strided */
        CHECK_FAILS_UNTOUCHED(gs_mv_out(a, x4, y));          /* vector of the wrong length */
        CHECK_FAILS_UNTOUCHED(gs_mv_out(a, x, xf));          /* float32 out, float64 result (products promote; out= does not) */
        CHECK_FAILS_UNTOUCHED(gs_mv_out(a, x, x));           /* out is the vector */
        CHECK_FAILS_UNTOUCHED(gs_mv_out(a, x, alias));       /* out shares the vector's memory */
        CHECK_FAILS_UNTOUCHED(gs_mv_out(a, x, a));           /* out is the matrix */
        CHECK_FAILS_UNTOUCHED(gs_mv_out(NULL, x, y));
        CHECK_FAILS_UNTOUCHED(gs_mv_out(a, NULL, y));
        /* Past the memory limit (the slow paths allocate): refused, out untouched. */
        int64_t limit = 0;
        CHECK_OK(gs_get_memory_limit(&limit));
        CHECK_OK(gs_set_memory_limit(1));
        gs_status st = gs_mv_out(a, x, y);
        CHECK_OK(gs_set_memory_limit(limit));
        if (st != GS_OK) {
            check_untouched("gs_mv_out under a 1-byte memory limit");
        } else { /* written, as it may be: start again from the pattern */
            fill_pattern(out4, 4);
            watch_operands();
            watch_add("out (3)", out3, sizeof out3);
        }
    }
    /* Shapes that fit, out over an operand's memory: dense and sparse matrices. */
    gs_tensor *s2 = wrap_dense(sq, GS_FLOAT64, 2, 2, 2), *v2 = wrap_dense(vec2, GS_FLOAT64, 1, 2, 0), *s2csr = NULL;
    gs_tensor *over_v2 = wrap_dense(vec2, GS_FLOAT64, 1, 2, 0), *over_s2 = wrap_dense(sq, GS_FLOAT64, 1, 2, 0);
    CHECK_OK(gs_to_layout(s2, GS_SPARSE_CSR, NULL, -1, GS_INDEX_AUTO, &s2csr));
    watch_add("square matrix", sq, sizeof sq);
    watch_add("2-vector", vec2, sizeof vec2);
    CHECK_FAILS_UNTOUCHED(gs_mv_out(s2, v2, over_v2));
    CHECK_FAILS_UNTOUCHED(gs_mv_out(s2csr, v2, over_v2));
    CHECK_FAILS_UNTOUCHED(gs_mv_out(s2, v2, over_s2));
    /* Invalid data given with GS_NO_CHECK, found in the last row during the product. */
    gs_tensor *bad_csr = wrap_csr(bad_col, GS_NO_CHECK), *bad_coo = wrap_coo(coo_bad, GS_NO_CHECK);
    watch_add("bad COO indices", coo_bad, sizeof coo_bad);
    CHECK_FAILS_UNTOUCHED(gs_mv_out(bad_csr, x, y));
    CHECK_FAILS_UNTOUCHED(gs_mv_out(bad_coo, x, y));
    CHECK_ERR(gs_mv_out(bad_csr, x, y), GS_ERR_INVALID_ARGUMENT, "built with GS_NO_CHECK");
    CHECK_ERR(gs_mv_out(bad_coo, x, y), GS_ERR_INVALID_ARGUMENT, "built with GS_NO_CHECK");

    /* The operands and out still work: a good call writes the product. */
    CHECK_OK(gs_mv_out(csr, x, y));
    CHECK(out4[0] == 7 && out4[1] == 6 && out4[2] == 19 && out4[3] == 12);
    gs_tensor *all[] = {csr, coo, x, xf, x4, y, y3, y2d, alias, sparse_out, bad_csr, bad_coo, s2, v2, s2csr, over_v2, over_s2};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) CHECK_OK(gs_tensor_free(&all[i]));
}

static void test_mm_out(void) {
    gs_tensor *csr = wrap_csr(col, GS_FLAGS_DEFAULT), *coo = wrap_coo(coo_idx, GS_FLAGS_DEFAULT);
    gs_tensor *b = wrap_dense(mat3x2, GS_FLOAT64, 2, 3, 2), *x = wrap_dense(vec3, GS_FLOAT64, 1, 3, 0);
    fill_pattern(out4x2, 8);
    fill_pattern(out4, 4);
    gs_tensor *c = wrap_dense(out4x2, GS_FLOAT64, 2, 4, 2), *c1 = wrap_dense(out4, GS_FLOAT64, 1, 4, 0);
    gs_tensor *c32 = NULL, *bt = NULL, *bcsr = NULL;
    gs_tensor *s2 = wrap_dense(sq, GS_FLOAT64, 2, 2, 2), *over_s2 = wrap_dense(sq, GS_FLOAT64, 2, 2, 2), *s2csr = NULL;
    CHECK_OK(gs_to_dtype(c, GS_FLOAT32, &c32));
    CHECK_OK(gs_t(b, &bt));
    CHECK_OK(gs_to_layout(b, GS_SPARSE_CSR, NULL, -1, GS_INDEX_AUTO, &bcsr));
    CHECK_OK(gs_to_layout(s2, GS_SPARSE_CSR, NULL, -1, GS_INDEX_AUTO, &s2csr));
    watch_operands();
    watch_add("dense operand", mat3x2, sizeof mat3x2);
    watch_add("square matrix", sq, sizeof sq);
    CHECK_FAILS_UNTOUCHED(gs_mm_out(s2, s2, over_s2));    /* out over both operands' memory */
    CHECK_FAILS_UNTOUCHED(gs_mm_out(s2csr, s2, over_s2)); /* out over the dense operand's */

    gs_tensor *mats[] = {csr, coo};
    for (int m = 0; m < 2; m++) {
        gs_tensor *a = mats[m];
        CHECK_FAILS_UNTOUCHED(gs_mm_out(a, b, NULL));
        CHECK_FAILS_UNTOUCHED(gs_mm_out(a, b, c1));     /* wrong shape */
        CHECK_FAILS_UNTOUCHED(gs_mm_out(a, b, c32));    /* wrong dtype */
        CHECK_FAILS_UNTOUCHED(gs_mm_out(a, bt, c));     /* inner sizes differ */
        CHECK_FAILS_UNTOUCHED(gs_mm_out(a, x, c));      /* a vector operand */
        CHECK_FAILS_UNTOUCHED(gs_mm_out(a, bcsr, c));   /* sparse @ sparse: a sparse result */
        CHECK_FAILS_UNTOUCHED(gs_mm_out(a, b, b));      /* out is an operand */
        int64_t limit = 0;
        CHECK_OK(gs_get_memory_limit(&limit));
        CHECK_OK(gs_set_memory_limit(1));
        gs_status st = gs_mm_out(a, b, c);
        CHECK_OK(gs_set_memory_limit(limit));
        if (st != GS_OK) {
            check_untouched("gs_mm_out under a 1-byte memory limit");
        } else { /* written, as it may be: start again from the pattern */
            fill_pattern(out4x2, 8);
            watch_operands();
            watch_add("dense operand", mat3x2, sizeof mat3x2);
            watch_add("square matrix", sq, sizeof sq);
        }
    }
    gs_tensor *bad_csr = wrap_csr(bad_col, GS_NO_CHECK), *bad_coo = wrap_coo(coo_bad, GS_NO_CHECK);
    watch_add("bad COO indices", coo_bad, sizeof coo_bad);
    CHECK_FAILS_UNTOUCHED(gs_mm_out(bad_csr, b, c));
    CHECK_FAILS_UNTOUCHED(gs_mm_out(bad_coo, b, c));
    CHECK_ERR(gs_mm_out(bad_csr, b, c), GS_ERR_INVALID_ARGUMENT, "built with GS_NO_CHECK");
    CHECK_ERR(gs_mm_out(bad_coo, b, c), GS_ERR_INVALID_ARGUMENT, "built with GS_NO_CHECK");

    CHECK_OK(gs_mm_out(csr, b, c));
    double want[8] = {11, 14, 9, 12, 29, 38, 18, 24};
    CHECK(memcmp(out4x2, want, sizeof want) == 0);
    gs_tensor *all[] = {csr, coo, b, x, c, c1, c32, bt, bcsr, s2, over_s2, s2csr, bad_csr, bad_coo};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) CHECK_OK(gs_tensor_free(&all[i]));
}

/* The operations that make a new tensor leave their (lent) inputs alone when they fail too. */
static void test_inputs_of_refused_ops(void) {
    gs_tensor *csr = wrap_csr(col, GS_FLAGS_DEFAULT), *coo = wrap_coo(coo_idx, GS_FLAGS_DEFAULT);
    gs_tensor *x = wrap_dense(vec3, GS_FLOAT64, 1, 3, 0), *x2 = wrap_dense(vec3, GS_FLOAT64, 1, 2, 0), *out = NULL;
    watch_operands();
    int32_t dims[] = {0, 0};
    int64_t shape[] = {5, 5};
    gs_array bad_index = arr1(vec3, GS_FLOAT64, 3);
    CHECK_FAILS_UNTOUCHED(gs_binary(csr, x2, "add", NULL, &out)); /* (4, 3) and (2): no broadcast */
    CHECK_FAILS_UNTOUCHED(gs_binary(csr, coo, "no_such_op", NULL, &out));
    CHECK_FAILS_UNTOUCHED(gs_permute(coo, dims, 2, &out));
    CHECK_FAILS_UNTOUCHED(gs_reshape(csr, shape, 2, &out));
    CHECK_FAILS_UNTOUCHED(gs_index_select(coo, 0, &bad_index, &out));
    CHECK_FAILS_UNTOUCHED(gs_narrow_copy(csr, 1, 2, 5, &out));
    CHECK_FAILS_UNTOUCHED(gs_mm(csr, x, &out));
    CHECK_FAILS_UNTOUCHED(gs_with_fill_value(coo, vec3, 4, &out));
    CHECK(out == NULL);
    gs_tensor *all[] = {csr, coo, x, x2};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) CHECK_OK(gs_tensor_free(&all[i]));
}

int main(void) {
    check_start();
    test_mv_out();
    test_mm_out();
    test_inputs_of_refused_ops();
    return check_finish("test_untouched_on_error");
}
