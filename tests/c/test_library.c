/* test_library.c — version, last error, live handles, memory limit, names. */
#include "check.h"

static void test_version(void) {
    CHECK_STR(gs_version(), GS_VERSION_STRING);
    int32_t major = -1, minor = -1, patch = -1;
    CHECK_OK(gs_version_numbers(&major, &minor, &patch));
    CHECK(major == GS_VERSION_MAJOR && minor == GS_VERSION_MINOR && patch == GS_VERSION_PATCH);
    char buf[64];
    snprintf(buf, sizeof buf, "%d.%d.%d", major, minor, patch);
    CHECK_STR(gs_version(), buf);
    CHECK_ERR(gs_version_numbers(NULL, &minor, &patch), GS_ERR_INVALID_ARGUMENT, "gs_version_numbers: major is NULL");
    CHECK_ERR(gs_version_numbers(&major, NULL, &patch), GS_ERR_INVALID_ARGUMENT, "minor is NULL");
    CHECK_ERR(gs_version_numbers(&major, &minor, NULL), GS_ERR_INVALID_ARGUMENT, "patch is NULL");
}

static void test_last_error(void) {
    const char *name = NULL;
    CHECK_ERR(gs_dtype_name(12345, &name), GS_ERR_DTYPE, "gs_dtype_name: dtype");
    CHECK(name == NULL); /* outputs untouched on error */
    /* The message stays until the next call, whatever gs_last_error is asked. */
    CHECK(strstr(gs_last_error(), "12345") != NULL);
    CHECK(strstr(gs_last_error(), "12345") != NULL);
    /* gs_version and gs_live_handles return no status and keep it too. */
    (void)gs_version();
    (void)gs_live_handles();
    CHECK(strstr(gs_last_error(), "12345") != NULL);
    /* A success clears it. */
    CHECK_OK(gs_dtype_name(GS_FLOAT64, &name));
    CHECK_STR(gs_last_error(), "");
}

static void test_memory_limit(void) {
    int64_t old = 0, now = 0;
    CHECK_OK(gs_get_memory_limit(&old));
    CHECK(old > 0);
    CHECK_OK(gs_set_memory_limit(1 << 20));
    CHECK_OK(gs_get_memory_limit(&now));
    CHECK(now == 1 << 20);
    CHECK_ERR(gs_set_memory_limit(0), GS_ERR_INVALID_ARGUMENT, "must be > 0");
    CHECK_ERR(gs_set_memory_limit(-5), GS_ERR_INVALID_ARGUMENT, "-5");
    CHECK_OK(gs_get_memory_limit(&now));
    CHECK(now == 1 << 20); /* refused calls change nothing */
    CHECK_ERR(gs_get_memory_limit(NULL), GS_ERR_INVALID_ARGUMENT, "bytes is NULL");

    /* A result above the limit is GS_ERR_TOO_LARGE, not an allocation. */
    gs_tensor *t = NULL;
    int64_t big[] = {1 << 20, 1 << 10};
    CHECK_ERR(gs_empty(GS_STRIDED, GS_FLOAT64, 2, big, NULL, 0, &t), GS_ERR_TOO_LARGE, "memory limit");
    CHECK(t == NULL);
    CHECK_OK(gs_set_memory_limit(old));
}

static void test_dtype_names(void) {
    static const struct {
        gs_dtype d;
        const char *name;
    } cases[] = {
        {GS_BOOL, "bool"},       {GS_UINT8, "uint8"},         {GS_INT8, "int8"},
        {GS_INT16, "int16"},     {GS_INT32, "int32"},         {GS_INT64, "int64"},
        {GS_FLOAT16, "float16"}, {GS_BFLOAT16, "bfloat16"},   {GS_FLOAT32, "float32"},
        {GS_FLOAT64, "float64"}, {GS_COMPLEX64, "complex64"}, {GS_COMPLEX128, "complex128"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *name = NULL;
        CHECK_OK(gs_dtype_name(cases[i].d, &name));
        CHECK_STR(name, cases[i].name);
        const char *again = NULL;
        CHECK_OK(gs_dtype_name(cases[i].d, &again));
        CHECK(again == name); /* static storage: the same pointer */
    }
    const char *name = "untouched";
    CHECK_ERR(gs_dtype_name(GS_DTYPE_CODE(2, 8), &name), GS_ERR_DTYPE, "unknown dtype code 520");
    CHECK_ERR(gs_dtype_name(-1, &name), GS_ERR_DTYPE, "");
    CHECK_STR(name, "untouched");
    CHECK_ERR(gs_dtype_name(GS_FLOAT64, NULL), GS_ERR_INVALID_ARGUMENT, "name is NULL");
}

static void test_layout_names(void) {
    static const char *names[] = {"strided",     "sparse_coo",  "sparse_csr",  "sparse_csc", "sparse_bsr",
                                  "sparse_bsc", "sparse_dcsr", "sparse_dcsc", "sparse_csf"};
    for (gs_layout l = GS_STRIDED; l <= GS_SPARSE_CSF; l++) {
        const char *name = NULL;
        CHECK_OK(gs_layout_name(l, &name));
        CHECK_STR(name, names[l]);
    }
    const char *name = NULL;
    CHECK_OK(gs_layout_name(GS_CUSTOM, &name)); /* a format no named layout has */
    CHECK_STR(name, "custom");
    name = NULL;
    CHECK_ERR(gs_layout_name(10, &name), GS_ERR_INVALID_ARGUMENT, "layout = 10");
    CHECK_ERR(gs_layout_name(-1, &name), GS_ERR_INVALID_ARGUMENT, "layout = -1");
    CHECK(name == NULL);
    CHECK_ERR(gs_layout_name(GS_SPARSE_CSR, NULL), GS_ERR_INVALID_ARGUMENT, "name is NULL");
}

static void test_live_handles(void) {
    int64_t before = gs_live_handles();
    gs_tensor *a = NULL, *b = NULL;
    CHECK_OK(make_coo_3x4(&a));
    CHECK(gs_live_handles() == before + 1);
    CHECK_OK(gs_clone(a, &b));
    CHECK(gs_live_handles() == before + 2);
    CHECK_OK(gs_tensor_free(&a));
    CHECK(gs_live_handles() == before + 1);
    CHECK_OK(gs_tensor_free(&b));
    CHECK(gs_live_handles() == before);
}

int main(void) {
    check_start();
    test_version();
    test_last_error();
    test_memory_limit();
    test_dtype_names();
    test_layout_names();
    test_live_handles();
    return check_finish("test_library");
}
