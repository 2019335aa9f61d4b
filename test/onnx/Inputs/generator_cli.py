#===- generator_cli.py - Command line of the model generators -------------===#
#
# `python3 make_<x>_models.py NAME OUT.onnx [OUT_DIR]`: writes the model NAME
# of the generator's MODELS (a function of OUT_DIR or None returning a
# ModelProto; given OUT_DIR it also writes the inputs and references there).
# Shared by make_models.py and the generators that follow its convention.
#
#===----------------------------------------------------------------------===#

import os
import sys

import onnx


def main(models: dict, argv=None):
    argv = sys.argv if argv is None else argv
    script = os.path.basename(argv[0])
    if len(argv) not in (3, 4) or argv[1] not in models:
        sys.exit(f"usage: {script} {{{','.join(models)}}} OUT.onnx "
                 "[OUT_DIR]")
    out_dir = argv[3] if len(argv) == 4 else None
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
    onnx.save(models[argv[1]](out_dir), argv[2])
