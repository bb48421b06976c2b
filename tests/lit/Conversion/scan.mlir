// gluon.scan follows the bits of the position along the axis, lowest first:
// registers in order within a thread, then lanes by Kogge-Stone steps
// (shfl.up, or shfl.down for a reverse scan, when the lane bits are in
// position order; shfl.idx from a computed lane when they are not), then
// warps through shared memory around one barrier. Every step combines the
// earlier value first.
// RUN: %gluonc-opt %s --gluon-allocate-shared-memory --gluon-insert-barriers --gluon-to-nvvm | FileCheck %s

#row = #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#one = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shuffled = #gluon.linear<{register = [], lane = [[2], [1], [4], [8], [16]], warp = [[0], [0]], block = [], shape = [32]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // 64 elements: 2 registers, then 32 lanes; the warps replicate.
  // CHECK-LABEL: llvm.func @lanes
  // CHECK-NOT: global_smem
  // CHECK: %[[X0:.*]] = llvm.load {{.*}} -> i32
  // CHECK: %[[X1:.*]] = llvm.load {{.*}} -> i32
  // The thread's two registers in order.
  // CHECK: %[[T:.*]] = llvm.add %[[X0]], %[[X1]] : i32
  // Five Kogge-Stone steps over the lanes' totals, each guarded by the
  // lane's position.
  // CHECK: %[[E1:.*]] = nvvm.shfl.sync  up %{{.*}}, %[[T]], %{{.*}}, %{{.*}} : i32 -> i32
  // CHECK: %[[C1:.*]] = llvm.add %[[E1]], %[[T]] : i32
  // CHECK: llvm.select %{{.*}}, %[[C1]], %[[T]] : i1, i32
  // CHECK-COUNT-4: nvvm.shfl.sync  up
  // The total of the lanes before, folded into both registers.
  // CHECK: %[[EX:.*]] = nvvm.shfl.sync  up
  // CHECK: %[[R0:.*]] = llvm.add %[[EX]], %[[X0]] : i32
  // CHECK: llvm.select %{{.*}}, %[[R0]], %[[X0]] : i1, i32
  // CHECK: %[[R1:.*]] = llvm.add %[[EX]], %[[T]] : i32
  // CHECK: llvm.select %{{.*}}, %[[R1]], %[[T]] : i1, i32
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @lanes(%p: tensor<64x!gluon.ptr<i32>, #row>) {
    %x = gluon.load %p : (tensor<64x!gluon.ptr<i32>, #row>) -> tensor<64xi32, #row>
    %r = gluon.scan %x {axis = 0 : i32} : tensor<64xi32, #row> -> tensor<64xi32, #row> {
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      gluon.scan.return %s : i32
    }
    gluon.store %p, %r : (tensor<64x!gluon.ptr<i32>, #row>, tensor<64xi32, #row>) -> ()
    return
  }

  // 128 elements: 32 lanes, then 4 warps; scanned from the end.
  // CHECK-LABEL: llvm.func @warps_reverse
  // CHECK-COUNT-6: nvvm.shfl.sync  down
  // The lanes' total, from the last lane in scan order, goes to shared
  // memory; each warp folds the totals of the warps after it.
  // CHECK: %[[TOTAL:.*]] = nvvm.shfl.sync  idx
  // CHECK: %[[WT:.*]] = llvm.bitcast %[[TOTAL]] : i32 to f32
  // CHECK: llvm.store %[[WT]], %{{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-COUNT-3: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3>
  // CHECK: llvm.intr.maxnum
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
  func.func @warps_reverse(%p: tensor<128x!gluon.ptr<f32>, #one>) {
    %x = gluon.load %p : (tensor<128x!gluon.ptr<f32>, #one>) -> tensor<128xf32, #one>
    %r = gluon.scan %x {axis = 0 : i32, reverse} : tensor<128xf32, #one> -> tensor<128xf32, #one> {
    ^bb0(%a: f32, %b: f32):
      %s = arith.maxnumf %a, %b : f32
      gluon.scan.return %s : f32
    }
    gluon.store %p, %r : (tensor<128x!gluon.ptr<f32>, #one>, tensor<128xf32, #one>) -> ()
    return
  }

  // Lane bit 0 moves by 2, lane bit 1 by 1: each step reads the lane that
  // holds the earlier position through shfl.idx; an i64 travels as two
  // 32-bit halves.
  // CHECK-LABEL: llvm.func @shuffled
  // CHECK-NOT: nvvm.shfl.sync  up
  // CHECK-COUNT-12: nvvm.shfl.sync  idx
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: llvm.return
  func.func @shuffled(%p: tensor<32x!gluon.ptr<i64>, #shuffled>) {
    %x = gluon.load %p : (tensor<32x!gluon.ptr<i64>, #shuffled>) -> tensor<32xi64, #shuffled>
    %r = gluon.scan %x {axis = 0 : i32} : tensor<32xi64, #shuffled> -> tensor<32xi64, #shuffled> {
    ^bb0(%a: i64, %b: i64):
      %s = arith.addi %a, %b : i64
      gluon.scan.return %s : i64
    }
    gluon.store %p, %r : (tensor<32x!gluon.ptr<i64>, #shuffled>, tensor<32xi64, #shuffled>) -> ()
    return
  }
}
