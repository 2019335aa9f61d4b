#===- detection.py - Object-detection ONNX ops ----------------------------===#
#
# NonMaxSuppression, as graph ops around one host loop.
#
# Per (batch, class) row of scores [B, C, N], the boxes are visited by
# descending score (graph.top_k with k = N: ties to the lower box index,
# as in the ONNX reference's sort). A box is selected unless its score is
# not above score_threshold (when given) or a box selected before it
# overlaps it with an IoU above iou_threshold; the first
# max_output_boxes_per_class selected boxes of each row are output as
# (batch, class, box index) triples, by batch, then class, then selection
# order.
#
# Before the loop, all at once, in the sorted order: the box corners (the
# reference's min/max of the two corners when center_point_box = 0, center
# -/+ half the size when 1), and sup [B, C, N, N], true where box i
# suppresses box j: i < j and the reference's suppress_by_iou (the
# intersection non-empty along both axes and positive, both areas and the
# union positive, intersection / union > iou_threshold; the same float ops
# in the same order, so threshold ties fall the same way). The greedy
# pass is then an scf.for over the N sorted positions that carries
# `removed` [B, C, N] (initially: not a candidate by score): step k takes
# row k of sup, and when box k is not removed (it is selected) removes the
# boxes it suppresses. O(B*C*N) per step, O(B*C*N^2) in all, like sup and
# top_k. After it, the running count of the selected boxes along each row
# (graph.cumsum) <= max_output_boxes_per_class keeps the first ones.
#
# The kept boxes are then compacted row by row rather than through the
# flat [B*C*N] mask (selection.py's _positions): graph.cumsum sums each
# element's prefix (O(n^2) along its axis), and the kernel fusion puts a
# single-use cumsum into its broadcasting consumer, so _positions costs
# O(count * n^2) for n = B*C*N (80 classes of 1000 boxes: stopped after
# 13 minutes; 0.7 s this way, on 2 cores). Here the cumsums run along N
# (the row count above) and along the B*C rows: with per_row the kept
# count of each row and ends its running sum, output o belongs to row r =
# #{r : ends[r] <= o}, has rank j = o - (ends[r] - per_row[r]) in it, and
# sits at k = #{k : count[r, k] <= j}, its box index order[r, k].
# O(T * (B*C + N)) for T outputs.
#
# The thresholds and max_output_boxes_per_class may be computed at run
# time (0-d or 1-element tensors). Without max_output_boxes_per_class (or
# with a constant <= 0) the result is empty, as the spec's default 0
# says; without iou_threshold it is 0; without score_threshold no box is
# dropped by score. An empty constant threshold tensor counts as absent,
# as in the reference; one computed at run time must hold one value. NaN
# scores sort first (graph.top_k's order; the reference's sort has none).
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from typing import Optional

import numpy as np
from onnx import TensorProto

from ..elements import _kind
from ..emit import _attr_dict, _i64_array
from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _handler
from .compose import _Builder
from .control_flow import _index_const, _indent, _results
from .selection import _range

_I64 = TensorProto.INT64
_BOOL = TensorProto.BOOL


def _optional_scalar(b: _Builder, i: int, what: str, elem: int):
    """Input `i` as a 0-d tensor of `elem`; None when absent (or an empty
    constant, which the reference takes as absent)."""
    ctx = b.ctx
    arr = ctx.maybe_const_input(i)
    if not ctx.has_input(i):
        return None
    if arr is not None:
        if arr.size == 0:
            return None
        if arr.size != 1:
            raise _Unsupported(f"input '{what}' must hold one value, it has "
                               f"{arr.size}")
        return b.scalar(arr.reshape(-1)[0].item(), elem)
    v = ctx.input(i)
    want = "i" if _kind(elem) == "i" else "f"
    if _kind(v.elem) != want:
        raise _Unsupported(f"input '{what}' must be a "
                           f"{'integer' if want == 'i' else 'float'} tensor")
    if v.rank > 1 or (v.rank == 1 and v.dims[0] not in (None, 1)):
        raise _Unsupported(f"input '{what}' must be 0-D or hold one value "
                           f"(it is {v.type})")
    v = b.cast(v, elem)
    return v if v.rank == 0 else b.reshape(v, [], dims=())


