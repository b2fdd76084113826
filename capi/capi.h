/* capi.h — private declarations shared by the cgo preambles of package capi.
 *
 * The exported Go functions take these const-qualified typedefs so that the
 * prototypes cgo generates match include/gosparse.h exactly (Go has no const).
 * The definitions live in helpers.c: a preamble of a file with //export may
 * hold declarations only. */
#ifndef GOSPARSE_CAPI_H
#define GOSPARSE_CAPI_H

#include <stdint.h>
#include "gosparse.h"

typedef const gs_tensor gs_ctensor;
typedef const gs_semi gs_csemi;
typedef const gs_factor gs_cfactor;
typedef const gs_cancel_token gs_ccancel_token;
typedef const gs_array gs_carray;
typedef const int64_t gs_cint64;
typedef const char gs_cchar;
typedef const int32_t gs_cint32;
typedef const void gs_cvoid;
typedef const gs_number gs_cnumber;
typedef const gs_elementwise_args gs_celementwise_args;
typedef const gs_lobpcg_ortho gs_clobpcg_ortho;
typedef const gs_mm_write_options gs_cmm_write_options;
/* An element of a const gs_tensor *const * list (gs_cat and friends). */
typedef const gs_tensor *const gs_ctensor_elem;

/* The calling thread's last error message: gsi_set_error takes ownership of a
 * malloc'd msg (NULL clears it) and frees the previous one. */
void gsi_set_error(char *msg);
/* Makes the key of the last errors (fork.c's constructor calls it at load, so
 * that no fork can happen while another thread is inside the one-time set-up). */
void gsi_errors_init(void);
const char *gsi_get_error(void);

/* The number of threads whose last error is not empty, read by Go with an
 * atomic load: while it is zero a successful call has nothing to clear and
 * skips the call into C (some 50 ns of a 1 us small product). */
extern int64_t gsi_errors_held;

/* Calls release(ctx) when release is not NULL (Go cannot call C function pointers). */
void gsi_call_release(gs_release_fn release, void *ctx);

/* Whether gradient recording is on for the calling thread (autograd), and
 * its setter. */
int32_t gsi_grad_enabled(void);
void gsi_set_grad_enabled(int32_t on);

/* The handle word of the cancel token bound to the calling thread (0: none),
 * and its setter (gs_set_cancel_token). */
uint64_t gsi_cancel_current(void);
/* Calls fn(fraction, user) (Go cannot call C function pointers). */
void gsi_call_progress(gs_progress_fn fn, double fraction, void *user);
/* Calls fn(state, user), an LOBPCG tracker (Go cannot call C function pointers). */
int32_t gsi_call_lobpcg_tracker(gs_lobpcg_tracker_fn fn, const gs_lobpcg_state *state, void *user);
void gsi_set_cancel_current(uint64_t bits);
/* How many cancels of the bound token the calling thread has answered, and
 * its setter (see cancel.Answer). */
uint64_t gsi_cancel_answered_count(void);
void gsi_set_cancel_answered(uint64_t n);

/* The address lent for zero-length components: never NULL, never read. */
void *gsi_empty_data(void);

/* Non-zero in a process forked after the library started (set by fork.c's
 * pthread_atfork child handler). Every gs_* wrapper tests it first: the Go
 * runtime does not survive fork, and entering it in the child can hang. */
extern int gsi_forked;
#define GSI_FORKED() __builtin_expect(__atomic_load_n(&gsi_forked, __ATOMIC_RELAXED), 0)

/* What a wrapper returns in a forked child: fn's last error set to the
 * fork rule; GS_ERR_FORKED, or -1 for a count. */
gs_status gsi_forked_status(const char *fn);
int64_t gsi_forked_count(const char *fn);

#endif
