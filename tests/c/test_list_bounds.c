/* test_list_bounds.c — a tensor list whose n is far beyond its real length
 * (n = INT32_MAX, two tensors and a NULL) is refused at the first element that
 * is not a live handle, with memory in proportion to the list: the process runs
 * under an address-space limit that a buffer of n pointers (16 GiB) would break,
 * which the Go runtime meets with a fatal, uncatchable out-of-memory abort. */
#include <stdint.h>

#include "check.h"

int main(void) {
    check_start();
    gs_tensor *a = NULL, *b = NULL, *r = NULL;
    CHECK_OK(gs_gen_stencil2d(3, &a));
    CHECK_OK(gs_gen_stencil2d(3, &b));

    /* Room for 4 GiB more: much more than these calls need, a quarter of n pointers. */
    CHECK(check_limit_address_space(4LL << 30) == 0);

    const gs_tensor *list[] = {a, b, NULL};
    CHECK_ERR(gs_cat(list, INT32_MAX, 0, &r), GS_ERR_INVALID_HANDLE, "gs_cat: tensors[2] is NULL");
    CHECK_ERR(gs_stack(list, INT32_MAX, 0, &r), GS_ERR_INVALID_HANDLE, "gs_stack: tensors[2] is NULL");
    CHECK_ERR(gs_hstack(list, INT32_MAX, &r), GS_ERR_INVALID_HANDLE, "gs_hstack: tensors[2] is NULL");
    CHECK_ERR(gs_vstack(list, INT32_MAX, &r), GS_ERR_INVALID_HANDLE, "gs_vstack: tensors[2] is NULL");
    CHECK_ERR(gs_dstack(list, INT32_MAX, &r), GS_ERR_INVALID_HANDLE, "gs_dstack: tensors[2] is NULL");
    CHECK(r == NULL);
    /* The right n still works under the limit. */
    CHECK_OK(gs_cat(list, 2, 0, &r));
    int64_t shape[2] = {0, 0};
    CHECK_OK(gs_tensor_shape(r, shape, 2));
    CHECK(shape[0] == 18 && shape[1] == 9);
    gs_tensor_free(&r);

    gs_tensor_free(&b);
    gs_tensor_free(&a);
    return check_finish("test_list_bounds");
}
