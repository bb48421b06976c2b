// The barrier pass inside gluon.warp_specialize partitions
// (src/Transforms/Membar.cpp): a partition sees its buffers through block
// arguments, which the pass follows to the captured allocations, so that
//  - a partition's TMA loads into a ring, after waits on the ring's
//    mbarriers, need no barrier (the ring and the mbarriers are different
//    allocations);
//  - a partition's reads of a slot finish before its one arriving thread
//    releases the slot: a barrier before the arrive, also when the read is
//    the only data access since the wait (a data read and an mbarrier read
//    of the same buffer are two accesses, not one).
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory --gluon-insert-barriers | FileCheck %s

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#flat = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#one_warp = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @producer_and_reader
  func.func @producer_and_reader(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %k: i32, %phase: i32) {
    %true = arith.constant true
    %ring = gluon.local_alloc -> !gluon.memdesc<2x128x64xf16, #nvmma>
    %data = gluon.local_alloc -> !gluon.memdesc<2x128xf32, #flat>
    %bars = gluon.local_alloc -> !gluon.memdesc<2x1xi64, #bar>
    // CHECK: gluon.warp_specialize
    gluon.warp_specialize(%desc, %ring, %data, %bars, %k, %phase) attributes {partitionNames = ["producer", "reader"], partitionNumWarps = array<i32: 1, 1>, partitionReplicas = array<i32: 0, 0>, partitionRequestedRegisters = array<i32: 0, 0>} default {
      gluon.warp_yield
    // The producer: wait for a free slot, expect, load; no barrier.
    // CHECK: partition0
    // CHECK-NOT: gluon.barrier
    // CHECK: gluon.wait_barrier
    // CHECK-NEXT: gluon.barrier_expect
    // CHECK-NEXT: gluon.async_tma_load
    // CHECK-NEXT: gluon.wait_barrier
    // CHECK-NEXT: gluon.barrier_expect
    // CHECK-NEXT: gluon.async_tma_load
    // CHECK-NEXT: gluon.warp_return
    } partition0(%d: !gluon.tensordesc<128x64xf16, #nvmma>, %r: !gluon.memdesc<2x128x64xf16, #nvmma>, %x: !gluon.memdesc<2x128xf32, #flat>, %b: !gluon.memdesc<2x1xi64, #bar>, %kk: i32, %ph: i32) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %t = arith.constant true
      %b0 = gluon.memdesc_index %b[%c0] : !gluon.memdesc<2x1xi64, #bar> -> !gluon.memdesc<1xi64, #bar>
      %b1 = gluon.memdesc_index %b[%c1] : !gluon.memdesc<2x1xi64, #bar> -> !gluon.memdesc<1xi64, #bar>
      %s0 = gluon.memdesc_index %r[%c0] : !gluon.memdesc<2x128x64xf16, #nvmma> -> !gluon.memdesc<128x64xf16, #nvmma>
      %s1 = gluon.memdesc_index %r[%c1] : !gluon.memdesc<2x128x64xf16, #nvmma> -> !gluon.memdesc<128x64xf16, #nvmma>
      gluon.wait_barrier %b0, %ph, %t : !gluon.memdesc<1xi64, #bar>
      gluon.barrier_expect %b0, 16384, %t : !gluon.memdesc<1xi64, #bar>
      gluon.async_tma_load %d[%kk, %c0], %s0, %b0, %t : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
      gluon.wait_barrier %b1, %ph, %t : !gluon.memdesc<1xi64, #bar>
      gluon.barrier_expect %b1, 16384, %t : !gluon.memdesc<1xi64, #bar>
      gluon.async_tma_load %d[%kk, %c0], %s1, %b1, %t : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
      gluon.warp_return
    // The reader: wait, read the slot, barrier, arrive.
    // CHECK: partition1
    // CHECK-NOT: gluon.barrier
    // CHECK: gluon.wait_barrier
    // CHECK-NEXT: gluon.local_load
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.arrive_barrier
    // CHECK-NEXT: gluon.warp_return
    } partition1(%d: !gluon.tensordesc<128x64xf16, #nvmma>, %r: !gluon.memdesc<2x128x64xf16, #nvmma>, %x: !gluon.memdesc<2x128xf32, #flat>, %b: !gluon.memdesc<2x1xi64, #bar>, %kk: i32, %ph: i32) {
      %c0 = arith.constant 0 : i32
      %t = arith.constant true
      %b0 = gluon.memdesc_index %b[%c0] : !gluon.memdesc<2x1xi64, #bar> -> !gluon.memdesc<1xi64, #bar>
      %x0 = gluon.memdesc_index %x[%c0] : !gluon.memdesc<2x128xf32, #flat> -> !gluon.memdesc<128xf32, #flat>
      gluon.wait_barrier %b0, %ph, %t : !gluon.memdesc<1xi64, #bar>
      %v = gluon.local_load %x0 : !gluon.memdesc<128xf32, #flat> -> tensor<128xf32, #one_warp>
      gluon.arrive_barrier %b0, 1, %t : !gluon.memdesc<1xi64, #bar>
      gluon.warp_return
    } : (!gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<2x128x64xf16, #nvmma>, !gluon.memdesc<2x128xf32, #flat>, !gluon.memdesc<2x1xi64, #bar>, i32, i32) -> ()
    return
  }
}
