/* test_formats.c — formats as text: gs_format_check, gs_to_format,
 * gs_tensor_format, the storage getters and gs_sparse_format_from, replaying
 * ../shared/conformance/ust/formats.json (GOSPARSE_SHARED from CTest): every
 * case's storage element for element, back to dense and rebuilt from the
 * reference's arrays; every invalid format refused naming the rule. */
#include <unistd.h>

#include "check.h"
#include "json_lite.h"

static int64_t index_at(const gs_array *a, int64_t i) {
    return a->dtype == GS_INT32 ? ((const int32_t *)a->data)[i] : ((const int64_t *)a->data)[i];
}

/* check_index compares a lent pos or crd with the reference's (an absent
 * array, data NULL, stands for an empty one). */
static void check_index(const gs_array *a, const json *want, const char *id, const char *what, int l) {
    if (a->data == NULL) {
        if (want->n != 0) CHECK_FAIL("%s: level %d %s absent, the reference has %d entries", id, l, what, want->n);
        return;
    }
    if (a->ndim != 1 || a->shape[0] != want->n || (a->dtype != GS_INT32 && a->dtype != GS_INT64)) {
        CHECK_FAIL("%s: level %d %s: ndim %d, %lld entries of dtype %d; the reference has %d", id, l, what,
                   (int)a->ndim, (long long)a->shape[0], (int)a->dtype, want->n);
        return;
    }
    for (int i = 0; i < want->n; i++) {
        if (index_at(a, i) != (int64_t)want->items[i].num) {
            CHECK_FAIL("%s: level %d %s[%d] = %lld, the reference has %lld", id, l, what, i,
                       (long long)index_at(a, i), (long long)want->items[i].num);
            return;
        }
    }
}

/* check_dense compares a tensor's dense value with the case's data. */
static void check_dense(const gs_tensor *t, const json *data, const char *id, const char *what) {
    gs_tensor *d = NULL;
    CHECK_OK(gs_to_dense(t, &d));
    gs_array v;
    if (d && gs_tensor_component(d, GS_COMP_VALUES, &v) == GS_OK) {
        for (int i = 0; i < data->n; i++) {
            if (((const double *)v.data)[i] != data->items[i].num) {
                CHECK_FAIL("%s: %s: element %d = %g, want %g", id, what, i, ((const double *)v.data)[i],
                           data->items[i].num);
                break;
            }
        }
    }
    gs_tensor_free(&d);
}

static int64_t *int64s(const json *a) {
    int64_t *out = malloc((a->n + 1) * sizeof *out);
    for (int i = 0; i < a->n; i++) out[i] = (int64_t)a->items[i].num;
    return out;
}

static double *doubles(const json *a) {
    double *out = malloc((a->n + 1) * sizeof *out);
    for (int i = 0; i < a->n; i++) out[i] = a->items[i].num;
    return out;
}

/* Counts the release callbacks of gs_sparse_format_wrap. */
static int released;
static void count_release(void *ctx) {
    (void)ctx;
    released++;
}

/* Wraps int32 copies of the reference's level arrays (the caller's width)
 * and its values: the storage getters lend those very buffers, the tensor
 * reads back to the dense input, and release runs once, at the free of the
 * last tensor that uses them. */
