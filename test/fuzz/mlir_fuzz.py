#!/usr/bin/env python3
"""Mutation fuzzer of Strata's MLIR parser, verifier, passes and compiled code.

Each run takes a seed function (test/fuzz/mlir-seeds/*.mlir: graph ops on
tensor arguments), applies one to three mutations (dims made `?` or given
other sizes, attribute values, element types, swapped or replaced operands,
duplicated, removed or inserted ops, constants replaced by 0, -1, INT_MIN,
NaN, inf or huge values, ranks, constants turned into arguments and back)
and checks, on the mutant:

 1. parse + verify (`strata-opt --verify-each`): a crash, hang or an error
    exit without a diagnostic is a finding. A rejected mutant whose error is
    "inferred type(s) ... are incompatible with return type(s)" is repaired
    (the declared result types become the inferred ones) and verified again;
    other rejected mutants are discarded.
 2. each pass alone, on the IR of its level (graph passes on the mutant,
    kernel-* on the output of convert-graph-to-kernel, ... see pass_stage):
    the core graph passes always, a few others at random. A signal, a
    timeout or an assertion / LLVM ERROR / stack dump is a "crash" finding;
    a graph-level pass whose output fails to verify (an error naming an op
    of another dialect) is an "invalid-ir" finding; other clean errors are
    fine.
 3. `strata-compile` to a .smod (same rule), then `strata-run` on random
    inputs (`?` dims get the sizes the seed had, so `?` dims that must agree
    do; the second input set sometimes changes one of them) compared with
    the reference evaluator: the arguments become `graph.constant`s holding
    the same values and `strata-opt --graph-infer-shapes
    --graph-fold-constants` computes the returned constants. A result
    differing beyond the element type's tolerance is a "wrong-result"
    finding; numbers from strata-run where the evaluator rejects the inputs
    or cannot fold the program is an "evaluator-disagrees" finding, unless
    the evaluator declines because the op is undefined there (see
    EVALUATOR_DECLINES); a compiled module that does not load is an
    "unloadable-module" finding. A run that stops with a clean error (e.g.
    "run-time check failed: ...") is fine.

Each finding is saved under --keep (the program, the command that shows it,
the tool's output; for runs also the inputs, the module, the reference
program and the expected values). The summary line is
"N runs, K valid mutants, F findings"; the exit status is 1 when there are
findings.

  python3 test/fuzz/mlir_fuzz.py --tools-dir build/bin --runs 100 --seed 1 \
      --time-limit 600 --keep /tmp/mlir-fuzz-findings

Needs numpy. See docs/Fuzzing.md.
"""

import argparse
import copy
import glob
import math
import os
import random
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SEEDS = os.path.join(HERE, "mlir-seeds")

# Known classes of findings that the in-suite run must not trip over until
# they are fixed. Each entry names the issue; the mutations stay enabled in
# long runs unless --skip-known is given (the lit test passes it).
# (kind, regex over the finding's signature, reason)
KNOWN_FINDINGS = [
]

# ---------------------------------------------------------------------------
# Types and values
# ---------------------------------------------------------------------------

FLOAT_TYPES = ["f32", "f16", "bf16", "f64"]
SINT_TYPES = ["i8", "i16", "i32", "i64"]
UINT_TYPES = ["ui8", "ui16", "ui32", "ui64"]
INT_TYPES = SINT_TYPES + UINT_TYPES
ALL_TYPES = FLOAT_TYPES + ["i1"] + INT_TYPES

NP_TYPES = {
    "f32": np.float32, "f64": np.float64, "f16": np.float16,
    "bf16": np.float32,  # values held as f32 that are exact in bf16
    "i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32,
    "i64": np.int64, "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32,
    "ui64": np.uint64,
}
BITS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "ui8": 8,
        "ui16": 16, "ui32": 32, "ui64": 64, "f16": 16, "bf16": 16, "f32": 32,
        "f64": 64}


class Unsupported(Exception):
    """A construct this fuzzer does not model (the function is skipped)."""


class TT:
    """A ranked tensor type: shape (ints, None for `?`) and element type."""
    __slots__ = ("shape", "dtype")

    def __init__(self, shape, dtype):
        self.shape = list(shape)
        self.dtype = dtype

    def text(self):
        dims = "".join(("?" if d is None else str(d)) + "x" for d in self.shape)
        return "tensor<%s%s>" % (dims, self.dtype)

    def copy(self):
        return TT(self.shape, self.dtype)

    def static(self):
        return all(d is not None for d in self.shape)

    def __eq__(self, other):
        return (isinstance(other, TT) and self.shape == other.shape and
                self.dtype == other.dtype)

    def __repr__(self):
        return self.text()


TYPE_RE = re.compile(r"tensor<((?:(?:\d+|\?)x)*)([a-z][a-z0-9]*)>")


def parse_type(text):
    m = TYPE_RE.fullmatch(text.strip())
    if not m or m.group(2) not in NP_TYPES:
        raise Unsupported("type " + text.strip())
    dims = [None if d == "?" else int(d) for d in m.group(1).split("x")[:-1]]
    return TT(dims, m.group(2))


def split_top(text, sep=","):
    """Splits at top-level separators (outside <>, [], {}, () and quotes)."""
    parts, depth, cur, i, quote = [], 0, [], 0, False
    while i < len(text):
        c = text[i]
        if quote:
            cur.append(c)
            if c == '"' and text[i - 1] != "\\":
                quote = False
        elif c == '"':
            quote = True
            cur.append(c)
        elif c in "<[{(":
            depth += 1
            cur.append(c)
        elif c in ">]})":
            if c == ">" and i > 0 and text[i - 1] == "-":
                cur.append(c)  # '->'
            else:
                depth -= 1
                cur.append(c)
        elif c == sep and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        i += 1
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def match_close(text, i):
    """Index just past the bracket group opening at text[i]."""
    depth, quote = 0, False
    j = i
    while j < len(text):
        c = text[j]
        if quote:
            if c == '"' and text[j - 1] != "\\":
                quote = False
        elif c == '"':
            quote = True
        elif c in "<[{(":
            depth += 1
        elif c in ">]})":
            if not (c == ">" and text[j - 1] == "-"):
                depth -= 1
                if depth == 0:
                    return j + 1
        j += 1
    raise Unsupported("unbalanced: " + text[i:i + 40])


def bf16_round(a):
    """Rounds f32 values to the nearest bf16 (ties to even), as f32."""
    a = np.asarray(a, dtype=np.float32)
    bits = a.view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    out = rounded.astype(np.uint32).view(np.float32)
    return np.where(np.isnan(a), np.float32(np.nan), out).astype(np.float32)


def bf16_bits(a):
    return (bf16_round(a).view(np.uint32) >> 16).astype(np.uint16)


def to_dtype(values, dtype):
    """Converts a python/numpy array of numbers to the element type."""
    if dtype == "bf16":
        return bf16_round(np.asarray(values, dtype=np.float64).astype(np.float32))
    if dtype == "i1":
        return np.asarray(values).astype(np.bool_)
    if dtype in INT_TYPES:
        info = np.iinfo(NP_TYPES[dtype])
        v = np.asarray(values, dtype=object).ravel()
        v = np.array([int(x) % (1 << BITS[dtype]) for x in v], dtype=object)
        if dtype in SINT_TYPES:
            v = np.array([x - (1 << BITS[dtype]) if x > info.max else x
                          for x in v], dtype=object)
        return np.array(list(v), dtype=NP_TYPES[dtype]).reshape(np.shape(values))
    with np.errstate(over="ignore", invalid="ignore"):
        return np.asarray(values, dtype=np.float64).astype(NP_TYPES[dtype])


def float_from_bits(bits, dtype):
    if dtype == "f32":
        return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]
    if dtype == "f64":
        return struct.unpack("<d", struct.pack("<Q", bits))[0]
    if dtype == "f16":
        return float(np.array([bits], dtype=np.uint16).view(np.float16)[0])
    if dtype == "bf16":
        return struct.unpack("<f", struct.pack("<I", (bits & 0xFFFF) << 16))[0]
    raise Unsupported("hex float " + dtype)


def parse_dense(text):
    """Parses `dense<...> : tensor<...>` into (numpy array, TT)."""
    text = text.strip()
    if not text.startswith("dense<"):
        raise Unsupported("constant " + text[:40])
    end = match_close(text, 5)
    body = text[6:end - 1].strip()
    rest = text[end:].strip()
    if not rest.startswith(":"):
        raise Unsupported("constant without type")
    tt = parse_type(rest[1:])
    if not tt.static():
        raise Unsupported("dynamic constant")
    count = int(np.prod(tt.shape)) if tt.shape else 1
    dtype = tt.dtype
    if body.startswith('"0x'):
        raw = bytes.fromhex(body[3:-1])
        if dtype == "i1":
            if len(raw) == count:
                arr = np.frombuffer(raw, dtype=np.uint8).astype(np.bool_)
            elif len(raw) == 1:
                arr = np.full(count, raw[0] != 0, dtype=np.bool_)
            else:
                raise Unsupported("packed i1 hex")
        elif dtype == "bf16":
            arr = (np.frombuffer(raw, dtype=np.uint16).astype(np.uint32)
                   << 16).view(np.float32)
        else:
            arr = np.frombuffer(raw, dtype=np.dtype(NP_TYPES[dtype]).newbyteorder("<"))
            arr = arr.astype(NP_TYPES[dtype])
        if arr.size == 1 and count != 1:
            arr = np.full(count, arr[0], dtype=arr.dtype)
        if arr.size != count:
            raise Unsupported("hex size")
        return arr.reshape(tt.shape), tt
    tokens = re.findall(r"true|false|0x[0-9A-Fa-f]+|[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|inf|nan)|\(", body)
    if "(" in tokens:
        raise Unsupported("complex constant")
    values = []
    for tok in tokens:
        if tok in ("true", "false"):
            values.append(1 if tok == "true" else 0)
        elif tok.startswith("0x"):
            bits = int(tok, 16)
            values.append(float_from_bits(bits, dtype) if dtype in FLOAT_TYPES
                          else bits)
        elif dtype in FLOAT_TYPES:
            values.append(float(tok))
        else:
            values.append(int(tok))
    if len(values) == 1 and count != 1:
        values = values * count
    if len(values) != count:
        raise Unsupported("constant has %d values for %s" % (len(values), tt.text()))
    if dtype in INT_TYPES:
        arr = to_dtype(np.array(values, dtype=object), dtype)
    elif dtype == "i1":
        arr = np.array(values, dtype=np.bool_)
    elif dtype == "bf16":
        arr = np.array(values, dtype=np.float64).astype(np.float32)
    else:
        with np.errstate(over="ignore"):
            arr = np.array(values, dtype=np.float64).astype(NP_TYPES[dtype])
    return arr.reshape(tt.shape), tt


