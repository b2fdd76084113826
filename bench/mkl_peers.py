"""The strongest CPU peers: Intel MKL's sparse BLAS (through sparse_dot_mkl over
the `mkl` wheel) and SuiteSparse:GraphBLAS (through python-graphblas), each
with two threads like gosparse, when they are installed (`make bench-env`
installs both). A missing or broken peer gives its column a status instead of
failing the row.

The functions mv, mm and spgemm return the peers of a row as Peer entries,
which cases.run_strong times (paired call by call with gosparse where the row
names the peer) and, where a call is cheap, once more on one thread (columns
mkl-1t and graphblas-1t).
"""

import glob
import os
import sys
from collections import namedtuple

import numpy as np

THREADS = 2

# One peer of a row: fn() computes the product (None when the peer is
# missing: via then says why), read(result) gives what the row's check
# compares, one_thread says whether a single-thread figure is wanted.
Peer = namedtuple("Peer", "name fn via read one_thread")

_mkl = None
_mkl_status = None
_gb = None
_gb_status = None


def mkl():
    """(the sparse_dot_mkl module or None, why not). It finds the `mkl` wheel's
    libmkl_rt in this environment (sparse_dot_mkl looks only in the library
    path) and sets MKL to THREADS threads."""
    global _mkl, _mkl_status
    if _mkl is None and _mkl_status is None:
        if "MKL_RT" not in os.environ:
            found = sorted(glob.glob(os.path.join(sys.prefix, "lib", "libmkl_rt.so*")))
            if found:
                os.environ["MKL_RT"] = found[0]
        os.environ.setdefault("MKL_NUM_THREADS", str(THREADS))
        try:
            import sparse_dot_mkl as m
            m.mkl_set_num_threads(THREADS)
        except ImportError as e:
            _mkl_status = "not installed (%s)" % str(e).split(".")[0]
        except Exception as e:  # a broken install: say so, run the row without it
            _mkl_status = "import failed: %s" % e
        else:
            _mkl, _mkl_status = m, "ok"
    return _mkl, _mkl_status


def graphblas():
    """(the graphblas module or None, why not), SuiteSparse with THREADS threads."""
    global _gb, _gb_status
    if _gb is None and _gb_status is None:
        try:
            import graphblas as gb
            gb.init("suitesparse", blocking=True)
            gb.ss.config["nthreads"] = THREADS
        except ImportError as e:
            _gb_status = "not installed (%s)" % e
        except Exception as e:
            _gb_status = "import failed: %s" % e
        else:
            _gb, _gb_status = gb, "ok"
    return _gb, _gb_status


def versions():
    """The peers' versions (or why they are missing), for the machine summary."""
    m, ms = mkl()
    g, gs = graphblas()
    return {"mkl": m.mkl_get_version_string().strip() if m else ms,
            "graphblas": "SuiteSparse:GraphBLAS %s" % ".".join(map(str, g.ss.about["library_version"]))
            if g else gs}


def set_threads(n):
    """Set both peers to n threads (where they are installed)."""
    m, _ = mkl()
    if m is not None:
        m.mkl_set_num_threads(n)
    g, _ = graphblas()
    if g is not None:
        g.ss.config["nthreads"] = n


def _same(r):
    return r


def _gb_dense(r):
    return r.to_dense(fill_value=0.0)


def _scipy_parts(r):
    return (r.indptr, r.indices, r.data)


def _gb_parts(r):
    return r.to_csr()


def _missing(name, status):
    return Peer(name, None, "%s: %s" % (name, status), None, False)


