"""gs.io.mmread's sources: paths, open files (binary and text), and gzip / bzip2
files by path or by file object, all reading as the plain text does; the dtype each
field gives; broken compressed input refused with a clear error."""

import bz2
import gzip
import io

import numpy as np
import pytest

import gosparse as gs

TEXT = ("%%MatrixMarket matrix coordinate integer symmetric\n"
        "3 3 4\n1 1 2\n2 1 -1\n3 2 5\n3 3 7\n")
DENSE = np.array([[2, -1, 0], [-1, 0, 5], [0, 5, 7]])


def check(t):
    assert t.layout is gs.sparse_coo and t.dtype is gs.int64
    np.testing.assert_array_equal(np.asarray(t.to_dense()), DENSE)


@pytest.mark.parametrize("suffix, pack", [(".mtx", lambda b: b), (".mtx.gz", gzip.compress),
                                          (".mtx.bz2", bz2.compress)])
def test_paths_and_file_objects(tmp_path, suffix, pack):
    p = tmp_path / ("m" + suffix)
    p.write_bytes(pack(TEXT.encode()))
    check(gs.io.mmread(p))
    check(gs.io.mmread(str(p)))
    with open(p, "rb") as f:
        check(gs.io.mmread(f))
        assert not f.closed
    check(gs.io.mmread(io.BytesIO(pack(TEXT.encode()))))


def test_text_and_decompressing_file_objects(tmp_path):
    check(gs.io.mmread(io.StringIO(TEXT)))
    p = tmp_path / "m.mtx.gz"
    p.write_bytes(gzip.compress(TEXT.encode()))
    with gzip.open(p, "rt") as f:
        check(gs.io.mmread(f))


@pytest.mark.parametrize("field, dtype", [("real", gs.float64), ("double", gs.float64),
                                          ("pattern", gs.float64), ("integer", gs.int64),
                                          ("complex", gs.complex128)])
def test_dtype_per_field(field, dtype):
    value = {"pattern": "", "complex": " 1 2"}.get(field, " 3")
    text = "%%%%MatrixMarket matrix coordinate %s general\n2 2 1\n1 2%s\n" % (field, value)
    assert gs.io.mmread(io.StringIO(text)).dtype is dtype


def test_broken_sources():
    z = gzip.compress(TEXT.encode())
    with pytest.raises(gs.FileFormatError, match="gs_mm_read_buffer: .*unexpected EOF"):
        gs.io.mmread(io.BytesIO(z[:-12]))
    with pytest.raises(gs.FileFormatError, match="gzip-compressed input"):
        gs.io.mmread(io.BytesIO(z[:4]))

    class Odd:
        def read(self):
            return 42
    with pytest.raises(TypeError, match=r"source: read\(\) returned int"):
        gs.io.mmread(Odd())
    with pytest.raises(TypeError, match="expected a str, bytes, os.PathLike or an open file"):
        gs.io.mmread(3.5)


def test_nan_reads_as_scipy_bit_for_bit():
    # "nan" is the quiet NaN 0x7FF8000000000000 and "-nan" has its sign bit, as SciPy (and
    # C's strtod) read them; Go's math.NaN() carried payload 1 before (h-probe2)
    import scipy.io as sio

    text = b"%%MatrixMarket matrix coordinate real general\n2 2 3\n1 1 nan\n2 2 -NaN\n1 2 1.5\n"
    ours = np.asarray(gs.io.mmread(io.BytesIO(text)).to_dense().tolist()).view(np.uint64)
    theirs = sio.mmread(io.BytesIO(text)).toarray().view(np.uint64)
    assert ours.tolist() == theirs.tolist()
    assert int(ours[0, 0]) == 0x7FF8000000000000 and int(ours[1, 1]) == 0xFFF8000000000000
