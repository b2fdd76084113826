/* test_threads.c — many threads reading one tensor at once, and per-thread last errors. */
#include <pthread.h>

#include "check.h"

#define THREADS 8
#define ROUNDS 200

static gs_tensor *shared_tensor;
static char expected_repr[4096];
static double expected_dense[16 * 16];

typedef struct {
    int id;
    int failures;
    const void *values_ptr;
} worker;

static void *reader(void *arg) {
    worker *w = arg;
    for (int r = 0; r < ROUNDS; r++) {
        char buf[4096];
        int64_t needed = 0, nnz = 0;
        gs_array vals;
        gs_tensor *d = NULL;
        int32_t eq = 0;
        if (gs_tensor_repr(shared_tensor, buf, sizeof buf, &needed) != GS_OK || strcmp(buf, expected_repr) != 0)
            w->failures++;
        if (gs_tensor_nnz(shared_tensor, &nnz) != GS_OK || nnz != 64) w->failures++;
        if (gs_tensor_component(shared_tensor, GS_COMP_VALUES, &vals) != GS_OK) w->failures++;
        else if (w->values_ptr == NULL) w->values_ptr = vals.data;
        else if (w->values_ptr != vals.data) w->failures++; /* lent once, the same for everyone */
        if (gs_to_dense(shared_tensor, &d) != GS_OK) {
            w->failures++;
            continue;
        }
        if (gs_equal(d, shared_tensor, &eq) != GS_OK || eq != 1) w->failures++;
        gs_array dv;
        if (gs_tensor_component(d, GS_COMP_VALUES, &dv) != GS_OK ||
            memcmp(dv.data, expected_dense, sizeof expected_dense) != 0)
            w->failures++;
        if (gs_tensor_free(&d) != GS_OK) w->failures++;

        /* This thread's error stays this thread's, whatever the others do. */
        char want[64];
        snprintf(want, sizeof want, "layout = %d", 100 + w->id);
        const char *name = NULL;
        if (gs_layout_name(100 + w->id, &name) != GS_ERR_INVALID_ARGUMENT) w->failures++;
        if (strstr(gs_last_error(), want) == NULL) w->failures++;
        if (gs_tensor_nnz(shared_tensor, &nnz) != GS_OK || gs_last_error()[0] != '\0') w->failures++;
    }
    return NULL;
}

/* Threads that make and free their own tensors while the readers run. */
static void *churner(void *arg) {
    worker *w = arg;
    for (int r = 0; r < ROUNDS; r++) {
        gs_tensor *t = NULL, *csr = NULL;
        if (gs_gen_banded(200, 2, 2, (uint64_t)r, &t) != GS_OK) w->failures++;
        if (gs_to_layout(t, GS_SPARSE_CSR, NULL, -1, GS_INDEX_AUTO, &csr) != GS_OK) w->failures++;
        gs_tensor *copy = csr;
        if (gs_tensor_free(&csr) != GS_OK || gs_tensor_free(&t) != GS_OK) w->failures++;
        if (gs_tensor_free(&copy) != GS_ERR_INVALID_HANDLE) w->failures++;
    }
    return NULL;
}

int main(void) {
    check_start();
    CHECK_OK(gs_gen_stencil2d(4, &shared_tensor));
    int64_t needed = 0;
    CHECK_OK(gs_tensor_repr(shared_tensor, expected_repr, sizeof expected_repr, &needed));
    CHECK(needed < (int64_t)sizeof expected_repr);
    gs_tensor *d = NULL;
    gs_array dv;
    CHECK_OK(gs_to_dense(shared_tensor, &d));
    CHECK_OK(gs_tensor_component(d, GS_COMP_VALUES, &dv));
    CHECK(numel(&dv) == 256);
    memcpy(expected_dense, dv.data, sizeof expected_dense);
    CHECK(expected_dense[0] == 4 && expected_dense[1] == -1 && expected_dense[4] == -1 && expected_dense[2] == 0);
    CHECK_OK(gs_tensor_free(&d));

    pthread_t th[THREADS + 2];
    worker w[THREADS + 2];
    memset(w, 0, sizeof w);
    for (int i = 0; i < THREADS + 2; i++) {
        w[i].id = i;
        CHECK(pthread_create(&th[i], NULL, i < THREADS ? reader : churner, &w[i]) == 0);
    }
    for (int i = 0; i < THREADS + 2; i++) {
        CHECK(pthread_join(th[i], NULL) == 0);
        if (w[i].failures) CHECK_FAIL("thread %d: %d failed checks", i, w[i].failures);
    }
    for (int i = 1; i < THREADS; i++) CHECK(w[i].values_ptr == w[0].values_ptr);
    CHECK_OK(gs_tensor_free(&shared_tensor));
    return check_finish("test_threads");
}
