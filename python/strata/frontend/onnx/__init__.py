#===- __init__.py - ONNX model to graph-dialect MLIR ----------------------===#
#
# Translates an ONNX ModelProto into the textual MLIR of Strata's `graph`
# dialect: one `func.func @main` whose arguments are the graph inputs (less
# the initializers) and whose results are the graph outputs, in order.
# Initializers and large Constant tensors become `dense_resource` blobs in
# the file's `dialect_resources` section, node names become `loc("...")`
# locations, and result types come from ONNX shape inference (`?` for
# symbolic or unknown dims).
#
# Every problem found (unsupported ops, attributes, element types, inputs
# that must be constant) is collected and reported at once in an
# OnnxImportError, each naming its node, value, initializer or file; the
# importer never stops at the first one. A malformed model (a zero stride,
# a cycle, a negative size, an initializer of the wrong byte size) is
# reported before the model goes to ONNX's own code (validate.py). The op table
# (`OP_TABLE`) also drives docs/ONNX.md (`strata-import-onnx --op-table`).
#
# The package is split by job so that it can grow op by op:
#   errors.py    OnnxImportError and the internal _Unsupported/_Poisoned
#   elements.py  ONNX element types -> graph-dialect element types
#   emit.py      MLIR text of literals, attributes and resource blobs
#   registry.py  OpHandler, OP_TABLE, the `_handler` decorator, opset bounds
#   functions.py expansion of function ops (schema and model-local) into
#                their bodies, for ops without a handler
#   validate.py  checks of what ONNX's C++ code trusts (a zero stride made
#                shape inference kill the interpreter), node names and
#                topological order, before anything else reads the model
#   isolate.py   ONNX's C++ code run in a forked child, so that its crash or
#                hang is reported instead of ending the process
#   importer.py  the graph walker (_Importer) and import_model
#   docs.py      op_table_markdown (docs/ONNX.md)
#   ops/         the op handlers, one module per op family
# This file is the public API only; importing it registers every handler.
#
# The package only depends on onnx and numpy, not on the compiled `strata`
# extension, so it works from a source tree (test/onnx/conformance.py and
# tools/strata-import-onnx load it with a bare `strata` package). Its
# modules import onnx absolutely, and none of them is named onnx.py.
#
#===----------------------------------------------------------------------===#

"""ONNX importer: ONNX models as Strata graph-dialect MLIR text.

`import_model(model)` returns the MLIR of an onnx.ModelProto or a .onnx
path, or raises OnnxImportError listing every problem; `write_model(model,
out)` writes it to a file without building one string of the weights' hex;
`import_model_parts(model)` gives it as byte strings, and
`import_model_external(model)` as text without the weights plus the
weights as arrays (for MLIR bytecode). `OP_TABLE` holds the
supported ops (`op_table_markdown()` prints it as docs/ONNX.md).
"""

from . import ops  # noqa: F401  (registers every handler in OP_TABLE)
from .docs import op_table_markdown
from .errors import OnnxImportError
from .importer import (import_model, import_model_external,
                       import_model_parts, write_model)
from .registry import MAX_OPSET, MIN_OPSET, OP_TABLE

__all__ = ["import_model", "import_model_parts", "import_model_external",
           "write_model",
           "OnnxImportError", "OP_TABLE", "MIN_OPSET",
           "MAX_OPSET", "op_table_markdown"]
