#!/usr/bin/env bash
#===- scripts/gpu-run.sh - Run the GPU test pack on a GPU machine ---------===#
#
# Runs a pack made by scripts/gpu-pack.sh (this script is its run.sh) on
# CUDA device DEVICE (default cuda:0) and prints one line per test and
# "N passed, N failed". Needs the NVIDIA driver and python3 with numpy.
#
#   bash gpu-pack/run.sh [DEVICE]
#
#===----------------------------------------------------------------------===#
set -uo pipefail
PACK=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
DEVICE=${1:-cuda:0}
export LD_LIBRARY_PATH="$PACK/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
RUN="$PACK/bin/strata-run"
passed=0
failed=0
report() { # name ok message
  if [ "$2" = ok ]; then passed=$((passed + 1)); echo "PASS $1";
  else failed=$((failed + 1)); echo "FAIL $1: $3"; fi
}

if [ -x "$PACK/bin/StrataRuntimeTests" ]; then
  out=$("$PACK/bin/StrataRuntimeTests" --gtest_filter='Cuda*' 2>&1)
  if echo "$out" | grep -q "\[  PASSED  \]" && ! echo "$out" | grep -q "FAILED"; then
    report "runtime unit tests (Cuda*)" ok
  else
    report "runtime unit tests (Cuda*)" fail "$(echo "$out" | grep -E 'Failure|FAILED|skipped' | head -5)"
  fi
fi

for smod in "$PACK"/e2e/*.smod; do
  name=e2e/$(basename "$smod" .smod)
  expected=$(cat "${smod%.smod}.count")
  out=$(timeout 600 "$RUN" "$smod" --device="$DEVICE" --function=entry 2>&1)
  rc=$?
  ones=$(echo "$out" | grep -c '^\[1\.\]')
  zeros=$(echo "$out" | grep -c '^\[0\.\]')
  if [ $rc -eq 0 ] && [ "$ones" -eq "$expected" ] && [ "$zeros" -eq 0 ]; then
    report "$name" ok
  else
    report "$name" fail "exit $rc, $ones of $expected checks passed, $zeros failed; $(echo "$out" | grep -i error | head -2)"
  fi
done

for smod in "$PACK"/models/*.smod; do
  base=${smod%.smod}
  name=models/$(basename "$base")
  out=$(timeout 600 "$RUN" "$smod" --device="$DEVICE" --input=@"$base.in.npy" --output=@"$base.out.npy" 2>&1)
  if [ $? -ne 0 ]; then
    report "$name" fail "$(echo "$out" | tail -2)"
    continue
  fi
  verdict=$(python3 - "$base.out.npy" "$base.ref.npy" <<'PY'
import numpy as np, sys
out, ref = np.load(sys.argv[1]), np.load(sys.argv[2])
err = float(np.abs(out.astype(np.float64) - ref).max()) if out.size else 0.0
scale = max(1.0, float(np.abs(ref).max())) if ref.size else 1.0
ok = out.shape == ref.shape and err <= 1e-3 * scale
print(("ok" if ok else "fail") + f" max abs error {err:.3g} (output scale {scale:.3g})")
PY
)
  report "$name" "${verdict%% *}" "${verdict#* }"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
