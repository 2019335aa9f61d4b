#!/usr/bin/env bash
#===- bench/vm/run.sh - Dispatch, call and load costs of the Strata VM ---===#
#
# Builds strata-vm-bench (bench/vm/VMBench.cpp) and runs it: ns per simple
# bytecode instruction and per bytecode Call + Return, each against a
# noinline C++ call measured in the same run, the cost of Session::invoke,
# and the load time of a module with a 100 MB constant pool (mmapped).
# Prints a markdown table.
#
#   bash bench/vm/run.sh [ITERATIONS]     (default: 20000000 loop iterations)
#
# STRATA_BUILD_DIR selects the build directory (default: build). When that
# build does not have the strata-vm-bench target (bench/ not added to the
# top-level CMakeLists.txt), the bench is compiled directly against the
# build's runtime libraries.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="${STRATA_BUILD_DIR:-$root/build}"

if ninja -C "$build" -t query strata-vm-bench >/dev/null 2>&1; then
  ninja -C "$build" strata-vm-bench >/dev/null
  bench="$build/bin/strata-vm-bench"
else
  ninja -C "$build" StrataRuntime >/dev/null
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  bench="$work/strata-vm-bench"
  "${CXX:-clang++-22}" -O3 -DNDEBUG -std=c++17 -I"$root/include" \
    "$here/VMBench.cpp" "$build/lib/Runtime/libStrataRuntime.a" \
    "$build/lib/Runtime/libStrataRuntimeFormat.a" -lpthread -ldl -o "$bench"
fi
"$bench" "$@"