static void wrap_case(const char *text, int ndim, const int64_t *shp, int nl, const gs_array *pos64,
                      const gs_array *crd64, const gs_array *va, const json *data, const char *id) {
    gs_array *pos = calloc(nl + 1, sizeof *pos), *crd = calloc(nl + 1, sizeof *crd);
    int32_t **bufs = calloc(2 * nl + 1, sizeof *bufs);
    for (int l = 0; l < 2 * nl; l++) {
        const gs_array *src = l % 2 ? &crd64[l / 2] : &pos64[l / 2];
        gs_array *dst = l % 2 ? &crd[l / 2] : &pos[l / 2];
        bufs[l] = malloc((src->shape[0] + 1) * sizeof(int32_t));
        for (int64_t i = 0; i < src->shape[0]; i++) bufs[l][i] = (int32_t)((const int64_t *)src->data)[i];
        *dst = arr1(bufs[l], GS_INT32, src->shape[0]);
    }
    double *vals = malloc((va->shape[0] + 1) * sizeof *vals);
    memcpy(vals, va->data, va->shape[0] * sizeof *vals);
    gs_array v = arr1(vals, GS_FLOAT64, va->shape[0]);
    gs_tensor *w = NULL;
    int before = released;
    CHECK_OK(gs_sparse_format_wrap(text, ndim, shp, nl, pos, crd, &v, GS_FLAGS_DEFAULT, count_release, NULL, &w));
    gs_layout layout = -1;
    if (w) CHECK_OK(gs_tensor_layout(w, &layout));
    if (w && layout == GS_CUSTOM) {
        for (int l = 0; l < nl; l++) {
            gs_array p, q;
            CHECK_OK(gs_tensor_storage_level(w, l, &p, &q));
            if (pos[l].shape[0] > 0 && p.data != bufs[2 * l]) CHECK_FAIL("%s: wrapped pos[%d] is a copy", id, l);
            if (crd[l].shape[0] > 0 && q.data != bufs[2 * l + 1]) CHECK_FAIL("%s: wrapped crd[%d] is a copy", id, l);
        }
        gs_array got;
        CHECK_OK(gs_tensor_storage_values(w, &got));
        if (va->shape[0] > 0 && got.data != vals) CHECK_FAIL("%s: wrapped values are a copy", id);
    }
    if (w) check_dense(w, data, id, "to_dense(sparse_format_wrap(reference arrays))");
    if (released != before) CHECK_FAIL("%s: released while the tensor lives", id);
    gs_tensor_free(&w);
    if (released != before + 1) CHECK_FAIL("%s: release ran %d times at free", id, released - before);
    for (int l = 0; l < 2 * nl; l++) free(bufs[l]);
    free(bufs);
    free(pos);
    free(crd);
    free(vals);
}

