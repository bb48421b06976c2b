// gluon.reduce follows its plan: the registers of a thread that meet in
// one result element combine first; then the lanes along the axis by
// butterfly shuffles (shfl.sync bfly, xor of each lane bit); then, when
// warps lie along the axis, each warp stores its partials at
// [warp along the axis][result element] in the reduction's scratch (one
// 16-byte aligned region per source, after the allocations), one barrier,
// and every thread loads the partials of its elements and combines them.
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory | FileCheck %s --check-prefix=ALLOC
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory --gluon-insert-barriers --gluon-to-nvvm | FileCheck %s

// 4x64 reduced along the rows: 2 registers, 8 lanes (lane bits 0-2) and 4
// warps along the axis; 4 result elements, so 4 x 4 f32 partials.
#l = #gluon.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>
#rows = #gluon.slice<{dim = 1, parent = #l}>
// ALLOC: module attributes {gluon.num_warps = 4 : i32, gluon.shared_bytes = 64 : i32
// ALLOC: gluon.reduce %{{.*}} {axis = 1 : i32, gluon.scratch_offset = 0 : i32}
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @rows
  // CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-DAG: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // The thread's two registers.
  // CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[X1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: %[[T:.*]] = llvm.fadd %[[X0]], %[[X1]] : f32
  // Lanes xor 1, 2, 4.
  // CHECK: %[[B1:.*]] = llvm.bitcast %[[T]] : f32 to i32
  // CHECK: nvvm.shfl.sync  bfly %{{.*}}, %[[B1]], %[[C1]], %{{.*}} : i32 -> i32
  // CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[C2]], %{{.*}} : i32 -> i32
  // CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[C4]], %{{.*}} : i32 -> i32
  // CHECK: %[[PARTIAL:.*]] = llvm.fadd
  // CHECK-NOT: nvvm.shfl.sync
  // The warp's partial at [warp][element]: warp * 4 + element.
  // CHECK: llvm.mul %[[C0]], %[[C4]] : i32
  // CHECK-NEXT: %[[ELEMENT:.*]] = llvm.add
  // CHECK-NEXT: %[[WARPROW:.*]] = llvm.mul %{{.*}}, %[[C4]] : i32
  // CHECK-NEXT: %[[SLOT:.*]] = llvm.add %[[WARPROW]], %[[ELEMENT]] : i32
  // CHECK-NEXT: %[[AT:.*]] = llvm.getelementptr %[[SMEM]][%[[SLOT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
  // CHECK-NEXT: llvm.store %[[PARTIAL]], %[[AT]] : f32, !llvm.ptr<3>
  // CHECK-NEXT: nvvm.barrier0
  // The partials of warps 0 to 3, combined pairwise.
  // CHECK-NEXT: %[[I0:.*]] = llvm.add %{{.*}}, %[[ELEMENT]] : i32
  // CHECK-NEXT: %[[A0:.*]] = llvm.getelementptr %[[SMEM]][%[[I0]]]
  // CHECK-NEXT: %[[P0:.*]] = llvm.load %[[A0]] : !llvm.ptr<3> -> f32
  // CHECK-NEXT: %[[W1:.*]] = llvm.mul %[[C1]], %[[C4]] : i32
  // CHECK-NEXT: %[[I1:.*]] = llvm.add %[[W1]], %[[ELEMENT]] : i32
  // CHECK-NEXT: %[[A1:.*]] = llvm.getelementptr %[[SMEM]][%[[I1]]]
  // CHECK-NEXT: %[[P1:.*]] = llvm.load %[[A1]] : !llvm.ptr<3> -> f32
  // CHECK-NEXT: %[[W2:.*]] = llvm.mul %[[C2]], %[[C4]] : i32
  // CHECK-NEXT: %[[I2:.*]] = llvm.add %[[W2]], %[[ELEMENT]] : i32
  // CHECK-NEXT: %[[A2:.*]] = llvm.getelementptr %[[SMEM]][%[[I2]]]
  // CHECK-NEXT: %[[P2:.*]] = llvm.load %[[A2]] : !llvm.ptr<3> -> f32
  // CHECK-NEXT: %[[W3:.*]] = llvm.mul %[[C3]], %[[C4]] : i32
  // CHECK-NEXT: %[[I3:.*]] = llvm.add %[[W3]], %[[ELEMENT]] : i32
  // CHECK-NEXT: %[[A3:.*]] = llvm.getelementptr %[[SMEM]][%[[I3]]]
  // CHECK-NEXT: %[[P3:.*]] = llvm.load %[[A3]] : !llvm.ptr<3> -> f32
  // CHECK-NEXT: %[[S01:.*]] = llvm.fadd %[[P0]], %[[P1]] : f32
  // CHECK-NEXT: %[[S23:.*]] = llvm.fadd %[[P2]], %[[P3]] : f32
  // CHECK-NEXT: llvm.fadd %[[S01]], %[[S23]] : f32
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @rows(%x: tensor<4x64xf32, #l>, %p: tensor<4x!gluon.ptr<f32>, #rows>) {
    %s = gluon.reduce %x {axis = 1 : i32} : tensor<4x64xf32, #l> -> tensor<4xf32, #rows> {
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      gluon.reduce.return %sum : f32
    }
    gluon.store %p, %s : (tensor<4x!gluon.ptr<f32>, #rows>, tensor<4xf32, #rows>) -> ()
    return
  }
}

