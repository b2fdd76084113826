"""Where a tensor lives (the host or a CUDA device) and the moves between them:
gs_tensor_device, gs_to_device and gs_cuda_device_count with DLPack's device codes.
A library built without CUDA raises UnsupportedError ("built without CUDA") for
every move to a GPU; an operation with no GPU path raises it for a device tensor."""

from ctypes import byref, c_int32

from . import _types as T
from ._errors import GS_ERR_UNSUPPORTED, _check
from ._lib import lib

KDL_CPU = 1  # DLPack kDLCPU
KDL_CUDA = 2  # DLPack kDLCUDA


def device_of(h):
    """The gosparse.device of the tensor of Handle h."""
    kind, index = c_int32(), c_int32()
    _check(lib.gs_tensor_device(h, byref(kind), byref(index)), "gs_tensor_device")
    if kind.value == KDL_CUDA:
        return T.device("cuda", index.value)
    return T.device("cpu")


def target(device):
    """(DLPack device type, device id) of a device argument: "cpu", "cuda", "cuda:1",
    a gosparse.device or a torch.device."""
    d = T.device(str(device)) if not isinstance(device, T.device) else device
    if d.type == "cpu":
        return KDL_CPU, 0
    return KDL_CUDA, d.index or 0


def cuda_device_count():
    """The number of CUDA devices the library sees: 0 without a GPU or driver, and 0
    for a library built without CUDA."""
    n = c_int32()
    st = lib.gs_cuda_device_count(byref(n))
    if st == GS_ERR_UNSUPPORTED:
        return 0
    _check(st, "gs_cuda_device_count")
    return n.value


def cuda_is_available():
    """Whether tensors can move to a GPU: a CUDA build of the library and a device present."""
    return cuda_device_count() > 0