static void replay_case(const json *c) {
    const char *id = json_get(c, "id")->str, *text = json_get(c, "format")->str;
    const json *dense = json_get(c, "dense"), *expect = json_get(c, "expect");
    const json *shape = json_get(dense, "shape"), *data = json_get(dense, "data");
    const json *levels = json_get(expect, "levels"), *values = json_get(expect, "values");
    const json *sizes = json_get(expect, "level_sizes");
    int64_t *shp = int64s(shape);
    double *dat = doubles(data);
    gs_array in;
    memset(&in, 0, sizeof in);
    in.data = dat;
    in.dtype = GS_FLOAT64;
    in.ndim = shape->n;
    for (int d = 0; d < shape->n; d++) in.shape[d] = shp[d];
    gs_tensor *src = NULL, *x = NULL, *y = NULL;
    CHECK_OK(gs_strided_from(&in, &src));
    CHECK_OK(gs_to_format(src, text, &x));
    if (x) {
        int64_t lsz[GS_MAX_NDIM * 4], nse = -1;
        int32_t nl = -1;
        CHECK_OK(gs_tensor_storage_sizes(x, lsz, GS_MAX_NDIM * 4, &nl, &nse));
        if (nl != levels->n || nse != (int64_t)json_get(expect, "nse")->num)
            CHECK_FAIL("%s: %d levels and nse %lld, want %d and %g", id, nl, (long long)nse, levels->n,
                       json_get(expect, "nse")->num);
        for (int l = 0; l < nl && l < sizes->n; l++)
            if (lsz[l] != (int64_t)sizes->items[l].num) CHECK_FAIL("%s: level %d size %lld", id, l, (long long)lsz[l]);
        for (int l = 0; l < nl && l < levels->n; l++) {
            gs_array pos, crd;
            CHECK_OK(gs_tensor_storage_level(x, l, &pos, &crd));
            check_index(&pos, json_get(&levels->items[l], "pos"), id, "pos", l);
            check_index(&crd, json_get(&levels->items[l], "crd"), id, "crd", l);
        }
        gs_array v;
        CHECK_OK(gs_tensor_storage_values(x, &v));
        if (v.ndim != 1 || v.shape[0] != values->n || v.dtype != GS_FLOAT64) {
            CHECK_FAIL("%s: values of %lld elements, want %d", id, (long long)v.shape[0], values->n);
        } else {
            for (int i = 0; i < values->n; i++)
                if (((const double *)v.data)[i] != values->items[i].num) {
                    CHECK_FAIL("%s: values[%d] = %g, want %g", id, i, ((const double *)v.data)[i], values->items[i].num);
                    break;
                }
        }
        gs_layout layout = -1;
        CHECK_OK(gs_tensor_layout(x, &layout));
        if (layout == GS_CUSTOM) {
            char got[512], want[512];
            int64_t n1 = 0, n2 = 0;
            CHECK_OK(gs_tensor_format(x, got, sizeof got, &n1));
            CHECK_OK(gs_format_check(text, want, sizeof want, &n2));
            CHECK_STR(got, want);
        }
        check_dense(x, data, id, "to_dense(to_format(x))");
    }
    /* Rebuilt from the reference's arrays. */
    int nl = levels->n;
    gs_array *pos = calloc(nl + 1, sizeof *pos), *crd = calloc(nl + 1, sizeof *crd);
    int64_t **bufs = calloc(2 * nl + 1, sizeof *bufs);
    for (int l = 0; l < nl; l++) {
        const json *p = json_get(&levels->items[l], "pos"), *q = json_get(&levels->items[l], "crd");
        bufs[2 * l] = int64s(p);
        bufs[2 * l + 1] = int64s(q);
        pos[l] = arr1(bufs[2 * l], GS_INT64, p->n);
        crd[l] = arr1(bufs[2 * l + 1], GS_INT64, q->n);
    }
    double *vals = doubles(values);
    gs_array va = arr1(vals, GS_FLOAT64, values->n);
    CHECK_OK(gs_sparse_format_from(text, shape->n, shp, nl, pos, crd, &va, GS_FLAGS_DEFAULT, &y));
    if (y) check_dense(y, data, id, "to_dense(sparse_format_from(reference arrays))");
    wrap_case(text, shape->n, shp, nl, pos, crd, &va, data, id);
    for (int l = 0; l < 2 * nl; l++) free(bufs[l]);
    free(bufs);
    free(pos);
    free(crd);
    free(vals);
    free(shp);
    free(dat);
    gs_tensor_free(&src);
    gs_tensor_free(&x);
    gs_tensor_free(&y);
}

/* Every invalid format and text is refused; the message names the rule. */
static void check_invalid(const json *list) {
    for (int i = 0; list && i < list->n; i++) {
        const char *text = json_get(&list->items[i], "format")->str;
        int64_t needed = -1;
        gs_status st = gs_format_check(text, NULL, 0, &needed);
        const char *msg = gs_last_error();
        if (st != GS_ERR_INVALID_ARGUMENT)
            CHECK_FAIL("gs_format_check(%s) returned %d", text, (int)st);
        else if (!strstr(msg, "format") || !(strstr(msg, "must") || strstr(msg, "cannot") || strstr(msg, "level types are")))
            CHECK_FAIL("gs_format_check(%s): the message names no rule: %s", text, msg);
    }
}

static void test_conformance(void) {
    const char *shared = getenv("GOSPARSE_SHARED");
    char path[1024];
    snprintf(path, sizeof path, "%s/conformance/ust/formats.json", shared ? shared : "../shared");
    if (access(path, R_OK) != 0) {
        printf("test_formats: SKIP conformance: %s is absent\n", path);
        return;
    }
    json root;
    if (json_read(path, &root) != 0) {
        CHECK_FAIL("cannot parse %s", path);
        return;
    }
    const json *cases = json_get(&root, "cases");
    CHECK(cases && cases->n == 275);
    for (int i = 0; cases && i < cases->n; i++) replay_case(&cases->items[i]);
    check_invalid(json_get(&root, "invalid_formats"));
    check_invalid(json_get(&root, "invalid_text"));
    json_free(&root);
}

