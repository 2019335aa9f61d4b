#===- registry.py - The table of ONNX op handlers -------------------------===#
#
# OP_TABLE maps each supported ONNX op type (default domain) to its OpHandler:
# the function that converts one node, the graph ops it becomes, notes on
# what it supports and the opsets it covers. The op modules under ops/ fill
# it through the `_handler` decorator when the package is imported; the
# importer looks nodes up in it, and docs.py prints it as docs/ONNX.md.
#
# Also here: the importer's opset bounds, and the small checks many handlers
# share (_check_kind, _scalar_of).
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import numpy as np

from .elements import _kind, _mlir_elem
from .errors import _Unsupported

if TYPE_CHECKING:  # annotations only: importer.py imports this module
    from .importer import _Node, _Value


#: The default-domain opsets the importer reads. ONNX 13 is the first one
#: with the tensor-input forms (Squeeze axes, ReduceSum axes, Split split)
#: the graph dialect's ops mirror; opsets 22-24 only widened type lists of
#: the ops handled here, so they are accepted too.
MIN_OPSET = 13
MAX_OPSET = 24

#: The opsets a handler covers unless it says otherwise: all of them (every
#: handler today reads its op's attributes and inputs the same way from
#: MIN_OPSET to MAX_OPSET).
ALL_OPSETS = (MIN_OPSET, MAX_OPSET)


@dataclass
class OpHandler:
    """How one ONNX op type is imported (also the docs/ONNX.md table row).

    `opsets` is the inclusive range (first, last) of default-domain opsets
    whose form of the op `fn` converts (a new attribute or input in a later
    opset that `fn` does not read ends its range); the importer reports a
    node of a model outside it instead of calling `fn`.
    """
    fn: Callable
    graph_ops: str
    notes: str = ""
    opsets: tuple = ALL_OPSETS

    def covers(self, opset: int) -> bool:
        return self.opsets[0] <= opset <= self.opsets[1]


OP_TABLE: dict = {}


def _register(op_type: str, fn: Callable, graph_ops: str, notes: str = "",
              opsets: tuple = ALL_OPSETS):
    """Adds (or replaces) the OP_TABLE entry of one op type."""
    first, last = opsets
    if not MIN_OPSET <= first <= last <= MAX_OPSET:
        raise ValueError(f"{op_type}: opsets {first} to {last} are not within "
                         f"{MIN_OPSET} to {MAX_OPSET}")
    OP_TABLE[op_type] = OpHandler(fn, graph_ops, notes, (first, last))


def _handler(op_types, graph_ops: str, notes: str = "",
             opsets: tuple = ALL_OPSETS):
    """Registers the decorated function for each of the space-separated
    `op_types`; "{op}" in `graph_ops` stands for the op type."""
    def register(fn):
        for op_type in op_types.split():
            _register(op_type, fn, graph_ops.replace("{op}", op_type), notes,
                      opsets)
        return fn
    return register


#: Handlers of the onnxruntime contrib ops that its quantization tools
#: write (QOperator format), keyed by (domain, op type): onnxruntime
#: versions them apart from the default-domain opsets.
CONTRIB_TABLE: dict = {}

#: The domain of onnxruntime's contrib ops.
MICROSOFT_DOMAIN = "com.microsoft"


def _contrib_handler(op_types, graph_ops: str, notes: str = "",
                     domain: str = MICROSOFT_DOMAIN):
    """Registers the decorated function for each of the space-separated
    contrib `op_types` of `domain`."""
    def register(fn):
        for op_type in op_types.split():
            CONTRIB_TABLE[(domain, op_type)] = OpHandler(
                fn, graph_ops.replace("{op}", op_type), notes, ALL_OPSETS)
        return fn
    return register


def _lookup(domain: str, op_type: str):
    """The handler of an op of `domain` (default-domain ops by type)."""
    if domain in ("", "ai.onnx"):
        return OP_TABLE.get(op_type)
    return CONTRIB_TABLE.get((domain, op_type))


def _check_kind(ctx: _Node, v: _Value, kinds: str, mnemonic: str):
    """Reports `v` unless its element kind (elements._kind) is one of
    `kinds`, the ones graph.`mnemonic` accepts."""
    if _kind(v.elem) not in kinds:
        _mlir_elem(v.elem)
        raise _Unsupported(f"element type {_mlir_elem(v.elem)} is not "
                           f"supported by graph.{mnemonic}")


#: The highest rank of a value the importer makes: ranks computed from a
#: tensor's length (Unsqueeze by computed axes, Reshape to a computed
#: shape) stay far below it unless the model is malformed.
MAX_RANK = 64

#: The most elements of a tensor whose size a handler computes from
#: attributes (sample grids, index tables): larger ones are reported rather
#: than built, since a malformed attribute would make the importer run out
#: of memory or time.
MAX_COMPUTED_ELEMENTS = 1 << 24


def _check_computed_size(count: int, what: str):
    """Reports `what` when it would hold more than MAX_COMPUTED_ELEMENTS."""
    if count > MAX_COMPUTED_ELEMENTS:
        raise _Unsupported(f"{what} would have {count} elements, more than "
                           f"the importer builds ({MAX_COMPUTED_ELEMENTS})")


def _scalar_of(arr: np.ndarray, what: str) -> float:
    """The one value of a constant input (Clip min/max, Pad
    constant_value...)."""
    if arr.size != 1:
        raise _Unsupported(f"input '{what}' must hold one value")
    return arr.reshape(-1)[0].item()
