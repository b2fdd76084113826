/* test_cuda.c — device-resident tensors through the C ABI.
 *
 * Every build: a host -> host move is a copy and gs_tensor_device says kDLCPU.
 * Built without CUDA (make test): every move to a device refuses with
 * GS_ERR_UNSUPPORTED "built without CUDA". Built with CUDA (make cuda-check,
 * make test-cuda) on a machine without a GPU: the moves refuse with "no CUDA
 * device" and the GPU half says it is skipped. On a GPU: every operation with a
 * GPU path, per dtype, against the same call on the host (relative tolerance
 * 1e-10 for float64, 1e-4 for float32), plus the refusals and the memory limit. */
#include <math.h>

#include "check.h"

#define DL_CPU 1
#define DL_CUDA 2

/* have_gpu: whether the device halves run. Without a GPU the host halves of
 * the comparisons still run, so every build checks that the test's inputs
 * and host calls are valid (a GPU session then only meets GPU failures). */
static int have_gpu;

/* dense_f64: t's dense values as a float64 host tensor (caller frees). */
static gs_tensor *dense_f64(const gs_tensor *t) {
    gs_tensor *d = NULL, *f = NULL;
    if (gs_to_dense(t, &d) != GS_OK) return NULL;
    gs_status st = gs_to_dtype(d, GS_FLOAT64, &f);
    gs_tensor_free(&d);
    return st == GS_OK ? f : NULL;
}

/* dense_close: a and b (host tensors) have one shape and dense values within
 * tol relative (NaN matches NaN: log and sqrt of negative values). */
static int dense_close(const gs_tensor *a, const gs_tensor *b, double tol) {
    gs_tensor *x = dense_f64(a), *y = dense_f64(b);
    gs_array u, v;
    int ok = x && y && gs_tensor_component(x, GS_COMP_VALUES, &u) == GS_OK &&
             gs_tensor_component(y, GS_COMP_VALUES, &v) == GS_OK && u.ndim == v.ndim &&
             numel(&u) == numel(&v);
    for (int32_t i = 0; ok && i < u.ndim; i++) ok = u.shape[i] == v.shape[i];
    for (int64_t i = 0; ok && i < numel(&u); i++) {
        double p = ((const double *)u.data)[i], q = ((const double *)v.data)[i];
        if ((isnan(p) && isnan(q)) || p == q) continue;
        if (!(fabs(p - q) <= tol * (1 + fabs(p)))) {
            fprintf(stderr, "dense_close: element %lld: CPU %.17g, GPU %.17g\n", (long long)i, p, q);
            ok = 0;
        }
    }
    gs_tensor_free(&x);
    gs_tensor_free(&y);
    return ok;
}

/* COMPARE(label, host_call, dev_call, tol): both calls write their result
 * through out_ (host operands, then device operands); the device result must
 * live on the device and, copied back, match the host result. */
#define COMPARE(label, host_call, dev_call, tol)                                       \
    do {                                                                                \
        gs_tensor *h_ = NULL, *d_ = NULL, *b_ = NULL, **out_ = &h_;                    \
        CHECK_OK(host_call);                                                            \
        if (!have_gpu) {                                                                \
            gs_tensor_free(&h_);                                                        \
            break;                                                                      \
        }                                                                               \
        out_ = &d_;                                                                     \
        CHECK_OK(dev_call);                                                             \
        int32_t ty_ = 0, id_ = -1;                                                      \
        if (d_) {                                                                       \
            CHECK_OK(gs_tensor_device(d_, &ty_, &id_));                                 \
            CHECK(ty_ == DL_CUDA && id_ == 0);                                          \
            CHECK_OK(gs_to_device(d_, DL_CPU, 0, &b_));                                 \
        }                                                                               \
        if (!h_ || !b_ || !dense_close(h_, b_, (tol)))                                  \
            CHECK_FAIL("%s: the GPU result differs from the CPU result", (label));     \
        gs_tensor_free(&h_);                                                            \
        gs_tensor_free(&d_);                                                            \
        gs_tensor_free(&b_);                                                            \
    } while (0)

