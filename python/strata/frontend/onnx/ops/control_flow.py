#===- control_flow.py - If, Loop and Scan as scf regions -----------------===#
#
# Handlers of the ONNX ops with subgraphs: If becomes an `scf.if` whose two
# regions are the imported then/else branches, Loop an `scf.while` whose
# `do` region is the imported body. The host program runs scf ops, so the
# condition (and Loop's trip count) are taken out of their tensors with
# `tensor.extract`; the branches and the body are graph ops that capture
# the outer values they use (scf regions are not isolated from above).
#
# The subgraphs are converted by _Importer.import_subgraph; a problem of one
# of their nodes is reported with that node's name and poisons the If or
# Loop node. Sequence and optional values (test_if_seq, test_loop13_seq...)
# are reported: the graph dialect has tensors only.
#
# An If output that both branches take from outside them (outer values,
# constants) is a graph.select on the condition instead of an scf.if
# result: upstream's scf.if canonicalization would make it an arith.select
# of tensors on the extracted i1, which strata-compile cannot lower today
# (a kernel with an i1 scalar argument).
#
# Loop's scan outputs are stacked with graph.concat onto a loop-carried
# tensor whose leading size grows by one per iteration. The loop is an
# scf.while even when there is no condition: with an scf.for, upstream's
# scf.for canonicalization (ForOpTensorCastFolder) would fold the
# tensor.cast of the empty initial value into the loop and give the
# carried value the initial (0-sized) type.
#
# Scan is imported as the Loop it is (a gather of each scan input's
# element per iteration, the stacked outputs reversed and moved to their
# axes after the loop).
#
# Also here: the small helpers for host-side scalars that recurrent.py
# (LSTM/GRU/RNN as scf.for loops) shares.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import re
from typing import Sequence

import numpy as np
from onnx import TensorProto

from ..elements import _kind, _mlir_elem
from ..emit import _i64_array
from ..errors import _Unsupported
from ..importer import _Importer, _Node, _Value
from ..registry import _handler


#===- Helpers shared with recurrent.py -----------------------------------===#


def _join_dims(a: Sequence, b: Sequence) -> tuple:
    """The dims both `a` and `b` satisfy: equal sizes stay, others are ?."""
    return tuple(x if x == y else None for x, y in zip(a, b))


def _index_const(imp: _Importer, ctx: _Node, value: int) -> str:
    """An `arith.constant` of type index."""
    ssa = imp.fresh(f"c{value}" if value >= 0 else "cm")
    imp.emit(f"{ssa} = arith.constant {value} : index {ctx.loc}")
    return ssa


def _extract_scalar(imp: _Importer, ctx: _Node, v: _Value, what: str,
                    hint: str) -> str:
    """The one element of `v` (rank 0, or every size 1) as a host scalar
    (`tensor.extract`); its SSA name."""
    if any(d is not None and d != 1 for d in v.dims):
        raise _Unsupported(f"{what} must hold one element (it is "
                           f"{v.type})")
    indices = ""
    if v.rank:
        zero = _index_const(imp, ctx, 0)
        indices = ", ".join([zero] * v.rank)
    ssa = imp.fresh(hint)
    imp.emit(f"{ssa} = tensor.extract {v.ssa}[{indices}] : {v.type} "
             f"{ctx.loc}")
    return ssa


def _tensor_cast(imp: _Importer, ctx: _Node, v: _Value,
                 dims: Sequence) -> _Value:
    """`v` as a tensor of `dims` (a tensor.cast unless they are v's)."""
    dims = tuple(dims)
    if dims == v.dims:
        return v
    out = _Value(imp.fresh("cast"), v.elem, dims)
    imp.emit(f"{out.ssa} = tensor.cast {v.ssa} : {v.type} to {out.type} "
             f"{ctx.loc}")
    return out


def _results(base: str, values: Sequence[_Value]) -> list:
    """The results of a multi-result op named `base`, with the types of
    `values`."""
    if len(values) == 1:
        return [_Value(base, values[0].elem, values[0].dims)]
    return [_Value(f"{base}#{i}", v.elem, v.dims)
            for i, v in enumerate(values)]


def _result_name(base: str, n: int) -> str:
    return base if n == 1 else f"{base}:{n}"


def _indent(lines: Sequence[str]) -> list:
    return ["  " + line for line in lines]


