#!/usr/bin/env python3
"""Statically quantized and bf16 models: Strata against onnxruntime.

For each model of bench/models/make_models.py (batch 1): the f32 model,
and the model quantized by onnxruntime's `quantize_static` with a fixed
calibration set (16 seeded random inputs; u8 activations, s8 weights, the
tool's defaults) in the QDQ and in the QOperator format, and in the QDQ
format after onnxruntime's recommended pre-processing (`quant_pre_process`:
its graph optimizations fold each BatchNormalization into the convolution
before it, so that a convolution is quantized once instead of once before
and once after a float batch norm), and quantized by `quantize_dynamic`
(weights s8 at compile time, each activation quantized at run time by a
DynamicQuantizeLinear: the usual flow for transformers). Each quantized
file runs in Strata and in onnxruntime on the same fixed set of inputs
(8 seeded inputs, none of them calibration inputs):

- accuracy: for the classifiers, how often the top-1 class (the argmax of
  the last axis) agrees with onnxruntime's; the largest difference from
  onnxruntime's output in quantization steps of the output (the scale of
  the DequantizeLinear that makes it), and each engine's against
  onnxruntime with its optimizations off (the ONNX spec's arithmetic,
  op by op);
- latency: the median of rounds alternating between the engines, on
  `--threads` threads, against Strata's and onnxruntime's f32 models.

And the f32 model compiled with `precision="bf16"` (products and
convolutions of the weights on bf16 inputs, sums in f32): its largest
difference from onnxruntime's f32 output, absolute and relative to the
largest output, the top-1 agreement with it, and its latency against
onnxruntime's f32 (onnxruntime's CPU provider has no bf16 mode on x86).

    python3 bench/quant/bench_quant.py --out quant.json [--models a,b]
        [--threads 1] [--quick]

Needs PYTHONPATH to contain BUILD/python_packages (bench/quant/run.sh sets
it).
"""

import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "models"))
from bench_models import run_model_suite, time_alternating  # noqa: E402

MODELS = ("resnet18", "mobilenetv2", "bert_layer", "mlp")
#: Models whose output is class scores (top-1 is meaningful).
CLASSIFIERS = {"resnet18": True, "mobilenetv2": True, "mlp": True}
FORMATS = ("qdq", "qop", "qdq_pre", "dynamic")
CALIBRATION_INPUTS = 16
CHECK_INPUTS = 8


def input_shape(model):
    return [d.dim_value for d in
            model.graph.input[0].type.tensor_type.shape.dim]


def inputs(shape, count, seed):
    import numpy as np
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(shape).astype(np.float32)
            for _ in range(count)]


def quantize(f32_path, out_path, fmt, shape):
    """onnxruntime's quantize_static of `f32_path` in format `fmt` (qdq,
    qop, or qdq_pre: QDQ after quant_pre_process), or its quantize_dynamic
    (dynamic)."""
    from onnxruntime import quantization as q
    if fmt == "dynamic":
        q.quantize_dynamic(f32_path, out_path, weight_type=q.QuantType.QInt8)
        return
    if fmt == "qdq_pre":
        from onnxruntime.quantization.shape_inference import \
            quant_pre_process
        pre_path = out_path + ".pre.onnx"
        # (Symbolic shape inference is for dynamic transformer inputs; the
        # bench models have static shapes.)
        quant_pre_process(f32_path, pre_path, skip_symbolic_shape=True)
        f32_path, fmt = pre_path, "qdq"

    class Reader(q.CalibrationDataReader):
        def __init__(self, name):
            self.feeds = iter([{name: x} for x in
                               inputs(shape, CALIBRATION_INPUTS, 1)])

        def get_next(self):
            return next(self.feeds, None)

    import onnx
    name = onnx.load(f32_path).graph.input[0].name
    q.quantize_static(
        f32_path, out_path, Reader(name),
        quant_format=q.QuantFormat.QDQ if fmt == "qdq"
        else q.QuantFormat.QOperator,
        activation_type=q.QuantType.QUInt8, weight_type=q.QuantType.QInt8)


def output_step(path):
    """The scale of the quantized tensor the model's output is
    dequantized from, or None."""
    import onnx
    from onnx import numpy_helper
    model = onnx.load(path)
    inits = {i.name: i for i in model.graph.initializer}
    out = model.graph.output[0].name
    for node in model.graph.node:
        if out in node.output and node.op_type == "DequantizeLinear":
            scale = inits.get(node.input[1])
            if scale is not None:
                return float(numpy_helper.to_array(scale).max())
    return None