static void test_host_moves(void) {
    gs_tensor *t = NULL, *c = NULL;
    CHECK_OK(make_csr_2x2(GS_FLOAT64, &t));
    int32_t ty = 0, id = -1;
    CHECK_OK(gs_tensor_device(t, &ty, &id));
    CHECK(ty == DL_CPU && id == 0);
    CHECK_OK(gs_to_device(t, DL_CPU, 0, &c));
    int32_t eq = 0;
    CHECK_OK(gs_equal(t, c, &eq));
    CHECK(eq == 1 && c != t);
    gs_tensor_free(&c);
    CHECK_ERR(gs_to_device(t, 7, 0, &c), GS_ERR_INVALID_ARGUMENT, "device_type 7");
    CHECK_ERR(gs_to_device(t, DL_CPU, 3, &c), GS_ERR_INVALID_ARGUMENT, "device_id 3");
    CHECK_ERR(gs_to_device(t, DL_CPU, 0, NULL), GS_ERR_INVALID_ARGUMENT, "out is NULL");
    CHECK_ERR(gs_to_device(NULL, DL_CPU, 0, &c), GS_ERR_INVALID_HANDLE, "t is NULL");
    CHECK_ERR(gs_tensor_device(t, NULL, &id), GS_ERR_INVALID_ARGUMENT, "device_type is NULL");
    CHECK(c == NULL);
    gs_tensor_free(&t);
}

/* test_no_gpu: the refusals of a build without CUDA, or of a CUDA build on a
 * machine without a GPU. */
static void test_no_gpu(int built) {
    gs_tensor *t = NULL, *c = NULL;
    CHECK_OK(make_csr_2x2(GS_FLOAT64, &t));
    const char *why = built ? "no CUDA device" : "built without CUDA";
    CHECK_ERR(gs_to_device(t, DL_CUDA, 0, &c), GS_ERR_UNSUPPORTED, why);
    CHECK(c == NULL);
    gs_tensor_free(&t);
}

/* The operands: a 60 x 45 matrix with negative, positive and empty rows. */
enum { M = 60, N = 45, K = 6 };

static gs_tensor *make_operand(gs_layout layout, gs_dtype dtype, int width) {
    static double dense[M * N];
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            int h = (i * 37 + j * 11) % 17;
            dense[i * N + j] = (i % 7 == 3 || h > 4) ? 0 : (h - 2.5) * 0.75 + i * 0.01;
        }
    gs_array a = arr2(dense, GS_FLOAT64, M, N);
    gs_tensor *d = NULL, *s = NULL, *r = NULL;
    if (gs_strided_from(&a, &d) != GS_OK) return NULL;
    if (layout == GS_STRIDED) s = d, d = NULL;
    else if (gs_to_layout(d, layout, NULL, -1, width, &s) != GS_OK) s = NULL;
    gs_tensor_free(&d);
    if (s && gs_to_dtype(s, dtype, &r) != GS_OK) r = NULL;
    gs_tensor_free(&s);
    return r;
}

static gs_tensor *make_dense(gs_dtype dtype, int64_t rows, int64_t cols, double scale) {
    static double v[M * N];
    for (int64_t i = 0; i < rows * cols; i++) v[i] = scale * (double)((i * 7919) % 23 - 11);
    gs_array a = cols ? arr2(v, GS_FLOAT64, rows, cols) : arr1(v, GS_FLOAT64, rows);
    gs_tensor *d = NULL, *r = NULL;
    if (gs_strided_from(&a, &d) == GS_OK && gs_to_dtype(d, dtype, &r) != GS_OK) r = NULL;
    gs_tensor_free(&d);
    return r;
}