def format_dense(arr, tt):
    """`dense<...> : tensor<...>` holding arr (exact: floats as raw bytes)."""
    arr = np.asarray(arr)
    if arr.size == 0:
        return "dense<> : " + tt.text()
    dtype = tt.dtype
    if dtype in FLOAT_TYPES:
        if dtype == "bf16":
            raw = bf16_bits(arr).astype("<u2").tobytes()
        else:
            raw = np.asarray(arr, dtype=NP_TYPES[dtype]).astype(
                np.dtype(NP_TYPES[dtype]).newbyteorder("<")).tobytes()
        if arr.size == 1:
            # A one-element blob is a splat: fine for one element.
            pass
        return 'dense<"0x%s"> : %s' % (raw.hex().upper(), tt.text())

    def nest(a):
        if a.ndim == 0:
            v = a.item()
            if dtype == "i1":
                return "true" if v else "false"
            return str(int(v))
        return "[" + ", ".join(nest(x) for x in a) + "]"
    return "dense<%s> : %s" % (nest(np.asarray(arr).reshape(tt.shape)), tt.text())


# ---------------------------------------------------------------------------
# Programs: one function of graph ops, kept in the generic op form
# ---------------------------------------------------------------------------

class Op:
    __slots__ = ("uid", "name", "operands", "props", "attrs", "rtypes")

    def __init__(self, uid, name, operands, props, attrs, rtypes):
        self.uid = uid
        self.name = name
        self.operands = operands   # list of value refs
        self.props = props         # list of [key, value text]
        self.attrs = attrs         # discardable attribute dict text or ""
        self.rtypes = rtypes       # list of TT

    def prop(self, key):
        for k, v in self.props:
            if k == key:
                return v
        return None

    def set_prop(self, key, value):
        for kv in self.props:
            if kv[0] == key:
                kv[1] = value
                return
        self.props.append([key, value])


class Program:
    """args: TTs; nominal: concrete sizes of the args (for `?` dims);
    prefer: per arg, preferred input values (or None); ops; rets."""

    def __init__(self, name):
        self.name = name
        self.args, self.nominal, self.prefer = [], [], []
        self.ops, self.rets = [], []
        self.next_uid = 0
        self.history = []

    def new_uid(self):
        self.next_uid += 1
        return self.next_uid

    def clone(self):
        return copy.deepcopy(self)

    def op_by_uid(self):
        return {op.uid: op for op in self.ops}

    def type_of(self, ref, ops=None):
        if ref[0] == "arg":
            return self.args[ref[1]]
        ops = ops if ops is not None else self.op_by_uid()
        return ops[ref[1]].rtypes[ref[2]]

    def values_before(self, index):
        """Value refs defined before ops[index] (all values for len(ops))."""
        refs = [("arg", i) for i in range(len(self.args))]
        for op in self.ops[:index]:
            refs += [("op", op.uid, j) for j in range(len(op.rtypes))]
        return refs

    def uses(self, ref):
        """(op index or 'ret', operand position) of each use of ref."""
        out = []
        for i, op in enumerate(self.ops):
            for j, r in enumerate(op.operands):
                if r == ref:
                    out.append((i, j))
        for j, r in enumerate(self.rets):
            if r == ref:
                out.append(("ret", j))
        return out

    def remove_dead(self):
        """Removes ops none of whose results is used (graph ops are pure)."""
        changed = True
        while changed:
            changed = False
            used = set(self.rets)
            for op in self.ops:
                used.update(op.operands)
            for i in range(len(self.ops) - 1, -1, -1):
                op = self.ops[i]
                if not any(("op", op.uid, j) in used for j in range(len(op.rtypes))):
                    del self.ops[i]
                    changed = True
                    break

    def emit(self, ref_inputs=None):
        """The module text and the line of each op (1-based) -> op index.

        With ref_inputs (one array per argument), the arguments become
        graph.constant ops of those values with static types: the reference
        program."""
        lines, line_of = [], {}
        ops = self.op_by_uid()
        names = {}
        arg_types = []
        for i, t in enumerate(self.args):
            names[("arg", i)] = "%%a%d" % i
            if ref_inputs is not None:
                arg_types.append(TT(ref_inputs[i].shape, t.dtype))
            else:
                arg_types.append(t)

        def type_of(ref):
            if ref[0] == "arg":
                return arg_types[ref[1]]
            return ops[ref[1]].rtypes[ref[2]]

        for op in self.ops:
            for j in range(len(op.rtypes)):
                names[("op", op.uid, j)] = (
                    "%%v%d" % op.uid if len(op.rtypes) == 1
                    else "%%v%d#%d" % (op.uid, j))
        ret_types = [type_of(r).text() for r in self.rets]
        if ref_inputs is None:
            params = ", ".join("%s: %s" % (names[("arg", i)], t.text())
                               for i, t in enumerate(self.args))
        else:
            params = ""
        lines.append("func.func @main(%s) -> (%s) {" % (params, ", ".join(ret_types)))
        if ref_inputs is not None:
            for i, t in enumerate(arg_types):
                lines.append('  %s = "graph.constant"() <{value = %s}> : () -> %s' % (
                    names[("arg", i)], format_dense(ref_inputs[i], t), t.text()))
        for index, op in enumerate(self.ops):
            if not op.rtypes:
                res = ""
            elif len(op.rtypes) == 1:
                res = "%%v%d = " % op.uid
            else:
                res = "%%v%d:%d = " % (op.uid, len(op.rtypes))
            props = ""
            if op.props:
                props = " <{%s}>" % ", ".join("%s = %s" % (k, v) for k, v in op.props)
            attrs = (" " + op.attrs) if op.attrs else ""
            operand_types = ", ".join(type_of(r).text() for r in op.operands)
            if len(op.rtypes) == 1:
                results = op.rtypes[0].text()
            else:
                results = "(" + ", ".join(t.text() for t in op.rtypes) + ")"
            lines.append('  %s"%s"(%s)%s%s : (%s) -> %s' % (
                res, op.name, ", ".join(names[r] for r in op.operands), props,
                attrs, operand_types, results))
            line_of[len(lines)] = index
        lines.append("  return %s : %s" % (", ".join(names[r] for r in self.rets),
                                            ", ".join(ret_types)))
        lines.append("}")
        return "\n".join(lines) + "\n", line_of


def parse_generic_module(text):
    """Programs of a module printed with -mlir-print-op-generic."""
    programs, current, names = [], None, {}
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith('"func.func"()'):
            m = re.search(r'sym_name = "([^"]+)"', line)
            current = Program(m.group(1) if m else "f")
            names = {}
            bad = False
            continue
        if current is None:
            continue
        try:
            if line.startswith("^bb0("):
                inner = line[len("^bb0("):line.rindex(")")]
                for part in split_top(inner):
                    name, ty = part.split(":", 1)
                    tt = parse_type(ty)
                    names[name.strip()] = ("arg", len(current.args))
                    current.args.append(tt)
                    current.nominal.append([3 if d is None else d for d in tt.shape])
                    current.prefer.append(None)
                continue
            if line.startswith('"func.return"'):
                inner = line[line.index("(") + 1:]
                inner = inner[:inner.index(")")]
                current.rets = [lookup(names, n) for n in split_top(inner)]
                continue
            if line.startswith("})"):
                if current is not None and not bad and current.rets:
                    programs.append(current)
                current = None
                continue
            if line.startswith("^"):
                raise Unsupported("blocks")
            op = parse_generic_op(line, names, current)
            current.ops.append(op)
        except Unsupported as e:
            if current is not None and not bad:
                sys.stderr.write("mlir_fuzz: skipping @%s: %s\n" % (current.name, e))
            bad = True
    return programs


def lookup(names, name):
    name = name.strip()
    if "#" in name:
        base, idx = name.split("#")
        ref = names[base]
        return ("op", ref[1], int(idx))
    if name not in names:
        raise Unsupported("unknown value " + name)
    return names[name]


def parse_generic_op(line, names, prog):
    m = re.match(r'(?:(%[\w$.-]+)(?::(\d+))?\s*=\s*)?"([\w.]+)"\(', line)
    if not m:
        raise Unsupported("line " + line[:60])
    result, count, name = m.group(1), m.group(2), m.group(3)
    if not name.startswith("graph."):
        raise Unsupported("op " + name)
    i = m.end() - 1
    j = match_close(line, i)
    operands = [lookup(names, n) for n in split_top(line[i + 1:j - 1])]
    rest = line[j:].strip()
    props = []
    if rest.startswith("<{"):
        k = match_close(rest, 0)
        for part in split_top(rest[2:k - 2]):
            key, value = part.split("=", 1)
            props.append([key.strip(), value.strip()])
        rest = rest[k:].strip()
    attrs = ""
    if rest.startswith("{"):
        k = match_close(rest, 0)
        attrs = rest[:k]
        rest = rest[k:].strip()
    if rest.startswith("("):
        raise Unsupported("regions")
    if not rest.startswith(":"):
        raise Unsupported("op syntax " + rest[:40])
    ftype = rest[1:].strip()
    k = match_close(ftype, 0)
    results = ftype[k:].strip()
    if not results.startswith("->"):
        raise Unsupported("function type")
    results = results[2:].strip()
    if results.startswith("("):
        rtypes = [parse_type(t) for t in split_top(results[1:-1])]
    else:
        rtypes = [parse_type(results)]
    uid = prog.new_uid()
    op = Op(uid, name, operands, props, attrs, rtypes)
    if result:
        n = int(count) if count else 1
        if n != len(rtypes):
            raise Unsupported("result count")
        # A multi-result op's values are used as %x#j (see lookup).
        names[result] = ("op", uid, 0) if n == 1 else ("op", uid, -1)
    return op


