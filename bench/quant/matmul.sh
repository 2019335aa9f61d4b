#!/usr/bin/env bash
#===- bench/quant/matmul.sh - int8 products: Strata, oneDNN, f32 ---------===#
#
#   bash bench/quant/matmul.sh [--sizes=MxKxN,...]
#
# Builds strata-compile, strata-run and strata-bench in STRATA_BUILD_DIR
# (default: build) and the oneDNN baseline (matmul_onednn.cpp, libdnnl-dev),
# then runs bench_matmul.py: per size, Strata's u8 x s8 -> s32 product, its
# f32 product and oneDNN's u8 x s8 and f32 matmuls, one thread. Results:
# $RESULTS_DIR/quant-matmul.json and quant-matmul.md (default
# bench/results/CPU).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$root/scripts/common.sh"
build="${STRATA_BUILD_DIR:-$root/build}"
results="$(strata_results_dir)"
args=()
for arg in "$@"; do
  case "$arg" in
    --sizes=*) args+=(--sizes "${arg#--sizes=}") ;;
    -h|--help) sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/quant/matmul.sh: unknown argument '$arg' (see --help)" >&2
       exit 2 ;;
  esac
done
STRATA_BUILD_DIR="$build" strata_build strata-compile strata-run strata-bench
mkdir -p "$build/bench-bin" "$results"
g++ -O2 -o "$build/bench-bin/matmul_onednn" "$here/matmul_onednn.cpp" -ldnnl
python3 "$here/bench_matmul.py" --build "$build" \
  --onednn "$build/bench-bin/matmul_onednn" --out "$results/quant-matmul.json" \
  "${args[@]}" | tee "$results/quant-matmul.md"