def _tensor_only(ctx: _Node, infos, what: str):
    """Reports the first non-tensor (sequence, optional...) of `infos`."""
    for info in infos:
        kind = info.type.WhichOneof("value")
        if kind not in (None, "tensor_type"):
            raise _Unsupported(
                f"{what} '{info.name}' has type {kind.replace('_type', '')}"
                ": only tensors are supported (no sequence or optional "
                "types)")


def _squeeze_to_scalar(imp: _Importer, ctx: _Node, v: _Value,
                       what: str) -> _Value:
    """`v` (rank 0 or a 1-element rank-1 tensor) as a rank-0 tensor."""
    if v.rank == 0:
        return v
    if v.rank == 1 and v.dims[0] in (None, 1):
        return imp.op(ctx, "squeeze", [v], v.elem, (),
                      {"axes": _i64_array([0])}, hint=what)
    raise _Unsupported(f"{what} must be a scalar (it is {v.type})")


#===- If -----------------------------------------------------------------===#


@_handler("If", "scf.if (condition: tensor.extract) / graph.select",
          "then_branch/else_branch become the two regions and capture the "
          "outer values they use; an output both branches take from outside "
          "(outer values, constants) is a graph.select instead; tensor "
          "outputs only (no sequence or optional types); the branches' "
          "outputs must agree in element type and rank, sizes that differ "
          "become ?")
def _if(imp: _Importer, ctx: _Node):
    cond = ctx.input(0)
    if cond.elem != TensorProto.BOOL:
        raise _Unsupported("the condition must be a bool tensor")
    branches = [ctx.attr("then_branch"), ctx.attr("else_branch")]
    n = len(ctx.node.output)
    for name, g in zip(("then_branch", "else_branch"), branches):
        if len(g.output) != n:
            raise _Unsupported(f"{name} has {len(g.output)} outputs, the "
                               f"node {n}")
        _tensor_only(ctx, g.output, f"{name} output")
        _tensor_only(ctx, g.input, f"{name} input")
    c = _extract_scalar(imp, ctx, cond, "the condition", "cond")

    # Each branch's ops, cut out of the function's lines to be nested.
    imported = []
    for g in branches:
        mark = len(imp.lines)
        outs = imp.import_subgraph(g, [])
        imported.append((outs, imp.lines[mark:]))
        del imp.lines[mark:]

    types = []
    for i in range(n):
        a, b = imported[0][0][i], imported[1][0][i]
        if a.elem != b.elem:
            raise _Unsupported(
                f"output #{i}: the branches give {_mlir_elem(a.elem)} and "
                f"{_mlir_elem(b.elem)}")
        if a.rank != b.rank:
            raise _Unsupported(
                f"output #{i}: the branches give ranks {a.rank} and "
                f"{b.rank} (one rank is supported)")
        types.append(_Value("", a.elem, _join_dims(a.dims, b.dims)))

    # Constants move out of the branches (they are pure; the canonicalizer
    # hoists them anyway). An output both branches take from outside (outer
    # values, constants) becomes a graph.select on the condition: upstream
    # canonicalization would turn that scf.if result into an arith.select
    # of tensors on the extracted i1, which strata-compile cannot lower (a
    # kernel taking an i1 scalar).
    hoisted, bodies, defined = [], [], []
    for outs, lines in imported:
        keep, names = [], set()
        for line in lines:
            if _CONSTANT_LINE.match(line):
                hoisted.append(line)
                continue
            keep.append(line)
            m = _DEF_LINE.match(line)
            if m:
                names.add(m.group(1))
        bodies.append(keep)
        defined.append(names)
    selected, kept = {}, []
    for i in range(n):
        a, b = imported[0][0][i], imported[1][0][i]
        outside = all(_ssa_base(v.ssa) not in d
                      for v, d in ((a, defined[0]), (b, defined[1])))
        if outside and (a.ssa == b.ssa or (
                a.dims == b.dims and None not in a.dims)):
            selected[i] = (a, b)
        else:
            kept.append(i)
    imp.lines.extend(hoisted)

    results = {}
    if kept:
        kept_types = [types[i] for i in kept]
        base = imp.fresh(ctx.node.output[kept[0]] or "if")
        type_list = ", ".join(t.type for t in kept_types)
        region_lines = [f"{_result_name(base, len(kept))} = scf.if {c} -> "
                        f"({type_list}) {{"]
        for k, ((outs, _), lines) in enumerate(zip(imported, bodies)):
            mark = len(imp.lines)
            yields = [_tensor_cast(imp, ctx, outs[i], types[i].dims)
                      for i in kept]
            lines = lines + imp.lines[mark:]
            del imp.lines[mark:]
            lines.append(f"    scf.yield {', '.join(v.ssa for v in yields)}"
                         f" : {type_list} {ctx.loc}")
            region_lines += _indent(lines)
            region_lines.append("    } else {" if k == 0 else "    }")
        region_lines[-1] += f" {ctx.loc}"
        imp.lines.append("    " + region_lines[0])
        imp.lines.extend(region_lines[1:])
        results.update(zip(kept, _results(base, kept_types)))
    if selected:
        flag = _squeeze_to_scalar(imp, ctx, cond, "cond")
        for i, (a, b) in selected.items():
            results[i] = a if a.ssa == b.ssa else imp.op(
                ctx, "select", [flag, a, b], a.elem, a.dims,
                hint=ctx.node.output[i] or None)
    for i, v in results.items():
        if ctx.node.output[i]:
            imp.set_out(ctx, v, i)


