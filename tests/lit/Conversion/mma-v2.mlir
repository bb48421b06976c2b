// gluon.mma_v2 in the LLVM dialect (gluon-to-nvvm,
// backends/nvidia/MmaV2OpToLLVM.cpp): one nvvm.mma.sync (row.col) per
// 16 x 8 tile of the accumulator a warp holds and per K step, its
// operands the thread's registers where the layouts put PTX's fragments:
// A's a0.. in 32-bit registers of k_width elements (f16 pairs as
// vector<2xf16>, bf16 pairs, tf32 and s8 quads bitcast to i32), B's b0..
// likewise, C's c0..c3 (f16 in pairs); each K step accumulates on the
// previous one's results, and the last step's are the result's registers.
// s8 wraps around on overflow, as int32 arithmetic does.
// codegen/ampere.py checks the PTX and assembles it.
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory --gluon-to-nvvm | FileCheck %s

// fp16 into fp32, 2 x 2 warps of one tile each, two K steps. The
// operands' registers: A's 16 are (k, k + 1), row + 8, k + 8, then the
// second K step; B's 8 are (k, k + 1), k + 8, then the second step.
#mma = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @f16
  // CHECK-SAME: (%[[A:.*]]: !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>, %[[B:.*]]: !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16)>, %[[V:.*]]: f32)
  // CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %[[A]][0]
  // CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %[[A]][1]
  // CHECK-DAG: %[[A6:.*]] = llvm.extractvalue %[[A]][6]
  // CHECK-DAG: %[[A7:.*]] = llvm.extractvalue %[[A]][7]
  // CHECK-DAG: %[[A8:.*]] = llvm.extractvalue %[[A]][8]
  // CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %[[B]][0]
  // CHECK-DAG: %[[B3:.*]] = llvm.extractvalue %[[B]][3]
  // CHECK-DAG: %[[B4:.*]] = llvm.extractvalue %[[B]][4]
  // CHECK: %[[PB0:.*]] = llvm.insertelement %[[B0]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
  // CHECK: %[[PB1:.*]] = llvm.insertelement %[[B3]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
  // CHECK: llvm.insertelement %[[A0]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
  // CHECK-NEXT: %[[PA0:.*]] = llvm.insertelement %[[A1]]
  // CHECK: %[[PA3:.*]] = llvm.insertelement %[[A7]]
  // CHECK-NEXT: %[[D:.*]] = nvvm.mma.sync A[%[[PA0]], %{{.*}}, %{{.*}}, %[[PA3]]]  B[%{{.*}}, %[[PB1]]]  C[%[[V]], %[[V]], %[[V]], %[[V]]]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-DAG: %[[D0:.*]] = llvm.extractvalue %[[D]][0]
  // CHECK-DAG: %[[D3:.*]] = llvm.extractvalue %[[D]][3]
  // CHECK: llvm.insertelement %[[B4]]
  // CHECK: llvm.insertelement %[[A8]]
  // CHECK: nvvm.mma.sync A[{{.*}}]  B[{{.*}}]  C[%[[D0]], %{{.*}}, %{{.*}}, %[[D3]]]
  // CHECK-NOT: nvvm.mma.sync
  func.func @f16(%a: tensor<32x32xf16, #a>, %b: tensor<32x16xf16, #b>, %v: f32) {
    %c = gluon.splat %v : f32 -> tensor<32x16xf32, #mma>
    %r = gluon.mma_v2 %a, %b, %c : tensor<32x32xf16, #a>, tensor<32x16xf16, #b> -> tensor<32x16xf32, #mma>
    %s = gluon.local_alloc %r : tensor<32x16xf32, #mma> -> !gluon.memdesc<32x16xf32, #shared>
    return
  }
}

// -----

// Tiles repeated in registers: a 64 x 32 accumulator on 2 x 2 warps is
// 2 x 2 tiles per warp (M first, then N), each of one K step.
#mma = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @tiles
  // CHECK-COUNT-4: nvvm.mma.sync
  // CHECK-NOT: nvvm.mma.sync
  func.func @tiles(%a: tensor<64x16xf16, #a>, %b: tensor<16x32xf16, #b>, %v: f32) {
    %c = gluon.splat %v : f32 -> tensor<64x32xf32, #mma>
    %r = gluon.mma_v2 %a, %b, %c : tensor<64x16xf16, #a>, tensor<16x32xf16, #b> -> tensor<64x32xf32, #mma>
    %s = gluon.local_alloc %r : tensor<64x32xf32, #mma> -> !gluon.memdesc<64x32xf32, #shared>
    return
  }
}