def _size(b: _Builder, shape: Optional[_Value], dims, axis: int) -> _Value:
    """Dim `axis` as a 0-d i64: a constant when static, else read from
    `shape` (the graph.shape_of of the tensor)."""
    if dims[axis] is not None:
        return b.scalar(dims[axis], _I64)
    return b.reshape(b.slice(shape, 0, axis, axis + 1), [], dims=())


def _known(*sizes):
    for s in sizes:
        if s is not None:
            return s
    return None


def _corners(b: _Builder, boxes: _Value, center: bool) -> list:
    """[ymin, xmin, ymax, xmax] of every box, each [B, N, 1], as the
    reference computes them."""
    c = [b.slice(boxes, 2, i, i + 1) for i in range(4)]
    if not center:
        # [y1, x1, y2, x2] with the corners in either order.
        y1, x1, y2, x2 = c
        return [b.binary("min", y1, y2), b.binary("min", x1, x2),
                b.binary("max", y1, y2), b.binary("max", x1, x2)]
    # [x_center, y_center, width, height]: no reordering (a negative size
    # makes an empty box, which suppresses nothing).
    xc, yc, w, h = c
    two = b.scalar(2.0, boxes.elem)
    half_w, half_h = b.div(w, two), b.div(h, two)
    return [b.sub(yc, half_h), b.sub(xc, half_w), b.add(yc, half_h),
            b.add(xc, half_w)]


def _suppression(b: _Builder, sorted_corners: list, iou: _Value,
                 n_shape: Optional[_Value], n: Optional[int]) -> _Value:
    """sup [B, C, N, N]: box i (row) suppresses box j (column), i < j, in
    the sorted order (see the file comment)."""
    ymin, xmin, ymax, xmax = sorted_corners  # [B, C, N] each
    rows = [b.unsqueeze(v, [3]) for v in sorted_corners]  # [B, C, N, 1]
    cols = [b.unsqueeze(v, [2]) for v in sorted_corners]  # [B, C, 1, N]
    iy_min = b.binary("max", rows[0], cols[0])
    ix_min = b.binary("max", rows[1], cols[1])
    iy_max = b.binary("min", rows[2], cols[2])
    ix_max = b.binary("min", rows[3], cols[3])
    overlap = b.binary("and", b.binary("greater", ix_max, ix_min),
                       b.binary("greater", iy_max, iy_min))
    inter = b.mul(b.sub(ix_max, ix_min), b.sub(iy_max, iy_min))
    area = b.mul(b.sub(xmax, xmin), b.sub(ymax, ymin))  # [B, C, N]
    zero = b.scalar(0.0, area.elem)
    positive = b.binary("greater", area, zero)
    a_row, a_col = b.unsqueeze(area, [3]), b.unsqueeze(area, [2])
    # The reference's union: area(candidate) + area(selected) - inter.
    union = b.sub(b.add(a_col, a_row), inter)
    ratio = b.op("div", [inter, union], union.elem, union.dims, hint="iou")
    sup = b.binary("and", overlap, b.binary("greater", inter, zero))
    sup = b.binary("and", sup, b.binary("greater", union, zero))
    sup = b.binary("and", sup, b.binary("greater", ratio, iou))
    sup = b.binary("and", sup, b.binary("and", b.unsqueeze(positive, [3]),
                                        b.unsqueeze(positive, [2])))
    # Only later boxes: i < j.
    if n is not None:
        i = b.iota(n, 0, 2, _I64)
        j = b.iota(n, 1, 2, _I64)
    else:
        ranks = _range(b, b.scalar(0, _I64), n_shape, b.scalar(1, _I64),
                       "ranks")
        i, j = b.unsqueeze(ranks, [1]), b.unsqueeze(ranks, [0])
    later = b.binary("less", i, j)
    return b.op("and", [sup, later], _BOOL, sup.dims, hint="suppress")


