/* test_ops_fill.c — gs_with_fill_value: the fill value reads back, to_dense
 * materialises it, the operators carry it (to_dense(op(A)) == op(dense A)
 * with the fill in the dense reference), and the argument checks; the
 * undefined fill (gs_with_fill_array with an array of shape (0,)) and the
 * dtype rule of an array fill. */
#include <math.h> /* INFINITY */

#include "test_ops_util.h"

/* The 3x4 reference with fill in place of every unspecified (zero) element. */
static ref_t filled_3x4(double fill) {
    ref_t r = ref_3x4();
    for (int k = 0; k < 12; k++)
        if (r.v[k] == 0) r.v[k] = fill;
    return r;
}

static void test_fill_reads_back_and_materialises(void) {
    ref_t a = ref_3x4(), want = filled_3x4(5);
    double five = 5;
    for (int i = 1; i < OPS_NLAYOUTS; i++) {
        gs_tensor *t = ref_in_layout(&a, ops_layout(i), -1), *f = NULL;
        CHECK_OK(gs_with_fill_value(t, &five, sizeof five, &f));
        double got = 0;
        CHECK_OK(gs_tensor_fill_value(f, &got, sizeof got));
        CHECK(got == 5);
        CHECK(same_as_ref(f, &want));
        CHECK(layout_of(f) == ops_layout(i));
        /* The source is unchanged. */
        CHECK_OK(gs_tensor_fill_value(t, &got, sizeof got));
        CHECK(got == 0);
        CHECK(same_as_ref(t, &a));
        gs_tensor_free(&f);
        gs_tensor_free(&t);
    }
    /* Integer dtypes take one element of their own size. */
    gs_tensor *c = NULL, *i32 = NULL, *f = NULL;
    CHECK_OK(make_coo_3x4(&c));
    CHECK_OK(gs_to_dtype(c, GS_INT32, &i32));
    int32_t seven = -7, got = 0;
    CHECK_OK(gs_with_fill_value(i32, &seven, sizeof seven, &f));
    CHECK_OK(gs_tensor_fill_value(f, &got, sizeof got));
    CHECK(got == -7);
    ref_t w7 = filled_3x4(-7);
    CHECK(same_as_ref(f, &w7));
    gs_tensor_free(&f);

    /* Argument checks: the size must be the dtype's, before anything is read. */
    CHECK_ERR(gs_with_fill_value(i32, &five, sizeof five, &f), GS_ERR_INVALID_ARGUMENT,
              "gs_with_fill_value: value_bytes = 8 must equal the 4 bytes of one int32 element");
    CHECK_ERR(gs_with_fill_value(i32, &seven, -1, &f), GS_ERR_INVALID_ARGUMENT, "value_bytes = -1");
    CHECK_ERR(gs_with_fill_value(i32, NULL, 4, &f), GS_ERR_INVALID_ARGUMENT, "gs_with_fill_value: value is NULL");
    CHECK_ERR(gs_with_fill_value(i32, &seven, 4, NULL), GS_ERR_INVALID_ARGUMENT, "gs_with_fill_value: out is NULL");
    CHECK_ERR(gs_with_fill_value(NULL, &seven, 4, &f), GS_ERR_INVALID_HANDLE, "gs_with_fill_value: t is NULL");
    CHECK(f == NULL);
    gs_tensor_free(&i32);
    gs_tensor_free(&c);
}