_CONSTANT_LINE = re.compile(r"^\s*%[^\s=]+ = graph\.constant ")
_DEF_LINE = re.compile(r"^\s*(%[^\s:=#]+)(?::\d+)? = ")


def _ssa_base(ssa: str) -> str:
    """%x of a result reference %x#i."""
    return ssa.split("#")[0]


#===- Loop ---------------------------------------------------------------===#


@_handler("Loop", "scf.while (trip count and condition: tensor.extract), "
          "graph.concat for scan outputs",
          "optional M and cond; loop-carried values may change sizes "
          "(they become ?); scan outputs are stacked along a new axis 0; "
          "tensors only (no sequence or optional types)")
def _loop(imp: _Importer, ctx: _Node):
    body = ctx.attr("body")
    trip = ctx.input(0) if ctx.has_input(0) else None
    cond = ctx.input(1) if ctx.has_input(1) else None
    ctx.used_inputs.update((0, 1))
    n_in = len(ctx.node.input)
    for i in range(2, n_in):
        if not ctx.has_input(i):
            raise _Unsupported(f"loop-carried input #{i} is missing")
    _tensor_only(ctx, body.input, "body input")
    _tensor_only(ctx, body.output, "body output")
    inits = [ctx.input(i) for i in range(2, n_in)]
    n_carried = len(inits)
    n_scan = len(body.output) - 1 - n_carried
    if len(body.input) != 2 + n_carried or n_scan < 0:
        raise _Unsupported(
            f"the body has {len(body.input)} inputs and {len(body.output)} "
            f"outputs for {n_carried} loop-carried values")
    if len(ctx.node.output) > n_carried + n_scan:
        raise _Unsupported("more outputs than loop-carried values and scan "
                           "outputs")
    if trip is not None and _kind(trip.elem) != "i":
        raise _Unsupported("the trip count must be an integer tensor")
    if cond is not None and cond.elem != TensorProto.BOOL:
        raise _Unsupported("the condition must be a bool tensor")
    for v in inits:
        _mlir_elem(v.elem)

    # Outside the loop: the trip count as an i64 scalar, the initial
    # iteration number and condition.
    m = None
    if trip is not None:
        m = _extract_scalar(imp, ctx, trip, "the trip count M", "trip")
        if trip.elem != TensorProto.INT64:
            wide = imp.fresh("trip64")
            imp.emit(f"{wide} = arith.extsi {m} : {_mlir_elem(trip.elem)} "
                     f"to i64 {ctx.loc}")
            m = wide
    i0 = imp.scalar(0, TensorProto.INT64, ctx)
    c0 = (_squeeze_to_scalar(imp, ctx, cond, "cond") if cond is not None
          else imp.emit_constant(np.array(True), TensorProto.BOOL, "true",
                                 ctx.loc))

    # The carried types: the initial values' sizes, less those the body
    # changes (found by importing it, widening and importing again).
    carried = [v.dims for v in inits]
    for j, v in enumerate(inits):
        info = imp.types.get(body.output[1 + j].name)
        if info and info[1] is not None and len(info[1]) == v.rank:
            carried[j] = _join_dims(carried[j], info[1])
    saved_resources = dict(imp.resources)
    for attempt in range(4):
        mark = len(imp.lines)
        a_i = _Value(imp.fresh("iter"), TensorProto.INT64, ())
        a_c = _Value(imp.fresh("cond"), TensorProto.BOOL, ())
        a_v = [_Value(imp.fresh("carried"), v.elem, tuple(d))
               for v, d in zip(inits, carried)]
        outs = imp.import_subgraph(body, [a_i, a_c] + a_v)
        wider = []
        for j, (v, out) in enumerate(zip(a_v, outs[1:1 + n_carried])):
            if out.elem != v.elem or out.rank != v.rank:
                raise _Unsupported(
                    f"loop-carried value #{j}: the body gives {out.type} "
                    f"for {v.type}")
            wider.append(_join_dims(v.dims, out.dims))
        if wider == [v.dims for v in a_v]:
            break
        if attempt == 3:
            raise _Unsupported("the loop-carried sizes do not settle")
        carried = wider
        del imp.lines[mark:]
        imp.resources = dict(saved_resources)

    # The rest of the body: the next iteration number and condition, the
    # carried values in their types, the scan outputs stacked.
    one = imp.scalar(1, TensorProto.INT64, ctx)
    i1 = imp.op(ctx, "add", [a_i, one], TensorProto.INT64, (), hint="next")
    c1 = a_c
    if cond is not None:
        c1 = outs[0]
        if c1.elem != TensorProto.BOOL:
            raise _Unsupported("the body's condition output must be bool")
        c1 = _squeeze_to_scalar(imp, ctx, c1, "cond_out")
    yields = [i1, c1] + [_tensor_cast(imp, ctx, out, v.dims)
                         for out, v in zip(outs[1:1 + n_carried], a_v)]
    scans = outs[1 + n_carried:]
    a_acc, acc_inits_dims = [], []
    for item in scans:
        _mlir_elem(item.elem)
        acc = _Value(imp.fresh("scan"), item.elem, (None,) + item.dims)
        a_acc.append(acc)
        row = imp.op(ctx, "unsqueeze", [item], item.elem, (1,) + item.dims,
                     {"axes": _i64_array([0])}, hint="scan_row")
        if all(d is not None for d in item.dims):
            yields.append(imp.op(ctx, "concat", [acc, row], item.elem,
                                 acc.dims, {"axis": "0 : i64"},
                                 hint="scan_next"))
            acc_inits_dims.append((0,) + item.dims)
            continue
        # Sizes known only at run time: the first row starts the stack
        # (the initial value, all sizes 0, only stands for its rank).
        ie = _extract_scalar(imp, ctx, a_i, "the iteration number", "it")
        zero = imp.fresh("zero")
        imp.emit(f"{zero} = arith.constant 0 : i64 {ctx.loc}")
        first = imp.fresh("first")
        imp.emit(f"{first} = arith.cmpi eq, {ie}, {zero} : i64 {ctx.loc}")
        nxt = _Value(imp.fresh("scan_next"), item.elem, acc.dims)
        imp.emit(f"{nxt.ssa} = scf.if {first} -> ({acc.type}) {{")
        inner = len(imp.lines)
        row_cast = _tensor_cast(imp, ctx, row, acc.dims)
        imp.emit(f"scf.yield {row_cast.ssa} : {acc.type} {ctx.loc}")
        imp.lines[inner:] = _indent(imp.lines[inner:])
        imp.emit("} else {")
        inner = len(imp.lines)
        joined = imp.op(ctx, "concat", [acc, row], item.elem, acc.dims,
                        {"axis": "0 : i64"}, hint="scan_cat")
        imp.emit(f"scf.yield {joined.ssa} : {acc.type} {ctx.loc}")
        imp.lines[inner:] = _indent(imp.lines[inner:])
        imp.emit(f"}} {ctx.loc}")
        yields.append(nxt)
        acc_inits_dims.append((0,) * (1 + item.rank))
    body_lines = imp.lines[mark:]
    del imp.lines[mark:]

    # Initial values of the stacks: empty tensors (then a cast to `?`).
    inits_all = [i0, c0] + [_tensor_cast(imp, ctx, v, d.dims)
                            for v, d in zip(inits, a_v)]
    for acc, dims in zip(a_acc, acc_inits_dims):
        shape = imp.emit_constant(np.array(dims, np.int64), TensorProto.INT64,
                                  "scan_shape", ctx.loc)
        empty = imp.op(ctx, "constant_of_shape", [shape], acc.elem, dims,
                       {"value": f"dense<0> : tensor<1x{_mlir_elem(acc.elem)}>"
                        if _kind(acc.elem) != "f" else
                        f"dense<0.0> : tensor<1x{_mlir_elem(acc.elem)}>"},
                       hint="scan_init")
        inits_all.append(_tensor_cast(imp, ctx, empty, acc.dims))

    carried_vals = [a_i, a_c] + a_v + a_acc
    types = ", ".join(v.type for v in carried_vals)
    befores = [_Value(imp.fresh("b"), v.elem, v.dims) for v in carried_vals]
    base = imp.fresh(ctx.node.output[0] if ctx.node.output and
                     ctx.node.output[0] else "loop")
    header = (f"{_result_name(base, len(carried_vals))} = scf.while ("
              + ", ".join(f"{b.ssa} = {v.ssa}"
                          for b, v in zip(befores, inits_all))
              + f") : ({types}) -> ({types}) {{")
    # The before region: go on while iteration < M and the condition holds.
    mark = len(imp.lines)
    tests = []
    if m is not None:
        ie = _extract_scalar(imp, ctx, befores[0], "the iteration number",
                             "it")
        lt = imp.fresh("in_range")
        imp.emit(f"{lt} = arith.cmpi slt, {ie}, {m} : i64 {ctx.loc}")
        tests.append(lt)
    if cond is not None:
        tests.append(_extract_scalar(imp, ctx, befores[1], "the condition",
                                     "go"))
    if not tests:
        go = imp.fresh("go")
        imp.emit(f"{go} = arith.constant true {ctx.loc}")
        tests.append(go)
    go = tests[0]
    for t in tests[1:]:
        both = imp.fresh("go")
        imp.emit(f"{both} = arith.andi {go}, {t} : i1 {ctx.loc}")
        go = both
    imp.emit(f"scf.condition({go}) "
             + ", ".join(b.ssa for b in befores) + f" : {types} {ctx.loc}")
    before_lines = imp.lines[mark:]
    del imp.lines[mark:]

    imp.emit(header)
    imp.lines.extend(_indent(before_lines))
    imp.emit("} do {")
    imp.emit("^bb0(" + ", ".join(f"{v.ssa}: {v.type}" for v in carried_vals)
             + "):")
    imp.lines.extend(_indent(body_lines))
    imp.emit("  scf.yield " + ", ".join(v.ssa for v in yields)
             + f" : {types} {ctx.loc}")
    imp.emit(f"}} {ctx.loc}")

    results = _results(base, carried_vals)
    for i, name in enumerate(ctx.node.output):
        if name:
            imp.set_out(ctx, results[2 + i], i)