/* gs_format_check's canonical text, truncation and argument checks. */
static void test_format_check(void) {
    char buf[64];
    int64_t needed = -1;
    CHECK_OK(gs_format_check("(i,j)->(j-i:compressed,i:range)", buf, sizeof buf, &needed));
    CHECK_STR(buf, "(i, j) -> (j - i : compressed, i : range)");
    CHECK(needed == (int64_t)strlen(buf));
    CHECK_OK(gs_format_check("(i,j)->(j-i:compressed,i:range)", buf, 7, &needed));
    CHECK_STR(buf, "(i, j)");
    CHECK(needed == 41);
    CHECK_ERR(gs_format_check(NULL, buf, sizeof buf, &needed), GS_ERR_INVALID_ARGUMENT, "text is NULL");
    CHECK_ERR(gs_format_check("(i) -> (i : dense)", NULL, 4, &needed), GS_ERR_INVALID_ARGUMENT, "canonical is NULL");
    CHECK_ERR(gs_format_check("(i) -> (i : dense)", buf, 4, NULL), GS_ERR_INVALID_ARGUMENT, "needed is NULL");
    CHECK_ERR(gs_format_check("(i, j) -> (j - i : compressed, i : dense)", buf, sizeof buf, &needed),
              GS_ERR_INVALID_ARGUMENT, "level 0 (j - i : compressed): every a + b and a - b must be matched");
}

/* A DIA tensor: its format text, its storage, operators on it, and the
 * named formats giving their layouts. */
static void test_dia_tensor(void) {
    double d[9] = {1, 2, 0, 3, 4, 5, 0, 6, 7}; /* tridiagonal 3 x 3 */
    gs_array a = arr2(d, GS_FLOAT64, 3, 3);
    gs_tensor *m = NULL, *dia = NULL, *csr = NULL, *back = NULL, *tr = NULL, *trd = NULL;
    CHECK_OK(gs_strided_from(&a, &m));
    CHECK_OK(gs_to_format(m, "(i, j) -> (j - i : compressed, i : range)", &dia));
    gs_layout layout = -1;
    CHECK_OK(gs_tensor_layout(dia, &layout));
    CHECK(layout == GS_CUSTOM);
    const char *name = NULL;
    CHECK_OK(gs_layout_name(GS_CUSTOM, &name));
    CHECK_STR(name, "custom");
    gs_array pos, crd, v;
    CHECK_OK(gs_tensor_storage_level(dia, 0, &pos, &crd));
    CHECK(pos.data != NULL && pos.shape[0] == 2 && crd.shape[0] == 3);
    CHECK(index_at(&crd, 0) == -1 && index_at(&crd, 2) == 1);
    CHECK_OK(gs_tensor_storage_level(dia, 1, &pos, &crd));
    CHECK(pos.data == NULL && crd.data == NULL); /* a range level stores neither */
    /* ... and lends them of the storage's index dtype, which index_width reports */
    CHECK(pos.dtype == GS_INT32 && crd.dtype == GS_INT32);
    int32_t width = 0;
    CHECK_OK(gs_tensor_index_width(dia, &width));
    CHECK(width == 32);
    CHECK_OK(gs_tensor_storage_values(dia, &v));
    CHECK(v.shape[0] == 9);
    CHECK_ERR(gs_tensor_storage_level(dia, 2, &pos, &crd), GS_ERR_INDEX, "level = 2 is out of range");
    /* Operators read it; the results equal the dense ones. */
    int32_t eq = -1;
    CHECK_OK(gs_equal(dia, m, &eq));
    CHECK(eq == 1);
    CHECK_OK(gs_transpose(dia, 0, 1, &tr));
    CHECK_OK(gs_transpose(m, 0, 1, &trd));
    CHECK_OK(gs_equal(tr, trd, &eq));
    CHECK(eq == 1);
    /* Element-wise ops keep the format: dia + dia is DIA-I, equal to 2 * m. */
    gs_tensor *sum = NULL, *twice = NULL;
    CHECK_OK(gs_binary(dia, dia, "add", NULL, &sum));
    CHECK_OK(gs_binary(m, m, "add", NULL, &twice));
    CHECK_OK(gs_tensor_layout(sum, &layout));
    CHECK(layout == GS_CUSTOM);
    CHECK_OK(gs_equal(sum, twice, &eq));
    CHECK(eq == 1);
    gs_tensor_free(&sum);
    gs_tensor_free(&twice);
    /* A named format gives its layout; and back to DIA through CSR. */
    CHECK_OK(gs_to_format(dia, "(r, c) -> (r : dense, c : compressed)", &csr));
    CHECK_OK(gs_tensor_layout(csr, &layout));
    CHECK(layout == GS_SPARSE_CSR);
    char text[128];
    int64_t needed = 0;
    CHECK_OK(gs_tensor_format(csr, text, sizeof text, &needed));
    CHECK_STR(text, "(i, j) -> (i : dense, j : compressed)");
    CHECK_OK(gs_tensor_format(m, text, sizeof text, &needed));
    CHECK_STR(text, "(i, j) -> (i : dense, j : dense)");
    CHECK_OK(gs_to_format(csr, "(i, j) -> (j - i : compressed, i : range)", &back));
    CHECK_OK(gs_equal(back, m, &eq));
    CHECK(eq == 1);
    CHECK_ERR(gs_to_format(m, "(i) -> (i : dense)", &back), GS_ERR_INVALID_ARGUMENT, "has 1 dimensions, the tensor 2");
    CHECK_ERR(gs_to_format(m, "(i, j) -> (i : sparse)", &back), GS_ERR_INVALID_ARGUMENT, "format: format level 0");
    CHECK_ERR(gs_to_format(m, "(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(2))", &back),
              GS_ERR_INVALID_ARGUMENT, "4 does not divide size(j) = 3");
    gs_tensor *keep = back;
    gs_tensor_free(&keep);
    gs_tensor_free(&m);
    gs_tensor_free(&dia);
    gs_tensor_free(&csr);
    gs_tensor_free(&tr);
    gs_tensor_free(&trd);
}

