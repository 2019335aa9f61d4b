# Shared fixtures of the strata Python tests (run by lit-pytest.test with
# PYTHONPATH=<build>/python_packages, or by hand; see docs/Python.md).

import os

import numpy as np
import pytest

import strata

STRATA_SRC = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MLP_PATH = os.path.join(STRATA_SRC, "examples", "models", "mlp.mlir")
# The dnnl backend's runtime plugin, built where oneDNN is installed:
# <build>/python_packages/strata/__init__.py -> <build>/lib.
HAS_DNNL_PLUGIN = os.path.exists(os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(strata.__file__)))), "lib",
    "libstrata-plugin-dnnl.so"))

# Small graph-level functions: static and several results, an identity (a
# result aliasing its argument), a constant result (read-only module data).
SMALL_MLIR = """
func.func @add(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = graph.add %a, %b : tensor<3x4xf32>, tensor<3x4xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @relu_neg(%a: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %0 = graph.relu %a : tensor<3x4xf32> -> tensor<3x4xf32>
  %1 = graph.neg %a : tensor<3x4xf32> -> tensor<3x4xf32>
  return %0, %1 : tensor<3x4xf32>, tensor<3x4xf32>
}
func.func @identity(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %a : tensor<2x3xf32>
}
func.func @constant() -> tensor<2xf32> {
  %c = graph.constant dense<[1.5, 2.5]> : tensor<2xf32>
  return %c : tensor<2xf32>
}
"""

# Device-level host code on i64 scalars (compiled with from_device=True).
I64_MLIR = """
module attributes {device.target = #device.target<cpu>} {
  func.func @sum_to(%n: i64) -> i64 {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    cf.br ^loop(%c0, %c0 : i64, i64)
  ^loop(%i: i64, %acc: i64):
    %more = arith.cmpi slt, %i, %n : i64
    %next = arith.addi %i, %c1 : i64
    %sum = arith.addi %acc, %i : i64
    cf.cond_br %more, ^loop(%next, %sum : i64, i64), ^done(%acc : i64)
  ^done(%r: i64):
    return %r : i64
  }
}
"""

def _mlp_constant(name):
    """The value of `%name = graph.constant dense<...>` in mlp.mlir."""
    import re
    text = open(MLP_PATH).read()
    match = re.search(r"%" + name + r" = graph.constant dense<(.*?)> :", text,
                      re.S)
    return np.array(eval(match.group(1)), dtype=np.float64)


def mlp_reference(x):
    """examples/models/mlp.mlir evaluated with numpy (float64)."""
    w1, b1 = _mlp_constant("w1"), _mlp_constant("b1")
    w2, b2 = _mlp_constant("w2"), _mlp_constant("b2flat")
    h = np.maximum(x.reshape(x.shape[0], -1) @ w1 + b1, 0)
    logits = h @ w2 + b2
    e = np.exp(logits - logits.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


@pytest.fixture(scope="session")
def mlp():
    return strata.compile(MLP_PATH)


@pytest.fixture(scope="session")
def small():
    return strata.compile(SMALL_MLIR)


@pytest.fixture(scope="session")
def i64_module():
    return strata.compile(I64_MLIR, from_device=True)


@pytest.fixture
def rng():
    return np.random.default_rng(0)
