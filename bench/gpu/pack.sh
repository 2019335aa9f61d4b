#!/usr/bin/env bash
#===- bench/gpu/pack.sh - The GPU benchmark, packed for a GPU machine -----===#
#
# On the build machine: compiles the GPU benchmark's modules for CUDA and
# packs them with strata-bench into one folder (default build/gpu-bench)
# that a GPU machine without compilers runs with `python3 run.py`:
#   - matmul C = A x B, f32, f16 and bf16, n = 1024, 2048, 4096, 8192
#     (inputs are filled by strata-bench: no data files);
#   - with MODELS_DIR (bench/models/make_models.py's output), its .mlirbc
#     models at batch 1 (their weights travel with them: the ResNet-18,
#     MobileNetV2 and BERT layer exports are 87 MB together, over the 64
#     MiB a device run carries: pack them in two runs), and, where
#     MODELS_DIR holds NAME.torchscript.pt, PyTorch eager's baseline.
# compile_times.json records each module's compile time (seconds).
#
#   bash bench/gpu/pack.sh [OUT] [CHIP=sm_90]
#
#===----------------------------------------------------------------------===#
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../../scripts/common.sh"
OUT=${1:-$STRATA_BUILD_DIR/gpu-bench}
CHIP=${2:-sm_90}
BIN=$STRATA_BUILD_DIR/bin
strata_build strata-compile strata-bench strata-dump
rm -rf "$OUT" && mkdir -p "$OUT/bin" "$OUT/lib" "$OUT/modules"
cp "$BIN/strata-bench" "$OUT/bin/"
for lib in libstdc++.so.6 libgcc_s.so.1; do
  path=$(ldd "$BIN/strata-bench" | awk -v l="$lib" '$1 == l { print $3 }')
  [ -n "$path" ] && cp -L "$path" "$OUT/lib/"
done
cp "$here/run.py" "$OUT/"
times="$OUT/compile_times.json"
echo "{" > "$times"
compile() { # source, name
  local start end
  start=$(date +%s.%N)
  "$BIN/strata-compile" "$1" --target=cuda:$CHIP --no-cache -o "$OUT/modules/$2.smod"
  end=$(date +%s.%N)
  printf '  "%s": %.3f,\n' "$2" "$(echo "$end - $start" | bc)" >> "$times"
}
for dtype in f32 f16 bf16; do
  for n in 1024 2048 4096 8192; do
    src="$OUT/matmul_${dtype}_$n.mlir"
    cat > "$src" <<MLIR
func.func @main(%a: tensor<${n}x${n}x$dtype>, %b: tensor<${n}x${n}x$dtype>) -> tensor<${n}x${n}x$dtype> {
  %0 = graph.matmul %a, %b : tensor<${n}x${n}x$dtype>, tensor<${n}x${n}x$dtype> -> tensor<${n}x${n}x$dtype>
  return %0 : tensor<${n}x${n}x$dtype>
}
MLIR
    compile "$src" "matmul_${dtype}_$n"
    rm "$src"
  done
done
for model in ${MODELS_DIR:+$MODELS_DIR/*.mlirbc}; do
  [ -f "$model" ] || continue
  name=$(basename "$model" .mlirbc)
  compile "$model" "model_$name"
  "$BIN/strata-dump" "$OUT/modules/model_$name.smod" --section=functions |
    grep -m1 '^func 0 @main' > "$OUT/modules/model_$name.signature"
  [ -f "$MODELS_DIR/$name.torchscript.pt" ] &&
    cp "$MODELS_DIR/$name.torchscript.pt" "$OUT/modules/"
done
sed -i '$ s/,$//' "$times" && echo "}" >> "$times"
echo "== $(du -sm "$OUT" | cut -f1) MiB in $OUT"
