/* test_const_arrays.c — const-correct input arrays (gs_const_array and GS_IN)
 * next to the old spelling (gs_array), with the same ABI.
 *
 * Built by CTest three times, each with -Wall -Wextra -Wpedantic -Wcast-qual
 * -Werror: as C11 (test_const_arrays), as C99 (test_const_arrays_c99) and as
 * C++17 (test_const_arrays_cpp, from tests/cpp/const_arrays.cpp). No cast in
 * this file drops a const: -Wcast-qual would refuse it. */
#include <stddef.h>

#include "check.h"

/* gs_const_array is gs_array with a const pointer: the same layout, so the
 * library reads either. */
static void test_layout(void) {
    CHECK(sizeof(gs_const_array) == sizeof(gs_array));
    CHECK(offsetof(gs_const_array, data) == offsetof(gs_array, data));
    CHECK(offsetof(gs_const_array, dtype) == offsetof(gs_array, dtype));
    CHECK(offsetof(gs_const_array, ndim) == offsetof(gs_array, ndim));
    CHECK(offsetof(gs_const_array, shape) == offsetof(gs_array, shape));
    gs_const_array a;
    memset(&a, 0, sizeof a);
    const gs_const_array *pa = &a;
    /* GS_IN is the same address, seen as the type the functions take. */
    const void *seen = GS_IN(pa);
    CHECK(seen == (const void *)pa);
    CHECK((const void *)GS_IN(&a) == (const void *)&a);
}

/* The 3x4 matrix of check.h, as [[0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 4, 0]]. */
static const int64_t coo_idx[8] = {0, 0, 2, 2, 1, 3, 0, 2};
static const double coo_val[4] = {1, 2, 3, 4};
static const int64_t coo_size[2] = {3, 4};

static int matches_3x4(const gs_tensor *t) {
    double want[12];
    for (int k = 0; k < 12; k++) want[k] = coo_3x4_dense(k);
    return dense_matches(t, want, 12);
}

/* New code: const data goes in through gs_const_array and GS_IN, no cast. */
static void test_const_inputs(void) {
    gs_const_array i, v;
    memset(&i, 0, sizeof i);
    memset(&v, 0, sizeof v);
    i.data = coo_idx;
    i.dtype = GS_INT64;
    i.ndim = 2;
    i.shape[0] = 2;
    i.shape[1] = 4;
    v.data = coo_val;
    v.dtype = GS_FLOAT64;
    v.ndim = 1;
    v.shape[0] = 4;
    const gs_array *ci = GS_IN(&i), *cv = GS_IN(&v);
    gs_tensor *t = NULL, *csr = NULL, *w = NULL;
    CHECK_OK(gs_sparse_coo_from(ci, cv, 2, coo_size, GS_FLAGS_DEFAULT, &t));
    CHECK(matches_3x4(t));

    /* CSR from const arrays, and a dense vector from const data. */
    static const int32_t crow[4] = {0, 2, 2, 4}, col[4] = {1, 3, 0, 2};
    const gs_const_array vals = {coo_val, GS_FLOAT64, 1, {4}}; /* positional, const */
    gs_const_array c, p;
    memset(&c, 0, sizeof c);
    memset(&p, 0, sizeof p);
    c.data = crow;
    c.dtype = GS_INT32;
    c.ndim = 1;
    c.shape[0] = 4;
    p = c;
    p.data = col;
    CHECK_OK(gs_sparse_compressed_from(GS_SPARSE_CSR, GS_IN(&c), GS_IN(&p), GS_IN(&vals), 2, coo_size, GS_FLAGS_DEFAULT, &csr));
    CHECK(matches_3x4(csr));
    int32_t eq = 0;
    CHECK_OK(gs_equal(t, csr, &eq));
    CHECK(eq == 1);

    static const double x[4] = {1, 10, 100, 1000};
    gs_const_array xa;
    memset(&xa, 0, sizeof xa);
    xa.data = x;
    xa.dtype = GS_FLOAT64;
    xa.ndim = 1;
    xa.shape[0] = 4;
    gs_tensor *xt = NULL, *y = NULL;
    CHECK_OK(gs_strided_from(GS_IN(&xa), &xt));
    CHECK_OK(gs_mv(csr, xt, &y));
    const double ywant[3] = {2010, 0, 403};
    CHECK(dense_matches(y, ywant, 3));

    /* Borrowed const data: gs_strided_wrap reads it, never writes it (the
     * wrapped tensor is not an out=). */
    CHECK_OK(gs_strided_wrap(GS_IN(&xa), NULL, NULL, &w));
    CHECK(dense_matches(w, x, 4));

    /* index_select with a const index array. */
    static const int64_t rows[2] = {2, 0};
    gs_const_array ia;
    memset(&ia, 0, sizeof ia);
    ia.data = rows;
    ia.dtype = GS_INT64;
    ia.ndim = 1;
    ia.shape[0] = 2;
    gs_tensor *sel = NULL;
    CHECK_OK(gs_index_select(t, 0, GS_IN(&ia), &sel));
    const double selwant[8] = {3, 0, 4, 0, 0, 1, 0, 2};
    CHECK(dense_matches(sel, selwant, 8));

    /* A refusal names the argument and leaves the const inputs as they were. */
    gs_const_array bad = v;
    bad.shape[0] = 3;
    gs_tensor *none = NULL;
    CHECK_ERR(gs_sparse_coo_from(ci, GS_IN(&bad), 2, coo_size, GS_FLAGS_DEFAULT, &none), GS_ERR_INVALID_ARGUMENT,
              "values");
    CHECK(none == NULL);

    CHECK_OK(gs_tensor_free(&sel));
    CHECK_OK(gs_tensor_free(&w));
    CHECK_OK(gs_tensor_free(&y));
    CHECK_OK(gs_tensor_free(&xt));
    CHECK_OK(gs_tensor_free(&csr));
    CHECK_OK(gs_tensor_free(&t));
}

/* Old code: gs_array over mutable buffers, positional initialisers, lent
 * outputs read through data. It compiles and links unchanged. */
static void test_old_spelling(void) {
    int64_t idx[8];
    double val[4];
    memcpy(idx, coo_idx, sizeof idx);
    memcpy(val, coo_val, sizeof val);
    gs_array i = {idx, GS_INT64, 2, {2, 4}};
    gs_array v;
    memset(&v, 0, sizeof v);
    v.data = val;
    v.dtype = GS_FLOAT64;
    v.ndim = 1;
    v.shape[0] = 4;
    int64_t size[2] = {3, 4};
    gs_tensor *t = NULL;
    CHECK_OK(gs_sparse_coo_from(&i, &v, 2, size, GS_FLAGS_DEFAULT, &t));
    CHECK(matches_3x4(t));
    gs_array lent;
    CHECK_OK(gs_tensor_component(t, GS_COMP_RAW_VALUES, &lent));
    const double *lv = (const double *)lent.data;
    CHECK(lent.ndim == 1 && lent.shape[0] == 4 && lv[0] == 1 && lv[3] == 4);
    CHECK_OK(gs_tensor_free(&t));
}

int main(void) {
    check_start();
    test_layout();
    test_const_inputs();
    test_old_spelling();
    return check_finish("test_const_arrays");
}
