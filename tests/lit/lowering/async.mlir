// TMA copies and mbarriers in the LLVM dialect (gluon-to-nvvm): the tensor
// descriptor is the generic pointer to the kernel's byval, 64-byte aligned
// __grid_constant__ 128-byte CUtensorMap; each op is inline PTX whose
// predicate picks the issuing thread (thread 0 for mbarrier ops, lane 0 of
// warp m % num_warps for message m of a copy) and the op's own predicate.
// codegen/tma.py checks the PTX these become and assembles it.
// RUN: %gluonc-opt %s --gluon-allocate-shared-memory --gluon-to-nvvm | FileCheck %s

// NVMMA buffers need 1024-byte alignment (TMA swizzles by address bits).
// CHECK: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func @copy
// CHECK-SAME: (%[[DESC:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 64 : i32, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %[[M:[a-z0-9_]+]]: i32, %[[N:[a-z0-9_]+]]: i32, %{{.*}}: i64, %{{.*}}: i64, %[[PHASE:[a-z0-9_]+]]: i32, %[[PRED:[a-z0-9_]+]]: i1)

#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#bar = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @copy(%desc: !gluon.tensordesc<128x128xf16, #nvmma>, %m: i32, %n: i32, %sm: i64, %sn: i64, %phase: i32, %pred: i1) {
    %true = arith.constant true
    %smem = gluon.local_alloc -> !gluon.memdesc<128x128xf16, #nvmma>
    %bar = gluon.local_alloc -> !gluon.memdesc<1xi64, #bar>
    // The mbarrier is after the 32 KiB block.
    // CHECK-DAG: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
    // CHECK-DAG: %[[C16K:.*]] = llvm.mlir.constant(16384 : i32) : i32
    // CHECK-DAG: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
    // CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
    // CHECK: %[[BARPTR:.*]] = llvm.getelementptr %[[SMEM]][32768] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
    // CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
    // CHECK: %[[BAR:.*]] = llvm.ptrtoint %[[BARPTR]] : !llvm.ptr<3> to i32
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 mbarrier.init.shared::cta.b64 [$1], 1;", "b,r" %[[T0]], %[[BAR]] : (i1, i32) -> ()
    gluon.init_barrier %bar, 1 : !gluon.memdesc<1xi64, #bar>
    // CHECK: %[[P0:.*]] = llvm.and %[[PRED]], %[[T0]] : i1
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], 32768;", "b,r" %[[P0]], %[[BAR]] : (i1, i32) -> ()
    gluon.barrier_expect %bar, 32768, %pred : !gluon.memdesc<1xi64, #bar>
    // Two boxes of [128, 64]: coordinates innermost first, the second box
    // 64 columns on, 16 KiB into the block, from thread 32.
    // CHECK: %[[BUF:.*]] = llvm.ptrtoint %[[SMEM]] : !llvm.ptr<3> to i32
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %[[P0]], %[[BUF]], %[[DESC]], %[[N]], %[[M]], %[[BAR]] : (i1, i32, !llvm.ptr, i32, i32, i32) -> ()
    // CHECK: %[[T32:.*]] = llvm.icmp "eq" %[[TID]], %[[C32]] : i32
    // CHECK: %[[P1:.*]] = llvm.and %[[PRED]], %[[T32]] : i1
    // CHECK: %[[BUF1:.*]] = llvm.add %[[BUF]], %[[C16K]] : i32
    // CHECK: %[[N64:.*]] = llvm.add %[[N]], %[[C64]] : i32
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %[[P1]], %[[BUF1]], %[[DESC]], %[[N64]], %[[M]], %[[BAR]] : (i1, i32, !llvm.ptr, i32, i32, i32) -> ()
    // CHECK-NOT: cp.async.bulk.tensor.2d.shared::cluster
    gluon.async_tma_load %desc[%m, %n], %smem, %bar, %pred : !gluon.tensordesc<128x128xf16, #nvmma>, !gluon.memdesc<128x128xf16, #nvmma>, !gluon.memdesc<1xi64, #bar>
    // Every thread spins on the phase's parity; the labels are local to the
    // braces.
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred complete;\0A@!$2 bra.uni skip;\0Await:\0Ambarrier.try_wait.parity.shared::cta.b64 complete, [$0], $1;\0A@!complete bra.uni wait;\0Askip:\0A}", "r,r,b" %[[BAR]], %[[PHASE]], %{{.*}} : (i32, i32, i1) -> ()
    gluon.wait_barrier %bar, %phase, %true : !gluon.memdesc<1xi64, #bar>
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 mbarrier.arrive.shared::cta.b64 _, [$1];", "b,r" %[[P0]], %[[BAR]] : (i1, i32) -> ()
    gluon.arrive_barrier %bar, 1, %pred : !gluon.memdesc<1xi64, #bar>
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], 4;", "b,r" %{{.*}}, %[[BAR]] : (i1, i32) -> ()
    gluon.arrive_barrier %bar, 4, %true : !gluon.memdesc<1xi64, #bar>
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r" %[[T0]], %[[BAR]] : (i1, i32) -> ()
    gluon.inval_barrier %bar : !gluon.memdesc<1xi64, #bar>
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "fence.proxy.async.shared::cta;", ""  : () -> ()
    gluon.fence_async_shared
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "fence.proxy.async.shared::cluster;", ""  : () -> ()
    gluon.fence_async_shared cluster
    // The store's boxes from the same threads, then one bulk group.
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %[[T0]], %[[DESC]], %[[N]], %[[M]], %[[BUF]] : (i1, !llvm.ptr, i32, i32, i32) -> ()
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %[[T32]], %[[DESC]], %[[N64]], %[[M]], %[[BUF1]] : (i1, !llvm.ptr, i32, i32, i32) -> ()
    // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.bulk.commit_group;", ""  : () -> ()
    gluon.async_tma_store %desc[%m, %n], %smem : !gluon.tensordesc<128x128xf16, #nvmma>, !gluon.memdesc<128x128xf16, #nvmma>
    // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.bulk.wait_group.read 2;", ""  : () -> ()
    gluon.tma_store_wait 2
    return
  }
}