def _greedy(b: _Builder, sup: _Value, removed: _Value, trip: str) -> _Value:
    """The scf.for over the sorted positions (see the file comment); the
    final `removed`."""
    imp, ctx = b.imp, b.ctx
    c0 = _index_const(imp, ctx, 0)
    c1 = _index_const(imp, ctx, 1)
    t0 = b.i64([0], "k0")
    args = [_Value(imp.fresh("k"), _I64, (1,)),
            _Value(imp.fresh("removed"), _BOOL, removed.dims)]
    mark = len(imp.lines)
    t, gone = args
    row = b.op("gather", [sup, t], _BOOL, sup.dims[:2] + (1, sup.dims[3]),
               {"axis": "2 : i64"}, hint="row")
    row = b.squeeze(row, [2])  # [B, C, N]: what box k suppresses
    at_k = b.op("gather", [gone, t], _BOOL, gone.dims[:2] + (1,),
                {"axis": "2 : i64"}, hint="removed_k")
    chosen = b.op("not", [at_k], _BOOL, at_k.dims, hint="selected_k")
    nxt = b.op("or", [gone, b.binary("and", row, chosen)], _BOOL, gone.dims,
               hint="removed_next")
    t1 = b.op("add", [t, b.i64([1], "one")], _I64, (1,), hint="k_next")
    body = imp.lines[mark:]
    del imp.lines[mark:]
    types = ", ".join(v.type for v in args)
    base = imp.fresh("nms")
    iv = imp.fresh("pos")
    imp.emit(f"{base}:2 = scf.for {iv} = {c0} to {trip} step {c1} "
             f"iter_args({t.ssa} = {t0.ssa}, {gone.ssa} = {removed.ssa}) -> "
             f"({types}) {{")
    imp.lines.extend(_indent(body))
    imp.emit(f"  scf.yield {t1.ssa}, {nxt.ssa} : {types} {ctx.loc}")
    imp.emit(f"}} {ctx.loc}")
    return _results(base, args)[1]


def _count_along_1(b: _Builder, mask: _Value, hint: str) -> _Value:
    """The number of true elements of each row of the 2-D `mask`."""
    return b.op("reduce_sum", [b.cast(mask, _I64)], _I64, mask.dims[:1],
                {"axes": _i64_array([1]), "keepdims": "false"}, hint=hint)


