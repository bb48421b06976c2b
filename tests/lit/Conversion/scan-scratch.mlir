// A scan's warp level exchanges the block totals through its scratch: one
// 16-byte aligned region per source (per warp level), from where the
// allocation pass put the scratch. Here a 16-byte allocation comes first:
// the f32 totals of the 4 warps sit at bytes 16-31, the i1 ones (a byte
// each) at 32-35. Each warp stores its totals, one barrier, and each
// thread loads those of the warps before it (3 at most).
// RUN: %gluonc-opt %s --gluon-allocate-shared-memory | FileCheck %s --check-prefix=ALLOC
// RUN: %gluonc-opt %s --gluon-allocate-shared-memory --gluon-insert-barriers --gluon-to-nvvm | FileCheck %s

#one = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// ALLOC: gluon.shared_bytes = 48 : i32
// ALLOC: gluon.scan %{{.*}}, %{{.*}} {axis = 0 : i32, gluon.scratch_offset = 16 : i32}
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @totals
  // CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // CHECK: %[[FREGION:.*]] = llvm.getelementptr %[[SMEM]][16] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK-NEXT: %[[BREGION:.*]] = llvm.getelementptr %[[SMEM]][32] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: %[[FAT:.*]] = llvm.getelementptr %[[FREGION]][%[[SLOT:.*]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
  // CHECK-NEXT: llvm.store %{{.*}}, %[[FAT]] : f32, !llvm.ptr<3>
  // CHECK-NEXT: %[[BYTE:.*]] = llvm.zext %{{.*}} : i1 to i8
  // CHECK-NEXT: %[[BAT:.*]] = llvm.getelementptr %[[BREGION]][%[[SLOT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  // CHECK-NEXT: llvm.store %[[BYTE]], %[[BAT]] : i8, !llvm.ptr<3>
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-COUNT-3: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
  // CHECK-NOT: !llvm.ptr<3> ->
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @totals(%x: tensor<128xf32, #one>, %m: tensor<128xi1, #one>, %p: tensor<128x!gluon.ptr<f32>, #one>, %q: tensor<128x!gluon.ptr<i1>, #one>) {
    %a = gluon.local_alloc -> !gluon.memdesc<4xf32, #shared>
    %s:2 = gluon.scan %x, %m {axis = 0 : i32} : tensor<128xf32, #one>, tensor<128xi1, #one> -> tensor<128xf32, #one>, tensor<128xi1, #one> {
    ^bb0(%x0: f32, %m0: i1, %x1: f32, %m1: i1):
      %sum = arith.addf %x0, %x1 : f32
      %any = arith.ori %m0, %m1 : i1
      gluon.scan.return %sum, %any : f32, i1
    }
    gluon.store %p, %s#0 : (tensor<128x!gluon.ptr<f32>, #one>, tensor<128xf32, #one>) -> ()
    gluon.store %q, %s#1 : (tensor<128x!gluon.ptr<i1>, #one>, tensor<128xi1, #one>) -> ()
    return
  }
}
