"""Lifetimes: views outlive their tensor's Python name, handles are freed, threads share."""

import gc
import threading

import numpy as np

import gosparse as gs

A = np.array([[0.0, 2.0, 0.0], [3.0, 0.0, 4.0], [0.0, 5.0, 6.0]])


def test_views_outlive_their_tensor():
    gc.collect()
    before = gs.live_handles()
    vals = gs.from_numpy(A).to_sparse_csr().values()
    crow = gs.from_numpy(A).to_sparse_csr().crow_indices()[1:]  # a view of a view
    data = gs.from_numpy(A * 2).numpy()
    gc.collect()
    # Churn the allocator so that freed memory would be reused.
    junk = [gs.from_numpy(np.full((50, 50), 7.0)).to_sparse_csr() for _ in range(50)]
    del junk
    gc.collect()
    assert vals.tolist() == [2, 3, 4, 5, 6]
    assert crow.tolist() == [1, 3, 5]
    assert np.array_equal(data, A * 2)
    assert gs.live_handles() == before + 3  # each view holds its tensor
    del vals, crow, data
    gc.collect()
    assert gs.live_handles() == before


def test_many_tensors_created_and_dropped_leave_no_handle():
    gc.collect()
    before = gs.live_handles()
    for i in range(300):
        t = gs.from_numpy(A + i)
        s = t.to_sparse_csr()
        c = s.to_sparse_coo().coalesce()
        b = t.to_sparse(layout=gs.sparse_csf)
        _ = (repr(s), c.indices(), b.levels(), s.clone(), gs.equal(s, c))
        try:
            gs.sparse_csr_tensor([0, 2, 1], [0, 1], [1.0, 2.0], (2, 2))
        except ValueError:
            pass
    del t, s, c, b, _
    gc.collect()
    assert gs.live_handles() == before


def test_a_cycle_holding_a_tensor_is_collected():
    gc.collect()
    before = gs.live_handles()

    class Node:
        pass

    n = Node()
    n.self = n
    n.t = gs.from_numpy(A)
    n.v = n.t.to_sparse().values()
    del n
    gc.collect()
    assert gs.live_handles() == before


def test_one_tensor_read_from_many_threads_at_once():
    t = gs.from_numpy(np.arange(400.0).reshape(20, 20) % 7).to_sparse_csr()
    want_dense = np.arange(400.0).reshape(20, 20) % 7
    want_repr = repr(t)
    errors = []
    barrier = threading.Barrier(8)

    def reader(k):
        try:
            barrier.wait()
            for _ in range(40):
                assert np.array_equal(t.to_dense().numpy(), want_dense)
                assert repr(t) == want_repr
                assert t.values().sum() == want_dense.sum()
                assert gs.equal(t.to_sparse_coo(), t)
                assert np.array_equal(gs.to_scipy(t).toarray(), want_dense) if k % 2 else True
                assert t.shape == (20, 20) and t._nnz() == np.count_nonzero(want_dense)
        except Exception as e:  # reported below: assertion errors in threads are lost
            errors.append(repr(e))

    threads = [threading.Thread(target=reader, args=(k,)) for k in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors


def test_each_thread_sees_its_own_error_message():
    results = {}
    barrier = threading.Barrier(6)

    def failer(k):
        barrier.wait()
        msgs = set()
        for _ in range(50):
            try:
                gs.sparse_coo_tensor([[0, 10 + k]], [1.0, 2.0], (5,))
            except IndexError as e:
                msgs.add(str(e))
        results[k] = msgs

    threads = [threading.Thread(target=failer, args=(k,)) for k in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    for k, msgs in results.items():
        assert len(msgs) == 1 and ("= %d" % (10 + k)) in msgs.pop()
