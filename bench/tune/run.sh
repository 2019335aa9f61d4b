#!/usr/bin/env bash
#===- bench/tune/run.sh - Heuristic vs tuned schedules, and MetaSchedule --===#
#
#   bash bench/tune/run.sh [--trials=N | --time-budget=S] [--models=a,b]
#                          [--strategies=random,evolutionary] [--no-tvm]
#
# Builds strata-compile, strata-opt, strata-run and strata-bench in
# STRATA_BUILD_DIR (default: build), makes the bench's virtual environment
# (bench/requirements.txt) and, unless --no-tvm, the peers' one
# (bench/compile/requirements-peers.txt: apache-tvm with MetaSchedule's
# dependencies), then runs bench_tune.py: per model (ResNet-18,
# MobileNetV2, the BERT layer) the latency on one thread with the
# heuristics' schedules, with the schedules strata-tune found by random
# sampling and by its evolutionary search at the same budget (default 100
# trials; the kernels below 80% of their roofline reported apart), and
# TVM's MetaSchedule with as many trials (with a time budget, one trial per
# second of it). Results:
# $RESULTS_DIR/tune.json and tune.md (default bench/results/CPU).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$root/scripts/common.sh"
build="${STRATA_BUILD_DIR:-$root/build}"
results="$(strata_results_dir)"
tvm=1
args=()
for arg in "$@"; do
  case "$arg" in
    --no-tvm) tvm=0 ;;
    --trials=*) args+=(--trials "${arg#--trials=}") ;;
    --time-budget=*) args+=(--time-budget "${arg#--time-budget=}") ;;
    --models=*) args+=(--models "${arg#--models=}") ;;
    --strategies=*) args+=(--strategies "${arg#--strategies=}") ;;
    -h|--help) sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/tune/run.sh: unknown argument '$arg' (see --help)" >&2
       exit 2 ;;
  esac
done
STRATA_BUILD_DIR="$build" strata_build strata-compile strata-opt strata-run strata-bench
venv="$build/bench-venv"
strata_venv "$venv" "$root/bench/requirements.txt"
if [ "$tvm" = 1 ]; then
  peers="$build/bench-peers-venv"
  strata_venv "$peers" "$root/bench/compile/requirements-peers.txt"
  cpu=$(/usr/lib/llvm-22/bin/llc --version | sed -n 's/.*Host CPU: *//p')
  args+=(--tvm "$peers" --cpu "$cpu")
fi
mkdir -p "$results"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" "$here/bench_tune.py" --build "$build" --work "$work" \
  --out "$results/tune.json" "${args[@]}" | tee "$results/tune.md"
