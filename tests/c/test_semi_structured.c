/* test_semi_structured.c — 2:4 semi-structured sparsity through the C ABI:
 * every case of ../shared/conformance/semi_structured/cutlass.json (values()
 * and indices() byte for byte, to_dense, from_parts, mm, linear, addmm) and
 * its refusals, then the handle and argument checks. */
#include <math.h>

#include "check.h"
#include "json_min.h"

static gs_dtype dtype_named(const char *name) {
    static const struct { const char *name; gs_dtype dtype; } table[] = {
        {"float16", GS_FLOAT16}, {"bfloat16", GS_BFLOAT16}, {"float32", GS_FLOAT32},
        {"float64", GS_FLOAT64}, {"int8", GS_INT8}, {"int16", GS_INT16}, {"int32", GS_INT32}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].name, name) == 0) return table[i].dtype;
    return -1;
}

/* A strided tensor of dtype holding a conformance array (written as float64
 * numbers, exact in dtype): built in float64, then converted by the library. */
static gs_tensor *tensor_of(const json *a, gs_dtype dtype) {
    const json *shape = json_get(a, "shape"), *data = json_get(a, "data");
    gs_array arr;
    memset(&arr, 0, sizeof arr);
    double *v = malloc((data->count ? data->count : 1) * sizeof(double));
    for (size_t i = 0; i < data->count; i++) v[i] = data->items[i].number;
    arr.data = v;
    arr.dtype = GS_FLOAT64;
    arr.ndim = (int32_t)shape->count;
    for (size_t i = 0; i < shape->count; i++) arr.shape[i] = (int64_t)shape->items[i].number;
    gs_tensor *t64 = NULL, *t = NULL;
    CHECK_OK(gs_strided_from(&arr, &t64));
    free(v);
    if (dtype == GS_FLOAT64) return t64;
    CHECK_OK(gs_to_dtype(t64, dtype, &t));
    gs_tensor_free(&t64);
    return t;
}

/* The values of a strided tensor as float64, into a malloc'd array. */
static double *float64s(const gs_tensor *t, int64_t *n) {
    gs_tensor *t64 = NULL;
    gs_array a;
    double *out = NULL;
    *n = 0;
    CHECK_OK(gs_to_dtype(t, GS_FLOAT64, &t64));
    if (t64 && gs_tensor_component(t64, GS_COMP_VALUES, &a) == GS_OK) {
        int64_t count = 1;
        for (int32_t i = 0; i < a.ndim; i++) count *= a.shape[i];
        out = malloc((size_t)(count ? count : 1) * sizeof(double));
        memcpy(out, a.data, (size_t)count * sizeof(double));
        *n = count;
    }
    gs_tensor_free(&t64);
    return out;
}

/* got (a strided tensor) equals expect within half a unit in the last place
 * of got's dtype: the products are exact in the accumulation type. */
static void check_close(const char *id, const char *what, const gs_tensor *got, const json *expect) {
    gs_dtype dt = 0;
    int64_t n = 0;
    CHECK_OK(gs_tensor_dtype(got, &dt));
    double rtol = dt == GS_FLOAT16 ? 0x1p-11 : dt == GS_BFLOAT16 ? 0x1p-8 : dt == GS_FLOAT32 ? 0x1p-24 : 0;
    double *v = float64s(got, &n);
    const json *data = json_get(expect, "data");
    if ((size_t)n != data->count) {
        CHECK_FAIL("%s %s: %lld elements, expected %zu", id, what, (long long)n, data->count);
    } else {
        for (int64_t i = 0; i < n; i++) {
            double e = data->items[i].number;
            if (fabs(v[i] - e) > rtol * fabs(e)) {
                CHECK_FAIL("%s %s: element %lld is %g, expected %g", id, what, (long long)i, v[i], e);
                break;
            }
        }
    }
    free(v);
}

/* values() as float64 equals the case's values exactly; indices() equals
 * its meta word for word in the dtype the case names. */
