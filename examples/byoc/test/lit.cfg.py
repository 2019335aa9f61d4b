# -*- Python -*-
# lit configuration of the BYOC example's tests.

import os

import lit.formats
from lit.llvm import llvm_config

config.name = "BYOC"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.byoc_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

llvm_config.use_default_substitutions()
# The example's tools, then the installed Strata's (strata-compile,
# strata-run).
llvm_config.add_tool_substitutions(
    ["acme-opt", "acme-compile", "strata-compile", "strata-run"],
    [config.byoc_tools_dir, config.strata_tools_dir, config.llvm_tools_dir])
# Where the runtime finds the example's plugin.
config.substitutions.append(("%acme_plugin_dir",
                             os.path.join(config.byoc_obj_root, "lib")))
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
