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

# GoogleTest binaries (test/unittests), run by test/Unit/*.test.
config.substitutions.append(
    ("%unittests", os.path.join(config.strata_obj_root, "unittests")))

# --- Runtime format fuzzing (test/fuzz, built into <build>/fuzz) ----------
# strata-loader-fuzzer is built only with clang; test/Runtime/fuzz-*.test
# REQUIRE the binary they run.
for fuzz_tool in ["strata-loader-fuzzer", "strata-smod-corpus-gen"]:
    if os.path.exists(os.path.join(config.strata_obj_root, "fuzz", fuzz_tool)):
        config.available_features.add(fuzz_tool)
