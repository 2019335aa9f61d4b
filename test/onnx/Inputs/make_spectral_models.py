#===- make_spectral_models.py - DFT / STFT importer models ----------------===#
#
# Writes the models of importer-spectral.test:
#   chain OUT.onnx DIR - on a symbolic batch (opset 20): a DFT of a real
#                        input along an axis given at run time, an inverse
#                        DFT of that truncated to 4 points (constant
#                        dft_length, onesided), and an STFT with a constant
#                        step and Hann window; plus DIR/x.npy, DIR/axis.npy,
#                        DIR/s.npy and the numpy.fft references
#                        DIR/ref_{f,i,s}.npy;
#   bad OUT.onnx       - a DFT whose dft_length is computed and an STFT whose
#                        frame_length is computed next to a window, which
#                        the importer reports.
#
#===----------------------------------------------------------------------===#

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def _pairs(z):
    """A complex array as ONNX's [..., 2] (re, im) float32 form."""
    return np.stack([z.real, z.imag], -1).astype(np.float32)


def chain(path, out_dir):
    window = (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(8) / 8)).astype(
        np.float32)
    inits = [numpy_helper.from_array(np.array(4, np.int64), "four"),
             numpy_helper.from_array(np.array(-2, np.int64), "minus_two"),
             numpy_helper.from_array(np.array(3, np.int64), "step"),
             numpy_helper.from_array(window, "window")]
    nodes = [
        helper.make_node("DFT", ["x", "", "axis"], ["f"], name="dft"),
        helper.make_node("DFT", ["f", "four", "minus_two"], ["i"],
                         name="idft", inverse=1, onesided=1),
        helper.make_node("STFT", ["s", "step", "window"], ["st"],
                         name="stft"),
    ]
    graph = helper.make_graph(
        nodes, "spectral",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT,
                                       ["N", 6, 6, 1]),
         helper.make_tensor_value_info("axis", TensorProto.INT64, []),
         helper.make_tensor_value_info("s", TensorProto.FLOAT, ["N", 20, 2])],
        [helper.make_tensor_value_info("f", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("i", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("st", TensorProto.FLOAT, None)],
        inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("",
                                                                        20)])
    onnx.save(model, path)

    rng = np.random.default_rng(7)
    x = rng.standard_normal((2, 6, 6, 1)).astype(np.float32)
    s = rng.standard_normal((2, 20, 2)).astype(np.float32)
    axis = np.array(-3, np.int64)  # dim 1
    f = np.fft.fft(x[..., 0].astype(np.float64), axis=1)
    i = np.fft.ifft(f, n=4, axis=2)[:, :, :3]
    sig = s[..., 0].astype(np.float64) + 1j * s[..., 1]
    starts = np.arange(0, 20 - 8 + 1, 3)
    frames = np.stack([sig[:, k:k + 8] for k in starts], 1) * window
    st = np.fft.fft(frames, axis=-1)[..., :5]
    for name, arr in (("x", x), ("axis", axis), ("s", s),
                      ("ref_f", _pairs(f)), ("ref_i", _pairs(i)),
                      ("ref_s", _pairs(st))):
        np.save(os.path.join(out_dir, name + ".npy"), arr)


def bad(path):
    nodes = [
        helper.make_node("DFT", ["x", "n"], ["f"], name="dft"),
        helper.make_node("STFT", ["s", "step", "window", "n"], ["st"],
                         name="stft"),
    ]
    inits = [numpy_helper.from_array(np.array(2, np.int64), "step"),
             numpy_helper.from_array(np.ones(4, np.float32), "window")]
    graph = helper.make_graph(
        nodes, "bad",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 8, 1]),
         helper.make_tensor_value_info("n", TensorProto.INT64, []),
         helper.make_tensor_value_info("s", TensorProto.FLOAT, [1, 16, 1])],
        [helper.make_tensor_value_info("f", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("st", TensorProto.FLOAT, None)],
        inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("",
                                                                        20)])
    onnx.save(model, path)


if __name__ == "__main__":
    if sys.argv[1] == "chain":
        chain(sys.argv[2], sys.argv[3])
    else:
        bad(sys.argv[2])