// -----

// Two sources reduced to scalars, after a 32-byte allocation: the f32
// partials of the 4 warps at bytes 32-47, the i1 ones (a byte each) at
// 48-51, each region 16-byte aligned. One result element: each thread
// reads the 4 partials of a source with one vector load.
#one = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// ALLOC: module attributes {gluon.num_warps = 4 : i32, gluon.shared_bytes = 64 : i32
// ALLOC: gluon.local_alloc {gluon.allocation_offset = 0 : i32}
// ALLOC: gluon.reduce %{{.*}}, %{{.*}} {axis = 0 : i32, gluon.scratch_offset = 32 : i32}
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @scalars
  // CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // The i1 travels through the shuffles as an i32.
  // CHECK-COUNT-10: nvvm.shfl.sync  bfly
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: %[[F:.*]] = llvm.fadd
  // CHECK: %[[B:.*]] = llvm.or %{{.*}}, %{{.*}} : i1
  // CHECK: %[[FREGION:.*]] = llvm.getelementptr %[[SMEM]][32] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: %[[BREGION:.*]] = llvm.getelementptr %[[SMEM]][48] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: %[[FAT:.*]] = llvm.getelementptr %[[FREGION]][%[[SLOT:.*]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
  // CHECK: llvm.store %[[F]], %[[FAT]] : f32, !llvm.ptr<3>
  // CHECK: %[[BAT:.*]] = llvm.getelementptr %[[BREGION]][%[[SLOT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  // CHECK: %[[BYTE:.*]] = llvm.zext %[[B]] : i1 to i8
  // CHECK: llvm.store %[[BYTE]], %[[BAT]] : i8, !llvm.ptr<3>
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: llvm.getelementptr %[[FREGION]]
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK: llvm.getelementptr %[[BREGION]]
  // CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<4xi8>
  // CHECK-COUNT-4: llvm.trunc %{{.*}} : i8 to i1
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @scalars(%x: tensor<128xf32, #one>, %m: tensor<128xi1, #one>, %p: !gluon.ptr<f32>, %q: !gluon.ptr<i1>) {
    %a = gluon.local_alloc -> !gluon.memdesc<8xf32, #shared>
    %s:2 = gluon.reduce %x, %m {axis = 0 : i32} : tensor<128xf32, #one>, tensor<128xi1, #one> -> f32, i1 {
    ^bb0(%x0: f32, %m0: i1, %x1: f32, %m1: i1):
      %sum = arith.addf %x0, %x1 : f32
      %any = arith.ori %m0, %m1 : i1
      gluon.reduce.return %sum, %any : f32, i1
    }
    gluon.store %p, %s#0 : (!gluon.ptr<f32>, f32) -> ()
    gluon.store %q, %s#1 : (!gluon.ptr<i1>, i1) -> ()
    return
  }
}

// -----

// Along the columns of the same layout only lanes (lane bits 3 and 4)
// differ: shuffles, and no shared memory or barrier at all.
#l = #gluon.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>
#cols = #gluon.slice<{dim = 0, parent = #l}>
// ALLOC: module attributes {gluon.num_warps = 4 : i32, gluon.shared_bytes = 0 : i32
// ALLOC-NOT: gluon.scratch_offset
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-NOT: global_smem
  // CHECK-LABEL: llvm.func @cols
  // CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK-DAG: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[X1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: %[[S0:.*]] = nvvm.shfl.sync  bfly %{{.*}}, %[[X0]], %[[C8]], %{{.*}} : i32 -> i32
  // CHECK: %[[M0:.*]] = llvm.intr.smax(%[[X0]], %[[S0]]) : (i32, i32) -> i32
  // CHECK: %[[S1:.*]] = nvvm.shfl.sync  bfly %{{.*}}, %[[X1]], %[[C8]], %{{.*}} : i32 -> i32
  // CHECK: %[[M1:.*]] = llvm.intr.smax(%[[X1]], %[[S1]]) : (i32, i32) -> i32
  // CHECK: nvvm.shfl.sync  bfly %{{.*}}, %[[M0]], %[[C16]], %{{.*}} : i32 -> i32
  // CHECK: nvvm.shfl.sync  bfly %{{.*}}, %[[M1]], %[[C16]], %{{.*}} : i32 -> i32
  // CHECK-NOT: !llvm.ptr<3>
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @cols(%x: tensor<4x64xi32, #l>, %p: tensor<64x!gluon.ptr<i32>, #cols>) {
    %s = gluon.reduce %x {axis = 0 : i32} : tensor<4x64xi32, #l> -> tensor<64xi32, #cols> {
    ^bb0(%a: i32, %b: i32):
      %m = arith.maxsi %a, %b : i32
      gluon.reduce.return %m : i32
    }
    gluon.store %p, %s : (tensor<64x!gluon.ptr<i32>, #cols>, tensor<64xi32, #cols>) -> ()
    return
  }
}
