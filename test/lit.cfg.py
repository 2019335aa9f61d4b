# -*- Python -*-
# lit configuration of the Strata regression tests.

import os

import lit.formats
from lit.llvm import llvm_config

config.name = "STRATA"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.strata_obj_root, "test")
config.excludes = ["CMakeLists.txt", "README.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%strata_src_root", config.strata_src_root))
config.substitutions.append(("%strata_obj_root", config.strata_obj_root))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
# No kernel cache unless a test names one (Tools/strata-compile/kernel-cache):
# tests compile every kernel and leave nothing in the user's cache.
config.environment["STRATA_CACHE_DIR"] = "off"
llvm_config.use_default_substitutions()

tool_dirs = [config.strata_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    ["strata-opt", "strata-translate", "strata-compile", "strata-run",
     "strata-bench", "strata-dump", "llvm-nm", "llvm-objdump"], tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.strata_tools_dir, append_path=True)

# Running lowered programs: `%mlir_runner` JIT-executes LLVM-dialect modules,
# `%runner_libs` loads the runtime behind printMemrefF32 & co.
llvm_lib_dir = os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")
config.substitutions.append(
    ("%mlir_runner", os.path.join(config.llvm_tools_dir, "mlir-runner")))
config.substitutions.append(
    ("%runner_libs",
     "-shared-libs=" + ",".join(
         os.path.join(llvm_lib_dir, lib)
         for lib in ["libmlir_c_runner_utils.so", "libmlir_runner_utils.so"])))

# Runtime plugins: the tests' own (test/Runtime/Plugins), found where
# STRATA_PLUGIN_PATH points; the dnnl backend's, built where oneDNN is
# installed (feature `dnnl`).
config.substitutions.append(
    ("%test_plugins",
     os.path.join(config.strata_obj_root, "test", "Runtime", "Plugins")))
if os.path.exists(os.path.join(config.strata_obj_root, "lib",
                               "libstrata-plugin-dnnl.so")):
    config.available_features.add("dnnl")

# GoogleTest binaries (test/unittests), run by test/Unit/*.test.
config.substitutions.append(
    ("%unittests", os.path.join(config.strata_obj_root, "unittests")))

# --- Runtime format fuzzing (test/fuzz, built into <build>/fuzz) ----------
# strata-loader-fuzzer is built only with clang; test/Runtime/fuzz-*.test
# REQUIRE the binary they run.
for fuzz_tool in ["strata-loader-fuzzer", "strata-smod-corpus-gen"]:
    if os.path.exists(os.path.join(config.strata_obj_root, "fuzz", fuzz_tool)):
        config.available_features.add(fuzz_tool)

# --- ONNX importer (test/onnx) --------------------------------------------
# The importer and the conformance runner need a python with onnx and numpy,
# which lit's own interpreter may lack: probe `python3` on PATH. Tests
# REQUIRE `onnx`; `%onnx_python` is that interpreter and
# `strata-import-onnx` runs the source tree's wrapper with it.
import shutil
import subprocess

_onnx_python = shutil.which("python3", path=config.environment.get("PATH"))
if _onnx_python:
    try:
        _onnx_python = subprocess.run(
            [_onnx_python, "-c",
             "import sys, onnx, numpy; print(sys.executable)"],
            capture_output=True, text=True, timeout=60,
            env=dict(config.environment)).stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        _onnx_python = None
if _onnx_python:
    config.available_features.add("onnx")
    # Where the importer's wrapper finds the compiled extension it writes
    # MLIR bytecode with (-o model.mlirbc).
    config.environment["STRATA_BUILD_DIR"] = config.strata_obj_root
    config.substitutions.append(("%onnx_python", _onnx_python))
    config.substitutions.append(("%strata_tools_dir", config.strata_tools_dir))
    config.substitutions.append(
        ("strata-import-onnx",
         _onnx_python + " " + os.path.join(config.strata_src_root, "tools",
                                           "strata-import-onnx",
                                           "strata-import-onnx")))

# --- Python package (python/, test/python) ---------------------------------
# test/python/lit-pytest.test runs pytest on <build>/python_packages; it
# REQUIREs the extension (STRATA_ENABLE_PYTHON) and pytest.
import glob
import subprocess

strata_python = getattr(config, "python_executable", "") or "python3"
if glob.glob(os.path.join(config.strata_obj_root, "python_packages", "strata",
                          "_strata*.so")):
    try:
        subprocess.run([strata_python, "-c", "import pytest, numpy"],
                       check=True, capture_output=True)
        config.available_features.add("strata-python")
    except (OSError, subprocess.CalledProcessError):
        lit_config.note("strata-python: pytest or numpy missing for " +
                        strata_python)
config.substitutions.append(("%strata_python", strata_python))

# --- Host CPU features ------------------------------------------------------
# Modules compiled for a named CPU (--cpu=skylake-avx512) only run where that
# CPU's instructions exist; tests run them under `%if host-avx512 %{ ... %}`.
# Machines of this project's kind differ (AVX2-only AMD EPYC, AVX-512 Intel
# Xeon), so nothing may assume one of them.
try:
    with open("/proc/cpuinfo") as _cpuinfo:
        _flags = set()
        for _line in _cpuinfo:
            if _line.startswith("flags"):
                _flags.update(_line.split(":", 1)[1].split())
    if {"avx512f", "avx512bw", "avx512dq", "avx512vl"} <= _flags:
        config.available_features.add("host-avx512")
    if {"avx2", "fma"} <= _flags:
        config.available_features.add("host-avx2")
    # int8 products' vpdpbusd (--cpu=cascadelake and later).
    if {"avx512f", "avx512bw", "avx512dq", "avx512vl",
            "avx512_vnni"} <= _flags:
        config.available_features.add("host-avx512vnni")
    # bf16 products' vdpbf16ps (--cpu=cooperlake, sapphirerapids, znver4).
    if {"avx512f", "avx512bw", "avx512dq", "avx512vl", "avx512_vnni",
            "avx512_bf16"} <= _flags:
        config.available_features.add("host-avx512bf16")
except OSError:
    pass

# --- CUDA toolkit -------------------------------------------------------------
# With ptxas (CUDA_HOME, /usr/local/cuda or PATH), --target=cuda modules hold a
# cubin per kernel, assembled by ptxas at compile time: tests that compile for
# CUDA check every kernel's cubin with the `CUDA-CUBIN` prefix, which
# %cuda_lib_prefixes names only where ptxas exists (the PTX is checked
# everywhere).
def _find_ptxas():
    for _var in ("CUDA_HOME", "CUDA_ROOT", "CUDA_PATH"):
        _dir = os.environ.get(_var)
        if _dir and os.access(os.path.join(_dir, "bin", "ptxas"), os.X_OK):
            return os.path.join(_dir, "bin", "ptxas")
    if os.access("/usr/local/cuda/bin/ptxas", os.X_OK):
        return "/usr/local/cuda/bin/ptxas"
    return shutil.which("ptxas")
if _find_ptxas():
    config.available_features.add("ptxas")
    config.substitutions.append(("%cuda_lib_prefixes", "CUDA-LIB,CUDA-CUBIN"))
else:
    lit_config.note("ptxas not found: CUDA modules are checked without cubins")
    config.substitutions.append(("%cuda_lib_prefixes", "CUDA-LIB"))

# A CUDA driver (libcuda.so.1) on this machine: `--device=cuda` then opens
# a GPU (or says there is none) instead of failing to find the driver.
try:
    import ctypes
    ctypes.CDLL("libcuda.so.1")
    config.available_features.add("cuda-driver")
except OSError:
    pass
