#!/usr/bin/env bash
#===- bench/byoc/run.sh - Strata alone, Strata + oneDNN, onnxruntime -----===#
#
#   bash bench/byoc/run.sh [--models=a,b] [--threads=N] [--quick]
#
# Builds strata-compile, the Python package and the dnnl runtime plugin in
# STRATA_BUILD_DIR (default: build), makes the bench's virtual environment
# (bench/requirements.txt: onnxruntime), then runs bench_byoc.py: per model
# (ResNet-18, MobileNetV2, the BERT layer, the MLP) Strata alone, Strata
# with --external=dnnl (its cost rule; the regions strata-tune --external
# measured faster in oneDNN; every region oneDNN supports) and
# onnxruntime, on 1 thread by default. Results:
# $RESULTS_DIR/byoc.json and byoc.md (default bench/results/CPU).
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
    --models=*) args+=(--models "${arg#--models=}") ;;
    --threads=*) args+=(--threads "${arg#--threads=}") ;;
    --quick) args+=(--quick) ;;
    -h|--help) sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/byoc/run.sh: unknown argument '$arg' (see --help)" >&2
       exit 2 ;;
  esac
done
STRATA_BUILD_DIR="$build" strata_build strata-compile strata-run strata-bench \
  strata-python strata-plugin-dnnl
venv="$build/bench-venv"
strata_venv "$venv" "$root/bench/requirements.txt"
mkdir -p "$results"
export PYTHONPATH="$build/python_packages${PYTHONPATH:+:$PYTHONPATH}"
"$venv/bin/python" "$here/bench_byoc.py" --out "$results/byoc.json" \
  "${args[@]}" | tee "$results/byoc.md"
