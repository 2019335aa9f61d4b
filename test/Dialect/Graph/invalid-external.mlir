// RUN: strata-opt %s -split-input-file -verify-diagnostics

func.func @no_plugin(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{callee 'conv2d' is not of the form '<plugin>.<name>'}}
  %0 = graph.call_native "conv2d"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @empty_name(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{callee 'dnnl.' is not of the form '<plugin>.<name>'}}
  %0 = graph.call_native "dnnl."(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @no_result(%x: tensor<4xf32>) {
  // expected-error @+1 {{needs at least one result (its outputs)}}
  graph.call_native "dnnl.relu"(%x) : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @dynamic_result(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{result #0 has type 'tensor<?xf32>': results of native calls need static shapes}}
  %0 = graph.call_native "dnnl.relu"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
