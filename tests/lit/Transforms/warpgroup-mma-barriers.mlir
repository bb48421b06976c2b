// The barrier pass with warpgroup MMAs (src/Transforms/Membar.cpp): a
// gluon.warpgroup_mma reads its shared-memory operands. A later write of
// one of them (the next TMA load into a buffer of the ring, the threads'
// own store) waits for a barrier after the kernel's warpgroup_mma_wait, so
// that every warpgroup's MMA has read it; an MMA reading what a TMA load
// wrote sees it through the mbarrier's wait, no barrier; an MMA reading
// what the threads stored (and fenced) needs a barrier before it; reads
// after reads need none. One kernel per module: allocations of a module
// share one shared memory area.
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory --gluon-insert-barriers | FileCheck %s

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // Write after read: the TMA load into A after the MMA that read it.
  // CHECK-LABEL: func.func @mma_then_load
  func.func @mma_then_load(%desc: !gluon.tensordesc<64x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %acc: tensor<64x64xf32, #acc>, %use: i1) -> tensor<64x64xf32, #acc> {
    %true = arith.constant true
    %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.warpgroup_mma
    // CHECK-NEXT: gluon.warpgroup_mma_wait 0
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.async_tma_load
    // CHECK-NEXT: return
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
    %w = gluon.warpgroup_mma_wait 0, %r : tensor<64x64xf32, #acc>
    gluon.async_tma_load %desc[%d0, %d1], %a, %bar, %true : !gluon.tensordesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    return %w : tensor<64x64xf32, #acc>
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // B too is read: a load into B after the MMA waits for a barrier.
  // CHECK-LABEL: func.func @mma_then_load_b
  func.func @mma_then_load_b(%desc: !gluon.tensordesc<64x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %acc: tensor<64x64xf32, #acc>, %use: i1) -> tensor<64x64xf32, #acc> {
    %true = arith.constant true
    %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.warpgroup_mma_wait 0
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.async_tma_load
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
    %w = gluon.warpgroup_mma_wait 0, %r : tensor<64x64xf32, #acc>
    gluon.async_tma_load %desc[%d0, %d1], %b, %bar, %true : !gluon.tensordesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    return %w : tensor<64x64xf32, #acc>
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // Read after a TMA load: the mbarrier's wait makes the bytes visible to
  // the MMA, no barrier. Another MMA of the same buffers (read after read)
  // needs none either.
  // CHECK-LABEL: func.func @load_then_mma
  func.func @load_then_mma(%desc: !gluon.tensordesc<64x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %acc: tensor<64x64xf32, #acc>, %use: i1) -> tensor<64x64xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.init_barrier
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.barrier_expect
    // CHECK-NEXT: gluon.async_tma_load
    // CHECK-NEXT: gluon.async_tma_load
    // CHECK-NEXT: gluon.wait_barrier
    // CHECK-NEXT: gluon.warpgroup_mma
    // CHECK-NEXT: gluon.warpgroup_mma_wait 1
    // CHECK-NEXT: gluon.warpgroup_mma
    // CHECK-NEXT: gluon.warpgroup_mma_wait 0
    // CHECK-NEXT: return
    gluon.init_barrier %bar, 1 : !gluon.memdesc<1xi64, #bar>
    gluon.barrier_expect %bar, 16384, %true : !gluon.memdesc<1xi64, #bar>
    gluon.async_tma_load %desc[%d0, %d1], %a, %bar, %true : !gluon.tensordesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    gluon.async_tma_load %desc[%d1, %d0], %b, %bar, %true : !gluon.tensordesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    gluon.wait_barrier %bar, %c0, %true : !gluon.memdesc<1xi64, #bar>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
    %w = gluon.warpgroup_mma_wait 1, %r : tensor<64x64xf32, #acc>
    %r2 = gluon.warpgroup_mma %a, %b, %w, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
    %w2 = gluon.warpgroup_mma_wait 0, %r2 : tensor<64x64xf32, #acc>
    return %w2 : tensor<64x64xf32, #acc>
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // Read after write: the threads store A and fence, and a barrier orders
  // all their stores before the MMA. Storing A again waits for the MMA's
  // read (after its wait); loading it in the threads does not.
  // CHECK-LABEL: func.func @store_then_mma
  func.func @store_then_mma(%x: tensor<64x64xf16, #rows>, %acc: tensor<64x64xf32, #acc>, %use: i1) -> tensor<64x64xf16, #rows> {
    %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    // CHECK: gluon.local_store
    // CHECK-NEXT: gluon.fence_async_shared
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.warpgroup_mma
    // CHECK-NEXT: gluon.warpgroup_mma_wait 0
    // CHECK-NEXT: gluon.local_load
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.local_store
    // CHECK-NEXT: return
    gluon.local_store %x, %a : tensor<64x64xf16, #rows> -> !gluon.memdesc<64x64xf16, #nvmma>
    gluon.fence_async_shared
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
    %w:2 = gluon.warpgroup_mma_wait 0, %r, %a : tensor<64x64xf32, #acc>, !gluon.memdesc<64x64xf16, #nvmma>
    %y = gluon.local_load %w#1 : !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf16, #rows>
    gluon.local_store %x, %w#1 : tensor<64x64xf16, #rows> -> !gluon.memdesc<64x64xf16, #nvmma>
    return %y : tensor<64x64xf16, #rows>
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // The MMA reads B through a permuted view of the stored buffer: the same
  // bytes, the same barrier.
  // CHECK-LABEL: func.func @store_then_mma_permuted
  func.func @store_then_mma_permuted(%x: tensor<64x64xf16, #rows>, %acc: tensor<64x64xf32, #acc>, %use: i1) -> tensor<64x64xf32, #acc> {
    %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %bt = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    // CHECK: gluon.local_store
    // CHECK-NEXT: gluon.fence_async_shared
    // CHECK-NEXT: gluon.memdesc_permute
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.warpgroup_mma
    gluon.local_store %x, %bt : tensor<64x64xf16, #rows> -> !gluon.memdesc<64x64xf16, #nvmma>
    gluon.fence_async_shared
    %b = gluon.memdesc_permute %bt {order = array<i32: 1, 0>} : !gluon.memdesc<64x64xf16, #nvmma> -> !gluon.memdesc<64x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = true}>>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = true}>> -> tensor<64x64xf32, #acc>
    %w = gluon.warpgroup_mma_wait 0, %r : tensor<64x64xf32, #acc>
    return %w : tensor<64x64xf32, #acc>
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // A double-buffered ring at constant indices: loading buffer 1 while
  // the MMA reads buffer 0 races with nothing; reloading buffer 0 after
  // the MMA read it needs a barrier.
  // CHECK-LABEL: func.func @ring
  func.func @ring(%desc: !gluon.tensordesc<64x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %acc: tensor<64x64xf32, #acc>, %use: i1) -> tensor<64x64xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %ring = gluon.local_alloc -> !gluon.memdesc<2x64x64xf16, #nvmma>
    %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %bars = gluon.local_alloc -> !gluon.memdesc<2x1xi64, #bar>
    %buf0 = gluon.memdesc_index %ring[%c0] : !gluon.memdesc<2x64x64xf16, #nvmma> -> !gluon.memdesc<64x64xf16, #nvmma>
    %buf1 = gluon.memdesc_index %ring[%c1] : !gluon.memdesc<2x64x64xf16, #nvmma> -> !gluon.memdesc<64x64xf16, #nvmma>
    %bar0 = gluon.memdesc_index %bars[%c0] : !gluon.memdesc<2x1xi64, #bar> -> !gluon.memdesc<1xi64, #bar>
    %bar1 = gluon.memdesc_index %bars[%c1] : !gluon.memdesc<2x1xi64, #bar> -> !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.wait_barrier %[[BAR0:[^,]*]],
    // CHECK-NEXT: gluon.warpgroup_mma %[[BUF0:[^,]*]],
    // CHECK-NEXT: gluon.async_tma_load %{{[^]]*}}], %[[BUF1:[^,]*]], %[[BAR1:[^,]*]],
    // CHECK-NEXT: gluon.warpgroup_mma_wait 0
    // CHECK-NEXT: gluon.wait_barrier %[[BAR1]],
    // CHECK-NEXT: gluon.warpgroup_mma %[[BUF1]],
    // CHECK-NEXT: gluon.warpgroup_mma_wait 1
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.async_tma_load %{{[^]]*}}], %[[BUF0]], %[[BAR0]],
    // CHECK-NEXT: gluon.warpgroup_mma_wait 0
    // CHECK-NEXT: return
    gluon.init_barrier %bar0, 1 : !gluon.memdesc<1xi64, #bar>
    gluon.init_barrier %bar1, 1 : !gluon.memdesc<1xi64, #bar>
    gluon.async_tma_load %desc[%d0, %d1], %buf0, %bar0, %true : !gluon.tensordesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    gluon.wait_barrier %bar0, %c0, %true : !gluon.memdesc<1xi64, #bar>
    %r0 = gluon.warpgroup_mma %buf0, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
    gluon.async_tma_load %desc[%d0, %d1], %buf1, %bar1, %true : !gluon.tensordesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    %w0 = gluon.warpgroup_mma_wait 0, %r0 : tensor<64x64xf32, #acc>
    gluon.wait_barrier %bar1, %c0, %true : !gluon.memdesc<1xi64, #bar>
    %r1 = gluon.warpgroup_mma %buf1, %b, %w0, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
    %w1 = gluon.warpgroup_mma_wait 1, %r1 : tensor<64x64xf32, #acc>
    gluon.async_tma_load %desc[%d0, %d1], %buf0, %bar0, %true : !gluon.tensordesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    %w2 = gluon.warpgroup_mma_wait 0, %w1 : tensor<64x64xf32, #acc>
    return %w2 : tensor<64x64xf32, #acc>
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // The sample's K loop over a ring at run-time indices: the load of
  // iteration i goes into the buffer MMA i - 1 read, so the barrier is in
  // the loop, after the wait that retires MMA i - 1 and before the load;
  // the MMA after the mbarrier wait needs none.
  // CHECK-LABEL: func.func @pipeline
  func.func @pipeline(%desc: !gluon.tensordesc<64x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %n: i32, %acc0: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %true = arith.constant true
    %a_ring = gluon.local_alloc -> !gluon.memdesc<3x64x64xf16, #nvmma>
    %b_ring = gluon.local_alloc -> !gluon.memdesc<3x64x64xf16, #nvmma>
    %bars = gluon.local_alloc -> !gluon.memdesc<3x1xi64, #bar>
    // CHECK: scf.for
    // CHECK: gluon.wait_barrier
    // CHECK-NOT: gluon.barrier
    // CHECK: gluon.warpgroup_mma %
    // CHECK-NEXT: gluon.warpgroup_mma_wait 1
    // CHECK-NOT: gluon.async_tma_load
    // CHECK: gluon.barrier_expect
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.async_tma_load
    // CHECK-NEXT: gluon.async_tma_load
    // CHECK-NEXT: scf.yield
    // CHECK-NEXT: }
    // CHECK-NEXT: gluon.warpgroup_mma_wait 0
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #acc>) : i32 {
      %slot = arith.remui %i, %c3 : i32
      %round = arith.divui %i, %c3 : i32
      %phase = arith.andi %round, %c1 : i32
      %bar = gluon.memdesc_index %bars[%slot] : !gluon.memdesc<3x1xi64, #bar> -> !gluon.memdesc<1xi64, #bar>
      %a = gluon.memdesc_index %a_ring[%slot] : !gluon.memdesc<3x64x64xf16, #nvmma> -> !gluon.memdesc<64x64xf16, #nvmma>
      %b = gluon.memdesc_index %b_ring[%slot] : !gluon.memdesc<3x64x64xf16, #nvmma> -> !gluon.memdesc<64x64xf16, #nvmma>
      gluon.wait_barrier %bar, %phase, %true : !gluon.memdesc<1xi64, #bar>
      %m = gluon.warpgroup_mma %a, %b, %acc, %true : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
      %w = gluon.warpgroup_mma_wait 1, %m : tensor<64x64xf32, #acc>
      %next = arith.addi %i, %c2 : i32
      %nslot = arith.remui %next, %c3 : i32
      %nbar = gluon.memdesc_index %bars[%nslot] : !gluon.memdesc<3x1xi64, #bar> -> !gluon.memdesc<1xi64, #bar>
      %na = gluon.memdesc_index %a_ring[%nslot] : !gluon.memdesc<3x64x64xf16, #nvmma> -> !gluon.memdesc<64x64xf16, #nvmma>
      %nb = gluon.memdesc_index %b_ring[%nslot] : !gluon.memdesc<3x64x64xf16, #nvmma> -> !gluon.memdesc<64x64xf16, #nvmma>
      gluon.barrier_expect %nbar, 16384, %true : !gluon.memdesc<1xi64, #bar>
      gluon.async_tma_load %desc[%d0, %next], %na, %nbar, %true : !gluon.tensordesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
      gluon.async_tma_load %desc[%next, %d1], %nb, %nbar, %true : !gluon.tensordesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
      scf.yield %w : tensor<64x64xf32, #acc>
    }
    %d = gluon.warpgroup_mma_wait 0, %r : tensor<64x64xf32, #acc>
    return %d : tensor<64x64xf32, #acc>
  }
}
