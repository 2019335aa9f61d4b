// A small classifier as PyTorch exports it through ONNX, written in the graph
// dialect: a dynamic batch of 1x4x4 images is flattened by the
// shape_of -> gather -> unsqueeze -> concat -> reshape chain of dynamic
// exports, then two linear layers with ReLU and a softmax. The export's
// leftovers (a scale by 1, a cast to the same type, a single-input concat, a
// reshape of a static constant) are what `strata-opt --canonicalize` folds.
//
//   strata-opt examples/models/mlp.mlir --canonicalize --cse
func.func @main(%x: tensor<?x1x4x4xf32>) -> tensor<?x4xf32> {
  // Flatten to (batch, 16), keeping the batch dynamic.
  %shape = graph.shape_of %x : tensor<?x1x4x4xf32> -> tensor<4xi64>
  %zero = graph.constant dense<0> : tensor<i64>
  %batch = graph.gather %shape, %zero : tensor<4xi64>, tensor<i64> -> tensor<i64>
  %batch1 = graph.unsqueeze %batch {axes = array<i64: 0>} : tensor<i64> -> tensor<1xi64>
  %minus1 = graph.constant dense<[-1]> : tensor<1xi64>
  %flat_shape = graph.concat %batch1, %minus1 {axis = 0 : i64} : tensor<1xi64>, tensor<1xi64> -> tensor<2xi64>
  %flat = graph.reshape %x, %flat_shape : tensor<?x1x4x4xf32>, tensor<2xi64> -> tensor<?x?xf32>

  // Export leftovers: x * 1 and a cast to the same type.
  %one = graph.constant dense<1.0> : tensor<f32>
  %scaled = graph.mul %flat, %one : tensor<?x?xf32>, tensor<f32> -> tensor<?x?xf32>
  %same = graph.cast %scaled : tensor<?x?xf32> -> tensor<?x?xf32>

  // fc1 + relu (weights stored transposed, as torch.nn.Linear does).
  %w1 = graph.constant dense<[[-0.1762, -0.3492, 0.1509, -0.4276, 0.0359, -0.1343, -0.4420, 0.0074],
      [-0.4625, -0.0664, -0.4301, -0.4093, -0.0755, 0.3269, -0.3762, -0.2768],
      [0.1274, 0.4477, 0.0771, -0.1033, 0.4763, -0.4534, 0.3585, -0.2104],
      [-0.3557, -0.3822, -0.1915, 0.3161, -0.3193, 0.0816, 0.1389, -0.1276],
      [0.0477, -0.4372, -0.4404, -0.2940, 0.1804, -0.0724, -0.1859, 0.0856],
      [-0.0468, -0.2002, 0.2944, 0.1990, -0.2559, 0.0744, 0.0252, 0.3751],
      [0.2294, -0.2121, 0.4802, -0.3819, -0.0819, 0.2571, -0.3480, -0.0110],
      [-0.4608, 0.1682, 0.2646, 0.0730, 0.3755, -0.1863, 0.1953, 0.0944],
      [0.0799, -0.0438, 0.3400, 0.4447, -0.0259, 0.1642, -0.4393, 0.2015],
      [0.1471, 0.4931, 0.3219, -0.2154, -0.1142, 0.1687, -0.4774, -0.0383],
      [-0.3320, -0.3829, -0.4410, 0.2682, -0.3707, -0.2524, -0.1091, 0.3714],
      [-0.4194, -0.0508, 0.0494, 0.3834, 0.3193, 0.3640, -0.2216, -0.0847],
      [-0.1412, 0.3842, 0.4577, -0.3491, -0.3238, -0.2680, -0.2667, -0.0150],
      [0.0891, -0.2373, -0.4959, -0.0811, -0.1307, 0.0663, 0.4531, 0.1905],
      [0.0155, 0.1176, 0.1762, -0.4460, 0.3995, 0.2800, 0.3745, 0.2979],
      [-0.1076, -0.1010, -0.3965, 0.1343, -0.4378, -0.4327, -0.2912, -0.3377]]> : tensor<16x8xf32>
  %b1 = graph.constant dense<[-0.0320, -0.0895, -0.1000, -0.0697, -0.0797, -0.0273, -0.0949, 0.0749]> : tensor<8xf32>
  %h = graph.linear %same, %w1, %b1 : tensor<?x?xf32>, tensor<16x8xf32>, tensor<8xf32> -> tensor<?x8xf32>
  %hr = graph.relu %h : tensor<?x8xf32> -> tensor<?x8xf32>

  // fc2 + softmax; the bias comes through a reshape and a one-input concat.
  %w2 = graph.constant dense<[[0.1141, -0.3514, -0.2477, -0.1526],
      [-0.1358, -0.3772, 0.3489, 0.4931],
      [-0.0340, -0.0162, -0.4141, -0.3978],
      [-0.1574, -0.2352, 0.3289, -0.3386],
      [-0.4769, 0.4510, 0.0283, -0.3534],
      [0.0432, -0.4730, 0.0281, 0.4785],
      [0.3633, 0.1962, -0.2389, -0.1333],
      [-0.3330, 0.2719, 0.0326, 0.2791]]> : tensor<8x4xf32>
  %b2flat = graph.constant dense<[-0.0341, -0.0554, 0.0623, 0.0970]> : tensor<4xf32>
  %b2shape = graph.constant dense<[1, 4]> : tensor<2xi64>
  %b2 = graph.reshape %b2flat, %b2shape : tensor<4xf32>, tensor<2xi64> -> tensor<1x4xf32>
  %b2c = graph.concat %b2 {axis = 0 : i64} : tensor<1x4xf32> -> tensor<1x4xf32>
  %logits = graph.linear %hr, %w2, %b2c : tensor<?x8xf32>, tensor<8x4xf32>, tensor<1x4xf32> -> tensor<?x4xf32>
  %probs = graph.softmax %logits {axis = -1 : i64} : tensor<?x4xf32> -> tensor<?x4xf32>
  return %probs : tensor<?x4xf32>
}
