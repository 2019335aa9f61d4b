#===- recurrent.py - LSTM, GRU and RNN as loops of graph ops --------------===#
#
# Handlers of ONNX LSTM, GRU and RNN (opset 14 form; opset 13's is the same
# without `layout`). Each becomes an `scf.for` over the time steps whose
# trip count is X's sequence size read at run time (graph.shape_of, then
# tensor.extract and arith.index_cast), so one compiled function serves
# every sequence length; the host runs the loop, kernels its graph ops.
#
# Before the loop, per direction: X * W^T + biases for all steps at once
# (one graph.matmul), the initial states, and a zero Y buffer of
# [seq, batch, hidden] when Y is used. Each step then:
#   - takes its row of X * W^T with graph.gather (a loop-carried 0-d i64
#     counter t; reverse directions read row seq-1-t);
#   - adds H * R^T (graph.linear, trans_b), splits the gates, applies the
#     activations (clip bounds the gates' inputs; like onnxruntime, not
#     the cell state that LSTM's h() reads);
#   - with sequence_lens, a graph.select keeps the state of the batch
#     entries past their length and writes zeros to Y there (so a reverse
#     direction starts each batch entry at its own last step);
#   - writes the step's output into the Y buffer, which keeps its type:
#     the buffer drops its first row and gets the new one appended
#     (prepended for reverse directions), so after seq steps it holds
#     every step in order.
# The rotating buffer stands for a concat onto a tensor that grows from
# 0 rows, which strata-compile miscompiles in an scf.for today: upstream's
# scf.for canonicalization (ForOpTensorCastFolder) folds the tensor.cast
# of the static 0-row initial value into the loop and gives the carried
# value the 0-row type.
#
# After the loop the directions are stacked (Y [seq, dirs, batch, hidden],
# Y_h/Y_c [dirs, batch, hidden]), or transposed to the layout=1 forms.
# Like onnxruntime, Y_h and Y_c are zero for a batch entry whose
# sequence_lens is 0.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
from onnx import TensorProto

from ..elements import _mlir_elem
from ..emit import _f32_attr, _f64_attr, _i64_array
from ..errors import _Unsupported
from ..importer import _Importer, _Node, _Value
from ..registry import _check_kind, _handler
from .control_flow import _indent, _index_const, _results

_INT64_MAX = 2**63 - 1

#: Gates per op, and its default activations (one direction's).
_GATES = {"LSTM": 4, "GRU": 3, "RNN": 1}
_DEFAULT_ACTIVATIONS = {"LSTM": ("Sigmoid", "Tanh", "Tanh"),
                        "GRU": ("Sigmoid", "Tanh"), "RNN": ("Tanh",)}

#: Activation (lower case: onnxruntime matches names case-insensitively) ->
#: the defaults of the alpha and beta it reads, those of the ONNX op of the
#: same name. activation_alpha and activation_beta are consumed in the
#: order of the activations, each by those that read one (the spec's
#: wording; onnxruntime's LSTM and GRU, not its RNN, which indexes them by
#: direction).
_ACTIVATION_ARGS = {
    "sigmoid": (), "tanh": (), "relu": (), "softsign": (), "softplus": (),
    "affine": (1.0, 0.0), "leakyrelu": (0.01,), "thresholdedrelu": (1.0,),
    "scaledtanh": (1.0, 1.0), "hardsigmoid": (0.2, 0.5), "elu": (1.0,),
}


def _slice_dim(d: Optional[int], start: int, end: int) -> Optional[int]:
    """The size of [start:end] (ONNX clamping, step 1) of a dim of size d."""
    if d is None:
        return None
    s = start + d if start < 0 else start
    e = end + d if end < 0 else end
    s, e = min(max(s, 0), d), min(max(e, 0), d)
    return max(0, e - s)


