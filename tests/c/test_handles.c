/* test_handles.c — NULL, freed, stale and foreign handles in every function
 * that takes one, and gs_tensor_free's contract. */
#include "check.h"

/* Calls every function that takes a tensor handle with h (valid outputs
 * otherwise) and checks that each one refuses it with GS_ERR_INVALID_HANDLE
 * and leaves its outputs alone. */
static void check_refused_everywhere(const gs_tensor *h, const char *what) {
    gs_tensor *out = NULL, *good = NULL;
    int32_t i32 = -7;
    int64_t i64 = -7, shape[4] = {-7, -7, -7, -7}, bs[2] = {-7, -7};
    gs_layout layout = -7;
    gs_dtype dtype = -7;
    gs_array arr;
    memset(&arr, 0, sizeof arr);
    double fill = -7;
    char buf[16] = "untouched";
    int32_t k, d, e, u, o;
    int64_t c, s;

    fprintf(stderr, "-- handle: %s\n", what);
    CHECK_ERR(gs_clone(h, &out), GS_ERR_INVALID_HANDLE, "gs_clone: t ");
    CHECK_ERR(gs_tensor_layout(h, &layout), GS_ERR_INVALID_HANDLE, "gs_tensor_layout: t ");
    CHECK_ERR(gs_tensor_dtype(h, &dtype), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_ndim(h, &i32), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_shape(h, shape, 4), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_sparse_dim(h, &i32), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_dense_dim(h, &i32), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_batch_dim(h, &i32), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_nnz(h, &i64), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_index_width(h, &i32), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_blocksize(h, bs), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_is_coalesced(h, &i32), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_fill_value(h, &fill, sizeof fill), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_component(h, GS_COMP_VALUES, &arr), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_num_levels(h, &i32), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_level_info(h, 0, &k, &d, &e, &c, &s, &u, &o), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_level_pos(h, 0, &arr), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_level_crd(h, 0, &arr), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_to_dense(h, &out), GS_ERR_INVALID_HANDLE, "gs_to_dense: t ");
    CHECK_ERR(gs_to_layout(h, GS_SPARSE_CSR, NULL, -1, GS_INDEX_AUTO, &out), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_to_sparse_coo_dim(h, 1, &out), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_coalesce(h, &out), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_to_dtype(h, GS_FLOAT32, &out), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_to_index_width(h, GS_INDEX_32, &out), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_tensor_repr(h, buf, sizeof buf, &i64), GS_ERR_INVALID_HANDLE, "");
    CHECK_ERR(gs_mm_write("/nonexistent-dir/never-written.mtx", h), GS_ERR_INVALID_HANDLE, "gs_mm_write: t ");

    /* gs_equal names the bad argument, whichever it is. */
    CHECK_OK(make_coo_3x4(&good));
    CHECK_ERR(gs_equal(h, good, &i32), GS_ERR_INVALID_HANDLE, "gs_equal: a ");
    CHECK_ERR(gs_equal(good, h, &i32), GS_ERR_INVALID_HANDLE, "gs_equal: b ");
    CHECK_OK(gs_tensor_free(&good));

    CHECK(out == NULL && i32 == -7 && i64 == -7 && shape[0] == -7 && bs[0] == -7);
    CHECK(layout == -7 && dtype == -7 && fill == -7 && arr.data == NULL);
    CHECK_STR(buf, "untouched");
}

static void test_null_handle(void) { check_refused_everywhere(NULL, "NULL"); }

static void test_freed_handle(void) {
    gs_tensor *t = NULL;
    CHECK_OK(make_coo_3x4(&t));
    gs_tensor *copy = t;
    CHECK_OK(gs_tensor_free(&t));
    CHECK(t == NULL); /* free clears the caller's pointer */
    check_refused_everywhere(copy, "freed");

    /* Freeing again through the copy is refused and leaves the copy alone. */
    gs_tensor *again = copy;
    CHECK_ERR(gs_tensor_free(&again), GS_ERR_INVALID_HANDLE, "gs_tensor_free: *t is not a live gs_tensor");
    CHECK(again == copy);
}

static void test_stale_after_reuse(void) {
    /* Free a tensor, then make many: one of them reuses its registry slot.
     * The old handle must stay dead and never reach the new tensors. */
    gs_tensor *t = NULL;
    CHECK_OK(make_coo_3x4(&t));
    gs_tensor *stale = t;
    CHECK_OK(gs_tensor_free(&t));
    gs_tensor *fresh[64];
    for (int i = 0; i < 64; i++) {
        fresh[i] = NULL;
        CHECK_OK(make_csr_2x2(GS_FLOAT64, &fresh[i]));
        CHECK(fresh[i] != stale);
    }
    check_refused_everywhere(stale, "stale after slot reuse");
    for (int i = 0; i < 64; i++) {
        gs_layout l = -1;
        CHECK_OK(gs_tensor_layout(fresh[i], &l));
        CHECK(l == GS_SPARSE_CSR);
        CHECK_OK(gs_tensor_free(&fresh[i]));
    }
}

static void test_foreign_handles(void) {
    /* Pointers that never came from the library: stack, heap, static, forged words. */
    int on_stack = 42;
    check_refused_everywhere((const gs_tensor *)&on_stack, "stack address");
    void *heap = malloc(64);
    memset(heap, 0xab, 64);
    check_refused_everywhere((const gs_tensor *)heap, "heap address");
    free(heap);
    static const char text[] = "not a tensor";
    check_refused_everywhere((const gs_tensor *)text, "static string");
    check_refused_everywhere((const gs_tensor *)(uintptr_t)1, "the word 1");
    check_refused_everywhere((const gs_tensor *)(uintptr_t)UINT64_MAX, "all ones");

    /* Words that look like handles (same high bits as a live one) but are not. */
    gs_tensor *t = NULL;
    CHECK_OK(make_coo_3x4(&t));
    uintptr_t bits = (uintptr_t)t;
    /* (Only words that no tensor made during the check can take: the checks
     * themselves create tensors, which take free slots.) */
    check_refused_everywhere((const gs_tensor *)(bits | 0xffffff), "live handle's bits, an unused slot");
    check_refused_everywhere((const gs_tensor *)(bits + ((uintptr_t)1 << 24)), "live handle, next generation");
    int32_t nd = 0;
    CHECK_OK(gs_tensor_ndim(t, &nd)); /* the real one still works */
    CHECK(nd == 2);
    CHECK_OK(gs_tensor_free(&t));
}

static void test_free_contract(void) {
    CHECK_OK(gs_tensor_free(NULL));
    gs_tensor *none = NULL;
    CHECK_OK(gs_tensor_free(&none));
    CHECK(none == NULL);
    int on_stack = 0;
    gs_tensor *foreign = (gs_tensor *)&on_stack;
    CHECK_ERR(gs_tensor_free(&foreign), GS_ERR_INVALID_HANDLE, "");
    CHECK(foreign == (gs_tensor *)&on_stack);
    CHECK(on_stack == 0); /* nothing written through a foreign handle */
}

int main(void) {
    check_start();
    test_null_handle();
    test_freed_handle();
    test_stale_after_reuse();
    test_foreign_handles();
    test_free_contract();
    return check_finish("test_handles");
}