# ---------------------------------------------------------------------------
# Running the tools
# ---------------------------------------------------------------------------

CRASH_MARKERS = [re.compile(p) for p in (
    r"PLEASE submit a bug report", r"Stack dump:", r"Assertion `.*' failed",
    r"LLVM ERROR", r"UNREACHABLE executed", r"AddressSanitizer",
    r"UndefinedBehaviorSanitizer", r"\.(?:cpp|h|inc):\d+:\d+: runtime error:",
    r"terminate called")]


class Result:
    def __init__(self, cmd, rc, out, err, seconds, timed_out):
        self.cmd, self.rc, self.out, self.err = cmd, rc, out, err
        self.seconds, self.timed_out = seconds, timed_out

    def crash(self):
        """None, or why this run is a crash/hang finding."""
        if self.timed_out:
            return "timeout"
        if self.rc < 0:
            return "signal %s" % signal.Signals(-self.rc).name
        if self.rc > 1:
            return "exit status %d" % self.rc
        for marker in CRASH_MARKERS:
            if marker.search(self.err):
                return marker.pattern.replace("\\", "")
        if self.rc == 1 and "error" not in self.err:
            return "exit status 1 without a diagnostic"
        return None

    def first_error(self):
        for line in self.err.splitlines():
            if "error:" in line:
                return line
        return self.err.strip().splitlines()[0] if self.err.strip() else ""


class Runner:
    def __init__(self, tools_dir, timeout, stats):
        self.tools_dir = tools_dir
        self.timeout = timeout
        self.stats = stats

    def tool(self, name):
        return os.path.join(self.tools_dir, name)

    def run(self, args, timeout=None, cwd=None):
        timeout = timeout or self.timeout
        cmd = [self.tool(args[0])] + list(args[1:])
        for attempt in range(10):
            if os.path.exists(cmd[0]):
                break
            time.sleep(3)  # the tool may be relinked right now
        start = time.time()
        self.stats["executions"] = self.stats.get("executions", 0) + 1
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                cwd=cwd, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=timeout)
            timed_out = False
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass
            out, err = proc.communicate()
            timed_out = True
        return Result(cmd, proc.returncode, out.decode("utf-8", "replace"),
                      err.decode("utf-8", "replace"), time.time() - start,
                      timed_out)


def shell_quote(args):
    import shlex
    return " ".join(shlex.quote(a) for a in args)


# ---------------------------------------------------------------------------
# Verification with repair
# ---------------------------------------------------------------------------

ERROR_RE = re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$", re.M)


def verify(prog, runner, workdir, findings, max_repairs=12):
    """Returns (status, prog): status 'valid', 'invalid' or 'crash'."""
    path = os.path.join(workdir, "mutant.mlir")
    for attempt in range(max_repairs + 1):
        text, line_of = prog.emit()
        with open(path, "w") as f:
            f.write(text)
        res = runner.run(["strata-opt", "--verify-each", path, "-o", os.devnull])
        why = res.crash()
        if why:
            findings.report("crash", "strata-opt (parse+verify)", why, res, text,
                            prog)
            return "crash", prog
        if res.rc == 0:
            return "valid", prog
        m = ERROR_RE.search(res.err)
        if not m:
            return "invalid", prog
        line, message = int(m.group(2)), m.group(4)
        index = line_of.get(line)
        if index is None:
            return "invalid", prog
        op = prog.ops[index]
        if "inferred type(s)" in message and "are incompatible with return type" in message:
            inferred = message.split("inferred type(s)", 1)[1].split(
                "are incompatible", 1)[0]
            try:
                types = [parse_type(t) for t in re.findall(r"'([^']*)'", inferred)]
            except Unsupported:
                return "invalid", prog
            if len(types) != len(op.rtypes) or types == op.rtypes:
                return "invalid", prog
            op.rtypes = types
            continue
        if op.name == "graph.cast" and "incompatible with input type" in message:
            src = prog.type_of(op.operands[0])
            new = TT(src.shape, op.rtypes[0].dtype)
            if new == op.rtypes[0]:
                return "invalid", prog
            op.rtypes = [new]
            continue
        return "invalid", prog
    return "invalid", prog


# ---------------------------------------------------------------------------
# Mutations
# ---------------------------------------------------------------------------

ENUMS = {
    "layout": ["nchw", "nhwc"],
    "pad_mode": ["constant", "reflect", "edge"],
    "gelu_approximation": ["none", "tanh"],
    "resize_mode": ["nearest", "linear", "cubic"],
    "coordinate_mode": ["half_pixel", "half_pixel_symmetric",
                        "pytorch_half_pixel", "align_corners", "asymmetric"],
    "nearest_mode": ["round_prefer_floor", "round_prefer_ceil", "floor", "ceil"],
    # `none` is left out: with duplicate indices its result is unspecified
    # (ONNX), so the compiled code and the evaluator may both be right.
    "scatter_reduction": ["add", "mul", "max", "min"],
    "reduce_kind": ["sum", "mean", "max", "min", "prod"],
    "grid_padding": ["zeros", "border", "reflection"],
}

# Attributes an op may carry (from docs/Dialects/Graph*Ops.md): kind of
# value. Used to add attributes that the seed leaves at their defaults.
OPTIONAL_ATTRS = {
    "graph.clip": {"min": "f64", "max": "f64"},
    "graph.gelu": {"approximate": "enum:gelu_approximation"},
    "graph.leaky_relu": {"alpha": "f32"},
    "graph.mod": {"fmod": "bool"},
    "graph.concat": {"axis": "i64"},
    "graph.gather_elements": {"axis": "i64"},
    "graph.gather_nd": {"batch_dims": "i64"},
    "graph.gather": {"axis": "i64"},
    "graph.pad": {"mode": "enum:pad_mode", "value": "f64"},
    "graph.scatter_elements": {"axis": "i64", "reduction": "enum:scatter_reduction"},
    "graph.scatter_nd": {"reduction": "enum:scatter_reduction"},
    "graph.slice": {"axes": "arr", "steps": "arr"},
    "graph.split": {"axis": "i64"},
    "graph.trilu": {"upper": "bool"},
    "graph.avg_pool2d": {"strides": "arr2", "pads": "arr4", "dilations": "arr2",
                         "count_include_pad": "bool", "ceil_mode": "bool",
                         "layout": "enum:layout"},
    "graph.max_pool2d": {"strides": "arr2", "pads": "arr4", "dilations": "arr2",
                         "ceil_mode": "bool", "layout": "enum:layout"},
    "graph.avg_pool3d": {"strides": "arr3", "pads": "arr6", "dilations": "arr3",
                         "count_include_pad": "bool", "ceil_mode": "bool"},
    "graph.max_pool3d": {"strides": "arr3", "pads": "arr6", "dilations": "arr3",
                         "ceil_mode": "bool"},
    "graph.batch_norm": {"epsilon": "f32", "axis": "i64"},
    "graph.conv2d": {"strides": "arr2", "pads": "arr4", "dilations": "arr2",
                     "groups": "i64", "layout": "enum:layout"},
    "graph.conv3d": {"strides": "arr3", "pads": "arr6", "dilations": "arr3",
                     "groups": "i64"},
    "graph.conv_transpose2d": {"strides": "arr2", "pads": "arr4",
                               "dilations": "arr2", "output_padding": "arr2",
                               "groups": "i64", "layout": "enum:layout"},
    "graph.global_avg_pool": {"layout": "enum:layout"},
    "graph.global_max_pool": {"layout": "enum:layout"},
    "graph.layer_norm": {"axis": "i64", "epsilon": "f32"},
    "graph.linear": {"trans_a": "bool", "trans_b": "bool", "alpha": "f32",
                     "beta": "f32"},
    "graph.log_softmax": {"axis": "i64"},
    "graph.softmax": {"axis": "i64"},
    "graph.argmax": {"axis": "i64", "keepdims": "bool", "select_last_index": "bool"},
    "graph.argmin": {"axis": "i64", "keepdims": "bool", "select_last_index": "bool"},
    "graph.cumsum": {"exclusive": "bool", "reverse": "bool"},
    "graph.dynamic_reduce": {"keepdims": "bool", "noop_with_empty_axes": "bool"},
    "graph.reduce_max": {"axes": "arr", "keepdims": "bool"},
    "graph.reduce_mean": {"axes": "arr", "keepdims": "bool"},
    "graph.reduce_min": {"axes": "arr", "keepdims": "bool"},
    "graph.reduce_prod": {"axes": "arr", "keepdims": "bool"},
    "graph.reduce_sum": {"axes": "arr", "keepdims": "bool"},
    "graph.top_k": {"axis": "i64", "largest": "bool", "sorted": "bool"},
    "graph.flatten": {"axis": "i64"},
    "graph.reshape": {"allowzero": "bool"},
    "graph.squeeze": {"axes": "arr"},
}

UNARY_FLOAT = ["neg", "abs", "exp", "log", "sqrt", "rsqrt", "reciprocal", "tanh",
               "sigmoid", "relu", "erf", "floor", "ceil", "round", "sign", "sin",
               "cos", "gelu", "softmax"]
UNARY_INT = ["neg", "abs", "relu", "sign", "not"]
BINARY_SAME = ["add", "sub", "mul", "div", "max", "min", "mod", "pow", "and",
               "or", "xor", "shift_left", "shift_right"]

INT_SPECIALS = {"i8": [-128, 127], "i16": [-32768, 32767],
                "i32": [-2147483648, 2147483647],
                "i64": [-9223372036854775808, 9223372036854775807],
                "ui8": [255, 128], "ui16": [65535], "ui32": [4294967295],
                "ui64": [18446744073709551615]}
