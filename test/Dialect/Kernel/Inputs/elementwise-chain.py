#!/usr/bin/env python3
"""Prints a function of N elementwise linalg.generic ops chained for
kernel-fuse-elementwise, in one of these shapes:

  plain  each op adds a scalar to the previous op's result
  withx  each op multiplies the previous result by the argument %x (the
         fused op reads %x once per step: repeated inputs)
  splat  each op subtracts a splat constant tensor (folded into a scalar)
  index  every fifth op adds its column index (linalg.index)
  comb   acc_i = acc_{i-1} + max(x * c, 0): each step fuses a long chain
         and a short one

    elementwise-chain.py SHAPE N
"""

import sys

shape = sys.argv[1]
n = int(sys.argv[2])
T = "tensor<4x16xf32>"
ID = "#id"


def generic(name, inputs, body):
    args = ", ".join(f"%a{i}: f32" for i in range(len(inputs)))
    maps = ", ".join([ID] * (len(inputs) + 1))
    ins = ", ".join(inputs)
    types = ", ".join([T] * len(inputs))
    print(f"  {name} = linalg.generic {{indexing_maps = [{maps}], "
          f"iterator_types = [\"parallel\", \"parallel\"]}} "
          f"ins({ins} : {types}) outs(%e : {T}) {{")
    print(f"  ^bb0({args}, %o: f32):")
    for line in body:
        print(f"    {line}")
    print(f"  }} -> {T}")


print("#id = affine_map<(d0, d1) -> (d0, d1)>")
print(f"func.func @{shape}(%x: {T}) -> {T} {{")
print("  %c = arith.constant 1.5 : f32")
print("  %zero = arith.constant 0.0 : f32")
print(f"  %s = arith.constant dense<2.0> : {T}")
print(f"  %e = tensor.empty() : {T}")
prev = "%x"
for i in range(n):
    v = f"%v{i}"
    if shape == "plain":
        generic(v, [prev], ["%r = arith.addf %a0, %c : f32",
                            "linalg.yield %r : f32"])
    elif shape == "withx":
        generic(v, [prev, "%x"], ["%r = arith.mulf %a0, %a1 : f32",
                                  "linalg.yield %r : f32"])
    elif shape == "splat":
        generic(v, [prev, "%s"], ["%r = arith.subf %a0, %a1 : f32",
                                  "linalg.yield %r : f32"])
    elif shape == "index":
        if i % 5 == 0:
            generic(v, [prev], ["%i = linalg.index 1 : index",
                                "%j = arith.index_cast %i : index to i32",
                                "%f = arith.sitofp %j : i32 to f32",
                                "%r = arith.addf %a0, %f : f32",
                                "linalg.yield %r : f32"])
        else:
            generic(v, [prev], ["%r = arith.addf %a0, %c : f32",
                                "linalg.yield %r : f32"])
    elif shape == "comb":
        generic(f"%y{i}", ["%x"], ["%r = arith.mulf %a0, %c : f32",
                                   "linalg.yield %r : f32"])
        generic(f"%z{i}", [f"%y{i}"], ["%r = arith.maximumf %a0, %zero : f32",
                                       "linalg.yield %r : f32"])
        generic(v, [prev, f"%z{i}"], ["%r = arith.addf %a0, %a1 : f32",
                                      "linalg.yield %r : f32"])
    else:
        sys.exit(f"unknown shape {shape}")
    prev = v
print(f"  return {prev} : {T}")
print("}")
