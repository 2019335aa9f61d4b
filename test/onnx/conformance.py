#!/usr/bin/env python3
#===- conformance.py - ONNX backend node tests through Strata -------------===#
#
# Runs the node tests that ship with the onnx wheel
# (onnx/backend/test/data/node/*: model.onnx plus test_data_set_*/{input,
# output}_*.pb) through the whole Strata path: the ONNX importer, then
# strata-compile, then strata-run on each data set, and compares the
# results with the expected outputs. Each test ends up
#   passed      - every output of every data set matches,
#   unsupported - the importer reported an op/attribute/type it does not
#                 handle (by design, not a bug),
#   failed      - wrong values (with the max difference), a compile error
#                 (first line), a runtime error, or a timeout,
#   bad-reference - a test in _BAD_REFERENCE_DATA whose stored outputs
#                 contradict the ONNX spec: reported, never counted passed.
#
# A full run writes docs/OnnxConformance.md (per-op counts and reasons) and
# test/onnx/passing.txt (the passing tests). `--only-passing` runs just the
# tests in passing.txt and exits 1 if any of them no longer passes: the
# regression test (test/onnx/conformance.test).
#
#   python3 test/onnx/conformance.py [--jobs 2] [--filter REGEX]
#       [--only-passing] [--tools-dir DIR] [--timeout 60] [--no-write]
#
#===----------------------------------------------------------------------===#

import argparse
import collections
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import types

