// #gluon.dot_op: prints back as parsed (with its own alias), converts to and
// from its blocked parent, and rejects what the FMA dot cannot use. With a
// version 3 NVMMADistributedLayout parent it is wgmma's A in registers
// (warpgroup-mma.mlir): operand 0 only (wgmma reads B from shared memory),
// kWidth 1, 2 or 4 (one 32-bit register of 32-, 16- or 8-bit elements);
// with a version 2 parent it is mma_v2's A or B (ampere.mlir), kWidth
// likewise.
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

// -----

// wgmma's A in registers prints back with the NVMMA parent, loaded from
// shared memory.
// CHECK: #[[NVMMA:nvmma]] = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK: #[[WGDOT:dot_op]] = #gluon.dot_op<{opIdx = 0, parent = #[[NVMMA]], kWidth = 2}>
// CHECK: gluon.local_load %{{.*}} : !gluon.memdesc<64x64xf16, #{{.*}}> -> tensor<64x64xf16, #[[WGDOT]]>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#dot = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 2}>
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @wgmma_a() -> tensor<64x64xf16, #dot> {
    %s = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %0 = gluon.local_load %s : !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf16, #dot>
    return %0 : tensor<64x64xf16, #dot>
  }
}

// -----

#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// expected-error @+1 {{wgmma reads B from shared memory: only operand 0 (A) of a version 3 NVMMADistributedLayout is in registers}}
#dot = #gluon.dot_op<{opIdx = 1, parent = #acc, kWidth = 2}>

// -----

#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// expected-error @+1 {{k_width of wgmma's A is 32 / element bits (1, 2 or 4), got 3}}
#dot = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 3}>

// -----

// 0, the FMA dot's k_width, is not one either.
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// expected-error @+1 {{k_width of wgmma's A is 32 / element bits (1, 2 or 4), got 0}}
#dot = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 0}>

// -----

// mma_v2's operands, A and B, print back with the version 2 parent,
// loaded from shared memory.
// CHECK: #[[V2:nvmma]] = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK: #[[V2A:dot_op]] = #gluon.dot_op<{opIdx = 0, parent = #[[V2]], kWidth = 2}>
// CHECK: #[[V2B:dot_op1]] = #gluon.dot_op<{opIdx = 1, parent = #[[V2]], kWidth = 2}>
// CHECK: gluon.local_load %{{.*}} -> tensor<64x32xf16, #[[V2A]]>
// CHECK: gluon.local_load %{{.*}} -> tensor<32x64xf16, #[[V2B]]>
#acc = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 2}>
#b = #gluon.dot_op<{opIdx = 1, parent = #acc, kWidth = 2}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @mma_v2_operands() -> (tensor<64x32xf16, #a>, tensor<32x64xf16, #b>) {
    %sa = gluon.local_alloc -> !gluon.memdesc<64x32xf16, #shared>
    %sb = gluon.local_alloc -> !gluon.memdesc<32x64xf16, #shared>
    %0 = gluon.local_load %sa : !gluon.memdesc<64x32xf16, #shared> -> tensor<64x32xf16, #a>
    %1 = gluon.local_load %sb : !gluon.memdesc<32x64xf16, #shared> -> tensor<32x64xf16, #b>
    return %0, %1 : tensor<64x32xf16, #a>, tensor<32x64xf16, #b>
  }
}

// -----

#acc = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// expected-error @+1 {{k_width of an mma_v2 operand is 32 / element bits (1, 2 or 4), got 3}}
#dot = #gluon.dot_op<{opIdx = 1, parent = #acc, kWidth = 3}>

// -----

#acc = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// expected-error @+1 {{k_width of an mma_v2 operand is 32 / element bits (1, 2 or 4), got 8}}
#dot = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 8}>
