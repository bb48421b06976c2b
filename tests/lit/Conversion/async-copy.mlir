// Ampere's async copies in the LLVM dialect (gluon-to-nvvm,
// backends/nvidia/AsyncCopyOpToLLVM.cpp): one cp.async (inline PTX, the
// shared address as a 32-bit register, the global pointer as a 64-bit one)
// per vector of a thread's elements, as wide as a local_store of the same
// tensor into the same view (the swizzled address computation is the
// store's) and as the pointers' layout and AxisInfo facts allow, 4, 8 or 16
// bytes; 16-byte copies are .cg unless the op asks for "ca". The mask
// selects src-size (the copy's bytes, or 0: zero-filled, nothing read);
// without a mask it is the constant size. A layout that replicates the
// tensor across warps copies from one warp only (the predicate). A shared
// layout that orders the elements otherwise than the registers makes
// smaller copies, down to the 4 bytes cp.async needs: fewer is an error at
// the op. commit and wait are cp.async.commit_group and
// cp.async.wait_group N. codegen/ampere.py checks the PTX and assembles it.
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory --gluon-to-nvvm -verify-diagnostics | FileCheck %s

// 32 x 32 fp16 rows of a 16-byte aligned pointer (stride 32), 8 per
// thread: one 16-byte .cg copy, src-size 16 where the row is below n.
#blocked = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @masked
  // CHECK-DAG: %[[SIXTEEN:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // CHECK: %[[ROWOK:.*]] = llvm.icmp "slt" %{{.*}}, %arg1 : i32
  // CHECK: %[[SRC:.*]] = llvm.getelementptr %arg0[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
  // CHECK: %[[DST:.*]] = llvm.getelementptr %[[SMEM]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK: %[[SIZE:.*]] = llvm.select %[[ROWOK]], %[[SIXTEEN]], %[[ZERO]] : i1, i32
  // CHECK: %[[DSTINT:.*]] = llvm.ptrtoint %[[DST]] : !llvm.ptr<3> to i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.cg.shared.global [$0], [$1], 16, $2;", "r,l,r" %[[DSTINT]], %[[SRC]], %[[SIZE]] : (i32, !llvm.ptr<1>, i32) -> ()
  // CHECK-NOT: cp.async.cg
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.commit_group;", ""  : () -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.wait_group 2;", ""  : () -> ()
  func.func @masked(%x: !gluon.ptr<f16> {gluon.divisibility = 16 : i64}, %n: i32) {
    %rows = gluon.arange 0 to 32 : tensor<32xi32, #gluon.slice<{dim = 1, parent = #blocked}>>
    %cols = gluon.arange 0 to 32 : tensor<32xi32, #gluon.slice<{dim = 0, parent = #blocked}>>
    %r2 = gluon.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #gluon.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
    %c2 = gluon.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #gluon.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %c32 = arith.constant dense<32> : tensor<32x1xi32, #blocked>
    %rs = arith.muli %r2, %c32 : tensor<32x1xi32, #blocked>
    %rb = gluon.broadcast %rs : tensor<32x1xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %cb = gluon.broadcast %c2 : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %offs = arith.addi %rb, %cb : tensor<32x32xi32, #blocked>
    %ns = gluon.splat %n : i32 -> tensor<32x1xi32, #blocked>
    %m1 = arith.cmpi slt, %r2, %ns : tensor<32x1xi32, #blocked>
    %mask = gluon.broadcast %m1 : tensor<32x1xi1, #blocked> -> tensor<32x32xi1, #blocked>
    %xs = gluon.splat %x : !gluon.ptr<f16> -> tensor<32x32x!gluon.ptr<f16>, #blocked>
    %p = gluon.addptr %xs, %offs : tensor<32x32x!gluon.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
    %buf = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_copy_global_to_local %p, %buf mask %mask : tensor<32x32x!gluon.ptr<f16>, #blocked>, tensor<32x32xi1, #blocked> -> !gluon.memdesc<32x32xf16, #shared>
    gluon.async_commit_group
    gluon.async_wait_group 2
    return
  }
}

// -----

