// gluon.dot_fma: prints back as parsed, and its verifier rejects operands
// that are not the accumulator's dot operands, shapes that do not
// multiply, and mixed element types.
// RUN: %gluonc-opt %s -split-input-file -verify-diagnostics | FileCheck %s

#acc = #gluon.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 0}>
#b = #gluon.dot_op<{opIdx = 1, parent = #acc, kWidth = 0}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @dot
  // CHECK: gluon.dot_fma %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x8xf32, #dot_op>, tensor<8x16xf32, #dot_op1> -> tensor<32x16xf32, #blocked>
  func.func @dot(%a: tensor<32x8xf32, #a>, %b: tensor<8x16xf32, #b>, %c: tensor<32x16xf32, #acc>) -> tensor<32x16xf32, #acc> {
    %0 = gluon.dot_fma %a, %b, %c : tensor<32x8xf32, #a>, tensor<8x16xf32, #b> -> tensor<32x16xf32, #acc>
    return %0 : tensor<32x16xf32, #acc>
  }
}

// -----

#acc = #gluon.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 0}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @swapped(%a: tensor<32x8xf32, #a>, %b: tensor<8x16xf32, #a>, %c: tensor<32x16xf32, #acc>) {
    // expected-error @+1 {{operand 1 needs the layout #gluon.dot_op<{opIdx = 1, parent = the accumulator's layout}>}}
    %0 = gluon.dot_fma %a, %b, %c : tensor<32x8xf32, #a>, tensor<8x16xf32, #a> -> tensor<32x16xf32, #acc>
    return
  }
}

// -----

#acc = #gluon.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 0}>
#b = #gluon.dot_op<{opIdx = 1, parent = #acc, kWidth = 0}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @shapes(%a: tensor<32x8xf32, #a>, %b: tensor<4x16xf32, #b>, %c: tensor<32x16xf32, #acc>) {
    // expected-error @+1 {{shapes do not multiply}}
    %0 = gluon.dot_fma %a, %b, %c : tensor<32x8xf32, #a>, tensor<4x16xf32, #b> -> tensor<32x16xf32, #acc>
    return
  }
}

// -----

#acc = #gluon.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 0}>
#b = #gluon.dot_op<{opIdx = 1, parent = #acc, kWidth = 0}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @types(%a: tensor<32x8xf16, #a>, %b: tensor<8x16xf16, #b>, %c: tensor<32x16xf32, #acc>) {
    // expected-error @+1 {{operands and accumulator must have one element type, got 'f16', 'f16' and 'f32'}}
    %0 = gluon.dot_fma %a, %b, %c : tensor<32x8xf16, #a>, tensor<8x16xf16, #b> -> tensor<32x16xf32, #acc>
    return
  }
}
