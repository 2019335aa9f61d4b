#!/usr/bin/env bash
#===- scripts/setup.sh - Install, build and run the main job -------------===#
#
# On a fresh machine: installs the missing Debian packages, builds Strata and
# runs the main job: strata-opt running the graph pipeline on the bundled
# example model (a small MLP with a dynamic batch written in the graph
# dialect) and printing it.
#
#===----------------------------------------------------------------------===#
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

strata_install_deps
strata_build strata-opt

model="$STRATA_ROOT/examples/models/mlp.mlir"
echo "== main job: strata-opt --strata-graph-optimize $model"
start=$(date +%s%N)
"$STRATA_BUILD_DIR/bin/strata-opt" "$model" --strata-graph-optimize
end=$(date +%s%N)
echo "== optimized in $(( (end - start) / 1000000 )) ms"
