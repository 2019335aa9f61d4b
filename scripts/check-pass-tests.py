#!/usr/bin/env python3
#===- scripts/check-pass-tests.py - A lit test named after every pass ----===#
#
# Checks the layout rule of docs/Design.md: for every pass of every
# include/strata/**/Passes.td, a lit test whose file name starts with the
# pass's flag exists in the mirrored test/ folder (include/strata/A/B/
# Transforms/Passes.td -> test/A/B, include/strata/Conversion/Passes.td ->
# test/Conversion, include/strata/Codegen/CPU/Passes.td -> test/Codegen/CPU);
# a conversion convert-x-to-y may have a folder XToY/ of tests instead.
# Prints each pass without one and exits 1; run by test/Docs/pass-tests.test.
#
#   scripts/check-pass-tests.py [SOURCE_ROOT]
#
#===----------------------------------------------------------------------===#

import os
import re
import sys


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))
    include = os.path.join(root, "include", "strata")
    missing, checked = [], 0
    for directory, _, files in sorted(os.walk(include)):
        if "Passes.td" not in files:
            continue
        relative = os.path.relpath(directory, include)
        parts = [p for p in relative.split(os.sep) if p != "Transforms"]
        tests = os.path.join(root, "test", *parts)
        names, folders = [], set()
        for test_dir, _, test_files in os.walk(tests):
            names += test_files
            folders.add(os.path.basename(test_dir))
        with open(os.path.join(directory, "Passes.td")) as f:
            flags = re.findall(r'Pass<"([^"]+)"', f.read())
        for flag in flags:
            checked += 1
            # A conversion may instead have a folder of tests named after
            # its two ends: convert-graph-to-kernel -> GraphToKernel/.
            folder = "".join(w.capitalize() for w in
                             flag.removeprefix("convert-").split("-"))
            if flag.startswith("convert-") and folder in folders:
                continue
            if not any(n.startswith(flag) for n in names):
                missing.append(f"{flag} ({relative}/Passes.td): no test "
                               f"named {flag}*.mlir under "
                               f"{os.path.relpath(tests, root)}")
    for line in missing:
        print(line)
    print(f"{checked} passes, {len(missing)} without a test named after them")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
