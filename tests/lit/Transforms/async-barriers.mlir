// The barrier pass with TMA copies and mbarriers (src/Transforms/Membar.cpp):
// mbarrier.init and invalidate are thread 0's writes, so every other use of
// the mbarrier comes after a barrier, and so does the invalidate after the
// last wait; arrive, expect and wait need none between them. A TMA load
// writes its buffer: it waits for the threads' earlier reads and writes,
// but what it writes is seen through the mbarrier's wait, not a barrier. A
// TMA store reads its buffer: the threads' writes before it (fenced) and
// their writes after it need a barrier. One kernel per module: allocations
// of a module share one shared memory area.
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory --gluon-insert-barriers | FileCheck %s

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // The sample's copy: load, wait, read the buffer, invalidate.
  // CHECK-LABEL: func.func @load_then_read
  func.func @load_then_read(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64) -> tensor<128x64xf16, #rows> {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %smem = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
    // Thread 0 initializes; the others use the mbarrier after a barrier.
    // CHECK: gluon.init_barrier
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.barrier_expect
    // CHECK-NEXT: gluon.async_tma_load
    // CHECK-NEXT: gluon.wait_barrier
    // The wait makes the load's bytes visible: no barrier before the read.
    // CHECK-NEXT: gluon.local_load
    // Every thread's wait is done before thread 0 invalidates.
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.inval_barrier
    // CHECK-NEXT: return
    gluon.init_barrier %bar, 1 : !gluon.memdesc<1xi64, #bar>
    gluon.barrier_expect %bar, 16384, %true : !gluon.memdesc<1xi64, #bar>
    gluon.async_tma_load %desc[%d0, %d1], %smem, %bar, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    gluon.wait_barrier %bar, %c0, %true : !gluon.memdesc<1xi64, #bar>
    %x = gluon.local_load %smem : !gluon.memdesc<128x64xf16, #nvmma> -> tensor<128x64xf16, #rows>
    gluon.inval_barrier %bar : !gluon.memdesc<1xi64, #bar>
    return %x : tensor<128x64xf16, #rows>
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // Arrivals, expects and waits are atomic updates: no barrier between them.
  // CHECK-LABEL: func.func @arrivals
  func.func @arrivals() {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.init_barrier
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.arrive_barrier
    // CHECK-NEXT: gluon.arrive_barrier
    // CHECK-NEXT: gluon.wait_barrier
    // CHECK-NEXT: gluon.barrier_expect
    // CHECK-NEXT: return
    gluon.init_barrier %bar, 2 : !gluon.memdesc<1xi64, #bar>
    gluon.arrive_barrier %bar, 1, %true : !gluon.memdesc<1xi64, #bar>
    gluon.arrive_barrier %bar, 1, %true : !gluon.memdesc<1xi64, #bar>
    gluon.wait_barrier %bar, %c0, %true : !gluon.memdesc<1xi64, #bar>
    gluon.barrier_expect %bar, 0, %true : !gluon.memdesc<1xi64, #bar>
    return
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // The threads store and fence, and a barrier orders all their stores
  // before the TMA store; writing the buffer again waits for the store's
  // read (after the store_wait).
  // CHECK-LABEL: func.func @store_through_tma
  func.func @store_through_tma(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %x: tensor<128x64xf16, #rows>) {
    %smem = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    // CHECK: gluon.local_store
    // CHECK-NEXT: gluon.fence_async_shared
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.async_tma_store
    // CHECK-NEXT: gluon.tma_store_wait 0
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.local_store
    // CHECK-NEXT: return
    gluon.local_store %x, %smem : tensor<128x64xf16, #rows> -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.fence_async_shared
    gluon.async_tma_store %desc[%d0, %d1], %smem : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>
    gluon.tma_store_wait 0
    gluon.local_store %x, %smem : tensor<128x64xf16, #rows> -> !gluon.memdesc<128x64xf16, #nvmma>
    return
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // An allocation with an initial value is a write too.
  // CHECK-LABEL: func.func @alloc_then_store
  func.func @alloc_then_store(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %x: tensor<128x64xf16, #rows>) {
    // CHECK: gluon.local_alloc %{{.*}} : tensor<128x64xf16, #{{.*}}> {gluon.allocation_offset = 0 : i32}
    // CHECK-NEXT: gluon.fence_async_shared
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.async_tma_store
    %smem = gluon.local_alloc %x : tensor<128x64xf16, #rows> -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.fence_async_shared
    gluon.async_tma_store %desc[%d0, %d1], %smem : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>
    return
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // Write after read: the TMA load may overwrite the buffer while other
  // threads still read it, unless a barrier comes first. TMA stores of the
  // buffer only read it.
  // CHECK-LABEL: func.func @read_then_load
  func.func @read_then_load(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64) -> tensor<128x64xf16, #rows> {
    %true = arith.constant true
    %smem = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.local_load
    // CHECK-NEXT: gluon.async_tma_store
    // CHECK-NEXT: gluon.async_tma_store
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.async_tma_load
    // CHECK-NEXT: return
    %x = gluon.local_load %smem : !gluon.memdesc<128x64xf16, #nvmma> -> tensor<128x64xf16, #rows>
    gluon.async_tma_store %desc[%d0, %d1], %smem : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>
    gluon.async_tma_store %desc[%d1, %d0], %smem : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>
    gluon.async_tma_load %desc[%d0, %d1], %smem, %bar, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    return %x : tensor<128x64xf16, #rows>
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // Write after write: a TMA load into a buffer the threads stored.
  // CHECK-LABEL: func.func @store_then_load
  func.func @store_then_load(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %x: tensor<128x64xf16, #rows>) {
    %true = arith.constant true
    %smem = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.local_store
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.async_tma_load
    // CHECK-NEXT: return
    gluon.local_store %x, %smem : tensor<128x64xf16, #rows> -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.async_tma_load %desc[%d0, %d1], %smem, %bar, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    return
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// Two 16 KiB blocks, 1024-byte aligned, then the mbarriers.
// CHECK: module attributes {gluon.num_warps = 4 : i32, gluon.shared_bytes = 32784 : i32
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // A double-buffered ring at constant indices: loading buffer 1 while the
  // threads read buffer 0 races with nothing, nor does initializing
  // mbarrier 1 after mbarrier 0; reloading buffer 0 after its reads needs a
  // barrier.
  // CHECK-LABEL: func.func @ring
  func.func @ring(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64) -> tensor<128x64xf16, #rows> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    // CHECK: gluon.local_alloc {gluon.allocation_offset = 0 : i32} -> !gluon.memdesc<2x128x64xf16
    // CHECK: gluon.local_alloc {gluon.allocation_offset = 32768 : i32} -> !gluon.memdesc<2x1xi64
    %ring = gluon.local_alloc -> !gluon.memdesc<2x128x64xf16, #nvmma>
    %bars = gluon.local_alloc -> !gluon.memdesc<2x1xi64, #bar>
    %buf0 = gluon.memdesc_index %ring[%c0] : !gluon.memdesc<2x128x64xf16, #nvmma> -> !gluon.memdesc<128x64xf16, #nvmma>
    %buf1 = gluon.memdesc_index %ring[%c1] : !gluon.memdesc<2x128x64xf16, #nvmma> -> !gluon.memdesc<128x64xf16, #nvmma>
    %bar0 = gluon.memdesc_index %bars[%c0] : !gluon.memdesc<2x1xi64, #bar> -> !gluon.memdesc<1xi64, #bar>
    %bar1 = gluon.memdesc_index %bars[%c1] : !gluon.memdesc<2x1xi64, #bar> -> !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.init_barrier %[[BAR0:[^,]*]], 1
    // CHECK-NEXT: gluon.init_barrier %[[BAR1:[^,]*]], 1
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.async_tma_load %{{.*}}, %[[BUF0:[^,]*]], %[[BAR0]]
    // CHECK-NEXT: gluon.wait_barrier %[[BAR0]]
    // CHECK-NEXT: gluon.local_load %[[BUF0]]
    // CHECK-NEXT: gluon.async_tma_load %{{.*}}, %[[BUF1:[^,]*]], %[[BAR1]]
    // CHECK-NEXT: gluon.wait_barrier %[[BAR1]]
    // CHECK-NEXT: gluon.local_load %[[BUF1]]
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.async_tma_load %{{.*}}, %[[BUF0]], %[[BAR0]]
    // CHECK-NEXT: return
    gluon.init_barrier %bar0, 1 : !gluon.memdesc<1xi64, #bar>
    gluon.init_barrier %bar1, 1 : !gluon.memdesc<1xi64, #bar>
    gluon.async_tma_load %desc[%d0, %d1], %buf0, %bar0, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    gluon.wait_barrier %bar0, %c0, %true : !gluon.memdesc<1xi64, #bar>
    %x = gluon.local_load %buf0 : !gluon.memdesc<128x64xf16, #nvmma> -> tensor<128x64xf16, #rows>
    gluon.async_tma_load %desc[%d0, %d1], %buf1, %bar1, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    gluon.wait_barrier %bar1, %c0, %true : !gluon.memdesc<1xi64, #bar>
    %y = gluon.local_load %buf1 : !gluon.memdesc<128x64xf16, #nvmma> -> tensor<128x64xf16, #rows>
    gluon.async_tma_load %desc[%d0, %d1], %buf0, %bar0, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    return %y : tensor<128x64xf16, #rows>
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // One buffer reloaded every iteration: the load of iteration i + 1 must
  // wait for the reads of iteration i, so the barrier is in the loop,
  // before the load (the init's barrier is written out here, so that the
  // loop is entered with nothing pending). After the loop, the invalidate
  // waits for the last waits.
  // CHECK-LABEL: func.func @loop
  func.func @loop(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %n: i32, %acc0: tensor<128x64xf16, #rows>) -> tensor<128x64xf16, #rows> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %smem = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.init_barrier
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: scf.for
    // CHECK-NEXT: arith.andi
    // CHECK-NEXT: gluon.barrier_expect
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.async_tma_load
    // CHECK-NEXT: gluon.wait_barrier
    // CHECK-NEXT: gluon.local_load
    // CHECK-NEXT: arith.addf
    // CHECK-NEXT: scf.yield
    // CHECK-NEXT: }
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.inval_barrier
    gluon.init_barrier %bar, 1 : !gluon.memdesc<1xi64, #bar>
    gluon.barrier
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<128x64xf16, #rows>) : i32 {
      %phase = arith.andi %i, %c1 : i32
      gluon.barrier_expect %bar, 16384, %true : !gluon.memdesc<1xi64, #bar>
      gluon.async_tma_load %desc[%i, %d1], %smem, %bar, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
      gluon.wait_barrier %bar, %phase, %true : !gluon.memdesc<1xi64, #bar>
      %x = gluon.local_load %smem : !gluon.memdesc<128x64xf16, #nvmma> -> tensor<128x64xf16, #rows>
      %sum = arith.addf %acc, %x : tensor<128x64xf16, #rows>
      scf.yield %sum : tensor<128x64xf16, #rows>
    }
    gluon.inval_barrier %bar : !gluon.memdesc<1xi64, #bar>
    return %r : tensor<128x64xf16, #rows>
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // The init right before the loop: its hazard is found at the first use,
  // in the body, whose barrier also orders the previous iteration's reads.
  // CHECK-LABEL: func.func @init_before_loop
  func.func @init_before_loop(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %n: i32, %acc0: tensor<128x64xf16, #rows>) -> tensor<128x64xf16, #rows> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %smem = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.init_barrier
    // CHECK-NEXT: scf.for
    // CHECK-NEXT: arith.andi
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.barrier_expect
    // CHECK-NEXT: gluon.async_tma_load
    // CHECK-NEXT: gluon.wait_barrier
    // CHECK-NEXT: gluon.local_load
    gluon.init_barrier %bar, 1 : !gluon.memdesc<1xi64, #bar>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<128x64xf16, #rows>) : i32 {
      %phase = arith.andi %i, %c1 : i32
      gluon.barrier_expect %bar, 16384, %true : !gluon.memdesc<1xi64, #bar>
      gluon.async_tma_load %desc[%i, %d1], %smem, %bar, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
      gluon.wait_barrier %bar, %phase, %true : !gluon.memdesc<1xi64, #bar>
      %x = gluon.local_load %smem : !gluon.memdesc<128x64xf16, #nvmma> -> tensor<128x64xf16, #rows>
      %sum = arith.addf %acc, %x : tensor<128x64xf16, #rows>
      scf.yield %sum : tensor<128x64xf16, #rows>
    }
    return %r : tensor<128x64xf16, #rows>
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // Stores through TMA in a loop: the threads' store of iteration i + 1
  // waits for the TMA store of iteration i (after its store_wait).
  // CHECK-LABEL: func.func @store_loop
  func.func @store_loop(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %n: i32, %x: tensor<128x64xf16, #rows>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %smem = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    // CHECK: scf.for
    // CHECK-NEXT: gluon.tma_store_wait 0
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.local_store
    // CHECK-NEXT: gluon.fence_async_shared
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.async_tma_store
    // CHECK-NEXT: }
    scf.for %i = %c0 to %n step %c1 : i32 {
      gluon.tma_store_wait 0
      gluon.local_store %x, %smem : tensor<128x64xf16, #rows> -> !gluon.memdesc<128x64xf16, #nvmma>
      gluon.fence_async_shared
      gluon.async_tma_store %desc[%i, %d1], %smem : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>
    }
    return
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // The branches of an `if` do not race with each other; each one races
  // with what came before the `if`, and what follows races with both.
  // CHECK-LABEL: func.func @branches
  func.func @branches(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %c: i1, %x: tensor<128x64xf16, #rows>) {
    %true = arith.constant true
    %smem = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
    // CHECK: gluon.local_store
    // CHECK-NEXT: gluon.fence_async_shared
    // CHECK-NEXT: scf.if
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.async_tma_store
    // CHECK-NEXT: } else {
    // CHECK-NEXT: gluon.init_barrier
    // CHECK-NEXT: }
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.async_tma_load
    // CHECK-NEXT: return
    gluon.local_store %x, %smem : tensor<128x64xf16, #rows> -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.fence_async_shared
    scf.if %c {
      gluon.async_tma_store %desc[%d0, %d1], %smem : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>
    } else {
      gluon.init_barrier %bar, 1 : !gluon.memdesc<1xi64, #bar>
    }
    gluon.async_tma_load %desc[%d0, %d1], %smem, %bar, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    return
  }
}
