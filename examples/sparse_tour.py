"""A first gosparse program in Python: read a Matrix Market file, convert it, multiply,
solve, and draw the sparsity pattern.

    python examples/sparse_tour.py [MATRIX.mtx] [--out DIR]

MATRIX.mtx defaults to examples/data/laplace_5x5.mtx (bundled); a square, non-singular
matrix is needed for the solve (../shared/matrices/suitesparse/west0067.mtx, for one).
The picture, <name>_spy.png, goes to DIR (default: a new temporary folder) through
SciPy and matplotlib's spy (Agg backend: no display needed). tests/test_examples.py runs
this program; it exits 1 when a check fails.
"""

import argparse
import os
import sys
import tempfile

import numpy as np

import gosparse as gs

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MATRIX = os.path.join(HERE, "data", "laplace_5x5.mtx")


def spy_png(t, path, title):
    """Draws t's sparsity pattern with matplotlib's spy (through SciPy) into path."""
    import matplotlib

    matplotlib.use("Agg")  # files only: works without a display
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(4, 4))
    ax.spy(gs.to_scipy(t), markersize=max(1.0, 200.0 / max(t.shape)))
    ax.set_title(title)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("matrix", nargs="?", default=DEFAULT_MATRIX)
    p.add_argument("--out", help="folder for the picture (default: a temporary one)")
    args = p.parse_args(argv)

    # Read: a coalesced COO tensor (symmetric files are expanded).
    coo = gs.io.mmread(args.matrix)
    rows, cols = coo.shape
    print("read %s: %d x %d, %d stored, %s" % (os.path.basename(args.matrix), rows, cols,
                                              coo.nse, coo.dtype))

    # Convert: CSR for products and solves; the round trip keeps every element.
    a = coo.to_sparse_csr().to(gs.float64)
    assert gs.equal(a.to_sparse_coo(), coo.to(gs.float64)), "CSR -> COO round trip"
    print("csr: crow_indices %d, col_indices %d" % (len(a.crow_indices()), len(a.col_indices())))

    # SpMV: A @ x against SciPy's product of the same matrix.
    x = np.arange(1.0, cols + 1.0)
    y = gs.mv(a, x)
    reference = gs.to_scipy(a) @ x
    err = float(np.max(np.abs(y.numpy() - reference)))
    print("spmv: |A @ x - scipy| = %.3g" % err)

    # Solve: A z = y gives back x (LU with COLAMD ordering and partial pivoting).
    if rows != cols:
        print("solve: skipped, the matrix is not square")
        solve_err = 0.0
    else:
        z = gs.sparse.spsolve(a, y)
        solve_err = float(np.max(np.abs(z.numpy() - x)) / np.max(np.abs(x)))
        print("solve: relative |z - x| = %.3g" % solve_err)

    out = args.out or tempfile.mkdtemp(prefix="gosparse-tour-")
    os.makedirs(out, exist_ok=True)
    png = os.path.join(out, os.path.splitext(os.path.basename(args.matrix))[0] + "_spy.png")
    spy_png(a, png, "%s (%d nonzeros)" % (os.path.basename(args.matrix), a.nse))
    print("spy: %s" % png)

    ok = err <= 1e-9 * max(1.0, float(np.max(np.abs(reference)))) and solve_err <= 1e-8
    print("tour: %s" % ("ok" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
