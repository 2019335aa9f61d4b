#!/usr/bin/env bash
#===- bench/run.sh - The benchmark suite: kernels and models -------------===#
#
# One command for the whole suite (issue 7):
#
#   bash bench/run.sh [--quick]
#
# 1. builds strata-compile, strata-run, strata-bench and the Python
#    extension in STRATA_BUILD_DIR (default: build-bench), installs what the
#    baselines need when missing (libopenblas-dev, libdnnl-dev with apt;
#    bench/requirements.txt, onnxruntime's latest release included, in the
#    bench's own virtual environment STRATA_BUILD_DIR/bench-venv, never the
#    test suite's) and compiles the two C/C++ baselines;
# 2. bench/kernels/bench_kernels.py: matmul vs OpenBLAS, conv2d vs oneDNN,
#    1 and 2 threads;
# 3. bench/models/bench_models.py: MLP, ResNet-18, MobileNetV2 and a BERT
#    encoder layer vs onnxruntime (and PyTorch when importable);
# 4. bench/results/make_report.py: the report (README.md), the PNG charts
#    and the raw JSON (kernels.json, models.json, machine.json: the CPU's
#    model, LLVM name and ISA extensions) in bench/results/CPU/, where CPU
#    names this machine's CPU (make_report.py --cpu-id: "amd-znver4"), and
#    the index of every CPU's figures, bench/results/README.md.
#
# --quick runs a subset of the kernel shapes and fewer repetitions (about
# 3 minutes instead of about 10). RESULTS_DIR overrides bench/results/CPU
# (the figures of a quick run should not replace the committed full ones:
# --quick writes to bench/results/quick/CPU/ unless RESULTS_DIR is set).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="${STRATA_BUILD_DIR:-$root/build-bench}"
quick=()
cpu_id="$(python3 "$here/results/make_report.py" --cpu-id)"
default_results="$here/results/$cpu_id"
for arg in "$@"; do
  case "$arg" in
    --quick) quick=(--quick); default_results="$here/results/quick/$cpu_id" ;;
    -h|--help) sed -n '2,24p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/run.sh: unknown argument '$arg' (see --help)" >&2; exit 2 ;;
  esac
done
results="${RESULTS_DIR:-$default_results}"
mkdir -p "$results"

echo "== building Strata in $build" >&2
if [ ! -f "$build/build.ninja" ]; then
  export CCACHE_BASEDIR="$root"
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit >/dev/null
fi
ninja -C "$build" strata-compile strata-run strata-bench strata-python >/dev/null

echo "== checking the baselines' dependencies" >&2
missing=()
# The library, not cblas.h: libblas-dev installs that header too, and the
# baseline links -lopenblas.
[ -e /usr/lib/x86_64-linux-gnu/libopenblas.so ] || missing+=(libopenblas-dev)
[ -e /usr/include/dnnl.hpp ] || [ -e /usr/include/oneapi/dnnl/dnnl.hpp ] ||
  missing+=(libdnnl-dev)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]}" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null
fi
# The bench's own environment: the baselines' pinned (latest) releases,
# remade when bench/requirements.txt changes. The strata package comes from
# the build (PYTHONPATH below), built for the same python3.
venv="$build/bench-venv"
strata_venv "$venv" "$here/requirements.txt"
py="$venv/bin/python"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/sgemm" "$here/matmul/sgemm_openblas.c" -lopenblas
"${CXX:-clang++-22}" -O2 -std=c++17 -o "$work/conv_onednn" \
  "$here/kernels/conv_onednn.cpp" -ldnnl

export PYTHONPATH="$build/python_packages${PYTHONPATH:+:$PYTHONPATH}"
"$py" "$here/results/make_report.py" --machine "$results/machine.json" \
  --build "$build"
"$py" "$here/kernels/bench_kernels.py" --build "$build" \
  --sgemm "$work/sgemm" --onednn "$work/conv_onednn" \
  --out "$results/kernels.json" --work "$work" "${quick[@]}"
# numpy's own OpenBLAS threads stay out of the way: idle, they still took
# one of the two cores from Strata's and onnxruntime's 2-thread runs
# (ResNet-18 on 2 threads measured 33 ms with them, 21-24 ms without).
OPENBLAS_NUM_THREADS=1 "$py" "$here/models/bench_models.py" \
  --out "$results/models.json" --work "$work" "${quick[@]}"
"$py" "$here/results/make_report.py" --machine "$results/machine.json" \
  --build "$build" --finish
"$py" "$here/results/make_report.py" --results "$results"
echo "== wrote $results/README.md" >&2
if [ -z "${RESULTS_DIR:-}" ] && [ ${#quick[@]} -eq 0 ]; then
  "$py" "$here/results/make_report.py" --index "$here/results"
  echo "== wrote $here/results/README.md" >&2
fi
