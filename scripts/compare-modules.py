#!/usr/bin/env python3
#===- scripts/compare-modules.py - .smod files of two commits, compared --===#
#
# Checks that a change leaves code generation alone: compiles the same
# inputs with the strata-compile of two commits and compares the .smod files
# byte for byte. The inputs are every test/e2e/*.mlir with the
# strata-compile invocations of its RUN lines (each flag variant: NCHW,
# --vectorize=false, --cpu=haswell, ...) and the four bench models
# (bench/models/make_models.py, imported with each commit's importer).
#
#   scripts/compare-modules.py OLD NEW
#       builds each commit in a git worktree under $TMPDIR (ccache makes the
#       second build of unchanged files cheap), compiles, compares;
#   scripts/compare-modules.py OLD NEW --tools-dir OLD=DIR --tools-dir NEW=DIR
#       reuses existing builds (DIR holds strata-compile and strata-opt) of
#       either commit; NEW may be "worktree" for the uncommitted checkout;
#   scripts/compare-modules.py --compile SOURCE_DIR TOOLS_DIR OUT_DIR
#       only compiles the inputs of one source tree with one build;
#   scripts/compare-modules.py --diff DIR_A DIR_B
#       only compares two such output directories.
#
# Exits 0 when every module is byte-identical, 1 when some differ (each
# named), 2 when an input fails to compile with one side only. Inputs are
# copied to $TMPDIR/strata-compare-inputs and compiled from there (modules
# record source locations), so two runs must not overlap.
#
#===----------------------------------------------------------------------===#

import argparse
import filecmp
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_MODELS = ["mlp", "resnet18", "mobilenetv2", "bert_layer"]


def run_lines(path):
    """The RUN lines of a lit test, continuation lines joined."""
    lines, pending = [], ""
    with open(path) as f:
        for line in f:
            m = re.search(r"RUN:\s?(.*)$", line)
            if not m:
                continue
            text = m.group(1).rstrip()
            if text.endswith("\\"):
                pending += text[:-1] + " "
                continue
            lines.append(pending + text)
            pending = ""
    return lines


def compile_inputs(source_dir, tools_dir, out_dir, models=BENCH_MODELS):
    """Compiles every input of `source_dir` with the tools of `tools_dir`
    into `out_dir`; returns the names that failed to compile."""
    os.makedirs(out_dir, exist_ok=True)
    failures = []
    # The inputs are compiled from the same paths on both sides: modules
    # record the locations of their kernels and checks, file names included.
    work = os.path.join(tempfile.gettempdir(), "strata-compare-inputs")
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(os.path.join(source_dir, "test", "e2e"),
                    os.path.join(work, "e2e"))

    def tool(name):
        return os.path.join(tools_dir, name)

    def run(argv, name):
        result = subprocess.run(argv, capture_output=True, text=True)
        if result.returncode != 0:
            failures.append(name)
            print(f"  {name}: {argv[0]} failed:\n{result.stderr[-2000:]}",
                  file=sys.stderr)
        return result.returncode == 0

    e2e_dir = os.path.join(work, "e2e")
    for test in sorted(os.listdir(e2e_dir)):
        if not test.endswith(".mlir"):
            continue
        stem = test[:-len(".mlir")]
        source = os.path.join(e2e_dir, test)
        temp = os.path.join(work, "out", stem)
        os.makedirs(os.path.dirname(temp), exist_ok=True)
        # strata-opt prepares %t.mlir; strata-compile ... -o %t<suffix>.smod
        # makes each module. Other RUN lines (runs, FileCheck) are skipped.
        for line in run_lines(source):
            line = re.sub(r"^%if [^%]*%\{\s*(.*?)\s*%\}$", r"\1", line)
            command = line.split("|")[0].strip()
            if command.split(" ", 1)[0] not in ("strata-opt",
                                                "strata-compile"):
                continue
            argv = shlex.split(command)
            argv = [a.replace("%s", source).replace("%S", e2e_dir)
                    .replace("%t", temp) for a in argv]
            argv = [a for a in argv if a != "2>&1"]
            if argv[0] == "strata-opt":
                # Only the strata-opt that writes the test's input.
                if "-o" not in argv:
                    continue
                run([tool("strata-opt")] + argv[1:], f"{stem} (strata-opt)")
                continue
            if "-o" not in argv or not argv[argv.index("-o") + 1].endswith(
                    ".smod"):
                continue
            output = argv[argv.index("-o") + 1]
            name = stem + os.path.basename(output)[len(stem):]
            argv[argv.index("-o") + 1] = os.path.join(out_dir, name)
            run([tool("strata-compile")] + argv[1:], name)

    if models:
        onnx_dir = os.path.join(work, "onnx")
        os.makedirs(onnx_dir, exist_ok=True)
        subprocess.run([sys.executable,
                        os.path.join(source_dir, "bench", "models",
                                     "make_models.py"), onnx_dir] + models,
                       check=True, capture_output=True)
        importer = os.path.join(source_dir, "tools", "strata-import-onnx",
                                "strata-import-onnx")
        for model in models:
            mlir = os.path.join(onnx_dir, model + ".mlir")
            if run([sys.executable, importer,
                    os.path.join(onnx_dir, model + ".onnx"), "-o", mlir],
                   f"{model} (import)"):
                run([tool("strata-compile"), mlir, "-o",
                     os.path.join(out_dir, model + ".smod")], model)
    shutil.rmtree(work, ignore_errors=True)
    return failures


