#===- torch_exports.py - PyTorch models exported to ONNX for the tests ----===#
#
# Exports the models of test_torch_models.py to ONNX, opset 17, with a
# dynamic batch axis (and a dynamic sequence axis where there is one) and
# random weights from a fixed seed (no download):
#
#   /usr/bin/python3 torch_exports.py OUT_DIR [NAME ...]
#
# writes OUT_DIR/NAME.onnx for each NAME (default: all of MODELS). Needs
# torch and torchvision (Debian's python3-torch and python3-torchvision,
# torch 1.13, torchvision 0.14), so it runs under /usr/bin/python3, not the
# interpreter that runs the tests.
#
# The torchvision models are the library's own classes, at smaller
# configurations where the constructor allows it (fewer or narrower layers,
# 64x64 or 32x32 inputs) so that the suite compiles in seconds; each keeps
# its architecture's structure (see MODELS and docs/OnnxModels.md).
#
# torchvision's initializations leave some parameters at values that would
# hide parts of a network from the comparison: BatchNorm and LayerNorm
# with weight 1 and bias 0, zero biases, ViT's zero classifier head and
# class token, ConvNeXt's 1e-6 layer scale, BatchNorm statistics that do
# not match the activations (so the signal fades in the deeper CNNs).
# randomize() redraws the parameters (from the same seed) and calibrate()
# sets the BatchNorm statistics from random inputs, so that every op
# contributes to the outputs and the outputs depend on the inputs.
#
#===----------------------------------------------------------------------===#

import os
import sys
import warnings

import torch
import torch.nn.functional as F
import torchvision
from torch import nn

tv = torchvision.models

OPSET = 17
SEED = 0

#: Token vocabulary and maximal sequence length of the GPT-style model.
GPT_VOCAB, GPT_MAX_SEQ = 100, 64
#: Width of the TransformerEncoder and the GPT-style model.
D_MODEL = 64


class GPT(nn.Module):
    """A decoder-only (GPT-style) language model: token and learned
    position embeddings, pre-LN transformer blocks under a causal mask,
    final LayerNorm and a linear head over the vocabulary."""

    def __init__(self, vocab=GPT_VOCAB, dim=D_MODEL, heads=4, layers=1,
                 max_seq=GPT_MAX_SEQ):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(max_seq, dim)
        self.blocks = nn.ModuleList([
            nn.TransformerEncoderLayer(dim, heads, 4 * dim, batch_first=True,
                                       norm_first=True)
            for _ in range(layers)])
        self.ln = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids):
        t = ids.shape[1]
        pos = torch.arange(t, device=ids.device)
        x = self.tok(ids) + self.pos(pos)
        mask = torch.triu(torch.full((t, t), float("-inf")), diagonal=1)
        for block in self.blocks:
            x = block(x, src_mask=mask)
        return self.head(self.ln(x))


class UNet(nn.Module):
    """A two-level U-Net: max-pool down, bilinear (align_corners=False) and
    nearest 2x upsampling with F.interpolate, skip connections by Concat."""

    def __init__(self, classes=2):
        super().__init__()

        def double_conv(cin, cout):
            return nn.Sequential(
                nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout),
                nn.ReLU(),
                nn.Conv2d(cout, cout, 3, padding=1), nn.BatchNorm2d(cout),
                nn.ReLU())
        self.down1 = double_conv(3, 8)
        self.down2 = double_conv(8, 16)
        self.bottom = double_conv(16, 32)
        self.up2 = double_conv(32 + 16, 16)
        self.up1 = double_conv(16 + 8, 8)
        self.out = nn.Conv2d(8, classes, 1)

    def forward(self, x):
        a = self.down1(x)
        b = self.down2(F.max_pool2d(a, 2))
        m = self.bottom(F.max_pool2d(b, 2))
        u = F.interpolate(m, scale_factor=2, mode="bilinear",
                          align_corners=False)
        u = self.up2(torch.cat([u, b], 1))
        u = F.interpolate(u, scale_factor=2, mode="nearest")
        u = self.up1(torch.cat([u, a], 1))
        return self.out(u)


