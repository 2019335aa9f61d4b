"""The GPU benchmark (bench/gpu/pack.sh's pack), on a GPU machine.

Times each module with strata-bench --device=cuda (median of the runs;
each run includes copying the inputs to the GPU and the results back) and
the same work in PyTorch eager on the same GPU: torch.matmul (cuBLAS; f32
with TF32 off, as Strata computes f32), and a model's TorchScript export
where the pack has one. Prints a table and writes results.json.

    python3 run.py [--device cuda:0] [--repetitions 20]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def strata_ms(module, inputs, device, repetitions):
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = os.path.join(HERE, "lib") + \
        (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    cmd = [os.path.join(HERE, "bin", "strata-bench"), module,
           f"--device={device}", f"--repetitions={repetitions}",
           "--warmup=2"] + [f"--input={spec}" for spec in inputs]
    out = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        return None, (out.stderr or out.stdout).strip().splitlines()[-1]
    median = re.search(r"median:\s*([0-9.]+)\s*(ns|us|ms|s)\b", out.stdout)
    if not median:
        return None, "no median in: " + out.stdout.strip()[:200]
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[median.group(2)]
    return float(median.group(1)) * scale, None


def torch_ms(fn, repetitions):
    import torch
    for _ in range(2):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(repetitions):
        start = time.perf_counter()
        fn()
        torch.cuda.synchronize()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", default="cuda:0")
    parser.add_argument("--repetitions", type=int, default=20)
    args = parser.parse_args()
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    gpu = torch.device(args.device)
    compile_times = json.load(open(os.path.join(HERE, "compile_times.json")))
    rows = []
    modules = sorted(f[:-5] for f in os.listdir(os.path.join(HERE, "modules"))
                     if f.endswith(".smod"))
    for name in modules:
        path = os.path.join(HERE, "modules", name + ".smod")
        row = {"name": name, "compile_s": compile_times.get(name)}
        matmul = re.fullmatch(r"matmul_(f32|f16|bf16)_(\d+)", name)
        if matmul:
            dtype, n = matmul.group(1), int(matmul.group(2))
            spec = f"{n}x{n}x{dtype}=0.5"
            row["strata_ms"], row["error"] = strata_ms(
                path, [spec, spec], args.device, args.repetitions)
            tdtype = {"f32": torch.float32, "f16": torch.float16,
                      "bf16": torch.bfloat16}[dtype]
            a = torch.full((n, n), 0.5, dtype=tdtype, device=gpu)
            row["torch_ms"] = torch_ms(lambda: torch.matmul(a, a),
                                       args.repetitions)
            row["gflop"] = 2 * n ** 3 / 1e9
        else:
            signature = open(os.path.join(
                HERE, "modules", name + ".signature")).read()
            shape = re.search(r"%r0: tensor<([0-9x]+)x(f32|i64)>", signature)
            spec = f"{shape.group(1)}x{shape.group(2)}=" + \
                ("1" if shape.group(2) == "i64" else "0.5")
            row["strata_ms"], row["error"] = strata_ms(
                path, [spec], args.device, args.repetitions)
            script = os.path.join(HERE, "modules",
                                  name[len("model_"):] + ".torchscript.pt")
            if os.path.exists(script):
                model = torch.jit.load(script).to(gpu).eval()
                dims = [int(d) for d in shape.group(1).split("x")]
                x = (torch.ones(dims, dtype=torch.int64, device=gpu)
                     if shape.group(2) == "i64"
                     else torch.full(dims, 0.5, device=gpu))
                with torch.no_grad():
                    row["torch_ms"] = torch_ms(lambda: model(x),
                                               args.repetitions)
        rows.append(row)
        strata, reference = row.get("strata_ms"), row.get("torch_ms")
        ratio = f"{reference / strata:6.3f}" if strata and reference else "     -"
        rate = f"{row['gflop'] / strata:8.1f} GFLOP/s" \
            if strata and "gflop" in row else ""
        print(f"{name:28s} strata {strata or float('nan'):10.3f} ms  "
              f"torch {reference or float('nan'):10.3f} ms  torch/strata "
              f"{ratio}  {rate}  compile {row['compile_s']} s"
              + (f"  ERROR {row['error']}" if row.get("error") else ""))
    json.dump({"device": torch.cuda.get_device_name(gpu), "rows": rows},
              open(os.path.join(HERE, "results.json"), "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())
