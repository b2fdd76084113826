// fork.c — the library in a process forked after it started, and the two
// functions that answer from C alone.
//
// The Go runtime does not survive fork: only the forking thread exists in the
// child, while the runtime's locks, its Ps, its list of spare threads for
// calls from C and its GC workers may be held by threads that are gone.
// Entering Go in the child can hang for ever. So a pthread_atfork child
// handler sets gsi_forked, and every gs_* wrapper (exports_gen.c) tests it
// before calling into Go: in the child each call fails at once with
// GS_ERR_FORKED. gs_version and gs_last_error never enter Go and work there.

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "capi.h"

int gsi_forked;

static void gsi_after_fork_in_child(void) { __atomic_store_n(&gsi_forked, 1, __ATOMIC_RELAXED); }

// Runs when the library is loaded (or the program linked with the archive
// starts), before any gs_* call and so before any fork that matters.
__attribute__((constructor)) static void gsi_fork_init(void) {
    gsi_errors_init();
    pthread_atfork(NULL, NULL, gsi_after_fork_in_child);
}

static const char gsi_fork_rule[] =
    ": this process was forked after libgosparse was loaded, and the Go runtime "
    "inside the library does not survive fork, so the library cannot be used in "
    "the child. Load the library after fork, or start worker processes with "
    "spawn or forkserver (Python multiprocessing), or fork and exec";

gs_status gsi_forked_status(const char *fn) {
    size_t n = strlen(fn), m = sizeof gsi_fork_rule;
    char *msg = malloc(n + m);
    if (msg) {
        memcpy(msg, fn, n);
        memcpy(msg + n, gsi_fork_rule, m);
        gsi_set_error(msg);
    }
    // Out of memory leaves the previous message: the status still says why.
    return GS_ERR_FORKED;
}

int64_t gsi_forked_count(const char *fn) {
    gsi_forked_status(fn);
    return -1;
}

const char *gs_version(void) { return GS_VERSION_STRING; }

const char *gs_last_error(void) { return gsi_get_error(); }
