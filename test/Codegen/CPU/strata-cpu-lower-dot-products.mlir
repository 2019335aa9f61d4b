// RUN: strata-opt %s --strata-cpu-lower-dot-products --split-input-file | FileCheck %s

// A register tile of 2 rows, 2 steps of k/4 and 32 lanes: per step, B's
// row of 128 bytes (as strata-cpu-vectorize reads it) gives two 64-byte
// operands, and each row's four bytes of A, broadcast to every lane as one
// dword, meet them in two vpdpbusd: 8 in all, accumulating in order.
#a = affine_map<(m, p, l, k0, k1) -> (m, k0, k1)>
#b = affine_map<(m, p, l, k0, k1) -> (p, k0, l, k1)>
#c = affine_map<(m, p, l, k0, k1) -> (m, p, l)>
// CHECK-LABEL: func.func @tile
// CHECK-SAME: (%[[A:.*]]: vector<2x2x4xi8>, %[[ROWS:.*]]: vector<1x2x128xi8>, %[[ACC:.*]]: vector<2x1x32xi32>)
// CHECK-NOT: vector.contract
// CHECK: %[[B0:.*]] = vector.extract %[[ROWS]][0, 0] : vector<128xi8>
// CHECK: %[[B00:.*]] = vector.extract_strided_slice %[[B0]] {offsets = [0], sizes = [64], strides = [1]}
// CHECK: %[[B01:.*]] = vector.extract_strided_slice %[[B0]] {offsets = [64], sizes = [64], strides = [1]}
// CHECK: %[[A00:.*]] = vector.extract %[[A]][0, 0] : vector<4xi8>
// CHECK: %[[W:.*]] = vector.bitcast %[[A00]] : vector<4xi8> to vector<1xi32>
// CHECK: %[[D:.*]] = vector.extract %[[W]][0]
// CHECK: %[[S:.*]] = vector.broadcast %[[D]] : i32 to vector<16xi32>
// CHECK: %[[SB:.*]] = vector.bitcast %[[S]] : vector<16xi32> to vector<64xi8>
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%{{.*}}, %[[SB]], %[[B00]]) : (vector<16xi32>, vector<64xi8>, vector<64xi8>) -> vector<16xi32>
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%{{.*}}, %[[SB]], %[[B01]])
// CHECK-COUNT-6: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// CHECK-NOT: llvm.call_intrinsic
// CHECK: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [1, 0, 16], strides = [1]} : vector<16xi32> into vector<2x1x32xi32>
func.func @tile(%a: vector<2x2x4xi8>, %rows: vector<1x2x128xi8>, %acc: vector<2x1x32xi32>) -> vector<2x1x32xi32> {
  %b = vector.shape_cast %rows : vector<1x2x128xi8> to vector<1x2x32x4xi8>
  %ae = arith.extui %a : vector<2x2x4xi8> to vector<2x2x4xi32>
  %be = arith.extsi %b : vector<1x2x32x4xi8> to vector<1x2x32x4xi32>
  %0 = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %ae, %be, %acc : vector<2x2x4xi32>, vector<1x2x32x4xi32> into vector<2x1x32xi32>
  return %0 : vector<2x1x32xi32>
}

// -----