class _Emitter:
    """Emission helpers of one node, element type `elem` by default."""

    def __init__(self, imp: _Importer, ctx: _Node, elem: int):
        self.imp, self.ctx, self.elem = imp, ctx, elem

    def op(self, mnemonic: str, operands: Sequence[_Value], dims,
           attrs: dict = None, elem: int = None, hint: str = None) -> _Value:
        return self.imp.op(self.ctx, mnemonic, operands,
                           self.elem if elem is None else elem, tuple(dims),
                           attrs, hint=hint)

    def const(self, value, elem: int = None, rank: int = 0) -> _Value:
        return self.imp.scalar(value, self.elem if elem is None else elem,
                               self.ctx, rank)

    def array(self, values, elem: int, hint: str) -> _Value:
        arr = np.asarray(values, np.int64 if elem == TensorProto.INT64
                         else np.float32)
        return self.imp.emit_constant(arr, elem, hint, self.ctx.loc)

    def slice(self, v: _Value, start: int, end: int, axis: int,
              hint: str = None) -> _Value:
        dims = list(v.dims)
        dims[axis] = _slice_dim(dims[axis], start, end)
        return self.op("slice", [v], dims,
                       {"starts": _i64_array([start]),
                        "ends": _i64_array([end]),
                        "axes": _i64_array([axis])}, elem=v.elem, hint=hint)

    def squeeze(self, v: _Value, axis: int, hint: str = None) -> _Value:
        dims = v.dims[:axis] + v.dims[axis + 1:]
        return self.op("squeeze", [v], dims, {"axes": _i64_array([axis])},
                       elem=v.elem, hint=hint)

    def unsqueeze(self, v: _Value, axis: int, hint: str = None) -> _Value:
        dims = v.dims[:axis] + (1,) + v.dims[axis:]
        return self.op("unsqueeze", [v], dims, {"axes": _i64_array([axis])},
                       elem=v.elem, hint=hint)

    def take(self, v: _Value, index: int, axis: int = 0,
             hint: str = None, dims=None) -> _Value:
        """v[index] along `axis` (the axis dropped), declared as `dims`
        when given (sizes v's type does not know)."""
        if v.dims[axis] != 1:
            v = self.slice(v, index, index + 1, axis, hint)
        if dims is None:
            return self.squeeze(v, axis, hint)
        return self.op("squeeze", [v], dims, {"axes": _i64_array([axis])},
                       elem=v.elem, hint=hint)

    def transpose(self, v: _Value, perm: Sequence[int],
                  hint: str = None) -> _Value:
        return self.op("transpose", [v], [v.dims[p] for p in perm],
                       {"perm": _i64_array(perm)}, elem=v.elem, hint=hint)

    def concat(self, values: Sequence[_Value], axis: int, dims=None,
               hint: str = None) -> _Value:
        if len(values) == 1:
            return values[0]
        if dims is None:
            sizes = [v.dims[axis] for v in values]
            dims = list(values[0].dims)
            dims[axis] = None if None in sizes else sum(sizes)
        return self.op("concat", values, dims, {"axis": f"{axis} : i64"},
                       elem=values[0].elem, hint=hint)

    def split(self, v: _Value, parts: int, axis: int = -1,
              hint: str = "gate") -> list:
        """`parts` equal pieces of `v` along `axis` (a static size)."""
        if parts == 1:
            return [v]
        axis %= v.rank
        size = v.dims[axis] // parts
        dims = list(v.dims)
        dims[axis] = size
        piece = _Value("", v.elem, tuple(dims))
        base = self.imp.fresh(hint)
        self.imp.emit(
            f"{base}:{parts} = graph.split {v.ssa} {{axis = {axis} : i64, "
            f"split = {_i64_array([size] * parts)}}} : {v.type} -> "
            f"{', '.join([piece.type] * parts)} {self.ctx.loc}")
        return [_Value(f"{base}#{i}", v.elem, piece.dims)
                for i in range(parts)]

    def zeros(self, shape: _Value, dims, hint: str) -> _Value:
        return self.op("constant_of_shape", [shape], dims,
                       {"value": f"dense<0.0> : tensor<1x"
                                 f"{_mlir_elem(self.elem)}>"}, hint=hint)

    # Arithmetic on values of the same dims (scalars broadcast) ----------
    def add(self, a, b, hint=None):
        return self.op("add", [a, b], a.dims if a.rank >= b.rank else b.dims,
                       hint=hint)

    def sub(self, a, b, hint=None):
        return self.op("sub", [a, b], a.dims if a.rank >= b.rank else b.dims,
                       hint=hint)

    def mul(self, a, b, hint=None):
        return self.op("mul", [a, b], a.dims if a.rank >= b.rank else b.dims,
                       hint=hint)