def ort_session(path, threads, optimize=True):
    import onnxruntime as ort
    options = ort.SessionOptions()
    if not optimize:
        # The graph evaluated op by op as the ONNX spec defines it.
        options.graph_optimization_level = (
            ort.GraphOptimizationLevel.ORT_DISABLE_ALL)
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    return ort.InferenceSession(path, options,
                                providers=["CPUExecutionProvider"])


def bench_model(name, f32_path, work, threads, quick):
    import numpy as np
    import onnx
    import strata

    row = {"name": name, "threads": threads}
    model = onnx.load(f32_path)
    shape = input_shape(model)
    in_name = model.graph.input[0].name
    checks = inputs(shape, CHECK_INPUTS, 2)
    engines = {}
    paths = {"f32": f32_path}
    for fmt in FORMATS:
        paths[fmt] = os.path.join(work, f"{name}.{fmt}.onnx")
        start = time.perf_counter()
        quantize(f32_path, paths[fmt], fmt, shape)
        row[f"{fmt}_quantize_s"] = time.perf_counter() - start
    outputs = {}
    for fmt, path in paths.items():
        session = ort_session(path, threads)
        expected = [session.run(None, {in_name: x})[0] for x in checks]
        outputs[fmt] = expected
        engines[f"ort_{fmt}"] = (lambda s, x: lambda: s.run(
            None, {in_name: x}))(session, checks[0])
        try:
            start = time.perf_counter()
            compiled = strata.compile(path, cache=False, threads=threads)
            row[f"strata_{fmt}_compile_s"] = time.perf_counter() - start
        except Exception as error:  # reported; the other variants still run
            row[f"strata_{fmt}_error"] = f"{type(error).__name__}: {error}"
            continue
        got = [compiled.main(x) for x in checks]
        diff = max(float(np.max(np.abs(g.astype(np.float64) - e)))
                   for g, e in zip(got, expected))
        row[f"strata_{fmt}_max_abs_diff"] = diff
        step = output_step(path)
        if step:
            row[f"strata_{fmt}_max_diff_steps"] = diff / step
            # Against the spec's arithmetic (onnxruntime unoptimized), and
            # how far onnxruntime's optimized kernels are from it.
            spec = ort_session(path, threads, optimize=False)
            reference = [spec.run(None, {in_name: x})[0] for x in checks]
            row[f"strata_{fmt}_spec_diff_steps"] = max(
                float(np.max(np.abs(g.astype(np.float64) - r)))
                for g, r in zip(got, reference)) / step
            row[f"ort_{fmt}_spec_diff_steps"] = max(
                float(np.max(np.abs(e.astype(np.float64) - r)))
                for e, r in zip(expected, reference)) / step
        if CLASSIFIERS.get(name):
            agree = [int(np.argmax(g, -1).tolist() ==
                         np.argmax(e, -1).tolist())
                     for g, e in zip(got, expected)]
            row[f"strata_{fmt}_top1_agree"] = f"{sum(agree)}/{len(agree)}"
        engines[f"strata_{fmt}"] = (lambda m, x: lambda: m.main(x))(
            compiled, checks[0])
    bench_bf16(row, name, f32_path, threads, checks, outputs["f32"], engines)
    if "strata_f32_error" not in row:
        # How far int8 moves the output from the f32 model's (onnxruntime's
        # int8 against its f32): what the quantization itself costs.
        ref = ort_session(f32_path, threads)
        session = ort_session(paths["qdq"], threads)
        row["ort_qdq_vs_f32_max_abs_diff"] = max(
            float(np.max(np.abs(session.run(None, {in_name: x})[0] -
                                ref.run(None, {in_name: x})[0])))
            for x in checks)
    for engine, results in time_alternating(engines, quick,
                                            warmup_s=0.2).items():
        row[f"{engine}_ms"] = statistics.median(r[0] for r in results)
    return row


