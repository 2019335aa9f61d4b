"""Compiles the e2e programs with random schedules of their kernels' search
spaces (kernel-sample-schedules) and runs their checks: every point of the
spaces must compile and compute what the reference evaluator computes.

    python3 sampled-schedules.py BIN_DIR TMP_DIR SEEDS (PROGRAM.mlir | DIR)...

A directory stands for its programs that check themselves with
--test-graph-build-e2e (one [1.] per result). A program's line
"// SAMPLED-SCHEDULES-FLAGS: FLAGS" gives strata-compile FLAGS for its
kernels (--precision=bf16: the search spaces of its bf16 products).

Prints one line per program and seed ("NAME seed S: N checks pass", or
what failed) and, last, "N failed".
"""
import os
import re
import subprocess
import sys

bin_dir, tmp_dir, seeds = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
os.makedirs(tmp_dir, exist_ok=True)
failed = 0


def tool(name, *args, **kwargs):
    return subprocess.run([os.path.join(bin_dir, name)] + list(args),
                          capture_output=True, text=True, timeout=600,
                          **kwargs)


programs = []
for path in sys.argv[4:]:
    if not os.path.isdir(path):
        programs.append(path)
        continue
    for entry in sorted(os.listdir(path)):
        candidate = os.path.join(path, entry)
        if entry.endswith(".mlir") and re.search(
                r"CHECK-COUNT-\d+: (?:{{\^}})?\[1\.\]",
                open(candidate).read()) and \
                "--test-graph-build-e2e" in open(candidate).read():
            programs.append(candidate)

for program in programs:
    name = os.path.splitext(os.path.basename(program))[0]
    source = open(program).read()
    expected = int(re.search(r"CHECK-COUNT-(\d+): (?:{{\^}})?\[1\.\]",
                             source).group(1))
    options = re.search(r'"(--test-graph-build-e2e=[^"]*)"', source)
    options = options.group(1) if options else \
        "--test-graph-build-e2e=return-checks"
    base = os.path.join(tmp_dir, name)
    flags = re.search(r"^// SAMPLED-SCHEDULES-FLAGS: (.*)$", source, re.M)
    flags = flags.group(1).split() if flags else []
    steps = [("strata-opt", program, options, "-o", base + ".mlir"),
             ("strata-compile", base + ".mlir", "--compile-to=kernel", *flags,
              "-o", base + ".kernel.mlir")]
    for step in steps:
        result = tool(*step)
        if result.returncode:
            sys.exit(f"{name}: {step[0]} failed: {result.stderr.strip()}")
    for seed in seeds:
        sampled = f"{base}.seed{seed}"
        problem = None
        for step in (("strata-opt", base + ".kernel.mlir",
                      f"--kernel-sample-schedules=seed={seed}", "-o",
                      sampled + ".mlir"),
                     ("strata-compile", sampled + ".mlir", "-o",
                      sampled + ".smod"),
                     ("strata-run", sampled + ".smod", "--function=entry")):
            result = tool(*step)
            if result.returncode:
                problem = f"{step[0]} failed: " + \
                    (result.stderr.strip().splitlines() or ["?"])[-1]
                break
        if problem is None:
            # (A program may check more results than its CHECK-COUNT: its
            # FileCheck then only asks for no [0.].)
            passed = result.stdout.count("[1.]")
            wrong = result.stdout.count("[0.]")
            if wrong or passed < expected:
                problem = f"{passed} checks pass, {wrong} fail"
        if problem:
            failed += 1
            print(f"{name} seed {seed}: FAILED: {problem} "
                  f"(sampled schedules: {sampled}.mlir)")
        else:
            print(f"{name} seed {seed}: {passed} checks pass")
print(f"{failed} failed")
