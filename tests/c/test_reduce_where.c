/* test_reduce_where.c — gs_reduce and gs_where: every reduction on COO, CSR,
 * CSC and strided inputs against hand-computed values (with fill 0 and with
 * fill -1, where the unspecified elements count as -1), the result dtypes and
 * layouts, where() with a sparse bool mask and tensor or number operands, and
 * every argument check. check_finish() checks that nothing leaks. */
#include "test_ops_util.h"

/* The expected reductions of one op over the 3x4 matrix of ref_3x4() with
 * its zeros read as the fill: over every dim, over dim 0 and over dim 1. */
typedef struct {
    const char *op;
    gs_dtype dtype; /* of the result, from a float64 input */
    double all, dim0[4], dim1[3];
} want_t;

/* fill 0:  [[0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 4, 0]] */
static const want_t want_fill0[] = {
    {"sum", GS_FLOAT64, 10, {3, 1, 4, 2}, {3, 0, 7}},
    {"mean", GS_FLOAT64, 10.0 / 12, {1, 1.0 / 3, 4.0 / 3, 2.0 / 3}, {0.75, 0, 1.75}},
    {"prod", GS_FLOAT64, 0, {0, 0, 0, 0}, {0, 0, 0}},
    {"amax", GS_FLOAT64, 4, {3, 1, 4, 2}, {2, 0, 4}},
    {"amin", GS_FLOAT64, 0, {0, 0, 0, 0}, {0, 0, 0}},
    {"any", GS_BOOL, 1, {1, 1, 1, 1}, {1, 0, 1}},
    {"count_nonzero", GS_INT64, 4, {1, 1, 1, 1}, {2, 0, 2}},
};

/* fill -1: [[-1, 1, -1, 2], [-1, -1, -1, -1], [3, -1, 4, -1]] */
static const want_t want_fill_m1[] = {
    {"sum", GS_FLOAT64, 2, {1, -1, 2, 0}, {1, -4, 5}},
    {"mean", GS_FLOAT64, 2.0 / 12, {1.0 / 3, -1.0 / 3, 2.0 / 3, 0}, {0.25, -1, 1.25}},
    {"prod", GS_FLOAT64, 24, {3, 1, 4, 2}, {2, 1, 12}},
    {"amax", GS_FLOAT64, 4, {3, 1, 4, 2}, {2, -1, 4}},
    {"amin", GS_FLOAT64, -1, {-1, -1, -1, -1}, {-1, -1, -1}},
    {"any", GS_BOOL, 1, {1, 1, 1, 1}, {1, 1, 1}},
    {"count_nonzero", GS_INT64, 12, {3, 3, 3, 3}, {4, 4, 4}},
};

#define NOPS (sizeof want_fill0 / sizeof *want_fill0)

static gs_dtype dtype_of(const gs_tensor *t) {
    gs_dtype d = -1;
    gs_tensor_dtype(t, &d);
    return d;
}

static int32_t ndim_of(const gs_tensor *t) {
    int32_t n = -1;
    gs_tensor_ndim(t, &n);
    return n;
}

/* 1 when to_dense(t) (as float64) is within 1e-12 of want[0..n). */
static int close_to(const gs_tensor *t, const double *want, int64_t n) {
    gs_tensor *d = NULL, *f = NULL;
    gs_array a;
    int ok = gs_to_dense(t, &d) == GS_OK && gs_to_dtype(d, GS_FLOAT64, &f) == GS_OK &&
             gs_tensor_component(f, GS_COMP_VALUES, &a) == GS_OK && numel(&a) == n;
    for (int64_t i = 0; ok && i < n; i++) {
        double g = ((const double *)a.data)[i], w = want[i];
        if (g - w > 1e-12 * (1 + (w < 0 ? -w : w)) || w - g > 1e-12 * (1 + (w < 0 ? -w : w))) {
            fprintf(stderr, "close_to: element %lld is %.17g, expected %.17g\n", (long long)i, g, w);
            ok = 0;
        }
    }
    gs_tensor_free(&f);
    gs_tensor_free(&d);
    return ok;
}

/* The 3x4 matrix in layout l with fill: sparse layouts store the non-zeros of
 * ref_3x4() and read the rest as fill; strided holds the filled dense matrix. */
