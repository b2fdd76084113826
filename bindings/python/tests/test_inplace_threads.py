"""In-place operators racing readers (issue 23 item 7): while one thread swaps a Tensor's
tensor (t.mul_(2.0), t += 1, sparse_resize_, ...), other threads reading the same Tensor
object see the old or the new tensor, never a freed handle."""

import pickle
import sys
import threading
import time

import numpy as np
import pytest

import gosparse as gs

N = 40
RNG = np.random.default_rng(23)
D = RNG.random((N, N)) * (RNG.random((N, N)) < 0.3)
X = RNG.random(N)


def _race(t, write, reads, seconds, readers=3):
    """Run write() in a loop on one thread and each of reads on `readers` threads for
    about `seconds`; return the errors both sides saw (as strings) and the read count."""
    errors, count = [], [0]
    stop = threading.Event()
    old_interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: more interleavings

    def writer():
        try:
            while not stop.is_set():
                write()
        except Exception as e:  # noqa: BLE001 - reported by the test
            errors.append("writer: %r" % e)
            stop.set()

    def reader():
        n = 0
        try:
            while not stop.is_set():
                for read in reads:
                    read()
                    n += 1
        except Exception as e:  # noqa: BLE001 - reported by the test
            errors.append("reader: %r" % e)
            stop.set()
        count[0] += n

    threads = [threading.Thread(target=writer)]
    threads += [threading.Thread(target=reader) for _ in range(readers)]
    try:
        for th in threads:
            th.start()
        time.sleep(seconds)
    finally:
        stop.set()
        for th in threads:
            th.join(10)
        sys.setswitchinterval(old_interval)
    assert not any(th.is_alive() for th in threads), "a thread did not stop"
    return errors, count[0]


def test_matmul_readers_see_the_old_or_new_tensor_while_mul_runs():
    t = gs.tensor(D, dtype=gs.float64).to_sparse_csr()
    x = gs.tensor(X, dtype=gs.float64)
    base = np.asarray(t @ x)  # scaling by 2 and by 0.5 is exact: the only valid results
    wrong = []
    flip = [2.0]

    def write():
        t.mul_(flip[0])
        flip[0] = 0.5 if flip[0] == 2.0 else 2.0

    def read():
        r = np.asarray(t @ x)
        if not (np.array_equal(r, base) or np.array_equal(r, 2 * base)):
            wrong.append(r)

    errors, reads = _race(t, write, [read], 1.5)
    assert not errors, "%d errors in %d reads, first: %s" % (len(errors), reads, errors[0])
    assert not wrong, "a read saw neither the old nor the new tensor"
    assert reads > 100


def test_out_tensor_swapped_by_an_inplace_op_during_mv_out():
    # out= writes into out's buffer and keeps out's handle; an in-place op on out in
    # another thread swaps it: the write lands in the old or the new tensor, no error.
    a = gs.tensor(D, dtype=gs.float64).to_sparse_csr()
    x = gs.tensor(X, dtype=gs.float64)
    y = gs.zeros(N, dtype=gs.float64)
    errors, reads = _race(y, lambda: y.mul_(2.0),
                          [lambda: gs.mv(a, x, out=y), lambda: gs.mm(a, a.to_dense()).sum()],
                          0.5)
    assert not errors, "%d errors in %d calls, first: %s" % (len(errors), reads, errors[0])
    assert reads > 10


# Arguments of every in-place method of Tensor (a new one without an entry fails below).
_NUMBER = {"add_", "sub_", "mul_", "div_", "true_divide_", "floor_divide_", "pow_",
           "remainder_", "fmod_", "eq_",
           "ne_", "lt_", "le_", "gt_", "ge_", "multiply_", "subtract_", "divide_",
           "greater_", "greater_equal_", "less_", "less_equal_", "not_equal_"}
_ARGS = {"clamp_": (-1.0, 1.0), "clip_": (-1.0, 1.0), "nan_to_num_": (),
         "sparse_resize_": ((N, N), 2, 0), "sparse_resize_and_clear_": ((N, N), 2, 0),
         "transpose_": (0, 1), "swapaxes_": (0, 1), "swapdims_": (1, 0),
         "addmm_": (gs.tensor(np.eye(N)), gs.tensor(D)),
         "resize_as_": (gs.zeros(N + 1, N + 1, layout=gs.sparse_coo),),
         "copy_": (gs.tensor(D, dtype=gs.float64).to_sparse_coo() * 2,),
         # torch's atan2 takes no number
         "atan2_": (gs.tensor(D, dtype=gs.float64) + 1,),
         "arctan2_": (gs.tensor(D, dtype=gs.float64) + 1,), "fill_": (2.5,)}
