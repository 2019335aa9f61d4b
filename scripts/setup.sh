#!/usr/bin/env bash
#===- scripts/setup.sh - Install, build and run the main job -------------===#
#
# On a fresh machine: installs the missing Debian packages, builds Strata and
# runs the main job: strata-compile turns the bundled example model (a small
# MLP with a dynamic batch, written in the graph dialect) into one .smod
# module, strata-run runs it on a batch of two images and prints the
# results, and strata-bench prints its latency.
#
#===----------------------------------------------------------------------===#
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

strata_install_deps
strata_build strata-compile strata-run strata-bench strata-dump

bin="$STRATA_BUILD_DIR/bin"
model="$STRATA_ROOT/examples/models/mlp.mlir"
module="$STRATA_BUILD_DIR/examples/mlp.smod"
mkdir -p "$(dirname "$module")"
# Two 1x4x4 images: a ramp and its reverse.
input="2x1x4x4xf32=$(seq -s, 1 16),$(seq -s, 16 -1 1)"

echo "== main job: strata-compile $model -o $module"
start=$(date +%s%N)
"$bin/strata-compile" "$model" -o "$module"
end=$(date +%s%N)
echo "== compiled in $(( (end - start) / 1000000 )) ms ($(stat -c %s "$module") bytes)"

echo "== strata-run $module --input=$input"
"$bin/strata-run" "$module" --function=main --input="$input"

echo "== latency (strata-bench, 1000 runs)"
"$bin/strata-bench" "$module" --function=main --input="$input" \
  --repetitions=1000