static gs_tensor *matrix_with_fill(gs_layout l, double fill) {
    ref_t a = ref_3x4();
    if (l == GS_STRIDED) {
        for (int k = 0; k < 12; k++)
            if (a.v[k] == 0) a.v[k] = fill;
        return ref_tensor(&a);
    }
    gs_tensor *s = ref_in_layout(&a, l, -1), *t = NULL;
    CHECK_OK(gs_with_fill_value(s, &fill, sizeof fill, &t));
    gs_tensor_free(&s);
    return t;
}

static void check_op(const gs_tensor *t, const want_t *w, int sparse) {
    gs_tensor *r = NULL;
    /* every dim: a 0-d strided tensor */
    CHECK_OK(gs_reduce(t, w->op, NULL, 0, &r));
    if (!close_to(r, &w->all, 1)) CHECK_FAIL("%s over every dim of layout %d", w->op, (int)layout_of(t));
    CHECK(ndim_of(r) == 0 && layout_of(r) == GS_STRIDED && dtype_of(r) == w->dtype);
    gs_tensor_free(&r);
    int32_t both[] = {1, -2}, d0[] = {0}, d1[] = {-1};
    CHECK_OK(gs_reduce(t, w->op, both, 2, &r));
    if (!close_to(r, &w->all, 1)) CHECK_FAIL("%s over dims {1, -2}", w->op);
    CHECK(ndim_of(r) == 0 && layout_of(r) == GS_STRIDED);
    gs_tensor_free(&r);
    /* one dim: a coalesced COO over the kept sparse dim for sparse inputs */
    CHECK_OK(gs_reduce(t, w->op, d0, 1, &r));
    if (!close_to(r, w->dim0, 4)) CHECK_FAIL("%s over dim 0 of layout %d", w->op, (int)layout_of(t));
    CHECK(ndim_of(r) == 1 && dtype_of(r) == w->dtype);
    if (sparse) {
        int32_t co = 0;
        CHECK(layout_of(r) == GS_SPARSE_COO);
        CHECK_OK(gs_tensor_is_coalesced(r, &co));
        CHECK(co == 1);
    }
    gs_tensor_free(&r);
    CHECK_OK(gs_reduce(t, w->op, d1, 1, &r));
    if (!close_to(r, w->dim1, 3)) CHECK_FAIL("%s over dim -1 of layout %d", w->op, (int)layout_of(t));
    CHECK(ndim_of(r) == 1 && dtype_of(r) == w->dtype);
    gs_tensor_free(&r);
}

static void test_reductions_against_hand_values(void) {
    const double fills[] = {0, -1};
    const want_t *tables[] = {want_fill0, want_fill_m1};
    for (int f = 0; f < 2; f++) {
        for (int i = 0; i < OPS_NLAYOUTS; i++) {
            gs_tensor *t = matrix_with_fill(ops_layout(i), fills[f]);
            for (size_t o = 0; o < NOPS; o++) check_op(t, &tables[f][o], ops_layout(i) != GS_STRIDED);
            gs_tensor_free(&t);
        }
    }
    /* gs_reduce "sum" is gs_sum. */
    gs_tensor *t = matrix_with_fill(GS_SPARSE_CSR, -1), *a = NULL, *b = NULL;
    int32_t d0[] = {0}, eq = 0;
    CHECK_OK(gs_reduce(t, "sum", d0, 1, &a));
    CHECK_OK(gs_sum(t, d0, 1, &b));
    CHECK_OK(gs_equal(a, b, &eq));
    CHECK(eq == 1);
    gs_tensor_free(&b);
    gs_tensor_free(&a);
    gs_tensor_free(&t);
}

