/* test_fork.c — a process forked after the library started gets GS_ERR_FORKED
 * at once from every call (never a hang), gs_version and gs_last_error still
 * work there, and the parent carries on. */
#include <pthread.h>
#include <stdatomic.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

/* How long a child may take before it counts as hung. */
#define CHILD_SECONDS 10

static gs_tensor *matrix; /* a 300 x 300 stencil in CSR: its products run in parallel */
static gs_tensor *vector;

/* The child's checks; its exit status is the number of failed checks. */
static int child_checks(void) {
    alarm(CHILD_SECONDS); /* a hang ends in SIGALRM, which the parent reports */
    check_failures = 0;
    gs_tensor *t = NULL;
    CHECK_ERR(gs_gen_stencil2d(300, &t), GS_ERR_FORKED, "gs_gen_stencil2d: this process was forked after libgosparse was loaded");
    CHECK(t == NULL);
    CHECK(strstr(gs_last_error(), "spawn or forkserver") != NULL);
    CHECK_STR(gs_version(), GS_VERSION_STRING);
    CHECK(strstr(gs_last_error(), "gs_gen_stencil2d") != NULL); /* gs_version keeps the message */
    CHECK_ERR(gs_mv(matrix, vector, &t), GS_ERR_FORKED, "gs_mv: this process was forked");
    CHECK(t == NULL);
    int32_t major = -1, minor = -1, patch = -1;
    CHECK_ERR(gs_version_numbers(&major, &minor, &patch), GS_ERR_FORKED, "gs_version_numbers:");
    CHECK(major == -1);
    CHECK(gs_live_handles() == -1);
    CHECK(strstr(gs_last_error(), "gs_live_handles: this process was forked") != NULL);
    gs_tensor *copy = matrix;
    CHECK_ERR(gs_tensor_free(&copy), GS_ERR_FORKED, "gs_tensor_free:");
    CHECK(copy == matrix);
    const char *name = NULL;
    CHECK_ERR(gs_dtype_name(GS_FLOAT64, &name), GS_ERR_FORKED, "gs_dtype_name:");
    return check_failures;
}

/* Forks; the child runs child_checks. The parent waits at most twice the
 * child's own alarm, then kills it, so the test never hangs. */
static void fork_and_check(const char *when) {
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        CHECK_FAIL("%s: fork failed", when);
        return;
    }
    if (pid == 0) {
        _exit(child_checks());
    }
    int status = 0;
    struct timespec tick = {0, 10 * 1000 * 1000};
    for (int waited = 0; waitpid(pid, &status, WNOHANG) == 0; waited++) {
        if (waited == 2 * CHILD_SECONDS * 100) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            CHECK_FAIL("%s: the child hung (killed after %d s)", when, 2 * CHILD_SECONDS);
            return;
        }
        nanosleep(&tick, NULL);
    }
    if (WIFSIGNALED(status)) {
        CHECK_FAIL("%s: the child died of signal %d (SIGALRM: it hung)", when, WTERMSIG(status));
    } else if (WEXITSTATUS(status) != 0) {
        CHECK_FAIL("%s: %d check(s) failed in the child (its messages above)", when, WEXITSTATUS(status));
    }
}

/* A product in the parent, right: the parent keeps working after each fork. */
static void check_product(void) {
    gs_tensor *y = NULL;
    CHECK_OK(gs_mv(matrix, vector, &y));
    gs_array yv;
    CHECK_OK(gs_tensor_component(y, GS_COMP_VALUES, &yv));
    const double *v = yv.data;
    /* The 5-point Laplacian times ones: 0 inside, 1 at an edge, 2 at a corner. */
    CHECK(v[0] == 2.0 && v[1] == 1.0 && v[301] == 0.0);
    CHECK_OK(gs_tensor_free(&y));
}

static atomic_int busy_stop;

/* Products in another thread, so that forks happen while Go is busy. */
static void *busy(void *arg) {
    int *failures = arg;
    while (!busy_stop) {
        gs_tensor *y = NULL;
        if (gs_mv(matrix, vector, &y) != GS_OK || gs_tensor_free(&y) != GS_OK) (*failures)++;
    }
    return NULL;
}

int main(void) {
    check_start();
    gs_tensor *coo = NULL;
    CHECK_OK(gs_gen_stencil2d(300, &coo));
    CHECK_OK(gs_to_layout(coo, GS_SPARSE_CSR, NULL, -1, GS_INDEX_AUTO, &matrix));
    CHECK_OK(gs_tensor_free(&coo));
    static double ones[300 * 300];
    for (int i = 0; i < 300 * 300; i++) ones[i] = 1.0;
    gs_array ov = {.data = ones, .dtype = GS_FLOAT64, .ndim = 1, .shape = {300 * 300}};
    CHECK_OK(gs_strided_from(&ov, &vector));

    check_product(); /* a parallel call, then fork */
    fork_and_check("after a parallel product");
    check_product();

    int busy_failures = 0;
    pthread_t th;
    CHECK(pthread_create(&th, NULL, busy, &busy_failures) == 0);
    for (int i = 0; i < 5; i++) {
        fork_and_check("while another thread runs products");
    }
    busy_stop = 1;
    pthread_join(th, NULL);
    CHECK(busy_failures == 0);
    check_product();

    CHECK_OK(gs_tensor_free(&vector));
    CHECK_OK(gs_tensor_free(&matrix));
    return check_finish("test_fork");
}
