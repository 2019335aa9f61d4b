#!/usr/bin/env bash
#===- scripts/sanitize.sh - Unit and e2e tests under ASan and UBSan ------===#
#
# Builds Strata with AddressSanitizer and UndefinedBehaviorSanitizer
# (LLVM_USE_SANITIZER="Address;Undefined", every UBSan report fatal) into
# $STRATA_BUILD_DIR (default: build-sanitize/) and runs the suites that
# exercise Strata's own C++: the unit tests, the dialect and conversion
# tests, the runtime and tool tests and the e2e tests (compile and run).
# The Python and ONNX suites are left out: the interpreter is not built
# with the sanitizers' runtime. Ends with lit's summary; any sanitizer
# report fails the test that triggered it.
#
# About 1.5x the time of a normal build and test run (not part of CI,
# which has a 90-minute limit for the normal suite).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
STRATA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export STRATA_BUILD_DIR="${STRATA_BUILD_DIR:-$STRATA_ROOT/build-sanitize}"
source "$STRATA_ROOT/scripts/common.sh"

strata_install_deps
if [ ! -f "$STRATA_BUILD_DIR/build.ninja" ]; then
  echo "== configuring $STRATA_BUILD_DIR with ASan and UBSan"
  cmake -G Ninja -S "$STRATA_ROOT" -B "$STRATA_BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$LLVM_PREFIX/bin/lit" \
    -DLLVM_USE_SANITIZER="Address;Undefined" \
    -DCMAKE_CXX_FLAGS="-fno-sanitize-recover=all -fno-omit-frame-pointer -g1" \
    -DCMAKE_C_FLAGS="-fno-sanitize-recover=all -fno-omit-frame-pointer -g1" \
    -DSTRATA_ENABLE_PYTHON=OFF
fi
echo "== building"
ninja -C "$STRATA_BUILD_DIR"

# Leaks are reported too; UBSan prints a stack and stops at the first report.
# allow_user_poisoning=0: LLVM's allocators poison and unpoison their slabs
# in inline code when compiled with ASan (LLVM_ADDRESS_SANITIZER_BUILD),
# and Debian's LLVM and MLIR libraries, not built with it, run the same
# allocators without unpoisoning: a mix that ASan reports as a
# use-after-poison in MLIRContext's type registration. Strata poisons
# nothing itself.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:strict_string_checks=1:allow_user_poisoning=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
echo "== running the C++ suites under the sanitizers"
cd "$STRATA_BUILD_DIR/test"
lit -sv Unit Dialect Conversion Codegen Target Runtime Tools Pipelines e2e