def bench_bf16(row, name, f32_path, threads, checks, expected, engines):
    """The f32 model compiled with precision="bf16" into `row` (accuracy
    against onnxruntime's f32 `expected`) and `engines`."""
    import numpy as np
    import strata
    try:
        start = time.perf_counter()
        compiled = strata.compile(f32_path, cache=False, threads=threads,
                                  precision="bf16")
        row["strata_bf16_compile_s"] = time.perf_counter() - start
    except Exception as error:  # reported; the other variants still run
        row["strata_bf16_error"] = f"{type(error).__name__}: {error}"
        return
    got = [compiled.main(x) for x in checks]
    diff = max(float(np.max(np.abs(g.astype(np.float64) - e)))
               for g, e in zip(got, expected))
    row["strata_bf16_max_abs_diff"] = diff
    row["strata_bf16_max_rel_diff"] = diff / max(
        float(np.max(np.abs(e))) for e in expected)
    if CLASSIFIERS.get(name):
        agree = [int(np.argmax(g, -1).tolist() == np.argmax(e, -1).tolist())
                 for g, e in zip(got, expected)]
        row["strata_bf16_top1_agree"] = f"{sum(agree)}/{len(agree)}"
    engines["strata_bf16"] = (lambda m, x: lambda: m.main(x))(compiled,
                                                              checks[0])


def report(rows, threads):
    lines = ["| model | format | Strata | onnxruntime | Strata / onnxruntime "
             "| top-1 agree | max diff (steps) | vs spec: Strata, "
             "onnxruntime (steps) |",
             "|---|---|---|---|---|---|---|---|"]

    def ms(row, key):
        value = row.get(f"{key}_ms")
        return f"{value:.2f} ms" if value is not None else "error"

    for row in rows:
        for fmt in ("f32",) + FORMATS + ("bf16",):
            # (bf16: against onnxruntime's f32.)
            ort_fmt = "f32" if fmt == "bf16" else fmt
            s, o = row.get(f"strata_{fmt}_ms"), row.get(f"ort_{ort_fmt}_ms")
            ratio = f"{o / s:.2f}x faster" if s and o and s <= o else (
                f"{s / o:.2f}x slower" if s and o else "-")
            steps = row.get(f"strata_{fmt}_max_diff_steps")
            diff = (f"{steps:.2f}" if steps is not None else
                    f"{row.get(f'strata_{fmt}_max_abs_diff', 0):.2g} (abs)")
            if fmt == "bf16" and "strata_bf16_max_rel_diff" in row:
                diff += f", {row['strata_bf16_max_rel_diff']:.2g} (rel)"
            spec = row.get(f"strata_{fmt}_spec_diff_steps")
            spec = (f"{spec:.2f}, {row[f'ort_{fmt}_spec_diff_steps']:.2f}"
                    if spec is not None else "-")
            lines.append(
                f"| {row['name']} | {fmt} | {ms(row, f'strata_{fmt}')} | "
                f"{ms(row, f'ort_{ort_fmt}')} | {ratio} | "
                f"{row.get(f'strata_{fmt}_top1_agree', '-')} | {diff} | "
                f"{spec} |")
    lines.append("")
    lines.append(
        f"{threads} thread(s); quantize_static (u8 activations, s8 weights, "
        f"{CALIBRATION_INPUTS} calibration inputs; qdq_pre: the QDQ file "
        "quantized after onnxruntime's quant_pre_process, which folds batch "
        "norms into convolutions; dynamic: quantize_dynamic, s8 weights, "
        f"activations quantized at run time), {CHECK_INPUTS} checked "
        "inputs (top-1 for the classifiers); diff against onnxruntime "
        "running the same file, in steps of the output's quantization scale "
        "(f32: absolute); vs spec: each engine against onnxruntime with its "
        "optimizations off, which evaluates the graph op by op as the ONNX "
        "spec defines it. bf16: the f32 model compiled with "
        "precision=\"bf16\" (weights and activations of the products and "
        "convolutions rounded to bf16, sums in f32) against onnxruntime's "
        "f32 model; its diff is from onnxruntime's f32 output, absolute and "
        "relative to the largest output.")
    for row in rows:
        for key, value in row.items():
            if key.endswith("_error"):
                lines.append(f"- {row['name']} {key[:-6]}: {value}")
    return "\n".join(lines)


def main(argv=None):
    return run_model_suite(__doc__.splitlines()[0], MODELS, bench_model,
                           report, argv)


if __name__ == "__main__":
    sys.exit(main())
