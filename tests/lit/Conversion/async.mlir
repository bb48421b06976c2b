// TMA copies and mbarriers in the LLVM dialect (gluon-to-nvvm): the tensor
// descriptor is the generic pointer to the kernel's byval, 64-byte aligned
// __grid_constant__ 128-byte CUtensorMap; each op is inline PTX whose
// predicate picks the issuing thread and holds the op's own predicate:
// thread 0 for mbarrier ops; for a copy, the elected lane of each warp that
// has a message in the round (one instruction per round of num_warps
// messages, the warp's box picked by its warp id as lane 0 holds it).
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
    // CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
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
    // Two boxes of [128, 64], one round: warp w < 2 copies box w, w * 64
    // columns on and w * 16 KiB into the block; coordinates innermost
    // first.
    // CHECK: %[[WARP:.*]] = llvm.lshr %[[TID]], %{{.*}} : i32
    // CHECK: %[[UWARP:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[WARP]], %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK: %[[ELECT:.*]] = nvvm.elect.sync -> i1
    // CHECK: %[[INROUND:.*]] = llvm.icmp "ult" %[[UWARP]], %[[C2]] : i32
    // CHECK: %[[ISSUES:.*]] = llvm.and %[[ELECT]], %[[INROUND]] : i1
    // CHECK: %[[P1:.*]] = llvm.and %[[PRED]], %[[ISSUES]] : i1
    // CHECK: %[[BYTES:.*]] = llvm.mul %[[UWARP]], %[[C16K]] : i32
    // CHECK: %[[BUF:.*]] = llvm.ptrtoint %[[SMEM]] : !llvm.ptr<3> to i32
    // CHECK: %[[BOX:.*]] = llvm.add %[[BUF]], %[[BYTES]] : i32
    // CHECK: %[[COLS:.*]] = llvm.mul %[[UWARP]], %[[C64]] : i32
    // CHECK: %[[NW:.*]] = llvm.add %[[N]], %[[COLS]] : i32
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %[[P1]], %[[BOX]], %[[DESC]], %[[NW]], %[[M]], %[[BAR]] : (i1, i32, !llvm.ptr, i32, i32, i32) -> ()
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
    // The store's boxes the same way, in one instruction, then one bulk
    // group.
    // CHECK: %[[SUWARP:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[WARP]], %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK: %[[SELECT:.*]] = nvvm.elect.sync -> i1
    // CHECK: %[[SINROUND:.*]] = llvm.icmp "ult" %[[SUWARP]], %[[C2]] : i32
    // CHECK: %[[SISSUES:.*]] = llvm.and %[[SELECT]], %[[SINROUND]] : i1
    // CHECK: %[[SCOLS:.*]] = llvm.mul %[[SUWARP]], %[[C64]] : i32
    // CHECK: %[[SNW:.*]] = llvm.add %[[N]], %[[SCOLS]] : i32
    // CHECK: %[[SBYTES:.*]] = llvm.mul %[[SUWARP]], %[[C16K]] : i32
    // CHECK: %[[SBOX:.*]] = llvm.add %[[BUF]], %[[SBYTES]] : i32
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %[[SISSUES]], %[[DESC]], %[[SNW]], %[[M]], %[[SBOX]] : (i1, !llvm.ptr, i32, i32, i32) -> ()
    // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.bulk.commit_group;", ""  : () -> ()
    gluon.async_tma_store %desc[%m, %n], %smem : !gluon.tensordesc<128x128xf16, #nvmma>, !gluon.memdesc<128x128xf16, #nvmma>
    // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.bulk.wait_group.read 2;", ""  : () -> ()
    gluon.tma_store_wait 2
    return
  }
}
