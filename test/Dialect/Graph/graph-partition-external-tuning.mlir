// graph-partition-external decides a region by the tuning database's
// measurements of it (strata-tune --external) before the cost rule, and
// `regions=` offloads exactly the regions named. The database here is made
// from the region's fingerprint that `report` prints.
// RUN: strata-opt %s "--graph-partition-external=backends=dnnl report=true target=T" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RULE
// RUN: strata-opt %s "--graph-partition-external=backends=dnnl report=true target=T" -o /dev/null 2>&1 \
// RUN:   | sed -n 's/.*external region \([0-9a-f]*\) .*/{"version":1,"kernel":"\1","target":"T","schedule":"external=none","time_us":1.0}/p' > %t.kept.jsonl
// RUN: strata-opt %s "--graph-partition-external=backends=dnnl report=true target=T tuning-db=%t.kept.jsonl" 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: sed 's/"time_us":1.0/"time_us":2.0/' %t.kept.jsonl > %t.both.jsonl
// RUN: sed 's/external=none/external=dnnl/' %t.kept.jsonl >> %t.both.jsonl
// RUN: strata-opt %s "--graph-partition-external=backends=dnnl report=true target=T tuning-db=%t.both.jsonl" 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: strata-opt %s "--graph-partition-external=backends=dnnl report=true target=other tuning-db=%t.kept.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RULE
// RUN: strata-opt %s "--graph-partition-external=backends=dnnl report=true regions=0000000000000000000000000000000000000000000000000000000000000000" 2>&1 | FileCheck %s --check-prefix=NAMED
// RUN: not strata-opt %s "--graph-partition-external=backends=dnnl tuning-db=%t.kept.jsonl" 2>&1 | FileCheck %s --check-prefix=NOTARGET
// RUN: echo '{"version":1,"kernel":"x"}' > %t.bad.jsonl
// RUN: not strata-opt %s "--graph-partition-external=backends=dnnl target=T tuning-db=%t.bad.jsonl" 2>&1 | FileCheck %s --check-prefix=CORRUPT

// RULE: remark: external region {{[0-9a-f]+}} (dnnl, 2 ops) on {{T|other}}: offloaded by the cost rule

// The database measured the model faster with the region in Strata's
// kernels: no outlined function.
// KEPT: remark: external region {{[0-9a-f]+}} (dnnl, 2 ops) on T: kept by the tuning database
// KEPT-NOT: graph.external

// Both measured, dnnl faster (1.0 against 2.0).
// BOTH: remark: external region {{[0-9a-f]+}} (dnnl, 2 ops) on T: offloaded by the tuning database
// BOTH: func.func private @conv_dnnl({{.*}} attributes {graph.external = "dnnl"}

// NAMED: kept by the regions named
// NAMED-NOT: graph.external

// NOTARGET: error: graph-partition-external: a tuning database needs the target its records were measured on (target=)
// CORRUPT: error: {{.*}}bad.jsonl:1: not a tuning record

func.func @conv(%x: tensor<1x8x10x10xf32>) -> tensor<1x8x10x10xf32> {
  %w = graph.constant dense<0.125> : tensor<8x8x3x3xf32>
  %c = graph.conv2d %x, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<1x8x10x10xf32>, tensor<8x8x3x3xf32> -> tensor<1x8x10x10xf32>
  %r = graph.relu %c : tensor<1x8x10x10xf32> -> tensor<1x8x10x10xf32>
  return %r : tensor<1x8x10x10xf32>
}
