#!/usr/bin/env bash
#===- bench/quant/run.sh - Quantized models: Strata and onnxruntime ------===#
#
#   bash bench/quant/run.sh [--models=a,b] [--threads=N] [--quick]
#
# Builds strata-compile and the Python package in STRATA_BUILD_DIR (default:
# build), makes the bench's virtual environment (bench/requirements.txt:
# onnxruntime, whose quantization tool makes the int8 models), then runs
# bench_quant.py: per model (ResNet-18, MobileNetV2, the BERT layer, the
# MLP) the f32 file and onnxruntime's quantize_static of it in the QDQ and
# QOperator formats (and QDQ after its quant_pre_process, and its
# quantize_dynamic), each in Strata and in onnxruntime, and the f32 file
# compiled with precision="bf16":
# accuracy against onnxruntime and latency, on 1 thread by default. Results:
# $RESULTS_DIR/quant.json and quant.md (default bench/results/CPU).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$root/scripts/common.sh"
build="${STRATA_BUILD_DIR:-$root/build}"
results="$(strata_results_dir)"
args=()
suffix=""
for arg in "$@"; do
  case "$arg" in
    --models=*) args+=(--models "${arg#--models=}") ;;
    --threads=*) args+=(--threads "${arg#--threads=}")
                 [ "${arg#--threads=}" = 1 ] || suffix="-${arg#--threads=}threads" ;;
    --quick) args+=(--quick) ;;
    -h|--help) sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/quant/run.sh: unknown argument '$arg' (see --help)" >&2
       exit 2 ;;
  esac
done
STRATA_BUILD_DIR="$build" strata_build strata-compile strata-run strata-python
venv="$build/bench-venv"
strata_venv "$venv" "$root/bench/requirements.txt"
mkdir -p "$results"
export PYTHONPATH="$build/python_packages${PYTHONPATH:+:$PYTHONPATH}"
"$venv/bin/python" "$here/bench_quant.py" --out "$results/quant$suffix.json" \
  "${args[@]}" | tee "$results/quant$suffix.md"