/* An uncoalesced COO of the same shape: entries repeated, in reverse order. */
static gs_tensor *make_coo_dups(gs_dtype dtype) {
    static int64_t idx[2 * 8] = {5, 0, 5, 59, 12, 0, 5, 30, /* rows */ 7, 44, 7, 0, 3, 44, 7, 9 /* cols */};
    static double val[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    gs_array i = arr2(idx, GS_INT64, 2, 8), v = arr1(val, GS_FLOAT64, 8);
    int64_t size[] = {M, N};
    gs_tensor *c = NULL, *r = NULL;
    if (gs_sparse_coo_from(&i, &v, 2, size, GS_FLAGS_DEFAULT, &c) == GS_OK && gs_to_dtype(c, dtype, &r) != GS_OK)
        r = NULL;
    gs_tensor_free(&c);
    return r;
}

/* on_gpu: a device copy of t (NULL without a GPU). */
static gs_tensor *on_gpu(const gs_tensor *t) {
    gs_tensor *d = NULL;
    if (have_gpu) CHECK_OK(gs_to_device(t, DL_CUDA, 0, &d));
    return d;
}

static const char *const unary_ops[] = {"neg", "abs", "sqrt", "exp", "log", "sin",
                                        "cos", "tanh", "relu", "square", "sigmoid"};
static const char *const binary_ops[] = {"add", "sub", "mul", "div", "maximum", "minimum", "pow"};

static void test_gpu_dtype(gs_dtype dt) {
    const double tol = dt == GS_FLOAT64 ? 1e-10 : 1e-4;
    gs_tensor *a = make_operand(GS_SPARSE_CSR, dt, 64), *a32 = make_operand(GS_SPARSE_CSR, dt, 32);
    gs_tensor *csc = make_operand(GS_SPARSE_CSC, dt, 64), *coo = make_coo_dups(dt);
    gs_tensor *at = NULL, *at64 = NULL, *dia = NULL, *tmp = NULL;
    /* a32's and a's transposes as CSR (the GPU sparse @ sparse takes CSR @ CSR). */
    CHECK_OK(gs_transpose(a32, 0, 1, &tmp));
    CHECK_OK(gs_to_layout(tmp, GS_SPARSE_CSR, NULL, -1, 32, &at));
    gs_tensor_free(&tmp);
    CHECK_OK(gs_transpose(a, 0, 1, &tmp));
    CHECK_OK(gs_to_layout(tmp, GS_SPARSE_CSR, NULL, -1, 64, &at64));
    gs_tensor_free(&tmp);
    CHECK_OK(gs_to_format(a, "(i, j) -> (j - i : compressed, i : range)", &dia));
    gs_tensor *x = make_dense(dt, N, 0, 0.5), *b = make_dense(dt, N, K, 0.25);
    gs_tensor *m1 = make_dense(dt, M, K, 0.5), *m2 = make_dense(dt, K, N, 0.125);
    gs_tensor *da = on_gpu(a), *da32 = on_gpu(a32), *dcsc = on_gpu(csc), *dcoo = on_gpu(coo);
    gs_tensor *dat = on_gpu(at), *dat64 = on_gpu(at64), *ddia = on_gpu(dia), *dx = on_gpu(x), *db = on_gpu(b), *dm1 = on_gpu(m1),
              *dm2 = on_gpu(m2);

    COMPARE("to_device and back", gs_clone(a, out_), gs_clone(da, out_), 0);
    COMPARE("mv csr", gs_mv(a, x, out_), gs_mv(da, dx, out_), tol);
    COMPARE("mv csc", gs_mv(csc, x, out_), gs_mv(dcsc, dx, out_), tol);
    COMPARE("mv dia", gs_mv(dia, x, out_), gs_mv(ddia, dx, out_), tol);
    COMPARE("mm csr", gs_mm(a, b, out_), gs_mm(da, db, out_), tol);
    COMPARE("matmul csr", gs_matmul(a32, b, out_), gs_matmul(da32, db, out_), tol);
    COMPARE("spgemm", gs_mm(a32, at, out_), gs_mm(da32, dat, out_), tol);
    gs_number beta = {GS_FLOAT64, 0, 0, 0.5, 0}, alpha = {GS_FLOAT64, 0, 0, -2, 0};
    COMPARE("sampled_addmm", gs_sampled_addmm(a, m1, m2, &beta, &alpha, out_),
            gs_sampled_addmm(da, dm1, dm2, &beta, &alpha, out_), tol);
    COMPARE("coalesce", gs_coalesce(coo, out_), gs_coalesce(dcoo, out_), tol);
    COMPARE("coo -> csr", gs_to_layout(coo, GS_SPARSE_CSR, NULL, -1, 0, out_),
            gs_to_layout(dcoo, GS_SPARSE_CSR, NULL, -1, 0, out_), tol);
    COMPARE("csr -> csc", gs_to_layout(a, GS_SPARSE_CSC, NULL, -1, 0, out_),
            gs_to_layout(da, GS_SPARSE_CSC, NULL, -1, 0, out_), tol);
    COMPARE("csc -> csr", gs_to_layout(csc, GS_SPARSE_CSR, NULL, -1, 0, out_),
            gs_to_layout(dcsc, GS_SPARSE_CSR, NULL, -1, 0, out_), tol);
    COMPARE("csr -> coo", gs_to_layout(a, GS_SPARSE_COO, NULL, -1, 0, out_),
            gs_to_layout(da, GS_SPARSE_COO, NULL, -1, 0, out_), tol);
    COMPARE("transpose", gs_transpose(a, 0, 1, out_), gs_transpose(da, 0, 1, out_), 0);
    COMPARE("csr int32 -> int64", gs_to_layout(a32, GS_SPARSE_CSR, NULL, -1, 64, out_),
            gs_to_layout(da32, GS_SPARSE_CSR, NULL, -1, 64, out_), 0);
    COMPARE("csr int32 -> csc int64", gs_to_layout(a32, GS_SPARSE_CSC, NULL, -1, 64, out_),
            gs_to_layout(da32, GS_SPARSE_CSC, NULL, -1, 64, out_), tol);
    if (have_gpu) { /* the widened device tensor reports 64 */
        gs_tensor *w = NULL;
        int32_t width = 0;
        CHECK_OK(gs_to_layout(da32, GS_SPARSE_CSR, NULL, -1, 64, &w));
        CHECK_OK(gs_tensor_index_width(w, &width));
        CHECK(width == 64);
        gs_tensor_free(&w);
    }
    for (size_t i = 0; i < sizeof unary_ops / sizeof *unary_ops; i++) {
        COMPARE(unary_ops[i], gs_unary(a, unary_ops[i], NULL, out_), gs_unary(da, unary_ops[i], NULL, out_), tol);
        COMPARE(unary_ops[i], gs_unary(coo, unary_ops[i], NULL, out_), gs_unary(dcoo, unary_ops[i], NULL, out_), tol);
    }
    gs_number two = {GS_FLOAT64, 0, 0, 2, 0};
    for (size_t i = 0; i < sizeof binary_ops / sizeof *binary_ops; i++) {
        COMPARE(binary_ops[i], gs_binary(a, a, binary_ops[i], NULL, out_), gs_binary(da, da, binary_ops[i], NULL, out_), tol);
        COMPARE(binary_ops[i], gs_binary(b, b, binary_ops[i], NULL, out_), gs_binary(db, db, binary_ops[i], NULL, out_), tol);
        COMPARE(binary_ops[i], gs_binary_number(a, &two, 0, binary_ops[i], NULL, out_),
                gs_binary_number(da, &two, 0, binary_ops[i], NULL, out_), tol);
        COMPARE(binary_ops[i], gs_binary_number(a, &two, 1, binary_ops[i], NULL, out_),
                gs_binary_number(da, &two, 1, binary_ops[i], NULL, out_), tol);
    }
    int32_t d0[] = {0}, d1[] = {1};
    COMPARE("sum", gs_sum(a, NULL, 0, out_), gs_sum(da, NULL, 0, out_), tol);
    COMPARE("sum coo", gs_sum(coo, NULL, 0, out_), gs_sum(dcoo, NULL, 0, out_), tol);
    COMPARE("sum dense", gs_sum(b, NULL, 0, out_), gs_sum(db, NULL, 0, out_), tol);
    COMPARE("sum dim 0", gs_sum(a, d0, 1, out_), gs_sum(da, d0, 1, out_), tol);
    COMPARE("sum dim 1", gs_sum(a, d1, 1, out_), gs_sum(da, d1, 1, out_), tol);
    COMPARE("sum csc dim 1", gs_sum(csc, d1, 1, out_), gs_sum(dcsc, d1, 1, out_), tol);

    /* No GPU path: refused by name, never copied to the host. */
    gs_tensor *r = NULL;
    if (have_gpu) {
        CHECK_ERR(gs_to_dense(da, &r), GS_ERR_UNSUPPORTED, "no GPU path");
        CHECK_ERR(gs_unary(da, "erf", NULL, &r), GS_ERR_UNSUPPORTED, "no GPU path");
        CHECK_ERR(gs_mv(da, x, &r), GS_ERR_INVALID_ARGUMENT, "one device");
        CHECK_ERR(gs_binary(da, dcsc, "add", NULL, &r), GS_ERR_UNSUPPORTED, "one layout");
        CHECK_ERR(gs_mm(da, dat64, &r), GS_ERR_UNSUPPORTED, "32-bit indices");
        CHECK_ERR(gs_mm(da32, dcsc, &r), GS_ERR_UNSUPPORTED, "no GPU path");
    }
    CHECK(r == NULL);

    gs_tensor *all[] = {a,  a32,  csc,  coo,   at,    at64, dia, x,  b,   m1,  m2,
                        da, da32, dcsc, dcoo, dat, dat64, ddia, dx, db, dm1, dm2};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) gs_tensor_free(&all[i]);
}

