"""Ctrl-C for long library calls: a SIGINT stops them with KeyboardInterrupt.

A C call cannot see Python's SIGINT handler, which runs only between bytecodes, so
the main thread gets a cancel token of the library (gs_set_cancel_token, bound once:
an unbinding call after each would clear the thread's last error), and the long
calls (sparse @ sparse, conversions, coalesce, Matrix Market reads, the solvers:
LONG_CALLS) made there run with Python's signal wakeup fd pointed at a pipe.
Python's C-level handler writes the signal number there at once; a watcher thread
reads it and, while such a call runs, calls gs_cancel, and the call returns
GS_ERR_CANCELLED within a chunk of work, leaving nothing made. Python's own handler then raises
KeyboardInterrupt as the call returns, as it would have had the call been Python.

Only the main thread receives signals, and only while SIGINT has Python's default
handler (a program that handles SIGINT itself keeps its own way): other calls go
straight to C.
"""

import os
import signal
import threading
from ctypes import byref, c_void_p

from ._errors import GS_ERR_CANCELLED
from ._lib import lib

# The gs_* functions that can run long and poll the cancel token; they return a status.
LONG_CALLS = (
    "gs_to_dense", "gs_to_layout", "gs_to_sparse_coo_dim", "gs_coalesce", "gs_to_format",
    "gs_mm", "gs_matmul", "gs_bmm", "gs_sparse_mm", "gs_smm", "gs_hspmm", "gs_addmm",
    "gs_sparse_addmm", "gs_sspaddmm",
    "gs_spsolve", "gs_solve_triangular", "gs_splu", "gs_cholesky", "gs_factor_solve",
    "gs_mm_read", "gs_mm_read_buffer",
)


class _Watch:
    """The process's token, its pipe and its watcher thread, made on first use."""

    def __init__(self):
        self.token = c_void_p()
        status = lib.gs_cancel_token_new(byref(self.token))
        if status != 0:
            raise RuntimeError("gosparse: gs_cancel_token_new failed with status %d" % status)
        self.read_fd, self.write_fd = os.pipe()
        os.set_blocking(self.write_fd, False)  # set_wakeup_fd's rule
        self.in_call = False  # the main thread is inside a long call
        self.cancelled = False  # the watcher cancelled the token since its last reset
        status = lib.gs_set_cancel_token(self.token)  # _get_watch runs on the main thread
        if status != 0:
            raise RuntimeError("gosparse: gs_set_cancel_token failed with status %d" % status)
        threading.Thread(target=self._run, name="gosparse-sigint", daemon=True).start()

    def _run(self):
        while True:
            data = os.read(self.read_fd, 64)
            if signal.SIGINT in data and self.in_call:
                self.cancelled = True
                lib.gs_cancel(self.token)


_watch = None
_lock = threading.Lock()


def _get_watch():
    global _watch
    with _lock:
        if _watch is None:
            _watch = _Watch()
    return _watch


def _interruptible(fn):
    """fn, a ctypes function of LONG_CALLS, made stoppable by Ctrl-C on the main thread."""

    def call(*args):
        if (threading.current_thread() is not threading.main_thread()
                or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
            return fn(*args)
        w = _watch or _get_watch()
        if w.cancelled:  # a SIGINT that came as the last call returned
            w.cancelled = False
            lib.gs_cancel_token_reset(w.token)
        old_fd = signal.set_wakeup_fd(w.write_fd, warn_on_full_buffer=False)
        w.in_call = True
        try:
            status = fn(*args)
        finally:
            w.in_call = False
            signal.set_wakeup_fd(old_fd)
        if status == GS_ERR_CANCELLED and w.cancelled:
            # Python's handler raises KeyboardInterrupt as the call returns; should it
            # not have run yet, this is the same interrupt.
            w.cancelled = False
            lib.gs_cancel_token_reset(w.token)
            raise KeyboardInterrupt
        return status

    call.__name__ = fn.__name__
    call.__doc__ = "%s, stoppable by Ctrl-C (see gosparse._interrupt)." % fn.__name__
    return call


for _name in LONG_CALLS:
    setattr(lib, _name, _interruptible(getattr(lib, _name)))
