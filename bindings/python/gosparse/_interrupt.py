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

The cancellation ends with the call it stopped: the library answers it as the call returns,
the watcher cancels only while a call runs (a lock orders the two), and a cancel that came
after the call's last poll is reset as the call returns, so every later call on the thread,
long or not, runs (the reset keeps the thread's last error, which _check reads after).

Only the main thread receives signals, and only while SIGINT has Python's default
handler (a program that handles SIGINT itself keeps its own way): other calls go
straight to C.

The same token carries the progress bar (set_progress): the library reports the
fraction done of a long call on the main thread, and a bar is drawn on stderr once
the call has run for a second.
"""

import _signal
import os
import signal
import sys
import threading
import time
from ctypes import byref, c_void_p

from ._errors import GS_ERR_CANCELLED, _check
from ._abi_gen import PROGRESS_FN as _PROGRESS_FN
from ._lib import lib

# The gs_* functions that can run long and poll the cancel token; they return a status.
LONG_CALLS = (
    "gs_to_dense", "gs_to_layout", "gs_to_layout_as", "gs_to_sparse_coo_dim", "gs_coalesce", "gs_to_format",
    "gs_mm", "gs_matmul", "gs_bmm", "gs_sparse_mm", "gs_sparse_mm_index_width", "gs_smm", "gs_hspmm", "gs_addmm",
    "gs_sparse_addmm", "gs_sspaddmm",
    "gs_spsolve", "gs_solve_triangular", "gs_splu", "gs_cholesky", "gs_factor_solve",
    "gs_mm_read", "gs_mm_read_buffer", "gs_mm_write", "gs_mm_write_opts",
)


class _Watch:
    """The process's token, its pipe and its watcher thread, made on first use."""

    def __init__(self):
        self.token = c_void_p()
        _check(lib.gs_cancel_token_new(byref(self.token)), "gs_cancel_token_new")
        self.read_fd, self.write_fd = os.pipe()
        os.set_blocking(self.write_fd, False)  # set_wakeup_fd's rule
        self.lock = threading.Lock()  # orders the watcher's cancel and the call's end
        self.in_call = False  # the main thread is inside a long call
        self.cancelled = False  # the watcher cancelled the token during the call
        # _get_watch runs on the main thread
        _check(lib.gs_set_cancel_token(self.token), "gs_set_cancel_token")
        self.bar = None  # the _Bar of the call in progress, when set_progress is on
        threading.Thread(target=self._run, name="gosparse-sigint", daemon=True).start()

    def _run(self):
        while True:
            data = os.read(self.read_fd, 64)
            with self.lock:
                if signal.SIGINT in data and self.in_call:
                    self.cancelled = True
                    lib.gs_cancel(self.token)

    def end_call(self):
        """Whether the watcher cancelled the call that just returned; no cancel outlives it."""
        with self.lock:
            self.in_call = False
            cancelled, self.cancelled = self.cancelled, False
        if cancelled:
            lib.gs_cancel_token_reset(self.token)
        return cancelled


_watch = None
_lock = threading.Lock()


def _get_watch():
    global _watch
    with _lock:
        if _watch is None:
            _watch = _Watch()
    return _watch


_BAR_WIDTH = 24
# Calls shorter than this draw nothing (a bar that flashes past is noise); the tests
# lower it, since no product takes a second on every machine.
_BAR_AFTER_S = 1.0


class _Bar:
    """A tqdm-style bar on stderr for one call, drawn from its first second on."""

    def __init__(self, name):
        self.name, self.start, self.shown = name, time.monotonic(), False

    def draw(self, fraction):
        elapsed = time.monotonic() - self.start
        if elapsed < _BAR_AFTER_S:
            return
        filled = int(fraction * _BAR_WIDTH)
        sys.stderr.write("\rgosparse %s: %3d%%|%s%s| %.1f s" % (
            self.name, int(fraction * 100), "#" * filled, " " * (_BAR_WIDTH - filled), elapsed))
        sys.stderr.flush()
        self.shown = True

    def close(self, finished):
        if self.shown:
            if finished:
                self.draw(1.0)
            sys.stderr.write("\n")
            sys.stderr.flush()


def _on_progress(fraction, _user):
    w = _watch
    if w is not None and w.bar is not None:
        w.bar.draw(fraction)


_progress_callback = _PROGRESS_FN(_on_progress)  # kept alive: the library holds its address
_progress_on = False


def set_progress(enabled):
    """Turn the progress bar of long calls on or off (gosparse.set_progress)."""
    global _progress_on
    if not isinstance(enabled, bool):
        raise TypeError("set_progress(): argument 'enabled' must be a bool, not %s"
                        % type(enabled).__name__)
    if threading.current_thread() is not threading.main_thread():
        raise RuntimeError("set_progress(): call it from the main thread, whose long calls "
                           "it shows")
    w = _watch or _get_watch()
    _check(lib.gs_cancel_token_set_progress(w.token, _progress_callback if enabled else None,
                                            None), "gs_cancel_token_set_progress")
    _progress_on = enabled


_MAIN_IDENT = threading.main_thread().ident
_SIGINT, _DEFAULT_INT_HANDLER = signal.SIGINT, signal.default_int_handler


def _interruptible(fn):
    """fn, a ctypes function of LONG_CALLS, made stoppable by Ctrl-C on the main thread."""

    def call(*args):
        # _signal.getsignal: the handler as set (signal.getsignal wraps it in an enum,
        # raising and catching a ValueError for any handler that is a function).
        if (threading.get_ident() != _MAIN_IDENT
                or _signal.getsignal(_SIGINT) is not _DEFAULT_INT_HANDLER):
            return fn(*args)
        w = _watch or _get_watch()
        old_fd = signal.set_wakeup_fd(w.write_fd, warn_on_full_buffer=False)
        w.in_call = True
        if _progress_on:
            w.bar = _Bar(fn.__name__[3:])
        status = None
        try:
            status = fn(*args)
        finally:
            # Also when Python's handler raised KeyboardInterrupt inside the try.
            cancelled = w.end_call()
            signal.set_wakeup_fd(old_fd)
            if w.bar is not None:
                w.bar.close(status == 0)
                w.bar = None
        if status == GS_ERR_CANCELLED and cancelled:
            # Python's handler raises KeyboardInterrupt as the call returns; should it
            # not have run yet, this is the same interrupt.
            raise KeyboardInterrupt
        return status

    call.__name__ = fn.__name__
    call.raw = fn  # the call itself, for callers that know it to be short
    call.argtypes, call.restype = fn.argtypes, fn.restype  # what the declaration said
    call.__doc__ = "%s, stoppable by Ctrl-C (see gosparse._interrupt)." % fn.__name__
    return call


for _name in LONG_CALLS:
    setattr(lib, _name, _interruptible(getattr(lib, _name)))
