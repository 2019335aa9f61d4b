#!/usr/bin/env bash
#===- bench/compile/run.sh - Compile time of whole models vs IREE and TVM -===#
#
#   bash bench/compile/run.sh [--no-peers] [--models a,b,...]
#
# Builds strata-compile and strata-bench in STRATA_BUILD_DIR (default:
# build), makes a virtual environment with IREE's and TVM's compilers
# (bench/compile/requirements-peers.txt) in $STRATA_BUILD_DIR/bench-peers-venv
# unless --no-peers, then runs bench_compile.py: import + compile wall time
# and peak memory of the bench models and of PyTorch exports (DenseNet-121,
# EfficientNet-B0, ShuffleNetV2, SqueezeNet 1.1) by Strata (default threads
# and one thread), IREE (llvm-cpu, host CPU) and TVM (Relax, llvm, host CPU).
# Results: $RESULTS_DIR/compile.json and compile.md (default
# bench/results/CPU, CPU naming this machine's: make_report.py --cpu-id).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$root/scripts/common.sh"
build="${STRATA_BUILD_DIR:-$root/build}"
results="$(strata_results_dir)"
peers=1
args=()
for arg in "$@"; do
  case "$arg" in
    --no-peers) peers=0; args+=(--no-peers) ;;
    --models=*) args+=(--models "${arg#--models=}") ;;
    -h|--help) sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/compile/run.sh: unknown argument '$arg' (see --help)" >&2
       exit 2 ;;
  esac
done
STRATA_BUILD_DIR="$build" strata_build strata-compile strata-bench
if [ "$peers" = 1 ]; then
  venv="$build/bench-peers-venv"
  strata_venv "$venv" "$here/requirements-peers.txt"
  args+=(--peers-venv "$venv")
fi
mkdir -p "$results"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$here/bench_compile.py" --build "$build" --work "$work" \
  --out "$results/compile.json" "${args[@]}" | tee "$results/compile.md"
