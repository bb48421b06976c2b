// A local_load of 16-bit elements into mma_v2's (or wgmma's) operand
// layouts is nvvm.ldmatrix (backends/nvidia/LoadMatrixOpToLLVM.cpp,
// planLoadMatrix in LoadMatrix.h, simulated against the fragments in
// tests/unit/backends/nvidia/LoadMatrixTest.cpp): A of a row-major buffer is
// ldmatrix x4 (row layout), one per K step of 16; B of a row-major buffer
// is ldmatrix x4 with .trans (col layout), each 32-bit result two
// registers (bitcast to vector<2xf16>). 32-bit elements keep the plain
// shared loads.
// RUN: %gluonc-opt %s --gluon-allocate-shared-memory --gluon-to-nvvm | FileCheck %s

#mma = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#a1 = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
#shared = #gluon.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#plain = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @loads
  // CHECK: %[[A0:.*]] = nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: %[[W:.*]] = llvm.extractvalue %[[A0]][0]
  // CHECK-NEXT: llvm.bitcast %[[W]] : i32 to vector<2xf16>
  // CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32
  // CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK: nvvm.mma.sync
  // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
  func.func @loads(%v: f32) {
    %sa = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
    %sb = gluon.local_alloc -> !gluon.memdesc<32x16xf16, #plain>
    %a = gluon.local_load %sa : !gluon.memdesc<32x32xf16, #shared> -> tensor<32x32xf16, #a>
    %b = gluon.local_load %sb : !gluon.memdesc<32x16xf16, #plain> -> tensor<32x16xf16, #b>
    %c = gluon.splat %v : f32 -> tensor<32x16xf32, #mma>
    %r = gluon.mma_v2 %a, %b, %c : tensor<32x32xf16, #a>, tensor<32x16xf16, #b> -> tensor<32x16xf32, #mma>
    %s = gluon.local_alloc %r : tensor<32x16xf32, #mma> -> !gluon.memdesc<32x16xf32, #plain>
    %sf = gluon.local_alloc -> !gluon.memdesc<32x8xf32, #plain>
    %f = gluon.local_load %sf : !gluon.memdesc<32x8xf32, #plain> -> tensor<32x8xf32, #a1>
    %s2 = gluon.local_alloc %f : tensor<32x8xf32, #a1> -> !gluon.memdesc<32x8xf32, #plain>
    return
  }
}