HERE = os.path.dirname(os.path.realpath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PYTHON_DIR = os.path.join(ROOT, "python")
PASSING = os.path.join(HERE, "passing.txt")
REPORT = os.path.join(ROOT, "docs", "OnnxConformance.md")


def _load_frontend():
    """The strata.frontend.onnx package from this checkout, without
    importing the compiled extension that strata/__init__.py may load (the
    importer's modules need only onnx and numpy)."""
    if PYTHON_DIR not in sys.path:
        sys.path.insert(0, PYTHON_DIR)
    if "strata" not in sys.modules:
        pkg = types.ModuleType("strata")
        pkg.__path__ = [os.path.join(PYTHON_DIR, "strata")]
        sys.modules["strata"] = pkg
    from strata.frontend import onnx as frontend
    return frontend


def node_test_dir() -> str:
    import onnx
    return os.path.join(os.path.dirname(onnx.__file__), "backend", "test",
                        "data", "node")


#===----------------------------------------------------------------------===#
# One test
#===----------------------------------------------------------------------===#


def _tolerances(dtype):
    import numpy as np
    if dtype == np.float16:
        return 1e-3, 1e-3
    if str(dtype) == "bfloat16":
        return 1e-2, 1e-2
    return 1e-4, 1e-5


#: Tests whose expected outputs were stored rounded: the absolute tolerance
#: that matches their precision (f32 data given to 4 decimals).
_ATOL_OVERRIDES = {
    "test_averagepool_2d_ceil_last_window_starts_on_pad": 1e-4,
    # -0.140625 stored as -0.1406 (ONNX's reference misses it too).
    "test_gridsample_bicubic": 1e-4,
    # Stored to 4 decimals (ONNX's reference misses them by 8e-5 too).
    "test_roialign_aligned_false": 1e-4,
    "test_roialign_aligned_true": 1e-4,
}


#: Tests whose stored expected outputs contradict the operator's spec in the
#: onnx version we test against, with the upstream report. A mismatch is
#: reported as "bad-reference" instead of "failed"; a match is a failure of
#: its own (we would be reproducing the wrong data).
_BAD_REFERENCE_DATA = {
    # QLinearMatMul must saturate to int8; onnx 1.19's data wraps around
    # (onnx/onnx#7835, fixed by onnx/onnx#7868).
    name: "reference wraps int8 instead of saturating (onnx/onnx#7835)"
    for name in ("test_qlinearmatmul_2D_int8_float16",
                 "test_qlinearmatmul_2D_int8_float32",
                 "test_qlinearmatmul_3D_int8_float16",
                 "test_qlinearmatmul_3D_int8_float32")
}


def _compare(expected, actual, atol_override=None):
    """None when equal within tolerance, else a short reason."""
    import numpy as np
    if str(expected.dtype) == "bfloat16":
        expected = expected.astype(np.float32)
    if tuple(expected.shape) != tuple(actual.shape):
        return f"shape {tuple(actual.shape)}, expected {tuple(expected.shape)}"
    if expected.dtype.kind in "biu" or expected.dtype == bool:
        if actual.dtype.kind not in "biu" and actual.dtype != bool:
            return f"dtype {actual.dtype}, expected {expected.dtype}"
        bad = np.asarray(expected).astype(np.int64) != np.asarray(
            actual).astype(np.int64)
        if bad.any():
            return f"{int(bad.sum())} of {bad.size} elements differ"
        return None
    if expected.dtype.kind == "f" and actual.dtype.kind not in "fu":
        return f"dtype {actual.dtype}, expected {expected.dtype}"
    rtol, atol = _tolerances(expected.dtype)
    if atol_override is not None:
        atol = max(atol, atol_override)
    e = expected.astype(np.float64)
    a = actual.astype(np.float64)
    nan_e, nan_a = np.isnan(e), np.isnan(a)
    if (nan_e != nan_a).any():
        return "NaN positions differ"
    ok = np.isclose(a, e, rtol=rtol, atol=atol, equal_nan=True)
    if not ok.all():
        finite = np.isfinite(e) & np.isfinite(a)
        diff = np.abs(a - e)[finite & ~ok]
        worst = float(diff.max()) if diff.size else float("inf")
        return (f"max diff {worst:.3g} ({int((~ok).sum())} of {ok.size} "
                "elements)")
    return None


def _first_line(text: str) -> str:
    for line in text.splitlines():
        line = line.strip()
        if line:
            return line[:200]
    return "(no output)"


def run_test(test_dir: str, tools: dict, timeout: float, keep: str = None):
    """(name, status, reason, op_types) for one node test."""
    name, status, reason, ops = _run_test(test_dir, tools, timeout, keep)
    known_bad = _BAD_REFERENCE_DATA.get(name)
    if known_bad and status == "failed" and reason.startswith("wrong values"):
        return name, "bad-reference", f"{known_bad}; {reason}", ops
    if known_bad and status == "passed":
        return (name, "failed", "matches reference data listed as wrong: "
                f"{known_bad}", ops)
    return name, status, reason, ops


def _run_test(test_dir: str, tools: dict, timeout: float, keep: str = None):
    import numpy as np
    import onnx
    from onnx import numpy_helper
    name = os.path.basename(test_dir)
    frontend = _load_frontend()
    model_path = os.path.join(test_dir, "model.onnx")
    try:
        model = onnx.load(model_path)
    except Exception as e:
        return name, "failed", f"cannot load model: {e}", []
    ops = sorted({n.op_type for n in model.graph.node}) or ["(none)"]
    try:
        text = frontend.import_model(model)
    except frontend.OnnxImportError as e:
        return name, "unsupported", "; ".join(e.problems[:3]), ops
    except Exception as e:  # an importer crash is a bug, not "unsupported"
        return name, "failed", f"importer crash: {type(e).__name__}: {e}", ops

    work = tempfile.mkdtemp(prefix=f"strata-onnx-{name}-", dir=keep)
    try:
        mlir = os.path.join(work, "model.mlir")
        smod = os.path.join(work, "model.smod")
        with open(mlir, "w") as f:
            f.write(text)
        try:
            proc = subprocess.run([tools["compile"], mlir, "-o", smod],
                                  capture_output=True, text=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            return name, "failed", f"compile timeout ({timeout:g} s)", ops
        if proc.returncode != 0:
            reason = _first_line(proc.stderr or proc.stdout)
            if proc.returncode < 0:
                reason = f"compiler crash (signal {-proc.returncode}): {reason}"
            return name, "failed", f"compile error: {reason}", ops

        inits = {i.name for i in model.graph.initializer}
        n_inputs = sum(1 for i in model.graph.input if i.name not in inits)
        n_outputs = len(model.graph.output)
        sets = sorted(glob.glob(os.path.join(test_dir, "test_data_set_*")))
        if not sets:
            return name, "failed", "no test data", ops
        for data_set in sets:
            args = [tools["run"], smod, "--function=main"]
            for i in range(n_inputs):
                pb = os.path.join(data_set, f"input_{i}.pb")
                tensor = onnx.TensorProto()
                with open(pb, "rb") as f:
                    tensor.ParseFromString(f.read())
                arr = numpy_helper.to_array(tensor)
                if str(arr.dtype) == "bfloat16":
                    # No numpy dtype for bf16: pass it as a literal.
                    values = ",".join(repr(float(v)) for v in
                                      arr.astype(np.float32).reshape(-1))
                    shape = "x".join(str(d) for d in arr.shape)
                    args.append(f"--input={shape + 'x' if shape else ''}"
                                f"bf16={values}")
                    continue
                npy = os.path.join(work, f"in_{i}.npy")
                np.save(npy, np.array(arr, order="C"))  # keeps 0-d arrays 0-d
                args.append(f"--input=@{npy}")
            outs = [os.path.join(work, f"out_{i}.npy") for i in
                    range(n_outputs)]
            args += [f"--output=@{o}" for o in outs]
            try:
                proc = subprocess.run(args, capture_output=True, text=True,
                                      timeout=timeout)
            except subprocess.TimeoutExpired:
                return name, "failed", f"runtime timeout ({timeout:g} s)", ops
            if proc.returncode != 0:
                reason = _first_line(proc.stderr or proc.stdout)
                if proc.returncode < 0:
                    reason = f"crash (signal {-proc.returncode}): {reason}"
                return name, "failed", f"runtime error: {reason}", ops
            for i, out in enumerate(outs):
                tensor = onnx.TensorProto()
                with open(os.path.join(data_set, f"output_{i}.pb"), "rb") as f:
                    tensor.ParseFromString(f.read())
                expected = numpy_helper.to_array(tensor)
                actual = np.load(out)
                if str(expected.dtype) == "bfloat16" and actual.dtype == \
                        np.uint16:
                    actual = (actual.astype(np.uint32) << 16).view(np.float32)
                why = _compare(expected, actual, _ATOL_OVERRIDES.get(name))
                if why:
                    return (name, "failed",
                            f"wrong values: output {i}: {why}", ops)
        return name, "passed", "", ops
    finally:
        if keep is None:
            shutil.rmtree(work, ignore_errors=True)


#===----------------------------------------------------------------------===#
# Reports
#===----------------------------------------------------------------------===#


def _reason_class(status: str, reason: str) -> str:
    """A reason with test-specific details removed, to group failures."""
    r = re.sub(r"node '[^']*'", "node", reason.split("; ")[0])
    r = re.sub(r"'[^']*'", "'...'", r)
    r = re.sub(r"max diff [^ ]+ \(\d+ of \d+ elements\)", "max diff", r)
    r = re.sub(r"\d+ of \d+ elements differ", "elements differ", r)
    r = re.sub(r"loc\([^)]*\)", "", r)
    r = re.sub(r"/tmp/\S+", "FILE", r)
    r = re.sub(r"\b\d+\b", "N", r)
    return r[:160]


def _cell(text: str) -> str:
    """Text safe inside a markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def write_report(results, path: str, elapsed: float):
    import onnx
    total = collections.Counter(r[1] for r in results)
    per_op = collections.defaultdict(lambda: collections.Counter())
    reasons = collections.defaultdict(collections.Counter)
    for name, status, reason, ops in results:
        # A test counts under its main op: the one its name is about, else
        # every op of the model.
        for op in ops:
            per_op[op][status] += 1
            if status != "passed":
                reasons[op][f"{status}: {_reason_class(status, reason)}"] += 1
    lines = [
        "# ONNX backend node-test conformance",
        "",
        "<!-- Generated by test/onnx/conformance.py; do not edit. -->",
        "",
        f"The {len(results)} node tests of onnx {onnx.__version__} "
        "(`onnx/backend/test/data/node`) run through the ONNX importer "
        "(`strata.frontend.onnx`), `strata-compile` and `strata-run`, "
        "compared with the expected outputs (rtol/atol 1e-4/1e-5 for f32, "
        "1e-3 for f16, 1e-2 for bf16, exact for integers and bool).",
        "",
        "- **passed**: every output of every data set matches;",
        "- **unsupported**: the importer reports an op, attribute, opset or "
        "element type it does not handle;",
        "- **failed**: compile error, runtime error or wrong values;",
        "- **bad reference**: the test's stored outputs contradict the "
        "operator's spec (listed in `_BAD_REFERENCE_DATA` with the upstream "
        "report) and ours differ from them.",
        "",
        "## Totals",
        "",
        "| passed | failed | unsupported | bad reference | total |",
        "|---:|---:|---:|---:|---:|",
        f"| {total['passed']} | {total['failed']} | {total['unsupported']} "
        f"| {total['bad-reference']} | {len(results)} |",
        "",
        f"Run time: {elapsed:.0f} s. The passing tests are listed in "
        "`test/onnx/passing.txt`; `test/onnx/conformance.test` re-runs them.",
        "",
        *(["## Tests with wrong reference data", ""] +
          [f"- `{n}`: {_cell(r)}" for n, s, r, _ in results
           if s == "bad-reference"] + [""]
          if total["bad-reference"] else []),
        "## Failures by reason",
        "",
        "| count | reason |",
        "|---:|---|",
    ]
    grouped = collections.Counter(
        f"{s}: {_reason_class(s, r)}" for _, s, r, _ in results
        if s == "failed")
    for reason, count in grouped.most_common():
        lines.append(f"| {count} | {_cell(reason)} |")
    lines += [
        "",
        "## Unsupported tests by reason",
        "",
        "Every test the importer reports, grouped by its first problem "
        "(details such as names and numbers replaced).",
        "",
        "| count | reason | tests |",
        "|---:|---|---|",
    ]
    unsupported = collections.defaultdict(list)
    for name, status, reason, _ in results:
        if status == "unsupported":
            unsupported[_reason_class(status, reason)].append(name)
    for reason, names in sorted(unsupported.items(),
                                key=lambda kv: (-len(kv[1]), kv[0])):
        lines.append(f"| {len(names)} | {_cell(reason)} | "
                     f"{_cell(', '.join(sorted(names)))} |")
    lines += [
        "",
        "## Per op",
        "",
        "A test counts under every op of its model.",
        "",
        "| op | passed | failed | unsupported | reasons |",
        "|---|---:|---:|---:|---|",
    ]
    for op in sorted(per_op):
        c = per_op[op]
        why = "; ".join(f"{n}x {r}" for r, n in reasons[op].most_common(3))
        lines.append(f"| {op} | {c['passed']} | {c['failed']} | "
                     f"{c['unsupported']} | {_cell(why)} |")
    lines.append("")
    with open(path, "w") as f:
        f.write("\n".join(lines))


#===----------------------------------------------------------------------===#
# Driver
#===----------------------------------------------------------------------===#


def _find_tool(name: str, tools_dir: str) -> str:
    if tools_dir:
        path = os.path.join(tools_dir, name)
        if os.path.exists(path):
            return path
        sys.exit(f"conformance.py: {name} not found in {tools_dir}")
    path = shutil.which(name)
    if path:
        return path
    for build in sorted(glob.glob(os.path.join(ROOT, "build*", "bin"))):
        if os.path.exists(os.path.join(build, name)):
            return os.path.join(build, name)
    sys.exit(f"conformance.py: {name} not found (use --tools-dir)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        description="Run the ONNX backend node tests through Strata.")
    parser.add_argument("--jobs", "-j", type=int, default=2)
    parser.add_argument("--filter", default=None,
                        help="only tests whose name matches this regex")
    parser.add_argument("--only-passing", action="store_true",
                        help="run the tests of passing.txt; fail if any fails")
    parser.add_argument("--tools-dir", default=None,
                        help="directory of strata-compile and strata-run "
                        "(default: PATH, then build*/bin)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds per compile or run (default 60)")
    parser.add_argument("--no-write", action="store_true",
                        help="do not rewrite the report and passing.txt")
    parser.add_argument("--keep", default=None, metavar="DIR",
                        help="keep each test's files under DIR")
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args(argv)

    tools = {"compile": _find_tool("strata-compile", args.tools_dir),
             "run": _find_tool("strata-run", args.tools_dir)}
    root = node_test_dir()
    names = sorted(d for d in os.listdir(root)
                   if os.path.isdir(os.path.join(root, d)))
    if args.only_passing:
        with open(PASSING) as f:
            wanted = [l.strip() for l in f if l.strip() and
                      not l.startswith("#")]
        missing = sorted(set(wanted) - set(names))
        if missing:
            print(f"missing node tests: {', '.join(missing)}")
            return 1
        names = wanted
    if args.filter:
        names = [n for n in names if re.search(args.filter, n)]

    start = time.time()
    results = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as ex:
        futures = [ex.submit(run_test, os.path.join(root, n), tools,
                             args.timeout, args.keep) for n in names]
        for fut in concurrent.futures.as_completed(futures):
            res = fut.result()
            results.append(res)
            if args.verbose or (args.only_passing and res[1] != "passed"):
                print(f"{res[1].upper():12s} {res[0]}  {res[2]}", flush=True)
    results.sort()
    elapsed = time.time() - start
    total = collections.Counter(r[1] for r in results)
    print(f"passed {total['passed']}, failed {total['failed']}, unsupported "
          f"{total['unsupported']}, bad reference {total['bad-reference']} "
          f"of {len(results)} ({elapsed:.0f} s)")

    if args.only_passing:
        return 0 if total["passed"] == len(results) else 1
    if not args.no_write and not args.filter:
        write_report(results, REPORT, elapsed)
        with open(PASSING, "w") as f:
            f.write("# ONNX node tests that pass through Strata; generated by "
                    "test/onnx/conformance.py.\n")
            for name, status, _, _ in results:
                if status == "passed":
                    f.write(name + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
