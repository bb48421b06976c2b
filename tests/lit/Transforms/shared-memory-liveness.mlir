// Shared memory allocation by liveness (src/Transforms/SharedMemory*.cpp):
// allocations whose live ranges are disjoint share bytes, placed first fit
// in program order; the barrier pass then orders the last accesses of one
// before the first of the next, by bytes. Asynchronous accesses keep their
// buffer live until the op that ends them: warpgroup_mma_wait(0) for a
// warpgroup MMA's operands, tma_store_wait(0) for a TMA store's source, a
// wait on (or the invalidation of) the mbarrier of a TMA load. One kernel
// per module.
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory --gluon-insert-barriers | FileCheck %s

#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // One buffer after the other: the second takes the first's bytes, after
  // a barrier that orders every thread's read of the first before the
  // write of the second.
  // CHECK: gluon.shared_bytes = 4096 : i32
  // CHECK-LABEL: func.func @sequential
  // CHECK: %[[A:.*]] = gluon.local_alloc {gluon.allocation_offset = 0 : i32}
  // CHECK: gluon.local_store %{{.*}}, %[[A]]
  // CHECK-NEXT: gluon.barrier
  // CHECK-NEXT: gluon.local_load %[[A]]
  // CHECK-NEXT: %[[B:.*]] = gluon.local_alloc {gluon.allocation_offset = 0 : i32}
  // CHECK-NEXT: gluon.barrier
  // CHECK-NEXT: gluon.local_store %{{.*}}, %[[B]]
  func.func @sequential(%x: tensor<32x32xf32, #rows>) -> tensor<32x32xf32, #rows> {
    %a = gluon.local_alloc -> !gluon.memdesc<32x32xf32, #shared>
    gluon.local_store %x, %a : tensor<32x32xf32, #rows> -> !gluon.memdesc<32x32xf32, #shared>
    %y = gluon.local_load %a : !gluon.memdesc<32x32xf32, #shared> -> tensor<32x32xf32, #rows>
    %b = gluon.local_alloc -> !gluon.memdesc<32x32xf32, #shared>
    gluon.local_store %y, %b : tensor<32x32xf32, #rows> -> !gluon.memdesc<32x32xf32, #shared>
    %z = gluon.local_load %b : !gluon.memdesc<32x32xf32, #shared> -> tensor<32x32xf32, #rows>
    return %z : tensor<32x32xf32, #rows>
  }
}

// -----

#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // Both live at once: the second goes after the first.
  // CHECK: gluon.shared_bytes = 8192 : i32
  // CHECK-LABEL: func.func @overlapping
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 0 : i32}
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 4096 : i32}
  func.func @overlapping(%x: tensor<32x32xf32, #rows>) -> tensor<32x32xf32, #rows> {
    %a = gluon.local_alloc -> !gluon.memdesc<32x32xf32, #shared>
    gluon.local_store %x, %a : tensor<32x32xf32, #rows> -> !gluon.memdesc<32x32xf32, #shared>
    %b = gluon.local_alloc -> !gluon.memdesc<32x32xf32, #shared>
    gluon.local_store %x, %b : tensor<32x32xf32, #rows> -> !gluon.memdesc<32x32xf32, #shared>
    %y = gluon.local_load %a : !gluon.memdesc<32x32xf32, #shared> -> tensor<32x32xf32, #rows>
    %z = gluon.local_load %b : !gluon.memdesc<32x32xf32, #shared> -> tensor<32x32xf32, #rows>
    %s = arith.addf %y, %z : tensor<32x32xf32, #rows>
    return %s : tensor<32x32xf32, #rows>
  }
}

// -----