/* DIA of a matrix whose two nonzeros sit on far apart diagonals, over a
 * small memory limit: refused before allocating. */
static void test_too_large(void) {
    int64_t idx[4] = {0, 99999, 99999, 0};
    double v[2] = {1, 2};
    gs_array ia = arr2(idx, GS_INT64, 2, 2), va = arr1(v, GS_FLOAT64, 2);
    int64_t size[2] = {100000, 100000};
    gs_tensor *coo = NULL, *dia = NULL;
    CHECK_OK(gs_sparse_coo_from(&ia, &va, 2, size, GS_FLAGS_DEFAULT, &coo));
    int64_t old = 0;
    CHECK_OK(gs_get_memory_limit(&old));
    CHECK_OK(gs_set_memory_limit(1 << 20));
    CHECK_ERR(gs_to_format(coo, "(i, j) -> (j - i : compressed, i : range)", &dia), GS_ERR_TOO_LARGE, "over the byte limit");
    CHECK(dia == NULL);
    CHECK_OK(gs_set_memory_limit(old));
    gs_tensor_free(&coo);
}

/* gs_sparse_format_from refuses bad storage naming the array, index and rule. */
static void test_bad_storage(void) {
    const char *dia = "(i, j) -> (j - i : compressed, i : range)";
    int64_t size[2] = {2, 2};
    int64_t p_ok[2] = {0, 1}, p_bad[2] = {0, 2}, c_ok[1] = {0}, c_far[1] = {2};
    double v[2] = {1, 2};
    gs_array none;
    memset(&none, 0, sizeof none);
    gs_array va = arr1(v, GS_FLOAT64, 2);
    gs_tensor *t = NULL;
    gs_array pos[2] = {arr1(p_ok, GS_INT64, 2), none}, crd[2] = {arr1(c_far, GS_INT64, 1), none};
    CHECK_ERR(gs_sparse_format_from(dia, 2, size, 2, pos, crd, &va, 0, &t), GS_ERR_INDEX,
              "crd[0][0] = 2 is outside level 0's coordinates -1..1");
    pos[0] = arr1(p_bad, GS_INT64, 2);
    crd[0] = arr1(c_ok, GS_INT64, 1);
    CHECK_ERR(gs_sparse_format_from(dia, 2, size, 2, pos, crd, &va, 0, &t), GS_ERR_INVALID_ARGUMENT,
              "pos[0][1] = 2: the last pos must equal the length of crd[0], 1");
    pos[0] = arr1(p_ok, GS_INT64, 2);
    gs_array v1 = arr1(v, GS_FLOAT64, 1);
    CHECK_ERR(gs_sparse_format_from(dia, 2, size, 2, pos, crd, &v1, 0, &t), GS_ERR_INVALID_ARGUMENT,
              "values has 1 elements; the storage has 2");
    CHECK_ERR(gs_sparse_format_from(dia, 2, size, 3, pos, crd, &va, 0, &t), GS_ERR_INVALID_ARGUMENT,
              "num_levels = 3: the format");
    CHECK_ERR(gs_sparse_format_from("(i, j) -> (j - i : compressed)", 2, size, 1, pos, crd, &va, 0, &t),
              GS_ERR_INVALID_ARGUMENT, "must be matched by a later range level");
    CHECK(t == NULL);
    CHECK_OK(gs_sparse_format_from(dia, 2, size, 2, pos, crd, &va, 0, &t));
    gs_tensor_free(&t);
    /* The wrap refuses the same storage, and then never calls release. */
    int before = released;
    crd[0] = arr1(c_far, GS_INT64, 1);
    CHECK_ERR(gs_sparse_format_wrap(dia, 2, size, 2, pos, crd, &va, 0, count_release, NULL, &t), GS_ERR_INDEX,
              "crd[0][0] = 2 is outside level 0's coordinates -1..1");
    CHECK(t == NULL && released == before);
    CHECK_ERR(gs_sparse_format_wrap(dia, 2, size, 2, pos, crd, &va, 0, count_release, NULL, NULL),
              GS_ERR_INVALID_ARGUMENT, "out");
}