static void check_parts(const char *id, const gs_semi *s, const json *cutlass) {
    const json *vals = json_get(cutlass, "values"), *meta = json_get(cutlass, "meta");
    gs_array va, ia;
    CHECK_OK(gs_semi_values(s, &va));
    CHECK_OK(gs_semi_indices(s, &ia));
    const json *vshape = json_get(vals, "shape"), *mshape = json_get(meta, "shape");
    CHECK(va.ndim == 2 && va.shape[0] == (int64_t)vshape->items[0].number && va.shape[1] == (int64_t)vshape->items[1].number);
    CHECK(ia.ndim == 2 && ia.shape[0] == (int64_t)mshape->items[0].number && ia.shape[1] == (int64_t)mshape->items[1].number);
    CHECK(ia.dtype == dtype_named(json_get(meta, "dtype")->string));

    gs_tensor *vt = NULL;
    CHECK_OK(gs_strided_from(&va, &vt));
    int64_t n = 0;
    double *v = float64s(vt, &n);
    const json *vd = json_get(vals, "data");
    CHECK((size_t)n == vd->count);
    for (int64_t i = 0; i < n && (size_t)i < vd->count; i++) {
        if (v[i] != vd->items[i].number) {
            CHECK_FAIL("%s values[%lld] = %g, expected %g", id, (long long)i, v[i], vd->items[i].number);
            break;
        }
    }
    free(v);
    gs_tensor_free(&vt);

    const json *md = json_get(meta, "data");
    CHECK((size_t)(ia.shape[0] * ia.shape[1]) == md->count);
    for (size_t i = 0; i < md->count; i++) {
        int64_t got = ia.dtype == GS_INT32 ? ((const int32_t *)ia.data)[i] : ((const int16_t *)ia.data)[i];
        if (got != (int64_t)md->items[i].number) {
            CHECK_FAIL("%s meta[%zu] = %lld, expected %lld", id, i, (long long)got, (long long)md->items[i].number);
            break;
        }
    }
}

static void replay_case(const json *c) {
    const char *id = json_get(c, "id")->string;
    gs_dtype dt = dtype_named(json_get(c, "dtype")->string);
    gs_tensor *dense = tensor_of(json_get(c, "dense"), dt);
    gs_semi *s = NULL, *st = NULL, *p = NULL;
    CHECK_OK(gs_to_sparse_semi_structured(dense, &s));
    if (s == NULL) {
        gs_tensor_free(&dense);
        return;
    }
    gs_dtype sdt = 0;
    int64_t shape[2] = {0, 0};
    int32_t n = 0, m = 0, tr = -1;
    CHECK_OK(gs_semi_info(s, &sdt, shape, &n, &m, &tr));
    CHECK(sdt == dt && tr == 0);
    CHECK(n == (int32_t)json_get(c, "n")->number && m == (int32_t)json_get(c, "m")->number);
    check_parts(id, s, json_get(c, "cutlass"));

    int32_t eq = 0;
    gs_tensor *back = NULL;
    CHECK_OK(gs_semi_to_dense(s, &back));
    CHECK_OK(gs_equal(back, dense, &eq));
    CHECK(eq == 1);
    gs_tensor_free(&back);

    /* torch's pair as input gives the same matrix. */
    gs_array va, ia;
    CHECK_OK(gs_semi_values(s, &va));
    CHECK_OK(gs_semi_indices(s, &ia));
    CHECK_OK(gs_semi_from_parts(&va, &ia, &p));
    CHECK_OK(gs_semi_to_dense(p, &back));
    eq = 0;
    CHECK_OK(gs_equal(back, dense, &eq));
    CHECK(eq == 1);
    gs_tensor_free(&back);
    gs_semi_free(&p);

    const json *mm = json_get(c, "mm"), *lin = json_get(c, "linear");
    gs_tensor *x = tensor_of(json_get(mm, "dense"), dt), *r = NULL;
    CHECK_OK(gs_semi_mm(s, x, &r));
    if (r) check_close(id, "mm", r, json_get(mm, "expect"));
    gs_tensor_free(&r);
    gs_tensor_free(&x);

    gs_tensor *in = tensor_of(json_get(lin, "input"), dt), *bias = tensor_of(json_get(lin, "bias"), dt);
    CHECK_OK(gs_semi_linear(in, s, bias, &r));
    if (r) check_close(id, "linear", r, json_get(lin, "expect"));
    gs_tensor_free(&r);
    CHECK_OK(gs_semi_t(s, &st));
    CHECK_OK(gs_semi_addmm(bias, in, st, NULL, NULL, &r));
    if (r) check_close(id, "addmm", r, json_get(lin, "expect"));
    gs_tensor_free(&r);
    gs_semi_free(&st);
    gs_tensor_free(&in);
    gs_tensor_free(&bias);
    CHECK(gs_semi_free(&s) == GS_OK && s == NULL);
    gs_tensor_free(&dense);
}