#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // A buffer made before a loop and used in it stays live to the loop's
  // end: one made in the loop, after the use, cannot take its bytes (the
  // next iteration uses the first again). One made after the loop can.
  // CHECK: gluon.shared_bytes = 8192 : i32
  // CHECK-LABEL: func.func @loop
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 0 : i32}
  // CHECK: scf.for
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 4096 : i32}
  // CHECK: scf.yield
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 0 : i32}
  func.func @loop(%x: tensor<32x32xf32, #rows>, %n: i32) -> tensor<32x32xf32, #rows> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = gluon.local_alloc -> !gluon.memdesc<32x32xf32, #shared>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<32x32xf32, #rows>) : i32 {
      gluon.local_store %acc, %a : tensor<32x32xf32, #rows> -> !gluon.memdesc<32x32xf32, #shared>
      %y = gluon.local_load %a : !gluon.memdesc<32x32xf32, #shared> -> tensor<32x32xf32, #rows>
      %t = gluon.local_alloc -> !gluon.memdesc<32x32xf32, #shared>
      gluon.local_store %y, %t : tensor<32x32xf32, #rows> -> !gluon.memdesc<32x32xf32, #shared>
      %z = gluon.local_load %t : !gluon.memdesc<32x32xf32, #shared> -> tensor<32x32xf32, #rows>
      scf.yield %z : tensor<32x32xf32, #rows>
    }
    %b = gluon.local_alloc -> !gluon.memdesc<32x32xf32, #shared>
    gluon.local_store %r, %b : tensor<32x32xf32, #rows> -> !gluon.memdesc<32x32xf32, #shared>
    %w = gluon.local_load %b : !gluon.memdesc<32x32xf32, #shared> -> tensor<32x32xf32, #rows>
    return %w : tensor<32x32xf32, #rows>
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // A warpgroup MMA reads its operands until warpgroup_mma_wait(0): a
  // buffer made between the MMA and the wait gets its own bytes, one made
  // after the wait takes the operands' (after a barrier: every
  // warpgroup's wait comes before the write).
  // CHECK-LABEL: func.func @mma_operands
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 0 : i32}
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 8192 : i32}
  // CHECK: gluon.warpgroup_mma
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 16384 : i32}
  // CHECK: gluon.warpgroup_mma_wait 0
  // CHECK-NEXT: gluon.local_alloc {gluon.allocation_offset = 0 : i32}
  // CHECK-NEXT: gluon.barrier
  // CHECK-NEXT: gluon.local_store
  func.func @mma_operands(%acc: tensor<64x64xf32, #acc>, %x: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %true = arith.constant true
    %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %r = gluon.warpgroup_mma %a, %b, %acc, %true : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
    %early = gluon.local_alloc -> !gluon.memdesc<64x64xf32, #shared>
    gluon.local_store %x, %early : tensor<64x64xf32, #acc> -> !gluon.memdesc<64x64xf32, #shared>
    %w = gluon.warpgroup_mma_wait 0, %r : tensor<64x64xf32, #acc>
    %late = gluon.local_alloc -> !gluon.memdesc<64x64xf32, #shared>
    gluon.local_store %w, %late : tensor<64x64xf32, #acc> -> !gluon.memdesc<64x64xf32, #shared>
    %y = gluon.local_load %late : !gluon.memdesc<64x64xf32, #shared> -> tensor<64x64xf32, #acc>
    %z = gluon.local_load %early : !gluon.memdesc<64x64xf32, #shared> -> tensor<64x64xf32, #acc>
    %s = arith.addf %y, %z : tensor<64x64xf32, #acc>
    return %s : tensor<64x64xf32, #acc>
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // A TMA load writes its buffer until the wait on its mbarrier: a buffer
  // made before the wait gets bytes of its own, one made after it may take
  // the loaded buffer's.
  // CHECK-LABEL: func.func @tma_load
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 0 : i32} -> !gluon.memdesc<128x64xf16
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 16384 : i32} -> !gluon.memdesc<1xi64
  // CHECK: gluon.async_tma_load
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 17408 : i32} -> !gluon.memdesc<128x64xf16
  // CHECK: gluon.wait_barrier
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 0 : i32} -> !gluon.memdesc<128x64xf16
  func.func @tma_load(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %x: tensor<128x64xf16, #rows>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %in = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
    gluon.init_barrier %bar, 1 : !gluon.memdesc<1xi64, #bar>
    gluon.barrier_expect %bar, 16384, %true : !gluon.memdesc<1xi64, #bar>
    gluon.async_tma_load %desc[%d0, %d1], %in, %bar, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    %during = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.local_store %x, %during : tensor<128x64xf16, #rows> -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.wait_barrier %bar, %c0, %true : !gluon.memdesc<1xi64, #bar>
    %after = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.local_store %x, %after : tensor<128x64xf16, #rows> -> !gluon.memdesc<128x64xf16, #nvmma>
    return
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // A TMA store reads its source until tma_store_wait(0); a wait that
  // leaves one store pending does not end it (the buffer made after it
  // takes the bytes of the one before, not of the source).
  // CHECK-LABEL: func.func @tma_store
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 0 : i32}
  // CHECK: gluon.async_tma_store
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 16384 : i32}
  // CHECK: gluon.tma_store_wait 1
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 16384 : i32}
  // CHECK: gluon.tma_store_wait 0
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 0 : i32}
  func.func @tma_store(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %x: tensor<128x64xf16, #rows>) {
    %src = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.local_store %x, %src : tensor<128x64xf16, #rows> -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.fence_async_shared
    gluon.async_tma_store %desc[%d0, %d1], %src : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>
    %during = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.local_store %x, %during : tensor<128x64xf16, #rows> -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.tma_store_wait 1
    %pending = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.local_store %x, %pending : tensor<128x64xf16, #rows> -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.tma_store_wait 0
    %after = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.local_store %x, %after : tensor<128x64xf16, #rows> -> !gluon.memdesc<128x64xf16, #nvmma>
    return
  }
}

// -----

