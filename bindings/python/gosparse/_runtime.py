"""Library-wide settings and counters."""

from ctypes import byref, c_int64

from . import _base, _interrupt, _lib
from ._arrays import int_arg
from ._errors import GS_ERR_FORKED, _check


def library_path():
    """The path of the libgosparse this process loaded."""
    return _lib.path


def live_handles():
    """How many tensors the library holds (created and not yet freed): a leak check."""
    n = _lib.lib.gs_live_handles()
    if n < 0:  # the library's answer in a forked child
        _check(GS_ERR_FORKED, "gs_live_handles")
    return n


def set_memory_limit(nbytes):
    """The largest single result the library may allocate, in bytes (> 0); bigger
    results raise MemoryError (gosparse.TooLargeError)."""
    _check(_lib.lib.gs_set_memory_limit(int_arg(nbytes, "nbytes")), "gs_set_memory_limit")


def get_memory_limit():
    """The current memory limit in bytes."""
    out = c_int64()
    _check(_lib.lib.gs_get_memory_limit(byref(out)), "gs_get_memory_limit")
    return out.value


def set_printoptions(*, torch_names=None):
    """Printing options. torch_names=True makes repr spell dtypes and layouts as torch
    does (dtype=torch.float64, layout=torch.sparse_csr), so the text diffs clean
    against torch's; the default, False, says gosparse.float64 and gosparse.sparse_csr."""
    if torch_names is not None:
        if not isinstance(torch_names, bool):
            raise TypeError("set_printoptions(): argument 'torch_names' must be a bool, not %s"
                            % type(torch_names).__name__)
        _base.PRINT_OPTIONS["torch_names"] = torch_names


def set_progress(enabled):
    """Show a progress bar (tqdm-style, on stderr) for the long calls of the main thread.

    Off by default. When on, a call that runs for more than a second (sparse @ sparse,
    conversions, coalesce, Matrix Market reads, solvers) draws a bar of its fraction done,
    updated up to 10 times a second; shorter calls print nothing.

    Parameters
    ----------
    enabled : bool
        True to show the bar, False to stop showing it.

    Examples
    --------
    >>> import gosparse as gs
    >>> gs.set_progress(True)
    >>> gs.set_progress(False)
    """
    _interrupt.set_progress(enabled)
