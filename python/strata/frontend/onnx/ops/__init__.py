#===- ops/__init__.py - The ONNX op handlers, by op family ----------------===#
#
# One module per op family; importing one registers its handlers in
# registry.OP_TABLE through the `_handler` decorator. Importing this package
# imports them all (strata.frontend.onnx does), in the order of the single
# module they were split from, so OP_TABLE keeps its order.
#
# A new handler goes into the module of its family, with the opsets it
# covers (`opsets=(first, last)`) when that is not all of MIN_OPSET to
# MAX_OPSET; a new family gets a module here and a line below.
#
#===----------------------------------------------------------------------===#

from . import elementwise, nn, reduction, shape, indexing  # noqa: F401
from . import generation, resize  # noqa: F401
from . import control_flow, recurrent  # noqa: F401
from . import normalization, image, loss, attention, einsum  # noqa: F401
from . import composite, quantization  # noqa: F401
from . import spectral  # noqa: F401
from . import contrib_quantization  # noqa: F401
from . import selection  # noqa: F401
from . import deform_conv  # noqa: F401
from . import roi_align  # noqa: F401
from . import detection  # noqa: F401
from . import sets  # noqa: F401
from . import linalg  # noqa: F401