// One row: vectorization leaves A broadcast over the whole iteration space
// (its unit row dim stretched over the lanes); its four bytes per step are
// the source's. B not read as rows is reshaped to them.
#id = affine_map<(m, p, l, k0, k1) -> (m, p, l, k0, k1)>
#b = affine_map<(m, p, l, k0, k1) -> (p, k0, l, k1)>
#c = affine_map<(m, p, l, k0, k1) -> (m, p, l)>
// CHECK-LABEL: func.func @one_row
// CHECK-SAME: (%[[A:.*]]: vector<1x1x4xi8>, %[[B:.*]]: vector<1x1x16x4xi8>
// CHECK: %[[ROWS:.*]] = vector.shape_cast %[[B]] : vector<1x1x16x4xi8> to vector<1x1x64xi8>
// CHECK: vector.extract %[[A]][0, 0] : vector<4xi8>
// CHECK-COUNT-1: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// CHECK-NOT: llvm.call_intrinsic
func.func @one_row(%a: vector<1x1x4xi8>, %b: vector<1x1x16x4xi8>, %acc: vector<1x1x16xi32>) -> vector<1x1x16xi32> {
  %ae = arith.extui %a : vector<1x1x4xi8> to vector<1x1x4xi32>
  %ab = vector.broadcast %ae : vector<1x1x4xi32> to vector<1x1x16x1x4xi32>
  %be = arith.extsi %b : vector<1x1x16x4xi8> to vector<1x1x16x4xi32>
  %0 = vector.contract {indexing_maps = [#id, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %ab, %be, %acc : vector<1x1x16x1x4xi32>, vector<1x1x16x4xi32> into vector<1x1x16xi32>
  return %0 : vector<1x1x16xi32>
}

// -----

// Left alone: signed A (vpdpbusd's first operand is unsigned), lanes that
// are no multiple of 8, and another layout.
#a = affine_map<(m, p, l, k0, k1) -> (m, k0, k1)>
#b = affine_map<(m, p, l, k0, k1) -> (p, k0, l, k1)>
#c = affine_map<(m, p, l, k0, k1) -> (m, p, l)>
// CHECK-LABEL: func.func @not_dot_products
// CHECK-NOT: llvm.call_intrinsic
// CHECK-COUNT-3: vector.contract
func.func @not_dot_products(%a: vector<2x2x4xi8>, %b: vector<1x2x32x4xi8>, %b4: vector<1x2x4x4xi8>, %acc: vector<2x1x32xi32>, %acc4: vector<2x1x4xi32>, %f: vector<2x4xf32>, %g: vector<4x16xf32>, %h: vector<2x16xf32>) -> (vector<2x1x32xi32>, vector<2x1x4xi32>, vector<2x16xf32>) {
  %as = arith.extsi %a : vector<2x2x4xi8> to vector<2x2x4xi32>
  %au = arith.extui %a : vector<2x2x4xi8> to vector<2x2x4xi32>
  %be = arith.extsi %b : vector<1x2x32x4xi8> to vector<1x2x32x4xi32>
  %b4e = arith.extsi %b4 : vector<1x2x4x4xi8> to vector<1x2x4x4xi32>
  %0 = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %as, %be, %acc : vector<2x2x4xi32>, vector<1x2x32x4xi32> into vector<2x1x32xi32>
  %1 = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %au, %b4e, %acc4 : vector<2x2x4xi32>, vector<1x2x4x4xi32> into vector<2x1x4xi32>
  %2 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %f, %g, %h : vector<2x4xf32>, vector<4x16xf32> into vector<2x16xf32>
  return %0, %1, %2 : vector<2x1x32xi32>, vector<2x1x4xi32>, vector<2x16xf32>
}

// -----

// Panels of 8 lanes (N = 24 in panels of 8): one 256-bit vpdpbusd per row
// and step, 4 in all.
#a = affine_map<(m, p, l, k0, k1) -> (m, k0, k1)>
#b = affine_map<(m, p, l, k0, k1) -> (p, k0, l, k1)>
#c = affine_map<(m, p, l, k0, k1) -> (m, p, l)>
// CHECK-LABEL: func.func @eight_lanes
// CHECK-NOT: vector.contract
// CHECK: %[[S:.*]] = vector.broadcast %{{.*}} : i32 to vector<8xi32>
// CHECK: %[[SB:.*]] = vector.bitcast %[[S]] : vector<8xi32> to vector<32xi8>
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.256"(%{{.*}}, %[[SB]], %{{.*}}) : (vector<8xi32>, vector<32xi8>, vector<32xi8>) -> vector<8xi32>
// CHECK-COUNT-3: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.256"
// CHECK-NOT: llvm.call_intrinsic
// CHECK: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [1, 0, 0], strides = [1]} : vector<8xi32> into vector<2x1x8xi32>
func.func @eight_lanes(%a: vector<2x2x4xi8>, %rows: vector<1x2x32xi8>, %acc: vector<2x1x8xi32>) -> vector<2x1x8xi32> {
  %b = vector.shape_cast %rows : vector<1x2x32xi8> to vector<1x2x8x4xi8>
  %ae = arith.extui %a : vector<2x2x4xi8> to vector<2x2x4xi32>
  %be = arith.extsi %b : vector<1x2x8x4xi8> to vector<1x2x8x4xi32>
  %0 = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %ae, %be, %acc : vector<2x2x4xi32>, vector<1x2x8x4xi32> into vector<2x1x8xi32>
  return %0 : vector<2x1x8xi32>
}

// -----

// bf16 pairs into f32: per step, B's row of 64 bf16 (32 lanes of pairs)
// gives two 32-element operands, and each row's pair of A, broadcast to
// every lane as one dword, meets them in two vdpbf16ps: 8 in all.
#a = affine_map<(m, p, l, k0, k1) -> (m, k0, k1)>
#b = affine_map<(m, p, l, k0, k1) -> (p, k0, l, k1)>
#c = affine_map<(m, p, l, k0, k1) -> (m, p, l)>
// CHECK-LABEL: func.func @bf16_tile
// CHECK-SAME: (%[[A:.*]]: vector<2x2x2xbf16>, %[[ROWS:.*]]: vector<1x2x64xbf16>, %[[ACC:.*]]: vector<2x1x32xf32>)
// CHECK-NOT: vector.contract
// CHECK: %[[B0:.*]] = vector.extract %[[ROWS]][0, 0] : vector<64xbf16>
// CHECK: %[[B00:.*]] = vector.extract_strided_slice %[[B0]] {offsets = [0], sizes = [32], strides = [1]}
// CHECK: %[[A00:.*]] = vector.extract %[[A]][0, 0] : vector<2xbf16>
// CHECK: %[[W:.*]] = vector.bitcast %[[A00]] : vector<2xbf16> to vector<1xi32>
// CHECK: %[[D:.*]] = vector.extract %[[W]][0]
// CHECK: %[[S:.*]] = vector.broadcast %[[D]] : i32 to vector<16xi32>
// CHECK: %[[SB:.*]] = vector.bitcast %[[S]] : vector<16xi32> to vector<32xbf16>
// CHECK: llvm.call_intrinsic "llvm.x86.avx512bf16.dpbf16ps.512"(%{{.*}}, %[[SB]], %[[B00]]) : (vector<16xf32>, vector<32xbf16>, vector<32xbf16>) -> vector<16xf32>
// CHECK-COUNT-7: llvm.call_intrinsic "llvm.x86.avx512bf16.dpbf16ps.512"
// CHECK-NOT: llvm.call_intrinsic
// CHECK: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [1, 0, 16], strides = [1]} : vector<16xf32> into vector<2x1x32xf32>
func.func @bf16_tile(%a: vector<2x2x2xbf16>, %rows: vector<1x2x64xbf16>, %acc: vector<2x1x32xf32>) -> vector<2x1x32xf32> {
  %b = vector.shape_cast %rows : vector<1x2x64xbf16> to vector<1x2x32x2xbf16>
  %ae = arith.extf %a : vector<2x2x2xbf16> to vector<2x2x2xf32>
  %be = arith.extf %b : vector<1x2x32x2xbf16> to vector<1x2x32x2xf32>
  %0 = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %ae, %be, %acc : vector<2x2x2xf32>, vector<1x2x32x2xf32> into vector<2x1x32xf32>
  return %0 : vector<2x1x32xf32>
}

// -----

// Left alone: f16 pairs (no such instruction), and bf16 when the pass
// lowers bytes only.
// RUN: strata-opt %s --strata-cpu-lower-dot-products='bf16=false' --split-input-file | FileCheck %s --check-prefix=INT8-ONLY
#a = affine_map<(m, p, l, k0, k1) -> (m, k0, k1)>
#b = affine_map<(m, p, l, k0, k1) -> (p, k0, l, k1)>
#c = affine_map<(m, p, l, k0, k1) -> (m, p, l)>
// CHECK-LABEL: func.func @half_pairs
// CHECK-NOT: llvm.call_intrinsic
// CHECK: vector.contract
// INT8-ONLY-LABEL: func.func @bf16_tile
// INT8-ONLY-NOT: dpbf16ps
// INT8-ONLY: vector.contract
func.func @half_pairs(%a: vector<2x2x2xf16>, %b: vector<1x2x32x2xf16>, %acc: vector<2x1x32xf32>) -> vector<2x1x32xf32> {
  %ae = arith.extf %a : vector<2x2x2xf16> to vector<2x2x2xf32>
  %be = arith.extf %b : vector<1x2x32x2xf16> to vector<1x2x32x2xf32>
  %0 = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<add>} %ae, %be, %acc : vector<2x2x2xf32>, vector<1x2x32x2xf32> into vector<2x1x32xf32>
  return %0 : vector<2x1x32xf32>
}

// -----

// A widening byte multiply-add (an integer depthwise convolution's tap:
// acc + ext(x) * ext(w)) becomes one vpdpwssd per 16 lanes of each row:
// ext(x)'s lanes hold x in their low 16 bits, ext(w) & 0xffff holds w
// there and 0 above, so the instruction adds x * w + 0 to each lane. The
// mask goes on the operand from outside the loop (the filter).
// CHECK-LABEL: func.func @widening_multiply_add
// CHECK-SAME: (%[[X:.*]]: vector<2x48xi8>, %[[W:.*]]: vector<2x48xi8>
// CHECK: %[[WE:.*]] = arith.extsi %[[W]]
// CHECK: %[[LOW:.*]] = arith.andi %[[WE]], %{{.*}} : vector<2x48xi32>
// CHECK: scf.for
// CHECK: %[[XE:.*]] = arith.extui %[[X]]
// CHECK-NOT: arith.muli
// CHECK: %[[XR:.*]] = vector.extract %[[XE]][0] : vector<48xi32> from vector<2x48xi32>
// CHECK: %[[XC:.*]] = vector.extract_strided_slice %[[XR]] {offsets = [0], sizes = [16], strides = [1]}
// CHECK: %[[XH:.*]] = vector.bitcast %[[XC]] : vector<16xi32> to vector<32xi16>
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.vpdpwssd.512"(%{{.*}}, %[[XH]], %{{.*}}) : (vector<16xi32>, vector<32xi16>, vector<32xi16>) -> vector<16xi32>
// CHECK-COUNT-5: llvm.call_intrinsic "llvm.x86.avx512.vpdpwssd.512"
// CHECK-NOT: llvm.call_intrinsic
// CHECK: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [1, 32], strides = [1]} : vector<16xi32> into vector<2x48xi32>
func.func @widening_multiply_add(%x: vector<2x48xi8>, %w: vector<2x48xi8>, %acc: vector<2x48xi32>, %n: index) -> vector<2x48xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %we = arith.extsi %w : vector<2x48xi8> to vector<2x48xi32>
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %acc) -> vector<2x48xi32> {
    %xe = arith.extui %x : vector<2x48xi8> to vector<2x48xi32>
    %m = arith.muli %we, %xe : vector<2x48xi32>
    %s = arith.addi %sum, %m : vector<2x48xi32>
    scf.yield %s : vector<2x48xi32>
  }
  return %0 : vector<2x48xi32>
}

