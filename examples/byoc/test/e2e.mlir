// A model compiled with the acme backend (acme-compile) runs with its
// plugin (STRATA_PLUGIN_PATH) in Strata's own runtime: the product and
// relu in acme.matmul, the doubling after it in Strata's kernel; the
// values are exact (small integers). Without the plugin, the module fails
// to load, naming it.
// RUN: acme-compile %s -o %t.smod
// RUN: env STRATA_PLUGIN_PATH=%acme_plugin_dir strata-run %t.smod --function=main --input=8x4xf32=-1,-2,-3,-4,5,6,7,8,-9,-10,-11,-12,13,14,15,16,-17,-18,-19,-20,21,22,23,24,-25,-26,-27,-28,29,30,31,32 | FileCheck %s
// RUN: not strata-run %t.smod --function=main --input=8x4xf32=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK: result[0]: tensor<8x3xf32>
// CHECK-NEXT: {{^\[\[  0\.   0\.   0\.\]$}}
// CHECK-NEXT: {{^ \[ 50\.  14\.  20\.\]$}}
// CHECK-NEXT: {{^ \[  0\.   0\.   0\.\]$}}
// CHECK-NEXT: {{^ \[114\.  30\.  36\.\]$}}
// CHECK-NEXT: {{^ \[  0\.   0\.   0\.\]$}}
// CHECK-NEXT: {{^ \[178\.  46\.  52\.\]$}}
// CHECK-NEXT: {{^ \[  0\.   0\.   0\.\]$}}
// CHECK-NEXT: {{^ \[242\.  62\.  68\.\]\]$}}

// MISSING: runtime plugin 'acme' not found: no libstrata-plugin-acme.so

func.func @main(%a: tensor<8x4xf32>) -> tensor<8x3xf32> {
  %w = graph.constant dense<[[1.0, 0.0, -1.0], [2.0, 1.0, 0.0], [0.0, -1.0, 1.0], [1.0, 1.0, 1.0]]> : tensor<4x3xf32>
  %p = graph.matmul %a, %w : tensor<8x4xf32>, tensor<4x3xf32> -> tensor<8x3xf32>
  %r = graph.relu %p : tensor<8x3xf32> -> tensor<8x3xf32>
  %d = graph.add %r, %r : tensor<8x3xf32>, tensor<8x3xf32> -> tensor<8x3xf32>
  return %d : tensor<8x3xf32>
}
