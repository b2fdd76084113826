"""Status codes of gosparse.h and the one function that turns them into exceptions.

Every exception raised for a library status derives from GosparseError (which
carries the status code) and from the built-in exception a Python user expects:
ValueError, IndexError, TypeError, MemoryError, NotImplementedError or RuntimeError.
In a process forked after the library was loaded every call raises ForkedProcessError.
"""

from ._lib import lib

GS_OK = 0
GS_ERR_INVALID_ARGUMENT = -1
GS_ERR_INVALID_HANDLE = -2
GS_ERR_INDEX = -3
GS_ERR_DTYPE = -4
GS_ERR_TOO_LARGE = -5
GS_ERR_NOT_IMPLEMENTED = -6
GS_ERR_IO = -7
GS_ERR_INTERNAL = -8
GS_ERR_FORKED = -9
GS_ERR_UNSUPPORTED = -10
GS_ERR_NO_CONVERGENCE = -11
GS_ERR_CANCELLED = -12


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
    """A file could not be read, written or parsed (GS_ERR_IO)."""

    code = GS_ERR_IO


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


_BY_CODE = {
    cls.code: cls
    for cls in (
        InvalidArgumentError,
        InvalidHandleError,
        OutOfRangeError,
        DTypeError,
        TooLargeError,
        NotSupportedError,
        FileFormatError,
        InternalError,
        ForkedProcessError,
        UnsupportedError,
        ConvergenceError,
        CancelledError,
    )
}


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
    raise cls(msg)