def diff_dirs(old_dir, new_dir):
    """Prints the modules that differ or exist on one side; returns the
    number of such modules."""
    old = {f for f in os.listdir(old_dir) if f.endswith(".smod")}
    new = {f for f in os.listdir(new_dir) if f.endswith(".smod")}
    problems = 0
    for name in sorted(old | new):
        if name not in new or name not in old:
            side = "old" if name in old else "new"
            print(f"only in {side}: {name}")
            problems += 1
        elif not filecmp.cmp(os.path.join(old_dir, name),
                             os.path.join(new_dir, name), shallow=False):
            print(f"differs: {name}")
            problems += 1
    print(f"{len(old & new)} modules compared, {problems} differ or are "
          f"missing")
    return problems


def build_commit(commit, work):
    """Builds strata-compile and strata-opt of `commit` in a worktree; returns
    the directory of the tools and the source tree."""
    source = os.path.join(work, "src-" + commit[:12])
    if not os.path.isdir(source):
        subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach",
                        source, commit], check=True)
    build = os.path.join(source, "build")
    env = dict(os.environ, STRATA_BUILD_DIR=build, CCACHE_BASEDIR=source)
    subprocess.run(["bash", "-c", "source scripts/common.sh; "
                    "strata_build strata-compile strata-opt"],
                   cwd=source, env=env, check=True)
    return source, os.path.join(build, "bin")


def main():
    parser = argparse.ArgumentParser(description="Compare the .smod files two commits produce")
    parser.add_argument("commits", nargs="*", help="OLD NEW")
    parser.add_argument("--tools-dir", action="append", default=[],
                        metavar="COMMIT=DIR")
    parser.add_argument("--compile", nargs=3,
                        metavar=("SOURCE_DIR", "TOOLS_DIR", "OUT_DIR"))
    parser.add_argument("--diff", nargs=2, metavar=("DIR_A", "DIR_B"))
    parser.add_argument("--models", default=",".join(BENCH_MODELS),
                        help="bench models to compile (empty: none)")
    parser.add_argument("--work-dir", default=None)
    args = parser.parse_args()
    models = [m for m in args.models.split(",") if m]

    if args.compile:
        failures = compile_inputs(*args.compile, models=models)
        return 2 if failures else 0
    if args.diff:
        return 1 if diff_dirs(*args.diff) else 0
    if len(args.commits) != 2:
        parser.error("expected OLD NEW, --compile or --diff")

    tools = dict(t.split("=", 1) for t in args.tools_dir)
    work = args.work_dir or tempfile.mkdtemp(prefix="strata-compare-")
    outputs, failures = [], []
    for commit in args.commits:
        if commit == "worktree":
            source = ROOT
            tools_dir = tools.get(commit, os.path.join(ROOT, "build", "bin"))
        elif commit in tools:
            source = os.path.join(work, "src-" + commit)
            if not os.path.isdir(source):
                subprocess.run(["git", "-C", ROOT, "worktree", "add",
                                "--detach", source, commit], check=True)
            tools_dir = tools[commit]
        else:
            source, tools_dir = build_commit(commit, work)
        out = os.path.join(work, "out-" + re.sub(r"\W", "_", commit))
        print(f"== compiling the inputs of {commit} with {tools_dir}")
        failures.append(set(compile_inputs(source, tools_dir, out, models)))
        outputs.append(out)
    if failures[0] != failures[1]:
        print("inputs that fail on one side only:",
              sorted(failures[0] ^ failures[1]))
        return 2
    return 1 if diff_dirs(*outputs) else 0


if __name__ == "__main__":
    sys.exit(main())