// -----

// Rows of 24 lanes: three 256-bit vpdpwssd. Left alone: rows of 12 lanes,
// products of wider integers, a product with another use.
// CHECK-LABEL: func.func @widening_widths
// CHECK-COUNT-3: llvm.call_intrinsic "llvm.x86.avx512.vpdpwssd.256"{{.*}} : (vector<8xi32>, vector<16xi16>, vector<16xi16>) -> vector<8xi32>
// CHECK-NOT: llvm.call_intrinsic
// CHECK-COUNT-3: arith.muli
// INT8-ONLY-LABEL: func.func @widening_widths
// INT8-ONLY: vpdpwssd.256
// RUN: strata-opt %s --strata-cpu-lower-dot-products='int8=false' --split-input-file | FileCheck %s --check-prefix=NO-INT8
// NO-INT8-LABEL: func.func @widening_widths
// NO-INT8-NOT: llvm.call_intrinsic
// NO-INT8-COUNT-4: arith.muli
func.func @widening_widths(%x: vector<24xi8>, %w: vector<24xi8>, %acc: vector<24xi32>, %x12: vector<12xi8>, %acc12: vector<12xi32>, %h: vector<16xi16>, %acc16: vector<16xi32>) -> (vector<24xi32>, vector<12xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>) {
  %xe = arith.extsi %x : vector<24xi8> to vector<24xi32>
  %we = arith.extsi %w : vector<24xi8> to vector<24xi32>
  %m = arith.muli %xe, %we : vector<24xi32>
  %s = arith.addi %acc, %m : vector<24xi32>
  %x12e = arith.extsi %x12 : vector<12xi8> to vector<12xi32>
  %m12 = arith.muli %x12e, %x12e : vector<12xi32>
  %s12 = arith.addi %acc12, %m12 : vector<12xi32>
  %he = arith.extsi %h : vector<16xi16> to vector<16xi32>
  %mh = arith.muli %he, %he : vector<16xi32>
  %sh = arith.addi %acc16, %mh : vector<16xi32>
  %x16 = vector.extract_strided_slice %x {offsets = [0], sizes = [16], strides = [1]} : vector<24xi8> to vector<16xi8>
  %x16e = arith.extsi %x16 : vector<16xi8> to vector<16xi32>
  %m16 = arith.muli %x16e, %x16e : vector<16xi32>
  %s16 = arith.addi %acc16, %m16 : vector<16xi32>
  return %s, %s12, %sh, %s16, %m16 : vector<24xi32>, vector<12xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>
}
