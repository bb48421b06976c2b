// expand_dims and broadcast copy registers within a thread, as the linear
// layouts map them; arange adds each register's constant part to the
// thread's lane and warp part.
// RUN: %gluonc-opt %s --gluon-to-nvvm | FileCheck %s

#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #gluon.slice<{dim = 1, parent = #blocked}>
#cols = #gluon.slice<{dim = 0, parent = #blocked}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @shapes
  func.func @shapes(%x: !gluon.ptr<i32> {gluon.divisibility = 16 : i64}) {
    // Rows: lane bits 2-4 and warp bits give row t; the second register is
    // row t + 32.
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
    // CHECK: %[[ROW0:.*]] = llvm.or disjoint %{{.*}}, %{{.*}} : i32
    // CHECK: %[[ROW1:.*]] = llvm.or disjoint %[[ROW0]], %{{.*}} : i32
    %r = gluon.arange 0 to 64 : tensor<64xi32, #rows>
    %c = gluon.arange 0 to 16 : tensor<16xi32, #cols>
    %r2 = gluon.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #rows> -> tensor<64x1xi32, #blocked>
    %c2 = gluon.expand_dims %c {axis = 0 : i32} : tensor<16xi32, #cols> -> tensor<1x16xi32, #blocked>
    %rb = gluon.broadcast %r2 : tensor<64x1xi32, #blocked> -> tensor<64x16xi32, #blocked>
    %cb = gluon.broadcast %c2 : tensor<1x16xi32, #blocked> -> tensor<64x16xi32, #blocked>
    %s = arith.constant dense<16> : tensor<64x16xi32, #blocked>
    %o = arith.muli %rb, %s : tensor<64x16xi32, #blocked>
    %off = arith.addi %o, %cb : tensor<64x16xi32, #blocked>
    %xs = gluon.splat %x : !gluon.ptr<i32> -> tensor<64x16x!gluon.ptr<i32>, #blocked>
    %p = gluon.addptr %xs, %off : tensor<64x16x!gluon.ptr<i32>, #blocked>, tensor<64x16xi32, #blocked>
    // Registers 0-3 hold row ROW0, registers 4-7 row ROW1: one 16-byte store
    // each, its four lanes filled with the broadcast row index.
    gluon.store %p, %rb : (tensor<64x16x!gluon.ptr<i32>, #blocked>, tensor<64x16xi32, #blocked>) -> ()
    // CHECK: %[[V0:.*]] = llvm.insertelement %[[ROW0]]
    // CHECK-COUNT-3: llvm.insertelement %[[ROW0]]
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
    // CHECK-COUNT-4: llvm.insertelement %[[ROW1]]
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
    return
  }
}