# No subnormals: kernels run with them flushed to zero (FTZ/DAZ, see
# docs/Runtime.md), the evaluator keeps them, so x / x of 1e-40 is NaN in one
# and 1 in the other by design.
FLOAT_SPECIALS = [0.0, -0.0, 1.0, -1.0, float("nan"), float("inf"),
                  float("-inf"), 3.0e38, -3.0e38, 65504.0, 1.0e30,
                  0.5, 1.0e-7]
DIM_VALUES = [1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 16, 17, 33]


def f_attr(value, width):
    """A float attribute: `1.5 : f32`, NaN/inf as hex bits."""
    suffix = " : f%d" % width
    if math.isnan(value) or math.isinf(value):
        if width == 32:
            bits = struct.unpack("<I", struct.pack("<f", value))[0]
            return "0x%08X%s" % (bits, suffix)
        bits = struct.unpack("<Q", struct.pack("<d", value))[0]
        return "0x%016X%s" % (bits, suffix)
    if width == 32:
        value = struct.unpack("<f", struct.pack("<f", value))[0] if abs(value) < 3.4e38 else value
    return "%r%s" % (float(value), suffix)


def rand_float(rng):
    return rng.choice([0.0, 1.0, -1.0, 0.5, 2.0, 6.0, -3.0, 1e-5, 0.2, 100.0,
                       1e30, -1e30, float("nan"), float("inf"), float("-inf")])


def rand_int(rng):
    return rng.choice([-3, -2, -1, 0, 0, 1, 1, 2, 2, 3, 4, 5, 7,
                       9223372036854775807, -9223372036854775808])


def mutate_value_text(key, value, op, rng):
    """A new text for a property value, or None."""
    v = value.strip()
    m = re.fullmatch(r"array<i64(?::\s*(.*))?>", v)
    if m:
        elems = [int(x) for x in m.group(1).split(",")] if m.group(1) else []
        choice = rng.random()
        if key == "perm" and elems and choice < 0.6:
            rng.shuffle(elems)
        elif elems and choice < 0.75:
            i = rng.randrange(len(elems))
            elems[i] = rng.choice([elems[i] + 1, elems[i] - 1, -elems[i], 0, 1, 2,
                                   -1, 3, rand_int(rng)])
        elif elems and choice < 0.85:
            del elems[rng.randrange(len(elems))]
        else:
            elems.insert(rng.randrange(len(elems) + 1), rng.choice([0, 1, 2, -1]))
        return "array<i64%s>" % ((": " + ", ".join(map(str, elems))) if elems else "")
    if v in ("true", "false"):
        return "false" if v == "true" else "true"
    m = re.fullmatch(r"#graph\.(\w+)<(\w+)>", v)
    if m and m.group(1) in ENUMS:
        others = [e for e in ENUMS[m.group(1)] if e != m.group(2)]
        return "#graph.%s<%s>" % (m.group(1), rng.choice(others)) if others else None
    m = re.fullmatch(r"(-?\d+) : i64", v)
    if m:
        x = int(m.group(1))
        return "%d : i64" % rng.choice([x + 1, x - 1, -x, 0, rand_int(rng), x + 2])
    m = re.fullmatch(r"(\S+) : f(32|64)", v)
    if m:
        return f_attr(rand_float(rng), int(m.group(2)))
    return None


def new_attr_value(kind, rng):
    if kind == "bool":
        return rng.choice(["true", "false"])
    if kind == "i64":
        return "%d : i64" % rng.choice([-2, -1, 0, 1, 2, 3, 4])
    if kind in ("f32", "f64"):
        return f_attr(rand_float(rng), int(kind[1:]))
    if kind.startswith("enum:"):
        name = kind[5:]
        return "#graph.%s<%s>" % (name, rng.choice(ENUMS[name]))
    if kind.startswith("arr"):
        n = int(kind[3:]) if len(kind) > 3 else rng.choice([1, 2])
        return "array<i64: %s>" % ", ".join(
            str(rng.choice([0, 1, 1, 2, -1, 3])) for _ in range(n))
    return None


