// Tensor descriptors, TMA copies and mbarriers (Hopper) print and parse back
// unchanged: the !gluon.tensordesc type of a kernel parameter, the mbarrier
// ops on one i64 of shared memory (a whole [1] allocation or buffer i of an
// [N, 1] one), the copies in both directions at run-time coordinates, the
// fences and the wait for stores.
// RUN: %gluonc-opt %s | %gluonc-opt | FileCheck %s

// CHECK-DAG: #[[NVMMA:shared[0-9]*]] = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
// CHECK-DAG: #[[NVMMA3:shared[0-9]*]] = #gluon.nvmma_shared<{swizzlingByteWidth = 64, elementBitWidth = 32, rank = 3, transposed = false}>
// CHECK-DAG: #[[BAR:shared[0-9]*]] = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#nvmma3 = #gluon.nvmma_shared<{swizzlingByteWidth = 64, elementBitWidth = 32, rank = 3, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // The parameter: the map, then Triton's shape (i32) and strides (i64).
  // CHECK-LABEL: func.func @copy
  // CHECK-SAME: (%[[DESC:.*]]: !gluon.tensordesc<128x64xf16, #[[NVMMA]]>, %[[M:.*]]: i32, %{{.*}}: i32, %{{.*}}: i64, %{{.*}}: i64)
  func.func @copy(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %m: i32, %n: i32, %sm: i64, %sn: i64) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    // CHECK: %[[SMEM:.*]] = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #[[NVMMA]]>
    %smem = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    // CHECK: %[[B:.*]] = gluon.local_alloc -> !gluon.memdesc<1xi64, #[[BAR]]>
    %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.init_barrier %[[B]], 1 : !gluon.memdesc<1xi64, #[[BAR]]>
    gluon.init_barrier %bar, 1 : !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.barrier_expect %[[B]], 16384, %{{.*}} : !gluon.memdesc<1xi64, #[[BAR]]>
    gluon.barrier_expect %bar, 16384, %true : !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.async_tma_load %[[DESC]][%[[M]], %{{.*}}], %[[SMEM]], %[[B]], %{{.*}} : !gluon.tensordesc<128x64xf16, #[[NVMMA]]>, !gluon.memdesc<128x64xf16, #[[NVMMA]]>, !gluon.memdesc<1xi64, #[[BAR]]>
    gluon.async_tma_load %desc[%m, %c0], %smem, %bar, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.wait_barrier %[[B]], %{{.*}}, %{{.*}} : !gluon.memdesc<1xi64, #[[BAR]]>
    gluon.wait_barrier %bar, %c0, %true : !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.arrive_barrier %[[B]], 1, %{{.*}} : !gluon.memdesc<1xi64, #[[BAR]]>
    gluon.arrive_barrier %bar, 1, %true : !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.arrive_barrier %[[B]], 3, %{{.*}} : !gluon.memdesc<1xi64, #[[BAR]]>
    gluon.arrive_barrier %bar, 3, %true : !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.async_copy_mbarrier_arrive %[[B]] : !gluon.memdesc<1xi64, #[[BAR]]>
    gluon.async_copy_mbarrier_arrive %bar : !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.async_copy_mbarrier_arrive %[[B]] no_increment : !gluon.memdesc<1xi64, #[[BAR]]>
    gluon.async_copy_mbarrier_arrive %bar no_increment : !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.inval_barrier %[[B]] : !gluon.memdesc<1xi64, #[[BAR]]>
    gluon.inval_barrier %bar : !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.fence_async_shared{{$}}
    gluon.fence_async_shared
    // CHECK: gluon.fence_async_shared cluster{{$}}
    gluon.fence_async_shared cluster
    // CHECK: gluon.async_tma_store %[[DESC]][%{{.*}}, %[[M]]], %[[SMEM]] : !gluon.tensordesc<128x64xf16, #[[NVMMA]]>, !gluon.memdesc<128x64xf16, #[[NVMMA]]>
    gluon.async_tma_store %desc[%c0, %m], %smem : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>
    // CHECK: gluon.tma_store_wait 0{{$}}
    gluon.tma_store_wait 0
    // CHECK: gluon.tma_store_wait 3{{$}}
    gluon.tma_store_wait 3
    return
  }

  // A ring of buffers and of mbarriers: buffer i of an [N, ...] allocation
  // is a whole block, mbarrier i of an [N, 1] allocation one mbarrier.
  // CHECK-LABEL: func.func @ring
  func.func @ring(%desc: !gluon.tensordesc<2x8x16xf32, #nvmma3>, %d0: i32, %d1: i32, %d2: i32, %s0: i64, %s1: i64, %s2: i64, %i: i32, %pred: i1) {
    // CHECK: %[[RING:.*]] = gluon.local_alloc -> !gluon.memdesc<3x2x8x16xf32, #[[NVMMA3]]>
    %ring = gluon.local_alloc -> !gluon.memdesc<3x2x8x16xf32, #nvmma3>
    %bars = gluon.local_alloc -> !gluon.memdesc<3x1xi64, #bar>
    // CHECK: %[[BUF:.*]] = gluon.memdesc_index %[[RING]][%{{.*}}] : !gluon.memdesc<3x2x8x16xf32, #[[NVMMA3]]> -> !gluon.memdesc<2x8x16xf32, #[[NVMMA3]]>
    %buf = gluon.memdesc_index %ring[%i] : !gluon.memdesc<3x2x8x16xf32, #nvmma3> -> !gluon.memdesc<2x8x16xf32, #nvmma3>
    // CHECK: %[[BI:.*]] = gluon.memdesc_index %{{.*}}[%{{.*}}] : !gluon.memdesc<3x1xi64, #{{.*}}> -> !gluon.memdesc<1xi64, #[[BAR]]>
    %bi = gluon.memdesc_index %bars[%i] : !gluon.memdesc<3x1xi64, #bar> -> !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.init_barrier %[[BI]], 2 : !gluon.memdesc<1xi64, #[[BAR]]>
    gluon.init_barrier %bi, 2 : !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.async_tma_load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %[[BUF]], %[[BI]], %{{.*}} : !gluon.tensordesc<2x8x16xf32, #[[NVMMA3]]>, !gluon.memdesc<2x8x16xf32, #[[NVMMA3]]>, !gluon.memdesc<1xi64, #[[BAR]]>
    gluon.async_tma_load %desc[%i, %d0, %d1], %buf, %bi, %pred : !gluon.tensordesc<2x8x16xf32, #nvmma3>, !gluon.memdesc<2x8x16xf32, #nvmma3>, !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.wait_barrier %[[BI]], %{{.*}}, %{{.*}} : !gluon.memdesc<1xi64, #[[BAR]]>
    gluon.wait_barrier %bi, %i, %pred : !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.async_tma_store %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %[[BUF]] : !gluon.tensordesc<2x8x16xf32, #[[NVMMA3]]>, !gluon.memdesc<2x8x16xf32, #[[NVMMA3]]>
    gluon.async_tma_store %desc[%d0, %d1, %d2], %buf : !gluon.tensordesc<2x8x16xf32, #nvmma3>, !gluon.memdesc<2x8x16xf32, #nvmma3>
    return
  }

  // A TMA copy into a slice of a larger allocation laid out alike.
  // CHECK-LABEL: func.func @slice
  func.func @slice(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %m: i32, %n: i32, %sm: i64, %sn: i64) {
    %a = gluon.local_alloc -> !gluon.memdesc<256x128xf16, #nvmma>
    %h = gluon.memdesc_subslice %a [128, 64] : !gluon.memdesc<256x128xf16, #nvmma> -> !gluon.memdesc<128x64xf16, #nvmma, 256x128>
    // CHECK: gluon.async_tma_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !gluon.tensordesc<128x64xf16, #[[NVMMA]]>, !gluon.memdesc<128x64xf16, #[[NVMMA]], 256x128>
    gluon.async_tma_store %desc[%m, %n], %h : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma, 256x128>
    return
  }
}
