"""TVM's MetaSchedule on one ONNX model (run by bench/tune/bench_tune.py in
the peers' virtual environment, which has apache-tvm): Relax's ONNX
frontend, relax.pipeline.static_shape_tuning_pipeline with `trials` in all
(MetaSchedule's evolutionary search and XGBoost cost model, the measuring
on this CPU with one thread), tvm.compile, then the median latency of the
VM's main on one thread. Prints one JSON object.

    python tvm_tune.py MODEL.onnx INPUT.npy TRIALS WORK_DIR CPU
"""
import json
import os
import statistics
import sys
import time

os.environ.setdefault("TVM_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import onnx  # noqa: E402
import tvm  # noqa: E402
from tvm import relax  # noqa: E402
from tvm.relax.frontend.onnx import from_onnx  # noqa: E402

model_path, input_path, trials, work_dir, cpu = sys.argv[1:6]
trials = int(trials)
x = np.load(input_path)
target = tvm.target.Target({"kind": "llvm", "mcpu": cpu, "num-cores": 1})
start = time.monotonic()
mod = from_onnx(onnx.load(model_path), keep_params_in_input=True)
mod, params = relax.frontend.detach_params(mod)
# Scalar initializers (Clip's bounds in MobileNetV2) become constants that
# the pipeline's FoldConstant folds: kept as parameters, the frontend's
# where(isnan(bound)) blocks stay in the convolutions' fused functions and
# MetaSchedule's reverse-compute-at fails on them ("requires all the
# producer(s) of the given block to be present under the target loop").
weights = params.get("main", [])
weight_vars = mod["main"].params[len(mod["main"].params) - len(weights):]
scalars = {var: value for var, value in zip(weight_vars, weights)
           if len(value.shape) == 0}
if scalars:
    mod = relax.transform.BindParams("main", scalars)(mod)
    params["main"] = [value for value in weights if len(value.shape) != 0]
if trials > 0:
    mod = relax.pipeline.static_shape_tuning_pipeline(
        total_trials=trials, target=target, work_dir=work_dir)(mod)
else:
    mod = relax.get_pipeline("zero")(mod)
executable = tvm.compile(mod, target=target)
tuning_s = time.monotonic() - start
device = tvm.cpu()
vm = relax.VirtualMachine(executable, device)
arguments = [tvm.runtime.tensor(x, device)] + \
    [tvm.runtime.tensor(p.numpy(), device) for p in params.get("main", [])]
for _ in range(3):
    vm["main"](*arguments)
times = []
for _ in range(20):
    begin = time.perf_counter()
    vm["main"](*arguments)
    times.append((time.perf_counter() - begin) * 1e3)
print(json.dumps({"latency_ms": statistics.median(times),
                  "tuning_s": tuning_s, "trials": trials}))