class Mutator:
    def __init__(self, rng):
        self.rng = rng
        self.kinds = [
            ("dim_dynamic", 8), ("dim_value", 6), ("dim_consistent", 6),
            ("dynamize", 5), ("relax_result", 3), ("attr_value", 12),
            ("attr_add_remove", 5), ("elem_type", 7), ("swap_operands", 5),
            ("replace_operand", 5), ("duplicate_op", 3), ("remove_op", 4),
            ("insert_op", 6), ("constant_value", 7), ("rank", 5),
            ("returns", 3), ("const_to_arg", 4), ("arg_to_const", 3),
        ]

    def mutate(self, prog):
        """A mutated copy, with the mutation's name in prog.history."""
        rng = self.rng
        total = sum(w for _, w in self.kinds)
        for _ in range(20):
            x = rng.uniform(0, total)
            for name, w in self.kinds:
                x -= w
                if x <= 0:
                    break
            new = prog.clone()
            if getattr(self, "m_" + name)(new):
                new.history.append(name)
                new.remove_dead()
                if new.rets:
                    return new
        return None

    # -- shapes ------------------------------------------------------------
    def _pick_arg_dim(self, prog, want_static=True):
        cands = [(i, d) for i, t in enumerate(prog.args) for d, s in enumerate(t.shape)
                 if (s is not None) == want_static]
        return self.rng.choice(cands) if cands else None

    def m_dim_dynamic(self, prog):
        pick = self._pick_arg_dim(prog)
        if not pick:
            return False
        prog.args[pick[0]].shape[pick[1]] = None
        return True

    def m_dim_value(self, prog):
        rng = self.rng
        pick = self._pick_arg_dim(prog, want_static=rng.random() < 0.8)
        if not pick:
            return False
        i, d = pick
        v = 0 if rng.random() < 0.04 else rng.choice(DIM_VALUES)
        prog.nominal[i][d] = v
        if prog.args[i].shape[d] is not None:
            prog.args[i].shape[d] = v
        prog.prefer[i] = None
        return True

    def m_dim_consistent(self, prog):
        rng = self.rng
        values = sorted({n for nom in prog.nominal for n in nom})
        if not values:
            return False
        old = rng.choice(values)
        new = 0 if rng.random() < 0.03 else rng.choice([v for v in DIM_VALUES if v != old] or [old + 1])
        for i, t in enumerate(prog.args):
            for d in range(len(t.shape)):
                if prog.nominal[i][d] == old:
                    prog.nominal[i][d] = new
                    if t.shape[d] is not None:
                        t.shape[d] = new
                    prog.prefer[i] = None
        return True

    def m_dynamize(self, prog):
        rng = self.rng
        if not prog.args:
            return False
        p = rng.choice([0.3, 0.6, 1.0])
        targets = range(len(prog.args)) if rng.random() < 0.5 else [rng.randrange(len(prog.args))]
        changed = False
        for i in targets:
            for d in range(len(prog.args[i].shape)):
                if prog.args[i].shape[d] is not None and rng.random() < p:
                    prog.args[i].shape[d] = None
                    changed = True
        return changed

    def m_relax_result(self, prog):
        cands = [(op, j, d) for op in prog.ops for j, t in enumerate(op.rtypes)
                 for d, s in enumerate(t.shape) if s is not None and op.name != "graph.constant"]
        if not cands:
            return False
        op, j, d = self.rng.choice(cands)
        op.rtypes[j].shape[d] = None
        return True

    def m_rank(self, prog):
        rng = self.rng
        if not prog.args:
            return False
        i = rng.randrange(len(prog.args))
        t = prog.args[i]
        if t.shape and rng.random() < 0.4:
            d = rng.randrange(len(t.shape))
            del t.shape[d]
            del prog.nominal[i][d]
        else:
            d = rng.randrange(len(t.shape) + 1)
            size = rng.choice([1, 1, 2, 3])
            t.shape.insert(d, None if rng.random() < 0.3 else size)
            prog.nominal[i].insert(d, size)
        prog.prefer[i] = None
        return True

    # -- attributes ----------------------------------------------------------
    def m_attr_value(self, prog):
        cands = [(op, kv) for op in prog.ops if op.name != "graph.constant"
                 for kv in op.props]
        if not cands:
            return False
        op, kv = self.rng.choice(cands)
        if kv[0] == "value" and kv[1].startswith("dense"):
            return False
        new = mutate_value_text(kv[0], kv[1], op, self.rng)
        if new is None or new == kv[1]:
            return False
        kv[1] = new
        return True

    def m_attr_add_remove(self, prog):
        rng = self.rng
        cands = [op for op in prog.ops if op.name in OPTIONAL_ATTRS]
        if not cands:
            return False
        op = rng.choice(cands)
        present = [kv for kv in op.props if kv[0] in OPTIONAL_ATTRS[op.name]]
        missing = [k for k in OPTIONAL_ATTRS[op.name] if op.prop(k) is None]
        if present and (not missing or rng.random() < 0.4):
            op.props.remove(rng.choice(present))
            return True
        if not missing:
            return False
        key = rng.choice(missing)
        value = new_attr_value(OPTIONAL_ATTRS[op.name][key], rng)
        if value is None:
            return False
        op.props.append([key, value])
        return True

    # -- element types -------------------------------------------------------
    def m_elem_type(self, prog):
        rng = self.rng
        casts = [op for op in prog.ops if op.name == "graph.cast"]
        if casts and rng.random() < 0.3:
            op = rng.choice(casts)
            op.rtypes[0].dtype = rng.choice(ALL_TYPES)
            return True
        if not prog.args:
            return False
        i = rng.randrange(len(prog.args))
        old = prog.args[i].dtype
        new = rng.choice([t for t in ALL_TYPES if t != old])
        every = rng.random() < 0.7
        for k, t in enumerate(prog.args):
            if k == i or (every and t.dtype == old):
                t.dtype = new
                prog.prefer[k] = None
        if every:
            # Constants of the same type follow, so that binary ops agree.
            for op in prog.ops:
                if op.name == "graph.constant" and op.rtypes[0].dtype == old and rng.random() < 0.7:
                    try:
                        arr, tt = parse_dense(op.prop("value"))
                    except Unsupported:
                        continue
                    tt.dtype = new
                    op.set_prop("value", format_dense(convert_values(arr, new), tt))
                    op.rtypes[0].dtype = new
        return True

    # -- operands and ops ----------------------------------------------------
    def m_swap_operands(self, prog):
        cands = [op for op in prog.ops if len(op.operands) >= 2]
        if not cands:
            return False
        op = self.rng.choice(cands)
        i, j = self.rng.sample(range(len(op.operands)), 2)
        if op.operands[i] == op.operands[j]:
            return False
        op.operands[i], op.operands[j] = op.operands[j], op.operands[i]
        return True

    def m_replace_operand(self, prog):
        rng = self.rng
        cands = [(k, op) for k, op in enumerate(prog.ops) if op.operands]
        if not cands:
            return False
        k, op = rng.choice(cands)
        pos = rng.randrange(len(op.operands))
        ops = prog.op_by_uid()
        old_t = prog.type_of(op.operands[pos], ops)
        avail = [r for r in prog.values_before(k) if r != op.operands[pos]]
        same = [r for r in avail if prog.type_of(r, ops).dtype == old_t.dtype]
        pool = same if same and rng.random() < 0.8 else avail
        if not pool:
            return False
        op.operands[pos] = rng.choice(pool)
        return True

    def m_duplicate_op(self, prog):
        rng = self.rng
        cands = [k for k, op in enumerate(prog.ops) if op.name != "graph.constant" or rng.random() < 0.3]
        if not cands:
            return False
        k = rng.choice(cands)
        op = prog.ops[k]
        dup = copy.deepcopy(op)
        dup.uid = prog.new_uid()
        prog.ops.insert(k + 1, dup)
        j = rng.randrange(len(op.rtypes))
        uses = prog.uses(("op", op.uid, j))
        uses = [u for u in uses if u[0] == "ret" or u[0] > k + 1]
        if uses:
            u = rng.choice(uses)
            if u[0] == "ret":
                prog.rets[u[1]] = ("op", dup.uid, j)
            else:
                prog.ops[u[0]].operands[u[1]] = ("op", dup.uid, j)
        else:
            prog.rets.append(("op", dup.uid, j))
        return True

    def m_remove_op(self, prog):
        rng = self.rng
        cands = [k for k, op in enumerate(prog.ops) if op.operands and op.name != "graph.constant"]
        if not cands:
            return False
        k = rng.choice(cands)
        op = prog.ops[k]
        ops = prog.op_by_uid()
        for j, t in enumerate(op.rtypes):
            ref = ("op", op.uid, j)
            same = [r for r in op.operands if prog.type_of(r, ops) == t]
            repl = rng.choice(same or op.operands)
            for u in prog.uses(ref):
                if u[0] == "ret":
                    prog.rets[u[1]] = repl
                else:
                    prog.ops[u[0]].operands[u[1]] = repl
        del prog.ops[k]
        return True

    def m_insert_op(self, prog):
        rng = self.rng
        ops = prog.op_by_uid()
        refs = prog.values_before(len(prog.ops))
        if not refs:
            return False
        ref = rng.choice(refs)
        t = prog.type_of(ref, ops)
        uses = prog.uses(ref)
        # Insert right before the first use (or at the end).
        first = min([u[0] for u in uses if u[0] != "ret"], default=len(prog.ops))
        if ref[0] == "op":
            pos = [k for k, op in enumerate(prog.ops) if op.uid == ref[1]][0] + 1
        else:
            pos = 0
        first = max(first, pos)
        uid = prog.new_uid()
        choice = rng.random()
        if choice < 0.25:
            new = Op(uid, "graph.cast", [ref], [], "", [TT(t.shape, rng.choice(ALL_TYPES))])
        elif choice < 0.6:
            names = UNARY_FLOAT if t.dtype in FLOAT_TYPES else UNARY_INT
            name = rng.choice(names)
            props = [["axis", "%d : i64" % rng.choice([-1, 0, 1])]] if name == "softmax" else []
            new = Op(uid, "graph." + name, [ref], props, "", [t.copy()])
        else:
            others = [r for r in prog.values_before(first) if prog.type_of(r, ops).dtype == t.dtype]
            other = rng.choice(others) if others else ref
            pair = [ref, other] if rng.random() < 0.5 else [other, ref]
            new = Op(uid, "graph." + rng.choice(BINARY_SAME), pair, [], "", [t.copy()])
        prog.ops.insert(first, new)
        later = [u for u in uses if u[0] == "ret" or u[0] >= first]
        if later and rng.random() < 0.8:
            u = rng.choice(later)
            if u[0] == "ret":
                prog.rets[u[1]] = ("op", uid, 0)
            else:
                prog.ops[u[0] + 1].operands[u[1]] = ("op", uid, 0)
        else:
            prog.rets.append(("op", uid, 0))
        return True

    # -- constants -----------------------------------------------------------
    def m_constant_value(self, prog):
        rng = self.rng
        consts = [op for op in prog.ops if op.name == "graph.constant"]
        if not consts:
            return False
        op = rng.choice(consts)
        try:
            arr, tt = parse_dense(op.prop("value"))
        except Unsupported:
            return False
        arr = np.array(arr, copy=True)
        if arr.size == 0:
            return False
        specials = special_values(tt.dtype)
        flat = arr.reshape(-1)
        if rng.random() < 0.3:
            flat[:] = rng.choice(specials)
        else:
            i = rng.randrange(flat.size)
            if tt.dtype in FLOAT_TYPES or rng.random() < 0.5:
                flat[i] = rng.choice(specials)
            else:
                flat[i] = to_dtype(np.array([int(flat[i]) + rng.choice([-1, 1, 2, -2])],
                                            dtype=object), tt.dtype)[0]
        op.set_prop("value", format_dense(arr, tt))
        return True

    def m_const_to_arg(self, prog):
        rng = self.rng
        consts = [k for k, op in enumerate(prog.ops) if op.name == "graph.constant"]
        if not consts:
            return False
        k = rng.choice(consts)
        op = prog.ops[k]
        try:
            arr, tt = parse_dense(op.prop("value"))
        except Unsupported:
            return False
        ref = ("arg", len(prog.args))
        prog.args.append(tt.copy())
        prog.nominal.append(list(tt.shape))
        prog.prefer.append(np.array(arr, copy=True))
        for u in prog.uses(("op", op.uid, 0)):
            if u[0] == "ret":
                prog.rets[u[1]] = ref
            else:
                prog.ops[u[0]].operands[u[1]] = ref
        del prog.ops[k]
        return True

    def m_arg_to_const(self, prog):
        rng = self.rng
        if len(prog.args) < 2:
            return False
        i = rng.randrange(len(prog.args))
        tt = TT(prog.nominal[i], prog.args[i].dtype)
        if np.prod(tt.shape) > 4096:
            return False
        values = prog.prefer[i]
        if values is None or list(values.shape) != tt.shape:
            values = random_values(tt.dtype, tt.shape, np.random.default_rng(rng.randrange(1 << 30)), rng)
        uid = prog.new_uid()
        const = Op(uid, "graph.constant", [], [["value", format_dense(values, tt)]], "", [tt])
        # Renumber: args after i shift down.
        def fix(r):
            if r[0] != "arg":
                return r
            if r[1] == i:
                return ("op", uid, 0)
            return ("arg", r[1] - 1) if r[1] > i else r
        for op in prog.ops:
            op.operands = [fix(r) for r in op.operands]
        prog.rets = [fix(r) for r in prog.rets]
        del prog.args[i], prog.nominal[i], prog.prefer[i]
        prog.ops.insert(0, const)
        return True

    def m_returns(self, prog):
        rng = self.rng
        if len(prog.rets) > 1 and rng.random() < 0.4:
            del prog.rets[rng.randrange(len(prog.rets))]
            return True
        refs = [r for r in prog.values_before(len(prog.ops)) if r not in prog.rets]
        if not refs:
            return False
        prog.rets.append(rng.choice(refs))
        return True


def special_values(dtype):
    if dtype in FLOAT_TYPES:
        return FLOAT_SPECIALS
    if dtype == "i1":
        return [True, False]
    vals = [0, 1, -1, 2, 3, BITS[dtype] - 1, BITS[dtype], BITS[dtype] + 1]
    vals += INT_SPECIALS.get(dtype, [])
    return [int(to_dtype(np.array([v], dtype=object), dtype)[0]) for v in vals]


def convert_values(arr, dtype):
    if dtype in INT_TYPES:
        a = np.asarray(arr)
        if a.dtype.kind == "f":
            a = np.nan_to_num(a, nan=0.0, posinf=0.0, neginf=0.0)
            a = np.trunc(a)
        return to_dtype(np.array([int(x) for x in a.reshape(-1)], dtype=object).reshape(a.shape), dtype)
    return to_dtype(np.asarray(arr).astype(np.float64), dtype)


# ---------------------------------------------------------------------------
# Inputs, reference and comparison
# ---------------------------------------------------------------------------