/* A wrapped int32 DIA-I matrix takes the DIA product straight from the
 * caller's arrays; results computed from it outlive it. */
static void test_wrap_dia_product(void) {
    /* [[1, 2, 0], [3, 4, 5], [0, 6, 7]]: offsets -1, 0, 1, stride 3. */
    int32_t p[2] = {0, 3}, c[3] = {-1, 0, 1};
    double v[9] = {0, 3, 6, 1, 4, 7, 2, 5, 0}, x[3] = {1, 10, 100};
    int64_t size[2] = {3, 3};
    gs_array none;
    memset(&none, 0, sizeof none);
    gs_array pos[2] = {arr1(p, GS_INT32, 2), none}, crd[2] = {arr1(c, GS_INT32, 3), none};
    gs_array va = arr1(v, GS_FLOAT64, 9), xa = arr1(x, GS_FLOAT64, 3);
    gs_tensor *t = NULL, *xv = NULL, *y = NULL;
    int before = released;
    CHECK_OK(gs_sparse_format_wrap("(i, j) -> (j - i : compressed, i : range)", 2, size, 2, pos, crd, &va, 0,
                                   count_release, NULL, &t));
    CHECK_OK(gs_strided_from(&xa, &xv));
    /* A detached handle shares the tensor, so it holds the borrow too. */
    gs_tensor *d = NULL;
    CHECK_OK(gs_detach(t, &d));
    gs_tensor_free(&t);
    CHECK(released == before);
    CHECK_OK(gs_mv(d, xv, &y));
    gs_array lent, unused;
    CHECK_OK(gs_tensor_storage_level(d, 0, &unused, &lent));
    CHECK(lent.data == (void *)c && lent.dtype == GS_INT32);
    gs_tensor_free(&d);
    CHECK(released == before + 1);
    gs_array ya;
    CHECK_OK(gs_tensor_component(y, GS_COMP_VALUES, &ya));
    const double *yd = ya.data;
    CHECK(yd[0] == 21 && yd[1] == 543 && yd[2] == 760);
    gs_tensor_free(&xv);
    gs_tensor_free(&y);
}

