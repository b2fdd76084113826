/* test_cancel.c — cancel tokens: a big sparse @ sparse stopped from another
 * thread returns GS_ERR_CANCELLED within a fraction of a second and leaks no
 * handle; a token binds to one thread, so other threads' calls go on; the
 * cancellation ends with the call it stopped, with no reset. */
#include <pthread.h>
#include <time.h>

#include "check.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct {
    gs_cancel_token *tok;
    double delay, at; /* seconds before gs_cancel; when it was called */
    gs_status st;
} canceller;

static void *cancel_later(void *arg) {
    canceller *c = arg;
    struct timespec d = {(time_t)c->delay, (long)((c->delay - (time_t)c->delay) * 1e9)};
    nanosleep(&d, NULL);
    c->at = now();
    c->st = gs_cancel(c->tok);
    return NULL;
}

typedef struct {
    const gs_tensor *a;
    gs_status st;
    int64_t nnz;
} product;

/* A product on a thread with no token: another thread's cancel never stops it. */
static void *multiply(void *arg) {
    product *p = arg;
    gs_tensor *c = NULL;
    p->st = gs_mm(p->a, p->a, &c);
    if (p->st == GS_OK) gs_tensor_nnz(c, &p->nnz);
    gs_tensor_free(&c);
    return NULL;
}

typedef struct {
    int calls, bad;
    double last;
    pthread_t thread;
} progress_log;

/* on_progress records a report: each in (0, 1], upwards, on the calling thread. */
static void on_progress(double fraction, void *user) {
    progress_log *p = user;
    if (!(fraction > p->last && fraction <= 1.0) || !pthread_equal(pthread_self(), p->thread)) p->bad++;
    p->last = fraction;
    p->calls++;
}

/* sparse_csr returns the block diagonal matrix of nblocks dense blocks as CSR. */
static gs_tensor *sparse_csr(int64_t nblocks, int64_t block) {
    gs_tensor *coo = NULL, *csr = NULL;
    CHECK_OK(gs_gen_block_diagonal(nblocks, block, 7, &coo));
    CHECK_OK(gs_to_layout(coo, GS_SPARSE_CSR, NULL, -1, GS_INDEX_AUTO, &csr));
    gs_tensor_free(&coo);
    return csr;
}

