#===- import_onnx.py - strata-import-onnx command line --------------------===#
#
# `strata-import-onnx MODEL.onnx -o OUT.mlir`: imports an ONNX model as
# graph-dialect MLIR (strata.frontend.onnx) and writes it to OUT.mlir, or to
# stdout without -o. Every import problem goes to stderr, one per line, and
# the exit status is 1. Also runnable as `python3 -m strata.tools.import_onnx`.
# The process's memory is capped (_limit_memory), so that a malformed model
# cannot make it take the machine's.
#
#===----------------------------------------------------------------------===#

import argparse
import os
import sys


def _limit_memory(model: str):
    """Caps this process's address space (and that of the children the
    importer forks for ONNX's C++ code) at what it uses now plus
    STRATA_IMPORT_MEMORY_GB gigabytes (default: 4, plus 10 times the model's
    size), so that a malformed model asking for an absurd tensor makes the
    allocation fail (reported as a problem of its node) instead of the
    machine running out of memory. 0 turns the cap off."""
    try:
        import resource
        with open("/proc/self/statm") as f:
            used = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (ImportError, OSError, ValueError):
        return  # not Linux: no cap
    try:
        budget = float(os.environ.get("STRATA_IMPORT_MEMORY_GB", -1)) * 2**30
    except ValueError:
        budget = -1
    if budget == 0:
        return
    if budget < 0:
        try:
            size = os.path.getsize(model)
        except OSError:
            size = 0
        budget = 4 * 2**30 + 10 * size
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = used + int(budget)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    if soft == resource.RLIM_INFINITY or limit < soft:
        try:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
        except (ValueError, OSError):
            pass


class _BytecodeError(Exception):
    """The module cannot be written as MLIR bytecode."""


def _import_bytecode(model: str) -> list:
    """The module of `model` as MLIR bytecode (one part): the text without
    the weights and the weights as bytes, joined by the compiled
    extension."""
    from strata.frontend.onnx import import_model_external
    try:
        from strata import _strata
    except ImportError as e:
        raise _BytecodeError(
            "writing MLIR bytecode needs the strata package's compiled "
            "extension (bash scripts/setup.sh builds it), or write MLIR "
            f"text (-o model.mlir): {e}") from e
    text, blobs = import_model_external(model)
    try:
        return [_strata.convert_to_bytecode(text, model, blobs)]
    except _strata.StrataError as e:  # an importer bug: say so
        raise _BytecodeError(
            f"internal error: the imported module of '{model}' does not "
            f"convert to bytecode: {e}") from e


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
                        help="the file to write (default: stdout): MLIR "
                        "text, or MLIR bytecode when it ends in .mlirbc")
    parser.add_argument("--emit-bytecode", action="store_true",
                        help="write MLIR bytecode whatever the output's "
                        "name: the weights as bytes, which strata-compile "
                        "reads faster than their hex in text (needs the "
                        "strata package's compiled extension)")
    args = parser.parse_args(argv)

    # Imported here so that `--help` works without onnx installed.
    try:
        from strata.frontend.onnx import (OnnxImportError,
                                          import_model_parts,
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

    _limit_memory(args.model)
    bytecode = args.emit_bytecode or args.output.endswith(".mlirbc")
    try:
        parts = (_import_bytecode(args.model) if bytecode else
                 import_model_parts(args.model))
    except OnnxImportError as e:
        print(f"strata-import-onnx: error: {e}", file=sys.stderr)
        return 1
    except _BytecodeError as e:
        print(f"strata-import-onnx: error: {e}", file=sys.stderr)
        return 1
    if args.output == "-":
        sys.stdout.flush()
        sys.stdout.buffer.writelines(parts)
        return 0
    try:
        # Binary: the parts are UTF-8 already, and the weights' hex is
        # written as it is, not decoded and encoded again.
        with open(args.output, "wb") as f:
            f.writelines(parts)
    except OSError as e:
        print(f"strata-import-onnx: error: cannot write '{args.output}': {e}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