/* gs_tensor_storage_bytes: a custom tensor holds its storage and nothing more
 * (gs_tensor_nnz counts from it), a component lent or not (the handle keeps
 * the COO tensor it lends from); named layouts count their arrays. */
static void test_storage_bytes(void) {
    int64_t p[2] = {0, 3}, c[3] = {-1, 0, 1};
    double v[9] = {0, 3, 6, 1, 4, 7, 2, 5, 0};
    int64_t size[2] = {3, 3};
    gs_array none;
    memset(&none, 0, sizeof none);
    gs_array pos[2] = {arr1(p, GS_INT64, 2), none}, crd[2] = {arr1(c, GS_INT64, 3), none};
    gs_array va = arr1(v, GS_FLOAT64, 9);
    gs_tensor *dia = NULL, *csr = NULL, *dense = NULL;
    int64_t n = -1;
    CHECK_OK(gs_sparse_format_from("(i, j) -> (j - i : compressed, i : range)", 2, size, 2, pos, crd, &va, 0, &dia));
    CHECK_OK(gs_tensor_storage_bytes(dia, &n));
    CHECK(n == 2 * 8 + 3 * 8 + 9 * 8); /* pos, crd (int64), values: no COO copy */
    CHECK_OK(gs_to_format(dia, "(i, j) -> (i : dense, j : compressed)", &csr));
    CHECK_OK(gs_tensor_storage_bytes(csr, &n));
    CHECK(n == 4 * 4 + 7 * 4 + 7 * 8); /* int32 crow and col, 7 values */
    CHECK_OK(gs_to_dense(csr, &dense));
    CHECK_OK(gs_tensor_storage_bytes(dense, &n));
    CHECK(n == 9 * 8);
    int64_t nse = -1;
    CHECK_OK(gs_tensor_nnz(dia, &nse)); /* counted from the storage: nothing kept */
    CHECK(nse == 7);
    CHECK_OK(gs_tensor_storage_bytes(dia, &n));
    CHECK(n == 2 * 8 + 3 * 8 + 9 * 8);
    gs_array vals;
    CHECK_OK(gs_tensor_component(dia, GS_COMP_VALUES, &vals)); /* lent from the handle's COO tensor */
    CHECK_OK(gs_tensor_storage_bytes(dia, &n));
    CHECK(n == 2 * 8 + 3 * 8 + 9 * 8);
    CHECK_ERR(gs_tensor_storage_bytes(dia, NULL), GS_ERR_INVALID_ARGUMENT, "out is NULL");
    gs_tensor_free(&dia);
    gs_tensor_free(&csr);
    gs_tensor_free(&dense);
}

/* same_array: a and b have one dtype, shape and contents. */
static int same_array(const gs_array *a, const gs_array *b) {
    if (a->dtype != b->dtype || a->ndim != b->ndim) return 0;
    int64_t n = 1;
    for (int d = 0; d < a->ndim; d++) {
        if (a->shape[d] != b->shape[d]) return 0;
        n *= a->shape[d];
    }
    size_t es = a->dtype == GS_INT32 ? 4 : 8; /* the int32, int64 and float64 arrays below */
    return n == 0 || memcmp(a->data, b->data, (size_t)n * es) == 0;
}

/* Every getter of the named layouts' arrays (components, levels, level info)
 * on a DIA tensor gives what it gives on the equivalent COO tensor, the same
 * pointer on every call until the free; the DIA tensor's storage bytes stay
 * its storage (what is lent is the handle's COO tensor, not the tensor's). */
