// Barriers go exactly where one thread's shared memory access may race
// with another thread's earlier one: a load after a store of the same
// bytes, a store after a load (the previous loop iteration's included, and
// an allocation that takes the bytes of one no longer live); not between
// accesses of allocations live at the same time or of different buffers of
// one allocation.
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory --gluon-insert-barriers | FileCheck %s

#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#swizzled = #gluon.swizzled_shared<{vec = 4, perPhase = 4, maxPhase = 8, order = [1, 0]}>
#padded = #gluon.padded_shared<{intervalPaddings = [[64, 1]], order = [1, 0]}>
// CHECK: module attributes {gluon.num_warps = 4 : i32, gluon.shared_bytes = 16640 : i32
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @store_then_load
  func.func @store_then_load(%v: f32) {
    %x = gluon.splat %v : f32 -> tensor<64x64xf32, #rows>
    // CHECK: %[[A:.*]] = gluon.local_alloc {gluon.allocation_offset = 0 : i32}
    %a = gluon.local_alloc -> !gluon.memdesc<64x64xf32, #swizzled>
    // CHECK-NEXT: gluon.local_store %{{.*}}, %[[A]]
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: %[[Y:.*]] = gluon.local_load %[[A]]
    gluon.local_store %x, %a : tensor<64x64xf32, #rows> -> !gluon.memdesc<64x64xf32, #swizzled>
    %y = gluon.local_load %a : !gluon.memdesc<64x64xf32, #swizzled> -> tensor<64x64xf32, #cols>
    // Another allocation, made after the first's last use, takes its bytes
    // (64 x 64 floats and one of padding per row): writing it waits for
    // every thread's read of the first.
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.local_alloc %[[Y]] : tensor<64x64xf32, #{{.*}}> {gluon.allocation_offset = 0 : i32}
    %b = gluon.local_alloc %y : tensor<64x64xf32, #cols> -> !gluon.memdesc<64x64xf32, #padded>
    // CHECK-NEXT: return
    return
  }
}

// -----

#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @double_buffer
  func.func @double_buffer(%v: f32, %i: i32) {
    %x = gluon.splat %v : f32 -> tensor<32x64xf32, #rows>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = gluon.local_alloc -> !gluon.memdesc<2x32x64xf32, #shared>
    %b0 = gluon.memdesc_index %a[%c0] : !gluon.memdesc<2x32x64xf32, #shared> -> !gluon.memdesc<32x64xf32, #shared>
    %b1 = gluon.memdesc_index %a[%c1] : !gluon.memdesc<2x32x64xf32, #shared> -> !gluon.memdesc<32x64xf32, #shared>
    // Buffers 0 and 1 do not overlap: no barrier between their accesses.
    // CHECK: gluon.local_store %{{.*}}, %[[B0:.*]] :
    // CHECK-NEXT: gluon.local_load %[[B1:.*]] :
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.local_load %[[B0]] :
    gluon.local_store %x, %b0 : tensor<32x64xf32, #rows> -> !gluon.memdesc<32x64xf32, #shared>
    %y1 = gluon.local_load %b1 : !gluon.memdesc<32x64xf32, #shared> -> tensor<32x64xf32, #rows>
    %y0 = gluon.local_load %b0 : !gluon.memdesc<32x64xf32, #shared> -> tensor<32x64xf32, #rows>
    // Nor between the halves of one buffer that span separate elements
    // (rows 0-15 and 16-31). Views are told apart by the range of elements
    // they span, so the column halves, which interleave, would get one.
    // CHECK-NEXT: gluon.memdesc_subslice
    // CHECK-NEXT: gluon.memdesc_subslice
    // CHECK-NEXT: gluon.splat
    // CHECK-NEXT: gluon.local_store
    // CHECK-NEXT: gluon.local_load
    %h0 = gluon.memdesc_subslice %b1 [0, 0] : !gluon.memdesc<32x64xf32, #shared> -> !gluon.memdesc<16x64xf32, #shared, 32x64>
    %h1 = gluon.memdesc_subslice %b1 [16, 0] : !gluon.memdesc<32x64xf32, #shared> -> !gluon.memdesc<16x64xf32, #shared, 32x64>
    %z = gluon.splat %v : f32 -> tensor<16x64xf32, #rows>
    gluon.local_store %z, %h0 : tensor<16x64xf32, #rows> -> !gluon.memdesc<16x64xf32, #shared, 32x64>
    %w = gluon.local_load %h1 : !gluon.memdesc<16x64xf32, #shared, 32x64> -> tensor<16x64xf32, #rows>
    // A buffer picked at run time may be any of them.
    // CHECK-NEXT: %[[BI:.*]] = gluon.memdesc_index %{{.*}}[%arg1]
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.local_store %{{.*}}, %[[BI]]
    %bi = gluon.memdesc_index %a[%i] : !gluon.memdesc<2x32x64xf32, #shared> -> !gluon.memdesc<32x64xf32, #shared>
    gluon.local_store %y0, %bi : tensor<32x64xf32, #rows> -> !gluon.memdesc<32x64xf32, #shared>
    return
  }
}

// -----

#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @loop
  func.func @loop(%v: f32, %n: i32) {
    %x = gluon.splat %v : f32 -> tensor<32x32xf32, #rows>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = gluon.local_alloc -> !gluon.memdesc<32x32xf32, #shared>
    %b = gluon.local_alloc -> !gluon.memdesc<32x32xf32, #shared>
    // Each iteration stores where the previous one loaded: a barrier first.
    // CHECK: scf.for
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.local_store
    // CHECK-NEXT: gluon.barrier
    // CHECK-NEXT: gluon.local_load
    // CHECK-NEXT: gluon.local_store
    // CHECK-NEXT: }
    scf.for %i = %c0 to %n step %c1 : i32 {
      gluon.local_store %x, %a : tensor<32x32xf32, #rows> -> !gluon.memdesc<32x32xf32, #shared>
      %y = gluon.local_load %a : !gluon.memdesc<32x32xf32, #shared> -> tensor<32x32xf32, #cols>
      gluon.local_store %y, %b : tensor<32x32xf32, #cols> -> !gluon.memdesc<32x32xf32, #shared>
    }
    // After the loop, the loop's store of %b may be pending.
    // CHECK: gluon.barrier
    // CHECK-NEXT: gluon.local_load %{{.*}} : !gluon.memdesc<32x32xf32
    %z = gluon.local_load %b : !gluon.memdesc<32x32xf32, #shared> -> tensor<32x32xf32, #rows>
    // A layout conversion's scratch lies after the allocations; its write
    // races with nothing before it.
    // CHECK-NEXT: gluon.convert_layout %{{.*}} {gluon.scratch_offset = 8192 : i32}
    %c = gluon.convert_layout %z : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
    // CHECK-NEXT: gluon.local_store
    gluon.local_store %c, %a : tensor<32x32xf32, #cols> -> !gluon.memdesc<32x32xf32, #shared>
    return
  }
}