// 16 rows of a layout that covers 32: warps 2 and 3 hold copies of warps
// 0 and 1's rows, and only warps 0 and 1 copy (the predicate, from the
// warp id). "ca" keeps 16-byte copies in L1; no mask: src-size 16.
#blocked = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @replicated
  // CHECK-DAG: %[[SIXTEEN:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK: %[[WRITER:.*]] = llvm.icmp "eq"
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 cp.async.ca.shared.global [$1], [$2], 16, $3;", "b,r,l,r" %[[WRITER]], %{{.*}}, %{{.*}}, %[[SIXTEEN]] : (i1, i32, !llvm.ptr<1>, i32) -> ()
  // CHECK-NOT: cp.async.ca
  func.func @replicated(%x: !gluon.ptr<f16> {gluon.divisibility = 16 : i64}) {
    %rows = gluon.arange 0 to 16 : tensor<16xi32, #gluon.slice<{dim = 1, parent = #blocked}>>
    %cols = gluon.arange 0 to 32 : tensor<32xi32, #gluon.slice<{dim = 0, parent = #blocked}>>
    %r2 = gluon.expand_dims %rows {axis = 1 : i32} : tensor<16xi32, #gluon.slice<{dim = 1, parent = #blocked}>> -> tensor<16x1xi32, #blocked>
    %c2 = gluon.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #gluon.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %c32 = arith.constant dense<32> : tensor<16x1xi32, #blocked>
    %rs = arith.muli %r2, %c32 : tensor<16x1xi32, #blocked>
    %rb = gluon.broadcast %rs : tensor<16x1xi32, #blocked> -> tensor<16x32xi32, #blocked>
    %cb = gluon.broadcast %c2 : tensor<1x32xi32, #blocked> -> tensor<16x32xi32, #blocked>
    %offs = arith.addi %rb, %cb : tensor<16x32xi32, #blocked>
    %xs = gluon.splat %x : !gluon.ptr<f16> -> tensor<16x32x!gluon.ptr<f16>, #blocked>
    %p = gluon.addptr %xs, %offs : tensor<16x32x!gluon.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
    %buf = gluon.local_alloc -> !gluon.memdesc<16x32xf16, #shared>
    gluon.async_copy_global_to_local %p, %buf {cache = "ca"} : tensor<16x32x!gluon.ptr<f16>, #blocked> -> !gluon.memdesc<16x32xf16, #shared>
    return
  }
}

// -----

// fp32 pairs: the layout keeps 2 elements of a row together, 8 bytes: .ca
// (cp.async.cg copies 16 bytes only), one copy per row of the thread.
#pairs = #gluon.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #gluon.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @pairs
  // CHECK-COUNT-2: "cp.async.ca.shared.global [$0], [$1], 8, $2;", "r,l,r"
  // CHECK-NOT: cp.async
  func.func @pairs(%x: !gluon.ptr<f32> {gluon.divisibility = 16 : i64}) {
    %rows = gluon.arange 0 to 32 : tensor<32xi32, #gluon.slice<{dim = 1, parent = #pairs}>>
    %cols = gluon.arange 0 to 16 : tensor<16xi32, #gluon.slice<{dim = 0, parent = #pairs}>>
    %r2 = gluon.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #gluon.slice<{dim = 1, parent = #pairs}>> -> tensor<32x1xi32, #pairs>
    %c2 = gluon.expand_dims %cols {axis = 0 : i32} : tensor<16xi32, #gluon.slice<{dim = 0, parent = #pairs}>> -> tensor<1x16xi32, #pairs>
    %c16 = arith.constant dense<16> : tensor<32x1xi32, #pairs>
    %rs = arith.muli %r2, %c16 : tensor<32x1xi32, #pairs>
    %rb = gluon.broadcast %rs : tensor<32x1xi32, #pairs> -> tensor<32x16xi32, #pairs>
    %cb = gluon.broadcast %c2 : tensor<1x16xi32, #pairs> -> tensor<32x16xi32, #pairs>
    %offs = arith.addi %rb, %cb : tensor<32x16xi32, #pairs>
    %xs = gluon.splat %x : !gluon.ptr<f32> -> tensor<32x16x!gluon.ptr<f32>, #pairs>
    %p = gluon.addptr %xs, %offs : tensor<32x16x!gluon.ptr<f32>, #pairs>, tensor<32x16xi32, #pairs>
    %buf = gluon.local_alloc -> !gluon.memdesc<32x16xf32, #shared>
    gluon.async_copy_global_to_local %p, %buf : tensor<32x16x!gluon.ptr<f32>, #pairs> -> !gluon.memdesc<32x16xf32, #shared>
    return
  }
}