static void test_custom_lends_coo(void) {
    int64_t p[2] = {0, 3}, c[3] = {-1, 0, 1};
    double v[9] = {0, 3, 6, 1, 4, 7, 2, 5, 0};
    int64_t size[2] = {3, 3};
    gs_array none;
    memset(&none, 0, sizeof none);
    gs_array pos[2] = {arr1(p, GS_INT64, 2), none}, crd[2] = {arr1(c, GS_INT64, 3), none};
    gs_array va = arr1(v, GS_FLOAT64, 9);
    gs_tensor *dia = NULL, *coo = NULL;
    CHECK_OK(gs_sparse_format_from("(i, j) -> (j - i : compressed, i : range)", 2, size, 2, pos, crd, &va, 0, &dia));
    CHECK_OK(gs_to_layout(dia, GS_SPARSE_COO, NULL, -1, GS_INDEX_AUTO, &coo));
    int64_t storage = -1, n = -1;
    CHECK_OK(gs_tensor_storage_bytes(dia, &storage));
    CHECK(storage == 2 * 8 + 3 * 8 + 9 * 8);
    gs_component comps[4] = {GS_COMP_VALUES, GS_COMP_INDICES, GS_COMP_RAW_INDICES, GS_COMP_RAW_VALUES};
    for (int k = 0; k < 4; k++) {
        gs_array a, a2, b;
        CHECK_OK(gs_tensor_component(dia, comps[k], &a));
        CHECK_OK(gs_tensor_component(coo, comps[k], &b));
        CHECK_OK(gs_tensor_component(dia, comps[k], &a2));
        if (!same_array(&a, &b)) CHECK_FAIL("component %d: the DIA tensor lends other arrays than its COO tensor", (int)comps[k]);
        CHECK(a.data == a2.data);
    }
    gs_array crow;
    CHECK_ERR(gs_tensor_component(dia, GS_COMP_CROW_INDICES, &crow), GS_ERR_INVALID_ARGUMENT, "crow_indices");
    int32_t nl = -1, nlc = -2;
    CHECK_OK(gs_tensor_num_levels(dia, &nl));
    CHECK_OK(gs_tensor_num_levels(coo, &nlc));
    CHECK(nl == 2 && nl == nlc);
    for (int32_t l = 0; l < nl; l++) {
        int32_t kind[2], dim[2], expr[2], unique[2], ordered[2];
        int64_t cc[2], sz[2];
        CHECK_OK(gs_tensor_level_info(dia, l, &kind[0], &dim[0], &expr[0], &cc[0], &sz[0], &unique[0], &ordered[0]));
        CHECK_OK(gs_tensor_level_info(coo, l, &kind[1], &dim[1], &expr[1], &cc[1], &sz[1], &unique[1], &ordered[1]));
        CHECK(kind[0] == kind[1] && dim[0] == dim[1] && expr[0] == expr[1] && cc[0] == cc[1] && sz[0] == sz[1] &&
              unique[0] == unique[1] && ordered[0] == ordered[1]);
        gs_array a, a2, b;
        if (kind[0] == GS_LEVEL_COMPRESSED) {
            CHECK_OK(gs_tensor_level_pos(dia, l, &a));
            CHECK_OK(gs_tensor_level_pos(coo, l, &b));
            CHECK_OK(gs_tensor_level_pos(dia, l, &a2));
            if (!same_array(&a, &b)) CHECK_FAIL("level %d pos: the DIA tensor lends other arrays than its COO tensor", l);
            CHECK(a.data == a2.data);
        }
        CHECK_OK(gs_tensor_level_crd(dia, l, &a));
        CHECK_OK(gs_tensor_level_crd(coo, l, &b));
        CHECK_OK(gs_tensor_level_crd(dia, l, &a2));
        if (!same_array(&a, &b)) CHECK_FAIL("level %d crd: the DIA tensor lends other arrays than its COO tensor", l);
        CHECK(a.data == a2.data);
    }
    CHECK_ERR(gs_tensor_num_levels(dia, NULL), GS_ERR_INVALID_ARGUMENT, "out is NULL");
    CHECK_OK(gs_tensor_storage_bytes(dia, &n));
    CHECK(n == storage);
    gs_tensor_free(&dia);
    gs_tensor_free(&coo);
}

int main(void) {
    check_start();
    test_conformance();
    test_format_check();
    test_dia_tensor();
    test_too_large();
    test_bad_storage();
    test_wrap_dia_product();
    test_storage_bytes();
    test_custom_lends_coo();
    return check_finish("test_formats");
}