int main(void) {
    check_start();
    gs_cancel_token *tok = NULL;
    CHECK_OK(gs_cancel_token_new(&tok));
    int32_t flag = -1;
    CHECK_OK(gs_cancel_token_cancelled(tok, &flag));
    CHECK(flag == 0);

    /* Bad handles are refused by name. */
    gs_tensor *t = NULL;
    CHECK_OK(gs_gen_stencil2d(4, &t));
    CHECK_ERR(gs_cancel((gs_cancel_token *)t), GS_ERR_INVALID_HANDLE, "tok is not a live gs_cancel_token");
    CHECK_ERR(gs_set_cancel_token((gs_cancel_token *)t), GS_ERR_INVALID_HANDLE, "tok");
    CHECK_ERR(gs_cancel(NULL), GS_ERR_INVALID_HANDLE, "tok is NULL");
    CHECK_ERR(gs_cancel_token_cancelled(tok, NULL), GS_ERR_INVALID_ARGUMENT, "cancelled is NULL");
    gs_tensor_free(&t);

    /* 6.4 billion multiply-adds: many seconds uncancelled on any machine. */
    gs_tensor *a = sparse_csr(40, 400);
    gs_tensor *small = sparse_csr(4, 8);

    /* A token cancelled before the call stops it at its first poll; the
     * cancellation ends with that call: the next ones run without a reset. */
    gs_tensor *c = NULL;
    CHECK_OK(gs_cancel(tok)); /* before the binding: it concerns no call here */
    CHECK_OK(gs_set_cancel_token(tok));
    CHECK_OK(gs_mm(small, small, &c));
    gs_tensor_free(&c);
    CHECK_OK(gs_cancel_token_reset(tok));
    CHECK_OK(gs_cancel(tok));
    CHECK_OK(gs_cancel_token_cancelled(tok, &flag));
    CHECK(flag == 1);
    CHECK_ERR(gs_mm(a, a, &c), GS_ERR_CANCELLED, "gs_mm: cancelled");
    CHECK(c == NULL);
    /* gs_cancel and the token's queries keep the last error for its reader. */
    CHECK(gs_cancel_token_cancelled(tok, &flag) == GS_OK);
    CHECK(flag == 1);
    CHECK(strstr(gs_last_error(), "gs_mm: cancelled") != NULL);
    gs_tensor *d = NULL;
    CHECK_OK(gs_to_layout(small, GS_SPARSE_CSC, NULL, -1, GS_INDEX_AUTO, &d));
    gs_tensor_free(&d);
    CHECK_OK(gs_mm(small, small, &c));
    gs_tensor_free(&c);
    CHECK_OK(gs_cancel_token_reset(tok));

    /* Cancelled from another thread 0.3 s in, while a second thread, without a
     * token, multiplies too. */
    product other = {small, -1, 0};
    pthread_t other_th;
    CHECK(pthread_create(&other_th, NULL, multiply, &other) == 0);
    canceller cn = {tok, 0.3, 0, -1};
    pthread_t th;
    double t0 = now();
    CHECK(pthread_create(&th, NULL, cancel_later, &cn) == 0);
    gs_status st = gs_mm(a, a, &c);
    double t1 = now();
    pthread_join(th, NULL);
    pthread_join(other_th, NULL);
    CHECK(cn.st == GS_OK);
    CHECK(st == GS_ERR_CANCELLED);
    CHECK(strstr(gs_last_error(), "cancelled") != NULL);
    CHECK(c == NULL);
    if (t1 - cn.at > 0.5)
        CHECK_FAIL("gs_mm returned %.3f s after gs_cancel (%.3f s after the start), more than 0.5 s",
                   t1 - cn.at, t1 - t0);
    CHECK(other.st == GS_OK && other.nnz == 4 * 8 * 8);

    /* The cancellation ended with the product: a conversion and a product
     * run after it with no reset. */
    CHECK_OK(gs_to_layout(small, GS_SPARSE_CSC, NULL, -1, GS_INDEX_AUTO, &d));
    gs_tensor_free(&d);
    CHECK_OK(gs_mm(small, small, &c));
    int64_t nnz = 0;
    CHECK_OK(gs_tensor_nnz(c, &nnz));
    CHECK(nnz == 4 * 8 * 8);
    gs_tensor_free(&c);

    /* Unbound, a cancelled token stops nothing on this thread. */
    CHECK_OK(gs_cancel(tok));
    CHECK_OK(gs_set_cancel_token(NULL));
    CHECK_OK(gs_mm(small, small, &c));
    gs_tensor_free(&c);

    /* Progress reports come to the calling thread, upwards. */
    CHECK_OK(gs_cancel_token_reset(tok));
    CHECK_OK(gs_set_cancel_token(tok));
    progress_log log = {0, 0, 0.0, pthread_self()};
    CHECK_OK(gs_cancel_token_set_progress(tok, on_progress, &log));
    gs_tensor *mid = sparse_csr(10, 200);
    log.calls = 0; /* the product's own reports, from 0 upwards */
    log.last = 0.0;
    CHECK_OK(gs_mm(mid, mid, &c));
    CHECK(log.calls >= 1 && log.bad == 0);
    gs_tensor_free(&c);
    CHECK_OK(gs_cancel_token_set_progress(tok, NULL, NULL));
    int before = log.calls;
    CHECK_OK(gs_mm(mid, mid, &c));
    CHECK(log.calls == before);
    gs_tensor_free(&c);
    gs_tensor_free(&mid);

    /* Freeing a bound token unbinds it; the handle is dead after. */
    CHECK_OK(gs_set_cancel_token(tok));
    gs_cancel_token *copy = tok;
    CHECK_OK(gs_cancel_token_free(&tok));
    CHECK(tok == NULL);
    CHECK_OK(gs_cancel_token_free(&tok));
    CHECK_ERR(gs_cancel(copy), GS_ERR_INVALID_HANDLE, "not a live gs_cancel_token");
    CHECK_OK(gs_mm(small, small, &c));
    gs_tensor_free(&c);
    CHECK_OK(gs_set_cancel_token(NULL));

    gs_tensor_free(&a);
    gs_tensor_free(&small);
    return check_finish("test_cancel");
}
