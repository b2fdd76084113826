"""lobpcg's torch arguments beyond the plain numbers: the ortho_iparams,
ortho_fparams and ortho_bparams dictionaries (checked key by key into a
gs_lobpcg_ortho) and the tracker (a Python callable behind a gs_lobpcg_tracker_fn
that shows it a torch-like view of the solver's state)."""

import math
import numbers

import numpy as np

from ._lib import LOBPCG_TRACKER_FN, GsLobpcgOrtho
from ._types import float64

_INT_KEYS = ("ortho_i_max", "ortho_j_max")
_FLOAT_KEYS = ("ortho_tol", "ortho_tol_drop", "ortho_tol_replace")
_BOOL_KEYS = ("ortho_use_drop",)
_MAX_ROUNDS = 100  # the library's bound on ortho_i_max and ortho_j_max


def _entries(d, what, known):
    """The items of the dict d (None: none), each key checked against known."""
    if d is None:
        return []
    if not isinstance(d, dict):
        raise TypeError("lobpcg(): argument '%s' must be a dict, not %s" % (what, type(d).__name__))
    for key in d:
        if key not in known:
            raise ValueError("lobpcg(): %s: unknown key %r (known: %s)"
                             % (what, key, ", ".join(known)))
    return list(d.items())


def ortho_params(method, iparams, fparams, bparams):
    """A GsLobpcgOrtho for the three dictionaries, or None when all are empty.
    Keys left out take torch's defaults (the library's zero fields)."""
    items = (_entries(iparams, "ortho_iparams", _INT_KEYS)
             + _entries(fparams, "ortho_fparams", _FLOAT_KEYS)
             + _entries(bparams, "ortho_bparams", _BOOL_KEYS))
    if not items:
        return None
    if method == "basic":
        raise ValueError("lobpcg(): ortho_iparams, ortho_fparams and ortho_bparams apply to "
                         "method='ortho' only, got method='basic'")
    o = GsLobpcgOrtho()
    for key, v in items:
        if key in _INT_KEYS:
            if isinstance(v, bool) or not isinstance(v, numbers.Integral):
                raise TypeError("lobpcg(): ortho_iparams[%r] must be an int, not %s"
                                % (key, type(v).__name__))
            if not 1 <= v <= _MAX_ROUNDS:
                raise ValueError("lobpcg(): ortho_iparams[%r] = %d: must be between 1 and %d"
                                 % (key, v, _MAX_ROUNDS))
            setattr(o, key[len("ortho_"):], int(v))
        elif key in _FLOAT_KEYS:
            if isinstance(v, bool) or not isinstance(v, numbers.Real):
                raise TypeError("lobpcg(): ortho_fparams[%r] must be a number, not %s"
                                % (key, type(v).__name__))
            if not (math.isfinite(v) and 0 < v < 1):
                raise ValueError("lobpcg(): ortho_fparams[%r] = %r: must be in (0, 1)" % (key, v))
            setattr(o, key[len("ortho_"):], float(v))
        else:
            if not isinstance(v, (bool, np.bool_)):
                raise TypeError("lobpcg(): ortho_bparams[%r] must be a bool, not %s"
                                % (key, type(v).__name__))
            o.use_drop = 1 if v else 0
    return o


def tracker_params(a, x, k, n, niter, tol, largest, method, iparams, fparams, bparams):
    """(iparams, fparams, bparams) as torch's LOBPCG object holds them: the
    arguments with their defaults resolved, and for method "ortho" the ortho_*
    knobs with torch's defaults for the keys left out."""
    k = k or (x.shape[-1] if x is not None else 1)
    n = x.shape[-1] if x is not None else (n or k)
    if tol is None:  # the square root of the result dtype's machine epsilon
        tol = math.sqrt(2.23e-16 if a.dtype is float64 else 1.2e-07)
    ip = {"m": a.shape[-1], "n": n, "k": k, "niter": niter}
    fp = {"tol": float(tol)}
    bp = {"largest": largest is not False}
    if method != "basic":
        ip.update(ortho_i_max=3, ortho_j_max=3)
        fp.update(ortho_tol=fp["tol"], ortho_tol_drop=fp["tol"], ortho_tol_replace=fp["tol"])
        bp.update(ortho_use_drop=False)
        ip.update(iparams or {})
        fp.update(fparams or {})
        bp.update(bparams or {})
    return ip, fp, bp


class LobpcgState:
    """What a lobpcg tracker is called with after each iteration: torch's LOBPCG
    attributes that hold the state. iparams, fparams and bparams are the input
    parameters (m, n, k, niter; tol; largest, and the ortho_* knobs given);
    ivars["istep"] the iterations done, ivars["converged_count"] the leading pairs
    below tol; tvars["rerr"] their relative residuals; E (n,), X (m, n) and R = A X -
    B X diag(E) (m, n) are numpy float64 copies; A, B and iK the arguments. For a
    batched A, iparams["batch_index"] is the matrix being solved (torch's key).
    Setting bvars["force_stop"] = True stops the iterations (torch's rule)."""

    def __init__(self, A, B, iK, iparams, fparams, bparams):
        self.A, self.B, self.iK = A, B, iK
        self.iparams, self.fparams, self.bparams = iparams, fparams, bparams
        self.ivars, self.fvars, self.bvars, self.tvars = {}, {}, {"force_stop": False}, {}
        self.E = self.X = self.R = None

    def __repr__(self):
        return "LobpcgState(istep=%s, converged_count=%s)" % (
            self.ivars.get("istep"), self.ivars.get("converged_count"))


class Tracker:
    """The C tracker of one lobpcg call over a Python callable: .fn goes to
    gs_lobpcg_ex (kept alive by this object); an exception the callable raises
    stops the run and is kept in .error for the caller to raise."""

    def __init__(self, tracker, state):
        if not callable(tracker):
            raise TypeError("lobpcg(): argument 'tracker' must be callable, not %s"
                            % type(tracker).__name__)
        self.tracker, self.state, self.error, self.forced = tracker, state, None, False
        self.fn = LOBPCG_TRACKER_FN(self._call)

    def _call(self, p, _user):
        try:
            st = p.contents
            m, n = st.m, st.n
            s = self.state
            s.ivars.update(istep=st.iteration, converged_count=st.converged)
            if len(s.A.shape) > 2:
                s.iparams["batch_index"] = st.batch
            s.E = np.ctypeslib.as_array(st.E, (n,)).copy()
            s.tvars["rerr"] = np.ctypeslib.as_array(st.rerr, (n,)).copy()
            s.X = np.ctypeslib.as_array(st.X, (m, n)).copy()
            s.R = np.ctypeslib.as_array(st.R, (m, n)).copy()
            self.tracker(s)
            if s.bvars.get("force_stop"):
                self.forced = True
                return 1
            return 0
        except BaseException as e:  # raised again after the call: nothing crosses C
            self.error = e
            return 1
