// graph-infer-shapes: result types refined from operands, through calls,
// function signatures and scf regions. strata-opt verifies the module after
// the pass, so every output here is also valid IR.
// RUN: strata-opt %s --graph-infer-shapes -split-input-file -verify-diagnostics -mlir-print-op-on-diagnostic=false | FileCheck %s
//
// The parts after the first `//---` line also run on their own, with options.
// RUN: split-file --leading-lines %s %t
// RUN: strata-opt %t/pipeline.mlir --graph-infer-shapes --canonicalize --graph-infer-shapes | FileCheck %s --check-prefix=PIPE
// RUN: strata-opt %t/spec.mlir --graph-infer-shapes="function=main input-shapes=1x3x8x8,,?x10" | FileCheck %s --check-prefix=SPEC
// RUN: strata-opt %t/spec.mlir --graph-infer-shapes="function=body input-shapes=1x3x8x8" | FileCheck %s --check-prefix=PRIV
// RUN: not strata-opt %t/spec.mlir --graph-infer-shapes="function=main input-shapes=1x3x8x8" -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not strata-opt %t/spec.mlir --graph-infer-shapes="function=nope input-shapes=1x3x8x8,,?x10" -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not strata-opt %t/spec.mlir --graph-infer-shapes="function=main input-shapes=1x4x8x8,,?x10" -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=INCOMPAT
// RUN: not strata-opt %t/spec.mlir --graph-infer-shapes="function=main input-shapes=1x3x8,,?x10" -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not strata-opt %t/spec.mlir --graph-infer-shapes="function=main input-shapes=1x3xax8,,?x10" -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not strata-opt %t/spec.mlir --graph-infer-shapes="function=main input-shapes=1x3x4294967296x4294967296,,?x10" -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not strata-opt %t/spec.mlir --graph-infer-shapes="function=ext input-shapes=4" -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=DECL

// Broadcasting: `?` against 4 is 4, `?` against 1 stays `?`. A public
// function's result types are refined too (its arguments are not).
// CHECK-LABEL: func.func @broadcast_chain
// CHECK-SAME: (%{{.*}}: tensor<?x3xf32>, %{{.*}}: tensor<4x1xf32>, %{{.*}}: tensor<?x1xf32>) -> (tensor<4xf32>, tensor<?x3xf32>)
// CHECK: graph.add %{{.*}}, %{{.*}} : tensor<?x3xf32>, tensor<4x1xf32> -> tensor<4x3xf32>
// CHECK: graph.mul %{{.*}}, %{{.*}} : tensor<4x3xf32>, tensor<?x1xf32> -> tensor<4x3xf32>
// CHECK: graph.add %{{.*}}, %{{.*}} : tensor<?x3xf32>, tensor<?x1xf32> -> tensor<?x3xf32>
// CHECK: graph.reduce_sum %{{.*}} {axes = array<i64: 1>, keepdims = false} : tensor<4x3xf32> -> tensor<4xf32>
// CHECK: return %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<?x3xf32>
func.func @broadcast_chain(%x: tensor<?x3xf32>, %y: tensor<4x1xf32>, %z: tensor<?x1xf32>) -> (tensor<?xf32>, tensor<?x?xf32>) {
  %0 = graph.add %x, %y : tensor<?x3xf32>, tensor<4x1xf32> -> tensor<?x?xf32>
  %1 = graph.mul %0, %z : tensor<?x?xf32>, tensor<?x1xf32> -> tensor<?x?xf32>
  %2 = graph.add %x, %z : tensor<?x3xf32>, tensor<?x1xf32> -> tensor<?x?xf32>
  %3 = graph.reduce_sum %1 {axes = array<i64: 1>, keepdims = false} : tensor<?x?xf32> -> tensor<?xf32>
  return %3, %2 : tensor<?xf32>, tensor<?x?xf32>
}

// -----

