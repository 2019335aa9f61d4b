#!/usr/bin/env bash
#===- scripts/gpu-pack.sh - The GPU test set, packed for a GPU machine ----===#
#
# On the build machine: compiles the GPU test set for CUDA and packs what a
# run needs into one folder (default build/gpu-pack, well under 64 MiB):
#   bin/            strata-run, strata-bench and the runtime unit tests
#                   (StrataRuntimeTests: the CUDA device layer's tests)
#   lib/            this machine's libstdc++ and libgcc_s (the GPU
#                   machine's may be older; libcuda comes from its driver)
#   e2e/NAME.smod   every e2e program (test/e2e: every graph op and the
#                   small networks) compiled with --target=cuda:CHIP; its
#                   @entry compares each result with the reference
#                   evaluator's (constants in the module) and returns [1.]
#   e2e/NAME.count  how many [1.] it prints
#   models/NAME.*   example models: module, input, reference output (the
#                   CPU backend's, computed here)
#   run.sh          scripts/gpu-run.sh
# Then, on the GPU machine (python3 with numpy):  bash gpu-pack/run.sh
#
#   bash scripts/gpu-pack.sh [OUT] [CHIP=sm_90]
#
#===----------------------------------------------------------------------===#
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
OUT=${1:-$STRATA_BUILD_DIR/gpu-pack}
CHIP=${2:-sm_90}
BIN=$STRATA_BUILD_DIR/bin
strata_build strata-opt strata-compile strata-run strata-bench StrataRuntimeTests
rm -rf "$OUT" && mkdir -p "$OUT/bin" "$OUT/lib" "$OUT/e2e" "$OUT/models"
cp "$BIN/strata-run" "$BIN/strata-bench" "$OUT/bin/"
tests=$(find "$STRATA_BUILD_DIR" -name StrataRuntimeTests -type f -perm -u+x | head -1)
[ -n "$tests" ] && cp "$tests" "$OUT/bin/"
for lib in libstdc++.so.6 libgcc_s.so.1; do
  path=$(ldd "$BIN/strata-run" | awk -v l="$lib" '$1 == l { print $3 }')
  [ -n "$path" ] && cp -L "$path" "$OUT/lib/"
done
cp "$STRATA_ROOT/scripts/gpu-run.sh" "$OUT/run.sh"

echo "== e2e programs for cuda:$CHIP"
for f in "$STRATA_ROOT"/test/e2e/*.mlir; do
  grep -q "test-graph-build-e2e=return-checks" "$f" || continue
  name=$(basename "$f" .mlir)
  count=$(grep -o "CHECK-COUNT-[0-9]*" "$f" | head -1 | sed 's/CHECK-COUNT-//')
  [ -n "$count" ] || continue
  # The test's own options (a tolerance).
  options=$(grep -o '"--test-graph-build-e2e=[^"]*"' "$f" | head -1 | tr -d '"' || true)
  [ -n "$options" ] || options=--test-graph-build-e2e=return-checks
  "$BIN/strata-opt" "$f" "$options" -o "$OUT/e2e/$name.mlir"
  "$BIN/strata-compile" "$OUT/e2e/$name.mlir" --target=cuda:$CHIP -o "$OUT/e2e/$name.smod"
  rm "$OUT/e2e/$name.mlir"
  echo "$count" > "$OUT/e2e/$name.count"
done

echo "== example models"
python3 - "$OUT/models" <<'PY'
import numpy as np, sys
np.random.seed(0)
np.save(sys.argv[1] + "/mlp.in.npy", np.random.rand(3, 1, 4, 4).astype(np.float32))
PY
"$BIN/strata-compile" "$STRATA_ROOT/examples/models/mlp.mlir" --target=cuda:$CHIP -o "$OUT/models/mlp.smod"
"$BIN/strata-compile" "$STRATA_ROOT/examples/models/mlp.mlir" -o "$OUT/mlp.cpu.smod"
"$BIN/strata-run" "$OUT/mlp.cpu.smod" --input=@"$OUT/models/mlp.in.npy" --output=@"$OUT/models/mlp.ref.npy" > /dev/null
rm "$OUT/mlp.cpu.smod"
# Bench models exported by bench/models/make_models.py (MODELS_DIR), when
# set: the MLIR bytecode of each, compiled for both backends. Their weights
# count twice (in the pack and in what carries it): MobileNetV2 and the
# BERT layer fit, ResNet-18 (45 MB) too only alone.
for model in ${MODELS_DIR:+$MODELS_DIR/*.mlirbc}; do
  [ -f "$model" ] || continue
  name=$(basename "$model" .mlirbc)
  "$BIN/strata-compile" "$model" --target=cuda:$CHIP -o "$OUT/models/$name.smod"
  "$BIN/strata-compile" "$model" -o "$OUT/$name.cpu.smod"
  python3 - "$OUT/$name.cpu.smod" "$OUT/models/$name.in.npy" "$BIN/strata-dump" <<'PY'
import numpy as np, re, subprocess, sys
sig = subprocess.run([sys.argv[3], sys.argv[1], "--section=functions"],
                     capture_output=True, text=True).stdout
arg = re.search(r"@main\(%r0: tensor<([0-9x]+)x(f32|i64)>", sig)
shape = [int(d) for d in arg.group(1).split("x")]
np.random.seed(0)
x = (np.random.randint(0, 1000, shape) if arg.group(2) == "i64"
     else np.random.rand(*shape).astype(np.float32))
np.save(sys.argv[2], x)
PY
  "$BIN/strata-run" "$OUT/$name.cpu.smod" --input=@"$OUT/models/$name.in.npy" --output=@"$OUT/models/$name.ref.npy" > /dev/null
  rm "$OUT/$name.cpu.smod"
done
size=$(du -sm "$OUT" | cut -f1)
echo "== $size MiB"
if [ "$size" -ge 64 ]; then
  echo "warning: the pack is $size MiB, over the 64 MiB a device run carries: name fewer models in MODELS_DIR" >&2
fi
echo "== packed $(ls "$OUT"/e2e/*.smod | wc -l) e2e programs and $(ls "$OUT"/models/*.smod | wc -l) models into $OUT"