// -----

// Other types: f16 accumulators (pairs), bf16 and tf32 (i32 operands with
// the PTX type named), s8 (quads, wrapping).
#mma = #gluon.nvidia_mma<{version = [2, 0], warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a2 = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b2 = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#a1 = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
#b1 = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>
#a4 = #gluon.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>
#b4 = #gluon.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @f16acc
  // CHECK: nvvm.mma.sync A[{{.*}}]  B[{{.*}}]  C[{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
  func.func @f16acc(%a: tensor<32x16xf16, #a2>, %b: tensor<16x16xf16, #b2>, %v: f16) {
    %c = gluon.splat %v : f16 -> tensor<32x16xf16, #mma>
    %r = gluon.mma_v2 %a, %b, %c : tensor<32x16xf16, #a2>, tensor<16x16xf16, #b2> -> tensor<32x16xf16, #mma>
    %s = gluon.local_alloc %r : tensor<32x16xf16, #mma> -> !gluon.memdesc<32x16xf16, #shared>
    return
  }
  // CHECK-LABEL: llvm.func @bf16
  // CHECK: llvm.bitcast %{{.*}} : vector<2xbf16> to i32
  // CHECK: nvvm.mma.sync A[{{.*}}]  B[{{.*}}]  C[{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  func.func @bf16(%a: tensor<32x16xbf16, #a2>, %b: tensor<16x16xbf16, #b2>, %v: f32) {
    %c = gluon.splat %v : f32 -> tensor<32x16xf32, #mma>
    %r = gluon.mma_v2 %a, %b, %c : tensor<32x16xbf16, #a2>, tensor<16x16xbf16, #b2> -> tensor<32x16xf32, #mma>
    %s = gluon.local_alloc %r : tensor<32x16xf32, #mma> -> !gluon.memdesc<32x16xf32, #shared>
    return
  }
  // tf32: a0 (row, k), a1 (row + 8), a2 (k + 4), a3 are the registers in
  // order.
  // CHECK-LABEL: llvm.func @tf32
  // CHECK-SAME: (%[[A:.*]]: !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %[[A]][0]
  // CHECK-DAG: %[[A3:.*]] = llvm.extractvalue %[[A]][3]
  // CHECK-DAG: %[[I0:.*]] = llvm.bitcast %[[A0]] : f32 to i32
  // CHECK-DAG: %[[I3:.*]] = llvm.bitcast %[[A3]] : f32 to i32
  // CHECK: nvvm.mma.sync A[%[[I0]], %{{.*}}, %{{.*}}, %[[I3]]]  B[{{.*}}]  C[{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  func.func @tf32(%a: tensor<32x8xf32, #a1>, %b: tensor<8x16xf32, #b1>, %v: f32) {
    %c = gluon.splat %v : f32 -> tensor<32x16xf32, #mma>
    %r = gluon.mma_v2 %a, %b, %c : tensor<32x8xf32, #a1>, tensor<8x16xf32, #b1> -> tensor<32x16xf32, #mma>
    %s = gluon.local_alloc %r : tensor<32x16xf32, #mma> -> !gluon.memdesc<32x16xf32, #shared>
    return
  }
  // CHECK-LABEL: llvm.func @s8
  // CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
  // CHECK: nvvm.mma.sync A[{{.*}}]  B[{{.*}}]  C[{{.*}}]  {intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
  func.func @s8(%a: tensor<32x32xi8, #a4>, %b: tensor<32x16xi8, #b4>, %v: i32) {
    %c = gluon.splat %v : i32 -> tensor<32x16xi32, #mma>
    %r = gluon.mma_v2 %a, %b, %c : tensor<32x32xi8, #a4>, tensor<32x16xi8, #b4> -> tensor<32x16xi32, #mma>
    %s = gluon.local_alloc %r : tensor<32x16xi32, #mma> -> !gluon.memdesc<32x16xi32, #shared>
    return
  }
}
