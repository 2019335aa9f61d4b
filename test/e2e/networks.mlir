// Small networks through the whole CPU path: an MLP, a conv net with batch
// norms, a depthwise conv and a residual, an attention block (also compiled
// once with a dynamic sequence length and run with two lengths), and a
// dynamic-export shape chain, and multi-head attention with the heads
// transposed in and out of its products (as ViT exports it: the tiles of
// those kernels split along what the transposes vary along). Each compiled
// function is compared with the
// reference evaluator by the @entry test-graph-build-e2e adds (one [1.] per
// result), compiled by strata-compile and run by strata-run on one and two
// threads.
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-run %t.smod --function=entry --threads=2 | FileCheck %s
// The CUDA schedules, tiling and thread mapping, run on this CPU (the
// CUDA emulator); and PTX for sm_80 and sm_90 (cubins when ptxas is here).
// RUN: strata-compile %t.mlir --target=cuda-emulator -o %t.emu.smod
// RUN: strata-run %t.emu.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --target=cuda:sm_80 -o %t.sm80.smod
// RUN: strata-compile %t.mlir --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-dump %t.sm90.smod --section=library | FileCheck %s --check-prefixes=%cuda_lib_prefixes
// CHECK-COUNT-7: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none

func.func @mlp(%x: tensor<2x8xf32>) -> tensor<2x4xf32> {
  %one = graph.constant dense<1.0> : tensor<f32>
  %xs = graph.mul %x, %one : tensor<2x8xf32>, tensor<f32> -> tensor<2x8xf32>
  %xc = graph.cast %xs : tensor<2x8xf32> -> tensor<2x8xf32>
  %w1 = graph.constant dense<[[-0.0476, 0.0598, 0.4242, -0.0343, 0.0078, 0.0874, -0.3153, 0.0119], [0.1299, 0.2930, -0.4059, -0.1966, -0.4093, 0.3096, 0.1934, -0.4581], [0.4822, 0.4648, 0.1539, 0.1156, -0.3425, -0.4850, 0.0284, -0.4404], [-0.3098, -0.2581, -0.4699, -0.0361, -0.0595, 0.3424, 0.0191, 0.1403], [-0.0002, 0.1624, -0.0427, -0.2218, 0.4977, 0.4957, 0.3402, 0.2078], [-0.1847, -0.2703, -0.2110, -0.4298, 0.2663, -0.0996, 0.3466, -0.1135], [0.4580, 0.3473, -0.4995, -0.2903, 0.4103, -0.0300, 0.4804, -0.1026], [-0.4270, 0.1295, 0.2785, -0.2302, -0.4129, -0.1674, 0.4641, 0.2580], [-0.3820, -0.2536, -0.3990, -0.4401, 0.2970, -0.3223, 0.0593, -0.0526], [-0.3093, 0.2319, -0.3690, 0.1437, -0.3835, -0.0792, -0.2871, -0.2302], [0.4709, 0.3034, -0.1959, 0.3849, -0.2893, -0.1057, 0.3544, 0.1418], [-0.3997, 0.4893, -0.2868, -0.2417, 0.2727, -0.1710, -0.2037, -0.4266], [-0.4099, 0.0827, -0.2570, 0.1013, -0.1283, -0.0468, 0.4591, -0.0163], [0.0746, 0.3665, -0.3172, -0.3459, 0.4084, 0.3178, -0.2505, -0.3102], [0.2394, 0.4404, -0.3034, 0.4501, 0.3822, 0.1035, -0.0785, -0.3962], [-0.4613, 0.4627, -0.2616, 0.2046, -0.2430, 0.3237, 0.0965, -0.2066]]> : tensor<16x8xf32>
  %b1 = graph.constant dense<[-0.3246, 0.2204, -0.4312, -0.2716, 0.0594, 0.3524, 0.1143, -0.2198, 0.4174, -0.2960, -0.4834, -0.2308, -0.0543, -0.4395, -0.3237, -0.1312]> : tensor<16xf32>
  %h = graph.linear %xc, %w1, %b1 {trans_b = true} : tensor<2x8xf32>, tensor<16x8xf32>, tensor<16xf32> -> tensor<2x16xf32>
  %hr = graph.relu %h : tensor<2x16xf32> -> tensor<2x16xf32>
  %w2 = graph.constant dense<[[0.0722, -0.3684, -0.1379, 0.3909], [0.4805, 0.1569, 0.1912, 0.0844], [-0.3597, -0.4649, -0.4821, 0.4102], [0.2010, 0.4628, -0.4787, 0.1362], [-0.0178, 0.2305, -0.1811, 0.4994], [-0.4247, 0.0461, 0.2370, 0.4002], [0.2371, 0.2037, 0.2933, 0.4150], [-0.1482, 0.1851, 0.4008, 0.3711], [-0.0828, 0.2905, 0.3635, 0.0728], [0.1250, -0.1177, 0.0827, 0.1089], [-0.4198, 0.1394, 0.4933, 0.3798], [0.2282, -0.1116, 0.2350, 0.0810], [-0.0595, 0.3384, -0.4162, 0.2502], [-0.4702, 0.1013, -0.0190, -0.2698], [0.1983, -0.0027, 0.1145, 0.4205], [-0.2442, -0.4887, -0.1990, 0.1781]]> : tensor<16x4xf32>
  %l = graph.matmul %hr, %w2 : tensor<2x16xf32>, tensor<16x4xf32> -> tensor<2x4xf32>
  %p = graph.softmax %l : tensor<2x4xf32> -> tensor<2x4xf32>
  return %p : tensor<2x4xf32>
}