// -----

// A column-major shared layout: a thread's 4 consecutive fp32 of a row are
// 32 elements apart there, so each is a copy of its own (4 bytes).
#rows4 = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#colmajor = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @transposed
  // CHECK-COUNT-8: "cp.async.ca.shared.global [$0], [$1], 4, $2;", "r,l,r"
  // CHECK-NOT: cp.async
  func.func @transposed(%x: !gluon.ptr<f32> {gluon.divisibility = 16 : i64}) {
    %rows = gluon.arange 0 to 32 : tensor<32xi32, #gluon.slice<{dim = 1, parent = #rows4}>>
    %cols = gluon.arange 0 to 32 : tensor<32xi32, #gluon.slice<{dim = 0, parent = #rows4}>>
    %r2 = gluon.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #gluon.slice<{dim = 1, parent = #rows4}>> -> tensor<32x1xi32, #rows4>
    %c2 = gluon.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #gluon.slice<{dim = 0, parent = #rows4}>> -> tensor<1x32xi32, #rows4>
    %c32 = arith.constant dense<32> : tensor<32x1xi32, #rows4>
    %rs = arith.muli %r2, %c32 : tensor<32x1xi32, #rows4>
    %rb = gluon.broadcast %rs : tensor<32x1xi32, #rows4> -> tensor<32x32xi32, #rows4>
    %cb = gluon.broadcast %c2 : tensor<1x32xi32, #rows4> -> tensor<32x32xi32, #rows4>
    %offs = arith.addi %rb, %cb : tensor<32x32xi32, #rows4>
    %xs = gluon.splat %x : !gluon.ptr<f32> -> tensor<32x32x!gluon.ptr<f32>, #rows4>
    %p = gluon.addptr %xs, %offs : tensor<32x32x!gluon.ptr<f32>, #rows4>, tensor<32x32xi32, #rows4>
    %buf = gluon.local_alloc -> !gluon.memdesc<32x32xf32, #colmajor>
    gluon.async_copy_global_to_local %p, %buf : tensor<32x32x!gluon.ptr<f32>, #rows4> -> !gluon.memdesc<32x32xf32, #colmajor>
    return
  }
}

// -----

// The same for fp16: 2 bytes, which cp.async cannot copy.
#rows8 = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#colmajor = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @too_small(%x: !gluon.ptr<f16> {gluon.divisibility = 16 : i64}) {
    %rows = gluon.arange 0 to 32 : tensor<32xi32, #gluon.slice<{dim = 1, parent = #rows8}>>
    %cols = gluon.arange 0 to 32 : tensor<32xi32, #gluon.slice<{dim = 0, parent = #rows8}>>
    %r2 = gluon.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #gluon.slice<{dim = 1, parent = #rows8}>> -> tensor<32x1xi32, #rows8>
    %c2 = gluon.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #gluon.slice<{dim = 0, parent = #rows8}>> -> tensor<1x32xi32, #rows8>
    %c32 = arith.constant dense<32> : tensor<32x1xi32, #rows8>
    %rs = arith.muli %r2, %c32 : tensor<32x1xi32, #rows8>
    %rb = gluon.broadcast %rs : tensor<32x1xi32, #rows8> -> tensor<32x32xi32, #rows8>
    %cb = gluon.broadcast %c2 : tensor<1x32xi32, #rows8> -> tensor<32x32xi32, #rows8>
    %offs = arith.addi %rb, %cb : tensor<32x32xi32, #rows8>
    %xs = gluon.splat %x : !gluon.ptr<f16> -> tensor<32x32x!gluon.ptr<f16>, #rows8>
    %p = gluon.addptr %xs, %offs : tensor<32x32x!gluon.ptr<f16>, #rows8>, tensor<32x32xi32, #rows8>
    %buf = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #colmajor>
    // expected-error @+1 {{'gluon.async_copy_global_to_local' op copies 2 bytes at a time, but cp.async copies 4, 8 or 16: the pointers' layout and what is known of their values keep 8 element(s) of f16 contiguous and aligned, and the shared layout #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}> keeps 1}}
    gluon.async_copy_global_to_local %p, %buf : tensor<32x32x!gluon.ptr<f16>, #rows8> -> !gluon.memdesc<32x32xf16, #colmajor>
    return
  }
}