/* Device memory counts against the memory limit. */
static void test_gpu_limit(void) {
    gs_tensor *a = make_operand(GS_SPARSE_CSR, GS_FLOAT64, 64), *d = NULL;
    int64_t old = 0;
    CHECK_OK(gs_get_memory_limit(&old));
    CHECK_OK(gs_set_memory_limit(64));
    CHECK_ERR(gs_to_device(a, DL_CUDA, 0, &d), GS_ERR_TOO_LARGE, "memory limit");
    CHECK(d == NULL);
    CHECK_OK(gs_set_memory_limit(old));
    gs_tensor_free(&a);
}

int main(void) {
    check_start();
    test_host_moves();
    int32_t ndev = -1;
    gs_status st = gs_cuda_device_count(&ndev);
    CHECK(ndev == 0 || st == GS_OK);
    have_gpu = st == GS_OK && ndev > 0;
    if (st == GS_ERR_UNSUPPORTED) {
        test_no_gpu(0);
    } else if (!have_gpu) {
        test_no_gpu(1);
        printf("test_cuda: built with CUDA, no GPU present: the device halves are skipped\n");
    }
    test_gpu_dtype(GS_FLOAT64);
    test_gpu_dtype(GS_FLOAT32);
    if (have_gpu) test_gpu_limit();
    return check_finish("test_cuda");
}