#===- Activations --------------------------------------------------------===#


def _activation_specs(ctx: _Node, dirs: int) -> list:
    """[(name, alpha, beta)] per activation of every direction, in order."""
    per_dir = len(_DEFAULT_ACTIVATIONS[ctx.op])
    names = ctx.attr("activations", None)
    alphas = list(ctx.attr("activation_alpha", None) or [])
    betas = list(ctx.attr("activation_beta", None) or [])
    if not names:
        names = list(_DEFAULT_ACTIVATIONS[ctx.op]) * dirs
    names = [n.decode() if isinstance(n, bytes) else str(n) for n in names]
    if len(names) == per_dir and dirs == 2:
        names = names * 2
    elif len(names) == 2 * per_dir and dirs == 1:
        # RNN's schema default is [Tanh, Tanh] for any direction: a single
        # direction takes the first ones (as onnxruntime does).
        names = names[:per_dir]
    if len(names) != per_dir * dirs:
        raise _Unsupported(f"attribute activations has {len(names)} entries "
                           f"(expected {per_dir * dirs})")
    specs = []
    for name in names:
        key = name.lower()
        if key not in _ACTIVATION_ARGS:
            raise _Unsupported(f"activation {name} is not supported")
        defaults = _ACTIVATION_ARGS[key]
        alpha = beta = None
        if len(defaults) >= 1:
            alpha = alphas.pop(0) if alphas else defaults[0]
        if len(defaults) >= 2:
            beta = betas.pop(0) if betas else defaults[1]
        specs.append((key, alpha, beta))
    return [specs[d * per_dir:(d + 1) * per_dir] for d in range(dirs)]


def _activate(e: _Emitter, spec: tuple, x: _Value,
              clip: Optional[float]) -> _Value:
    """The activation `spec` of `x`, its input clipped to [-clip, clip]."""
    if clip is not None:
        x = e.op("clip", [x], x.dims, {"min": _f64_attr(-clip),
                                       "max": _f64_attr(clip)}, hint="clip")
    name, alpha, beta = spec
    if name in ("sigmoid", "tanh", "relu"):
        return e.op(name, [x], x.dims)
    if name == "affine":
        return e.add(e.mul(x, e.const(alpha)), e.const(beta))
    if name == "leakyrelu":
        return e.op("leaky_relu", [x], x.dims, {"alpha": _f32_attr(alpha)})
    if name == "thresholdedrelu":
        above = e.op("greater", [x, e.const(alpha)], x.dims,
                     elem=TensorProto.BOOL)
        return e.op("select", [above, x, e.const(0.0)], x.dims)
    if name == "scaledtanh":
        return e.mul(e.op("tanh", [e.mul(x, e.const(beta))], x.dims),
                     e.const(alpha))
    if name == "hardsigmoid":
        y = e.add(e.mul(x, e.const(alpha)), e.const(beta))
        return e.op("clip", [y], x.dims, {"min": _f64_attr(0.0),
                                          "max": _f64_attr(1.0)})
    if name == "elu":
        neg = e.op("less", [x, e.const(0.0)], x.dims, elem=TensorProto.BOOL)
        em1 = e.sub(e.op("exp", [x], x.dims), e.const(1.0))
        return e.op("select", [neg, e.mul(em1, e.const(alpha)), x], x.dims)
    if name == "softsign":
        return e.op("div", [x, e.add(e.op("abs", [x], x.dims),
                                     e.const(1.0))], x.dims)
    if name == "softplus":
        # max(x, 0) + log(1 + e^-|x|): no overflow for large x.
        nax = e.op("neg", [e.op("abs", [x], x.dims)], x.dims)
        lg = e.op("log", [e.add(e.op("exp", [nax], x.dims), e.const(1.0))],
                  x.dims)
        return e.add(e.op("relu", [x], x.dims), lg)
    raise _Unsupported(f"activation {name} is not supported")


#===- The cells ----------------------------------------------------------===#


