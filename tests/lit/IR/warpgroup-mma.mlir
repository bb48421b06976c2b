// Warpgroup MMAs (Hopper wgmma) print and parse back unchanged:
// gluon.warpgroup_mma on shared-memory operands (buffers of a ring, a
// permuted descriptor for a K-major B or an M-major A) with an accumulator
// in an NVMMADistributedLayout of version [3, 0], for every operand type
// wgmma takes (f16, bf16, f32 as tf32, f8E4M3FN, f8E5M2); with `a` in
// registers, a tensor in the accumulator's #gluon.dot_op (opIdx 0, kWidth
// 32 / element bits: 2 for f16, 4 for fp8, 1 for tf32) loaded from shared
// memory or passed in; and
// gluon.warpgroup_mma_wait with no dependency, a tensor, and a tensor with
// the buffers its MMA read (each result has its operand's type).
// RUN: %gluonc-opt %s | %gluonc-opt | FileCheck %s

// CHECK-DAG: #[[ACC:nvmma[0-9]*]] = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// CHECK-DAG: #[[ACC8:nvmma[0-9]*]] = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
// CHECK-DAG: #[[ACC32:nvmma[0-9]*]] = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
// CHECK-DAG: #[[DOT:dot_op[0-9]*]] = #gluon.dot_op<{opIdx = 0, parent = #[[ACC]], kWidth = 2}>
// CHECK-DAG: #[[DOT8:dot_op[0-9]*]] = #gluon.dot_op<{opIdx = 0, parent = #[[ACC8]], kWidth = 4}>
// CHECK-DAG: #[[DOT32:dot_op[0-9]*]] = #gluon.dot_op<{opIdx = 0, parent = #[[ACC32]], kWidth = 1}>
// CHECK-DAG: #[[NVMMA:shared[0-9]*]] = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
// CHECK-DAG: #[[NVMMAT:shared[0-9]*]] = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = true}>
// CHECK-DAG: #[[NVMMA8:shared[0-9]*]] = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 8, rank = 2, transposed = false}>
// CHECK-DAG: #[[NVMMA8T:shared[0-9]*]] = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 8, rank = 2, transposed = true}>
// CHECK-DAG: #[[NVMMA32:shared[0-9]*]] = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = false}>
// CHECK-DAG: #[[NVMMA32T:shared[0-9]*]] = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = true}>
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#nvmmaT = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = true}>
#nvmma8 = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 8, rank = 2, transposed = false}>
#nvmma8T = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 8, rank = 2, transposed = true}>
#nvmma32 = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = false}>
#nvmma32T = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = true}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#acc8 = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#acc32 = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#dot = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 2}>
#dot8 = #gluon.dot_op<{opIdx = 0, parent = #acc8, kWidth = 4}>
#dot32 = #gluon.dot_op<{opIdx = 0, parent = #acc32, kWidth = 1}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // The sample's K loop body: buffer i of the A and B rings, an MMA, a
  // wait that keeps one in flight and hands back the buffers, then an MMA
  // on what the wait returned.
  // CHECK-LABEL: func.func @ring
  // CHECK-SAME: (%[[ACC0:.*]]: tensor<128x128xf32, #[[ACC]]>, %[[I:.*]]: i32, %[[USE:.*]]: i1) -> tensor<128x128xf32, #[[ACC]]>
  func.func @ring(%acc: tensor<128x128xf32, #acc>, %i: i32, %use: i1) -> tensor<128x128xf32, #acc> {
    %a_ring = gluon.local_alloc -> !gluon.memdesc<3x128x64xf16, #nvmma>
    %b_ring = gluon.local_alloc -> !gluon.memdesc<3x64x128xf16, #nvmma>
    // CHECK: %[[A:.*]] = gluon.memdesc_index %{{.*}}[%[[I]]] : !gluon.memdesc<3x128x64xf16, #[[NVMMA]]> -> !gluon.memdesc<128x64xf16, #[[NVMMA]]>
    // CHECK: %[[B:.*]] = gluon.memdesc_index %{{.*}}[%[[I]]] : !gluon.memdesc<3x64x128xf16, #[[NVMMA]]> -> !gluon.memdesc<64x128xf16, #[[NVMMA]]>
    %a = gluon.memdesc_index %a_ring[%i] : !gluon.memdesc<3x128x64xf16, #nvmma> -> !gluon.memdesc<128x64xf16, #nvmma>
    %b = gluon.memdesc_index %b_ring[%i] : !gluon.memdesc<3x64x128xf16, #nvmma> -> !gluon.memdesc<64x128xf16, #nvmma>
    // CHECK: %[[R:.*]] = gluon.warpgroup_mma %[[A]], %[[B]], %[[ACC0]], %[[USE]] : !gluon.memdesc<128x64xf16, #[[NVMMA]]>, !gluon.memdesc<64x128xf16, #[[NVMMA]]> -> tensor<128x128xf32, #[[ACC]]>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<64x128xf16, #nvmma> -> tensor<128x128xf32, #acc>
    // CHECK: %[[W:.*]]:3 = gluon.warpgroup_mma_wait 1, %[[R]], %[[A]], %[[B]] : tensor<128x128xf32, #[[ACC]]>, !gluon.memdesc<128x64xf16, #[[NVMMA]]>, !gluon.memdesc<64x128xf16, #[[NVMMA]]>{{$}}
    %w:3 = gluon.warpgroup_mma_wait 1, %r, %a, %b : tensor<128x128xf32, #acc>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<64x128xf16, #nvmma>
    // CHECK: %[[R2:.*]] = gluon.warpgroup_mma %[[W]]#1, %[[W]]#2, %[[W]]#0, %[[USE]] : !gluon.memdesc<128x64xf16, #[[NVMMA]]>, !gluon.memdesc<64x128xf16, #[[NVMMA]]> -> tensor<128x128xf32, #[[ACC]]>
    %r2 = gluon.warpgroup_mma %w#1, %w#2, %w#0, %use : !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<64x128xf16, #nvmma> -> tensor<128x128xf32, #acc>
    // CHECK: %[[D:.*]] = gluon.warpgroup_mma_wait 0, %[[R2]] : tensor<128x128xf32, #[[ACC]]>{{$}}
    %d = gluon.warpgroup_mma_wait 0, %r2 : tensor<128x128xf32, #acc>
    // CHECK: gluon.warpgroup_mma_wait 0{{$}}
    gluon.warpgroup_mma_wait 0
    // CHECK: gluon.warpgroup_mma_wait 7{{$}}
    gluon.warpgroup_mma_wait 7
    // CHECK: return %[[D]] : tensor<128x128xf32, #[[ACC]]>
    return %d : tensor<128x128xf32, #acc>
  }

  // bf16 with B K-major (the permuted view of an [N, K] buffer) and with
  // A M-major (the permuted view of a [K, M] buffer).
  // CHECK-LABEL: func.func @transposed
  func.func @transposed(%acc: tensor<64x128xf32, #acc>, %use: i1) {
    %a = gluon.local_alloc -> !gluon.memdesc<64x64xbf16, #nvmma>
    %at = gluon.local_alloc -> !gluon.memdesc<64x64xbf16, #nvmma>
    %bt = gluon.local_alloc -> !gluon.memdesc<128x64xbf16, #nvmma>
    // CHECK: %[[AM:.*]] = gluon.memdesc_permute %{{.*}} {order = array<i32: 1, 0>} : !gluon.memdesc<64x64xbf16, #[[NVMMA]]> -> !gluon.memdesc<64x64xbf16, #[[NVMMAT]]>
    // CHECK: %[[BK:.*]] = gluon.memdesc_permute %{{.*}} {order = array<i32: 1, 0>} : !gluon.memdesc<128x64xbf16, #[[NVMMA]]> -> !gluon.memdesc<64x128xbf16, #[[NVMMAT]]>
    %am = gluon.memdesc_permute %at {order = array<i32: 1, 0>} : !gluon.memdesc<64x64xbf16, #nvmma> -> !gluon.memdesc<64x64xbf16, #nvmmaT>
    %bk = gluon.memdesc_permute %bt {order = array<i32: 1, 0>} : !gluon.memdesc<128x64xbf16, #nvmma> -> !gluon.memdesc<64x128xbf16, #nvmmaT>
    // CHECK: gluon.warpgroup_mma %{{.*}}, %[[BK]], %{{.*}}, %{{.*}} : !gluon.memdesc<64x64xbf16, #[[NVMMA]]>, !gluon.memdesc<64x128xbf16, #[[NVMMAT]]> -> tensor<64x128xf32, #[[ACC]]>
    %r = gluon.warpgroup_mma %a, %bk, %acc, %use : !gluon.memdesc<64x64xbf16, #nvmma>, !gluon.memdesc<64x128xbf16, #nvmmaT> -> tensor<64x128xf32, #acc>
    // CHECK: gluon.warpgroup_mma %[[AM]], %[[BK]], %{{.*}}, %{{.*}} : !gluon.memdesc<64x64xbf16, #[[NVMMAT]]>, !gluon.memdesc<64x128xbf16, #[[NVMMAT]]> -> tensor<64x128xf32, #[[ACC]]>
    %r2 = gluon.warpgroup_mma %am, %bk, %r, %use : !gluon.memdesc<64x64xbf16, #nvmmaT>, !gluon.memdesc<64x128xbf16, #nvmmaT> -> tensor<64x128xf32, #acc>
    return
  }

  // 8-bit operands (k = 32) and fp32 operands (tf32, k = 8): both K-major.
  // CHECK-LABEL: func.func @narrow_and_wide
  func.func @narrow_and_wide(%acc8: tensor<64x64xf32, #acc8>, %acc32: tensor<64x64xf32, #acc32>, %use: i1) {
    %a8 = gluon.local_alloc -> !gluon.memdesc<64x128xf8E4M3FN, #nvmma8>
    %b8t = gluon.local_alloc -> !gluon.memdesc<64x128xf8E4M3FN, #nvmma8>
    %b8 = gluon.memdesc_permute %b8t {order = array<i32: 1, 0>} : !gluon.memdesc<64x128xf8E4M3FN, #nvmma8> -> !gluon.memdesc<128x64xf8E4M3FN, #nvmma8T>
    // CHECK: gluon.warpgroup_mma {{.*}} : !gluon.memdesc<64x128xf8E4M3FN, #[[NVMMA8]]>, !gluon.memdesc<128x64xf8E4M3FN, #[[NVMMA8T]]> -> tensor<64x64xf32, #[[ACC8]]>
    %r8 = gluon.warpgroup_mma %a8, %b8, %acc8, %use : !gluon.memdesc<64x128xf8E4M3FN, #nvmma8>, !gluon.memdesc<128x64xf8E4M3FN, #nvmma8T> -> tensor<64x64xf32, #acc8>
    %a5 = gluon.local_alloc -> !gluon.memdesc<64x128xf8E5M2, #nvmma8>
    %b5t = gluon.local_alloc -> !gluon.memdesc<64x128xf8E5M2, #nvmma8>
    %b5 = gluon.memdesc_permute %b5t {order = array<i32: 1, 0>} : !gluon.memdesc<64x128xf8E5M2, #nvmma8> -> !gluon.memdesc<128x64xf8E5M2, #nvmma8T>
    // CHECK: gluon.warpgroup_mma {{.*}} : !gluon.memdesc<64x128xf8E5M2, #[[NVMMA8]]>, !gluon.memdesc<128x64xf8E5M2, #[[NVMMA8T]]> -> tensor<64x64xf32, #[[ACC8]]>
    %r5 = gluon.warpgroup_mma %a5, %b5, %r8, %use : !gluon.memdesc<64x128xf8E5M2, #nvmma8>, !gluon.memdesc<128x64xf8E5M2, #nvmma8T> -> tensor<64x64xf32, #acc8>
    %a32 = gluon.local_alloc -> !gluon.memdesc<64x32xf32, #nvmma32>
    %b32t = gluon.local_alloc -> !gluon.memdesc<64x32xf32, #nvmma32>
    %b32 = gluon.memdesc_permute %b32t {order = array<i32: 1, 0>} : !gluon.memdesc<64x32xf32, #nvmma32> -> !gluon.memdesc<32x64xf32, #nvmma32T>
    // CHECK: gluon.warpgroup_mma {{.*}} : !gluon.memdesc<64x32xf32, #[[NVMMA32]]>, !gluon.memdesc<32x64xf32, #[[NVMMA32T]]> -> tensor<64x64xf32, #[[ACC32]]>
    %r32 = gluon.warpgroup_mma %a32, %b32, %acc32, %use : !gluon.memdesc<64x32xf32, #nvmma32>, !gluon.memdesc<32x64xf32, #nvmma32T> -> tensor<64x64xf32, #acc32>
    // CHECK: gluon.warpgroup_mma_wait 0, %{{.*}}, %{{.*}} : tensor<64x64xf32, #[[ACC8]]>, tensor<64x64xf32, #[[ACC32]]>{{$}}
    %w:2 = gluon.warpgroup_mma_wait 0, %r5, %r32 : tensor<64x64xf32, #acc8>, tensor<64x64xf32, #acc32>
    return
  }

  // `a` in registers: a tensor in the accumulator's dot operand layout
  // (one argument, one local_load of an NVMMA buffer), B in shared memory.
  // CHECK-LABEL: func.func @a_in_registers
  // CHECK-SAME: (%[[ACC0:.*]]: tensor<64x128xf32, #[[ACC]]>, %[[A:.*]]: tensor<64x64xf16, #[[DOT]]>, %[[USE:.*]]: i1) -> tensor<64x128xf32, #[[ACC]]>
  func.func @a_in_registers(%acc: tensor<64x128xf32, #acc>, %a: tensor<64x64xf16, #dot>, %use: i1) -> tensor<64x128xf32, #acc> {
    %as = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %b = gluon.local_alloc -> !gluon.memdesc<64x128xf16, #nvmma>
    // CHECK: %[[LOADED:.*]] = gluon.local_load %{{.*}} : !gluon.memdesc<64x64xf16, #[[NVMMA]]> -> tensor<64x64xf16, #[[DOT]]>
    %loaded = gluon.local_load %as : !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf16, #dot>
    // CHECK: %[[R:.*]] = gluon.warpgroup_mma %[[A]], %[[B:.*]], %[[ACC0]], %[[USE]] : tensor<64x64xf16, #[[DOT]]>, !gluon.memdesc<64x128xf16, #[[NVMMA]]> -> tensor<64x128xf32, #[[ACC]]>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : tensor<64x64xf16, #dot>, !gluon.memdesc<64x128xf16, #nvmma> -> tensor<64x128xf32, #acc>
    // CHECK: %[[R2:.*]] = gluon.warpgroup_mma %[[LOADED]], %[[B]], %[[R]], %[[USE]] : tensor<64x64xf16, #[[DOT]]>, !gluon.memdesc<64x128xf16, #[[NVMMA]]> -> tensor<64x128xf32, #[[ACC]]>
    %r2 = gluon.warpgroup_mma %loaded, %b, %r, %use : tensor<64x64xf16, #dot>, !gluon.memdesc<64x128xf16, #nvmma> -> tensor<64x128xf32, #acc>
    // CHECK: %[[W:.*]]:2 = gluon.warpgroup_mma_wait 0, %[[R2]], %[[B]] : tensor<64x128xf32, #[[ACC]]>, !gluon.memdesc<64x128xf16, #[[NVMMA]]>{{$}}
    %w:2 = gluon.warpgroup_mma_wait 0, %r2, %b : tensor<64x128xf32, #acc>, !gluon.memdesc<64x128xf16, #nvmma>
    // CHECK: return %[[W]]#0 : tensor<64x128xf32, #[[ACC]]>
    return %w#0 : tensor<64x128xf32, #acc>
  }

  // fp8 (4 elements per 32-bit register) and tf32 (1) in registers.
  // CHECK-LABEL: func.func @a_in_registers_narrow_and_wide
  func.func @a_in_registers_narrow_and_wide(%acc8: tensor<64x64xf32, #acc8>, %a8: tensor<64x128xf8E5M2, #dot8>, %acc32: tensor<64x64xf32, #acc32>, %a32: tensor<64x32xf32, #dot32>, %use: i1) {
    %b8t = gluon.local_alloc -> !gluon.memdesc<64x128xf8E5M2, #nvmma8>
    %b8 = gluon.memdesc_permute %b8t {order = array<i32: 1, 0>} : !gluon.memdesc<64x128xf8E5M2, #nvmma8> -> !gluon.memdesc<128x64xf8E5M2, #nvmma8T>
    // CHECK: gluon.warpgroup_mma {{.*}} : tensor<64x128xf8E5M2, #[[DOT8]]>, !gluon.memdesc<128x64xf8E5M2, #[[NVMMA8T]]> -> tensor<64x64xf32, #[[ACC8]]>
    %r8 = gluon.warpgroup_mma %a8, %b8, %acc8, %use : tensor<64x128xf8E5M2, #dot8>, !gluon.memdesc<128x64xf8E5M2, #nvmma8T> -> tensor<64x64xf32, #acc8>
    %b32t = gluon.local_alloc -> !gluon.memdesc<64x32xf32, #nvmma32>
    %b32 = gluon.memdesc_permute %b32t {order = array<i32: 1, 0>} : !gluon.memdesc<64x32xf32, #nvmma32> -> !gluon.memdesc<32x64xf32, #nvmma32T>
    // CHECK: gluon.warpgroup_mma {{.*}} : tensor<64x32xf32, #[[DOT32]]>, !gluon.memdesc<32x64xf32, #[[NVMMA32T]]> -> tensor<64x64xf32, #[[ACC32]]>
    %r32 = gluon.warpgroup_mma %a32, %b32, %acc32, %use : tensor<64x32xf32, #dot32>, !gluon.memdesc<32x64xf32, #nvmma32T> -> tensor<64x64xf32, #acc32>
    return
  }
}