@_handler("Scan", "scf.while (as Loop), graph.gather per scan input, "
          "graph.transpose / graph.slice for output axes and directions",
          "opset 9+ forms (opset 8's batched form is reported: the "
          "version converter changes the graph's inputs); state variables, "
          "scan inputs and outputs with axes and directions; tensors only")
def _scan(imp: _Importer, ctx: _Node):
    """Scan as the Loop it is: a trip count of the scan inputs' length
    along their axes; a body that gathers element `iteration` (or, reversed,
    `length - 1 - iteration`) of each scan input along its axis, then runs
    Scan's body; Loop stacks the scan outputs along a new axis 0, which is
    then reversed and moved to each output's axis as asked."""
    from onnx import helper
    body = ctx.attr("body")
    n_scan = ctx.attr("num_scan_inputs")
    n_inputs = len(ctx.node.input)
    n_state = n_inputs - n_scan
    if n_scan < 1 or n_state < 0:
        raise _Unsupported(f"num_scan_inputs={n_scan} for {n_inputs} inputs")
    _tensor_only(ctx, body.input, "body input")
    _tensor_only(ctx, body.output, "body output")
    n_out = len(body.output) - n_state
    if len(body.input) != n_inputs or n_out < 0:
        raise _Unsupported(f"the body has {len(body.input)} inputs and "
                           f"{len(body.output)} outputs for {n_state} state "
                           f"variables and {n_scan} scan inputs")
    scans = [ctx.input(i) for i in range(n_state, n_inputs)]
    ctx.used_inputs.update(range(n_state))  # the Loop reads the states

    def per_input(name: str, count: int) -> list:
        values = list(ctx.attr(name, None) or [0] * count)
        if len(values) != count:
            raise _Unsupported(f"attribute {name} must have {count} entries")
        return values

    in_axes = per_input("scan_input_axes", n_scan)
    in_dirs = per_input("scan_input_directions", n_scan)
    out_axes = per_input("scan_output_axes", n_out)
    out_dirs = per_input("scan_output_directions", n_out)
    in_axes = [a + v.rank if a < 0 else a for a, v in zip(in_axes, scans)]
    if any(not 0 <= a < v.rank for a, v in zip(in_axes, scans)):
        raise _Unsupported(f"scan_input_axes={in_axes} out of range")
    from .compose import _Builder
    b = _Builder(imp, ctx)
    i64 = TensorProto.INT64
    prefix = ctx.name
    # Outer values the body reads: the trip count and the last index.
    length = b.element(b.op("shape_of", [scans[0]], i64, (scans[0].rank,)),
                       in_axes[0])
    trip, last = f"{prefix}/trip", f"{prefix}/last"
    imp.values[trip] = length
    imp.values[last] = b.sub(length, b.scalar(1, i64))
    iteration, cond_in, cond_out = (f"{prefix}/iteration", f"{prefix}/cond",
                                    f"{prefix}/cond_out")
    # The pieces are named "<node>/<piece>", as expanded nodes are
    # (functions.py), so that problems inside name the Scan node.
    nodes = []
    for j, (axis, reverse) in enumerate(zip(in_axes, in_dirs)):
        index = iteration
        if reverse:
            index = f"{prefix}/index_{j}"
            nodes.append(helper.make_node("Sub", [last, iteration], [index],
                                          name=f"{prefix}/Sub_{j}"))
        nodes.append(helper.make_node(
            "Gather", [ctx.node.input[n_state + j], index],
            [body.input[n_state + j].name], name=f"{prefix}/Gather_{j}",
            axis=axis))
    nodes += list(body.node)
    nodes.append(helper.make_node("Identity", [cond_in], [cond_out],
                                  name=f"{prefix}/Identity"))
    info = helper.make_tensor_value_info
    loop_body = helper.make_graph(
        nodes, f"{prefix}/body",
        [info(iteration, i64, []), info(cond_in, TensorProto.BOOL, [])]
        + list(body.input[:n_state]),
        [info(cond_out, TensorProto.BOOL, [])] + list(body.output),
        value_info=list(body.value_info), initializer=list(body.initializer))
    stacked = [f"{prefix}/stacked_{k}" for k in range(n_out)]
    loop = helper.make_node(
        "Loop", [trip, ""] + list(ctx.node.input[:n_state]),
        list(ctx.node.output[:n_state]) + stacked, name=ctx.name,
        body=loop_body)
    imp.count_subgraph_uses(helper.make_graph([loop], "scan", [], []))
    for name in stacked:
        imp.uses[name] = imp.uses.get(name, 0) + 1
    loop_ctx = _Node(imp, loop, 0)
    _loop(imp, loop_ctx)
    for k in range(n_out):
        if k + n_state >= len(ctx.node.output) or \
                not ctx.node.output[n_state + k]:
            continue
        out = imp.value(stacked[k])
        if out_dirs[k]:
            out = b.op("slice", [out], out.elem, out.dims, {
                "starts": _i64_array([-1]), "ends": _i64_array([-2**63]),
                "axes": _i64_array([0]), "steps": _i64_array([-1])})
        axis = out_axes[k] + out.rank if out_axes[k] < 0 else out_axes[k]
        if not 0 <= axis < out.rank:
            raise _Unsupported(f"scan_output_axes={out_axes} out of range")
        if axis:
            perm = list(range(1, axis + 1)) + [0] + list(range(axis + 1,
                                                               out.rank))
            out = b.transpose(out, perm)
        imp.set_out(ctx, out, n_state + k)