static void test_reduction_dtypes(void) {
    gs_tensor *c = NULL, *i32 = NULL, *r = NULL;
    CHECK_OK(make_coo_3x4(&c));
    CHECK_OK(gs_to_dtype(c, GS_INT32, &i32));
    /* Integer sums and products give int64, as torch's; amax keeps the dtype. */
    int64_t got = 0;
    CHECK_OK(gs_reduce(i32, "sum", NULL, 0, &r));
    CHECK(dtype_of(r) == GS_INT64);
    gs_array v;
    CHECK_OK(gs_tensor_component(r, GS_COMP_VALUES, &v));
    got = *(const int64_t *)v.data;
    CHECK(got == 10);
    gs_tensor_free(&r);
    CHECK_OK(gs_reduce(i32, "prod", NULL, 0, &r));
    CHECK(dtype_of(r) == GS_INT64);
    gs_tensor_free(&r);
    CHECK_OK(gs_reduce(i32, "amax", NULL, 0, &r));
    CHECK(dtype_of(r) == GS_INT32);
    CHECK_OK(gs_tensor_component(r, GS_COMP_VALUES, &v));
    CHECK(*(const int32_t *)v.data == 4);
    gs_tensor_free(&r);
    /* mean needs a floating or complex dtype; amax/amin a real one. */
    CHECK_ERR(gs_reduce(i32, "mean", NULL, 0, &r), GS_ERR_DTYPE, "gs_reduce: mean(): could not infer output dtype");
    gs_tensor *z = NULL;
    CHECK_OK(gs_to_dtype(c, GS_COMPLEX128, &z));
    CHECK_ERR(gs_reduce(z, "amin", NULL, 0, &r), GS_ERR_DTYPE, "gs_reduce: amin: is not supported for complex dtypes");
    CHECK(r == NULL);
    gs_tensor_free(&z);
    gs_tensor_free(&i32);
    gs_tensor_free(&c);
}

static void test_reduce_errors(void) {
    gs_tensor *t = NULL, *r = NULL, *dead = NULL;
    CHECK_OK(make_coo_3x4(&t));
    CHECK_OK(make_coo_3x4(&dead));
    gs_tensor *stale = dead;
    gs_tensor_free(&dead);
    int32_t dup[] = {0, -2}, far[] = {2}, ok[] = {0};
    CHECK_ERR(gs_reduce(t, "median", NULL, 0, &r), GS_ERR_INVALID_ARGUMENT,
              "gs_reduce: op = \"median\" is not a reduction (expected one of [sum mean prod amax amin any count_nonzero norm])");
    CHECK_ERR(gs_reduce(t, NULL, NULL, 0, &r), GS_ERR_INVALID_ARGUMENT, "gs_reduce: op is NULL");
    CHECK_ERR(gs_reduce(t, "sum", ok, 1, NULL), GS_ERR_INVALID_ARGUMENT, "gs_reduce: out is NULL");
    CHECK_ERR(gs_reduce(NULL, "sum", ok, 1, &r), GS_ERR_INVALID_HANDLE, "gs_reduce: t is NULL");
    CHECK_ERR(gs_reduce(stale, "sum", ok, 1, &r), GS_ERR_INVALID_HANDLE, "gs_reduce: t is not a live gs_tensor");
    CHECK_ERR(gs_reduce(t, "amax", dup, 2, &r), GS_ERR_INVALID_ARGUMENT, "gs_reduce: amax: dim 0 appears multiple times");
    CHECK_ERR(gs_reduce(t, "prod", far, 1, &r), GS_ERR_INDEX, "gs_reduce: prod: dim");
    CHECK_ERR(gs_reduce(t, "sum", NULL, 1, &r), GS_ERR_INVALID_ARGUMENT, "gs_reduce: dims is NULL but ndims = 1");
    CHECK_ERR(gs_reduce(t, "sum", ok, -1, &r), GS_ERR_INVALID_ARGUMENT, "gs_reduce: ndims = -1");
    /* amax over an empty dim has no identity. */
    double none[1];
    int64_t shape[] = {0, 3};
    ref_t e = ref_make(2, shape, none);
    gs_tensor *empty = ref_in_layout(&e, GS_SPARSE_COO, -1);
    CHECK_ERR(gs_reduce(empty, "amax", ok, 1, &r), GS_ERR_INVALID_ARGUMENT, "gs_reduce: amax(): Expected reduction dim to have non-zero size");
    CHECK(r == NULL);
    /* while sum over it is zeros */
    CHECK_OK(gs_reduce(empty, "sum", ok, 1, &r));
    double zeros[3] = {0, 0, 0};
    CHECK(close_to(r, zeros, 3));
    gs_tensor_free(&r);
    gs_tensor_free(&empty);
    gs_tensor_free(&t);
}