// Nothing to refine: the inferred types know no more than the declared ones.
// CHECK-LABEL: func.func @nothing_to_refine
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>, %[[Y:.*]]: tensor<?x1xf32>) -> tensor<?x?xf32>
// CHECK-NEXT: %[[A:.*]] = graph.add %[[X]], %[[Y]] : tensor<?x?xf32>, tensor<?x1xf32> -> tensor<?x?xf32>
// CHECK-NEXT: %[[N:.*]] = graph.neg %[[A]] : tensor<?x?xf32> -> tensor<?x?xf32>
// CHECK-NEXT: return %[[N]] : tensor<?x?xf32>
func.func @nothing_to_refine(%x: tensor<?x?xf32>, %y: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = graph.add %x, %y : tensor<?x?xf32>, tensor<?x1xf32> -> tensor<?x?xf32>
  %1 = graph.neg %0 : tensor<?x?xf32> -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// Users that cannot take the refined type (a call of a declaration) get a
// cast back to the old type; tensor.dim takes the refined value.
// CHECK-LABEL: func.func @non_graph_users
// CHECK: %[[N:.*]] = graph.neg %{{.*}} : tensor<2x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: %[[CAST:.*]] = tensor.cast %[[N]] : tensor<2x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: %[[DIM:.*]] = tensor.dim %[[N]], %{{.*}} : tensor<2x4xf32>
// CHECK-NEXT: call @sink(%[[CAST]]) : (tensor<?x4xf32>) -> ()
// CHECK-NEXT: return %[[DIM]] : index
func.func private @sink(tensor<?x4xf32>)
func.func @non_graph_users(%x: tensor<2x4xf32>) -> index {
  %c0 = arith.constant 0 : index
  %0 = graph.neg %x : tensor<2x4xf32> -> tensor<?x4xf32>
  %d = tensor.dim %0, %c0 : tensor<?x4xf32>
  call @sink(%0) : (tensor<?x4xf32>) -> ()
  return %d : index
}

// -----

// Private functions take their arguments from the calls when all calls agree,
// through two levels of calls, and the results flow back to the callers.
// CHECK-LABEL: func.func private @leaf
// CHECK-SAME: (%{{.*}}: tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: graph.exp %{{.*}} : tensor<2x8xf32> -> tensor<2x8xf32>
// CHECK-NEXT: return %{{.*}} : tensor<2x8xf32>
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: (%{{.*}}: tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: graph.sigmoid %{{.*}} : tensor<2x8xf32> -> tensor<2x8xf32>
// CHECK-NEXT: call @leaf(%{{.*}}) : (tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: return %{{.*}} : tensor<2x8xf32>
// CHECK-LABEL: func.func @calls_agree
// CHECK-SAME: (%{{.*}}: tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[R:.*]] = graph.relu %{{.*}} : tensor<2x8xf32> -> tensor<2x8xf32>
// CHECK-NEXT: %[[C1:.*]] = call @callee(%[[R]]) : (tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[C2:.*]] = call @callee(%[[R]]) : (tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: graph.add %[[C1]], %[[C2]] : tensor<2x8xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
// CHECK-NOT: tensor.cast
func.func private @leaf(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = graph.exp %x : tensor<?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func private @callee(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = graph.sigmoid %x : tensor<?x?xf32> -> tensor<?x?xf32>
  %1 = func.call @leaf(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
func.func @calls_agree(%a: tensor<2x8xf32>) -> tensor<?x?xf32> {
  %0 = graph.relu %a : tensor<2x8xf32> -> tensor<?x?xf32>
  %1 = func.call @callee(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = func.call @callee(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = graph.add %1, %2 : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %3 : tensor<?x?xf32>
}

// -----

// Calls that agree only on dim 0: the argument keeps `?` where they differ.
// CHECK-LABEL: func.func private @partial
// CHECK-SAME: (%{{.*}}: tensor<2x?xf32>) -> tensor<2x?xf32>
// CHECK-LABEL: func.func @calls_disagree
// CHECK-SAME: -> (tensor<2x?xf32>, tensor<2x?xf32>)
// CHECK: %[[A:.*]] = graph.relu %{{.*}} : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK: %[[B:.*]] = graph.relu %{{.*}} : tensor<2x5xf32> -> tensor<2x5xf32>
// CHECK: %[[CA:.*]] = tensor.cast %[[A]] : tensor<2x3xf32> to tensor<2x?xf32>
// CHECK-NEXT: call @partial(%[[CA]]) : (tensor<2x?xf32>) -> tensor<2x?xf32>
// CHECK: %[[CB:.*]] = tensor.cast %[[B]] : tensor<2x5xf32> to tensor<2x?xf32>
// CHECK-NEXT: call @partial(%[[CB]]) : (tensor<2x?xf32>) -> tensor<2x?xf32>
func.func private @partial(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = graph.neg %x : tensor<?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @calls_disagree(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = graph.relu %a : tensor<2x3xf32> -> tensor<?x?xf32>
  %1 = graph.relu %b : tensor<2x5xf32> -> tensor<?x?xf32>
  %2 = func.call @partial(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = func.call @partial(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %2, %3 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// A function used other than by calls keeps its signature.
// CHECK-LABEL: func.func private @taken
// CHECK-SAME: (%{{.*}}: tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: graph.neg %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
// CHECK-LABEL: func.func @address_taken
// CHECK: %[[R:.*]] = graph.relu %{{.*}} : tensor<2x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[R]] : tensor<2x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: call @taken(%[[C]]) : (tensor<?x4xf32>) -> tensor<?x4xf32>
func.func private @taken(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = graph.neg %x : tensor<?x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @address_taken(%a: tensor<2x4xf32>) -> tensor<?x4xf32> {
  %f = func.constant @taken : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %0 = graph.relu %a : tensor<2x4xf32> -> tensor<?x4xf32>
  %1 = func.call @taken(%0) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// -----

// A public callee keeps its argument types though the only call passes
// 2x4; its result (1x4 whatever the argument) reaches the call.
// CHECK-LABEL: func.func @pub
// CHECK-SAME: (%{{.*}}: tensor<?x4xf32>) -> tensor<1x4xf32>
// CHECK-LABEL: func.func @calls_public
// CHECK-SAME: -> tensor<1x4xf32>
// CHECK: %[[C:.*]] = tensor.cast %{{.*}} : tensor<2x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: %[[R:.*]] = call @pub(%[[C]]) : (tensor<?x4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT: return %[[R]] : tensor<1x4xf32>
func.func @pub(%x: tensor<?x4xf32>) -> tensor<?x?xf32> {
  %0 = graph.reduce_sum %x {axes = array<i64: 0>} : tensor<?x4xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @calls_public(%a: tensor<2x4xf32>) -> tensor<?x?xf32> {
  %0 = graph.relu %a : tensor<2x4xf32> -> tensor<?x4xf32>
  %1 = func.call @pub(%0) : (tensor<?x4xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// scf.if: the result takes what both branches yield.
// CHECK-LABEL: func.func @if_agree
// CHECK-SAME: -> tensor<2x4xf32>
// CHECK: %[[IF:.*]] = scf.if %{{.*}} -> (tensor<2x4xf32>)
// CHECK-NEXT: %[[T:.*]] = graph.neg %{{.*}} : tensor<2x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: scf.yield %[[T]] : tensor<2x4xf32>
// CHECK: %[[E:.*]] = graph.relu %{{.*}} : tensor<2x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: scf.yield %[[E]] : tensor<2x4xf32>
// CHECK: graph.exp %[[IF]] : tensor<2x4xf32> -> tensor<2x4xf32>
// CHECK-NOT: tensor.cast
func.func @if_agree(%p: i1, %x: tensor<2x4xf32>) -> tensor<?x4xf32> {
  %r = scf.if %p -> tensor<?x4xf32> {
    %0 = graph.neg %x : tensor<2x4xf32> -> tensor<?x4xf32>
    scf.yield %0 : tensor<?x4xf32>
  } else {
    %1 = graph.relu %x : tensor<2x4xf32> -> tensor<?x4xf32>
    scf.yield %1 : tensor<?x4xf32>
  }
  %2 = graph.exp %r : tensor<?x4xf32> -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}

// -----

// Branches that disagree on dim 0: only dim 1 is refined, and each branch
// casts its value to the result type.
// CHECK-LABEL: func.func @if_disagree
// CHECK-SAME: -> tensor<?x4xf32>
// CHECK: scf.if %{{.*}} -> (tensor<?x4xf32>)
// CHECK-NEXT: %[[T:.*]] = graph.neg %{{.*}} : tensor<2x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: %[[TC:.*]] = tensor.cast %[[T]] : tensor<2x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: scf.yield %[[TC]] : tensor<?x4xf32>
// CHECK: %[[E:.*]] = graph.neg %{{.*}} : tensor<3x4xf32> -> tensor<3x4xf32>
// CHECK-NEXT: %[[EC:.*]] = tensor.cast %[[E]] : tensor<3x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: scf.yield %[[EC]] : tensor<?x4xf32>
func.func @if_disagree(%p: i1, %x: tensor<2x4xf32>, %y: tensor<3x4xf32>) -> tensor<?x?xf32> {
  %r = scf.if %p -> tensor<?x?xf32> {
    %0 = graph.neg %x : tensor<2x4xf32> -> tensor<?x?xf32>
    scf.yield %0 : tensor<?x?xf32>
  } else {
    %1 = graph.neg %y : tensor<3x4xf32> -> tensor<?x?xf32>
    scf.yield %1 : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// -----

// scf.for: the carried value keeps the init's shape through the body, so
// the iter_arg, the yield and the result all become 2x4.
// CHECK-LABEL: func.func @for_agree
// CHECK-SAME: -> tensor<2x4xf32>
// CHECK: %[[INIT:.*]] = graph.relu %{{.*}} : tensor<2x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (tensor<2x4xf32>)
// CHECK-NEXT: %[[S:.*]] = graph.add %[[ACC]], %{{.*}} : tensor<2x4xf32>, tensor<2x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: %[[T:.*]] = graph.tanh %[[S]] : tensor<2x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: scf.yield %[[T]] : tensor<2x4xf32>
// CHECK-NOT: tensor.cast
func.func @for_agree(%x: tensor<2x4xf32>, %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = graph.relu %x : tensor<2x4xf32> -> tensor<?x?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?x?xf32>) {
    %0 = graph.add %acc, %x : tensor<?x?xf32>, tensor<2x4xf32> -> tensor<?x?xf32>
    %1 = graph.tanh %0 : tensor<?x?xf32> -> tensor<?x?xf32>
    scf.yield %1 : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// -----

// A loop that grows dim 0 each iteration: dim 0 must stay `?` (2 on entry,
// 4 after one iteration), dim 1 is 4 throughout.
// CHECK-LABEL: func.func @for_grows
// CHECK-SAME: -> tensor<?x4xf32>
// CHECK: %[[INIT:.*]] = graph.relu %{{.*}} : tensor<2x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[INIT]] : tensor<2x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[C]]) -> (tensor<?x4xf32>)
// CHECK-NEXT: %[[G:.*]] = graph.concat %[[ACC]], %{{.*}} {axis = 0 : i64} : tensor<?x4xf32>, tensor<2x4xf32> -> tensor<?x4xf32>
// CHECK-NEXT: scf.yield %[[G]] : tensor<?x4xf32>
func.func @for_grows(%x: tensor<2x4xf32>, %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = graph.relu %x : tensor<2x4xf32> -> tensor<?x?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?x?xf32>) {
    %0 = graph.concat %acc, %x {axis = 0 : i64} : tensor<?x?xf32>, tensor<2x4xf32> -> tensor<?x?xf32>
    scf.yield %0 : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// -----

// An scf.if nested in the loop body takes part in the check of the loop's
// hypothesis (one branch yields the carried value itself).
// CHECK-LABEL: func.func @if_in_for
// CHECK-SAME: -> tensor<2x4xf32>
// CHECK: scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<2x4xf32>)
// CHECK-NEXT: %[[IF:.*]] = scf.if %{{.*}} -> (tensor<2x4xf32>)
// CHECK-NEXT: %[[N:.*]] = graph.neg %[[ACC]] : tensor<2x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: scf.yield %[[N]] : tensor<2x4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ACC]] : tensor<2x4xf32>
// CHECK: scf.yield %[[IF]] : tensor<2x4xf32>
// CHECK-NOT: tensor.cast
func.func @if_in_for(%p: i1, %x: tensor<2x4xf32>, %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = graph.relu %x : tensor<2x4xf32> -> tensor<?x?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?x?xf32>) {
    %y = scf.if %p -> tensor<?x?xf32> {
      %0 = graph.neg %acc : tensor<?x?xf32> -> tensor<?x?xf32>
      scf.yield %0 : tensor<?x?xf32>
    } else {
      scf.yield %acc : tensor<?x?xf32>
    }
    scf.yield %y : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// -----

// scf.while: the before block takes the init's shape, the after block and
// the results what scf.condition forwards.
// CHECK-LABEL: func.func @while_agree
// CHECK-SAME: -> tensor<2x4xf32>
// CHECK: scf.while (%[[A:.*]] = %{{.*}}) : (tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[S:.*]] = graph.sigmoid %[[A]] : tensor<2x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: scf.condition(%{{.*}}) %[[S]] : tensor<2x4xf32>
// CHECK: ^bb0(%[[B:.*]]: tensor<2x4xf32>):
// CHECK-NEXT: %[[E:.*]] = graph.exp %[[B]] : tensor<2x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: scf.yield %[[E]] : tensor<2x4xf32>
// CHECK-NOT: tensor.cast
func.func @while_agree(%x: tensor<2x4xf32>, %p: i1) -> tensor<?x4xf32> {
  %init = graph.relu %x : tensor<2x4xf32> -> tensor<?x4xf32>
  %r = scf.while (%a = %init) : (tensor<?x4xf32>) -> tensor<?x4xf32> {
    %s = graph.sigmoid %a : tensor<?x4xf32> -> tensor<?x4xf32>
    scf.condition(%p) %s : tensor<?x4xf32>
  } do {
  ^bb0(%b: tensor<?x4xf32>):
    %e = graph.exp %b : tensor<?x4xf32> -> tensor<?x4xf32>
    scf.yield %e : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// A while loop whose after block doubles dim 0: the before block keeps `?`.
// CHECK-LABEL: func.func @while_grows
// CHECK-SAME: -> tensor<?x4xf32>
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK: graph.concat %{{.*}}, %{{.*}} {axis = 0 : i64} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
func.func @while_grows(%x: tensor<2x4xf32>, %p: i1) -> tensor<?x4xf32> {
  %init = graph.relu %x : tensor<2x4xf32> -> tensor<?x4xf32>
  %r = scf.while (%a = %init) : (tensor<?x4xf32>) -> tensor<?x4xf32> {
    scf.condition(%p) %a : tensor<?x4xf32>
  } do {
  ^bb0(%b: tensor<?x4xf32>):
    %e = graph.concat %b, %b {axis = 0 : i64} : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
    scf.yield %e : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// Constant shape operands are read by inference.
// CHECK-LABEL: func.func @reshape_constant
// CHECK-SAME: -> tensor<2x12xf32>
// CHECK: graph.reshape %{{.*}}, %{{.*}} : tensor<4x6xf32>, tensor<2xi64> -> tensor<2x12xf32>
func.func @reshape_constant(%x: tensor<4x6xf32>) -> tensor<?x?xf32> {
  %s = graph.constant dense<[2, -1]> : tensor<2xi64>
  %0 = graph.reshape %x, %s : tensor<4x6xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Refinement shows that the only call makes the add invalid (2 vs 3 rows):
// a located error, not a crash or an invalid module.
func.func private @bad(%a: tensor<?x4xf32>, %b: tensor<3x4xf32>) -> tensor<?x4xf32> {
  // expected-error @+2 {{operands are not broadcast-compatible: [2, 4] vs [3, 4]}}
  // expected-remark @+1 {{shapes refined by graph-infer-shapes make this op invalid}}
  %0 = graph.add %a, %b : tensor<?x4xf32>, tensor<3x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @contradiction(%x: tensor<2x4xf32>, %y: tensor<3x4xf32>) -> tensor<?x4xf32> {
  %0 = graph.relu %x : tensor<2x4xf32> -> tensor<?x4xf32>
  %1 = func.call @bad(%0, %y) : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// -----

//--- pipeline.mlir

// The shape reaches reshape only once canonicalization folds shape_of into a
// constant: one run leaves `?`, the pipeline's second run refines it.
// CHECK-LABEL: func.func @shape_chain
// CHECK-SAME: -> tensor<?x?xf32>
// CHECK: graph.shape_of %{{.*}} : tensor<2x3xf32> -> tensor<2xi64>
// CHECK: graph.reshape %{{.*}}, %{{.*}} : tensor<6xf32>, tensor<2xi64> -> tensor<?x?xf32>
// PIPE-LABEL: func.func @shape_chain
// PIPE-SAME: -> tensor<2x3xf32>
// PIPE: %[[S:.*]] = graph.constant dense<[2, 3]> : tensor<2xi64>
// PIPE: graph.reshape %{{.*}}, %[[S]] : tensor<6xf32>, tensor<2xi64> -> tensor<2x3xf32>
func.func @shape_chain(%x: tensor<2x3xf32>, %y: tensor<6xf32>) -> tensor<?x?xf32> {
  %0 = graph.neg %x : tensor<2x3xf32> -> tensor<?x?xf32>
  %s = graph.shape_of %0 : tensor<?x?xf32> -> tensor<2xi64>
  %r = graph.reshape %y, %s : tensor<6xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

//--- spec.mlir

// input-shapes specializes @main: `?` keeps the declared size, an empty
// entry keeps the argument; the sizes flow into the private @body.
// Without input-shapes only the results of @main are refined (channel dim).
// CHECK-LABEL: func.func private @body
// CHECK-SAME: (%{{.*}}: tensor<?x3x?x?xf32>) -> tensor<?x3x?x?xf32>
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%{{.*}}: tensor<?x3x?x?xf32>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<?x?xf32>) -> (tensor<?x3x?x?xf32>, tensor<?x?xf32>)
//
// SPEC-LABEL: func.func private @body
// SPEC-SAME: (%{{.*}}: tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32>
// SPEC-NEXT: graph.relu %{{.*}} : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
// SPEC-LABEL: func.func @main
// SPEC-SAME: (%[[IMG:.*]]: tensor<1x3x8x8xf32>, %[[SCALE:.*]]: tensor<f32>, %[[V:.*]]: tensor<?x10xf32>) -> (tensor<1x3x8x8xf32>, tensor<?x10xf32>)
// SPEC-NEXT: %[[B:.*]] = call @body(%[[IMG]]) : (tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32>
// SPEC-NEXT: graph.mul %[[B]], %[[SCALE]] : tensor<1x3x8x8xf32>, tensor<f32> -> tensor<1x3x8x8xf32>
// SPEC-NEXT: graph.neg %[[V]] : tensor<?x10xf32> -> tensor<?x10xf32>
//
// Specializing a private function asserts the sizes at its calls; the public
// @main keeps its arguments.
// PRIV-LABEL: func.func private @body
// PRIV-SAME: (%{{.*}}: tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32>
// PRIV-LABEL: func.func @main
// PRIV-SAME: (%[[IMG:.*]]: tensor<?x3x?x?xf32>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<?x?xf32>) -> (tensor<1x3x8x8xf32>, tensor<?x?xf32>)
// PRIV-NEXT: %[[C:.*]] = tensor.cast %[[IMG]] : tensor<?x3x?x?xf32> to tensor<1x3x8x8xf32>
// PRIV-NEXT: call @body(%[[C]]) : (tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32>
//
// COUNT: error: graph-infer-shapes: input-shapes has 1 entries but the function has 3 arguments
// UNKNOWN: error: graph-infer-shapes: no function named 'nope' to specialize with input-shapes
// INCOMPAT: error: graph-infer-shapes: input shape [1, 4, 8, 8] is incompatible with argument #0 of type 'tensor<?x3x?x?xf32>'
// RANK: error: graph-infer-shapes: input shape [1, 3, 8] is incompatible with argument #0 of type 'tensor<?x3x?x?xf32>'
// SYNTAX: error: graph-infer-shapes: input-shapes entry '1x3xax8' is not a shape like 1x3x224x224
// HUGE: error: graph-infer-shapes: input shape [1, 3, 4294967296, 4294967296] has too many elements
// DECL: error: graph-infer-shapes: cannot specialize a function declaration
func.func private @ext(tensor<?xf32>)
func.func private @body(%x: tensor<?x3x?x?xf32>) -> tensor<?x3x?x?xf32> {
  %0 = graph.relu %x : tensor<?x3x?x?xf32> -> tensor<?x3x?x?xf32>
  return %0 : tensor<?x3x?x?xf32>
}
func.func @main(%img: tensor<?x3x?x?xf32>, %scale: tensor<f32>, %v: tensor<?x?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?xf32>) {
  %0 = func.call @body(%img) : (tensor<?x3x?x?xf32>) -> tensor<?x3x?x?xf32>
  %1 = graph.mul %0, %scale : tensor<?x3x?x?xf32>, tensor<f32> -> tensor<?x?x?x?xf32>
  %2 = graph.neg %v : tensor<?x?xf32> -> tensor<?x?xf32>
  return %1, %2 : tensor<?x?x?x?xf32>, tensor<?x?xf32>
}
