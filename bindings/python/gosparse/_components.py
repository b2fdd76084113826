"""The arrays a tensor stores, as read-only zero-copy numpy views: values, the COO,
CSR, CSC, BSR and BSC index arrays, and the storage levels (ComponentOps, mixed into
TensorBase).
"""

from ctypes import byref, c_int32, c_int64

from . import _arrays as A
from . import _types as T
from ._errors import _check
from ._handles import _i32
from ._lib import GsArray, lib

from ._abi_gen import (GS_COMP_CCOL_INDICES as _CCOL, GS_COMP_COL_INDICES as _COL,
                       GS_COMP_CROW_INDICES as _CROW, GS_COMP_INDICES as _INDICES,
                       GS_COMP_RAW_INDICES as _RAW_INDICES, GS_COMP_RAW_VALUES as _RAW_VALUES,
                       GS_COMP_ROW_INDICES as _ROW, GS_COMP_VALUES as _VALUES)
from ._abi_gen import (GS_EXPR_DIV, GS_EXPR_ID, GS_EXPR_MOD, GS_LEVEL_COMPRESSED, GS_LEVEL_DENSE,
                       GS_LEVEL_SINGLETON)



class ComponentOps:
    """The components of a tensor as read-only views."""

    __slots__ = ()

    def _component(self, which):
        h, g = self._handle, GsArray()
        _check(lib.gs_tensor_component(h, which, byref(g)), "gs_tensor_component")
        return A.view_of(h, g)

    def _data_view(self):
        """The strided tensor's data as a read-only numpy view (bfloat16 as uint16 bits)."""
        return self._component(_VALUES)

    def _sparse_only(self, name):
        if self.layout is T.strided:
            raise RuntimeError("%s(): expected a sparse tensor, got a strided one" % name)

    def values(self):
        """The stored values (COO: coalesced tensors only, as torch). A read-only view."""
        return self._stored_values()

    def _stored_values(self):
        """values() as a read-only numpy view whether or not the tensor requires grad
        (where values() is differentiable): for the package's own conversions."""
        t = self._pinned()
        t._sparse_only("values")
        t._coalesced_for("values")
        return t._component(_VALUES)

    def _coalesced_for(self, name):
        """torch's refusal of indices() and values() of an uncoalesced COO tensor."""
        if self.layout is T.sparse_coo and not self.is_coalesced():
            raise RuntimeError("%s(): Cannot get %s on an uncoalesced tensor, please call "
                               ".coalesce() first (or read _%s())" % (name, name, name))

    def _laid_out(self, name, which, layouts):
        """The component which of a tensor of one of layouts; another layout is refused
        as torch refuses it (RuntimeError naming both)."""
        t = self._pinned()
        if t.layout not in layouts:
            raise RuntimeError("%s(): expected a %s tensor, got %s" % (
                name, " or ".join(lay.name for lay in layouts), t.layout.name))
        return t._component(which)

    def indices(self):
        """COO indices (sparse_dim, nse) of a coalesced tensor. A read-only view."""
        t = self._pinned()
        t._coalesced_for("indices")
        return t._laid_out("indices", _INDICES, (T.sparse_coo,))

    def _values(self):
        """COO values, coalesced or not. A read-only view."""
        return self._component(_RAW_VALUES)

    def _indices(self):
        """COO indices, coalesced or not. A read-only view."""
        return self._component(_RAW_INDICES)

    def crow_indices(self):
        """CSR/BSR compressed row indices ``(*batch, rows + 1)``. A read-only view."""
        return self._laid_out("crow_indices", _CROW, (T.sparse_csr, T.sparse_bsr))

    def col_indices(self):
        """CSR/BSR column indices ``(*batch, nse)``. A read-only view."""
        return self._laid_out("col_indices", _COL, (T.sparse_csr, T.sparse_bsr))

    def ccol_indices(self):
        """CSC/BSC compressed column indices ``(*batch, cols + 1)``. A read-only view."""
        return self._laid_out("ccol_indices", _CCOL, (T.sparse_csc, T.sparse_bsc))

    def row_indices(self):
        """CSC/BSC row indices ``(*batch, nse)``. A read-only view."""
        return self._laid_out("row_indices", _ROW, (T.sparse_csc, T.sparse_bsc))

    def levels(self):
        """The storage levels (gosparse's level model): a list of dicts with kind
        ("dense", "compressed", "singleton"), dim, expr ("id", "div", "mod"), c, size,
        unique, ordered, and pos/crd as read-only views (None where the level has none)."""
        h = self._handle
        n = _i32(lib.gs_tensor_num_levels, h)
        kinds = {GS_LEVEL_DENSE: "dense", GS_LEVEL_COMPRESSED: "compressed",
                 GS_LEVEL_SINGLETON: "singleton"}
        exprs = {GS_EXPR_ID: "id", GS_EXPR_DIV: "div", GS_EXPR_MOD: "mod"}
        out = []
        for lvl in range(n):
            kind, dim, expr, uniq, ordd = c_int32(), c_int32(), c_int32(), c_int32(), c_int32()
            c, size = c_int64(), c_int64()
            _check(lib.gs_tensor_level_info(h, lvl, byref(kind), byref(dim),
                                            byref(expr), byref(c), byref(size), byref(uniq),
                                            byref(ordd)), "gs_tensor_level_info")
            info = {"kind": kinds.get(kind.value, kind.value), "dim": dim.value,
                    "expr": exprs.get(expr.value, expr.value), "c": c.value,
                    "size": size.value, "unique": bool(uniq.value),
                    "ordered": bool(ordd.value), "pos": None, "crd": None}
            for key, fn in (("pos", lib.gs_tensor_level_pos), ("crd", lib.gs_tensor_level_crd)):
                if key == "pos" and kind.value != 1 or key == "crd" and kind.value == 0:
                    continue
                g = GsArray()
                _check(fn(h, lvl, byref(g)), fn.__name__)
                info[key] = A.view_of(h, g)
            out.append(info)
        return out