def _lstm_cell(e: _Emitter, d: dict, xw: _Value, h: _Value, c: _Value):
    acts, clip = d["acts"], d["clip"]
    g = e.op("linear", [h, d["R"], xw], xw.dims, {"trans_b": "true"},
             hint="gates")
    i, o, f, cc = e.split(g, 4)
    if d["P"] is not None:
        pi, po, pf = d["P"]
        i = e.add(i, e.mul(c, pi))
        f = e.add(f, e.mul(c, pf))
    i = _activate(e, acts[0], i, clip)
    if d["input_forget"]:
        f = e.sub(e.const(1.0), i)
    else:
        f = _activate(e, acts[0], f, clip)
    cc = _activate(e, acts[1], cc, clip)
    c_new = e.add(e.mul(f, c), e.mul(i, cc), hint="c")
    if d["P"] is not None:
        o = e.add(o, e.mul(c_new, po))
    o = _activate(e, acts[0], o, clip)
    # clip bounds the gates' inputs only, not the cell state h() reads
    # (onnxruntime's reading of the spec).
    h_new = e.mul(o, _activate(e, acts[2], c_new, None), hint="h")
    return h_new, c_new


def _gru_cell(e: _Emitter, d: dict, xw: _Value, h: _Value):
    acts, clip = d["acts"], d["clip"]
    xz, xr, xh = e.split(xw, 3)
    hidden = xz.dims[-1]
    if d["linear_before_reset"]:
        hr = e.op("linear", [h, d["R"]] + ([d["Rb"]] if d["Rb"] else []),
                  xw.dims, {"trans_b": "true"}, hint="hr")
        hz, hr_, hh = e.split(hr, 3)
        z = _activate(e, acts[0], e.add(xz, hz), clip)
        r = _activate(e, acts[0], e.add(xr, hr_), clip)
        n = _activate(e, acts[1], e.add(xh, e.mul(r, hh)), clip)
    else:
        dims = xz.dims[:-1] + (2 * hidden,)
        hzr = e.op("linear", [h, d["R_zr"]], dims, {"trans_b": "true"},
                   hint="hzr")
        hz, hr_ = e.split(hzr, 2)
        z = _activate(e, acts[0], e.add(xz, hz), clip)
        r = _activate(e, acts[0], e.add(xr, hr_), clip)
        n = _activate(e, acts[1], e.op("linear", [e.mul(r, h), d["R_h"], xh],
                                       xh.dims, {"trans_b": "true"}), clip)
    # (1 - z) * n + z * h
    return e.add(e.mul(e.sub(e.const(1.0), z), n), e.mul(z, h), hint="h")


def _rnn_cell(e: _Emitter, d: dict, xw: _Value, h: _Value):
    g = e.op("linear", [h, d["R"], xw], xw.dims, {"trans_b": "true"},
             hint="gates")
    return _activate(e, d["acts"][0], g, d["clip"])


#===- The handler --------------------------------------------------------===#


def _known(*sizes):
    """The first known size of `sizes`, else None."""
    for s in sizes:
        if s is not None:
            return s
    return None


_GRAPH_OPS = ("scf.for over the time steps (trip count: graph.shape_of + "
              "tensor.extract); graph.matmul before it; graph.gather, "
              "graph.linear, graph.split, the activations, graph.select "
              "and graph.slice + graph.concat (Y) in it")
_NOTES = ("direction forward/reverse/bidirectional, layout 0/1, optional B, "
          "sequence_lens (steps past a length keep the state and write "
          "zeros to Y), initial_h, {extra}clip (bounds the gates' inputs), "
          "activations Sigmoid, Tanh, Relu, Affine, LeakyRelu, "
          "ThresholdedRelu, ScaledTanh, HardSigmoid, Elu, Softsign, "
          "Softplus with activation_alpha/beta; outputs {outputs} each "
          "optional; the sequence length is read at run time; hidden_size "
          "(or R's last size) must be static; float types")


@_handler("LSTM", _GRAPH_OPS, _NOTES.format(
    extra="initial_c, peepholes P, input_forget, ", outputs="Y, Y_h, Y_c"),
    opsets=(13, 24))
@_handler("GRU", _GRAPH_OPS, _NOTES.format(
    extra="linear_before_reset, ", outputs="Y, Y_h"), opsets=(13, 24))
@_handler("RNN", _GRAPH_OPS, _NOTES.format(extra="", outputs="Y, Y_h"),
          opsets=(13, 24))