/* The bool mask of the non-zeros of ref_3x4() in layout l, with fill. */
static gs_tensor *mask_3x4(gs_layout l, uint8_t fill) {
    static uint8_t bits[12];
    for (int k = 0; k < 12; k++) bits[k] = coo_3x4_dense(k) != 0;
    gs_array a = arr2(bits, GS_BOOL, 3, 4);
    gs_tensor *d = NULL, *s = NULL, *t = NULL;
    CHECK_OK(gs_strided_from(&a, &d));
    if (l == GS_STRIDED) return d;
    CHECK_OK(gs_to_layout(d, l, NULL, -1, GS_INDEX_AUTO, &s));
    gs_tensor_free(&d);
    CHECK_OK(gs_with_fill_value(s, &fill, 1, &t));
    gs_tensor_free(&s);
    return t;
}

static gs_number num_int(int64_t i) {
    gs_number n;
    memset(&n, 0, sizeof n);
    n.kind = GS_INT64;
    n.i = i;
    return n;
}

static gs_number num_float(double x) {
    gs_number n = num_int(0);
    n.kind = GS_FLOAT64;
    n.re = x;
    return n;
}

static void test_where_values(void) {
    /* x: 1..12 (strided); y: ref_3x4() (sparse, fill 0 or -1). */
    int64_t shape[] = {3, 4};
    double seq[12];
    for (int k = 0; k < 12; k++) seq[k] = k + 1;
    ref_t xr = ref_make(2, shape, seq);
    for (int i = 1; i < OPS_NLAYOUTS; i++) {
        gs_layout l = ops_layout(i);
        gs_tensor *mask = mask_3x4(l, 0), *x = ref_tensor(&xr), *y = matrix_with_fill(l, -1), *r = NULL;
        gs_number minus7 = num_int(-7), half = num_float(0.5);
        double want[12];

        /* tensor, tensor: x at the mask, else y (which reads -1 there) */
        for (int k = 0; k < 12; k++) want[k] = coo_3x4_dense(k) != 0 ? seq[k] : -1;
        CHECK_OK(gs_where(mask, x, NULL, y, NULL, &r));
        CHECK(close_to(r, want, 12));
        CHECK(layout_of(r) == l && dtype_of(r) == GS_FLOAT64);
        double fill = 0;
        CHECK_OK(gs_tensor_fill_value(r, &fill, sizeof fill));
        CHECK(fill == -1); /* where(false, fill(x), fill(y)) */
        gs_tensor_free(&r);

        /* tensor, number: an int number keeps x's float64 */
        for (int k = 0; k < 12; k++) want[k] = coo_3x4_dense(k) != 0 ? seq[k] : -7;
        CHECK_OK(gs_where(mask, x, NULL, NULL, &minus7, &r));
        CHECK(close_to(r, want, 12));
        CHECK(layout_of(r) == l && dtype_of(r) == GS_FLOAT64);
        gs_tensor_free(&r);

        /* number, tensor */
        for (int k = 0; k < 12; k++) want[k] = coo_3x4_dense(k) != 0 ? 0.5 : -1;
        CHECK_OK(gs_where(mask, NULL, &half, y, NULL, &r));
        CHECK(close_to(r, want, 12));
        gs_tensor_free(&r);

        /* number, number: two ints give int64, nothing but the mask stored */
        for (int k = 0; k < 12; k++) want[k] = coo_3x4_dense(k) != 0 ? -7 : 0;
        gs_number zero = num_int(0);
        CHECK_OK(gs_where(mask, NULL, &minus7, NULL, &zero, &r));
        CHECK(close_to(r, want, 12));
        CHECK(layout_of(r) == l && dtype_of(r) == GS_INT64);
        int64_t nnz = -1;
        CHECK_OK(gs_tensor_nnz(r, &nnz));
        CHECK(nnz == 4);
        gs_tensor_free(&r);

        /* a mask whose fill is true takes x at its unspecified elements */
        gs_tensor *tmask = mask_3x4(l, 1);
        CHECK_OK(gs_where(tmask, NULL, &minus7, y, NULL, &r));
        for (int k = 0; k < 12; k++) want[k] = -7;
        CHECK(close_to(r, want, 12));
        gs_tensor_free(&r);
        gs_tensor_free(&tmask);

        gs_tensor_free(&y);
        gs_tensor_free(&x);
        gs_tensor_free(&mask);
    }
    /* A strided condition with strided operands gives a strided result. */
    gs_tensor *mask = mask_3x4(GS_STRIDED, 0), *x = ref_tensor(&xr), *r = NULL;
    gs_number zero = num_float(0);
    double want[12];
    for (int k = 0; k < 12; k++) want[k] = coo_3x4_dense(k) != 0 ? seq[k] : 0;
    CHECK_OK(gs_where(mask, x, NULL, NULL, &zero, &r));
    CHECK(close_to(r, want, 12));
    CHECK(layout_of(r) == GS_STRIDED);
    gs_tensor_free(&r);
    gs_tensor_free(&x);
    gs_tensor_free(&mask);
}

