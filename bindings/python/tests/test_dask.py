"""gosparse tensors as dask.array chunks (gosparse.dask), on Dask's threaded scheduler
and on a dask.distributed LocalCluster of 2 worker processes on loopback; each result
against numpy/SciPy on the dense matrix."""

import pickle

import numpy as np
import pytest

import gosparse as gs

da = pytest.importorskip("dask.array")
sp = pytest.importorskip("scipy.sparse")
gsd = pytest.importorskip("gosparse.dask")

S = sp.random(60, 45, density=0.15, format="csr", random_state=1)
D = S.toarray()
LAYOUTS = ["sparse_csr", "sparse_csc", "sparse_coo", "strided"]


def dense(t):
    assert isinstance(t, gs.Tensor), type(t)
    return (t if t.layout is gs.strided else t.to_dense()).numpy()


def chunked(layout="sparse_csr", chunks=(16, 20)):
    return gsd.from_scipy(S, chunks, layout=getattr(gs, layout))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_chunks_meta_and_round_trip(layout):
    A = chunked(layout)
    assert isinstance(A._meta, gs.Tensor) and A._meta.layout is getattr(gs, layout)
    assert A.shape == D.shape and A.ndim == 2 and A.dtype == np.float64
    assert A.chunks == ((16, 16, 16, 12), (20, 20, 5))
    t = gsd.compute(A, scheduler="threads")
    assert t.layout is getattr(gs, layout)
    np.testing.assert_array_equal(dense(t), D)
    np.testing.assert_array_equal(dense(gsd.to_dense(A, scheduler="threads")), D)
    whole = gsd.from_tensor(gs.tensor(D).to_sparse_csr(), (30, None))
    assert whole.chunks == ((30, 30), (45,))
    np.testing.assert_array_equal(dense(gsd.compute(whole)), D)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_matmul_with_numpy_and_dask_operands(layout):
    x, X = np.linspace(-1, 1, 45), np.arange(90.0).reshape(45, 2)
    for A in (chunked(layout), chunked(layout, (16, None))):  # column blocks, row blocks
        for other, want in ((x, D @ x), (X, D @ X), (da.from_array(x, chunks=10), D @ x),
                            (da.from_array(X, chunks=(7, 1)), D @ X)):
            y = gsd.matmul(A, other)
            assert isinstance(y, da.Array)
            np.testing.assert_allclose(y.compute(scheduler="threads"), want, rtol=1e-12)
    A = chunked(layout)
    np.testing.assert_allclose(dense(gsd.compute(A @ x)), D @ x, rtol=1e-12)  # Dask's own @


def test_matmul_bad_input():
    A = chunked()
    with pytest.raises(ValueError, match="matmul: A is \\(60, 45\\), x has 44 rows"):
        gsd.matmul(A, np.ones(44))
    with pytest.raises(TypeError, match="A must be a 2-d dask array"):
        gsd.matmul(S, np.ones(45))
    with pytest.raises(ValueError, match="x must have 1 or 2 dims"):
        gsd.matmul(A, np.ones((45, 1, 1)))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_reductions_over_axes(layout):
    A = chunked(layout)
    for axis in (None, 0, 1, (0, 1)):
        for keepdims in (False, True):
            for name in ("sum", "max", "min", "mean"):
                r = gsd.to_dense(getattr(A, name)(axis=axis, keepdims=keepdims),
                                 scheduler="threads")
                np.testing.assert_allclose(dense(r), getattr(D, name)(axis=axis,
                                                                       keepdims=keepdims),
                                           rtol=1e-12, err_msg="%s %s" % (name, axis))
    np.testing.assert_allclose(dense(gsd.to_dense(gsd.sum(A, axis=1))), D.sum(axis=1))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_elementwise_slicing_and_rechunking(layout):
    A = chunked(layout)
    B = gsd.from_scipy(S * 2, (16, 20), layout=getattr(gs, layout))
    cases = [(np.sin(A) * 2 + A, np.sin(D) * 2 + D), (A * B - A, D * (2 * D) - D),
             (abs(-A), D), (A > 0.5, D > 0.5), (np.sqrt(A), np.sqrt(D)), (A.T, D.T),
             (A[5:40, 3:30], D[5:40, 3:30]), (A.rechunk((25, 45)), D),
             (da.concatenate([A, B], axis=1), np.concatenate([D, 2 * D], axis=1)),
             (A.astype(np.float32), D.astype(np.float32))]
    for r, want in cases:
        t = gsd.compute(r, scheduler="threads")
        np.testing.assert_allclose(dense(t), want, rtol=1e-6)
    assert isinstance(da.concatenate([A, A[:0]])._meta, gs.Tensor)
    assert isinstance((A + 1)._meta, gs.Tensor) and isinstance(A.sum(axis=0)._meta, gs.Tensor)


def test_sizeof_and_pickling_of_chunks():
    from dask.sizeof import sizeof

    t = gs.from_scipy(S)
    want = t.crow_indices().nbytes + t.col_indices().nbytes + t.values().nbytes
    assert sizeof(t) == gsd.nbytes(t) == want
    assert sizeof(gs.tensor(D)) == D.nbytes
    back = pickle.loads(pickle.dumps(t))
    assert back.layout is gs.sparse_csr and gs.equal(back, t)


def test_from_blocks_and_bad_arguments():
    B = gsd.from_blocks(lambda i: gs.generators.uniform(10, 30, 40, seed=i).to_sparse_csr(),
                        [10, 10, 10], 30)
    want = np.concatenate([dense(gs.generators.uniform(10, 30, 40, seed=i)) for i in range(3)])
    np.testing.assert_array_equal(dense(gsd.compute(B, scheduler="threads")), want)
    with pytest.raises(TypeError, match="from_tensor: expected a gosparse Tensor"):
        gsd.from_tensor(D, (10, 10))
    with pytest.raises(ValueError, match="chunks='auto' is not supported"):
        gsd.from_tensor(gs.tensor(D), "auto")


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address=None,
                                       silence_logs=40)
    try:
        with distributed.Client(cluster, timeout=60) as c:
            c.wait_for_workers(2, timeout=60)
            yield c
    finally:
        cluster.close(timeout=60)


def test_on_a_local_cluster_of_two_worker_processes(client):
    A = chunked("sparse_csr", (15, 45))
    x = np.linspace(0, 1, 45)
    y = client.compute(gsd.matmul(A, x)).result(timeout=60)
    np.testing.assert_allclose(y, D @ x, rtol=1e-12)
    s = client.compute(A.sum(axis=0)).result(timeout=60)
    np.testing.assert_allclose(dense(s), D.sum(axis=0), rtol=1e-12)
    e = client.compute(np.sin(A) * 2 + A).result(timeout=60)
    assert isinstance(e, gs.Tensor)
    np.testing.assert_allclose(dense(e), np.sin(D) * 2 + D, rtol=1e-12)
    B = gsd.from_blocks(lambda i: gs.generators.uniform(10, 45, 50, seed=i).to_sparse_csr(),
                        [10] * 4, 45)
    got = client.compute(gsd.matmul(B, x)).result(timeout=60)
    want = np.concatenate([dense(gs.generators.uniform(10, 45, 50, seed=i)) for i in range(4)])
    np.testing.assert_allclose(got, want @ x, rtol=1e-12)
    assert len(client.scheduler_info()["workers"]) == 2
