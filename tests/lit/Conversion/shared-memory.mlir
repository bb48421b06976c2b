// Shared memory accesses go through the composition of the tensor's layout
// and the inverse of the shared layout: registers whose offsets are
// consecutive become vector accesses, the lane and warp part is computed
// once, views are addresses.
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory --gluon-insert-barriers --gluon-to-nvvm | FileCheck %s

// The transpose of samples/transpose_shared.py: rows stored as 16-byte
// vectors, columns loaded one element at a time, through a swizzle that
// leaves neither with bank conflicts.
#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#swizzled = #gluon.swizzled_shared<{vec = 4, perPhase = 4, maxPhase = 8, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: llvm.func @transpose
  func.func @transpose(%v: f32) {
    %x = gluon.splat %v : f32 -> tensor<64x64xf32, #rows>
    %a = gluon.local_alloc -> !gluon.memdesc<64x64xf32, #swizzled>
    // Lane 4 (row 1 of the warp's rows) moves the offset by 64 + 4 (the
    // swizzle of row 4 is 4 * (4 / 4)); its row bit is one bit of the thread
    // id times 260.
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x range <i32, 0, 128> : i32
    // CHECK: llvm.mul %{{.*}}, %{{.*}} : i32
    // CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
    // CHECK-NOT: llvm.store
    // CHECK: nvvm.barrier0
    gluon.local_store %x, %a : tensor<64x64xf32, #rows> -> !gluon.memdesc<64x64xf32, #swizzled>
    // CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %y = gluon.local_load %a : !gluon.memdesc<64x64xf32, #swizzled> -> tensor<64x64xf32, #cols>
    // Storing where the others just read: another barrier.
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-32: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
    gluon.local_store %y, %a : tensor<64x64xf32, #cols> -> !gluon.memdesc<64x64xf32, #swizzled>
    // CHECK: llvm.return
    return
  }
}

// -----

#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#padded = #gluon.padded_shared<{intervalPaddings = [[64, 2]], order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @views
  func.func @views(%v: f32, %i: i32) {
    %x = gluon.splat %v : f32 -> tensor<16x64xf32, #rows>
    // Buffer i of a [2, 32, 64] allocation starts 2048 elements after the
    // one before, row 16 of it 1024 after its start.
    // CHECK-DAG: %[[STRIDE:.*]] = llvm.mlir.constant(2048 : i32) : i32
    // CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
    // CHECK: %[[SKIP:.*]] = llvm.mul %arg1, %[[STRIDE]] : i32
    // CHECK: %[[BUFFER:.*]] = llvm.getelementptr %[[SMEM]][%[[SKIP]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // CHECK: %[[HALF:.*]] = llvm.getelementptr %[[BUFFER]][1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
    %a = gluon.local_alloc -> !gluon.memdesc<2x32x64xf32, #shared>
    %b = gluon.memdesc_index %a[%i] : !gluon.memdesc<2x32x64xf32, #shared> -> !gluon.memdesc<32x64xf32, #shared>
    %h = gluon.memdesc_subslice %b [16, 0] : !gluon.memdesc<32x64xf32, #shared> -> !gluon.memdesc<16x64xf32, #shared, 32x64>
    // CHECK: llvm.getelementptr %[[HALF]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
    gluon.local_store %x, %h : tensor<16x64xf32, #rows> -> !gluon.memdesc<16x64xf32, #shared, 32x64>
    // The padded allocation follows the 16 KiB one (which is live until the
    // store after it). Two elements of padding
    // after every 64 (offset + (offset >> 6) << 1) keep vectors to 2
    // elements, aligned.
    // CHECK: %[[PADDED:.*]] = llvm.getelementptr %[[SMEM]][16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK: %[[ROWS:.*]] = llvm.lshr %[[OFFSET:.*]], %{{.*}} : i32
    // CHECK-NEXT: %[[PAD:.*]] = llvm.shl %[[ROWS]], %{{.*}} : i32
    // CHECK-NEXT: %[[AT:.*]] = llvm.add %[[OFFSET]], %[[PAD]] : i32
    // CHECK-NEXT: llvm.getelementptr %[[PADDED]][%[[AT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
    %p = gluon.local_alloc %x : tensor<16x64xf32, #rows> -> !gluon.memdesc<16x64xf32, #padded>
    gluon.local_store %x, %h : tensor<16x64xf32, #rows> -> !gluon.memdesc<16x64xf32, #shared, 32x64>
    return
  }
}

// -----

// A row of a dimension the NVMMA layout lays out, at a run-time index: the
// row's offset is the XOR of the offsets of the index's bits (row 1 at 36
// elements: 32 for the row, 4 for the swizzle of its 16-byte units; row 2
// at 72), XORed into each access's offset from the allocation's address.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = false}>
#row = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @row_view
  func.func @row_view(%i: i32) {
    // CHECK-DAG: %[[C36:.*]] = llvm.mlir.constant(36 : i32) : i32
    // CHECK-DAG: %[[C72:.*]] = llvm.mlir.constant(72 : i32) : i32
    // CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
    // CHECK: %[[BIT0:.*]] = llvm.and %arg0, %{{.*}} : i32
    // CHECK: %[[ROW0:.*]] = llvm.mul %{{.*}}, %[[C36]] : i32
    // CHECK: %[[PART:.*]] = llvm.xor %{{.*}}, %[[ROW0]] : i32
    // CHECK: %[[ROW1:.*]] = llvm.mul %{{.*}}, %[[C72]] : i32
    // CHECK: %[[ROWOFF:.*]] = llvm.xor %[[PART]], %[[ROW1]] : i32
    // CHECK: %[[AT:.*]] = llvm.xor %{{.*}}, %[[ROWOFF]] : i32
    // CHECK: llvm.getelementptr %[[SMEM]][%[[AT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
    // CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
    %a = gluon.local_alloc -> !gluon.memdesc<4x256xi32, #nvmma>
    %r = gluon.memdesc_index %a[%i] : !gluon.memdesc<4x256xi32, #nvmma> -> !gluon.memdesc<256xi32, #nvmma, 4x256>
    %x = gluon.local_load %r : !gluon.memdesc<256xi32, #nvmma, 4x256> -> tensor<256xi32, #row>
    gluon.local_store %x, %r : tensor<256xi32, #row> -> !gluon.memdesc<256xi32, #nvmma, 4x256>
    return
  }
}
