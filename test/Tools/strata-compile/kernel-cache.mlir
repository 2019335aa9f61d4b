// The kernel cache (KernelCache.h): a module compiled again takes its
// kernels from the cache, a model with one layer changed compiles that
// layer's kernel only, and the module is byte-identical with the cache cold,
// warm or off. Every kind of damaged entry is rejected and replaced.
// RUN: rm -rf %t.cache
// RUN: strata-compile %s -o %t-cold.smod --cache-dir=%t.cache --cache-stats 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: strata-compile %s -o %t-warm.smod --cache-dir=%t.cache --cache-stats 2>&1 | FileCheck %s --check-prefix=WARM
// RUN: strata-compile %s -o %t-off.smod --no-cache --cache-stats 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: cmp %t-cold.smod %t-warm.smod
// RUN: cmp %t-cold.smod %t-off.smod
// RUN: strata-run %t-warm.smod --input=1x8xf32=1,-1,2,-2,3,-3,4,-4 | FileCheck %s --check-prefix=OUT
// The library's symbols are named after the kernels, whatever the cache.
// RUN: strata-dump %t-warm.smod --section=kernels | FileCheck %s --check-prefix=DUMP

// COLD: kernel cache: 0 hits, 3 misses, 0 rejected entries
// WARM: kernel cache: 3 hits, 0 misses, 0 rejected entries
// OFF: kernel cache: off
// DUMP: 0: @main_dispatch_0 on cpu, symbol strata_kernel_main_dispatch_0, grid strata_grid_main_dispatch_0,
// DUMP: 1: @main_dispatch_2 on cpu, symbol strata_kernel_main_dispatch_2,
// DUMP: 2: @main_dispatch_3 on cpu, symbol strata_kernel_main_dispatch_3, grid strata_grid_main_dispatch_3,

// STRATA_CACHE_DIR names the directory when --cache-dir does not, and turns
// the cache off with "off" (lit runs every other test that way).
// RUN: env STRATA_CACHE_DIR=%t.cache strata-compile %s -o %t-env.smod --cache-stats 2>&1 | FileCheck %s --check-prefix=WARM
// RUN: env STRATA_CACHE_DIR=off strata-compile %s -o %t-env.smod --cache-stats 2>&1 | FileCheck %s --check-prefix=OFF

// The second layer's ReLU made a sigmoid: one new kernel, the others hit.
// RUN: sed -e 's/%y = graph.relu %y0/%y = graph.sigmoid %y0/' %s > %t-changed.mlir
// RUN: strata-compile %t-changed.mlir -o %t-changed.smod --cache-dir=%t.cache --cache-stats 2>&1 | FileCheck %s --check-prefix=CHANGED
// RUN: strata-compile %t-changed.mlir -o %t-changed-off.smod --no-cache
// RUN: cmp %t-changed.smod %t-changed-off.smod
// CHANGED: kernel cache: 3 hits, 1 misses, 0 rejected entries

// Damaged entries: a flipped bit, a truncated file, another key's entry, a
// later format version, a payload that is not an object file. Each is
// rejected, the kernels compiled again (the same module), the entries
// replaced.
// RUN: rm -rf %t.cache && strata-compile %s -o %t-cold.smod --cache-dir=%t.cache
// RUN: %strata_python %S/Inputs/tamper_kernel_cache.py %t.cache flip
// RUN: strata-compile %s -o %t-damaged.smod --cache-dir=%t.cache --cache-stats 2>&1 | FileCheck %s --check-prefix=REJECTED
// RUN: cmp %t-cold.smod %t-damaged.smod
// RUN: strata-compile %s -o %t-damaged.smod --cache-dir=%t.cache --cache-stats 2>&1 | FileCheck %s --check-prefix=WARM
// RUN: %strata_python %S/Inputs/tamper_kernel_cache.py %t.cache truncate
// RUN: strata-compile %s -o %t-damaged.smod --cache-dir=%t.cache --cache-stats 2>&1 | FileCheck %s --check-prefix=REJECTED
// RUN: cmp %t-cold.smod %t-damaged.smod
// RUN: %strata_python %S/Inputs/tamper_kernel_cache.py %t.cache swap
// RUN: strata-compile %s -o %t-damaged.smod --cache-dir=%t.cache --cache-stats 2>&1 | FileCheck %s --check-prefix=REJECTED
// RUN: cmp %t-cold.smod %t-damaged.smod
// RUN: %strata_python %S/Inputs/tamper_kernel_cache.py %t.cache version
// RUN: strata-compile %s -o %t-damaged.smod --cache-dir=%t.cache --cache-stats 2>&1 | FileCheck %s --check-prefix=REJECTED
// RUN: cmp %t-cold.smod %t-damaged.smod
// RUN: %strata_python %S/Inputs/tamper_kernel_cache.py %t.cache payload
// RUN: strata-compile %s -o %t-damaged.smod --cache-dir=%t.cache --cache-stats 2>&1 | FileCheck %s --check-prefix=REJECTED
// RUN: cmp %t-cold.smod %t-damaged.smod
// RUN: strata-compile %s -o %t-damaged.smod --cache-dir=%t.cache --cache-stats 2>&1 | FileCheck %s --check-prefix=WARM
// REJECTED: kernel cache: 0 hits, 3 misses, 3 rejected entries