static void replay_invalid(const json *inv) {
    static const char *const wants[] = {
        "strip row 0, columns 0..3", /* the why says three nonzeros; the data holds four */
        "columns must be a positive multiple of 64 for float16",
        "rows must be a positive multiple of 32 for float16",
        "needs a 2-d matrix",
    };
    CHECK(inv->count == sizeof wants / sizeof wants[0]);
    for (size_t i = 0; i < inv->count && i < sizeof wants / sizeof wants[0]; i++) {
        const json *d = json_get(&inv->items[i], "dense");
        gs_tensor *dense = tensor_of(d, dtype_named(json_get(d, "dtype")->string));
        gs_semi *s = NULL;
        CHECK_ERR(gs_to_sparse_semi_structured(dense, &s), GS_ERR_INVALID_ARGUMENT, wants[i]);
        CHECK(s == NULL);
        gs_tensor_free(&dense);
    }
}

static void test_conformance(void) {
    char path[512];
    const char *shared = getenv("GOSPARSE_SHARED");
    snprintf(path, sizeof path, "%s/conformance/semi_structured/cutlass.json", shared ? shared : "../shared");
    json *j = json_load(path);
    if (j == NULL) {
        printf("test_semi_structured: SKIP conformance: %s is absent or unreadable\n", path);
        return;
    }
    const json *cases = json_get(j, "cases"), *inv = json_get(j, "invalid");
    CHECK(cases && cases->count == 8);
    for (size_t i = 0; cases && i < cases->count; i++) replay_case(&cases->items[i]);
    if (inv) replay_invalid(inv);
    json_free(j);
    free(j);
}

/* A 32 x 64 float16 matrix, every quad [0, 0, 1, 1]: torch's docs example. */
static gs_tensor *docs_example(void) {
    static double v[32 * 64];
    for (int i = 0; i < 32 * 64; i++) v[i] = i % 4 >= 2;
    gs_array a;
    memset(&a, 0, sizeof a);
    a.data = v;
    a.dtype = GS_FLOAT64;
    a.ndim = 2;
    a.shape[0] = 32;
    a.shape[1] = 64;
    gs_tensor *t64 = NULL, *t = NULL;
    CHECK_OK(gs_strided_from(&a, &t64));
    CHECK_OK(gs_to_dtype(t64, GS_FLOAT16, &t));
    gs_tensor_free(&t64);
    return t;
}

