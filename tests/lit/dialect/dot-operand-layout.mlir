// #gluon.dot_op: prints back as parsed (with its own alias), converts to and
// from its blocked parent, and rejects what the FMA dot cannot use.
// RUN: %gluonc-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK: #[[DOT:dot_op]] = #gluon.dot_op<{opIdx = 0, parent = #blocked, kWidth = 0}>
// CHECK: gluon.convert_layout %{{.*}} : tensor<32x8xf32, #blocked> -> tensor<32x8xf32, #[[DOT]]>
#blocked = #gluon.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dot = #gluon.dot_op<{opIdx = 0, parent = #blocked, kWidth = 0}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @to_operand(%x: tensor<32x8xf32, #blocked>) -> tensor<32x8xf32, #dot> {
    %0 = gluon.convert_layout %x : tensor<32x8xf32, #blocked> -> tensor<32x8xf32, #dot>
    return %0 : tensor<32x8xf32, #dot>
  }
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{k_width must be 0 for a blocked parent, got 2}}
#dot = #gluon.dot_op<{opIdx = 0, parent = #blocked, kWidth = 2}>

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{dot operand index must be 0 or 1, got 2}}
#dot = #gluon.dot_op<{opIdx = 2, parent = #blocked, kWidth = 0}>

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{dot operand layouts need a blocked, MFMA or NVMMA parent}}
#dot = #gluon.dot_op<{opIdx = 0, parent = #gluon.slice<{dim = 0, parent = #blocked}>, kWidth = 0}>
