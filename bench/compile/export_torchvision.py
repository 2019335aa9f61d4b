#!/usr/bin/env python3
#===- bench/compile/export_torchvision.py - Real exports for bench/compile -===#
#
# Exports torchvision architectures to ONNX with random weights (no
# download): the PyTorch exports that bench/compile compiles with Strata,
# IREE and TVM. Runs with a Python that has torch and torchvision (Debian's
# python3-torch for /usr/bin/python3); exits with status 2 and a clear line
# when they are missing, so the caller can skip these models.
#
# usage: export_torchvision.py OUT_DIR [MODEL...]
#
#===----------------------------------------------------------------------===#

import os
import sys

# name -> (torchvision constructor, input shape)
MODELS = {
    "resnet18": ("resnet18", (1, 3, 224, 224)),
    "mobilenet_v2": ("mobilenet_v2", (1, 3, 224, 224)),
    "squeezenet1_1": ("squeezenet1_1", (1, 3, 224, 224)),
    "shufflenet_v2_x1_0": ("shufflenet_v2_x1_0", (1, 3, 224, 224)),
    "efficientnet_b0": ("efficientnet_b0", (1, 3, 224, 224)),
    "densenet121": ("densenet121", (1, 3, 224, 224)),
}


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__ or "usage: export_torchvision.py OUT_DIR [MODEL...]")
        print("models: " + ", ".join(MODELS))
        return 0 if argv else 1
    try:
        import torch
        import torchvision
    except ImportError as error:
        print(f"export_torchvision: torch/torchvision not available ({error}); "
              "skipping the PyTorch exports", file=sys.stderr)
        return 2
    out_dir, names = argv[0], argv[1:] or list(MODELS)
    os.makedirs(out_dir, exist_ok=True)
    torch.manual_seed(0)
    for name in names:
        if name not in MODELS:
            print(f"export_torchvision: unknown model '{name}' "
                  f"(known: {', '.join(MODELS)})", file=sys.stderr)
            return 1
        path = os.path.join(out_dir, f"{name}.onnx")
        if os.path.exists(path):
            continue
        constructor, shape = MODELS[name]
        model = getattr(torchvision.models, constructor)(weights=None).eval()
        with torch.no_grad():
            torch.onnx.export(model, torch.randn(*shape), path,
                              input_names=["input"], output_names=["output"],
                              opset_version=13)
        print(f"exported {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
