#!/usr/bin/env bash
#===- scripts/common.sh - Shared steps of setup.sh and test.sh -----------===#
#
# Installs what a fresh Debian 12 machine lacks and builds Strata into
# $STRATA_BUILD_DIR (default: build/). Sourced, not run.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

STRATA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STRATA_BUILD_DIR="${STRATA_BUILD_DIR:-$STRATA_ROOT/build}"
LLVM_PREFIX=/usr/lib/llvm-22
export PATH="$LLVM_PREFIX/bin:$PATH"
# Paths under the checkout are hashed relative to it, so a clone elsewhere
# (CI's) reuses the compiles cached by another.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$STRATA_ROOT}"

# Debian packages the build and the tests need; installed only when
# missing. python3-torch and python3-torchvision export the PyTorch models of
# test/onnx/models (test_recurrent.py, test_torch_models.py) at test time,
# run by /usr/bin/python3; without them those tests skip, which
# test/onnx/models.test counts as a failure. libdnnl-dev (oneDNN) is what
# the dnnl external backend's runtime plugin calls (docs/BYOC.md).
STRATA_APT_PACKAGES=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  clang-22 lld-22 libclang-rt-22-dev libgtest-dev cmake ninja-build ccache
  python3 python3-torch python3-torchvision libdnnl-dev)

strata_install_deps() {
  local missing=()
  for pkg in "${STRATA_APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" ||
      missing+=("$pkg")
  done
  if ((${#missing[@]})); then
    echo "== installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
  fi
  # Python packages (pinned): the Python package, the ONNX importer and
  # their tests. pip returns quickly when they are there already.
  python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore \
    -r "$STRATA_ROOT/python/requirements.txt"
}

strata_configure() {
  if [ ! -f "$STRATA_BUILD_DIR/build.ninja" ]; then
    echo "== configuring $STRATA_BUILD_DIR"
    cmake -G Ninja -S "$STRATA_ROOT" -B "$STRATA_BUILD_DIR" \
      -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
      -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
      -DLLVM_EXTERNAL_LIT="$LLVM_PREFIX/bin/lit" \
      -DCMAKE_INSTALL_PREFIX="$STRATA_BUILD_DIR/install"
  fi
}

# Builds the given targets (default: everything).
strata_build() {
  strata_configure
  echo "== building ${*:-all}"
  ninja -C "$STRATA_BUILD_DIR" "$@"
}

# The directory a bench writes its results to: $RESULTS_DIR, else
# bench/results/<this CPU's id> (bench/results/make_report.py --cpu-id).
strata_results_dir() {
  echo "${RESULTS_DIR:-$STRATA_ROOT/bench/results/$(python3 "$STRATA_ROOT/bench/results/make_report.py" --cpu-id)}"
}

# Makes the Python virtual environment $1 from the pinned requirements file
# $2, or remakes it when that file changed since (the environment keeps a
# copy of the requirements it was made from). For the benches' own
# environments and their peers', never the test suite's.
strata_venv() {
  local dir="$1" requirements="$2"
  if [ -z "$dir" ] || [ ! -f "$requirements" ]; then
    echo "strata_venv: no directory, or no requirements file '$requirements'" >&2
    return 2
  fi
  if ! cmp -s "$requirements" "$dir/requirements.txt" 2>/dev/null ||
     [ ! -x "$dir/bin/python" ]; then
    echo "== installing $requirements into $dir" >&2
    rm -rf "$dir"
    python3 -m venv "$dir"
    "$dir/bin/pip" install -q -r "$requirements"
    cp "$requirements" "$dir/requirements.txt"
  fi
}
