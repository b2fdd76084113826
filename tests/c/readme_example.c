/* The C example of README.md (kept identical to it): build a CSR matrix from
 * caller arrays, print it, convert it to COO and read its indices. */
#include <gosparse.h>
#include <stdio.h>

#define TRY(call)                                                          \
    do {                                                                   \
        gs_status st_ = (call);                                            \
        if (st_ != GS_OK) {                                                \
            fprintf(stderr, "%s failed (%d): %s\n", #call, st_, gs_last_error()); \
            return 1;                                                      \
        }                                                                  \
    } while (0)

int main(void) {
    /* [[1, 2], [3, 4]] as CSR: crow_indices, col_indices, values (all copied). */
    int64_t crow[] = {0, 2, 4}, col[] = {0, 1, 0, 1};
    float val[] = {1, 2, 3, 4};
    gs_array c = {crow, GS_INT64, 1, {3}}, p = {col, GS_INT64, 1, {4}}, v = {val, GS_FLOAT32, 1, {4}};
    int64_t size[] = {2, 2};
    gs_tensor *csr = NULL, *coo = NULL;
    TRY(gs_sparse_compressed_from(GS_SPARSE_CSR, &c, &p, &v, 2, size, GS_FLAGS_DEFAULT, &csr));

    char text[512];
    int64_t needed = 0;
    TRY(gs_tensor_repr(csr, text, sizeof text, &needed));
    printf("%s\n", text);

    TRY(gs_to_layout(csr, GS_SPARSE_COO, NULL, -1, GS_INDEX_64, &coo));
    gs_array idx; /* lent by coo: valid until coo is freed */
    TRY(gs_tensor_component(coo, GS_COMP_INDICES, &idx));
    const int64_t *ij = idx.data;
    for (int64_t k = 0; k < idx.shape[1]; k++)
        printf("(%lld, %lld)\n", (long long)ij[k], (long long)ij[idx.shape[1] + k]);

    /* Errors come back as a status and a message naming the argument. */
    if (gs_to_dense(csr, NULL) == GS_ERR_INVALID_ARGUMENT)
        printf("error: %s\n", gs_last_error()); /* gs_to_dense: out is NULL */

    gs_tensor_free(&coo);
    gs_tensor_free(&csr);
    return gs_live_handles() == 0 ? 0 : 1;
}