static void test_where_errors(void) {
    gs_tensor *mask = mask_3x4(GS_SPARSE_COO, 0), *x = NULL, *r = NULL, *dead = NULL, *other = NULL;
    CHECK_OK(make_coo_3x4(&x));
    CHECK_OK(make_coo_3x4(&dead));
    gs_tensor *stale = dead;
    gs_tensor_free(&dead);
    ref_t b = ref_2x3x4();
    other = ref_in_layout(&b, GS_SPARSE_COO, -1);
    gs_number one = num_int(1), bad = num_int(1), odd = num_int(1);
    bad.kind = GS_INT32;
    odd.reserved = 3;
    CHECK_ERR(gs_where(mask, x, &one, x, NULL, &r), GS_ERR_INVALID_ARGUMENT,
              "gs_where: x and x_number are both set: pass exactly one of them");
    CHECK_ERR(gs_where(mask, NULL, NULL, x, NULL, &r), GS_ERR_INVALID_ARGUMENT,
              "gs_where: x and x_number are both NULL");
    CHECK_ERR(gs_where(mask, x, NULL, x, &one, &r), GS_ERR_INVALID_ARGUMENT,
              "gs_where: y and y_number are both set");
    CHECK_ERR(gs_where(mask, x, NULL, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT,
              "gs_where: y and y_number are both NULL");
    CHECK_ERR(gs_where(mask, x, NULL, NULL, &bad, &r), GS_ERR_DTYPE, "gs_where: y_number.kind = ");
    CHECK_ERR(gs_where(mask, NULL, &odd, x, NULL, &r), GS_ERR_INVALID_ARGUMENT, "gs_where: x_number.reserved = 3 must be 0");
    CHECK_ERR(gs_where(NULL, x, NULL, x, NULL, &r), GS_ERR_INVALID_HANDLE, "gs_where: condition is NULL");
    CHECK_ERR(gs_where(stale, x, NULL, x, NULL, &r), GS_ERR_INVALID_HANDLE, "gs_where: condition is not a live gs_tensor");
    CHECK_ERR(gs_where(mask, stale, NULL, x, NULL, &r), GS_ERR_INVALID_HANDLE, "gs_where: x is not a live gs_tensor");
    CHECK_ERR(gs_where(mask, x, NULL, stale, NULL, &r), GS_ERR_INVALID_HANDLE, "gs_where: y is not a live gs_tensor");
    CHECK_ERR(gs_where(mask, x, NULL, x, NULL, NULL), GS_ERR_INVALID_ARGUMENT, "gs_where: out is NULL");
    CHECK_ERR(gs_where(mask, other, NULL, x, NULL, &r), GS_ERR_INVALID_ARGUMENT,
              "gs_where: where: expected condition, x and y to have the same shape");
    CHECK(r == NULL);
    gs_tensor_free(&other);
    gs_tensor_free(&x);
    gs_tensor_free(&mask);
}

int main(void) {
    check_start();
    test_reductions_against_hand_values();
    test_reduction_dtypes();
    test_reduce_errors();
    test_where_values();
    test_where_errors();
    return check_finish("test_reduce_where");
}
