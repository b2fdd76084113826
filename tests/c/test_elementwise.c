/* test_elementwise.c — gs_unary, gs_binary, gs_binary_number and the op name
 * lists: to_dense(op(A)) == op(dense A) on every layout (against hand-computed
 * values where no libm is needed, else against the strided result), dtype
 * promotion, the result layout argument, and every argument check. */
#include "test_ops_util.h"

/* [[0, -1.5, 0, 2], [0, 0, 0, 0], [3, 0, -4, 0.25]]: signs, a zero row, fractions. */
static ref_t ref_signed(void) {
    int64_t shape[] = {3, 4};
    double v[] = {0, -1.5, 0, 2, 0, 0, 0, 0, 3, 0, -4, 0.25};
    return ref_make(2, shape, v);
}

/* The layouts of this file: the four of ops_layout and BSR with 1x2 blocks. */
#define EW_NLAYOUTS 5
static gs_tensor *ew_in_layout(const ref_t *r, int i) {
    if (i < OPS_NLAYOUTS) return ref_in_layout(r, ops_layout(i), -1);
    gs_tensor *d = ref_tensor(r), *t = NULL;
    int64_t bs[] = {1, 2};
    CHECK_OK(gs_to_layout(d, GS_SPARSE_BSR, bs, -1, GS_INDEX_AUTO, &t));
    gs_tensor_free(&d);
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

static gs_elementwise_args no_args(void) {
    gs_elementwise_args a;
    memset(&a, 0, sizeof a);
    a.layout = -1;
    return a;
}

static gs_dtype dtype_of(const gs_tensor *t) {
    gs_dtype d = -1;
    gs_tensor_dtype(t, &d);
    return d;
}

/* Element-wise ops whose values need no libm: computed here. */
static double ref_op(const char *op, double x) {
    if (!strcmp(op, "abs")) return x < 0 ? -x : x;
    if (!strcmp(op, "neg")) return -x;
    if (!strcmp(op, "square")) return x * x;
    if (!strcmp(op, "sign")) return (x > 0) - (x < 0);
    if (!strcmp(op, "relu")) return x > 0 ? x : 0;
    if (!strcmp(op, "trunc")) return (double)(int64_t)x;
    if (!strcmp(op, "floor")) return (double)(int64_t)x - ((double)(int64_t)x > x);
    if (!strcmp(op, "ceil")) return (double)(int64_t)x + ((double)(int64_t)x < x);
    return 0;
}

static void test_unary_against_hand_values(void) {
    const char *ops[] = {"abs", "neg", "square", "sign", "relu", "trunc", "floor", "ceil"};
    ref_t a = ref_signed();
    for (size_t o = 0; o < sizeof ops / sizeof *ops; o++) {
        ref_t want = a;
        for (int64_t k = 0; k < ref_numel(&a); k++) want.v[k] = ref_op(ops[o], a.v[k]) + 0.0;
        for (int i = 0; i < EW_NLAYOUTS; i++) {
            gs_tensor *t = ew_in_layout(&a, i), *r = NULL;
            CHECK_OK(gs_unary(t, ops[o], NULL, &r));
            if (!same_as_ref(r, &want)) CHECK_FAIL("%s on layout %d", ops[o], (int)layout_of(t));
            /* Zero-preserving ops keep the layout (torch's result). */
            CHECK(layout_of(r) == layout_of(t));
            gs_tensor_free(&r);
            gs_tensor_free(&t);
        }
    }
}

/* Ops with f(0) != 0 keep a sparse layout and carry f(0) as the fill value;
 * every layout agrees with the strided result. */
static void test_unary_layouts_agree_with_strided(void) {
    const char *ops[] = {"sin", "cos", "exp", "tanh", "sigmoid", "atan", "expm1", "erf", "isnan", "signbit"};
    ref_t a = ref_signed();
    for (size_t o = 0; o < sizeof ops / sizeof *ops; o++) {
        gs_tensor *d = ref_tensor(&a), *want = NULL;
        CHECK_OK(gs_unary(d, ops[o], NULL, &want));
        for (int i = 1; i < EW_NLAYOUTS; i++) {
            gs_tensor *t = ew_in_layout(&a, i), *r = NULL, *rd = NULL;
            int32_t eq = 0;
            CHECK_OK(gs_unary(t, ops[o], NULL, &r));
            CHECK(layout_of(r) == layout_of(t));
            CHECK_OK(gs_to_dense(r, &rd));
            CHECK_OK(gs_equal(rd, want, &eq));
            if (!eq) CHECK_FAIL("%s on layout %d differs from the strided result", ops[o], (int)layout_of(t));
            gs_tensor_free(&rd);
            gs_tensor_free(&r);
            gs_tensor_free(&t);
        }
        gs_tensor_free(&want);
        gs_tensor_free(&d);
    }
    /* cos of a CSR matrix: its fill value is cos(0) = 1; isnan gives bool. */
    gs_tensor *t = ew_in_layout(&a, 2), *r = NULL;
    double fill = 0;
    CHECK_OK(gs_unary(t, "cos", NULL, &r));
    CHECK_OK(gs_tensor_fill_value(r, &fill, sizeof fill));
    CHECK(fill == 1.0);
    gs_tensor_free(&r);
    CHECK_OK(gs_unary(t, "isnan", NULL, &r));
    CHECK(dtype_of(r) == GS_BOOL);
    gs_tensor_free(&r);
    gs_tensor_free(&t);
}

static void test_unary_args(void) {
    ref_t a = ref_signed();
    gs_number lo = num_float(-1), hi = num_int(2), two = num_int(2);
    for (int i = 0; i < EW_NLAYOUTS; i++) {
        gs_tensor *t = ew_in_layout(&a, i), *r = NULL;
        gs_elementwise_args args = no_args();
        args.min = &lo;
        args.max = &hi;
        ref_t want = a;
        for (int64_t k = 0; k < ref_numel(&a); k++) want.v[k] = a.v[k] < -1 ? -1 : a.v[k] > 2 ? 2 : a.v[k];
        CHECK_OK(gs_unary(t, "clamp", &args, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        args = no_args();
        args.exponent = &two;
        for (int64_t k = 0; k < ref_numel(&a); k++) want.v[k] = a.v[k] * a.v[k];
        CHECK_OK(gs_unary(t, "pow", &args, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        gs_tensor_free(&t);
    }
    /* nan_to_num with explicit replacements. */
    int64_t n3[] = {3};
    double bad[] = {0.0 / 0.0, 1.0 / 0.0, -1.0 / 0.0};
    ref_t s = ref_make(1, n3, bad);
    gs_tensor *t = ref_tensor(&s), *r = NULL;
    double nan = 7, pos = 8, neg = -9, want[] = {7, 8, -9};
    gs_elementwise_args args = no_args();
    args.nan = &nan;
    args.posinf = &pos;
    args.neginf = &neg;
    CHECK_OK(gs_unary(t, "nan_to_num", &args, &r));
    CHECK(dense_matches(r, want, 3));
    gs_tensor_free(&r);
    gs_tensor_free(&t);
}

static void test_result_layout(void) {
    ref_t a = ref_signed(), want = a;
    for (int64_t k = 0; k < ref_numel(&a); k++) want.v[k] = -a.v[k] + 0.0;
    gs_tensor *t = ew_in_layout(&a, 1), *r = NULL;
    gs_elementwise_args args = no_args();
    args.layout = GS_SPARSE_CSR;
    CHECK_OK(gs_unary(t, "neg", &args, &r));
    CHECK(layout_of(r) == GS_SPARSE_CSR && same_as_ref(r, &want));
    gs_tensor_free(&r);
    args.layout = GS_SPARSE_BSC;
    args.blocksize[0] = 3;
    args.blocksize[1] = 2;
    CHECK_OK(gs_unary(t, "neg", &args, &r));
    int64_t bs[2] = {0, 0};
    CHECK_OK(gs_tensor_blocksize(r, bs));
    CHECK(layout_of(r) == GS_SPARSE_BSC && bs[0] == 3 && bs[1] == 2 && same_as_ref(r, &want));
    gs_tensor_free(&r);
    args.layout = GS_STRIDED;
    args.blocksize[0] = args.blocksize[1] = 0;
    gs_number one = num_int(1);
    for (int64_t k = 0; k < ref_numel(&a); k++) want.v[k] = a.v[k] + 1;
    CHECK_OK(gs_binary_number(t, &one, 0, "add", &args, &r));
    CHECK(layout_of(r) == GS_STRIDED && same_as_ref(r, &want));
    gs_tensor_free(&r);
    gs_tensor_free(&t);
}

/* The second operand of the binary tests: overlaps ref_signed in part. */
static ref_t ref_other(void) {
    int64_t shape[] = {3, 4};
    double v[] = {1, 0.5, 0, 0, 0, 0, 2, 0, -3, 0, 4, 0};
    return ref_make(2, shape, v);
}

static double ref_binary(const char *op, double x, double y) {
    if (!strcmp(op, "add")) return x + y;
    if (!strcmp(op, "sub")) return x - y;
    if (!strcmp(op, "mul")) return x * y;
    if (!strcmp(op, "maximum")) return x > y ? x : y;
    if (!strcmp(op, "minimum")) return x < y ? x : y;
    if (!strcmp(op, "eq")) return x == y;
    if (!strcmp(op, "ne")) return x != y;
    if (!strcmp(op, "lt")) return x < y;
    if (!strcmp(op, "le")) return x <= y;
    if (!strcmp(op, "gt")) return x > y;
    return x >= y; /* ge */
}

static void test_binary_tensors(void) {
    const char *ops[] = {"add", "sub", "mul", "maximum", "minimum", "eq", "ne", "lt", "le", "gt", "ge"};
    ref_t a = ref_signed(), b = ref_other();
    for (size_t o = 0; o < sizeof ops / sizeof *ops; o++) {
        ref_t want = a;
        for (int64_t k = 0; k < ref_numel(&a); k++) want.v[k] = ref_binary(ops[o], a.v[k], b.v[k]);
        int cmp = o >= 5;
        /* Every pair of layouts. */
        for (int i = 0; i < EW_NLAYOUTS; i++) {
            for (int j = 0; j < EW_NLAYOUTS; j++) {
                gs_tensor *x = ew_in_layout(&a, i), *y = ew_in_layout(&b, j), *r = NULL;
                CHECK_OK(gs_binary(x, y, ops[o], NULL, &r));
                if (!same_as_ref(r, &want)) CHECK_FAIL("%s of layouts %d and %d", ops[o], i, j);
                CHECK(dtype_of(r) == (cmp ? GS_BOOL : GS_FLOAT64));
                gs_tensor_free(&r);
                gs_tensor_free(&y);
                gs_tensor_free(&x);
            }
        }
    }
    /* add with alpha, div with a rounding mode. */
    gs_number half = num_float(0.5);
    gs_elementwise_args args = no_args();
    args.alpha = &half;
    ref_t want = a;
    for (int64_t k = 0; k < ref_numel(&a); k++) want.v[k] = a.v[k] - 0.5 * b.v[k];
    gs_tensor *x = ew_in_layout(&a, 1), *y = ew_in_layout(&b, 2), *r = NULL;
    CHECK_OK(gs_binary(x, y, "sub", &args, &r));
    CHECK(same_as_ref(r, &want));
    gs_tensor_free(&r);
    gs_tensor_free(&y);
    /* a / 2 rounded towards -inf: the divisor is dense (no zero). */
    int64_t shape[] = {3, 4};
    double twos[12];
    for (int k = 0; k < 12; k++) twos[k] = 2;
    ref_t two = ref_make(2, shape, twos);
    y = ref_tensor(&two);
    args = no_args();
    args.rounding_mode = "floor";
    double fl[] = {0, -1, 0, 1, 0, 0, 0, 0, 1, 0, -2, 0};
    CHECK_OK(gs_binary(x, y, "div", &args, &r));
    CHECK(dense_matches(r, fl, 12));
    gs_tensor_free(&r);
    args.rounding_mode = "trunc";
    double tr[] = {0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -2, 0};
    CHECK_OK(gs_binary(x, y, "div", &args, &r));
    CHECK(dense_matches(r, tr, 12));
    gs_tensor_free(&r);
    /* torch: sparse * dense keeps the sparse layout, sparse + dense is dense. */
    CHECK_OK(gs_binary(x, y, "mul", NULL, &r));
    CHECK(layout_of(r) == GS_SPARSE_COO);
    gs_tensor_free(&r);
    CHECK_OK(gs_binary(x, y, "add", NULL, &r));
    CHECK(layout_of(r) == GS_STRIDED);
    gs_tensor_free(&r);
    gs_tensor_free(&y);
    gs_tensor_free(&x);
}

static void test_binary_numbers(void) {
    ref_t a = ref_signed(), want = a;
    gs_number three = num_int(3), half = num_float(0.5), yes = num_int(1);
    yes.kind = GS_BOOL;
    for (int i = 0; i < EW_NLAYOUTS; i++) {
        gs_tensor *t = ew_in_layout(&a, i), *r = NULL;
        for (int64_t k = 0; k < ref_numel(&a); k++) want.v[k] = a.v[k] * 3;
        CHECK_OK(gs_binary_number(t, &three, 0, "mul", NULL, &r));
        CHECK(same_as_ref(r, &want) && layout_of(r) == layout_of(t));
        gs_tensor_free(&r);
        /* 3 - t and t - 3. */
        for (int64_t k = 0; k < ref_numel(&a); k++) want.v[k] = 3 - a.v[k];
        CHECK_OK(gs_binary_number(t, &three, 1, "sub", NULL, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        for (int64_t k = 0; k < ref_numel(&a); k++) want.v[k] = a.v[k] - 3;
        CHECK_OK(gs_binary_number(t, &three, 0, "sub", NULL, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        /* t > 0.5 is bool. */
        for (int64_t k = 0; k < ref_numel(&a); k++) want.v[k] = a.v[k] > 0.5;
        CHECK_OK(gs_binary_number(t, &half, 0, "gt", NULL, &r));
        CHECK(same_as_ref(r, &want) && dtype_of(r) == GS_BOOL);
        gs_tensor_free(&r);
        /* t + True. */
        for (int64_t k = 0; k < ref_numel(&a); k++) want.v[k] = a.v[k] + 1;
        CHECK_OK(gs_binary_number(t, &yes, 0, "add", NULL, &r));
        CHECK(same_as_ref(r, &want) && dtype_of(r) == GS_FLOAT64);
        gs_tensor_free(&r);
        gs_tensor_free(&t);
    }
    /* Type promotion as torch: int64 tensor * 0.5 is float32 (the default float
     * dtype), int64 tensor * 3 stays int64, float64 + 1j is complex128. */
    int64_t iv[] = {1, -2, 3};
    gs_array ia = arr1(iv, GS_INT64, 3);
    gs_tensor *it = NULL, *r = NULL, *ft = ew_in_layout(&a, 2);
    CHECK_OK(gs_strided_from(&ia, &it));
    CHECK_OK(gs_binary_number(it, &half, 0, "mul", NULL, &r));
    CHECK(dtype_of(r) == GS_FLOAT32);
    gs_tensor_free(&r);
    CHECK_OK(gs_binary_number(it, &three, 0, "mul", NULL, &r));
    CHECK(dtype_of(r) == GS_INT64);
    gs_tensor_free(&r);
    /* Integer division by the number 0 is refused, true division gives inf. */
    gs_number zero = num_int(0);
    gs_elementwise_args args = no_args();
    args.rounding_mode = "trunc";
    CHECK_ERR(gs_binary_number(it, &zero, 0, "div", &args, &r), GS_ERR_INVALID_ARGUMENT, "gs_binary_number: ");
    CHECK(r == NULL);
    CHECK_OK(gs_binary_number(it, &zero, 0, "div", NULL, &r));
    CHECK(dtype_of(r) == GS_FLOAT32);
    gs_tensor_free(&r);
    gs_number j = num_float(0);
    j.kind = GS_COMPLEX128;
    j.im = 1;
    CHECK_OK(gs_binary_number(ft, &j, 0, "add", NULL, &r));
    CHECK(dtype_of(r) == GS_COMPLEX128);
    gs_tensor_free(&r);
    /* pow(2, t): the number as the base. */
    gs_number two = num_float(2);
    double p[] = {2, 0.25, 8};
    CHECK_OK(gs_binary_number(it, &two, 1, "pow", NULL, &r));
    CHECK(dense_matches(r, p, 3));
    gs_tensor_free(&r);
    gs_tensor_free(&ft);
    gs_tensor_free(&it);
}

static int contains(const char **names, int32_t n, const char *want) {
    for (int32_t i = 0; i < n; i++)
        if (!strcmp(names[i], want)) return 1;
    return 0;
}

static void test_op_names(void) {
    const char *names[128];
    int32_t count = -1;
    CHECK_OK(gs_unary_op_names(names, 128, &count));
    CHECK(count >= 45 && count <= 128);
    const char *unary[] = {"abs", "neg", "sign", "sgn", "signbit", "sqrt", "square", "pow", "exp", "expm1",
                           "log", "log1p", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
                           "tanh", "asinh", "atanh", "sigmoid", "relu", "erf", "erfinv", "ceil", "floor",
                           "round", "trunc", "deg2rad", "rad2deg", "angle", "conj_physical", "isnan",
                           "isinf", "isposinf", "isneginf", "nan_to_num", "clamp", "reciprocal", "frac", "real", "imag"};
    for (size_t i = 0; i < sizeof unary / sizeof *unary; i++)
        if (!contains(names, count, unary[i])) CHECK_FAIL("gs_unary_op_names lacks %s", unary[i]);
    /* Every listed name works. */
    ref_t a = ref_signed();
    gs_tensor *t = ew_in_layout(&a, 2), *r = NULL;
    gs_number one = num_int(1);
    for (int32_t i = 0; i < count; i++) {
        gs_elementwise_args args = no_args();
        if (!strcmp(names[i], "pow")) args.exponent = &one;
        if (!strcmp(names[i], "clamp")) args.min = &one;
        gs_status st = gs_unary(t, names[i], &args, &r);
        /* imag takes complex tensors only (torch's TypeError): a dtype error here. */
        gs_status want = strcmp(names[i], "imag") ? GS_OK : GS_ERR_DTYPE;
        if (st != want) CHECK_FAIL("gs_unary(%s) returned %d, want %d", names[i], (int)st, (int)want);
        gs_tensor_free(&r);
    }
    gs_tensor_free(&t);
    int32_t full = count;
    CHECK_OK(gs_binary_op_names(names, 128, &count));
    const char *binary[] = {"add", "sub", "mul", "div", "true_divide", "floor_divide", "maximum", "minimum",
                            "pow", "remainder", "fmod", "atan2", "eq", "ne", "lt", "le", "gt", "ge"};
    CHECK(count >= 18);
    for (size_t i = 0; i < sizeof binary / sizeof *binary; i++)
        if (!contains(names, count, binary[i])) CHECK_FAIL("gs_binary_op_names lacks %s", binary[i]);
    /* A short buffer gets a prefix, the count is the full one; NULL with cap 0 counts. */
    const char *two[2] = {NULL, NULL};
    CHECK_OK(gs_unary_op_names(two, 2, &count));
    CHECK(count == full && two[0] != NULL && two[1] != NULL);
    CHECK_OK(gs_binary_op_names(NULL, 0, &count));
    CHECK(count >= 15);
    CHECK_ERR(gs_unary_op_names(names, 4, NULL), GS_ERR_INVALID_ARGUMENT, "gs_unary_op_names: count is NULL");
    CHECK_ERR(gs_binary_op_names(NULL, 4, &count), GS_ERR_INVALID_ARGUMENT, "names is NULL but cap = 4");
    CHECK_ERR(gs_binary_op_names(names, -1, &count), GS_ERR_INVALID_ARGUMENT, "cap = -1");
}

static void test_argument_checks(void) {
    ref_t a = ref_signed();
    gs_tensor *t = ew_in_layout(&a, 1), *u = ew_in_layout(&a, 2), *r = NULL, *freed = ew_in_layout(&a, 0);
    gs_tensor *stale = freed;
    gs_tensor_free(&freed);
    gs_number one = num_int(1), bad = num_int(1);
    gs_elementwise_args args = no_args();

    /* Handles, out and op. */
    CHECK_ERR(gs_unary(NULL, "sin", NULL, &r), GS_ERR_INVALID_HANDLE, "gs_unary: t is NULL");
    CHECK_ERR(gs_unary(stale, "sin", NULL, &r), GS_ERR_INVALID_HANDLE, "gs_unary: t is not a live gs_tensor");
    CHECK_ERR(gs_unary(t, "sin", NULL, NULL), GS_ERR_INVALID_ARGUMENT, "gs_unary: out is NULL");
    CHECK_ERR(gs_unary(t, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT, "gs_unary: op is NULL");
    CHECK_ERR(gs_unary(t, "sine", NULL, &r), GS_ERR_INVALID_ARGUMENT, "gs_unary: unary op \"sine\" is unknown");
    CHECK_ERR(gs_unary(t, "add", NULL, &r), GS_ERR_INVALID_ARGUMENT, "op = \"add\" is a binary op");
    CHECK_ERR(gs_binary(t, u, "sin", NULL, &r), GS_ERR_INVALID_ARGUMENT, "gs_binary: op = \"sin\" is a unary op");
    CHECK_ERR(gs_binary(t, u, "plus", NULL, &r), GS_ERR_INVALID_ARGUMENT, "binary op \"plus\" is unknown");
    CHECK_ERR(gs_binary(NULL, u, "add", NULL, &r), GS_ERR_INVALID_HANDLE, "gs_binary: a is NULL");
    CHECK_ERR(gs_binary(t, stale, "add", NULL, &r), GS_ERR_INVALID_HANDLE, "gs_binary: b is not a live");
    CHECK_ERR(gs_binary(t, u, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT, "gs_binary: op is NULL");
    CHECK_ERR(gs_binary(t, u, "add", NULL, NULL), GS_ERR_INVALID_ARGUMENT, "gs_binary: out is NULL");
    CHECK_ERR(gs_binary_number(t, NULL, 0, "add", NULL, &r), GS_ERR_INVALID_ARGUMENT, "gs_binary_number: number is NULL");
    CHECK_ERR(gs_binary_number(stale, &one, 0, "add", NULL, &r), GS_ERR_INVALID_HANDLE, "gs_binary_number: a is not");
    CHECK_ERR(gs_binary_number(t, &one, 0, NULL, NULL, &r), GS_ERR_INVALID_ARGUMENT, "op is NULL");
    CHECK_ERR(gs_binary_number(t, &one, 0, "add", NULL, NULL), GS_ERR_INVALID_ARGUMENT, "out is NULL");

    /* Numbers: only the four literal kinds, reserved zero. */
    bad.kind = GS_FLOAT32;
    CHECK_ERR(gs_binary_number(t, &bad, 0, "add", NULL, &r), GS_ERR_DTYPE, "number.kind = 544 must be GS_BOOL");
    bad.kind = 12345;
    CHECK_ERR(gs_binary_number(t, &bad, 0, "add", NULL, &r), GS_ERR_DTYPE, "number.kind = 12345");
    bad = num_int(1);
    bad.reserved = 1;
    CHECK_ERR(gs_binary_number(t, &bad, 0, "add", NULL, &r), GS_ERR_INVALID_ARGUMENT, "number.reserved = 1 must be 0");
    bad = num_int(1);
    bad.kind = GS_UINT8;
    args.exponent = &bad;
    CHECK_ERR(gs_unary(t, "pow", &args, &r), GS_ERR_DTYPE, "args.exponent.kind");
    args = no_args();
    args.alpha = &bad;
    CHECK_ERR(gs_binary(t, u, "add", &args, &r), GS_ERR_DTYPE, "args.alpha.kind");

    /* Fields that the kind of op never reads, and op-specific rules from core. */
    args = no_args();
    args.alpha = &one;
    CHECK_ERR(gs_unary(t, "sin", &args, &r), GS_ERR_INVALID_ARGUMENT, "args.alpha: unary op \"sin\" takes no alpha");
    args = no_args();
    args.rounding_mode = "floor";
    CHECK_ERR(gs_unary(t, "sin", &args, &r), GS_ERR_INVALID_ARGUMENT, "args.rounding_mode");
    CHECK_ERR(gs_binary(t, u, "add", &args, &r), GS_ERR_INVALID_ARGUMENT, "add: takes no rounding_mode");
    args.rounding_mode = "round";
    CHECK_ERR(gs_binary(t, u, "div", &args, &r), GS_ERR_INVALID_ARGUMENT, "args.rounding_mode = \"round\"");
    args = no_args();
    args.min = &one;
    CHECK_ERR(gs_binary(t, u, "add", &args, &r), GS_ERR_INVALID_ARGUMENT, "args.min: binary op \"add\" takes no min");
    CHECK_ERR(gs_unary(t, "sin", &args, &r), GS_ERR_INVALID_ARGUMENT, "sin: takes no min");
    double nan = 0;
    args = no_args();
    args.nan = &nan;
    CHECK_ERR(gs_binary_number(t, &one, 0, "mul", &args, &r), GS_ERR_INVALID_ARGUMENT, "args.nan");
    args = no_args();
    args.alpha = &one;
    CHECK_ERR(gs_binary(t, u, "mul", &args, &r), GS_ERR_INVALID_ARGUMENT, "mul: takes no alpha");
    CHECK_ERR(gs_unary(t, "pow", NULL, &r), GS_ERR_INVALID_ARGUMENT, "pow: exponent is required");
    CHECK_ERR(gs_unary(t, "clamp", NULL, &r), GS_ERR_INVALID_ARGUMENT, "clamp");

    /* The result layout. */
    args = no_args();
    args.layout = 99;
    CHECK_ERR(gs_unary(t, "neg", &args, &r), GS_ERR_INVALID_ARGUMENT, "args.layout = 99");
    args.layout = GS_SPARSE_CSR;
    args.blocksize[0] = args.blocksize[1] = 2;
    CHECK_ERR(gs_unary(t, "neg", &args, &r), GS_ERR_INVALID_ARGUMENT, "args.blocksize");
    args = no_args();
    args.blocksize[0] = 1;
    CHECK_ERR(gs_unary(t, "neg", &args, &r), GS_ERR_INVALID_ARGUMENT, "args.blocksize");
    args = no_args();
    args.reserved = 3;
    CHECK_ERR(gs_binary(t, u, "add", &args, &r), GS_ERR_INVALID_ARGUMENT, "args.reserved = 3 must be 0");
    args = no_args();
    args.layout = GS_SPARSE_BSR;
    args.blocksize[0] = 2;
    args.blocksize[1] = 2; /* does not divide 3 rows */
    CHECK_ERR(gs_unary(t, "neg", &args, &r), GS_ERR_INVALID_ARGUMENT, "gs_unary: ");

    /* Shapes must be equal (torch's add_shape_mismatch). */
    int64_t s2[] = {2, 2};
    double v4[] = {1, 0, 0, 1};
    ref_t small = ref_make(2, s2, v4);
    gs_tensor *w = ref_in_layout(&small, GS_SPARSE_COO, -1);
    CHECK_ERR(gs_binary(t, w, "add", NULL, &r), GS_ERR_INVALID_ARGUMENT, "gs_binary: ");
    gs_tensor_free(&w);

    /* Refusals leave out untouched. */
    CHECK(r == NULL);
    gs_tensor_free(&u);
    gs_tensor_free(&t);
}

int main(void) {
    check_start();
    test_unary_against_hand_values();
    test_unary_layouts_agree_with_strided();
    test_unary_args();
    test_result_layout();
    test_binary_tensors();
    test_binary_numbers();
    test_op_names();
    test_argument_checks();
    return check_finish("test_elementwise");
}
