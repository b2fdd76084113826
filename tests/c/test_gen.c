/* test_gen.c — the generators: sizes, structure, determinism and bad arguments. */
#include "check.h"

static void shape_nnz(const gs_tensor *t, int64_t rows, int64_t cols, int64_t nnz) {
    int64_t shape[2] = {-1, -1}, n = -1;
    gs_layout l = -1;
    gs_dtype d = -1;
    int32_t co = -1;
    CHECK_OK(gs_tensor_shape(t, shape, 2));
    CHECK_OK(gs_tensor_nnz(t, &n));
    CHECK_OK(gs_tensor_layout(t, &l));
    CHECK_OK(gs_tensor_dtype(t, &d));
    CHECK_OK(gs_tensor_is_coalesced(t, &co));
    if (shape[0] != rows || shape[1] != cols || (nnz >= 0 && n != nnz))
        CHECK_FAIL("got %lld x %lld with nnz %lld, expected %lld x %lld with nnz %lld", (long long)shape[0],
                   (long long)shape[1], (long long)n, (long long)rows, (long long)cols, (long long)nnz);
    CHECK(l == GS_SPARSE_COO && d == GS_FLOAT64 && co == 1);
}

/* Two calls with one seed give equal tensors, another seed a different one. */
static void deterministic(gs_status (*make)(uint64_t, gs_tensor **)) {
    gs_tensor *a = NULL, *b = NULL, *c = NULL;
    int32_t eq = -1;
    CHECK_OK(make(7, &a));
    CHECK_OK(make(7, &b));
    CHECK_OK(make(8, &c));
    CHECK_OK(gs_equal(a, b, &eq));
    CHECK(eq == 1);
    CHECK_OK(gs_equal(a, c, &eq));
    CHECK(eq == 0);
    gs_tensor_free(&a);
    gs_tensor_free(&b);
    gs_tensor_free(&c);
}

static gs_status banded(uint64_t s, gs_tensor **o) { return gs_gen_banded(50, 2, 3, s, o); }
static gs_status blockdiag(uint64_t s, gs_tensor **o) { return gs_gen_block_diagonal(5, 4, s, o); }
static gs_status rmat(uint64_t s, gs_tensor **o) { return gs_gen_rmat(8, 4, s, o); }
static gs_status uniform(uint64_t s, gs_tensor **o) { return gs_gen_uniform(40, 70, 300, s, o); }

static void test_generators(void) {
    gs_tensor *t = NULL;
    CHECK_OK(gs_gen_stencil2d(5, &t));
    shape_nnz(t, 25, 25, 5 * 25 - 4 * 5);
    gs_tensor_free(&t);
    CHECK_OK(gs_gen_stencil3d(3, &t));
    shape_nnz(t, 27, 27, 7 * 27 - 6 * 9);
    gs_tensor_free(&t);
    CHECK_OK(gs_gen_banded(50, 2, 3, 1, &t));
    shape_nnz(t, 50, 50, 50 * 6 - 3 - 6); /* the band, clipped at the corners */
    gs_tensor_free(&t);
    CHECK_OK(gs_gen_block_diagonal(5, 4, 1, &t));
    shape_nnz(t, 20, 20, 5 * 16);
    gs_tensor_free(&t);
    CHECK_OK(gs_gen_rmat(8, 4, 1, &t));
    shape_nnz(t, 256, 256, -1); /* duplicates merged: at most 1024 */
    int64_t n = 0;
    CHECK_OK(gs_tensor_nnz(t, &n));
    CHECK(n > 0 && n <= 1024);
    gs_tensor_free(&t);
    CHECK_OK(gs_gen_uniform(40, 70, 300, 1, &t));
    shape_nnz(t, 40, 70, 300);
    gs_tensor_free(&t);
    CHECK_OK(gs_gen_stencil2d(0, &t)); /* an empty grid is a 0 x 0 matrix */
    shape_nnz(t, 0, 0, 0);
    gs_tensor_free(&t);

    deterministic(banded);
    deterministic(blockdiag);
    deterministic(rmat);
    deterministic(uniform);
}

static void test_generator_errors(void) {
    gs_tensor *t = NULL;
    CHECK_ERR(gs_gen_stencil2d(-1, &t), GS_ERR_INVALID_ARGUMENT, "gs_gen_stencil2d: ");
    CHECK_ERR(gs_gen_stencil3d(-2, &t), GS_ERR_INVALID_ARGUMENT, "n = -2");
    CHECK_ERR(gs_gen_banded(10, -1, 0, 0, &t), GS_ERR_INVALID_ARGUMENT, "lower = -1");
    CHECK_ERR(gs_gen_block_diagonal(-3, 2, 0, &t), GS_ERR_INVALID_ARGUMENT, "nblocks = -3");
    CHECK_ERR(gs_gen_rmat(-1, 4, 0, &t), GS_ERR_INVALID_ARGUMENT, "scale = -1");
    CHECK_ERR(gs_gen_uniform(3, 3, 10, 0, &t), GS_ERR_INVALID_ARGUMENT, "nnz = 10");
    /* Results beyond the limits fail before allocating. */
    CHECK_ERR(gs_gen_stencil2d(INT64_C(1) << 40, &t), GS_ERR_TOO_LARGE, "");
    CHECK_ERR(gs_gen_rmat(62, 1 << 20, 0, &t), GS_ERR_TOO_LARGE, "");
    CHECK_ERR(gs_gen_uniform(INT64_C(1) << 40, INT64_C(1) << 40, INT64_C(1) << 40, 0, &t), GS_ERR_TOO_LARGE, "");
    CHECK(t == NULL);
    CHECK_ERR(gs_gen_stencil2d(3, NULL), GS_ERR_INVALID_ARGUMENT, "gs_gen_stencil2d: out is NULL");
    CHECK_ERR(gs_gen_stencil3d(3, NULL), GS_ERR_INVALID_ARGUMENT, "gs_gen_stencil3d: out is NULL");
    CHECK_ERR(gs_gen_banded(3, 1, 1, 0, NULL), GS_ERR_INVALID_ARGUMENT, "gs_gen_banded: out is NULL");
    CHECK_ERR(gs_gen_block_diagonal(3, 1, 0, NULL), GS_ERR_INVALID_ARGUMENT, "gs_gen_block_diagonal: out is NULL");
    CHECK_ERR(gs_gen_rmat(3, 1, 0, NULL), GS_ERR_INVALID_ARGUMENT, "gs_gen_rmat: out is NULL");
    CHECK_ERR(gs_gen_uniform(3, 3, 1, 0, NULL), GS_ERR_INVALID_ARGUMENT, "gs_gen_uniform: out is NULL");
}

int main(void) {
    check_start();
    test_generators();
    test_generator_errors();
    return check_finish("test_gen");
}
