// The barrier pass with Ampere's async copies (src/Transforms/Membar.cpp):
// a copy (gluon.async_copy_global_to_local) writes its buffer, so it waits
// for the threads' earlier reads and writes of it (a barrier before the
// copy); but its write is seen by other threads only after a
// gluon.async_wait_group that retires the copy's group and a barrier after
// that wait. The pass follows the copies by group: a wait retires every
// committed group but the N most recent; uncommitted copies and the N
// youngest groups stay in flight, and a barrier before the wait that
// retires a copy does not make its write visible. One kernel per module:
// allocations of a module share one shared memory area.
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory --gluon-insert-barriers | FileCheck %s

#blocked = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // Copy, commit, wait, read: the barrier goes after the wait.
  // CHECK-LABEL: func.func @copy_then_read
  // CHECK: gluon.async_copy_global_to_local
  // CHECK-NEXT: gluon.async_commit_group
  // CHECK-NEXT: gluon.async_wait_group 0
  // CHECK-NEXT: gluon.barrier
  // CHECK-NEXT: gluon.local_load
  // CHECK-NEXT: return
  func.func @copy_then_read(%p: tensor<32x32x!gluon.ptr<f16>, #blocked>) -> tensor<32x32xf16, #blocked> {
    %buf = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_copy_global_to_local %p, %buf : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_commit_group
    gluon.async_wait_group 0
    %x = gluon.local_load %buf : !gluon.memdesc<32x32xf16, #shared> -> tensor<32x32xf16, #blocked>
    return %x : tensor<32x32xf16, #blocked>
  }

  // A barrier before the wait orders nothing about the copy: another
  // follows the wait.
  // CHECK-LABEL: func.func @barrier_before_wait
  // CHECK: gluon.async_commit_group
  // CHECK-NEXT: gluon.barrier
  // CHECK-NEXT: gluon.async_wait_group 0
  // CHECK-NEXT: gluon.barrier
  // CHECK-NEXT: gluon.local_load
  func.func @barrier_before_wait(%p: tensor<32x32x!gluon.ptr<f16>, #blocked>) -> tensor<32x32xf16, #blocked> {
    %buf = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_copy_global_to_local %p, %buf : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_commit_group
    gluon.barrier
    gluon.async_wait_group 0
    %x = gluon.local_load %buf : !gluon.memdesc<32x32xf16, #shared> -> tensor<32x32xf16, #blocked>
    return %x : tensor<32x32xf16, #blocked>
  }

  // Reads and writes before a copy into the same buffer are ordered before
  // it (WAR, WAW); a copy into a buffer nobody touched needs nothing.
  // CHECK-LABEL: func.func @copy_after_access
  // CHECK: gluon.local_load
  // CHECK-NEXT: gluon.barrier
  // CHECK-NEXT: gluon.async_copy_global_to_local
  // CHECK-NEXT: gluon.local_store
  // CHECK-NEXT: gluon.barrier
  // CHECK-NEXT: gluon.async_copy_global_to_local
  // CHECK-NEXT: gluon.async_copy_global_to_local
  // CHECK-NEXT: gluon.async_commit_group
  // CHECK-NEXT: return
  func.func @copy_after_access(%p: tensor<32x32x!gluon.ptr<f16>, #blocked>, %v: tensor<32x32xf16, #blocked>) -> tensor<32x32xf16, #blocked> {
    %buf = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
    %other = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
    %fresh = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
    %x = gluon.local_load %buf : !gluon.memdesc<32x32xf16, #shared> -> tensor<32x32xf16, #blocked>
    gluon.async_copy_global_to_local %p, %buf : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.local_store %v, %other : tensor<32x32xf16, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_copy_global_to_local %p, %other : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_copy_global_to_local %p, %fresh : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_commit_group
    return %x : tensor<32x32xf16, #blocked>
  }
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // Two buffers of a ring, one group each. wait_group 1 retires the older
  // group only: the read of buffer 0 gets a barrier, and so does the read
  // of buffer 1 after wait_group 0, though a barrier came in between (it
  // came before buffer 1's copy was retired).
  // CHECK-LABEL: func.func @groups
  // CHECK: gluon.async_wait_group 1
  // CHECK-NEXT: gluon.barrier
  // CHECK-NEXT: gluon.local_load %[[B0:.*]] :
  // CHECK-NEXT: gluon.async_wait_group 0
  // CHECK-NEXT: gluon.barrier
  // CHECK-NEXT: gluon.local_load %[[B1:.*]] :
  // CHECK-NEXT: return
  func.func @groups(%p: tensor<32x32x!gluon.ptr<f16>, #blocked>) -> (tensor<32x32xf16, #blocked>, tensor<32x32xf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ring = gluon.local_alloc -> !gluon.memdesc<2x32x32xf16, #shared>
    %b0 = gluon.memdesc_index %ring[%c0] : !gluon.memdesc<2x32x32xf16, #shared> -> !gluon.memdesc<32x32xf16, #shared>
    %b1 = gluon.memdesc_index %ring[%c1] : !gluon.memdesc<2x32x32xf16, #shared> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_copy_global_to_local %p, %b0 : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_commit_group
    gluon.async_copy_global_to_local %p, %b1 : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_commit_group
    gluon.async_wait_group 1
    %x = gluon.local_load %b0 : !gluon.memdesc<32x32xf16, #shared> -> tensor<32x32xf16, #blocked>
    gluon.async_wait_group 0
    %y = gluon.local_load %b1 : !gluon.memdesc<32x32xf16, #shared> -> tensor<32x32xf16, #blocked>
    return %x, %y : tensor<32x32xf16, #blocked>, tensor<32x32xf16, #blocked>
  }

  // wait_group never waits for copies not committed yet: the first read
  // (the kernel's race) gets no barrier, which would order nothing; after
  // the commit, wait_group 0 retires the copy and the read is ordered.
  // CHECK-LABEL: func.func @uncommitted
  // CHECK: gluon.async_copy_global_to_local
  // CHECK-NEXT: gluon.async_wait_group 0
  // CHECK-NEXT: gluon.local_load
  // CHECK-NEXT: gluon.async_commit_group
  // CHECK-NEXT: gluon.async_wait_group 0
  // CHECK-NEXT: gluon.barrier
  // CHECK-NEXT: gluon.local_load
  func.func @uncommitted(%p: tensor<32x32x!gluon.ptr<f16>, #blocked>) -> (tensor<32x32xf16, #blocked>, tensor<32x32xf16, #blocked>) {
    %buf = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_copy_global_to_local %p, %buf : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_wait_group 0
    %x = gluon.local_load %buf : !gluon.memdesc<32x32xf16, #shared> -> tensor<32x32xf16, #blocked>
    gluon.async_commit_group
    gluon.async_wait_group 0
    %y = gluon.local_load %buf : !gluon.memdesc<32x32xf16, #shared> -> tensor<32x32xf16, #blocked>
    return %x, %y : tensor<32x32xf16, #blocked>, tensor<32x32xf16, #blocked>
  }
}