func.func @convnet(%x: tensor<1x3x8x8xf32>) -> tensor<1x3xf32> {
  %w1 = graph.constant dense<[[[[0.4820, -0.0475, -0.4253], [-0.4685, 0.3728, -0.4585], [0.2086, 0.0706, -0.1910]], [[0.2915, -0.4809, -0.3641], [-0.0452, -0.4753, 0.3297], [-0.2626, -0.3591, -0.4531]], [[0.1292, -0.0535, 0.1300], [0.1550, 0.3074, 0.4585], [0.1845, -0.3007, -0.0249]]], [[[-0.3213, -0.4892, -0.0278], [0.2142, -0.3209, -0.2276], [-0.1543, 0.1973, 0.0204]], [[0.1144, 0.2562, -0.1065], [0.2919, 0.4062, -0.4128], [0.4326, 0.2224, -0.3701]], [[-0.0465, 0.1255, 0.4100], [-0.1232, 0.0688, 0.3793], [0.2968, 0.4443, -0.0363]]], [[[0.1513, -0.2951, 0.2219], [0.3183, 0.1416, 0.2177], [-0.2867, 0.4000, 0.4805]], [[0.4774, 0.0370, 0.2908], [-0.1796, 0.4100, 0.3558], [-0.1515, -0.4172, -0.0591]], [[0.0503, 0.2682, -0.0126], [-0.4716, 0.3091, -0.4359], [0.2999, -0.3271, -0.1650]]], [[[0.2879, -0.3595, -0.3513], [0.0165, 0.2236, 0.3400], [0.1894, 0.4457, -0.0074]], [[0.4492, -0.4140, -0.2786], [0.0267, -0.2098, 0.2288], [0.1389, 0.0228, 0.3436]], [[0.0600, -0.1883, -0.1188], [0.3453, 0.4005, -0.2918], [0.3508, 0.4684, 0.0242]]]]> : tensor<4x3x3x3xf32>
  %b1 = graph.constant dense<[0.0730, -0.2990, 0.0359, 0.0032]> : tensor<4xf32>
  %c1 = graph.conv2d %x, %w1, %b1 {pads = array<i64: 1, 1, 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32> -> tensor<1x4x8x8xf32>
  %g1 = graph.constant dense<[-0.2974, -0.3304, 0.4057, 0.1600]> : tensor<4xf32>
  %be1 = graph.constant dense<[-0.0581, 0.3917, -0.1730, 0.1659]> : tensor<4xf32>
  %m1 = graph.constant dense<[-0.1809, -0.0415, 0.1836, 0.2485]> : tensor<4xf32>
  %v1 = graph.constant dense<[0.8922, 0.4460, 0.6248, 0.3848]> : tensor<4xf32>
  %n1 = graph.batch_norm %c1, %g1, %be1, %m1, %v1 : tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<1x4x8x8xf32>
  %r1 = graph.relu %n1 : tensor<1x4x8x8xf32> -> tensor<1x4x8x8xf32>
  %w2 = graph.constant dense<[[[[0.1052, -0.4722, 0.4694], [0.0160, -0.0994, 0.3011], [0.0629, -0.0090, 0.1910]]], [[[-0.4341, 0.0387, -0.0862], [0.4569, 0.4234, -0.2308], [-0.0268, -0.3730, -0.0663]]], [[[0.3157, 0.4006, -0.0235], [-0.1828, -0.3085, 0.1179], [0.4253, -0.3705, 0.2793]]], [[[-0.4772, -0.3059, -0.2727], [0.1870, -0.1779, -0.1447], [0.1198, -0.3951, 0.2309]]]]> : tensor<4x1x3x3xf32>
  %c2 = graph.conv2d %r1, %w2 {pads = array<i64: 1, 1, 1, 1>, groups = 4 : i64} : tensor<1x4x8x8xf32>, tensor<4x1x3x3xf32> -> tensor<1x4x8x8xf32>
  %g2 = graph.constant dense<[-0.3638, -0.0035, 0.3371, 0.3487]> : tensor<4xf32>
  %be2 = graph.constant dense<[0.2112, 0.4500, -0.2232, -0.3309]> : tensor<4xf32>
  %m2 = graph.constant dense<[-0.0296, -0.1349, -0.1716, -0.0516]> : tensor<4xf32>
  %v2 = graph.constant dense<[0.6632, 0.5445, 0.3838, 0.8552]> : tensor<4xf32>
  %n2 = graph.batch_norm %c2, %g2, %be2, %m2, %v2 : tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<1x4x8x8xf32>
  %res = graph.add %n2, %r1 : tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32> -> tensor<1x4x8x8xf32>
  %r2 = graph.relu %res : tensor<1x4x8x8xf32> -> tensor<1x4x8x8xf32>
  %mp = graph.max_pool2d %r2 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  %gp = graph.global_avg_pool %mp : tensor<1x4x4x4xf32> -> tensor<1x4x1x1xf32>
  %fl = graph.flatten %gp : tensor<1x4x1x1xf32> -> tensor<1x4xf32>
  %wf = graph.constant dense<[[-0.3772, 0.0105, -0.2494], [-0.3023, 0.0304, -0.0632], [-0.1243, -0.0866, 0.0293], [-0.3403, -0.2957, 0.1313]]> : tensor<4x3xf32>
  %bf = graph.constant dense<[0.1385, 0.0296, 0.3513]> : tensor<3xf32>
  %y = graph.linear %fl, %wf, %bf : tensor<1x4xf32>, tensor<4x3xf32>, tensor<3xf32> -> tensor<1x3xf32>
  return %y : tensor<1x3xf32>
}

// 3 heads of 16 over 37 tokens (prime: no whole tiles of tokens): Q.K^T
// with K transposed to heads x dims x tokens, then P.V with V transposed
// to heads x tokens x dims and the result back to tokens x heads x dims.
func.func @multihead_attention(%q: tensor<3x37x16xf32>, %k: tensor<37x3x16xf32>, %v: tensor<37x3x16xf32>) -> tensor<37x3x16xf32> {
  %kt = graph.transpose %k {perm = array<i64: 1, 2, 0>} : tensor<37x3x16xf32> -> tensor<3x16x37xf32>
  %s = graph.matmul %q, %kt : tensor<3x37x16xf32>, tensor<3x16x37xf32> -> tensor<3x37x37xf32>
  %p = graph.softmax %s : tensor<3x37x37xf32> -> tensor<3x37x37xf32>
  %vt = graph.transpose %v {perm = array<i64: 1, 0, 2>} : tensor<37x3x16xf32> -> tensor<3x37x16xf32>
  %o = graph.matmul %p, %vt : tensor<3x37x37xf32>, tensor<3x37x16xf32> -> tensor<3x37x16xf32>
  %r = graph.transpose %o {perm = array<i64: 1, 0, 2>} : tensor<3x37x16xf32> -> tensor<37x3x16xf32>
  return %r : tensor<37x3x16xf32>
}

func.func @attention(%x: tensor<1x4x8xf32>) -> tensor<1x4x8xf32> {
  %wq = graph.constant dense<[[0.1117, 0.3568, -0.2673, 0.2408, 0.3105, 0.4027, -0.1841, -0.1850], [0.4228, -0.2819, 0.4984, 0.3875, -0.3661, -0.2607, 0.2266, -0.2405], [-0.4030, 0.3322, -0.0784, 0.2899, -0.3740, -0.0972, 0.1852, -0.4822], [-0.2991, 0.1824, 0.4114, 0.4684, -0.3846, 0.0057, 0.2582, 0.0028], [0.1857, -0.3110, -0.4294, -0.3938, -0.4626, 0.0517, 0.0148, 0.0687], [-0.3534, -0.3155, -0.2961, 0.3402, 0.4903, 0.4269, -0.4048, -0.4381], [0.4515, -0.0379, 0.2647, -0.1732, -0.0330, 0.0153, -0.0699, 0.1009], [-0.4868, 0.2010, 0.3443, -0.3187, -0.0460, 0.2393, -0.0947, -0.3049]]> : tensor<8x8xf32>
  %wk = graph.constant dense<[[-0.3349, 0.0126, -0.4846, 0.3932, 0.3017, 0.2047, 0.3607, 0.1294], [-0.0955, 0.0996, 0.0043, 0.4827, 0.3048, -0.2417, 0.4113, 0.2444], [0.2780, 0.3146, -0.0944, 0.3965, 0.3798, 0.1948, 0.2673, 0.2652], [-0.0943, 0.2226, -0.4294, -0.1583, -0.0312, -0.4894, -0.1444, 0.1387], [0.1240, -0.2679, 0.4447, 0.1661, -0.1622, 0.1598, 0.0696, 0.0331], [-0.1104, 0.4999, 0.1423, 0.2013, 0.2617, 0.4801, -0.4772, 0.1154], [0.2388, -0.2434, -0.0984, -0.4495, -0.3046, -0.1243, -0.4016, -0.2491], [0.4056, 0.0501, 0.0078, 0.4671, 0.0680, 0.4951, 0.1380, 0.3095]]> : tensor<8x8xf32>
  %wv = graph.constant dense<[[-0.4238, 0.0975, 0.2592, -0.4549, 0.4302, -0.3401, -0.0282, -0.3309], [-0.0045, 0.1112, -0.4415, 0.4453, -0.0793, 0.0268, 0.0978, -0.1344], [-0.2142, 0.1551, 0.0606, -0.2165, 0.2166, -0.2040, -0.4860, -0.2550], [-0.4572, -0.3434, 0.2546, -0.1100, 0.3975, 0.2484, -0.4498, 0.4888], [0.4445, -0.4265, 0.4056, -0.0705, -0.0224, 0.4732, -0.2563, 0.0234], [0.4373, 0.2227, -0.0316, 0.4788, 0.3167, 0.1036, -0.3849, 0.1242], [-0.0443, -0.2963, -0.4479, 0.0281, -0.3757, -0.0571, 0.1679, -0.0444], [-0.2379, 0.0822, -0.0805, 0.2780, 0.0308, 0.4976, 0.4526, 0.2343]]> : tensor<8x8xf32>
  %q = graph.matmul %x, %wq : tensor<1x4x8xf32>, tensor<8x8xf32> -> tensor<1x4x8xf32>
  %k = graph.matmul %x, %wk : tensor<1x4x8xf32>, tensor<8x8xf32> -> tensor<1x4x8xf32>
  %v = graph.matmul %x, %wv : tensor<1x4x8xf32>, tensor<8x8xf32> -> tensor<1x4x8xf32>
  %kt = graph.transpose %k {perm = array<i64: 0, 2, 1>} : tensor<1x4x8xf32> -> tensor<1x8x4xf32>
  %kt2 = graph.transpose %kt {perm = array<i64: 0, 2, 1>} : tensor<1x8x4xf32> -> tensor<1x4x8xf32>
  %ktt = graph.transpose %kt2 {perm = array<i64: 0, 2, 1>} : tensor<1x4x8xf32> -> tensor<1x8x4xf32>
  %s = graph.matmul %q, %ktt : tensor<1x4x8xf32>, tensor<1x8x4xf32> -> tensor<1x4x4xf32>
  %scale = graph.constant dense<8.0> : tensor<f32>
  %sq = graph.sqrt %scale : tensor<f32> -> tensor<f32>
  %ss = graph.div %s, %sq : tensor<1x4x4xf32>, tensor<f32> -> tensor<1x4x4xf32>
  %p = graph.softmax %ss : tensor<1x4x4xf32> -> tensor<1x4x4xf32>
  %o = graph.matmul %p, %v : tensor<1x4x4xf32>, tensor<1x4x8xf32> -> tensor<1x4x8xf32>
  %res = graph.add %o, %x : tensor<1x4x8xf32>, tensor<1x4x8xf32> -> tensor<1x4x8xf32>
  %gamma = graph.constant dense<[0.3146, 0.2025, 0.9034, 0.8059, 0.6625, 0.4233, 0.3444, 0.7165]> : tensor<8xf32>
  %beta = graph.constant dense<[0.0649, 0.0917, 0.1331, 0.2533, -0.3102, -0.2510, 0.4797, 0.4157]> : tensor<8xf32>
  %ln = graph.layer_norm %res, %gamma, %beta : tensor<1x4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<1x4x8xf32>
  %w1 = graph.constant dense<[[0.3788, -0.4605, -0.4392, -0.2291, -0.0748, 0.1233, -0.3975, 0.0416, -0.4275, -0.4136, 0.1763, 0.0506, 0.1311, -0.1268, -0.0214, -0.2894], [-0.1563, 0.2448, 0.3386, -0.4257, -0.3802, 0.3092, 0.1237, 0.2688, -0.2868, -0.0756, -0.2419, 0.3099, -0.1311, 0.1537, 0.4892, -0.1746], [0.0486, 0.2461, 0.4208, -0.0723, -0.1307, -0.4030, 0.3752, -0.4215, -0.4170, 0.0642, -0.0151, 0.1853, -0.2011, 0.2755, -0.4239, -0.2867], [0.1621, -0.4183, -0.1962, 0.2250, 0.1940, -0.2171, -0.3571, -0.1422, 0.2260, -0.1336, -0.3826, 0.2093, 0.0693, 0.4186, 0.4399, 0.4134], [-0.0620, 0.3030, -0.1952, -0.1824, -0.1004, 0.4347, 0.3947, -0.2517, -0.1383, -0.1344, -0.1367, -0.1044, -0.1124, -0.3050, 0.0638, 0.2971], [0.0406, 0.3364, 0.0628, -0.3234, 0.2589, 0.3809, -0.2185, -0.4778, 0.0156, 0.0442, 0.0675, 0.4664, 0.1512, 0.3043, -0.4359, 0.0468], [0.2881, -0.4160, -0.4183, 0.2371, 0.3991, -0.4153, 0.1341, -0.3561, 0.2458, 0.1490, -0.2545, -0.2796, 0.2654, 0.0216, 0.2647, -0.1056], [-0.1622, 0.4683, 0.1724, -0.0063, 0.0373, 0.2209, 0.2081, 0.4150, -0.0894, 0.3262, 0.1667, 0.3535, 0.3059, 0.3338, 0.3886, 0.4578]]> : tensor<8x16xf32>
  %h = graph.matmul %ln, %w1 : tensor<1x4x8xf32>, tensor<8x16xf32> -> tensor<1x4x16xf32>
  %hg = graph.gelu %h : tensor<1x4x16xf32> -> tensor<1x4x16xf32>
  %w2 = graph.constant dense<[[0.1403, 0.0239, 0.2101, 0.3023, -0.0784, -0.0795, -0.3538, 0.2412], [0.4910, -0.1245, -0.3323, -0.2956, -0.0751, -0.2080, 0.4698, -0.4408], [-0.1916, -0.3852, 0.1480, 0.2759, -0.3206, -0.4377, -0.0412, 0.0841], [0.4093, -0.4636, -0.3913, -0.3155, -0.2826, -0.2646, 0.2172, 0.0948], [-0.2760, -0.3150, -0.2189, -0.3275, 0.2575, -0.1883, 0.0482, 0.3171], [-0.0205, -0.2395, 0.3874, 0.4143, -0.1579, 0.0473, 0.4570, -0.0174], [-0.2790, -0.4503, 0.4475, 0.3014, -0.1150, 0.0276, 0.0158, -0.2254], [0.4902, 0.1576, -0.2624, -0.4891, -0.0274, -0.1284, 0.2968, 0.2133], [0.1061, -0.3427, -0.3431, -0.1782, -0.2406, 0.3692, 0.0161, 0.1370], [0.4931, -0.2335, 0.0346, -0.3493, 0.2704, -0.4986, 0.3214, 0.3462], [0.3221, -0.4176, -0.2301, 0.2165, -0.4028, -0.0199, -0.0313, 0.4555], [0.0866, 0.3573, -0.1964, 0.2893, -0.0830, 0.4168, -0.4091, 0.3263], [-0.2916, 0.0434, 0.0257, -0.3424, 0.3320, -0.1886, -0.1893, -0.4240], [-0.1943, -0.0328, 0.2151, -0.1403, 0.1871, -0.3942, -0.1058, -0.0382], [0.4669, 0.3297, 0.1539, -0.4877, -0.1229, 0.2100, -0.2625, 0.0641], [-0.0419, -0.4895, 0.4916, 0.2995, -0.2933, 0.1161, -0.2096, -0.1240]]> : tensor<16x8xf32>
  %y = graph.matmul %hg, %w2 : tensor<1x4x16xf32>, tensor<16x8xf32> -> tensor<1x4x8xf32>
  return %y : tensor<1x4x8xf32>
}

func.func @shape_chain(%x: tensor<3x2x4xf32>) -> tensor<3x8xf32> {
  %shape = graph.shape_of %x : tensor<3x2x4xf32> -> tensor<3xi64>
  %zero = graph.constant dense<0> : tensor<i64>
  %batch = graph.gather %shape, %zero : tensor<3xi64>, tensor<i64> -> tensor<i64>
  %batch1 = graph.unsqueeze %batch {axes = array<i64: 0>} : tensor<i64> -> tensor<1xi64>
  %minus1 = graph.constant dense<[-1]> : tensor<1xi64>
  %target = graph.concat %batch1, %minus1 {axis = 0 : i64} : tensor<1xi64>, tensor<1xi64> -> tensor<2xi64>
  %flat = graph.reshape %x, %target : tensor<3x2x4xf32>, tensor<2xi64> -> tensor<?x?xf32>
  %e = graph.exp %flat : tensor<?x?xf32> -> tensor<?x?xf32>
  %c = graph.cast %e : tensor<?x?xf32> -> tensor<?x?xf32>
  %r = graph.reduce_max %c {axes = array<i64: 1>, keepdims = true} : tensor<?x?xf32> -> tensor<?x1xf32>
  %d = graph.div %e, %r : tensor<?x?xf32>, tensor<?x1xf32> -> tensor<?x?xf32>
  %out = graph.cast %d : tensor<?x?xf32> -> tensor<3x8xf32>
  return %out : tensor<3x8xf32>
}

func.func private @attention_dyn(%x: tensor<1x?x8xf32>) -> tensor<1x?x8xf32> {
  %wq = graph.constant dense<[[0.1117, 0.3568, -0.2673, 0.2408, 0.3105, 0.4027, -0.1841, -0.1850], [0.4228, -0.2819, 0.4984, 0.3875, -0.3661, -0.2607, 0.2266, -0.2405], [-0.4030, 0.3322, -0.0784, 0.2899, -0.3740, -0.0972, 0.1852, -0.4822], [-0.2991, 0.1824, 0.4114, 0.4684, -0.3846, 0.0057, 0.2582, 0.0028], [0.1857, -0.3110, -0.4294, -0.3938, -0.4626, 0.0517, 0.0148, 0.0687], [-0.3534, -0.3155, -0.2961, 0.3402, 0.4903, 0.4269, -0.4048, -0.4381], [0.4515, -0.0379, 0.2647, -0.1732, -0.0330, 0.0153, -0.0699, 0.1009], [-0.4868, 0.2010, 0.3443, -0.3187, -0.0460, 0.2393, -0.0947, -0.3049]]> : tensor<8x8xf32>
  %wk = graph.constant dense<[[-0.3349, 0.0126, -0.4846, 0.3932, 0.3017, 0.2047, 0.3607, 0.1294], [-0.0955, 0.0996, 0.0043, 0.4827, 0.3048, -0.2417, 0.4113, 0.2444], [0.2780, 0.3146, -0.0944, 0.3965, 0.3798, 0.1948, 0.2673, 0.2652], [-0.0943, 0.2226, -0.4294, -0.1583, -0.0312, -0.4894, -0.1444, 0.1387], [0.1240, -0.2679, 0.4447, 0.1661, -0.1622, 0.1598, 0.0696, 0.0331], [-0.1104, 0.4999, 0.1423, 0.2013, 0.2617, 0.4801, -0.4772, 0.1154], [0.2388, -0.2434, -0.0984, -0.4495, -0.3046, -0.1243, -0.4016, -0.2491], [0.4056, 0.0501, 0.0078, 0.4671, 0.0680, 0.4951, 0.1380, 0.3095]]> : tensor<8x8xf32>
  %wv = graph.constant dense<[[-0.4238, 0.0975, 0.2592, -0.4549, 0.4302, -0.3401, -0.0282, -0.3309], [-0.0045, 0.1112, -0.4415, 0.4453, -0.0793, 0.0268, 0.0978, -0.1344], [-0.2142, 0.1551, 0.0606, -0.2165, 0.2166, -0.2040, -0.4860, -0.2550], [-0.4572, -0.3434, 0.2546, -0.1100, 0.3975, 0.2484, -0.4498, 0.4888], [0.4445, -0.4265, 0.4056, -0.0705, -0.0224, 0.4732, -0.2563, 0.0234], [0.4373, 0.2227, -0.0316, 0.4788, 0.3167, 0.1036, -0.3849, 0.1242], [-0.0443, -0.2963, -0.4479, 0.0281, -0.3757, -0.0571, 0.1679, -0.0444], [-0.2379, 0.0822, -0.0805, 0.2780, 0.0308, 0.4976, 0.4526, 0.2343]]> : tensor<8x8xf32>
  %q = graph.matmul %x, %wq : tensor<1x?x8xf32>, tensor<8x8xf32> -> tensor<1x?x8xf32>
  %k = graph.matmul %x, %wk : tensor<1x?x8xf32>, tensor<8x8xf32> -> tensor<1x?x8xf32>
  %v = graph.matmul %x, %wv : tensor<1x?x8xf32>, tensor<8x8xf32> -> tensor<1x?x8xf32>
  %kt = graph.transpose %k {perm = array<i64: 0, 2, 1>} : tensor<1x?x8xf32> -> tensor<1x8x?xf32>
  %kt2 = graph.transpose %kt {perm = array<i64: 0, 2, 1>} : tensor<1x8x?xf32> -> tensor<1x?x8xf32>
  %ktt = graph.transpose %kt2 {perm = array<i64: 0, 2, 1>} : tensor<1x?x8xf32> -> tensor<1x8x?xf32>
  %s = graph.matmul %q, %ktt : tensor<1x?x8xf32>, tensor<1x8x?xf32> -> tensor<1x?x?xf32>
  %scale = graph.constant dense<8.0> : tensor<f32>
  %sq = graph.sqrt %scale : tensor<f32> -> tensor<f32>
  %ss = graph.div %s, %sq : tensor<1x?x?xf32>, tensor<f32> -> tensor<1x?x?xf32>
  %p = graph.softmax %ss : tensor<1x?x?xf32> -> tensor<1x?x?xf32>
  %o = graph.matmul %p, %v : tensor<1x?x?xf32>, tensor<1x?x8xf32> -> tensor<1x?x8xf32>
  %res = graph.add %o, %x : tensor<1x?x8xf32>, tensor<1x?x8xf32> -> tensor<1x?x8xf32>
  %gamma = graph.constant dense<[0.3146, 0.2025, 0.9034, 0.8059, 0.6625, 0.4233, 0.3444, 0.7165]> : tensor<8xf32>
  %beta = graph.constant dense<[0.0649, 0.0917, 0.1331, 0.2533, -0.3102, -0.2510, 0.4797, 0.4157]> : tensor<8xf32>
  %ln = graph.layer_norm %res, %gamma, %beta : tensor<1x?x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<1x?x8xf32>
  %w1 = graph.constant dense<[[0.3788, -0.4605, -0.4392, -0.2291, -0.0748, 0.1233, -0.3975, 0.0416, -0.4275, -0.4136, 0.1763, 0.0506, 0.1311, -0.1268, -0.0214, -0.2894], [-0.1563, 0.2448, 0.3386, -0.4257, -0.3802, 0.3092, 0.1237, 0.2688, -0.2868, -0.0756, -0.2419, 0.3099, -0.1311, 0.1537, 0.4892, -0.1746], [0.0486, 0.2461, 0.4208, -0.0723, -0.1307, -0.4030, 0.3752, -0.4215, -0.4170, 0.0642, -0.0151, 0.1853, -0.2011, 0.2755, -0.4239, -0.2867], [0.1621, -0.4183, -0.1962, 0.2250, 0.1940, -0.2171, -0.3571, -0.1422, 0.2260, -0.1336, -0.3826, 0.2093, 0.0693, 0.4186, 0.4399, 0.4134], [-0.0620, 0.3030, -0.1952, -0.1824, -0.1004, 0.4347, 0.3947, -0.2517, -0.1383, -0.1344, -0.1367, -0.1044, -0.1124, -0.3050, 0.0638, 0.2971], [0.0406, 0.3364, 0.0628, -0.3234, 0.2589, 0.3809, -0.2185, -0.4778, 0.0156, 0.0442, 0.0675, 0.4664, 0.1512, 0.3043, -0.4359, 0.0468], [0.2881, -0.4160, -0.4183, 0.2371, 0.3991, -0.4153, 0.1341, -0.3561, 0.2458, 0.1490, -0.2545, -0.2796, 0.2654, 0.0216, 0.2647, -0.1056], [-0.1622, 0.4683, 0.1724, -0.0063, 0.0373, 0.2209, 0.2081, 0.4150, -0.0894, 0.3262, 0.1667, 0.3535, 0.3059, 0.3338, 0.3886, 0.4578]]> : tensor<8x16xf32>
  %h = graph.matmul %ln, %w1 : tensor<1x?x8xf32>, tensor<8x16xf32> -> tensor<1x?x16xf32>
  %hg = graph.gelu %h : tensor<1x?x16xf32> -> tensor<1x?x16xf32>
  %w2 = graph.constant dense<[[0.1403, 0.0239, 0.2101, 0.3023, -0.0784, -0.0795, -0.3538, 0.2412], [0.4910, -0.1245, -0.3323, -0.2956, -0.0751, -0.2080, 0.4698, -0.4408], [-0.1916, -0.3852, 0.1480, 0.2759, -0.3206, -0.4377, -0.0412, 0.0841], [0.4093, -0.4636, -0.3913, -0.3155, -0.2826, -0.2646, 0.2172, 0.0948], [-0.2760, -0.3150, -0.2189, -0.3275, 0.2575, -0.1883, 0.0482, 0.3171], [-0.0205, -0.2395, 0.3874, 0.4143, -0.1579, 0.0473, 0.4570, -0.0174], [-0.2790, -0.4503, 0.4475, 0.3014, -0.1150, 0.0276, 0.0158, -0.2254], [0.4902, 0.1576, -0.2624, -0.4891, -0.0274, -0.1284, 0.2968, 0.2133], [0.1061, -0.3427, -0.3431, -0.1782, -0.2406, 0.3692, 0.0161, 0.1370], [0.4931, -0.2335, 0.0346, -0.3493, 0.2704, -0.4986, 0.3214, 0.3462], [0.3221, -0.4176, -0.2301, 0.2165, -0.4028, -0.0199, -0.0313, 0.4555], [0.0866, 0.3573, -0.1964, 0.2893, -0.0830, 0.4168, -0.4091, 0.3263], [-0.2916, 0.0434, 0.0257, -0.3424, 0.3320, -0.1886, -0.1893, -0.4240], [-0.1943, -0.0328, 0.2151, -0.1403, 0.1871, -0.3942, -0.1058, -0.0382], [0.4669, 0.3297, 0.1539, -0.4877, -0.1229, 0.2100, -0.2625, 0.0641], [-0.0419, -0.4895, 0.4916, 0.2995, -0.2933, 0.1161, -0.2096, -0.1240]]> : tensor<16x8xf32>
  %y = graph.matmul %hg, %w2 : tensor<1x?x16xf32>, tensor<16x8xf32> -> tensor<1x?x8xf32>
  return %y : tensor<1x?x8xf32>
}

func.func @attention_seq5(%x: tensor<1x5x8xf32>) -> tensor<1x5x8xf32> {
  %xd = tensor.cast %x : tensor<1x5x8xf32> to tensor<1x?x8xf32>
  %0 = func.call @attention_dyn(%xd) : (tensor<1x?x8xf32>) -> tensor<1x?x8xf32>
  %1 = tensor.cast %0 : tensor<1x?x8xf32> to tensor<1x5x8xf32>
  return %1 : tensor<1x5x8xf32>
}
func.func @attention_seq11(%x: tensor<1x11x8xf32>) -> tensor<1x11x8xf32> {
  %xd = tensor.cast %x : tensor<1x11x8xf32> to tensor<1x?x8xf32>
  %0 = func.call @attention_dyn(%xd) : (tensor<1x?x8xf32>) -> tensor<1x?x8xf32>
  %1 = tensor.cast %0 : tensor<1x?x8xf32> to tensor<1x11x8xf32>
  return %1 : tensor<1x11x8xf32>
}
