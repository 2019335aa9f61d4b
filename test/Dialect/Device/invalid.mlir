// RUN: strata-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{device kind 'tpu' is not one of cpu, cuda}}
module attributes {device.target = #device.target<tpu>} {}

// -----

// expected-error @+1 {{'chip' is for cuda targets; a cpu target names its processor with 'cpu'}}
module attributes {device.target = #device.target<cpu, chip = "sm_90">} {}

// -----

// expected-error @+1 {{'cpu' is for cpu targets; a cuda target names its architecture with 'chip'}}
module attributes {device.target = #device.target<cuda, cpu = "skylake">} {}

// -----

// expected-error @+1 {{unknown #device.target key 'arch', expected triple, cpu, chip or features}}
module attributes {device.target = #device.target<cuda, arch = "sm_90">} {}

// -----

// expected-error @+1 {{#device.target key 'chip' given twice}}
module attributes {device.target = #device.target<cuda, chip = "sm_80", chip = "sm_90">} {}

// -----

// expected-error @+1 {{'device.target' belongs on a module}}
func.func @f() attributes {device.target = #device.target<cpu>} {
  return
}

// -----

// expected-error @+1 {{'device.target' must be a #device.target}}
module attributes {device.target = "cpu"} {}

// -----

// expected-error @+1 {{'device.memory' belongs on a function}}
module attributes {device.memory = {planned_peak_bytes = 0 : i64, unplanned_bytes = 0 : i64}} {}

// -----

// expected-error @+1 {{'device.memory' must be a dictionary}}
func.func @f() attributes {device.memory = 4} {
  return
}

// -----

// expected-error @+1 {{'device.memory' needs 'unplanned_bytes', a non-negative i64}}
func.func @f() attributes {device.memory = {planned_peak_bytes = 0 : i64}} {
  return
}

// -----

// expected-error @+1 {{unknown device dialect attribute 'device.flavour'}}
module attributes {device.flavour = 1} {}

// -----

// expected-error @+1 {{'device.pool_entry' op value must be a tensor, got 'vector<2xf32>'}}
device.pool_entry @v = dense<1.0> : vector<2xf32>

// -----

// expected-error @+1 {{'device.pool_entry' op value must have a static shape, got 'tensor<?xf32>'}}
device.pool_entry @v = dense_resource<blob> : tensor<?xf32>

// -----

func.func @f() -> memref<4xf32> {
  // expected-error @+1 {{'device.constant' op '@missing' is not a device.pool_entry}}
  %0 = device.constant @missing : memref<4xf32>
  return %0 : memref<4xf32>
}

// -----

device.pool_entry @c = dense<1.0> : tensor<4xf32>
func.func @f() -> memref<2x2xf32> {
  // expected-error @+1 {{'device.constant' op type 'memref<2x2xf32>' does not match pool entry @c of type 'tensor<4xf32>'}}
  %0 = device.constant @c : memref<2x2xf32>
  return %0 : memref<2x2xf32>
}

// -----

device.pool_entry @c = dense<1.0> : tensor<4xf32>
func.func @f() -> memref<4xi32> {
  // expected-error @+1 {{'device.constant' op type 'memref<4xi32>' does not match pool entry @c of type 'tensor<4xf32>'}}
  %0 = device.constant @c : memref<4xi32>
  return %0 : memref<4xi32>
}

// -----

func.func @f() -> memref<4xf32, strided<[2]>> {
  // expected-error @+1 {{'device.alloc' op result #0 must be memref with identity layout}}
  %0 = device.alloc() : memref<4xf32, strided<[2]>>
  return %0 : memref<4xf32, strided<[2]>>
}

// -----

func.func @f() -> !device.storage {
  %c = arith.constant -8 : index
  // expected-error @+1 {{'device.alloc_storage' op size is negative (-8)}}
  %0 = device.alloc_storage %c : !device.storage
  return %0 : !device.storage
}

// -----

func.func @f(%s: !device.storage) -> memref<4xf32> {
  %c = arith.constant -64 : index
  // expected-error @+1 {{'device.view' op byte offset is negative (-64)}}
  %0 = device.view %s[%c] : memref<4xf32>
  return %0 : memref<4xf32>
}

// -----

func.func @f(%s: !device.storage, %o: index, %n: index) -> memref<4xf32> {
  // expected-error @+1 {{'device.view' op has 1 dynamic sizes but 'memref<4xf32>' has 0 '?' dims}}
  %0 = device.view %s[%o](%n) : memref<4xf32>
  return %0 : memref<4xf32>
}

// -----

func.func @f(%n: index) -> memref<?x?xf32> {
  // expected-error @+1 {{'device.alloc' op has 1 dynamic sizes but 'memref<?x?xf32>' has 2 '?' dims}}
  %0 = device.alloc(%n) : memref<?x?xf32>
  return %0 : memref<?x?xf32>
}

// -----

func.func @f() -> memref<?xf32> {
  %c = arith.constant -1 : index
  // expected-error @+1 {{'device.alloc' op dynamic size #0 is negative (-1)}}
  %0 = device.alloc(%c) : memref<?xf32>
  return %0 : memref<?xf32>
}

// -----

func.func @f(%x: memref<4xf32>) -> memref<4xi32> {
  // expected-error @+1 {{'device.reshape' op element type 'i32' differs from the source's ('f32') and is not an integer type of the same width}}
  %0 = device.reshape %x : memref<4xf32> -> memref<4xi32>
  return %0 : memref<4xi32>
}

// -----

func.func @f(%x: memref<4xf32>) -> memref<?xf32> {
  // expected-error @+1 {{'device.reshape' op has 0 dynamic sizes but 'memref<?xf32>' has 1 '?' dims}}
  %0 = device.reshape %x : memref<4xf32> -> memref<?xf32>
  return %0 : memref<?xf32>
}

// -----

func.func @f(%x: memref<4xf32>) -> memref<3x2xf32> {
  // expected-error @+1 {{'device.reshape' op reshapes 4 elements ('memref<4xf32>') into 6 ('memref<3x2xf32>')}}
  %0 = device.reshape %x : memref<4xf32> -> memref<3x2xf32>
  return %0 : memref<3x2xf32>
}

// -----

func.func @k(%a: memref<4xf32>) -> memref<4xf32> {
  return %a : memref<4xf32>
}
func.func @f(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error @+1 {{'device.launch' op '@k' is not a kernel.func}}
  device.launch @k(%x) outs(%y) : (memref<4xf32>) -> (memref<4xf32>)
  return
}

// -----

kernel.func private @k(tensor<4xf32>, index) -> tensor<4xf32>
func.func @f(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error @+1 {{'device.launch' op has 1 inputs but kernel @k takes 2 arguments}}
  device.launch @k(%x) outs(%y) : (memref<4xf32>) -> (memref<4xf32>)
  return
}

// -----

kernel.func private @k(tensor<4xf32>) -> tensor<4xf32>
func.func @f(%x: memref<4xf32>, %y: memref<4xf32>, %z: memref<4xf32>) {
  // expected-error @+1 {{'device.launch' op has 2 outputs but kernel @k returns 1 results}}
  device.launch @k(%x) outs(%y, %z) : (memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
  return
}

// -----

kernel.func private @k(tensor<4xf32>) -> tensor<4xf32>
func.func @f(%x: memref<?xf32>, %y: memref<4xf32>) {
  // expected-error @+1 {{'device.launch' op input #0 of type 'memref<?xf32>' does not match argument #0 of kernel @k ('tensor<4xf32>')}}
  device.launch @k(%x) outs(%y) : (memref<?xf32>) -> (memref<4xf32>)
  return
}

// -----

kernel.func private @k(tensor<4xf32>, index) -> tensor<4xf32>
func.func @f(%x: memref<4xf32>, %n: i64, %y: memref<4xf32>) {
  // expected-error @+1 {{'device.launch' op input #1 of type 'i64' does not match argument #1 of kernel @k ('index')}}
  device.launch @k(%x, %n) outs(%y) : (memref<4xf32>, i64) -> (memref<4xf32>)
  return
}

// -----

kernel.func private @k(tensor<4xf32>) -> tensor<4xf16>
func.func @f(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error @+1 {{'device.launch' op output #0 of type 'memref<4xf32>' does not match result #0 of kernel @k ('tensor<4xf16>')}}
  device.launch @k(%x) outs(%y) : (memref<4xf32>) -> (memref<4xf32>)
  return
}

// -----

kernel.func private @k(tensor<4xf32>) -> index
func.func @f(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error @+1 {{'device.launch' op kernel @k result #0 is 'index', not a ranked tensor that an output buffer can hold}}
  device.launch @k(%x) outs(%y) : (memref<4xf32>) -> (memref<4xf32>)
  return
}

// -----

kernel.func private @k(tensor<4xf32>) -> tensor<4xf32>
func.func @f(%x: memref<4xf32>) {
  // expected-error @+1 {{'device.launch' op output #0 is also an input}}
  device.launch @k(%x) outs(%x) : (memref<4xf32>) -> (memref<4xf32>)
  return
}

// -----

kernel.func private @k(tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
func.func @f(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error @+1 {{'device.launch' op output #1 is given twice}}
  device.launch @k(%x) outs(%y, %y) : (memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
  return
}

// -----

func.func @f(%x: memref<4xf32>, %y: memref<4xi32>) {
  // expected-error @+1 {{'device.copy' op copies 'f32' elements into a buffer of 'i32'}}
  device.copy %x, %y : memref<4xf32>, memref<4xi32>
  return
}

// -----

func.func @f(%x: memref<4xf32>, %y: memref<2x3xf32>) {
  // expected-error @+1 {{'device.copy' op copies 4 elements into a buffer of 6}}
  device.copy %x, %y : memref<4xf32>, memref<2x3xf32>
  return
}

// -----

func.func @f(%x: memref<4xf32>) {
  // expected-error @+1 {{'device.copy' op copies a buffer into itself}}
  device.copy %x, %x : memref<4xf32>, memref<4xf32>
  return
}

// -----

func.func @f(%x: memref<4xf32>) {
  // expected-error @+1 {{'device.call_native' op needs the name of a native function}}
  device.call_native ""(%x) : (memref<4xf32>) -> ()
  return
}

// -----

func.func @f(%x: memref<4xf32>, %y: f32) {
  // expected-error @+1 {{'device.call_native' op operand #1 must be variadic of memref with identity layout or index or signless integer}}
  device.call_native "f"(%x, %y) : (memref<4xf32>, f32) -> ()
  return
}

// -----

func.func @reshape_integer_width(%x: memref<4xui8>) {
  // expected-error @+1 {{'device.reshape' op element type 'i16' differs from the source's ('ui8') and is not an integer type of the same width}}
  %0 = device.reshape %x : memref<4xui8> -> memref<2xi16>
  return
}