#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // A descriptor carried by a loop is not followed: its allocation is live
  // for the whole kernel and shares with nothing.
  // CHECK-LABEL: func.func @carried
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 0 : i32}
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 4096 : i32}
  func.func @carried(%x: tensor<32x32xf32, #rows>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = gluon.local_alloc -> !gluon.memdesc<32x32xf32, #shared>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%d = %a) -> (!gluon.memdesc<32x32xf32, #shared>) : i32 {
      gluon.local_store %x, %d : tensor<32x32xf32, #rows> -> !gluon.memdesc<32x32xf32, #shared>
      scf.yield %d : !gluon.memdesc<32x32xf32, #shared>
    }
    %b = gluon.local_alloc -> !gluon.memdesc<32x32xf32, #shared>
    gluon.local_store %x, %b : tensor<32x32xf32, #rows> -> !gluon.memdesc<32x32xf32, #shared>
    return
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // A TMA load into a ring, signalling a run-time chosen mbarrier of two:
  // invalidating one of them does not end the load, invalidating both
  // does.
  // CHECK-LABEL: func.func @barrier_ring
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 0 : i32} -> !gluon.memdesc<2x128x64xf16
  // CHECK: gluon.inval_barrier
  // CHECK-NEXT: gluon.local_alloc {gluon.allocation_offset = 33792 : i32} -> !gluon.memdesc<128x64xf16
  // CHECK: gluon.inval_barrier
  // CHECK-NEXT: gluon.local_alloc {gluon.allocation_offset = 0 : i32} -> !gluon.memdesc<128x64xf16
  func.func @barrier_ring(%desc: !gluon.tensordesc<128x64xf16, #nvmma>, %d0: i32, %d1: i32, %s0: i64, %s1: i64, %i: i32, %x: tensor<128x64xf16, #rows>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %ring = gluon.local_alloc -> !gluon.memdesc<2x128x64xf16, #nvmma>
    %bars = gluon.local_alloc -> !gluon.memdesc<2x1xi64, #bar>
    %slot = gluon.memdesc_index %ring[%i] : !gluon.memdesc<2x128x64xf16, #nvmma> -> !gluon.memdesc<128x64xf16, #nvmma>
    %bar = gluon.memdesc_index %bars[%i] : !gluon.memdesc<2x1xi64, #bar> -> !gluon.memdesc<1xi64, #bar>
    %bar0 = gluon.memdesc_index %bars[%c0] : !gluon.memdesc<2x1xi64, #bar> -> !gluon.memdesc<1xi64, #bar>
    %bar1 = gluon.memdesc_index %bars[%c1] : !gluon.memdesc<2x1xi64, #bar> -> !gluon.memdesc<1xi64, #bar>
    gluon.init_barrier %bar0, 1 : !gluon.memdesc<1xi64, #bar>
    gluon.init_barrier %bar1, 1 : !gluon.memdesc<1xi64, #bar>
    gluon.barrier_expect %bar, 16384, %true : !gluon.memdesc<1xi64, #bar>
    gluon.async_tma_load %desc[%d0, %d1], %slot, %bar, %true : !gluon.tensordesc<128x64xf16, #nvmma>, !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    gluon.inval_barrier %bar0 : !gluon.memdesc<1xi64, #bar>
    %one = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.local_store %x, %one : tensor<128x64xf16, #rows> -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.inval_barrier %bar1 : !gluon.memdesc<1xi64, #bar>
    %both = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    gluon.local_store %x, %both : tensor<128x64xf16, #rows> -> !gluon.memdesc<128x64xf16, #nvmma>
    return
  }
}

// -----

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // MMAs in an inner loop whose warpgroup_mma_wait(0) follows that loop
  // inside the outer one: the operands are live to the outer loop's end,
  // and a buffer made after it takes their bytes.
  // CHECK-LABEL: func.func @wait_in_outer_loop
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 0 : i32} -> !gluon.memdesc<64x64xf16
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 8192 : i32} -> !gluon.memdesc<64x64xf16
  // CHECK: scf.for
  // CHECK: scf.for
  // CHECK: gluon.warpgroup_mma_wait 0
  // CHECK: gluon.local_alloc {gluon.allocation_offset = 0 : i32} -> !gluon.memdesc<64x64xf32
  func.func @wait_in_outer_loop(%acc0: tensor<64x64xf32, #acc>, %n: i32) -> tensor<64x64xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %r = scf.for %t = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #acc>) : i32 {
      %k = scf.for %j = %c0 to %n step %c1 iter_args(%in = %acc) -> (tensor<64x64xf32, #acc>) : i32 {
        %m = gluon.warpgroup_mma %a, %b, %in, %true : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
        %w = gluon.warpgroup_mma_wait 1, %m : tensor<64x64xf32, #acc>
        scf.yield %w : tensor<64x64xf32, #acc>
      }
      %d = gluon.warpgroup_mma_wait 0, %k : tensor<64x64xf32, #acc>
      scf.yield %d : tensor<64x64xf32, #acc>
    }
    %c = gluon.local_alloc -> !gluon.memdesc<64x64xf32, #shared>
    gluon.local_store %r, %c : tensor<64x64xf32, #acc> -> !gluon.memdesc<64x64xf32, #shared>
    %y = gluon.local_load %c : !gluon.memdesc<64x64xf32, #shared> -> tensor<64x64xf32, #acc>
    return %y : tensor<64x64xf32, #acc>
  }
}
