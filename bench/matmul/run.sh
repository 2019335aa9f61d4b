#!/usr/bin/env bash
#===- bench/matmul/run.sh - Strata's f32 matmul against OpenBLAS ---------===#
#
# For each size, compiles graph.matmul through convert-graph-to-kernel,
# kernel-select-schedule (host CPU) and strata-lower-cpu, runs it with
# mlir-runner (best of REPS, timed in the generated code with rtclock),
# runs OpenBLAS's cblas_sgemm on the same sizes in the same run, single
# thread, and prints a markdown table with the ratio. OpenBLAS is told the real core type (Debian's build misdetects
# this CPU and falls back to slow Prescott kernels otherwise).
#
#   bash bench/matmul/run.sh [SIZE ...]     (default: 128 256 512 1000 1024 2048)
#
#===----------------------------------------------------------------------===#
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="${STRATA_BUILD_DIR:-$root/build}"
llvm=/usr/lib/llvm-22
reps="${REPS:-5}"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(128 256 512 1000 1024 2048)

if [ ! -e /usr/include/x86_64-linux-gnu/cblas.h ] && [ ! -e /usr/include/cblas.h ]; then
  echo "== installing libopenblas-dev for the baseline"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q libopenblas-dev >/dev/null
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/sgemm" "$here/sgemm_openblas.c" -lopenblas

# Debian's OpenBLAS misdetects these CPUs; SkylakeX's kernels need AVX-512.
coretype=Haswell
grep -qw avx512f /proc/cpuinfo && coretype=SkylakeX
export OPENBLAS_NUM_THREADS=1 OPENBLAS_CORETYPE=$coretype

strata_gflops() {
  local m=$1 n=$2 k=$3
  cat > "$work/mm.mlir" <<MLIR
func.func @matmul(%a: tensor<${m}x${k}xf32>, %b: tensor<${k}x${n}xf32>) -> tensor<${m}x${n}xf32> attributes {llvm.emit_c_interface} {
  %0 = graph.matmul %a, %b : tensor<${m}x${k}xf32>, tensor<${k}x${n}xf32> -> tensor<${m}x${n}xf32>
  return %0 : tensor<${m}x${n}xf32>
}
func.func private @rtclock() -> f64
func.func @main() {
  %a = arith.constant dense<0.5> : tensor<${m}x${k}xf32>
  %b = arith.constant dense<0.25> : tensor<${k}x${n}xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %reps = arith.constant ${reps} : index
  %inf = arith.constant 1.0e30 : f64
  %zero = arith.constant 0.0 : f32
  %best, %sum = scf.for %i = %c0 to %reps step %c1 iter_args(%acc = %inf, %check = %zero) -> (f64, f32) {
    %t0 = func.call @rtclock() : () -> f64
    %r = func.call @matmul(%a, %b) : (tensor<${m}x${k}xf32>, tensor<${k}x${n}xf32>) -> tensor<${m}x${n}xf32>
    %t1 = func.call @rtclock() : () -> f64
    %dt = arith.subf %t1, %t0 : f64
    %min = arith.minimumf %acc, %dt : f64
    // Read a result element so the product cannot be dropped as dead.
    %last = arith.constant $((m - 1)) : index
    %e = tensor.extract %r[%last, %c0] : tensor<${m}x${n}xf32>
    %s = arith.addf %check, %e : f32
    scf.yield %min, %s : f64, f32
  }
  %flops = arith.constant $((2 * m * n * k)).0 : f64
  %giga = arith.constant 1.0e9 : f64
  %rate = arith.divf %flops, %best : f64
  %gflops = arith.divf %rate, %giga : f64
  // Each element is K * 0.5 * 0.25: the checksum is REPS * K / 8.
  vector.print %sum : f32
  vector.print %gflops : f64
  return
}
MLIR
  "$build/bin/strata-opt" "$work/mm.mlir" --convert-graph-to-kernel --kernel-select-schedule --strata-lower-cpu |
    "$llvm/bin/mlir-runner" -e main -entry-point-result=void -O3 \
      -mattr=+avx512f,+avx512vl,+fma,+avx2 \
      -shared-libs="$llvm/lib/libmlir_c_runner_utils.so,$llvm/lib/libmlir_runner_utils.so"
}

echo "| M=N=K | Strata GFLOP/s | OpenBLAS GFLOP/s | ratio |"
echo "| ---: | ---: | ---: | ---: |"
for s in "${sizes[@]}"; do
  out=$(strata_gflops "$s" "$s" "$s")
  checksum=$(echo "$out" | tail -n 2 | head -n 1)
  want=$(awk -v r="$reps" -v k="$s" 'BEGIN { print r * k / 8 }')
  if ! awk -v a="$checksum" -v b="$want" 'BEGIN { exit !(a - b < 1e-3 * b && b - a < 1e-3 * b) }'; then
    echo "error: Strata's ${s}^3 product is wrong (checksum $checksum, expected $want)" >&2
    exit 1
  fi
  ours=$(echo "$out" | tail -n 1)
  blas=$("$work/sgemm" "$s" "$s" "$s" "$reps")
  ratio=$(awk -v a="$ours" -v b="$blas" 'BEGIN { printf "%.3f", a / b }')
  printf "| %s | %.2f | %.2f | %s |\n" "$s" "$ours" "$blas" "$ratio"
done
