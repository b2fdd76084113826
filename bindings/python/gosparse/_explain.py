"""gosparse.explain: how an operation would run for its operands, without running it
(gs_explain): the path (a hand-written kernel and its name, the level walk, a native
path over the tensor's own storage, or a conversion of which operand to which format),
the bytes it allocates, and the format of the operand that would run it fastest, with
the rule and where it was measured. Operators-layer module: imports the library and
handle layers only."""
import json
import numbers

from ._args import tensor_list
from ._base import is_tensor
from ._formats import _text
from ._lib import lib

__all__ = ["explain", "Explanation"]


class Explanation(dict):
    """gs_explain's answer as a dict: ``op``, ``operands`` (each one's format, dtype and
    size), ``path`` ("kernel", "level walk", "native", "conversion", "dense" or
    "general"), ``kernel``, ``converts`` (a list of dicts ``operand``, ``from``, ``to``,
    ``bytes``), ``output_bytes``, ``bytes`` (everything the call allocates), ``notes``
    and ``best`` (a dict ``format``, ``rule``, ``why``). ``str()`` is a readable
    summary."""

    def __str__(self):
        lines = ["%s(%s)" % (self["op"], ", ".join(self["operands"])),
                 "  path:    %s" % self["path"],
                 "  kernel:  %s" % self["kernel"]]
        for c in self["converts"]:
            lines.append("  convert: %s from %s to %s (%s bytes)"
                         % (c["operand"], c["from"], c["to"], format(c["bytes"], ",")))
        lines.append("  allocates %s bytes (result %s)"
                     % (format(self["bytes"], ","), format(self["output_bytes"], ",")))
        lines += ["  note:    %s" % n for n in self["notes"]]
        best = self["best"]
        lines += ["  fastest: %s" % best["format"],
                  "    why:   %s" % best["why"],
                  "    rule:  %s" % best["rule"]]
        return "\n".join(lines)


def explain(op, *operands, dim=None, dims=None, dim0=None, dim1=None, exponent=None):
    """How ``op`` would run on ``operands``, without running it (nothing is computed or
    converted). op: "mv", "mm", "matmul", "transpose", "t", "to_dense", "where" (with
    where's three operands, numbers among them: ``explain("where", a > 0, a, 0)``), an
    element-wise op ("cos", "add", "mul", ...; with a number operand:
    ``explain("mul", t, 2)``) or a reduction ("sum", "mean", "amax", ...). Keyword
    arguments: ``dim``/``dims`` (a reduction's dims), ``dim0``/``dim1`` (transpose's),
    ``exponent`` (pow's). Returns
    an Explanation (a dict; ``print()`` it for a summary). An unknown op, a wrong number
    of operands or operands whose shapes do not fit raise InvalidArgumentError naming
    the argument."""
    if not isinstance(op, str):
        raise TypeError("explain(): argument 'op' must be str, not %s" % type(op).__name__)
    options, tensors = {}, []
    if op == "where" and len(operands) == 3:  # where(condition, x, y): x and y by position
        options["where"] = [None, None]
    for i, x in enumerate(operands):
        if is_tensor(x):
            tensors.append(x)
        elif "where" in options and i > 0 and isinstance(x, (bool, numbers.Real)) \
                and not isinstance(x, complex):
            options["where"][i - 1] = x if isinstance(x, bool) \
                else (int(x) if isinstance(x, numbers.Integral) else float(x))
        elif isinstance(x, (bool, numbers.Real)) and not isinstance(x, complex):
            if "number" in options or "bool" in options:
                raise TypeError("explain(): at most one number operand, got another at "
                                "position %d" % (i + 1))
            options["bool" if isinstance(x, bool) else "number"] = x if isinstance(x, bool) \
                else (int(x) if isinstance(x, numbers.Integral) else float(x))
        else:
            raise TypeError("explain(): operand %d must be a gosparse.Tensor or a real number, "
                            "not %s" % (i + 1, type(x).__name__))
    if exponent is not None:
        options["number"] = exponent
    if dims is None:
        dims = dim
    if dims is not None:
        options["dims"] = [int(dims)] if isinstance(dims, numbers.Integral) else [int(d) for d in dims]
    for k, v in (("dim0", dim0), ("dim1", dim1)):
        if v is not None:
            options[k] = int(v)
    hs, handles = tensor_list(tensors, "explain") if tensors else ([], None)
    text = _text(lib.gs_explain, op.encode(), handles, len(hs),
                 json.dumps(options).encode() if options else None)
    del hs  # the handles were held until the call returned
    return Explanation(json.loads(text))