# Methods torch refuses on sparse (rsqrt_) or COO (fill_) tensors, as gosparse does: they
# run on a strided one.
_STRIDED_ONLY = {"rsqrt_", "fill_"}
# Python's augmented assignments (t += 1 calls __iadd__).
_AUGMENTED = {"__iadd__", "__isub__", "__imul__", "__imatmul__", "__itruediv__",
              "__ifloordiv__", "__imod__", "__ipow__", "__ilshift__", "__irshift__",
              "__iand__", "__ixor__", "__ior__"}


def _inplace_methods():
    return sorted(n for n in dir(gs.Tensor)
                  if (n.endswith("_") and not n.startswith("_") or n in _AUGMENTED)
                  and callable(getattr(gs.Tensor, n)))


def _args(name):
    if name in _ARGS:
        return _ARGS[name]
    if name in _NUMBER or name in _AUGMENTED:
        return (2.0,)
    return ()  # the unary element-wise ones


@pytest.mark.parametrize("name", _inplace_methods())
def test_every_inplace_method_is_safe_against_readers(name):
    t = gs.tensor(D, dtype=gs.float64)
    if name not in _STRIDED_ONLY:
        t = t.to_sparse_coo()
    args = _args(name)
    try:
        getattr(t, name)(*args)  # the arguments suit the method: it runs once alone
    except TypeError as e:
        pytest.fail("%s: add its arguments to _ARGS (%s)" % (name, e))

    def write():
        getattr(t, name)(*args)

    reads = [lambda: t.to_dense(), lambda: t._values().sum(), lambda: repr(t),
             lambda: t.levels(), lambda: pickle.loads(pickle.dumps(t)), lambda: t.clone(),
             lambda: (t.shape, t.dtype, t._nnz()), lambda: gs.sum(t), lambda: t[1, 2:],
             lambda: (t.size(-1), t.fill_value), lambda: t.to(gs.float32),
             # scipy has no fill values (t += 2 makes one): convert the zero-fill twin
             lambda: gs.to_scipy(gs.with_fill_value(t, 0.0)) if t.is_sparse else t.numpy(),
             lambda: gs.cat([t, t])]
    errors, _ = _race(t, write, reads, 0.05, readers=2)
    assert not errors, "%s: %s" % (name, errors[0])


class _SwapsAfterFirstRead(gs.Tensor):
    """A Tensor whose first handle read is followed by t.mul_(2), as if another thread
    ran it between two reads of one call: what t - t, A @ A, cat([t, t]) must survive."""

    __slots__ = ()
    armed = False

    @property
    def _h(self):
        h = _BASE_H.__get__(self)
        if type(self).armed:
            type(self).armed = False
            self._become(self * 2)  # the Tensor now holds a new tensor; h is the old one
        return h

    @_h.setter
    def _h(self, value):
        _BASE_H.__set__(self, value)


_BASE_H = gs._base.TensorBase.__dict__["_h"]  # TensorBase's slot


@pytest.mark.parametrize("op", ["sub", "matmul", "addmm", "cat", "equal"])
def test_an_object_used_twice_in_one_call_is_read_once(op):
    a = np.array([[1.0, 2.0], [0.0, 3.0]])
    t = _SwapsAfterFirstRead._adopt(gs.tensor(a).to_sparse_csr()._h)
    fixed = gs.tensor(a)
    calls = {
        "sub": (lambda: t - t, lambda m: m - m),
        "matmul": (lambda: t @ t, lambda m: m @ m),
        "addmm": (lambda: gs.addmm(t, t, fixed), lambda m: m + m @ a),
        "cat": (lambda: gs.cat([t, t]), lambda m: np.concatenate([m, m])),
        "equal": (lambda: gs.equal(t, t), lambda m: True),
    }
    run, want = calls[op]
    type(t).armed = True
    r = run()
    assert not type(t).armed, "the swap did not happen: the test tests nothing"
    got = r if op == "equal" else dense_of(r)
    # The call saw the old tensor (a) throughout, or the new one (2a): never a mix.
    assert np.array_equal(got, want(a)) or np.array_equal(got, want(2 * a)), got
    assert np.array_equal(dense_of(t), 2 * a)


def dense_of(t):
    return np.asarray(t if t.layout is gs.strided else t.to_dense())


def test_an_error_keeps_its_message_when_the_call_held_the_last_reference():
    # The swap leaves the old tensor held only by the failing call; freeing it must
    # wait until the error message is read (a free clears the thread's message).
    t = _SwapsAfterFirstRead._adopt(gs.tensor(np.eye(2)).to_sparse_csr()._h)
    f32 = gs.tensor([1.0, 1.0], dtype=gs.float32)
    # float64 @ float32 promotes to float64, so a float32 out is refused; a vector
    # of 3 does not multiply a 2 x 2 matrix.
    for run in (lambda: gs.mv(t, f32, out=gs.zeros(2, dtype=gs.float32)),
                lambda: gs.mv(t, gs.zeros(3)), lambda: t + gs.zeros(3)):
        type(t).armed = True
        with pytest.raises(gs.GosparseError) as e:
            run()
        assert not type(t).armed and "failed with status" not in str(e.value), e.value
