// helpers.c — the few C definitions that package capi needs: thread-local
// last error and the release trampoline.

#include <pthread.h>
#include <stdlib.h>

#include "capi.h"

_Static_assert(sizeof(void *) == 8, "gosparse handles need 64-bit pointers");

static pthread_key_t gsi_err_key;
static pthread_once_t gsi_err_once = PTHREAD_ONCE_INIT;

int64_t gsi_errors_held;

// The key's destructor frees a thread's message when the thread exits.
static void gsi_err_drop(void *msg) {
    free(msg);
    __atomic_sub_fetch(&gsi_errors_held, 1, __ATOMIC_SEQ_CST);
}

static void gsi_err_init(void) { pthread_key_create(&gsi_err_key, gsi_err_drop); }

void gsi_errors_init(void) { pthread_once(&gsi_err_once, gsi_err_init); }

void gsi_set_error(char *msg) {
    pthread_once(&gsi_err_once, gsi_err_init);
    char *old = pthread_getspecific(gsi_err_key);
    if (old == msg) {
        return;
    }
    if (!old) {
        __atomic_add_fetch(&gsi_errors_held, 1, __ATOMIC_SEQ_CST);
    } else if (!msg) {
        __atomic_sub_fetch(&gsi_errors_held, 1, __ATOMIC_SEQ_CST);
    }
    pthread_setspecific(gsi_err_key, msg);
    free(old);
}

const char *gsi_get_error(void) {
    pthread_once(&gsi_err_once, gsi_err_init);
    const char *msg = pthread_getspecific(gsi_err_key);
    return msg ? msg : "";
}

void gsi_call_release(gs_release_fn release, void *ctx) {
    if (release) {
        release(ctx);
    }
}

// 16 bytes aligned for every dtype, including complex128.
static _Alignas(16) unsigned char gsi_empty[16];

void *gsi_empty_data(void) { return gsi_empty; }

// Gradient recording is on unless the calling thread turned it off:
// torch's no_grad is per thread, and exports run on their caller's thread.
static _Thread_local int32_t gsi_grad_off;

int32_t gsi_grad_enabled(void) { return !gsi_grad_off; }

void gsi_set_grad_enabled(int32_t on) { gsi_grad_off = !on; }

/* The cancel token bound to the calling thread (gs_set_cancel_token), as
 * its handle word; 0: none. */
static _Thread_local uint64_t gsi_cancel_bits;

uint64_t gsi_cancel_current(void) { return gsi_cancel_bits; }

void gsi_set_cancel_current(uint64_t bits) { gsi_cancel_bits = bits; }

/* How many of the bound token's cancels the calling thread has answered: a
 * call stopped by them, or the binding, ends them for this thread. */
static _Thread_local uint64_t gsi_cancel_answered;

uint64_t gsi_cancel_answered_count(void) { return gsi_cancel_answered; }

void gsi_set_cancel_answered(uint64_t n) { gsi_cancel_answered = n; }

void gsi_call_progress(gs_progress_fn fn, double fraction, void *user) { fn(fraction, user); }

int32_t gsi_call_lobpcg_tracker(gs_lobpcg_tracker_fn fn, const gs_lobpcg_state *state, void *user) {
    return fn(state, user);
}
