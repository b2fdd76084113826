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
typedef const gs_array gs_carray;
typedef const int64_t gs_cint64;
typedef const char gs_cchar;
typedef const int32_t gs_cint32;
typedef const void gs_cvoid;
typedef const gs_number gs_cnumber;
typedef const gs_elementwise_args gs_celementwise_args;
/* An element of a const gs_tensor *const * list (gs_cat and friends). */
typedef const gs_tensor *const gs_ctensor_elem;

/* The calling thread's last error message: gsi_set_error takes ownership of a
 * malloc'd msg (NULL clears it) and frees the previous one. */
void gsi_set_error(char *msg);
const char *gsi_get_error(void);

/* The number of threads whose last error is not empty, read by Go with an
 * atomic load: while it is zero a successful call has nothing to clear and
 * skips the call into C (some 50 ns of a 1 us small product). */
extern int64_t gsi_errors_held;

/* Calls release(ctx) when release is not NULL (Go cannot call C function pointers). */
void gsi_call_release(gs_release_fn release, void *ctx);

/* The address lent for zero-length components: never NULL, never read. */
void *gsi_empty_data(void);

/* Static C strings (gs_version, names) that live as long as the process. */
const char *gsi_version_cstr(void);

#endif