def _recurrent(imp: _Importer, ctx: _Node):
    op = ctx.op
    n_gates = _GATES[op]
    x, w, r = ctx.input(0), ctx.input(1), ctx.input(2)
    _check_kind(ctx, x, "f", "matmul")
    for v, what in ((x, "X"), (w, "W"), (r, "R")):
        if v.rank != 3:
            raise _Unsupported(f"input {what} must be 3-D (it is {v.type})")
        if v.elem != x.elem:
            raise _Unsupported(f"input {what} has another element type "
                               "than X")
    direction = ctx.attr("direction", "forward")
    reverse = {"forward": [False], "reverse": [True],
               "bidirectional": [False, True]}.get(direction)
    if reverse is None:
        raise _Unsupported(f"attribute direction={direction} is not valid")
    dirs = len(reverse)
    layout = int(ctx.attr("layout", 0) or 0)
    if layout not in (0, 1):
        raise _Unsupported(f"attribute layout={layout} is not valid")
    hidden = ctx.attr("hidden_size", None)
    hidden = int(hidden) if hidden is not None else r.dims[2]
    if hidden is None:
        raise _Unsupported("the hidden size must be known: give "
                           "hidden_size or a static size of R's last dim")
    gh = n_gates * hidden
    for v, what, want in ((w, "W", (dirs, gh, None)),
                          (r, "R", (dirs, gh, hidden))):
        for got, exp in zip(v.dims, want):
            if got is not None and exp is not None and got != exp:
                raise _Unsupported(f"input {what} is {v.type}, expected "
                                   f"{dirs}x{gh}x... for {direction} "
                                   f"{op} with hidden size {hidden}")
    clip = ctx.attr("clip", None)
    if clip is not None:
        clip = float(clip)
        if not clip > 0:
            raise _Unsupported(f"attribute clip={clip} must be positive")
    acts = _activation_specs(ctx, dirs)
    input_forget = bool(ctx.attr("input_forget", 0)) if op == "LSTM" else \
        False
    lbr = bool(ctx.attr("linear_before_reset", 0)) if op == "GRU" else False

    b = ctx.input(3) if ctx.has_input(3) else None
    seq_lens = ctx.input(4) if ctx.has_input(4) else None
    init_h = ctx.input(5) if ctx.has_input(5) else None
    init_c = ctx.input(6) if op == "LSTM" and ctx.has_input(6) else None
    peep = ctx.input(7) if op == "LSTM" and ctx.has_input(7) else None
    for v, what, rank in ((b, "B", 2), (seq_lens, "sequence_lens", 1),
                          (init_h, "initial_h", 3), (init_c, "initial_c", 3),
                          (peep, "P", 2)):
        if v is None:
            continue
        if v.rank != rank:
            raise _Unsupported(f"input {what} must be {rank}-D")
        if what == "sequence_lens":
            if v.elem not in (TensorProto.INT32, TensorProto.INT64):
                raise _Unsupported("sequence_lens must be int32 or int64")
        elif v.elem != x.elem:
            raise _Unsupported(f"input {what} has another element type "
                               "than X")

    n_out = 3 if op == "LSTM" else 2
    ctx.require_outputs(n_out)
    used = [i < len(ctx.node.output) and bool(ctx.node.output[i]) and
            imp.is_used(ctx.node.output[i]) for i in range(n_out)]
    want_y, want_h = used[0], used[1]
    want_c = op == "LSTM" and used[2]

    e = _Emitter(imp, ctx, x.elem)
    # Sizes: the sequence and the batch as far as anything tells them.
    seq_axis, batch_axis = (0, 1) if layout == 0 else (1, 0)
    state_batch = 1 if layout == 0 else 0  # batch axis of initial_h/c
    out_y = ctx.out_type(0)[1] if want_y else None
    out_h = ctx.out_type(1)[1] if want_h else None
    size_s = _known(x.dims[seq_axis],
                    out_y[seq_axis] if out_y and len(out_y) == 4 else None)
    size_b = _known(x.dims[batch_axis],
                    *(v.dims[state_batch] for v in (init_h, init_c) if v),
                    seq_lens.dims[0] if seq_lens else None,
                    out_h[state_batch] if out_h and len(out_h) == 3 else None)

    # X as [seq, batch, input].
    if layout == 1:
        x = e.transpose(x, [1, 0, 2], hint="x")
    shape = e.op("shape_of", [x], (3,), elem=TensorProto.INT64, hint="shape")
    c0 = _index_const(imp, ctx, 0)
    c1 = _index_const(imp, ctx, 1)
    n64 = imp.fresh("seq_len")
    imp.emit(f"{n64} = tensor.extract {shape.ssa}[{c0}] : {shape.type} "
             f"{ctx.loc}")
    steps = imp.fresh("steps")
    imp.emit(f"{steps} = arith.index_cast {n64} : i64 to index {ctx.loc}")
    state_dims = (size_b, hidden)
    hidden_c = e.array([hidden], TensorProto.INT64, "hidden")
    state_shape = e.concat([e.slice(shape, 1, 2, 0), hidden_c], 0,
                           hint="state_shape")
    y_dims = (size_s, size_b, hidden)
    y_shape = None
    if want_y:
        y_shape = e.concat([e.slice(shape, 0, 2, 0), hidden_c], 0,
                           hint="y_shape")
    last = None
    if any(reverse):
        # seq - 1 as a 0-d tensor: the row reverse directions start from.
        first = e.op("gather", [shape, e.const(0, TensorProto.INT64)], (),
                     elem=TensorProto.INT64, hint="seq")
        last = e.op("sub", [first, e.const(1, TensorProto.INT64)], (),
                    elem=TensorProto.INT64, hint="last")
    lens = None
    if seq_lens is not None:
        lens = e.op("cast", [seq_lens], (size_b,), elem=TensorProto.INT64,
                    hint="lens")
    if layout == 1:
        init_h = init_h and e.transpose(init_h, [1, 0, 2], hint="initial_h")
        init_c = init_c and e.transpose(init_c, [1, 0, 2], hint="initial_c")

    # Per direction: weights, X * W^T + biases, initial states.
    dir_info = []
    for k in range(dirs):
        wd = e.take(w, k, hint="w")
        rd = e.take(r, k, hint="r")
        xw = e.op("matmul", [x, e.transpose(wd, [1, 0], hint="wt")],
                  (size_s, size_b, gh), hint="xw")
        d = {"R": rd, "acts": acts[k], "clip": clip, "P": None,
             "input_forget": input_forget, "linear_before_reset": lbr,
             "Rb": None}
        if b is not None:
            bd = e.take(b, k, hint="b")
            wb = e.slice(bd, 0, gh, 0, hint="wb")
            rb = e.slice(bd, gh, 2 * gh, 0, hint="rb")
            if lbr:
                d["Rb"] = rb
                xw = e.add(xw, wb, hint="xw")
            else:
                xw = e.add(xw, e.add(wb, rb, hint="bias"), hint="xw")
        if op == "GRU" and not lbr:
            d["R_zr"] = e.slice(rd, 0, 2 * hidden, 0, hint="r_zr")
            d["R_h"] = e.slice(rd, 2 * hidden, 3 * hidden, 0, hint="r_h")
        if peep is not None:
            pd = e.take(peep, k, hint="p")
            d["P"] = [e.slice(pd, j * hidden, (j + 1) * hidden, 0, hint="p")
                      for j in range(3)]
        d["xw"] = xw
        carried = [e.take(init_h, k, hint="h0", dims=state_dims)
                   if init_h is not None else
                   e.zeros(state_shape, state_dims, "h0")]
        if op == "LSTM":
            carried.append(e.take(init_c, k, hint="c0", dims=state_dims)
                           if init_c is not None else
                           e.zeros(state_shape, state_dims, "c0"))
        if want_y:
            carried.append(e.zeros(y_shape, y_dims, "y0"))
        d["inits"] = carried
        dir_info.append(d)

    # The loop.
    t0 = e.const(0, TensorProto.INT64)
    inits = [t0] + [v for d in dir_info for v in d["inits"]]
    args = [_Value(imp.fresh("t"), TensorProto.INT64, ())]
    for d in dir_info:
        d["args"] = [_Value(imp.fresh(hint), v.elem, v.dims) for hint, v in
                     zip(("h", "c", "y") if op == "LSTM" else ("h", "y"),
                         d["inits"])]
        args += d["args"]
    mark = len(imp.lines)
    t = args[0]
    yields = [e.op("add", [t, e.const(1, TensorProto.INT64)], (),
                   elem=TensorProto.INT64, hint="t_next")]
    zero = e.const(0.0) if want_y and lens is not None else None
    for d, rev in zip(dir_info, reverse):
        h = d["args"][0]
        c = d["args"][1] if op == "LSTM" else None
        y = d["args"][-1] if want_y else None
        tt = e.op("sub", [last, t], (), elem=TensorProto.INT64,
                  hint="row") if rev else t
        xw_t = e.op("gather", [d["xw"], tt], (size_b, gh), {"axis": "0 : i64"},
                    hint="xw_t")
        if op == "LSTM":
            h_new, c_new = _lstm_cell(e, d, xw_t, h, c)
        elif op == "GRU":
            h_new, c_new = _gru_cell(e, d, xw_t, h), None
        else:
            h_new, c_new = _rnn_cell(e, d, xw_t, h), None
        out = h_new
        if lens is not None:
            valid = e.op("less", [tt, lens], (size_b,),
                         elem=TensorProto.BOOL, hint="valid")
            valid = e.unsqueeze(valid, 1, hint="valid")
            if want_y:
                out = e.op("select", [valid, h_new, zero], state_dims,
                           hint="out")
            h_new = e.op("select", [valid, h_new, h], state_dims, hint="h")
            if c_new is not None:
                c_new = e.op("select", [valid, c_new, c], state_dims,
                             hint="c")
        yields.append(h_new)
        if c_new is not None:
            yields.append(c_new)
        if want_y:
            row = e.unsqueeze(out, 0, hint="y_row")
            if rev:
                rest = e.slice(y, 0, -1, 0, hint="y_rest")
                parts = [row, rest]
            else:
                rest = e.slice(y, 1, _INT64_MAX, 0, hint="y_rest")
                parts = [rest, row]
            yields.append(e.concat(parts, 0, y_dims, hint="y"))
    body = imp.lines[mark:]
    del imp.lines[mark:]
    types = ", ".join(v.type for v in args)
    base = imp.fresh(f"{op.lower()}")
    loop_name = base if len(args) == 1 else f"{base}:{len(args)}"
    iv = imp.fresh("step")
    imp.emit(f"{loop_name} = scf.for {iv} = {c0} to {steps} step {c1} "
             "iter_args(" + ", ".join(f"{a.ssa} = {v.ssa}"
                                      for a, v in zip(args, inits))
             + f") -> ({types}) {{")
    imp.lines.extend(_indent(body))
    imp.emit(f"  scf.yield {', '.join(v.ssa for v in yields)} : {types} "
             f"{ctx.loc}")
    imp.emit(f"}} {ctx.loc}")
    results = _results(base, args)
    pos = 1
    for d in dir_info:
        d["out"] = results[pos:pos + len(d["args"])]
        pos += len(d["args"])

    # Outputs: the directions stacked, in the node's layout.
    if want_y:
        ys = [e.unsqueeze(d["out"][-1], 1, hint="y") for d in dir_info]
        y = e.concat(ys, 1, (size_s, dirs, size_b, hidden), hint="y")
        if layout == 1:
            y = e.transpose(y, [2, 0, 1, 3], hint="y")
        imp.set_out(ctx, y, 0)
    nonempty = None
    if lens is not None and (want_h or want_c):
        nonempty = e.op("greater", [lens, e.const(0, TensorProto.INT64)],
                        (size_b,), elem=TensorProto.BOOL, hint="nonempty")
        nonempty = e.unsqueeze(nonempty, 1, hint="nonempty")
    for i, want, j in ((1, want_h, 0), (2, want_c, 1)):
        if not want:
            continue
        states = [e.unsqueeze(d["out"][j], 0, hint="state")
                  for d in dir_info]
        s = e.concat(states, 0, (dirs, size_b, hidden), hint="state")
        if nonempty is not None:
            s = e.op("select", [nonempty, s, e.const(0.0)], s.dims,
                     hint="state")
        if layout == 1:
            s = e.transpose(s, [1, 0, 2], hint="state")
        imp.set_out(ctx, s, i)

