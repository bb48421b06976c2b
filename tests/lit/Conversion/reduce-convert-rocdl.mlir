// The shared lowerings of gluon.reduce and gluon.convert_layout on AMD
// (waves of 64): the same plan as on NVIDIA, with the target's primitives:
// a lane exchange is ds_bpermute from the lane xor the bit (its byte
// address, lane * 4), the barrier is s_barrier.
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory --gluon-insert-barriers --gluon-to-rocdl | FileCheck %s

// 256 elements: 2 registers, 64 lanes and 2 waves along the axis.
#one = #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [2], order = [0]}>
module attributes {gluon.num_warps = 2 : i32, gluon.threads_per_warp = 64 : i32} {
  // CHECK-LABEL: llvm.func @sum
  // CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-DAG: %[[C63:.*]] = llvm.mlir.constant(63 : i32) : i32
  // CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // CHECK: %[[T:.*]] = llvm.fadd
  // CHECK: %[[LANE:.*]] = llvm.and %{{.*}}, %[[C63]] : i32
  // CHECK-NEXT: %[[FROM:.*]] = llvm.xor %[[LANE]], %[[C1]] : i32
  // CHECK-NEXT: %[[BYTES:.*]] = llvm.shl %[[FROM]], %[[C2]] : i32
  // CHECK-NEXT: %[[BITS:.*]] = llvm.bitcast %[[T]] : f32 to i32
  // CHECK-NEXT: rocdl.ds_bpermute %[[BYTES]], %[[BITS]] : (i32, i32) -> i32
  // Lane bits 1 to 5.
  // CHECK-COUNT-5: rocdl.ds_bpermute
  // CHECK-NOT: rocdl.ds_bpermute
  // CHECK: %[[PARTIAL:.*]] = llvm.fadd
  // The wave's partial, one barrier, both waves' partials in one load.
  // CHECK: llvm.store %[[PARTIAL]], %{{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: rocdl.s.waitcnt 49279
  // CHECK-NEXT: rocdl.s.barrier
  // CHECK: %[[BOTH:.*]] = llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xf32>
  // CHECK: %[[P0:.*]] = llvm.extractelement %[[BOTH]]
  // CHECK-NEXT: %[[P1:.*]] = llvm.extractelement %[[BOTH]]
  // CHECK-NEXT: llvm.fadd %[[P0]], %[[P1]] : f32
  // CHECK-NOT: rocdl.s.barrier
  // CHECK: llvm.return
  func.func @sum(%x: tensor<256xf32, #one>, %p: !gluon.ptr<f32>) {
    %s = gluon.reduce %x {axis = 0 : i32} : tensor<256xf32, #one> -> f32 {
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      gluon.reduce.return %sum : f32
    }
    gluon.store %p, %s : (!gluon.ptr<f32>, f32) -> ()
    return
  }
}

// -----

// A transpose through shared memory: 4 stores, s_barrier, 4 loads.
#rows = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#cols = #gluon.blocked<{sizePerThread = [2, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 2], order = [0, 1]}>
module attributes {gluon.num_warps = 2 : i32, gluon.threads_per_warp = 64 : i32} {
  // CHECK: module attributes {gluon.num_warps = 2 : i32, gluon.shared_bytes = 2048 : i32
  // CHECK-LABEL: llvm.func @transpose
  // CHECK-COUNT-4: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: rocdl.s.waitcnt 49279
  // CHECK-NEXT: rocdl.s.barrier
  // CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NOT: !llvm.ptr<3>
  // CHECK-NOT: rocdl.s.barrier
  // CHECK: llvm.return
  func.func @transpose(%x: tensor<16x32xf32, #rows>, %p: tensor<16x32x!gluon.ptr<f32>, #cols>) {
    %y = gluon.convert_layout %x : tensor<16x32xf32, #rows> -> tensor<16x32xf32, #cols>
    gluon.store %p, %y : (tensor<16x32x!gluon.ptr<f32>, #cols>, tensor<16x32xf32, #cols>) -> ()
    return
  }
}
