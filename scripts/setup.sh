#!/usr/bin/env bash
#===- scripts/setup.sh - Install, build and run the main job -------------===#
#
# On a fresh machine: installs the missing Debian and Python packages,
# builds Strata (tools and the Python package) and runs the main job: the
# bundled ONNX model (examples/onnx/small_cnn.onnx, a small CNN with a
# dynamic batch) is imported, compiled and run from Python
# (examples/onnx/run_onnx.py), printing its top classes, its latency next
# to onnxruntime's and the largest difference from onnxruntime's output;
# then the same model goes through the command-line tools
# (strata-import-onnx, strata-compile, strata-run, strata-bench).
#
#===----------------------------------------------------------------------===#
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

strata_install_deps
strata_build strata-compile strata-run strata-bench strata-dump strata-python

bin="$STRATA_BUILD_DIR/bin"
model="$STRATA_ROOT/examples/onnx/small_cnn.onnx"
work="$STRATA_BUILD_DIR/examples"
mkdir -p "$work"

echo "== main job: python3 examples/onnx/run_onnx.py $model"
PYTHONPATH="$STRATA_BUILD_DIR/python_packages" \
  python3 "$STRATA_ROOT/examples/onnx/run_onnx.py" "$model"

echo "== the same from the shell"
python3 "$STRATA_ROOT/tools/strata-import-onnx/strata-import-onnx" "$model" \
  -o "$work/small_cnn.mlir"
"$bin/strata-compile" "$work/small_cnn.mlir" -o "$work/small_cnn.smod"
python3 -c "import numpy as np; np.save('$work/input.npy', np.random.default_rng(0).standard_normal((1, 3, 32, 32)).astype(np.float32))"
"$bin/strata-run" "$work/small_cnn.smod" --function=main --input=@"$work/input.npy"
"$bin/strata-bench" "$work/small_cnn.smod" --function=main \
  --input=@"$work/input.npy" --repetitions=200
