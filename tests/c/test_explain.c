/* test_explain.c — gs_explain: the JSON it writes parses and names the path
 * the call takes (the DIA kernel for a DIA-I mv, the SpMV for CSR, the copy
 * of its elements a custom format with a fill is read through, made for
 * the call and kept nowhere: its gs_tensor_storage_bytes stays); the two-call sizing of buf; bad input
 * (unknown op, wrong operand count, NULL and freed handles, bad options)
 * refused naming the argument. */
#include "check.h"
#include "json_min.h"

/* explain returns gs_explain's JSON parsed (NULL on failure); free with
 * json_free and free. */
static json *explain(const char *op, const gs_tensor *const *ts, int32_t n, const char *options) {
    int64_t needed = 0;
    if (gs_explain(op, ts, n, options, NULL, 0, &needed) != GS_OK) return NULL;
    char *buf = malloc((size_t)needed + 1);
    int64_t again = 0;
    gs_status st = gs_explain(op, ts, n, options, buf, needed + 1, &again);
    json *j = calloc(1, sizeof(json));
    const char *end = st == GS_OK && again == needed ? json_value(json_skip(buf), j) : NULL;
    free(buf);
    if (end == NULL) {
        json_free(j);
        free(j);
        return NULL;
    }
    return j;
}

static const char *str(const json *j, const char *key) {
    const json *v = json_get(j, key);
    return v && v->kind == JSON_STRING ? v->string : "";
}

static double num(const json *j, const char *key) {
    const json *v = json_get(j, key);
    return v && v->kind == JSON_NUMBER ? v->number : -1;
}

static void drop(json *j) {
    json_free(j);
    free(j);
}

static void test_paths(void) {
    gs_tensor *coo = NULL, *csr = NULL, *dia = NULL, *x = NULL;
    CHECK_OK(gs_gen_stencil2d(8, &coo));
    CHECK_OK(gs_to_layout(coo, GS_SPARSE_CSR, NULL, -1, GS_INDEX_AUTO, &csr));
    CHECK_OK(gs_to_format(coo, "(i, j) -> (j - i : compressed, i : range)", &dia));
    double ones[64];
    for (int i = 0; i < 64; i++) ones[i] = 1;
    gs_const_array xa = {ones, GS_FLOAT64, 1, {64}};
    CHECK_OK(gs_strided_from(GS_IN(&xa), &x));

    const gs_tensor *mv_dia[2] = {dia, x};
    json *j = explain("mv", mv_dia, 2, NULL);
    CHECK(j != NULL);
    CHECK_STR(str(j, "path"), "kernel");
    CHECK(strstr(str(j, "kernel"), "kernels.SpMMDIA") != NULL);
    CHECK(num(j, "output_bytes") == 64 * 8);
    CHECK(json_get(j, "converts") && json_get(j, "converts")->count == 0);
    const json *best = json_get(j, "best");
    CHECK(best && strncmp(str(best, "format"), "DIA-I", 5) == 0);
    drop(j);

    const gs_tensor *mv_csr[2] = {csr, x};
    j = explain("mv", mv_csr, 2, "");
    CHECK(j && strstr(str(j, "kernel"), "kernels.SpMV ") != NULL);
    drop(j);

    /* A number operand and reduction dims through options. */
    const gs_tensor *one[1] = {dia};
    j = explain("mul", one, 1, "{\"number\": 2.5}");
    CHECK(j && strstr(str(j, "kernel"), "engine.Map") != NULL);
    drop(j);
    j = explain("sum", one, 1, "{\"dims\": [1]}");
    CHECK(j && strstr(str(j, "kernel"), "ReduceScatter") != NULL);
    drop(j);
    /* where(dia, dia, 0): y a number through options, by position. */
    const gs_tensor *cond_x[2] = {dia, dia};
    j = explain("where", cond_x, 2, "{\"where\": [null, 0]}");
    CHECK(j && strstr(str(j, "kernel"), "whereMerge") != NULL);
    CHECK(j && json_get(j, "operands") && json_get(j, "operands")->count == 2);
    drop(j);

    gs_tensor_free(&coo);
    gs_tensor_free(&csr);
    gs_tensor_free(&dia);
    gs_tensor_free(&x);
}

/* A custom format with a fill of 2 leaves the format path: explain names
 * the copy of its elements mv reads, made for the call, and mv keeps
 * nothing on the tensor (its storage bytes stay). */