def _triples(b: _Builder, keep: _Value, count: _Value, order: _Value,
             shape: Optional[_Value]) -> _Value:
    """[?, 3]: (b, c, order[b, c, k]) for each true keep[b, c, k], by row
    (b, c), then k. `count` is the running count along k of a mask of
    which keep is a prefix in each row (see the file comment)."""
    dims = keep.dims
    n_b, n_c, n = dims
    rows = None if n_b is None or n_c is None else n_b * n_c
    n_size = _size(b, shape, dims, 2)
    c_size = _size(b, shape, dims, 1)
    # Rows of [B * C, N]: o runs over the output, row r holds the outputs
    # ends[r] - per_row[r] to ends[r] - 1. The shape is spelled out rather
    # than inferred with -1 (ambiguous with no boxes, N = 0), and allowzero
    # keeps an N of 0 from copying the input's dim.
    if rows is not None and n is not None:
        row_shape = b.i64([rows, n], "rows")
    else:
        row_count = (b.i64([rows], "rows") if rows is not None else
                     b.reshape(b.mul(c_size, _size(b, shape, dims, 0)), [1]))
        box_count = (b.i64([n]) if n is not None else
                     b.slice(shape, 0, 2, 3))
        row_shape = b.concat([row_count, box_count], 0)
    per_row = b.reduce("reduce_sum", b.cast(keep, _I64), [2],
                       keepdims=False)
    per_row = b.op("reshape", [per_row, b.i64([-1])], _I64, (rows,),
                   hint="per_row")
    ends = b.op("cumsum", [per_row, b.scalar(0, _I64)], _I64, (rows,),
                hint="ends")
    total = b.reduce("reduce_sum", per_row, [0], keepdims=False)  # 0-d
    o = _range(b, b.scalar(0, _I64), total, b.scalar(1, _I64), "outputs")
    row = _count_along_1(b, b.binary("less_equal", b.unsqueeze(ends, [0]),
                                     b.unsqueeze(o, [1])), "row_index")
    start = b.sub(b.op("gather", [ends, row], _I64, (None,),
                       {"axis": "0 : i64"}),
                  b.op("gather", [per_row, row], _I64, (None,),
                       {"axis": "0 : i64"}))
    j = b.op("sub", [o, start], _I64, (None,), hint="rank_in_row")
    # Its position k in the row: #{k : count[r, k] <= j}.
    counts = b.op("reshape", [count, row_shape], _I64, (rows, n),
                  {"allowzero": "true"})
    at = b.op("gather", [counts, row], _I64, (None, n), {"axis": "0 : i64"})
    k = _count_along_1(b, b.binary("less_equal", at, b.unsqueeze(j, [1])),
                       "position")
    flat = b.add(b.mul(row, n_size), k)
    box = b.op("gather", [b.reshape(order, [-1]), flat], _I64, (None,),
               {"axis": "0 : i64"}, hint="box_index")
    batch = b.op("div", [row, c_size], _I64, (None,), hint="batch_index")
    cls = b.op("mod", [row, c_size], _I64, (None,), hint="class_index")
    return b.concat([b.unsqueeze(v, [1]) for v in (batch, cls, box)], 1)


@_handler("NonMaxSuppression",
          "graph.top_k, graph.gather, graph.min/max/sub/mul/div, "
          "graph.greater/and; scf.for over the sorted boxes (trip count: "
          "graph.shape_of + tensor.extract) with graph.gather/not/and/or in "
          "it; graph.cumsum, graph.range, graph.reduce_sum, graph.gather, "
          "graph.div/mod",
          "center_point_box 0/1; max_output_boxes_per_class, iou_threshold "
          "and score_threshold absent, constant or computed at run time "
          "(0-D or one value); symbolic sizes; ties in score to the lower "
          "box index; cost O(B*C*N^2) time and memory (an N x N "
          "suppression matrix per batch and class), N loop steps")
