"""Prints an x86 feature (LLVM's name) this host's CPU lacks, read from
/proc/cpuinfo, or nothing when it has them all (or is not x86-64 Linux).
test/Runtime/cpu-features.test compiles a module for it."""

flags = set()
try:
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("flags"):
                flags.update(line.split(":", 1)[1].split())
except OSError:
    pass
if "sse2" in flags:
    # (LLVM feature, /proc/cpuinfo flag): AVX-512 first (absent on the
    # AVX2-only hosts), then AMX, then AMD-only features (absent on Intel).
    for name, flag in [("avx512f", "avx512f"), ("amx-tile", "amx_tile"),
                       ("avx512fp16", "avx512_fp16"), ("xop", "xop"),
                       ("fma4", "fma4"), ("tbm", "tbm"),
                       ("avx512vp2intersect", "avx512_vp2intersect")]:
        if flag not in flags:
            print(name)
            break
