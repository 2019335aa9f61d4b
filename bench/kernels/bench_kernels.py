#!/usr/bin/env python3
"""Strata's matmul and conv2d kernels against OpenBLAS and oneDNN.

Every Strata figure goes through the real runtime path: the kernel is
compiled to a .smod module (strata-compile for matmul, the Python API's
ONNX path for conv2d, both ending in the same serializer) and timed by
strata-bench (best of N Session::invoke calls after a warm-up, --threads=1
and 2). The baselines run in the same invocation, on the same shapes and
thread counts: OpenBLAS's cblas_sgemm (bench/matmul/sgemm_openblas.c,
OPENBLAS_CORETYPE=SkylakeX, or Haswell without AVX-512) and oneDNN's
direct convolution (bench/kernels/conv_onednn.cpp, plain NCHW and the
layouts oneDNN prefers).
Each Strata result is checked against numpy (matmul) or onnxruntime (conv)
before it is timed; a wrong result is reported, not timed.

    python3 bench/kernels/bench_kernels.py --build BUILD --sgemm BIN
        --onednn BIN --out kernels.json [--quick] [--work DIR]

Needs PYTHONPATH to contain BUILD/python_packages (bench/run.sh sets it).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

# (M, N, K) of the matmul table: the squares of bench/matmul plus odd
# shapes (a prime, a non-square with no power-of-two factor, a GEMV-like
# single row).
MATMUL_FULL = [(128, 128, 128), (256, 256, 256), (512, 512, 512),
               (1000, 1000, 1000), (1024, 1024, 1024), (2048, 2048, 2048),
               (127, 127, 127), (333, 777, 555), (1, 1024, 1024)]
MATMUL_QUICK = [(128, 128, 128), (512, 512, 512), (1000, 1000, 1000),
                (127, 127, 127), (1, 1024, 1024)]

# name: (C, H, W, OC, kernel, stride, groups); batch 1, padding kernel // 2.
CONV_FULL = {
    "resnet18 3x3 s1 64->64 56x56": (64, 56, 56, 64, 3, 1, 1),
    "resnet18 3x3 s2 64->128 56x56": (64, 56, 56, 128, 3, 2, 1),
    "resnet18 1x1 s2 64->128 56x56 (downsample)": (64, 56, 56, 128, 1, 2, 1),
    "resnet18 7x7 s2 3->64 224x224 (stem)": (3, 224, 224, 64, 7, 2, 1),
    "resnet18 3x3 s1 512->512 7x7": (512, 7, 7, 512, 3, 1, 1),
    "mobilenetv2 dw 3x3 s1 144ch 56x56": (144, 56, 56, 144, 3, 1, 144),
    "mobilenetv2 dw 3x3 s2 144ch 56x56": (144, 56, 56, 144, 3, 2, 144),
    "mobilenetv2 1x1 24->144 56x56 (expand)": (24, 56, 56, 144, 1, 1, 1),
    "mobilenetv2 1x1 144->24 56x56 (project)": (144, 56, 56, 24, 1, 1, 1),
}
CONV_QUICK = ["resnet18 3x3 s1 64->64 56x56",
              "resnet18 7x7 s2 3->64 224x224 (stem)",
              "mobilenetv2 dw 3x3 s1 144ch 56x56",
              "mobilenetv2 1x1 24->144 56x56 (expand)"]

THREADS = (1, 2)


# A tool that hangs must not stop the whole run: its row reports the error.
TOOL_TIMEOUT_S = 600


def run_tool(cmd, **kwargs):
    """subprocess.run with captured text output and TOOL_TIMEOUT_S; a
    timeout comes back as exit status 124 with a message on stderr."""
    try:
        return subprocess.run(cmd, capture_output=True, text=True,
                              timeout=TOOL_TIMEOUT_S, **kwargs)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(
            cmd, 124, "", f"{os.path.basename(cmd[0])} timed out after "
            f"{TOOL_TIMEOUT_S} s")


def repetitions(flops, quick):
    """Timed runs so that one measurement takes about 0.3 s (0.1 s quick) at
    an assumed 50 GFLOP/s, between 3 and 50."""
    seconds = flops / 50e9
    budget = 0.1 if quick else 0.3
    return int(min(50, max(3, budget / max(seconds, 1e-9))))


_UNITS = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}


def strata_bench_ms(build, module, inputs, threads, reps):
    """Runs strata-bench and returns its min and median, in milliseconds."""
    cmd = [os.path.join(build, "bin", "strata-bench"), module,
           f"--threads={threads}", f"--repetitions={reps}", "--warmup=2"]
    cmd += [f"--input=@{path}" for path in inputs]
    proc = run_tool(cmd)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "strata-bench failed")
    found = {}
    for key in ("min", "median"):
        match = re.search(rf"^{key}:\s+([0-9.]+) (ns|us|ms|s)$", proc.stdout,
                          re.MULTILINE)
        if not match:
            raise RuntimeError(f"cannot read '{key}' in strata-bench output:\n"
                               + proc.stdout)
        found[key] = float(match.group(1)) * _UNITS[match.group(2)]
    return found["min"], found["median"]


def run_matmul(args, work, shapes):
    import strata
    rows = []
    for m, n, k in shapes:
        row = {"m": m, "n": n, "k": k, "flops": 2 * m * n * k}
        print(f"== matmul {m}x{n}x{k}", file=sys.stderr, flush=True)
        reps = repetitions(row["flops"], args.quick)
        row["repetitions"] = reps
        try:
            src = os.path.join(work, f"mm_{m}_{n}_{k}.mlir")
            with open(src, "w") as f:
                f.write(
                    f"func.func @main(%a: tensor<{m}x{k}xf32>, "
                    f"%b: tensor<{k}x{n}xf32>) -> tensor<{m}x{n}xf32> {{\n"
                    f"  %0 = graph.matmul %a, %b : tensor<{m}x{k}xf32>, "
                    f"tensor<{k}x{n}xf32> -> tensor<{m}x{n}xf32>\n"
                    f"  return %0 : tensor<{m}x{n}xf32>\n}}\n")
            module = src[:-5] + ".smod"
            start = time.perf_counter()
            proc = run_tool(
                [os.path.join(args.build, "bin", "strata-compile"), src,
                 "-o", module])
            row["compile_s"] = time.perf_counter() - start
            if proc.returncode != 0:
                raise RuntimeError("strata-compile: " + proc.stderr.strip())
            rng = np.random.default_rng(0)
            a = rng.standard_normal((m, k)).astype(np.float32)
            b = rng.standard_normal((k, n)).astype(np.float32)
            paths = [os.path.join(work, "a.npy"), os.path.join(work, "b.npy")]
            np.save(paths[0], a)
            np.save(paths[1], b)
            got = strata.load(module, threads=1).main(a, b)
            want = a.astype(np.float64) @ b.astype(np.float64)
            # Relative to the size of the terms (sqrt(K) for N(0,1) data).
            row["max_abs_diff"] = float(np.max(np.abs(got - want)))
            if not row["max_abs_diff"] <= 1e-4 * k:
                raise RuntimeError(f"wrong product: max abs diff "
                                   f"{row['max_abs_diff']:.3g} from numpy")
            for t in THREADS:
                best, median = strata_bench_ms(args.build, module, paths, t,
                                               reps)
                row[f"strata_ms_t{t}"] = best
                row[f"strata_median_ms_t{t}"] = median
                row[f"strata_gflops_t{t}"] = row["flops"] / best * 1e-6
        except Exception as error:  # reported in the table, not fatal
            row["error"] = str(error)
        for t in THREADS:
            env = dict(os.environ, OPENBLAS_NUM_THREADS=str(t),
                       OPENBLAS_CORETYPE=openblas_coretype())
            proc = run_tool([args.sgemm, str(m), str(n), str(k), str(reps)],
                            env=env)
            if proc.returncode == 0:
                row[f"openblas_gflops_t{t}"] = float(proc.stdout.strip())
            else:
                row[f"openblas_error_t{t}"] = (
                    proc.stderr.strip() or
                    f"sgemm exited with status {proc.returncode}")
        rows.append(row)
    return rows


def openblas_coretype():
    """The OpenBLAS kernel set for this host: Debian's OpenBLAS misdetects
    these server CPUs, and SkylakeX's AVX-512 kernels die of SIGILL on a
    CPU without AVX-512."""
    try:
        with open("/proc/cpuinfo") as f:
            flags = next((line for line in f if line.startswith("flags")), "")
    except OSError:
        flags = ""
    return "SkylakeX" if " avx512f" in flags else "Haswell"


def conv_model(c, h, w, oc, k, stride, groups, nhwc=False):
    """A one-node ONNX Conv; with `nhwc`, its input and output are NHWC
    tensors around the NCHW Conv (Transpose, Conv, Transpose), which
    Strata's layout conversion cancels: the module is the NHWC kernels the
    models run, with no layout copies to time."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper
    rng = np.random.default_rng(0)
    weight = (rng.standard_normal((oc, c // groups, k, k)) *
              (2.0 / (c // groups * k * k)) ** 0.5).astype(np.float32)
    pad = k // 2
    oh = (h + 2 * pad - k) // stride + 1
    ow = (w + 2 * pad - k) // stride + 1
    conv = helper.make_node("Conv", ["xt" if nhwc else "x", "w"],
                            ["yt" if nhwc else "y"], kernel_shape=[k, k],
                            strides=[stride, stride], pads=[pad] * 4,
                            group=groups)
    nodes = [conv]
    if nhwc:
        nodes = [helper.make_node("Transpose", ["x"], ["xt"],
                                  perm=[0, 3, 1, 2]), conv,
                 helper.make_node("Transpose", ["yt"], ["y"],
                                  perm=[0, 2, 3, 1])]
    in_shape = [1, h, w, c] if nhwc else [1, c, h, w]
    out_shape = [1, oh, ow, oc] if nhwc else [1, oc, oh, ow]
    graph = helper.make_graph(
        nodes, "conv",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, in_shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, out_shape)],
        initializer=[numpy_helper.from_array(weight, "w")])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    return model, oh, ow


def run_conv(args, work, names):
    import onnxruntime as ort
    import strata
    rows = []
    for name in names:
        c, h, w, oc, k, stride, groups = CONV_FULL[name]
        print(f"== conv {name}", file=sys.stderr, flush=True)
        model, oh, ow = conv_model(c, h, w, oc, k, stride, groups)
        flops = 2 * oc * oh * ow * (c // groups) * k * k
        reps = repetitions(flops, args.quick)
        row = {"name": name, "c": c, "h": h, "w": w, "oc": oc, "k": k,
               "stride": stride, "groups": groups, "flops": flops,
               "repetitions": reps}
        # The NCHW kernels (strata_*), as oneDNN's "plain" path gets NCHW
        # memory, and the NHWC kernels the models run (strata_nhwc_*), as
        # oneDNN's best layout is NHWC on these CPUs.
        for layout, prefix in (("nchw", "strata"), ("nhwc", "strata_nhwc")):
            try:
                start = time.perf_counter()
                model, _, _ = conv_model(c, h, w, oc, k, stride, groups,
                                         nhwc=layout == "nhwc")
                compiled = strata.compile(model, layout=layout)
                row[f"{prefix}_compile_s"] = time.perf_counter() - start
                module = os.path.join(work, f"conv_{layout}.smod")
                compiled.save(module)
                shape = (1, h, w, c) if layout == "nhwc" else (1, c, h, w)
                x = np.random.default_rng(1).standard_normal(shape).astype(
                    np.float32)
                xpath = os.path.join(work, f"x_{layout}.npy")
                np.save(xpath, x)
                got = strata.load(module, threads=1).main(x)
                want = ort.InferenceSession(
                    model.SerializeToString(),
                    providers=["CPUExecutionProvider"]).run(None,
                                                            {"x": x})[0]
                diff = float(np.max(np.abs(got - want)))
                row[f"{prefix}_max_abs_diff"] = diff
                if not diff <= 1e-3:
                    raise RuntimeError(f"wrong result ({layout}): max abs "
                                       f"diff {diff:.3g} from onnxruntime")
                for t in THREADS:
                    best, median = strata_bench_ms(args.build, module,
                                                   [xpath], t, reps)
                    row[f"{prefix}_ms_t{t}"] = best
                    row[f"{prefix}_median_ms_t{t}"] = median
            except Exception as error:  # reported in the table, not fatal
                row[f"{prefix}_error"] = str(error)
        for t in THREADS:
            env = dict(os.environ, OMP_NUM_THREADS=str(t))
            proc = run_tool(
                [args.onednn, "1", str(c), str(h), str(w), str(oc), str(k),
                 str(k), str(stride), str(k // 2), str(groups), str(reps)],
                env=env)
            if proc.returncode == 0:
                result = json.loads(proc.stdout)
                for key, value in result.items():
                    row[f"onednn_{key}_t{t}"] = value
            else:
                row[f"onednn_error_t{t}"] = proc.stderr.strip()
        rows.append(row)
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", required=True)
    parser.add_argument("--sgemm", required=True,
                        help="the compiled bench/matmul/sgemm_openblas.c")
    parser.add_argument("--onednn", required=True,
                        help="the compiled bench/kernels/conv_onednn.cpp")
    parser.add_argument("--out", required=True)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--work", default=None)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        work = args.work or tmp
        os.makedirs(work, exist_ok=True)
        result = {
            "quick": args.quick,
            "matmul": run_matmul(args, work,
                                 MATMUL_QUICK if args.quick else MATMUL_FULL),
            "conv": run_conv(args, work,
                             CONV_QUICK if args.quick else list(CONV_FULL)),
        }
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