static void test_checks(void) {
    gs_tensor *dense = docs_example(), *r = NULL, *coo = NULL;
    gs_semi *s = NULL, *stale = NULL;
    CHECK_OK(gs_to_sparse_semi_structured(dense, &s));
    gs_array ia;
    CHECK_OK(gs_semi_indices(s, &ia));
    CHECK(ia.dtype == GS_INT16 && ia.shape[0] == 32 && ia.shape[1] == 4);
    for (int i = 0; i < 32 * 4; i++) CHECK(((const int16_t *)ia.data)[i] == -4370);

    /* Handles of the other kind, freed handles and NULL are refused. */
    CHECK_ERR(gs_semi_mm((const gs_semi *)dense, dense, &r), GS_ERR_INVALID_HANDLE, "mat1 is not a live gs_semi");
    CHECK_ERR(gs_tensor_ndim((const gs_tensor *)s, &(int32_t){0}), GS_ERR_INVALID_HANDLE, "not a live gs_tensor");
    CHECK_ERR(gs_semi_info(NULL, NULL, NULL, NULL, NULL, NULL), GS_ERR_INVALID_HANDLE, "s is NULL");
    CHECK_ERR(gs_to_sparse_semi_structured(dense, NULL), GS_ERR_INVALID_ARGUMENT, "out is NULL");
    CHECK_OK(gs_semi_t(s, &stale));
    gs_semi *copy = stale;
    CHECK_OK(gs_semi_free(&stale));
    CHECK_ERR(gs_semi_free(&copy), GS_ERR_INVALID_HANDLE, "not a live gs_semi");
    CHECK_OK(gs_semi_free(NULL));

    /* Operands: dtype, shape, layout. */
    CHECK_ERR(gs_semi_mm(s, dense, &r), GS_ERR_INVALID_ARGUMENT, "gs_semi_mm: mat2: shape [32, 64]: its rows must equal the sparse operand's columns");
    CHECK_OK(gs_to_layout(dense, GS_SPARSE_COO, NULL, -1, GS_INDEX_AUTO, &coo));
    CHECK_ERR(gs_semi_mm(s, coo, &r), GS_ERR_INVALID_ARGUMENT, "mat2: layout sparse_coo");
    CHECK_ERR(gs_to_sparse_semi_structured(coo, &stale), GS_ERR_INVALID_ARGUMENT, "dense: layout sparse_coo");
    gs_tensor *t64 = NULL;
    CHECK_OK(gs_to_dtype(dense, GS_FLOAT64, &t64));
    CHECK_ERR(gs_to_sparse_semi_structured(t64, &stale), GS_ERR_DTYPE, "float64 has no semi-structured layout");
    CHECK(r == NULL && stale == NULL);

    /* A metadata nibble naming one position twice is refused, named. */
    gs_array va, bad;
    CHECK_OK(gs_semi_values(s, &va));
    int16_t words[32 * 4];
    memcpy(words, ia.data, sizeof words);
    words[0] = (int16_t)((words[0] & ~0xf) | 0x5);
    bad = ia;
    bad.data = words;
    gs_semi *p = NULL;
    CHECK_ERR(gs_semi_from_parts(&va, &bad, &p), GS_ERR_INVALID_ARGUMENT, "indices[0, 0]: nibble 0 = 0b0101 (strip row 0, columns 0..3)");
    bad.dtype = GS_INT32;
    CHECK_ERR(gs_semi_from_parts(&va, &bad, &p), GS_ERR_DTYPE, "float16 values take int16 metadata");
    CHECK(p == NULL);

    /* mask and prune. */
    CHECK_OK(gs_semi_structured_mask(t64, 1, 4, &r));
    gs_dtype dt = 0;
    CHECK_OK(gs_tensor_dtype(r, &dt));
    CHECK(dt == GS_BOOL);
    gs_tensor_free(&r);
    CHECK_ERR(gs_semi_structured_mask(t64, 5, 4, &r), GS_ERR_INVALID_ARGUMENT, "0 <= n <= m");
    CHECK_OK(gs_prune_semi_structured(dense, &r));
    int32_t eq = 0;
    CHECK_OK(gs_equal(r, dense, &eq));
    CHECK(eq == 1); /* already 2:4: pruning keeps it */
    gs_tensor_free(&r);

    gs_tensor_free(&t64);
    gs_tensor_free(&coo);
    gs_semi_free(&s);
    gs_tensor_free(&dense);
}

int main(void) {
    check_start();
    test_conformance();
    test_checks();
    return check_finish("test_semi_structured");
}
