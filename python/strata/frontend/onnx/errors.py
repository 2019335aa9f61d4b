#===- errors.py - How the ONNX importer reports problems ------------------===#
#
# The public OnnxImportError, which lists every problem found in a model,
# and the two exceptions the importer uses internally to collect them:
# _Unsupported (one problem of one node, raised by an op handler or a helper
# it calls) and _Poisoned (an input comes from a node that already reported
# one, so nothing more is said about this node).
#
# The importer keeps going after a problem so that a model's whole list is
# reported at once; these exceptions are how a handler gives up on one node.
#
#===----------------------------------------------------------------------===#

from typing import Sequence


class OnnxImportError(ImportError):
    """The model cannot be imported; `problems` lists every reason found.

    Each problem names the node and its op type where there is one, e.g.
    "node 'Conv_3' (Conv): attribute auto_pad=SAME_LOWER is not supported".
    """

    def __init__(self, problems: Sequence[str]):
        # One line each: a value quoted in a problem may hold line breaks.
        self.problems = [" ".join(str(p).split()) for p in problems]
        text = "\n".join("  " + p for p in self.problems)
        super().__init__(
            f"cannot import the ONNX model ({len(self.problems)} problem"
            f"{'s' if len(self.problems) != 1 else ''}):\n{text}")


class _Unsupported(Exception):
    """Raised by an op handler for one node; collected as a problem."""


class _Poisoned(Exception):
    """An input comes from a node that already reported a problem."""
