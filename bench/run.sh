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
#    bench/requirements.txt with pip) and compiles the two C/C++ baselines;
# 2. bench/kernels/bench_kernels.py: matmul vs OpenBLAS, conv2d vs oneDNN,
#    1 and 2 threads;
# 3. bench/models/bench_models.py: MLP, ResNet-18, MobileNetV2 and a BERT
#    encoder layer vs onnxruntime (and PyTorch when importable);
# 4. bench/results/make_report.py: bench/results/README.md, the PNG charts
#    and the raw JSON (kernels.json, models.json, machine.json).
#
# --quick runs a subset of the kernel shapes and fewer repetitions (about
# 3 minutes instead of about 10). RESULTS_DIR overrides bench/results (the
# figures of a quick run should not replace the committed full ones:
# --quick writes to bench/results/quick/ unless RESULTS_DIR is set).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="${STRATA_BUILD_DIR:-$root/build-bench}"
quick=()
default_results="$here/results"
for arg in "$@"; do
  case "$arg" in
    --quick) quick=(--quick); default_results="$here/results/quick" ;;
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
if ! python3 -c "import matplotlib" 2>/dev/null; then
  python3 -m pip install -q -r "$here/requirements.txt"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/sgemm" "$here/matmul/sgemm_openblas.c" -lopenblas
"${CXX:-clang++-22}" -O2 -std=c++17 -o "$work/conv_onednn" \
  "$here/kernels/conv_onednn.cpp" -ldnnl

export PYTHONPATH="$build/python_packages${PYTHONPATH:+:$PYTHONPATH}"
python3 "$here/results/make_report.py" --machine "$results/machine.json" \
  --build "$build"
python3 "$here/kernels/bench_kernels.py" --build "$build" \
  --sgemm "$work/sgemm" --onednn "$work/conv_onednn" \
  --out "$results/kernels.json" --work "$work" "${quick[@]}"
# numpy's own OpenBLAS threads stay out of the way: idle, they still took
# one of the two cores from Strata's and onnxruntime's 2-thread runs
# (ResNet-18 on 2 threads measured 33 ms with them, 21-24 ms without).
OPENBLAS_NUM_THREADS=1 python3 "$here/models/bench_models.py" \
  --out "$results/models.json" --work "$work" "${quick[@]}"
python3 "$here/results/make_report.py" --machine "$results/machine.json" \
  --build "$build" --finish
python3 "$here/results/make_report.py" --results "$results"
echo "== wrote $results/README.md" >&2
