// gluon.convert_layout is free when both layouts are the same linear map,
// a renaming of registers when every element stays in its thread, and a
// round trip through its scratch otherwise: every thread stores its
// elements at their row-major index, one barrier, and every thread loads
// the elements of the new layout. i1 travels as a byte.
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory | FileCheck %s --check-prefix=ALLOC
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory --gluon-insert-barriers --gluon-to-nvvm | FileCheck %s

// A blocked layout and the #gluon.linear spelling of the same map.
#one = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#same = #gluon.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64]], block = [], shape = [128]}>
// ALLOC: gluon.shared_bytes = 0 : i32
// ALLOC-NOT: gluon.scratch_offset
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @free
  // CHECK: %[[P:.*]] = llvm.extractvalue %arg1[0]
  // CHECK-NEXT: %[[X:.*]] = llvm.extractvalue %arg0[0]
  // CHECK-NEXT: llvm.store %[[X]], %[[P]]
  // CHECK-NEXT: llvm.return
  func.func @free(%x: tensor<128xf32, #one>, %p: tensor<128x!gluon.ptr<f32>, #same>) {
    %y = gluon.convert_layout %x : tensor<128xf32, #one> -> tensor<128xf32, #same>
    gluon.store %p, %y : (tensor<128x!gluon.ptr<f32>, #same>, tensor<128xf32, #same>) -> ()
    return
  }
}

// -----

// The same lanes and warps, the two register bits swapped: registers 1
// and 2 trade places.
#two = #gluon.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#swapped = #gluon.linear<{register = [[1, 0], [0, 1]], lane = [[0, 2], [0, 4], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = [], shape = [64, 8]}>
// ALLOC: gluon.shared_bytes = 0 : i32
// ALLOC-NOT: gluon.scratch_offset
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-NOT: global_smem
  // CHECK-LABEL: llvm.func @permutation
  // CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK-NEXT: %[[X1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK-NEXT: %[[X2:.*]] = llvm.extractvalue %arg0[2]
  // CHECK-NEXT: %[[X3:.*]] = llvm.extractvalue %arg0[3]
  // CHECK: llvm.store %[[X0]], %{{.*}} : f32, !llvm.ptr<1>
  // CHECK-NEXT: llvm.store %[[X2]], %{{.*}} : f32, !llvm.ptr<1>
  // CHECK-NEXT: llvm.store %[[X1]], %{{.*}} : f32, !llvm.ptr<1>
  // CHECK-NEXT: llvm.store %[[X3]], %{{.*}} : f32, !llvm.ptr<1>
  // CHECK-NOT: nvvm.barrier0
  func.func @permutation(%x: tensor<64x8xf32, #two>, %p: tensor<64x8x!gluon.ptr<f32>, #swapped>) {
    %y = gluon.convert_layout %x : tensor<64x8xf32, #two> -> tensor<64x8xf32, #swapped>
    gluon.store %p, %y : (tensor<64x8x!gluon.ptr<f32>, #swapped>, tensor<64x8xf32, #swapped>) -> ()
    return
  }
}

// -----

// A transpose of 16x16 f16 between row-major and column-major threads,
// after a 16-byte allocation: the scratch holds the 512 bytes of the
// tensor from byte 16.
#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
#cols = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [0, 1]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// ALLOC: gluon.shared_bytes = 528 : i32
// ALLOC: gluon.convert_layout %{{.*}} {gluon.scratch_offset = 16 : i32}
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @transpose
  // CHECK-DAG: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[BASE:.*]] = llvm.getelementptr %[[SMEM]][16] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // Source register 0 holds element (ROW, COL): it goes to ROW * 16 + COL.
  // CHECK: %[[R:.*]] = llvm.add %{{.*}}, %[[ROW:.*]] : i32
  // CHECK-NEXT: %[[RS:.*]] = llvm.mul %[[R]], %[[C16]] : i32
  // CHECK-NEXT: %[[I:.*]] = llvm.add %[[RS]], %[[COL:.*]] : i32
  // CHECK-NEXT: %[[A:.*]] = llvm.getelementptr %[[BASE]][%[[I]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK-NEXT: llvm.store %[[X0]], %[[A]] : f16, !llvm.ptr<3>
  // CHECK-COUNT-7: llvm.store %{{.*}} : f16, !llvm.ptr<3>
  // CHECK-NEXT: nvvm.barrier0
  // Result register 0 holds the transposed element (COL, ROW).
  // CHECK-NEXT: %[[R2:.*]] = llvm.add %{{.*}}, %[[COL]] : i32
  // CHECK-NEXT: %[[RS2:.*]] = llvm.mul %[[R2]], %[[C16]] : i32
  // CHECK-NEXT: %[[I2:.*]] = llvm.add %[[RS2]], %[[ROW]] : i32
  // CHECK-NEXT: %[[A2:.*]] = llvm.getelementptr %[[BASE]][%[[I2]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK-NEXT: llvm.load %[[A2]] : !llvm.ptr<3> -> f16
  // CHECK-COUNT-7: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
  // CHECK-NOT: nvvm.barrier0
  // CHECK-NOT: !llvm.ptr<3>
  // CHECK: llvm.return
  func.func @transpose(%x: tensor<16x16xf16, #rows>, %p: tensor<16x16x!gluon.ptr<f16>, #cols>) {
    %a = gluon.local_alloc -> !gluon.memdesc<4xf32, #shared>
    %y = gluon.convert_layout %x : tensor<16x16xf16, #rows> -> tensor<16x16xf16, #cols>
    gluon.store %p, %y : (tensor<16x16x!gluon.ptr<f16>, #cols>, tensor<16x16xf16, #cols>) -> ()
    return
  }
}

// -----

// i1 elements are bytes in the scratch: 256 of them.
#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
#cols = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [0, 1]}>
// ALLOC: gluon.shared_bytes = 256 : i32
// ALLOC: gluon.convert_layout %{{.*}} {gluon.scratch_offset = 0 : i32}
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @bits
  // CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[B0:.*]] = llvm.zext %[[X0]] : i1 to i8
  // CHECK: llvm.store %[[B0]], %{{.*}} : i8, !llvm.ptr<3>
  // CHECK-COUNT-7: llvm.store %{{.*}} : i8, !llvm.ptr<3>
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-COUNT-8: llvm.trunc %{{.*}} : i8 to i1
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @bits(%x: tensor<16x16xi1, #rows>, %p: tensor<16x16x!gluon.ptr<i1>, #cols>) {
    %y = gluon.convert_layout %x : tensor<16x16xi1, #rows> -> tensor<16x16xi1, #cols>
    gluon.store %p, %y : (tensor<16x16x!gluon.ptr<i1>, #cols>, tensor<16x16xi1, #cols>) -> ()
    return
  }
}
