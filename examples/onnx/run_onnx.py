#!/usr/bin/env python3
"""The README's main job: an ONNX model through Strata, next to onnxruntime.

Imports MODEL.onnx (default: the bundled small_cnn.onnx), compiles it for
this CPU, runs it on a random input (dynamic dims set to --batch), prints
the top classes of the first result, Strata's and onnxruntime's latency,
and the largest difference between their outputs.

    python3 examples/onnx/run_onnx.py [MODEL.onnx] [--batch N] [--runs N]
                                      [--max-diff TOL]
"""

import argparse
import os
import statistics
import sys
import time

import numpy as np
import onnx
import onnxruntime as ort

import strata


def input_shapes(model: onnx.ModelProto, batch: int):
    initializers = {init.name for init in model.graph.initializer}
    shapes = []
    for value in model.graph.input:
        if value.name in initializers:
            continue
        tensor = value.type.tensor_type
        dims = [d.dim_value if d.HasField("dim_value") else batch
                for d in tensor.shape.dim]
        dtype = onnx.helper.tensor_dtype_to_np_dtype(tensor.elem_type)
        shapes.append((value.name, dims, dtype))
    return shapes


def latency_ms(fn, runs: int):
    fn()  # warm up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return min(times), statistics.median(times)


def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", nargs="?",
                        default=os.path.join(here, "small_cnn.onnx"))
    parser.add_argument("--batch", type=int, default=1)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--max-diff", type=float, default=None,
                        help="exit with status 1 if the largest difference "
                             "from onnxruntime exceeds this")
    args = parser.parse_args(argv)

    model = onnx.load(args.model)
    rng = np.random.default_rng(0)
    inputs = [rng.standard_normal(dims).astype(dtype)
              for _, dims, dtype in input_shapes(model, args.batch)]

    start = time.perf_counter()
    module = strata.compile(args.model, target="cpu")
    compile_s = time.perf_counter() - start
    print(f"== compiled {os.path.basename(args.model)} in {compile_s:.2f} s")

    results = module.main(*inputs)
    if not isinstance(results, tuple):
        results = (results,)
    session = ort.InferenceSession(args.model,
                                   providers=["CPUExecutionProvider"])
    feeds = {name: x for (name, _, _), x in zip(input_shapes(model, args.batch),
                                                inputs)}
    expected = session.run(None, feeds)

    first = results[0].reshape(results[0].shape[0], -1)[0]
    order = np.argsort(-first)[: args.top]
    print(f"== top {len(order)} of result 0 (shape {results[0].shape}), "
          "first item:")
    for rank, index in enumerate(order, 1):
        print(f"  {rank}. class {index:4d}  {first[index]:.6f}")

    strata_min, strata_median = latency_ms(lambda: module.main(*inputs),
                                           args.runs)
    ort_min, ort_median = latency_ms(lambda: session.run(None, feeds),
                                     args.runs)
    print(f"== latency over {args.runs} runs (batch {args.batch}): "
          f"strata median {strata_median:.3f} ms (min {strata_min:.3f}), "
          f"onnxruntime median {ort_median:.3f} ms (min {ort_min:.3f})")
    diff = max(float(np.max(np.abs(r.astype(np.float64) - e)))
               for r, e in zip(results, expected))
    print(f"== largest difference from onnxruntime: {diff:.3g}")
    if args.max_diff is not None and not diff <= args.max_diff:
        print(f"error: the difference exceeds {args.max_diff}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