class Segmentation(nn.Module):
    """torchvision's segmentation models return {"out": ...}; this returns
    the tensor."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, x):
        return self.net(x)["out"]


def _mobilenet_v2():
    # The first four of mobilenet_v2's seven stages (t, c, n, s) at half
    # width: the expansion-1 block, then stride-2 blocks with expansion 6;
    # the second stage keeps its stride-1 repeat (the residual connection).
    setting = [[1, 16, 1, 1], [6, 24, 2, 2], [6, 32, 1, 2], [6, 64, 1, 2]]
    return tv.MobileNetV2(num_classes=10, width_mult=0.5,
                          inverted_residual_setting=setting)


def _mobilenet_v3_small():
    # The first five blocks of mobilenet_v3_small's eleven: squeeze-
    # excitation (Hardsigmoid) with ReLU at stride 2, ReLU without SE at
    # stride 2, its residual repeat, 5x5 Hardswish with SE at stride 2 and
    # its residual repeat; then the 1x1 conv, pooling and the Hardswish
    # classifier as in the full model.
    from torchvision.models.mobilenetv3 import _mobilenet_v3_conf
    setting, last_channel = _mobilenet_v3_conf("mobilenet_v3_small")
    setting = setting[:5]
    return tv.MobileNetV3(setting, last_channel, num_classes=10)


def _shufflenet():
    # shufflenet_v2_x0_5's channels with stages_repeats [2, 1, 1] instead
    # of [4, 8, 4]: every stage has the stride-2 block (two branches), the
    # first also the channel-split block; each ends in the channel shuffle.
    return tv.ShuffleNetV2([2, 1, 1], [24, 48, 96, 192, 1024],
                           num_classes=10)


def _efficientnet():
    # The first three of efficientnet_b0's seven stages of MBConv blocks
    # (expansion 1 and 6, 3x3 and 5x5 depthwise, squeeze-excitation, SiLU),
    # the second with its residual repeat (StochasticDepth, an identity at
    # inference), then the 1x1 head conv to 4x the channels, as in b0.
    from torchvision.models.efficientnet import MBConvConfig
    layers = [1, 2, 1]
    b0 = [(1, 3, 1, 32, 16), (6, 3, 2, 16, 24), (6, 5, 2, 24, 40)]
    setting = [MBConvConfig(*stage, n) for stage, n in zip(b0, layers)]
    return tv.EfficientNet(setting, dropout=0.2, num_classes=10)


def _convnext():
    from torchvision.models.convnext import CNBlockConfig
    # convnext_tiny is (96, 192, 3), (192, 384, 3), (384, 768, 9),
    # (768, None, 3): here two stages of one block (7x7 depthwise conv,
    # LayerNorm over channels, MLP with GELU, layer scale), at a quarter of
    # the width, with the LayerNorm2d + 2x2 stride-2 conv downsampling
    # between. layer_scale 0.5 instead of 1e-6 so the blocks show.
    return tv.ConvNeXt([CNBlockConfig(24, 48, 1), CNBlockConfig(48, None, 1)],
                       layer_scale=0.5, num_classes=10)


def _swin():
    # swin_t is embed 96, depths [2, 2, 6, 2], heads [3, 6, 12, 24], window
    # 7. Here a stage of 2 blocks, the patch merging (2x2 strided slices,
    # Concat, LayerNorm, Linear) and a stage of 1 block. A 32x32 input gives
    # 8x8 and 4x4 patch grids, padded to 14x14 (2x2 windows) and 7x7 (one
    # window): the second block of the first stage uses the cyclic shift
    # (torch.roll: Slice + Concat) and the shifted-window attention mask;
    # in the second stage the window covers the grid (no shift, as in
    # swin_t's last stage).
    return tv.SwinTransformer(patch_size=[4, 4], embed_dim=32,
                              depths=[2, 1], num_heads=[2, 4],
                              window_size=[7, 7], num_classes=10)


def _vit():
    # vit_b_16 is 224x224, patch 16, 12 layers, 12 heads, hidden 768,
    # MLP 3072: here 32x32, patch 8 (16 patches + the class token).
    return tv.VisionTransformer(image_size=32, patch_size=8, num_layers=2,
                                num_heads=4, hidden_dim=64, mlp_dim=128,
                                num_classes=10)


def _deeplab():
    # deeplabv3_mobilenet_v3_large's construction (torchvision's own
    # _deeplabv3_mobilenetv3: the dilated MobileNetV3 features, output
    # stride 16, and DeepLabHead: ASPP with rates 12, 24, 36 and the
    # image-pooling branch upsampled back, then bilinear upsampling to the
    # input size) on a shortened backbone: blocks 0, 1, 3, 6, 12 and 13 of
    # mobilenet_v3_large's 15 (one per stage, two of the last, whose convs
    # are dilated instead of strided; SE, ReLU and Hardswish).
    from torchvision.models.mobilenetv3 import _mobilenet_v3_conf
    from torchvision.models.segmentation.deeplabv3 import (
        _deeplabv3_mobilenetv3)
    setting, last_channel = _mobilenet_v3_conf("mobilenet_v3_large",
                                               dilated=True)
    setting = [setting[i] for i in (0, 1, 3, 6, 12, 13)]
    for prev, cnf in zip(setting, setting[1:]):
        cnf.input_channels = prev.out_channels
    backbone = tv.MobileNetV3(setting, last_channel)
    return Segmentation(_deeplabv3_mobilenetv3(backbone, 4, aux=False))


#: Dynamic axes of the input and of the output.
IMAGE = ({0: "batch"}, {0: "batch"})
SEQUENCE = ({0: "batch", 1: "seq"}, {0: "batch", 1: "seq"})

#: name -> (constructor, the traced input's shape or "tokens" (int64
#: [batch, 16] in [0, GPT_VOCAB)), dynamic axes).
MODELS = {
    "resnet18": (lambda: tv.resnet18(num_classes=10), (2, 3, 64, 64), IMAGE),
    "mobilenet_v2": (_mobilenet_v2, (2, 3, 64, 64), IMAGE),
    "mobilenet_v3_small": (_mobilenet_v3_small, (2, 3, 64, 64), IMAGE),
    "shufflenet_v2": (_shufflenet, (2, 3, 64, 64), IMAGE),
    "convnext": (_convnext, (2, 3, 64, 64), IMAGE),
    "swin": (_swin, (2, 3, 32, 32), IMAGE),
    "vit": (_vit, (2, 3, 32, 32), IMAGE),
    "efficientnet": (_efficientnet, (2, 3, 64, 64), IMAGE),
    "deeplabv3_mobilenet": (_deeplab, (2, 3, 64, 64), IMAGE),
    "transformer_encoder": (
        lambda: nn.TransformerEncoder(
            nn.TransformerEncoderLayer(D_MODEL, 4, 128, batch_first=True), 2),
        (2, 16, D_MODEL), SEQUENCE),
    "gpt": (GPT, "tokens", SEQUENCE),
    "unet": (UNet, (2, 3, 64, 64), IMAGE),
}


@torch.no_grad()
def randomize(model, gen):
    """Redraws the parameters torchvision initializes to constants."""
    for module in model.modules():
        if isinstance(module, (nn.BatchNorm2d, nn.LayerNorm)):
            if module.weight is not None:
                module.weight.uniform_(0.5, 1.5, generator=gen)
                module.bias.normal_(0.0, 0.1, generator=gen)
    norms = {id(p) for m in model.modules()
             if isinstance(m, (nn.BatchNorm2d, nn.LayerNorm))
             for p in m.parameters(recurse=False)}
    for p in model.parameters():
        if id(p) not in norms and not p.any():
            # zero biases, ViT's head and class token
            p.normal_(0.0, 0.02, generator=gen)


@torch.no_grad()
def calibrate(model, make_input):
    """Sets each BatchNorm's running statistics to those of its inputs on
    random data, as training would: with torchvision's initial statistics
    (mean 0, variance 1) BatchNorm normalizes nothing, and in the
    MobileNets, EfficientNet and DeepLabV3 the signal then fades within a
    few blocks (depthwise convs' fan-out initialization), leaving outputs
    that hardly depend on the input. Dropout and StochasticDepth are active
    during these passes but change only the statistics."""
    bns = [m for m in model.modules() if isinstance(m, nn.BatchNorm2d)]
    if not bns:
        return
    for bn in bns:
        bn.reset_running_stats()
        bn.momentum = None  # a cumulative average over the passes
    model.train()
    for _ in range(4):
        model(make_input(4))
    model.eval()


def export(name, path):
    make, example, (in_axes, out_axes) = MODELS[name]
    torch.manual_seed(SEED)
    model = make().eval()
    randomize(model, torch.Generator().manual_seed(SEED + 1))
    if example == "tokens":
        def make_input(batch):
            return torch.randint(0, GPT_VOCAB, (batch, 16))
    else:
        def make_input(batch):
            return torch.randn((batch,) + tuple(example[1:]))
    calibrate(model, make_input)
    torch.onnx.export(model, (make_input(2),), path, opset_version=OPSET,
                      input_names=["input"], output_names=["output"],
                      dynamic_axes={"input": in_axes, "output": out_axes},
                      do_constant_folding=True)


def main(argv):
    if not argv:
        sys.exit(f"usage: {sys.argv[0]} OUT_DIR [NAME ...]\n"
                 f"models: {' '.join(MODELS)}")
    out, names = argv[0], argv[1:] or list(MODELS)
    unknown = [n for n in names if n not in MODELS]
    if unknown:
        sys.exit(f"unknown models: {' '.join(unknown)}")
    os.makedirs(out, exist_ok=True)
    warnings.filterwarnings("ignore")
    for name in names:
        tmp = os.path.join(out, f".{name}.onnx.tmp")
        export(name, tmp)
        os.replace(tmp, os.path.join(out, f"{name}.onnx"))


if __name__ == "__main__":
    main(sys.argv[1:])
