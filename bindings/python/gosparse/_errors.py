"""Status codes of gosparse.h and the one function that turns them into exceptions.

Every exception raised for a library status derives from GosparseError (which
carries the status code) and from the built-in exception a Python user expects:
ValueError, IndexError, TypeError, MemoryError, NotImplementedError, RuntimeError,
FileNotFoundError or PermissionError. The code -> class table is generated from the
header (_status_gen.py, by cmd/statusgen).
In a process forked after the library was loaded every call raises ForkedProcessError.
"""

import errno

from ._lib import lib

from ._status_gen import (  # noqa: F401  (the codes, generated from gosparse.h)
    GS_OK, GS_ERR_INVALID_ARGUMENT, GS_ERR_INVALID_HANDLE, GS_ERR_INDEX, GS_ERR_DTYPE,
    GS_ERR_TOO_LARGE, GS_ERR_NOT_IMPLEMENTED, GS_ERR_IO, GS_ERR_INTERNAL, GS_ERR_FORKED,
    GS_ERR_UNSUPPORTED, GS_ERR_NO_CONVERGENCE, GS_ERR_CANCELLED, GS_ERR_NOT_FOUND,
    GS_ERR_PERMISSION, STATUSES)


class GosparseError(Exception):
    """Base of the exceptions raised for a failed library call; ``code`` is its gs_status."""

    code = None


class InvalidArgumentError(GosparseError, ValueError):
    """A value broke a documented rule (GS_ERR_INVALID_ARGUMENT)."""

    code = GS_ERR_INVALID_ARGUMENT


class InvalidHandleError(GosparseError, RuntimeError):
    """A freed, stale or foreign tensor handle (GS_ERR_INVALID_HANDLE)."""

    code = GS_ERR_INVALID_HANDLE


class OutOfRangeError(GosparseError, IndexError):
    """An index out of range (GS_ERR_INDEX)."""

    code = GS_ERR_INDEX


class DTypeError(GosparseError, TypeError):
    """An unknown or unsupported dtype (GS_ERR_DTYPE)."""

    code = GS_ERR_DTYPE


class TooLargeError(GosparseError, MemoryError):
    """The result would exceed the memory limit (GS_ERR_TOO_LARGE)."""

    code = GS_ERR_TOO_LARGE


class NotSupportedError(GosparseError, NotImplementedError):
    """A valid request that the library does not support yet (GS_ERR_NOT_IMPLEMENTED)."""

    code = GS_ERR_NOT_IMPLEMENTED


class FileFormatError(GosparseError, RuntimeError, OSError):
    """A file could not be parsed, or read or written for a reason other than its
    absence or its permissions (GS_ERR_IO)."""

    code = GS_ERR_IO


class MissingFileError(GosparseError, FileNotFoundError):
    """A file or folder named by a path does not exist (GS_ERR_NOT_FOUND): caught by
    ``except FileNotFoundError`` and ``except OSError``."""

    code = GS_ERR_NOT_FOUND
    _errno = errno.ENOENT


class FilePermissionError(GosparseError, PermissionError):
    """The process may not read or write the file named (GS_ERR_PERMISSION): caught by
    ``except PermissionError`` and ``except OSError``."""

    code = GS_ERR_PERMISSION
    _errno = errno.EACCES


class InternalError(GosparseError, RuntimeError):
    """A bug in the library (GS_ERR_INTERNAL): please report the message."""

    code = GS_ERR_INTERNAL


class ForkedProcessError(GosparseError, RuntimeError):
    """A call in a process forked after the library was loaded (GS_ERR_FORKED): the Go
    runtime inside it does not survive fork. Use multiprocessing's "spawn" or
    "forkserver" start method, or import gosparse in the child only."""

    code = GS_ERR_FORKED


class UnsupportedError(GosparseError, NotImplementedError):
    """This build or device has no path for the request (GS_ERR_UNSUPPORTED): a move to
    a GPU in a library built without CUDA, or an operation with no GPU kernel on a
    device tensor (move it with t.cpu() first; nothing is copied implicitly)."""

    code = GS_ERR_UNSUPPORTED
class ConvergenceError(GosparseError, RuntimeError):
    """An iterative method stopped at its iteration limit before reaching its
    tolerance (GS_ERR_NO_CONVERGENCE); the message names the iterations and the
    residual."""

    code = GS_ERR_NO_CONVERGENCE


class UnknownStatusError(GosparseError, RuntimeError):
    """A status code this version of the bindings does not know."""


class CancelledError(GosparseError, RuntimeError):
    """A call stopped by its thread's cancel token (GS_ERR_CANCELLED); Ctrl-C on the
    main thread raises KeyboardInterrupt instead (see gosparse._interrupt)."""

    code = GS_ERR_CANCELLED


# The generated table names the class of each code; every class is defined above.
_BY_CODE = {code: globals()[cls] for code, (_c_name, cls) in STATUSES.items()}


def last_error():
    """The calling thread's last error message of the library ("" after a success)."""
    raw = lib.gs_last_error()
    return raw.decode("utf-8", "replace") if raw else ""


# The C functions that the library's messages point the reader to, by the names a
# Python caller uses (the messages are written once, for every language).
_PYTHON_NAMES = (("gs_set_memory_limit", "gosparse.set_memory_limit"),
                 ("gs_get_memory_limit", "gosparse.get_memory_limit"))


def _python_names(msg):
    for c, py in _PYTHON_NAMES:
        if c in msg:
            msg = msg.replace(c, py)
    return msg


def _check(status, what="gosparse call"):
    """Raise the exception for a failed status, with the library's message; no-op for GS_OK."""
    if status == GS_OK:
        return
    msg = _python_names(last_error()) or "%s failed with status %d" % (what, status)
    cls = _BY_CODE.get(status)
    if cls is None:
        err = UnknownStatusError("%s (status %d)" % (msg, status))
        err.code = status
        raise err
    err = cls(msg)
    if getattr(cls, "_errno", None) is not None:
        err.errno = cls._errno  # OSError(msg) leaves it None; except-by-errno code reads it
    try:
        raise err
    finally:
        del err  # no frame <-> traceback cycle: the callers' tensors are freed at once
