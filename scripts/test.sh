#!/usr/bin/env bash
#===- scripts/test.sh - Build and run the whole test suite ---------------===#
#
# Builds Strata, installs it into the build tree, builds the downstream and
# BYOC examples against the installed package, then runs every lit suite
# (Strata's and the examples') in one lit invocation. Ends with a line
# "N passed, N failed".
#
#===----------------------------------------------------------------------===#
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

strata_install_deps
strata_build all
echo "== installing into $STRATA_BUILD_DIR/install"
ninja -C "$STRATA_BUILD_DIR" install >/dev/null

# Builds examples/$1 against the installed Strata into
# $STRATA_BUILD_DIR/$1, then its targets $2...
build_example() {
  local name="$1"
  shift
  echo "== building examples/$name against the installed Strata"
  cmake -G Ninja -S "$STRATA_ROOT/examples/$name" -B "$STRATA_BUILD_DIR/$name" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DStrata_DIR="$STRATA_BUILD_DIR/install/lib/cmake/strata" \
    -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$LLVM_PREFIX/bin/lit" >/dev/null
  ninja -C "$STRATA_BUILD_DIR/$name" "$@"
}
build_example downstream downstream-opt
build_example byoc acme-opt acme-compile strata-plugin-acme

echo "== running lit"
set +e
lit -sv "$STRATA_BUILD_DIR/test" "$STRATA_BUILD_DIR/downstream/test" \
  "$STRATA_BUILD_DIR/byoc/test" 2>&1 | tee "$STRATA_BUILD_DIR/lit.log"
status=${PIPESTATUS[0]}
set -e
# lit prints "  Passed: N" and "  Failed: N" (and friends) in its summary.
passed=$(awk -F: '/^ *Passed *:/ {n += $2} END {print n + 0}' "$STRATA_BUILD_DIR/lit.log")
failed=$(awk -F: '/^ *(Failed|Unresolved|Timed Out|Unexpectedly Passed) *:/ {n += $2} END {print n + 0}' "$STRATA_BUILD_DIR/lit.log")
echo "${passed:-0} passed, ${failed:-0} failed"
exit "$status"
