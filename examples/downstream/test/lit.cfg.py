# -*- Python -*-
# lit configuration of the downstream example's tests.

import os

import lit.formats
from lit.llvm import llvm_config

config.name = "DOWNSTREAM"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.downstream_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

llvm_config.use_default_substitutions()
llvm_config.add_tool_substitutions(
    ["downstream-opt"], [config.downstream_tools_dir, config.llvm_tools_dir])
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
