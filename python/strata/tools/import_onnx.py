#===- import_onnx.py - strata-import-onnx command line --------------------===#
#
# `strata-import-onnx MODEL.onnx -o OUT.mlir`: imports an ONNX model as
# graph-dialect MLIR (strata.frontend.onnx) and writes it to OUT.mlir, or to
# stdout without -o. Every import problem goes to stderr, one per line, and
# the exit status is 1. Also runnable as `python3 -m strata.tools.import_onnx`.
#
#===----------------------------------------------------------------------===#

import argparse
import sys


def main(argv=None) -> int:
    """Runs the command line; returns the process exit status."""
    parser = argparse.ArgumentParser(
        prog="strata-import-onnx",
        description="Import an ONNX model as Strata graph-dialect MLIR.")
    parser.add_argument("model", nargs="?", help="the .onnx file")
    parser.add_argument("--op-table", action="store_true",
                        help="print the supported-op table (docs/ONNX.md) "
                        "and exit")
    parser.add_argument("-o", "--output", default="-",
                        help="the .mlir file to write (default: stdout)")
    args = parser.parse_args(argv)

    # Imported here so that `--help` works without onnx installed.
    try:
        from strata.frontend.onnx import (OnnxImportError, import_model,
                                          op_table_markdown)
    except ModuleNotFoundError as e:
        print(f"strata-import-onnx: {e} (pip install onnx numpy)",
              file=sys.stderr)
        return 1
    if args.op_table:
        sys.stdout.write(op_table_markdown())
        return 0
    if args.model is None:
        parser.error("the model file is required")

    try:
        text = import_model(args.model)
    except OnnxImportError as e:
        print(f"strata-import-onnx: error: {e}", file=sys.stderr)
        return 1
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    try:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        print(f"strata-import-onnx: error: cannot write '{args.output}': {e}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
