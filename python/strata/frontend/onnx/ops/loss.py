#===- loss.py - Loss ONNX ops ---------------------------------------------===#
#
# Handlers of NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss (the
# latter is graph.log_softmax over the classes, then the former). Picking
# input[n, target[n, d...], d...] would be a GatherElements; it is composed
# instead as a one-hot mask (the target compared with 0..C-1 along the class
# axis, so C must be static), a select and a sum over the classes; the
# class weights of the targets are picked the same way.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from onnx import TensorProto

from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _check_kind, _handler
from .compose import _Builder


def _nll(b: _Builder, ctx, logp: _Value, target: _Value, weight, dims):
    """The NLL loss of log-probabilities `logp` (N, C, d...) for class
    indices `target` (N, d...) with the node's reduction and
    ignore_index; `dims` are the loss output's dims."""
    if logp.rank < 2:
        raise _Unsupported("the input must have rank 2 or more (N, C, ...)")
    if target.elem not in (TensorProto.INT64, TensorProto.INT32):
        raise _Unsupported("the target must be int32 or int64")
    if target.rank != logp.rank - 1:
        raise _Unsupported("the target must have rank one less than the "
                           "input")
    classes = logp.dims[1]
    if classes is None:
        raise _Unsupported("the class count (dim 1) must be static")
    reduction = ctx.attr("reduction", "mean")
    if reduction not in ("none", "sum", "mean"):
        raise _Unsupported(f"attribute reduction={reduction} is not "
                           "supported")
    ignore = ctx.attr("ignore_index") if ctx.has_attr("ignore_index") else \
        None
    elem = logp.elem
    tdims = target.dims
    # -logp[n, target[n, d...], d...] as a one-hot select and a class sum.
    hot = b.binary("equal", b.unsqueeze(target, [1]),
                   b.iota(classes, 1, logp.rank, target.elem))
    picked = b.op("select", [hot, logp, b.scalar(0.0, elem)], elem,
                  logp.dims)
    loss = b.unary("neg", b.reduce("reduce_sum", picked, [1],
                                   keepdims=False, dims=tdims))
    keep = None
    if ignore is not None:
        keep = b.unary("not", b.binary("equal", target,
                                       b.scalar(ignore, target.elem)))
    w = None
    if weight is not None:
        if weight.rank != 1:
            raise _Unsupported("the weight must be 1-D")
        if weight.dims[0] not in (None, classes):
            raise _Unsupported(f"the weight has {weight.dims[0]} entries for "
                               f"{classes} classes")
        # weight[target[n, d...]] through the same one-hot mask.
        wc = b.unsqueeze(weight, [0] + list(range(2, logp.rank)))
        wsel = b.op("select", [hot, wc, b.scalar(0.0, elem)], elem,
                    logp.dims)
        w = b.reduce("reduce_sum", wsel, [1], keepdims=False, dims=tdims)
        if keep is not None:
            w = b.select(keep, w, b.scalar(0.0, elem))
    elif keep is not None:
        w = b.op("cast", [keep], elem, tdims)
    if w is not None:
        loss = b.mul(loss, w, tdims)
    if keep is not None:
        # Where the ignored index is a class, its term was picked: drop it
        # (also when the weight is infinite or the input -inf).
        loss = b.select(keep, loss, b.scalar(0.0, elem), tdims)
    if reduction == "none":
        return loss
    total = b.reduce("reduce_sum", loss, [], keepdims=False, dims=dims)
    if reduction == "sum":
        return total
    if w is None:
        return b.reduce("reduce_mean", loss, [], keepdims=False, dims=dims)
    wsum = b.reduce("reduce_sum", w, [], keepdims=False, dims=dims)
    return b.div(total, wsum, dims)


@_handler("NegativeLogLikelihoodLoss", "graph.equal, graph.select, "
          "graph.reduce_sum, graph.div (mean)",
          "reduction, ignore_index, optional weight; the class count must "
          "be static")
def _nll_loss(imp, ctx):
    x, target = ctx.input(0), ctx.input(1)
    _check_kind(ctx, x, "f", "select")
    weight = ctx.input(2) if ctx.has_input(2) else None
    b = _Builder(imp, ctx)
    elem, dims = ctx.out_type()
    imp.set_out(ctx, _nll(b, ctx, x, target, weight, dims))


@_handler("SoftmaxCrossEntropyLoss", "graph.log_softmax, then as "
          "NegativeLogLikelihoodLoss", "reduction, ignore_index, optional "
          "weights, log_prob output; the class count must be static")
def _sce_loss(imp, ctx):
    x, target = ctx.input(0), ctx.input(1)
    _check_kind(ctx, x, "f", "log_softmax")
    weight = ctx.input(2) if ctx.has_input(2) else None
    b = _Builder(imp, ctx)
    elem, dims = ctx.out_type()
    logp = b.op("log_softmax", [x], x.elem, x.dims, {"axis": "1 : i64"},
                hint="log_prob")
    imp.set_out(ctx, _nll(b, ctx, logp, target, weight, dims))
    if ctx.num_outputs() > 1 and ctx.node.output[1]:
        imp.set_out(ctx, logp, 1)
