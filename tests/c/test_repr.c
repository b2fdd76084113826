/* test_repr.c — gs_tensor_repr prints torch's repr and follows snprintf's buffer rules. */
#include "check.h"

/* torch 2.x: print(torch.sparse_csr_tensor([0, 2, 4], [0, 1, 0, 1], [1., 2., 3., 4.], (2, 2))) */
static const char csr_repr[] = "tensor(crow_indices=tensor([0, 2, 4]),\n"
                               "       col_indices=tensor([0, 1, 0, 1]),\n"
                               "       values=tensor([1., 2., 3., 4.]), size=(2, 2), nnz=4,\n"
                               "       layout=torch.sparse_csr)";

/* print(torch.sparse_coo_tensor([[0, 0, 2, 2], [1, 3, 0, 2]], torch.tensor([1., 2., 3., 4.],
 *       dtype=torch.float64), (3, 4)).coalesce()) */
static const char coo_repr[] = "tensor(indices=tensor([[0, 0, 2, 2],\n"
                               "                       [1, 3, 0, 2]]),\n"
                               "       values=tensor([1., 2., 3., 4.]),\n"
                               "       size=(3, 4), nnz=4, dtype=torch.float64, layout=torch.sparse_coo)";

static char *repr_of(const gs_tensor *t) {
    int64_t needed = -1;
    if (gs_tensor_repr(t, NULL, 0, &needed) != GS_OK || needed < 0) return NULL;
    char *buf = malloc((size_t)needed + 1);
    int64_t again = -1;
    if (gs_tensor_repr(t, buf, needed + 1, &again) != GS_OK || again != needed || strlen(buf) != (size_t)needed) {
        free(buf);
        return NULL;
    }
    return buf;
}

static void test_text(void) {
    gs_tensor *csr = NULL, *coo = NULL;
    CHECK_OK(make_csr_2x2(GS_FLOAT32, &csr));
    char *s = repr_of(csr);
    CHECK_STR(s, csr_repr);
    free(s);
    CHECK_OK(make_coo_3x4(&coo));
    s = repr_of(coo);
    CHECK_STR(s, coo_repr);
    free(s);
    CHECK_OK(gs_tensor_free(&coo));
    CHECK_OK(gs_tensor_free(&csr));
}

static void test_buffer_rules(void) {
    gs_tensor *t = NULL;
    CHECK_OK(make_csr_2x2(GS_FLOAT32, &t));
    int64_t full = (int64_t)strlen(csr_repr), needed = -1;
    char buf[16];
    memset(buf, 'x', sizeof buf);
    CHECK_OK(gs_tensor_repr(t, buf, 8, &needed));
    CHECK(needed == full);
    CHECK(memcmp(buf, csr_repr, 7) == 0 && buf[7] == '\0' && buf[8] == 'x'); /* at most cap bytes */
    CHECK_OK(gs_tensor_repr(t, buf, 1, &needed));
    CHECK(buf[0] == '\0');
    buf[0] = 'x';
    CHECK_OK(gs_tensor_repr(t, buf, 0, &needed)); /* cap 0 writes nothing */
    CHECK(buf[0] == 'x' && needed == full);

    needed = -1;
    CHECK_ERR(gs_tensor_repr(t, buf, sizeof buf, NULL), GS_ERR_INVALID_ARGUMENT, "gs_tensor_repr: needed is NULL");
    CHECK_ERR(gs_tensor_repr(t, NULL, 10, &needed), GS_ERR_INVALID_ARGUMENT, "buf is NULL but cap = 10");
    CHECK_ERR(gs_tensor_repr(t, buf, -1, &needed), GS_ERR_INVALID_ARGUMENT, "cap = -1");
    CHECK(needed == -1);
    CHECK_OK(gs_tensor_free(&t));
}

int main(void) {
    check_start();
    test_text();
    test_buffer_rules();
    return check_finish("test_repr");
}
