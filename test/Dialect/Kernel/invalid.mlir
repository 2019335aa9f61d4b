// RUN: strata-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{tile_sizes level 1 has 3 sizes, expected one per loop (2)}}
kernel.func private @f() attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 2>, array<i64: 1, 2, 3>], vector_sizes = [], parallel_dims = []>}

// -----

// expected-error @+1 {{vector_sizes has 3 sizes, expected one per loop (2)}}
kernel.func private @f() attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 2>], vector_sizes = [1, 2, 3], parallel_dims = []>}

// -----

// expected-error @+1 {{tile size -4 is negative}}
kernel.func private @f() attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: -4>], vector_sizes = [], parallel_dims = []>}

// -----

// expected-error @+1 {{vector size -1 is negative}}
kernel.func private @f() attributes {schedule = #kernel.schedule<tile_sizes = [], vector_sizes = [-1], parallel_dims = []>}

// -----

// expected-error @+1 {{tile_sizes level 0 must be an array<i64: ...>}}
kernel.func private @f() attributes {schedule = #kernel.schedule<tile_sizes = [1], vector_sizes = [], parallel_dims = []>}

// -----

// expected-error @+1 {{parallel dim 2 is not a loop of the schedule}}
kernel.func private @f() attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 2>], vector_sizes = [], parallel_dims = [2]>}

// -----

// expected-error @+1 {{parallel dim 0 is repeated}}
kernel.func private @f() attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 2>], vector_sizes = [], parallel_dims = [0, 0]>}

// -----

// expected-error @+1 {{unroll must be at least 1, got 0}}
kernel.func private @f() attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 1>], vector_sizes = [], parallel_dims = [], unroll = 0>}

// -----

// expected-error @+1 {{'kernel.func' op schedule says nothing about the loops}}
kernel.func private @f() attributes {schedule = #kernel.schedule<tile_sizes = [], vector_sizes = [], parallel_dims = []>}

// -----

// expected-error @+1 {{target triple must not be empty}}
module attributes {kernel.target = #kernel.target<triple = "", cpu = "x">} {}

// -----

// expected-error @+1 {{vector_bits must be a positive multiple of 8, got 100}}
module attributes {kernel.target = #kernel.target<triple = "x86_64", cpu = "x", vector_bits = 100>} {}

// -----

// expected-error @+1 {{cache sizes must be positive}}
module attributes {kernel.target = #kernel.target<triple = "x86_64", cpu = "x", l1_bytes = 0>} {}

// -----

// expected-error @+1 {{cores must be positive, got -1}}
module attributes {kernel.target = #kernel.target<triple = "x86_64", cpu = "x", cores = -1>} {}

// -----

kernel.func @k(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<0> : tensor<4xi32>
  // expected-error @+1 {{'kernel.return' op returns ('tensor<4xi32>') but the kernel's results are ('tensor<4xf32>')}}
  kernel.return %c : tensor<4xi32>
}

// -----

func.func @f(%x: tensor<4xf32>) {
  // expected-error @+1 {{'kernel.launch' op 'nope' is not a kernel.func}}
  %0 = kernel.launch @nope(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

kernel.func private @k(tensor<4xf32>) -> tensor<4xf32>
func.func @f(%x: tensor<8xf32>) {
  // expected-error @+1 {{'kernel.launch' op type '(tensor<8xf32>) -> tensor<4xf32>' does not match kernel @k of type '(tensor<4xf32>) -> tensor<4xf32>'}}
  %0 = kernel.launch @k(%x) : (tensor<8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%x: tensor<4xf32>) {
  // expected-error @+1 {{'kernel.dispatch' op yields ('tensor<4xf32>') but the dispatch returns ('tensor<8xf32>')}}
  %0 = kernel.dispatch -> tensor<8xf32> {
    kernel.yield %x : tensor<4xf32>
  }
  return
}

// -----

func.func @f(%x: tensor<4xf32>) {
  // expected-error @+1 {{'kernel.yield' op expects parent op 'kernel.dispatch'}}
  kernel.yield %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'kernel.target' must be a #kernel.target, got "x86_64"}}
module attributes {kernel.target = "x86_64"} {}

// -----

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'kernel.target' belongs on a module or a function}}
  %0 = arith.addf %x, %x {kernel.target = #kernel.target<triple = "x86_64", cpu = "x">} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'kernel.schedule' must be a #kernel.schedule, got 4 : i64}}
  %0 = arith.addf %x, %x {kernel.schedule = 4} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'kernel.vectorize' belongs on a linalg op}}
  %0 = arith.addf %x, %x {kernel.vectorize = array<i64: 4>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @f(%x: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'kernel.vectorize' must be an array<i64>, got unit}}
  %0 = linalg.exp {kernel.vectorize} ins(%x : tensor<4xf32>) outs(%o : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @f(%x: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'kernel.vectorize' has 2 bounds, but the op has 1 loops}}
  %0 = linalg.exp {kernel.vectorize = array<i64: 4, 4>} ins(%x : tensor<4xf32>) outs(%o : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @f(%x: tensor<?xf32>, %o: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'kernel.vectorize' bounds must be at least 0}}
  %0 = linalg.exp {kernel.vectorize = array<i64: -1>} ins(%x : tensor<?xf32>) outs(%o : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'kernel.unroll_transfers' belongs on a loop}}
  %0 = arith.addf %x, %x {kernel.unroll_transfers} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'kernel.no_hoist' must be a unit attribute}}
  scf.for %i = %c0 to %n step %c1 {
  } {kernel.no_hoist = 1 : i64}
  return
}

// -----

func.func @call_native_dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{result #0 has type 'tensor<?xf32>': results of native calls need static shapes}}
  %0 = kernel.call_native "dnnl.relu"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @call_native_unnamed(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{needs the name of a native function}}
  %0 = kernel.call_native ""(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