// The least recently used entries go when the cache outgrows
// STRATA_CACHE_MAX_MB (default 1024): with 0, none is kept.
// RUN: rm -rf %t.small
// RUN: env STRATA_CACHE_MAX_MB=0 strata-compile %s -o %t-small.smod --cache-dir=%t.small --cache-stats 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: env STRATA_CACHE_MAX_MB=0 strata-compile %s -o %t-small.smod --cache-dir=%t.small --cache-stats 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: strata-compile %s -o %t-small.smod --cache-dir=%t.small --cache-stats 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: strata-compile %s -o %t-small.smod --cache-dir=%t.small --cache-stats 2>&1 | FileCheck %s --check-prefix=WARM

// A cache that cannot be written warns and compiles all the same.
// RUN: strata-compile %s -o %t-unwritable.smod --cache-dir=%t-cold.smod/cache --cache-stats 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// RUN: cmp %t-cold.smod %t-unwritable.smod
// UNWRITABLE: warning: kernel cache: cannot create {{.*}}-cold.smod/cache: Not a directory
// UNWRITABLE: kernel cache: 0 hits, 3 misses, 0 rejected entries

// Layer 1: W1 = 2 I, b1 = 1: relu(2x + 1) = [3, 0, 5, 0, 7, 0, 9, 0];
// layer 2: W2 = I, b2 = 1: relu(h + 1) = [4, 1, 6, 1, 8, 1, 10, 1], whose
// softmax is e^(y - 10) / sum.
// OUT: result[0]: tensor<1x8xf32>
// OUT-NEXT: {{\[\[}}2.143093{{[0-9]*}}e-03 1.066983{{[0-9]*}}e-04 1.583543{{[0-9]*}}e-02 1.066983{{[0-9]*}}e-04
// OUT-NEXT: 1.170089{{[0-9]*}}e-01 1.066983{{[0-9]*}}e-04 8.645856{{[0-9]*}}e-01 1.066983{{[0-9]*}}e-04]]
func.func @main(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %w1 = graph.constant dense<[[2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 2.0]]> : tensor<8x8xf32>
  %b1 = graph.constant dense<1.0> : tensor<8xf32>
  %w2 = graph.constant dense<[[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]]> : tensor<8x8xf32>
  %b2 = graph.constant dense<1.0> : tensor<8xf32>
  %h0 = graph.linear %x, %w1, %b1 : tensor<1x8xf32>, tensor<8x8xf32>, tensor<8xf32> -> tensor<1x8xf32>
  %h = graph.relu %h0 : tensor<1x8xf32> -> tensor<1x8xf32>
  %y0 = graph.linear %h, %w2, %b2 : tensor<1x8xf32>, tensor<8x8xf32>, tensor<8xf32> -> tensor<1x8xf32>
  %y = graph.relu %y0 : tensor<1x8xf32> -> tensor<1x8xf32>
  %z = graph.softmax %y {axis = 1 : i64} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %z : tensor<1x8xf32>
}
