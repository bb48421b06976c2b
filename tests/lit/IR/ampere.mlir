// Ampere's ops (NVIDIA sm_80) print and parse back unchanged:
// gluon.async_copy_global_to_local from a tensor of pointers into a shared
// memory buffer of the pointers' shape and pointee type, with and without a
// mask (booleans in the pointers' shape and layout) and a cache mode,
// gluon.async_commit_group and gluon.async_wait_group; gluon.mma_v2 on
// operands in the dot operand layouts of a version [2, 0]
// #gluon.nvidia_mma accumulator (kWidth 32 / element bits) for every type
// pair mma.sync takes here (f16 into f32 or f16, bf16 into f32, f32 as tf32
// into f32, i8 into i32), its result typed as the accumulator.
// RUN: %gluonc-opt %s | %gluonc-opt | FileCheck %s

// CHECK-DAG: #[[MMA:nvmma[0-9]*]] = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #[[A16:dot_op[0-9]*]] = #gluon.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>
// CHECK-DAG: #[[B16:dot_op[0-9]*]] = #gluon.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>
// CHECK-DAG: #[[A32:dot_op[0-9]*]] = #gluon.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>
// CHECK-DAG: #[[B32:dot_op[0-9]*]] = #gluon.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 1}>
// CHECK-DAG: #[[A8:dot_op[0-9]*]] = #gluon.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>
// CHECK-DAG: #[[B8:dot_op[0-9]*]] = #gluon.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 4}>
#blocked = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#plain = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#mma = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a16 = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b16 = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#a32 = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
#b32 = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>
#a8 = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>
#b8 = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @copies
  // CHECK: gluon.async_copy_global_to_local %{{.*}}, %[[BUF:.*]] : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
  // CHECK-NEXT: gluon.async_copy_global_to_local %{{.*}}, %[[BUF]] mask %{{.*}} {cache = "ca"} : tensor<32x32x!gluon.ptr<f16>, #blocked>, tensor<32x32xi1, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
  // CHECK-NEXT: gluon.async_commit_group
  // CHECK-NEXT: gluon.async_wait_group 0
  func.func @copies(%p: tensor<32x32x!gluon.ptr<f16>, #blocked>, %m: tensor<32x32xi1, #blocked>) {
    %buf = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_copy_global_to_local %p, %buf : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_copy_global_to_local %p, %buf mask %m {cache = "ca"} : tensor<32x32x!gluon.ptr<f16>, #blocked>, tensor<32x32xi1, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_commit_group
    gluon.async_wait_group 0
    return
  }

  // CHECK-LABEL: func.func @mma
  // CHECK: %{{.*}} = gluon.mma_v2 %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32xf16, #[[A16]]>, tensor<32x16xf16, #[[B16]]> -> tensor<32x16xf32, #[[MMA]]>
  // CHECK-NEXT: %{{.*}} = gluon.mma_v2 %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32xf16, #[[A16]]>, tensor<32x16xf16, #[[B16]]> -> tensor<32x16xf16, #[[MMA]]>
  // CHECK-NEXT: %{{.*}} = gluon.mma_v2 %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32xbf16, #[[A16]]>, tensor<32x16xbf16, #[[B16]]> -> tensor<32x16xf32, #[[MMA]]>
  // CHECK-NEXT: %{{.*}} = gluon.mma_v2 %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x8xf32, #[[A32]]>, tensor<8x16xf32, #[[B32]]> -> tensor<32x16xf32, #[[MMA]]>
  // CHECK-NEXT: %{{.*}} = gluon.mma_v2 %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64xi8, #[[A8]]>, tensor<64x16xi8, #[[B8]]> -> tensor<32x16xi32, #[[MMA]]>
  func.func @mma(%a: tensor<32x32xf16, #a16>, %b: tensor<32x16xf16, #b16>,
                 %c: tensor<32x16xf32, #mma>, %h: tensor<32x16xf16, #mma>,
                 %abf: tensor<32x32xbf16, #a16>, %bbf: tensor<32x16xbf16, #b16>,
                 %a32: tensor<32x8xf32, #a32>, %b32: tensor<8x16xf32, #b32>,
                 %a8: tensor<32x64xi8, #a8>, %b8: tensor<64x16xi8, #b8>,
                 %i: tensor<32x16xi32, #mma>) {
    %0 = gluon.mma_v2 %a, %b, %c : tensor<32x32xf16, #a16>, tensor<32x16xf16, #b16> -> tensor<32x16xf32, #mma>
    %1 = gluon.mma_v2 %a, %b, %h : tensor<32x32xf16, #a16>, tensor<32x16xf16, #b16> -> tensor<32x16xf16, #mma>
    %2 = gluon.mma_v2 %abf, %bbf, %0 : tensor<32x32xbf16, #a16>, tensor<32x16xbf16, #b16> -> tensor<32x16xf32, #mma>
    %3 = gluon.mma_v2 %a32, %b32, %2 : tensor<32x8xf32, #a32>, tensor<8x16xf32, #b32> -> tensor<32x16xf32, #mma>
    %4 = gluon.mma_v2 %a8, %b8, %i : tensor<32x64xi8, #a8>, tensor<64x16xi8, #b8> -> tensor<32x16xi32, #mma>
    return
  }

  // Operands come from shared memory through local_load.
  // CHECK-LABEL: func.func @loads
  // CHECK: gluon.local_load %{{.*}} : !gluon.memdesc<32x32xf16, #shared> -> tensor<32x32xf16, #[[A16]]>
  // CHECK: gluon.local_load %{{.*}} : !gluon.memdesc<32x16xf16, #{{.*}}> -> tensor<32x16xf16, #[[B16]]>
  func.func @loads(%c: tensor<32x16xf32, #mma>) -> tensor<32x16xf32, #mma> {
    %sa = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
    %sb = gluon.local_alloc -> !gluon.memdesc<32x16xf16, #plain>
    %a = gluon.local_load %sa : !gluon.memdesc<32x32xf16, #shared> -> tensor<32x32xf16, #a16>
    %b = gluon.local_load %sb : !gluon.memdesc<32x16xf16, #plain> -> tensor<32x16xf16, #b16>
    %r = gluon.mma_v2 %a, %b, %c : tensor<32x32xf16, #a16>, tensor<32x16xf16, #b16> -> tensor<32x16xf32, #mma>
    return %r : tensor<32x16xf32, #mma>
  }
}
