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

# name -> (torchvision constructor, or a function of the torchvision and
# torch modules making the model; input shape, or (shape, "int64") for
# token ids)
MODELS = {
    "resnet18": ("resnet18", (1, 3, 224, 224)),
    "mobilenet_v2": ("mobilenet_v2", (1, 3, 224, 224)),
    "squeezenet1_1": ("squeezenet1_1", (1, 3, 224, 224)),
    "shufflenet_v2_x1_0": ("shufflenet_v2_x1_0", (1, 3, 224, 224)),
    "efficientnet_b0": ("efficientnet_b0", (1, 3, 224, 224)),
    "densenet121": ("densenet121", (1, 3, 224, 224)),
    # DeiT-Tiny's shape (12 layers of 3 heads, width 192) in torchvision's
    # VisionTransformer: patch embedding, class token, pre-norm blocks.
    "vit_tiny": (lambda torchvision, torch: make_vit(torchvision, torch),
                 (1, 3, 224, 224)),
    # A GPT-2-style decoder (see make_gpt): token and position embeddings,
    # 4 pre-norm blocks of causal self-attention and a tanh-GELU MLP, the
    # tied LM head; 128 tokens.
    "gpt_decoder": (lambda torchvision, torch: make_gpt(torch),
                    ((1, 128), "int64")),
}


def make_vit(torchvision, torch):
    """DeiT-Tiny's shape in torchvision's VisionTransformer. torchvision
    initializes the classifier to zeros (every output 0, nothing to compare):
    it gets random weights like the rest."""
    model = torchvision.models.VisionTransformer(
        image_size=224, patch_size=16, num_layers=12, num_heads=3,
        hidden_dim=192, mlp_dim=768)
    torch.nn.init.normal_(model.heads.head.weight, std=0.02)
    torch.nn.init.normal_(model.heads.head.bias, std=0.02)
    return model


def make_gpt(torch, vocab=8192, width=384, heads=6, layers=4, context=128):
    """A GPT-2-style decoder-only transformer (as in nanoGPT), written out
    so that its export has the usual ops: Gather for the embeddings,
    MatMul/Add for the projections, Split/Reshape/Transpose for the heads,
    a causal mask through Where, Softmax, LayerNormalization, tanh GELU."""
    nn = torch.nn

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1 = nn.LayerNorm(width)
            self.qkv = nn.Linear(width, 3 * width)
            self.proj = nn.Linear(width, width)
            self.ln2 = nn.LayerNorm(width)
            self.fc = nn.Linear(width, 4 * width)
            self.out = nn.Linear(4 * width, width)
            self.register_buffer("causal", torch.tril(
                torch.ones(context, context, dtype=torch.bool)))

        def forward(self, x):
            b, t, c = x.shape
            q, k, v = self.qkv(self.ln1(x)).split(width, dim=2)
            q, k, v = (y.view(b, t, heads, c // heads).transpose(1, 2)
                       for y in (q, k, v))
            att = (q @ k.transpose(-2, -1)) * (1.0 / (c // heads) ** 0.5)
            att = att.masked_fill(~self.causal[:t, :t], float("-inf"))
            y = att.softmax(dim=-1) @ v
            x = x + self.proj(y.transpose(1, 2).reshape(b, t, c))
            h = nn.functional.gelu(self.fc(self.ln2(x)), approximate="tanh")
            return x + self.out(h)

    class GPT(nn.Module):
        def __init__(self):
            super().__init__()
            self.tokens = nn.Embedding(vocab, width)
            self.positions = nn.Embedding(context, width)
            self.blocks = nn.Sequential(*[Block() for _ in range(layers)])
            self.ln = nn.LayerNorm(width)

        def forward(self, ids):
            positions = torch.arange(ids.shape[1]).unsqueeze(0)
            x = self.blocks(self.tokens(ids) + self.positions(positions))
            return self.ln(x) @ self.tokens.weight.t()

    return GPT()


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
        if callable(constructor):
            model = constructor(torchvision, torch).eval()
        else:
            model = getattr(torchvision.models, constructor)(
                weights=None).eval()
        if isinstance(shape[1], str):
            example = torch.randint(0, 100, shape[0])
        else:
            example = torch.randn(*shape)
        # Transformers at opset 17, for LayerNormalization as one node.
        opset = 13 if isinstance(constructor, str) else 17
        with torch.no_grad():
            torch.onnx.export(model, example, path,
                              input_names=["input"], output_names=["output"],
                              opset_version=opset)
        print(f"exported {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
