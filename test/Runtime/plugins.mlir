// Runtime plugins: a module whose native calls name plugin P lists it in
// its metadata; the runtime loads libstrata-plugin-P.so (STRATA_PLUGIN_PATH
// first) when a session starts, calls its functions destination-passing
// style, and reports a missing plugin, a failing init and a failing
// function clearly. The test plugin is test/Runtime/Plugins/TestPlugin.cpp.
// RUN: strata-compile %s -o %t.smod
// RUN: strata-dump %t.smod --section=metadata | FileCheck %s --check-prefix=META
// RUN: env STRATA_PLUGIN_PATH=%test_plugins strata-run %t.smod --function=main --input=4xf32=1,2,3,4 --input=4xf32=10,20,30,40 | FileCheck %s
// RUN: env STRATA_PLUGIN_PATH=%t.nowhere not strata-run %t.smod --function=main --input=4xf32=1,2,3,4 --input=4xf32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: env STRATA_PLUGIN_PATH=%test_plugins STRATA_TEST_PLUGIN_INIT_FAILS=1 not strata-run %t.smod --function=main --input=4xf32=1,2,3,4 --input=4xf32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=INIT
// RUN: env STRATA_PLUGIN_PATH=%test_plugins not strata-run %t.smod --function=fails --input=4xf32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=FAILS
// RUN: env STRATA_PLUGIN_PATH=%test_plugins strata-run %t.smod --function=threads --threads=3 | FileCheck %s --check-prefix=THREADS

// META: plugins{{.*}}testplugin

// a + 3 * b, then that + 1 * a.
// CHECK: [ 32. 64. 96. 128.]

// MISSING: error: {{.*}}.smod: needs a runtime plugin: runtime plugin 'testplugin' not found: no libstrata-plugin-testplugin.so in {{.*}}.nowhere{{.*}} (set STRATA_PLUGIN_PATH to its directory)
// INIT: error: {{.*}}runtime plugin 'testplugin' failed to start: init failed on purpose
// FAILS: native function 'testplugin.fail' failed: the test plugin failed on purpose
// A plugin learns the calling session's thread count (for its own threads).
// THREADS: [3.]

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = graph.call_native "testplugin.add_scaled"(%a, %b) {params = array<i64: 3>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = graph.call_native "testplugin.add_scaled"(%0, %a) {params = array<i64: 1>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

func.func @fails(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = graph.call_native "testplugin.fail"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @threads() -> tensor<1xf32> {
  %0 = graph.call_native "testplugin.threads"() : () -> tensor<1xf32>
  return %0 : tensor<1xf32>
}