def mv(S, x, out=None):
    """The peers of y = S @ x for a scipy CSR S and a float64 vector x; with
    out (a float64 array of S.shape[0]) both write into an existing output
    (MKL with beta 0)."""
    peers = []
    m, status = mkl()
    if m is None:
        peers.append(_missing("mkl", status))
    elif out is not None:
        peers.append(Peer("mkl", lambda: m.dot_product_mkl(S, x, out=out, out_scalar=0.0),
                          "dot_product_mkl(csr, x, out=y, out_scalar=0) (mkl_sparse_d_mv)",
                          _same, True))
    else:
        peers.append(Peer("mkl", lambda: m.dot_product_mkl(S, x),
                          "dot_product_mkl(csr, x) (mkl_sparse_d_mv)", _same, True))
    g, status = graphblas()
    if g is None:
        peers.append(_missing("graphblas", status))
        return peers
    G = _gb_matrix(g, S)
    v = g.Vector.from_dense(x)
    if out is not None:
        w = g.Vector(g.dtypes.FP64, S.shape[0])

        def into():
            w << G.mxv(v)
            return w

        peers.append(Peer("graphblas", into, "w << A.mxv(v) (GrB_mxv, plus_times)", _gb_dense,
                          True))
    else:
        peers.append(Peer("graphblas", lambda: G.mxv(v).new(),
                          "A.mxv(v).new() (GrB_mxv, plus_times)", _gb_dense, True))
    return peers


def mm(S, X, out=None):
    """The peers of Y = S @ X for a scipy CSR S and a row-major float64 X; with
    out, MKL writes into it (beta 0). GraphBLAS has no product into a dense
    array: its product of S and X held as a full (dense) matrix is timed."""
    peers = []
    m, status = mkl()
    if m is None:
        peers.append(_missing("mkl", status))
    elif out is not None:
        peers.append(Peer("mkl", lambda: m.dot_product_mkl(S, X, out=out, out_scalar=0.0),
                          "dot_product_mkl(csr, X, out=Y, out_scalar=0) (mkl_sparse_d_mm, "
                          "row-major)", _same, False))
    else:
        peers.append(Peer("mkl", lambda: m.dot_product_mkl(S, X),
                          "dot_product_mkl(csr, X) (mkl_sparse_d_mm, row-major)", _same, False))
    g, status = graphblas()
    if g is None:
        peers.append(_missing("graphblas", status))
        return peers
    G = _gb_matrix(g, S)
    D = g.Matrix.from_dense(X)
    peers.append(Peer("graphblas", lambda: G.mxm(D).new(),
                      "A.mxm(D).new() (GrB_mxm, plus_times, D full)", _gb_dense, False))
    return peers


def spgemm(S):
    """The peers of C = S @ S for a scipy CSR S, read as (crow, col, val).
    MKL's mkl_sparse_spmm leaves the columns unsorted unless asked (then
    mkl_sparse_order): the sorted product, what gosparse gives, is mkl; the
    unsorted one mkl-unsorted. GraphBLAS finishes (and sorts) its result in
    wait()."""
    peers = []
    m, status = mkl()
    if m is None:
        peers.append(_missing("mkl", status))
    else:
        peers.append(Peer("mkl", lambda: m.dot_product_mkl(S, S, reorder_output=True),
                          "dot_product_mkl(csr, csr, reorder_output=True) (mkl_sparse_spmm, "
                          "mkl_sparse_order)", _scipy_parts, True))
        peers.append(Peer("mkl-unsorted", lambda: m.dot_product_mkl(S, S),
                          "dot_product_mkl(csr, csr) (mkl_sparse_spmm, columns as MKL leaves "
                          "them)", _scipy_parts, False))
    g, status = graphblas()
    if g is None:
        peers.append(_missing("graphblas", status))
        return peers
    G = _gb_matrix(g, S)

    def product():
        C = G.mxm(G).new()
        C.wait()
        return C

    peers.append(Peer("graphblas", product, "A.mxm(A).new(); wait() (GrB_mxm, plus_times)",
                      _gb_parts, True))
    return peers


def _gb_matrix(g, S):
    return g.Matrix.from_csr(np.asarray(S.indptr), np.asarray(S.indices), np.asarray(S.data),
                             nrows=S.shape[0], ncols=S.shape[1])