def _non_max_suppression(imp, ctx):
    boxes, scores = ctx.input(0), ctx.input(1)
    if boxes.rank != 3 or boxes.dims[2] not in (None, 4):
        raise _Unsupported(f"input 'boxes' must be [batch, boxes, 4] (it is "
                           f"{boxes.type})")
    if scores.rank != 3:
        raise _Unsupported(f"input 'scores' must be [batch, classes, boxes] "
                           f"(it is {scores.type})")
    for v, what in ((boxes, "boxes"), (scores, "scores")):
        if _kind(v.elem) != "f":
            raise _Unsupported(f"input '{what}' must be a float tensor")
    for x, y, what in ((boxes.dims[0], scores.dims[0], "batch"),
                       (boxes.dims[1], scores.dims[2], "box")):
        if x is not None and y is not None and x != y:
            raise _Unsupported(f"boxes and scores have {x} and {y} as the "
                               f"{what} size")
    center = int(ctx.attr("center_point_box", 0))
    if center not in (0, 1):
        raise _Unsupported(f"attribute center_point_box={center} must be 0 "
                           "or 1")
    b = _Builder(imp, ctx)
    elem = boxes.elem
    limit = _optional_scalar(b, 2, "max_output_boxes_per_class", _I64)
    iou = _optional_scalar(b, 3, "iou_threshold", elem)
    floor = _optional_scalar(b, 4, "score_threshold", scores.elem)
    given = ctx.maybe_const_input(2)
    if limit is None or (given is not None and
                         int(given.reshape(-1)[0]) <= 0):
        # No box is to be output.
        imp.set_out(ctx, b.const(np.zeros((0, 3), np.int64), _I64, "none"))
        return
    if iou is None:
        iou = b.scalar(0.0, elem)

    n_b = _known(scores.dims[0], boxes.dims[0])
    n_c = scores.dims[1]
    n = _known(scores.dims[2], boxes.dims[1])
    dims = (n_b, n_c, n)
    shape = None
    if None in dims:
        shape = b.op("shape_of", [scores], _I64, (3,))

    # Each row of scores by descending score, ties to the lower index.
    k = b.i64([n], "k") if n is not None else b.slice(shape, 0, 2, 3)
    base = imp.fresh("sorted")
    values = _Value(f"{base}#0", scores.elem, dims)
    order = _Value(f"{base}#1", _I64, dims)
    imp.emit(f"{base}:2 = graph.top_k {scores.ssa}, {k.ssa}"
             f"{_attr_dict({'axis': '2 : i64'})} : {scores.type}, {k.type} "
             f"-> {values.type}, {order.type} {ctx.loc}")

    # The corners of the boxes in that order: rows b * N + order[b, c, k]
    # of the [B * N, 4] corners.
    parts = _corners(b, boxes, center == 1)
    corners = b.op("concat", parts, elem, boxes.dims[:2] + (4,),
                   {"axis": "2 : i64"}, hint="corners")  # [B, N, 4]
    flat = b.reshape(corners, [-1, 4])
    n_size = _size(b, shape, dims, 2)
    if n_b is not None:
        batch = b.iota(n_b, 0, 3, _I64)
    else:
        batch = b.reshape(_range(b, b.scalar(0, _I64), _size(b, shape, dims,
                                                             0),
                                 b.scalar(1, _I64), "batch"), [-1, 1, 1])
    rows = b.add(b.mul(batch, n_size), order, dims)
    picked = b.op("gather", [flat, rows], elem, dims + (4,),
                  {"axis": "0 : i64"}, hint="sorted_boxes")
    sorted_corners = [b.squeeze(b.slice(picked, 3, i, i + 1), [3])
                      for i in range(4)]
    sup = _suppression(b, sorted_corners, iou, n_size, n)

    # Initially removed: the boxes not above score_threshold.
    if floor is not None:
        removed = b.op("not", [b.binary("greater", values, floor)], _BOOL,
                       dims, hint="removed")
    else:
        sizes = shape if shape is not None else b.i64(list(dims))
        removed = b.op("constant_of_shape", [sizes], _BOOL, dims,
                       {"value": "dense<false> : tensor<1xi1>"},
                       hint="removed")
    if n is not None:
        trip = _index_const(imp, ctx, n)
    else:
        idx = _index_const(imp, ctx, 2)
        n64 = imp.fresh("n_boxes")
        imp.emit(f"{n64} = tensor.extract {shape.ssa}[{idx}] : {shape.type} "
                 f"{ctx.loc}")
        trip = imp.fresh("steps")
        imp.emit(f"{trip} = arith.index_cast {n64} : i64 to index {ctx.loc}")
    removed = _greedy(b, sup, removed, trip)

    # The first max_output_boxes_per_class selected boxes of each row,
    # then their (batch, class, box index) triples.
    kept = b.op("not", [removed], _BOOL, dims, hint="kept")
    count = b.op("cumsum", [b.cast(kept, _I64), b.scalar(2, _I64)], _I64,
                 dims, hint="count")
    keep = b.op("and", [kept, b.binary("less_equal", count, limit)], _BOOL,
                dims, hint="keep")
    imp.set_out(ctx, _triples(b, keep, count, order, shape))