def random_values(dtype, shape, nprng, rng, special_rate=0.12):
    shape = tuple(shape)
    n = int(np.prod(shape)) if shape else 1
    if dtype in ("f16", "bf16"):
        v = nprng.integers(-32, 33, size=n).astype(np.float64) / 8.0
    elif dtype in FLOAT_TYPES:
        v = nprng.uniform(-3.0, 3.0, size=n)
    elif dtype == "i1":
        v = nprng.integers(0, 2, size=n)
    elif dtype in UINT_TYPES:
        v = nprng.integers(0, 10, size=n)
    else:
        v = nprng.integers(-6, 7, size=n)
    if n and rng.random() < special_rate:
        specials = special_values(dtype)
        v = np.array(v, dtype=object if dtype in INT_TYPES else None)
        for _ in range(rng.randint(1, max(1, n // 4))):
            v[rng.randrange(n)] = rng.choice(specials)
    if dtype in INT_TYPES:
        v = np.array([int(x) for x in np.asarray(v).reshape(-1)], dtype=object)
    return to_dtype(np.asarray(v).reshape(shape) if dtype not in INT_TYPES
                    else v.reshape(shape), dtype)


def make_inputs(prog, rng, nprng, inconsistent):
    shapes = []
    for i, t in enumerate(prog.args):
        shape = []
        for d, s in enumerate(t.shape):
            shape.append(s if s is not None else prog.nominal[i][d])
        shapes.append(shape)
    perturbed = None
    if inconsistent:
        dyn = [(i, d) for i, t in enumerate(prog.args) for d, s in enumerate(t.shape) if s is None]
        if dyn:
            i, d = rng.choice(dyn)
            old = shapes[i][d]
            new = rng.choice([x for x in [0, 1, old + 1, max(old - 1, 0), 2 * old + 1] if x != old])
            shapes[i][d] = new
            perturbed = (i, d, old, new)
    inputs = []
    for i, t in enumerate(prog.args):
        pref = prog.prefer[i]
        if pref is not None and list(pref.shape) == shapes[i] and rng.random() < 0.8:
            inputs.append(np.array(pref, copy=True))
        else:
            inputs.append(random_values(t.dtype, shapes[i], nprng, rng))
    return inputs, perturbed


def input_arg(path_base, arr, dtype):
    """The --input= spec of one argument (writes a .npy but for bf16)."""
    if dtype == "bf16":
        dims = "".join("%dx" % d for d in arr.shape)
        vals = ",".join(repr(float(x)) for x in np.asarray(arr).reshape(-1))
        return "--input=%sbf16=%s" % (dims, vals)
    path = path_base + ".npy"
    np.save(path, np.asarray(arr, dtype=NP_TYPES[dtype]))
    return "--input=@" + path


def read_output(path, dtype):
    arr = np.load(path)
    if dtype == "bf16" and arr.dtype == np.uint16:
        # Flat first: on a 0-d array the shift gives a scalar that NumPy
        # may widen to int64, which cannot be viewed as float32.
        bits = arr.astype(np.uint32).reshape(-1) << np.uint32(16)
        arr = bits.view(np.float32).reshape(arr.shape)
    return arr


TOLERANCE = {"f32": 1e-4, "f64": 1e-7, "f16": 1e-2, "bf16": 4e-2}
EPSILON = {"f32": 1.2e-7, "f64": 2.3e-16, "f16": 9.8e-4, "bf16": 7.9e-3}
# Magnitudes from which a value counts as overflowing (see compare).
HUGE = {"f32": 1e30, "f64": 1e30, "f16": 6e4, "bf16": 1e30}


# Ops whose results sum (or multiply) many inputs: the evaluator adds in
# double, the kernels in the element type and in their own order.
ACCUMULATING = {
    "graph.matmul", "graph.linear", "graph.conv2d", "graph.conv3d",
    "graph.conv_transpose2d", "graph.conv_transpose3d", "graph.reduce_sum",
    "graph.reduce_mean", "graph.reduce_prod", "graph.softmax",
    "graph.log_softmax", "graph.layer_norm", "graph.batch_norm", "graph.cumsum",
    "graph.avg_pool2d", "graph.avg_pool3d", "graph.global_avg_pool",
    "graph.dynamic_reduce", "graph.resize", "graph.grid_sample",
    "graph.scatter_elements", "graph.scatter_nd", "graph.affine_grid"}


def special_magnitude(prog, inputs):
    """(largest finite magnitude, any infinity, a float attribute that is
    inf, NaN or huge, any accumulating op) over the float inputs, constants
    and attributes of the program."""
    biggest, nonfinite, attribute = 0.0, False, False
    arrays = [a for a in inputs if a.dtype.kind == "f"]
    for op in prog.ops:
        if op.name == "graph.constant":
            try:
                arr, _ = parse_dense(op.prop("value"))
            except Unsupported:
                continue
            if arr.dtype.kind == "f":
                arrays.append(arr)
        for _, v in op.props:
            if re.search(r"0x[7F]F|e\+(?:[12][0-9]|[3-9]\d|\d{3})", v, re.I) and ": f" in v:
                nonfinite = attribute = True
    for a in arrays:
        if a.size:
            a = a.astype(np.float64)
            finite = np.isfinite(a)
            nonfinite |= bool(np.isinf(a).any())
            if finite.any():
                biggest = max(biggest, float(np.max(np.abs(a[finite]))))
    accumulating = any(op.name in ACCUMULATING for op in prog.ops)
    return biggest, nonfinite, attribute, accumulating


def compare(expected, actual, dtype, specials=(0.0, False, False, False)):
    """None when equal (within tolerance), else a description.

    Floats: |actual - expected| <= tolerance * max(1, |expected|), NaN
    matches NaN and an infinity the same infinity. Where the inputs hold
    infinities or huge values and the program sums them (matmul, conv,
    reductions...), the result depends on the order and precision of the
    sums (inf + -inf, 3e38 + 3e38 - 3e38 in f32 or in double): there only
    elements finite on both sides are compared, with the tolerance grown to
    the rounding error of the largest input."""
    if list(expected.shape) != list(actual.shape):
        return "shape %s, expected %s" % (list(actual.shape), list(expected.shape))
    if expected.size == 0:
        return None
    if dtype in FLOAT_TYPES:
        e = expected.astype(np.float64).reshape(-1)
        a = actual.astype(np.float64).reshape(-1)
        biggest, infinite, _, accumulating = specials
        with np.errstate(invalid="ignore", over="ignore"):
            both_nan = np.isnan(e) & np.isnan(a)
            same_inf = np.isinf(e) & np.isinf(a) & (np.sign(e) == np.sign(a))
            diff = np.abs(a - e)
            tol = TOLERANCE[dtype] * np.maximum(1.0, np.abs(e))
            # Kernels flush subnormals to zero (docs/Runtime.md): the
            # reciprocal of a flushed intermediate is an infinity where the
            # evaluator has a value beyond 2^126.
            flushed = (np.isinf(a) & (np.abs(e) >= 2.0 ** 126) &
                       (np.sign(a) == np.sign(e)))
            ok = both_nan | same_inf | flushed | (diff <= tol)
            if (infinite or biggest >= 1e4) and accumulating:
                huge = HUGE[dtype]
                unordered = (~np.isfinite(e) | ~np.isfinite(a) |
                             (np.abs(e) >= huge) | (np.abs(a) >= huge))
                tol = np.maximum(tol, 16 * EPSILON[dtype] * biggest)
                ok = unordered | (diff <= tol)
        bad = np.nonzero(~ok)[0]
    else:
        if specials[2]:
            # A float attribute (linear's alpha, clip's bounds) that is inf,
            # NaN or huge: converting the products to integers is undefined.
            return None
        e = expected.reshape(-1)
        a = actual.reshape(-1)
        if dtype == "i1":
            e, a = e.astype(np.bool_), a.astype(np.bool_)
        else:
            e = e.astype(NP_TYPES[dtype])
            a = a.astype(NP_TYPES[dtype])
        bad = np.nonzero(e != a)[0]
    if bad.size == 0:
        return None
    k = bad[0]
    idx = np.unravel_index(k, expected.shape) if expected.shape else ()
    return "%d of %d elements differ; first at %s: got %r, expected %r" % (
        bad.size, expected.size, list(map(int, idx)), actual.reshape(-1)[k].item(),
        expected.reshape(-1)[k].item())


FOLD = "--graph-fold-constants=max-elements=100000000"


def reference(prog, inputs, runner, workdir, findings):
    """('ok', [arrays]) | ('invalid', message) | ('unfolded', ops) | ('crash', why)."""
    text, _ = prog.emit(ref_inputs=inputs)
    path = os.path.join(workdir, "ref.mlir")
    with open(path, "w") as f:
        f.write(text)
    args = ["strata-opt", path, "--mlir-print-op-generic",
            "--mlir-print-elementsattrs-with-hex-if-larger=-1"]
    for _ in range(3):
        args += ["--graph-infer-shapes", FOLD]
    res = runner.run(args)
    why = res.crash()
    if why:
        findings.report("crash", "reference (graph-infer-shapes + graph-fold-constants)",
                        why, res, text, prog)
        return "crash", why, text
    if res.rc != 0:
        return "invalid", res.first_error(), text
    try:
        folded = parse_folded(res.out)
    except Unsupported as e:
        return "unfolded", str(e), text
    if folded[0] == "unfolded":
        # Why the evaluator stops: the oracle of the test passes says.
        why_res = runner.run(["strata-opt", path, "--test-graph-compare-pipeline=pipeline=cse",
                              "-o", os.devnull])
        m = re.search(r"error: (the oracle cannot .*)", why_res.err)
        return "unfolded", (m.group(1) if m else "ops left: " + folded[1]), text
    return folded[0], folded[1], text


# Where the evaluator declines to compute because the op is undefined there
# (ONNX) or the evaluator has no implementation: any result is right.
EVALUATOR_DECLINES = [re.compile(p) for p in (
    r"cast of .* is out of range",
    r"ui64 values of 2\^63 and more are not evaluated",
    r"is not defined",
    r"unsupported element type",
    r"no reference implementation",
    # reduce_max/min over an empty set: the kernels give -inf/+inf; argmax
    # and argmin along an empty axis.
    r"of an empty set has no value",
    r"along an empty axis has no value",
)]


def parse_folded(text):
    defs, ret = {}, None
    for raw in text.splitlines():
        line = raw.strip()
        m = re.match(r'(%[\w$.-]+)(?::\d+)?\s*=\s*"([\w.]+)"', line)
        if m:
            defs[m.group(1)] = (m.group(2), line)
        elif line.startswith('"func.return"'):
            inner = line[line.index("(") + 1:]
            ret = split_top(inner[:inner.index(")")])
    if ret is None:
        raise Unsupported("no return in the reference")
    values, unfolded = [], []
    for name in ret:
        base = name.split("#")[0]
        if base not in defs:
            raise Unsupported("returns an argument")
        opname, line = defs[base]
        if opname != "graph.constant":
            unfolded.append(opname)
            continue
        value = line[line.index("value = ") + len("value = "):]
        value = value[:match_close(value, 5)] + value[match_close(value, 5):].split("}>")[0]
        values.append(parse_dense(value))
    if unfolded:
        # The ops left: those whose operands did not fold either are listed too.
        left = sorted({d[0] for d in defs.values() if d[0] != "graph.constant"})
        return "unfolded", ", ".join(left)
    return "ok", values


# ---------------------------------------------------------------------------
# Findings
# ---------------------------------------------------------------------------

def signature(kind, where, why, message):
    msg = re.sub(r"/\S+/", "", message)
    msg = re.sub(r"\d+", "N", msg)[:160]
    return "%s | %s | %s | %s" % (kind, where, why, msg)


class Findings:
    def __init__(self, keep, max_per_signature, skip_known):
        self.keep = keep
        self.max_per_signature = max_per_signature
        self.skip_known = skip_known
        self.count = 0
        self.known = 0
        self.by_signature = {}
        self.paths = {}
        self.workdir = None

    def report(self, kind, where, why, res, program_text, prog, extra=None,
               files=None, message=None):
        message = message if message is not None else (
            crash_line(res.err) if res is not None else "")
        sig = signature(kind, where, why, message)
        for known_kind, pattern, reason in KNOWN_FINDINGS:
            if self.skip_known and known_kind == kind and re.search(pattern, sig):
                self.known += 1
                return
        self.count += 1
        n = self.by_signature.get(sig, 0) + 1
        self.by_signature[sig] = n
        if n > self.max_per_signature or not self.keep:
            return
        d = os.path.join(self.keep, "%04d-%s" % (self.count, kind))
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "input.mlir"), "w") as f:
            f.write("// %s in %s: %s\n// seed @%s, mutations: %s\n" % (
                kind, where, why, prog.name if prog else "?",
                ", ".join(prog.history) if prog else ""))
            f.write(program_text)
        for name, src in (files or {}).items():
            if os.path.exists(src):
                shutil.copy(src, os.path.join(d, name))
        with open(os.path.join(d, "output.txt"), "w") as f:
            f.write("signature: %s\n" % sig)
            if res is not None:
                f.write("command: %s\nexit status: %s%s\n--- stdout (tail)\n%s\n--- stderr\n%s\n" % (
                    shell_quote(res.cmd), res.rc, " (timed out)" if res.timed_out else "",
                    res.out[-4000:], res.err[-20000:]))
            if extra:
                f.write("--- details\n%s\n" % extra)
        if res is not None:
            cmd = []
            for a in res.cmd:
                if self.workdir and self.workdir in a:
                    m = re.search(re.escape(self.workdir) + r"/([\w.-]+)", a)
                    name = m.group(1)
                    target = "input.mlir" if name == "mutant.mlir" else name
                    src = os.path.join(self.workdir, name)
                    if name != "mutant.mlir" and os.path.exists(src) and \
                            not os.path.exists(os.path.join(d, target)):
                        shutil.copy(src, os.path.join(d, target))
                    a = a.replace(m.group(0), os.path.join(d, target))
                cmd.append(a)
            with open(os.path.join(d, "command.sh"), "w") as f:
                f.write("#!/bin/sh\n# %s\n%s\n" % (sig, shell_quote(cmd)))
        self.paths.setdefault(sig, []).append(d)


STACK_FRAME_RE = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ (.+?)(?: \(/|$| [\w./-]+\.cpp:\d+|\s*$)", re.M)
SKIP_FRAMES = ("PrintStackTrace", "RunSignalHandlers", "SignalHandler", "abort",
               "raise", "__assert_fail", "report_fatal_error", "llvm_unreachable_internal",
               "libc.so", "pthread_kill", "gsignal")


def crash_line(err):
    """The most telling line of a tool's stderr: the assertion or error, else
    the innermost named stack frame outside the signal machinery."""
    for pattern in ("Assertion `", "LLVM ERROR", "UNREACHABLE", "runtime error:",
                    "AddressSanitizer"):
        for line in err.splitlines():
            if pattern in line:
                return line.strip()
    for m in STACK_FRAME_RE.finditer(err):
        frame = m.group(1).strip()
        if frame.startswith("(") or any(k in frame for k in SKIP_FRAMES):
            continue
        return "in " + re.sub(r"\(.*", "", frame)
    for line in err.splitlines():
        if "error:" in line:
            return line.strip()
    lines = [l for l in err.splitlines() if l.strip()]
    return lines[0].strip() if lines else ""


# ---------------------------------------------------------------------------
# The driver
# ---------------------------------------------------------------------------

CORE_PASSES = ["strata-graph-optimize", "graph-fold-constants", "graph-infer-shapes",
               "canonicalize", "cse", "convert-graph-to-kernel"]

# The level of IR each pass works on (others: graph). The input of a level
# is made from the mutant by the pipeline prefix strata-compile runs.
TENSOR_PASSES = ("kernel-rewrite-convolutions", "kernel-pack-weights",
                 "kernel-propagate-reshapes", "kernel-fuse-elementwise",
                 "kernel-form-dispatches", "strata-lower-cpu", "strata-cpu-")
DISPATCH_PASSES = ("kernel-outline",)
KERNEL_PASSES = ("kernel-select-schedule", "convert-kernel-to-device",
                 "convert-kernel-to-func")
DEVICE_PASSES = ("device-", "convert-scf-to-cf")
# Passes left out: they run on the kernels alone, a module strata-compile
# splits off internally, and reject the kernel level's host functions.
NOT_RUN = ("strata-lower-kernels-cpu", "convert-kernel-to-dps-func")
STAGE_PIPELINES = {
    "tensor": ["--strata-graph-optimize", "--graph-convert-layout",
               "--graph-prepack-weights", "--convert-graph-to-kernel"],
    "dispatch": ["--strata-graph-optimize", "--graph-convert-layout",
                 "--graph-prepack-weights", "--convert-graph-to-kernel",
                 "--kernel-rewrite-convolutions", "--kernel-pack-weights",
                 "--kernel-propagate-reshapes", "--kernel-fuse-elementwise",
                 "--kernel-form-dispatches"],
}


def pass_stage(name):
    if name.startswith(DEVICE_PASSES):
        return "device"
    if name.startswith(DISPATCH_PASSES):
        return "dispatch"
    if name.startswith(KERNEL_PASSES):
        return "kernel"
    if name.startswith(TENSOR_PASSES):
        return "tensor"
    return "graph"


def prepare_stage(stage, path, text, runner, workdir, findings, prog):
    """(path, text) of the mutant lowered to `stage`, or None."""
    out = os.path.join(workdir, "stage-%s.mlir" % stage)
    if stage in ("kernel", "device"):
        res = runner.run(["strata-compile", path, "--compile-to=" + stage, "-o", out],
                         timeout=runner.timeout * 3)
        where = "strata-compile --compile-to=" + stage
    else:
        res = runner.run(["strata-opt", path] + STAGE_PIPELINES[stage] + ["-o", out])
        where = "strata-opt " + " ".join(STAGE_PIPELINES[stage])
    why = res.crash()
    if why:
        findings.report("crash", where, why, res, text, prog)
        return None
    if res.rc != 0 or not os.path.exists(out):
        return None
    with open(out) as f:
        return out, f.read()


def list_passes(runner):
    res = runner.run(["strata-opt", "--help"], timeout=60)
    passes = []
    for line in res.out.splitlines():
        m = re.match(r"\s+--([a-z0-9][a-z0-9-]*)\s+-\s", line)
        if m:
            name = m.group(1)
            if (name.startswith(("graph-", "kernel-", "convert-", "strata-", "device-")) or
                    name in ("canonicalize", "cse")) and name not in NOT_RUN:
                passes.append(name)
    return sorted(set(passes))


def load_seeds(paths, runner, workdir):
    programs = []
    for path in paths:
        res = runner.run(["strata-opt", path, "--mlir-print-op-generic",
                          "--mlir-print-elementsattrs-with-hex-if-larger=-1"], timeout=60)
        if res.rc != 0:
            raise SystemExit("mlir_fuzz: seed file %s does not verify:\n%s" % (path, res.err))
        for prog in parse_generic_module(res.out):
            prog.name = "%s:@%s" % (os.path.basename(path), prog.name)
            programs.append(prog)
    return programs


def bump(stats, table, key):
    stats.setdefault(table, {})
    stats[table][key] = stats[table].get(key, 0) + 1


def error_key(res):
    """The first error of a tool, without numbers and locations."""
    msg = res.first_error().split("error:", 1)[-1].strip()
    msg = re.sub(r"\S*\.mlir:\d+:\d+:?", "LOC", msg)
    return re.sub(r"\d+", "N", msg)[:150]


def check_mutant(prog, args, runner, workdir, findings, stats, passes, rng, nprng):
    text, _ = prog.emit()
    path = os.path.join(workdir, "mutant.mlir")
    with open(path, "w") as f:
        f.write(text)
    # 1. The passes, one at a time, each on the IR of its level.
    chosen = [("graph", p) for p in CORE_PASSES if p in passes]
    others = [(pass_stage(p), p) for p in passes]
    others += [("tensor", p) for p in ("canonicalize", "cse") if p in passes]
    others = [sp for sp in others if sp not in chosen]
    if args.all_passes:
        chosen += others
    else:
        chosen += rng.sample(others, min(args.extra_passes, len(others)))
    stage_inputs = {"graph": (path, text)}
    for stage, p in chosen:
        if stage not in stage_inputs:
            stage_inputs[stage] = prepare_stage(stage, path, text, runner, workdir,
                                                findings, prog)
        if stage_inputs[stage] is None:
            continue
        stage_path, stage_text = stage_inputs[stage]
        flag = "--" + p
        if p == "graph-fold-constants":
            flag = FOLD
        res = runner.run(["strata-opt", stage_path, flag, "-o", os.devnull])
        why = res.crash()
        stats["pass runs"] += 1
        where = p if stage == "graph" else "%s (on %s-level IR)" % (p, stage)
        if why:
            findings.report("crash", where, why, res, text, prog)
        elif res.rc != 0:
            stats["pass errors"] += 1
            bump(stats, "pass error kinds", where + ": " + error_key(res))
            m = re.search(r"error: '(\w+)\.[\w.]+' op", res.err)
            if stage == "graph" and m and m.group(1) not in ("graph", "func", "builtin"):
                findings.report("invalid-ir", where, "verifier error on ops the pass created",
                                res, text, prog)
    # 2. The whole compiler.
    smod = os.path.join(workdir, "mutant.smod")
    if os.path.exists(smod):
        os.remove(smod)
    res = runner.run(["strata-compile", path, "-o", smod], timeout=args.compile_timeout)
    why = res.crash()
    stats["compiles"] += 1
    if why:
        findings.report("crash", "strata-compile", why, res, text, prog)
        return
    if res.rc != 0:
        stats["compile errors"] += 1
        bump(stats, "compile error kinds", error_key(res))
        return
    if any(t.dtype not in NP_TYPES for t in prog.args):
        return
    # 3. Runs against the reference evaluator.
    for r in range(args.inputs_per_mutant):
        inconsistent = r > 0 and rng.random() < 0.5
        inputs, perturbed = make_inputs(prog, rng, nprng, inconsistent)
        if sum(a.size for a in inputs) > 50000:
            continue
        status, ref, _ = reference(prog, inputs, runner, workdir, findings)
        if status == "crash":
            continue
        run_args = ["strata-run", smod, "--function=main"]
        for i, (arr, t) in enumerate(zip(inputs, prog.args)):
            run_args.append(input_arg(os.path.join(workdir, "in%d" % i), arr, t.dtype))
        outs = []
        ops = prog.op_by_uid()
        ret_types = [prog.type_of(rr, ops) for rr in prog.rets]
        for i in range(len(prog.rets)):
            out = os.path.join(workdir, "out%d.npy" % i)
            if os.path.exists(out):
                os.remove(out)
            outs.append(out)
            run_args.append("--output=@" + out)
        res = runner.run(run_args)
        stats["executions of compiled code"] += 1
        why = res.crash()
        files = {"ref.mlir": os.path.join(workdir, "ref.mlir")}
        detail = "inputs: %s%s\nreference (%s): %s\nreference command: %s" % (
            [list(a.shape) for a in inputs],
            " (dim %d of argument %d set to %d, nominal %d)" % (
                perturbed[1], perturbed[0], perturbed[3], perturbed[2]) if perturbed else "",
            status, ref if status != "ok" else "all results folded",
            "strata-opt ref.mlir " + " ".join(["--graph-infer-shapes", FOLD] * 3))
        if why:
            findings.report("crash", "strata-run", why, res, text, prog, extra=detail, files=files)
            continue
        if res.rc != 0:
            stats["run errors"] += 1
            if re.search(r"cannot load|undefined symbol", res.err):
                findings.report("unloadable-module", "strata-run", "compiled module does not load",
                                res, text, prog, extra=detail, files=files)
                continue
            bump(stats, "run errors where the evaluator %s" % (
                "accepts" if status == "ok" else "rejects"), error_key(res))
            continue
        stats["successful runs"] += 1
        if status == "invalid":
            findings.report("evaluator-disagrees", "strata-run", "evaluator rejects, run succeeds",
                            res, text, prog, extra=detail, files=files,
                            message=ref.split("error:", 1)[-1])
            continue
        if status == "unfolded" and any(p.search(ref) for p in EVALUATOR_DECLINES):
            stats["evaluator declines"] += 1
            bump(stats, "evaluator declines (any result is right)",
                 re.sub(r"-?\d+(\.\d+)?(e[-+]?\d+)?", "N", ref)[:150])
            continue
        if status == "unfolded":
            findings.report("evaluator-disagrees", "strata-run", "evaluator cannot fold, run succeeds",
                            res, text, prog, extra=detail, files=files,
                            message="unfolded: " + ref)
            continue
        stats["compared runs"] += 1
        for i, ((exp, tt), out, rt) in enumerate(zip(ref, outs, ret_types)):
            try:
                act = read_output(out, tt.dtype)
            except Exception as e:  # noqa: BLE001 - any unreadable output
                findings.report("wrong-result", "strata-run", "unreadable output",
                                res, text, prog, extra=detail + "\n" + str(e), files=files,
                                message=str(e))
                break
            diff = compare(exp, act, tt.dtype, special_magnitude(prog, inputs))
            if diff:
                np.save(os.path.join(workdir, "expected%d.npy" % i), exp)
                files["expected%d.npy" % i] = os.path.join(workdir, "expected%d.npy" % i)
                names = sorted({op.name for op in prog.ops})
                findings.report("wrong-result", "strata-run", "result %d" % i, res, text, prog,
                                extra="%s\nresult %d (%s): %s" % (detail, i, rt.text(), diff),
                                files=files,
                                message="%s %s" % (tt.dtype, " ".join(n[6:] for n in names)))
                break


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tools-dir",
                        help="directory with strata-opt, strata-compile, strata-run "
                        "(default: where PATH finds strata-opt)")
    parser.add_argument("--seeds", default=DEFAULT_SEEDS,
                        help="a directory of seed .mlir files (or one file)")
    parser.add_argument("--runs", type=int, default=100, help="mutants to try")
    parser.add_argument("--seed", type=int, default=1, help="random seed")
    parser.add_argument("--time-limit", type=float, default=0,
                        help="stop after this many seconds (0: no limit)")
    parser.add_argument("--keep", default="/tmp/mlir-fuzz-findings",
                        help="directory receiving the findings")
    parser.add_argument("--timeout", type=float, default=20,
                        help="seconds before a strata-opt/strata-run call is a hang")
    parser.add_argument("--compile-timeout", type=float, default=60,
                        help="seconds before a strata-compile call is a hang")
    parser.add_argument("--max-mutations", type=int, default=3,
                        help="at most this many mutations per run")
    parser.add_argument("--inputs-per-mutant", type=int, default=2,
                        help="input sets each compiled mutant runs on")
    parser.add_argument("--extra-passes", type=int, default=2,
                        help="passes beyond the core ones run on each mutant")
    parser.add_argument("--all-passes", action="store_true",
                        help="run every graph/kernel/convert pass on each mutant")
    parser.add_argument("--max-per-signature", type=int, default=3,
                        help="findings saved per distinct signature")
    parser.add_argument("--skip-known", action="store_true",
                        help="do not count findings of KNOWN_FINDINGS (in-suite run)")
    parser.add_argument("--verbose", "-v", action="store_true",
                        help="print each run and tables of the clean errors")
    args = parser.parse_args()

    start = time.time()
    rng = random.Random(args.seed)
    nprng = np.random.default_rng(args.seed)
    stats = {"executions": 0, "pass runs": 0, "pass errors": 0, "compiles": 0,
             "compile errors": 0, "executions of compiled code": 0, "run errors": 0,
             "successful runs": 0, "compared runs": 0, "invalid mutants": 0,
             "evaluator declines": 0}
    tools_dir = args.tools_dir
    if not tools_dir:
        found = shutil.which("strata-opt")
        if not found:
            raise SystemExit("mlir_fuzz: no --tools-dir and no strata-opt in PATH")
        tools_dir = os.path.dirname(found)
    runner = Runner(os.path.abspath(tools_dir), args.timeout, stats)
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    findings = Findings(args.keep, args.max_per_signature, args.skip_known)
    workdir = tempfile.mkdtemp(prefix="mlir-fuzz-")
    findings.workdir = workdir
    try:
        seed_files = (sorted(glob.glob(os.path.join(args.seeds, "*.mlir")))
                      if os.path.isdir(args.seeds) else [args.seeds])
        seeds = load_seeds(seed_files, runner, workdir)
        if not seeds:
            raise SystemExit("mlir_fuzz: no seeds")
        passes = list_passes(runner)
        mutator = Mutator(rng)
        runs = valid = 0
        for run in range(args.runs):
            if args.time_limit and time.time() - start > args.time_limit:
                break
            runs += 1
            prog = rng.choice(seeds).clone()
            n = 0 if rng.random() < 0.05 else rng.randint(1, args.max_mutations)
            for _ in range(n):
                mutated = mutator.mutate(prog)
                if mutated is None:
                    break
                prog = mutated
            status, prog = verify(prog, runner, workdir, findings)
            if args.verbose:
                print("run %d: %s [%s] %s" % (run, prog.name, ", ".join(prog.history), status),
                      flush=True)
            if status != "valid":
                stats["invalid mutants"] += status == "invalid"
                continue
            valid += 1
            check_mutant(prog, args, runner, workdir, findings, stats, passes, rng, nprng)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    elapsed = time.time() - start
    print("mlir_fuzz: %d seeds, %d passes, %.0f s, %d tool executions" % (
        len(seeds), len(passes), elapsed, stats["executions"]))
    for key in ("pass runs", "pass errors", "compiles", "compile errors",
                "executions of compiled code", "run errors", "successful runs",
                "evaluator declines", "compared runs"):
        print("  %s: %d" % (key, stats[key]))
    for key in ("compile error kinds", "run errors where the evaluator accepts",
                "run errors where the evaluator rejects", "pass error kinds",
                "evaluator declines (any result is right)"):
        if stats.get(key) and args.verbose:
            print("  %s:" % key)
            for k, v in sorted(stats[key].items(), key=lambda kv: -kv[1]):
                print("    %5d  %s" % (v, k))
    if findings.by_signature:
        print("findings by signature:")
        for sig, n in sorted(findings.by_signature.items(), key=lambda kv: -kv[1]):
            print("  %4d  %s" % (n, sig))
            for p in findings.paths.get(sig, [])[:1]:
                print("        e.g. %s" % p)
    if findings.known:
        print("known findings skipped: %d" % findings.known)
    print("%d runs, %d valid mutants, %d findings" % (runs, valid, findings.count))
    return 1 if findings.count else 0


if __name__ == "__main__":
    sys.exit(main())