static void test_operators_carry_the_fill(void) {
    ref_t a = ref_3x4(), dense = filled_3x4(2);
    double two = 2;
    for (int i = 1; i < OPS_NLAYOUTS; i++) {
        gs_tensor *s = ref_in_layout(&a, ops_layout(i), -1), *t = NULL, *r = NULL;
        CHECK_OK(gs_with_fill_value(s, &two, sizeof two, &t));
        int32_t swap[] = {1, 0};
        ref_t want = ref_permute(&dense, swap);
        CHECK_OK(gs_transpose(t, 0, 1, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        want = ref_select(&dense, 1, 2);
        CHECK_OK(gs_select(t, 1, 2, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        want = ref_narrow(&dense, 0, 1, 2);
        CHECK_OK(gs_narrow_copy(t, 0, 1, 2, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        int64_t idx[] = {2, 0};
        gs_array ia = arr1(idx, GS_INT64, 2);
        want = ref_index_select(&dense, 1, idx, 2);
        CHECK_OK(gs_index_select(t, 1, &ia, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        want = ref_unsqueeze(&dense, 1);
        CHECK_OK(gs_unsqueeze(t, 1, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        const gs_tensor *pair[] = {t, t};
        want = ref_cat(&dense, &dense, 0);
        CHECK_OK(gs_cat(pair, 2, 0, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        /* Unspecified elements count as the fill in sums. */
        int reduce_all[] = {1, 1}, reduce_rows[] = {1, 0};
        want = ref_sum(&dense, reduce_all);
        CHECK_OK(gs_sum(t, NULL, 0, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        int32_t d0[] = {0};
        want = ref_sum(&dense, reduce_rows);
        CHECK_OK(gs_sum(t, d0, 1, &r));
        CHECK(same_as_ref(r, &want));
        gs_tensor_free(&r);
        /* cat refuses tensors of different fills. */
        const gs_tensor *mixed[] = {t, s};
        CHECK_ERR(gs_cat(mixed, 2, 0, &r), GS_ERR_INVALID_ARGUMENT, "gs_cat: cat: tensors[1] has another fill value");
        CHECK(r == NULL);
        gs_tensor_free(&t);
        gs_tensor_free(&s);
    }
}

/* 1 when t's fill is undefined: gs_tensor_fill_array lends shape (0,). */
static int fill_undefined(const gs_tensor *t) {
    gs_array f;
    memset(&f, 0, sizeof f);
    if (gs_tensor_fill_array(t, &f) != GS_OK) return 0;
    return f.ndim == 1 && f.shape[0] == 0;
}

/* The undefined fill: made by an array of shape (0,), detected by
 * gs_tensor_fill_array; unary ops map the stored values only, reductions skip
 * the unspecified elements, to_dense needs a value, products refuse it. An
 * array fill of another dtype is GS_ERR_DTYPE. */
static void test_undefined_and_array_fill_kinds(void) {
    ref_t a = ref_3x4();
    for (int i = 1; i < OPS_NLAYOUTS; i++) {
        gs_tensor *s = ref_in_layout(&a, ops_layout(i), -1), *u = NULL, *r = NULL, *f = NULL;
        gs_array none = arr1(NULL, GS_FLOAT64, 0);
        CHECK_OK(gs_with_fill_array(s, &none, &u));
        CHECK(fill_undefined(u) && !fill_undefined(s));
        CHECK_ERR(gs_to_dense(u, &r), GS_ERR_INVALID_ARGUMENT, "fill_value");
        double got = 0, nine = 9;
        CHECK_ERR(gs_tensor_fill_value(u, &got, sizeof got), GS_ERR_UNSUPPORTED, "undefined fill");
        CHECK_ERR(gs_mm(u, s, &r), GS_ERR_UNSUPPORTED, "undefined fill");
        CHECK(r == NULL);
        /* neg maps the stored (non-zero) values only. */
        CHECK_OK(gs_unary(u, "neg", NULL, &r));
        CHECK(fill_undefined(r));
        CHECK_OK(gs_with_fill_value(r, &nine, sizeof nine, &f));
        ref_t want = ref_3x4();
        for (int k = 0; k < 12; k++) want.v[k] = want.v[k] != 0 ? -want.v[k] : 9;
        CHECK(same_as_ref(f, &want));
        gs_tensor_free(&f);
        gs_tensor_free(&r);
        /* The sum of every element is the sum of the specified ones; amin too. */
        CHECK_OK(gs_reduce(u, "amin", NULL, 0, &r));
        double lo = INFINITY;
        for (int k = 0; k < 12; k++)
            if (a.v[k] != 0 && a.v[k] < lo) lo = a.v[k];
        CHECK(dense_matches(r, &lo, 1)); /* the zeros read by a zero fill would give 0 */
        gs_tensor_free(&r);
        gs_tensor_free(&u);
        gs_tensor_free(&s);
    }
    gs_tensor *s = ref_in_layout(&a, GS_SPARSE_COO, -1), *r = NULL;
    float two[] = {1, 2};
    gs_array wrong = arr1(two, GS_FLOAT32, 1);
    CHECK_ERR(gs_with_fill_array(s, &wrong, &r), GS_ERR_DTYPE, "fill_value");
    CHECK(r == NULL);
    gs_tensor_free(&s);
}

int main(void) {
    check_start();
    test_fill_reads_back_and_materialises();
    test_operators_carry_the_fill();
    test_undefined_and_array_fill_kinds();
    return check_finish("test_ops_fill");
}