// -----

// The sample's K loop (samples/matmul_mma_v2.py): a ring of 3 buffers,
// two tiles copied ahead; each iteration waits for its tile (wait_group
// 1), starts the copy two tiles ahead into the buffer the previous
// iteration read, commits it, and reads its tile. One barrier per
// iteration, between the wait and the copy: it orders the previous
// iteration's reads before the copy and makes the retired tile visible,
// so the reads after the copy need none.
#blocked = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @ring
  // CHECK: gluon.async_commit_group
  // CHECK: gluon.async_commit_group
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: arith.remui
  // CHECK: gluon.async_wait_group 1
  // CHECK-NEXT: gluon.barrier
  // CHECK-NEXT: gluon.async_copy_global_to_local
  // CHECK-NEXT: gluon.async_commit_group
  // CHECK-NOT: gluon.barrier
  // CHECK: gluon.local_load
  // CHECK-NEXT: arith.addf
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  // CHECK-NEXT: gluon.async_wait_group 0
  // CHECK-NEXT: return
  func.func @ring(%p: tensor<32x32x!gluon.ptr<f16>, #blocked>, %n: i32, %acc0: tensor<32x32xf16, #blocked>) -> tensor<32x32xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %ring = gluon.local_alloc -> !gluon.memdesc<3x32x32xf16, #shared>
    %s0 = gluon.memdesc_index %ring[%c0] : !gluon.memdesc<3x32x32xf16, #shared> -> !gluon.memdesc<32x32xf16, #shared>
    %s1 = gluon.memdesc_index %ring[%c1] : !gluon.memdesc<3x32x32xf16, #shared> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_copy_global_to_local %p, %s0 : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_commit_group
    gluon.async_copy_global_to_local %p, %s1 : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_commit_group
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<32x32xf16, #blocked>) : i32 {
      %slot = arith.remui %i, %c3 : i32
      %next = arith.addi %i, %c2 : i32
      %nslot = arith.remui %next, %c3 : i32
      %cur = gluon.memdesc_index %ring[%slot] : !gluon.memdesc<3x32x32xf16, #shared> -> !gluon.memdesc<32x32xf16, #shared>
      %dst = gluon.memdesc_index %ring[%nslot] : !gluon.memdesc<3x32x32xf16, #shared> -> !gluon.memdesc<32x32xf16, #shared>
      gluon.async_wait_group 1
      gluon.async_copy_global_to_local %p, %dst : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
      gluon.async_commit_group
      %x = gluon.local_load %cur : !gluon.memdesc<32x32xf16, #shared> -> tensor<32x32xf16, #blocked>
      %sum = arith.addf %acc, %x : tensor<32x32xf16, #blocked>
      scf.yield %sum : tensor<32x32xf16, #blocked>
    }
    gluon.async_wait_group 0
    return %r : tensor<32x32xf16, #blocked>
  }

  // The other order (read the tile, then start the next copy) needs two
  // barriers per iteration: one after the wait, before the read, and one
  // between the read and the copy into the ring.
  // CHECK-LABEL: func.func @ring_read_first
  // CHECK: scf.for
  // CHECK: gluon.async_wait_group 1
  // CHECK-NEXT: gluon.barrier
  // CHECK-NEXT: gluon.local_load
  // CHECK-NEXT: gluon.barrier
  // CHECK-NEXT: gluon.async_copy_global_to_local
  // CHECK-NEXT: gluon.async_commit_group
  // CHECK-NEXT: arith.addf
  // CHECK-NEXT: scf.yield
  func.func @ring_read_first(%p: tensor<32x32x!gluon.ptr<f16>, #blocked>, %n: i32, %acc0: tensor<32x32xf16, #blocked>) -> tensor<32x32xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %ring = gluon.local_alloc -> !gluon.memdesc<3x32x32xf16, #shared>
    %s0 = gluon.memdesc_index %ring[%c0] : !gluon.memdesc<3x32x32xf16, #shared> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_copy_global_to_local %p, %s0 : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_commit_group
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<32x32xf16, #blocked>) : i32 {
      %slot = arith.remui %i, %c3 : i32
      %next = arith.addi %i, %c2 : i32
      %nslot = arith.remui %next, %c3 : i32
      %cur = gluon.memdesc_index %ring[%slot] : !gluon.memdesc<3x32x32xf16, #shared> -> !gluon.memdesc<32x32xf16, #shared>
      %dst = gluon.memdesc_index %ring[%nslot] : !gluon.memdesc<3x32x32xf16, #shared> -> !gluon.memdesc<32x32xf16, #shared>
      gluon.async_wait_group 1
      %x = gluon.local_load %cur : !gluon.memdesc<32x32xf16, #shared> -> tensor<32x32xf16, #blocked>
      gluon.async_copy_global_to_local %p, %dst : tensor<32x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
      gluon.async_commit_group
      %sum = arith.addf %acc, %x : tensor<32x32xf16, #blocked>
      scf.yield %sum : tensor<32x32xf16, #blocked>
    }
    gluon.async_wait_group 0
    return %r : tensor<32x32xf16, #blocked>
  }
}