static void test_conversion_made(void) {
    gs_tensor *coo = NULL, *filled = NULL, *a = NULL, *x = NULL, *y = NULL;
    CHECK_OK(gs_gen_stencil2d(8, &coo));
    double two = 2;
    CHECK_OK(gs_with_fill_value(coo, &two, sizeof two, &filled));
    CHECK_OK(gs_to_format(filled, "(i, j) -> (i : dense, j : delta(13))", &a));
    double ones[64];
    for (int i = 0; i < 64; i++) ones[i] = 1;
    gs_const_array xa = {ones, GS_FLOAT64, 1, {64}};
    CHECK_OK(gs_strided_from(GS_IN(&xa), &x));
    const gs_tensor *ops[2] = {a, x};
    json *j = explain("mv", ops, 2, NULL);
    CHECK(j != NULL);
    CHECK_STR(str(j, "path"), "conversion");
    const json *conv = json_get(j, "converts");
    CHECK(conv && conv->count == 1);
    double planned = conv && conv->count ? num(&conv->items[0], "bytes") : 0;
    CHECK(planned > 0);
    CHECK(conv && conv->count && strstr(str(&conv->items[0], "to"), "made for this call") != NULL);
    drop(j);
    int64_t before = 0, after = 0;
    CHECK_OK(gs_tensor_storage_bytes(a, &before));
    CHECK_OK(gs_mv(a, x, &y));
    CHECK_OK(gs_tensor_storage_bytes(a, &after));
    CHECK(after == before);
    gs_tensor_free(&coo);
    gs_tensor_free(&filled);
    gs_tensor_free(&a);
    gs_tensor_free(&x);
    gs_tensor_free(&y);
}

static void test_bad_input(void) {
    gs_tensor *coo = NULL, *gone = NULL;
    CHECK_OK(gs_gen_stencil2d(4, &coo));
    CHECK_OK(gs_gen_stencil2d(4, &gone));
    gs_tensor *stale = gone;
    gs_tensor_free(&gone);
    char buf[64];
    int64_t needed = 0;
    const gs_tensor *one[1] = {coo};
    CHECK_ERR(gs_explain("frobnicate", one, 1, NULL, buf, sizeof buf, &needed), GS_ERR_INVALID_ARGUMENT, "op \"frobnicate\" is unknown");
    CHECK_ERR(gs_explain("mv", one, 1, NULL, buf, sizeof buf, &needed), GS_ERR_INVALID_ARGUMENT, "takes 2 tensor operand(s) (mat, vec), got 1");
    const gs_tensor *nulls[2] = {coo, NULL};
    CHECK_ERR(gs_explain("mv", nulls, 2, NULL, buf, sizeof buf, &needed), GS_ERR_INVALID_HANDLE, "operands[1] is NULL");
    const gs_tensor *stales[1] = {stale};
    CHECK_ERR(gs_explain("cos", stales, 1, NULL, buf, sizeof buf, &needed), GS_ERR_INVALID_HANDLE, "operands[0] is not a live gs_tensor");
    CHECK_ERR(gs_explain(NULL, one, 1, NULL, buf, sizeof buf, &needed), GS_ERR_INVALID_ARGUMENT, "op is NULL");
    CHECK_ERR(gs_explain("cos", one, 1, "{\"nmber\": 1}", buf, sizeof buf, &needed), GS_ERR_INVALID_ARGUMENT, "options");
    CHECK_ERR(gs_explain("where", one, 1, "{\"where\": [1]}", buf, sizeof buf, &needed), GS_ERR_INVALID_ARGUMENT, "where has 1 elements");
    CHECK_ERR(gs_explain("where", one, 1, "{\"where\": [\"a\", 1]}", buf, sizeof buf, &needed), GS_ERR_INVALID_ARGUMENT, "where[0]");
    CHECK_ERR(gs_explain("cos", one, 1, NULL, buf, sizeof buf, NULL), GS_ERR_INVALID_ARGUMENT, "needed");
    /* A short buffer: truncated, NUL-terminated, needed says the length. */
    CHECK_OK(gs_explain("cos", one, 1, NULL, buf, sizeof buf, &needed));
    CHECK(needed > (int64_t)sizeof buf && strlen(buf) == sizeof buf - 1);
    gs_tensor_free(&coo);
}

int main(void) {
    (void)json_load; /* json_min.h's file reader: this test parses gs_explain's text */
    check_start();
    test_paths();
    test_conversion_made();
    test_bad_input();
    return check_finish("test_explain");
}
