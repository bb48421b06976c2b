# Hopper TMA copies and mbarriers as PTX (backends/nvidia/AsyncOpToLLVM.cpp):
# a tensor descriptor parameter is Triton's 128-byte CUtensorMap by value
# (.param .align 64 .b8 [128], addressed with cvta.param), then the shape
# (.u32) and strides (.u64); mbarrier ops are thread 0's; a copy moves the
# boxes of the block in rounds of num_warps, one cp.async.bulk.tensor per
# round: the elected lane (elect.sync) of warp w issues box
# round * num_warps + w, its coordinates (innermost first) and shared
# address picked with the warp id as lane 0 holds it (shfl.sync), so that
# ptxas keeps them uniform; a store commits a bulk group, store_wait waits
# for its reads. Every PTX file assembles for sm_90a.
# RUN: rm -rf %t
#
# A copy of one block, with a block of one box ([128, 64] fp16) and of two.
# RUN: %gluonc %s -k copy -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[128, 64]>" --emit ptx -o %t/one
# RUN: FileCheck %s --check-prefix=ONE --input-file %t/one/copy.sm_90a.ptx
# RUN: %gluonc %s -k copy -s "tensordesc<fp16[128, 128]>, tensordesc<fp16[128, 128]>" --emit ptx -o %t/two
# RUN: FileCheck %s --check-prefix=TWO --input-file %t/two/copy.sm_90a.ptx
# The sample (a persistent copy through a ring of buffers) as its
# docstring compiles it.
# RUN: %gluonc %samples/tma_copy.py -k tma_copy_kernel -w 1 -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[128, 64]>, 6, 3" --emit ptx -o %t/sample
# Its fastest configuration: 8-byte elements, unswizzled 8 x 256 boxes
# (one box per block, rows of 2 KiB), one 16 KiB TMA load per block.
# RUN: %gluonc %samples/tma_copy.py -k tma_copy_kernel -w 1 -s "tensordesc<u64[8, 256], NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth=64, rank=2)>, tensordesc<u64[8, 256], NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth=64, rank=2)>, 5, 2" --emit ptx -o %t/unswizzled
# RUN: %if ptxas %{ %gluonc %samples/tma_copy.py -k tma_copy_kernel -w 1 -s "tensordesc<u64[8, 256], NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth=64, rank=2)>, tensordesc<u64[8, 256], NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth=64, rank=2)>, 5, 2" -o %t/unswizzled-json && FileCheck %s --check-prefix=UNSWIZZLED-JSON --input-file %t/unswizzled-json/tma_copy_kernel.sm_90a.json %}
# UNSWIZZLED-JSON: "box_shape": [
# UNSWIZZLED-JSON-NEXT: 8,
# UNSWIZZLED-JSON-NEXT: 256
# UNSWIZZLED-JSON: "element_bytes": 8,
# UNSWIZZLED-JSON: "swizzle_bytes": 0,
# UNSWIZZLED-JSON-NEXT: "tma_data_type": 4,
# UNSWIZZLED-JSON-NEXT: "tma_swizzle": 0
# RUN: FileCheck %s --check-prefix=UNSWIZZLED --input-file %t/unswizzled/tma_copy_kernel.sm_90a.ptx
# UNSWIZZLED: mbarrier.arrive.expect_tx{{.*}}, 16384;
# UNSWIZZLED: cp.async.bulk.tensor.2d.shared::cluster.global
#
# Four boxes and two warps: two rounds, warps 0 and 1 each issue a box in
# each.
# RUN: %gluonc %s -k wide -s "tensordesc<bf16[128, 256]>" -w 2 --emit ptx -o %t/wide
# RUN: FileCheck %s --check-prefix=WIDE --input-file %t/wide/wide.sm_90a.ptx
# More than 256 rows: boxes of 256 along dimension 0.
# RUN: %gluonc %s -k tall -s "tensordesc<fp16[512, 32]>" --emit ptx -o %t/tall
# RUN: FileCheck %s --check-prefix=TALL --input-file %t/tall/tall.sm_90a.ptx
# Rank 3 and rank 1.
# RUN: %gluonc %s -k rank3 -s "tensordesc<fp32[2, 16, 32]>" --emit ptx -o %t/rank3
# RUN: FileCheck %s --check-prefix=RANK3 --input-file %t/rank3/rank3.sm_90a.ptx
# RUN: %gluonc %s -k rank1 -s "tensordesc<i32[256]>" --emit ptx -o %t/rank1
# RUN: FileCheck %s --check-prefix=RANK1 --input-file %t/rank1/rank1.sm_90a.ptx
# Threads' stores through a fence, arrivals, predicates.
# RUN: %gluonc %s -k store_from_registers -s "tensordesc<fp16[64, 64]>" --emit ptx -o %t/store
# RUN: FileCheck %s --check-prefix=STORE --input-file %t/store/store_from_registers.sm_90a.ptx
# RUN: %gluonc %s -k arrivals -s "tensordesc<fp16[64, 64]>, i32" --emit ptx -o %t/arrive
# RUN: FileCheck %s --check-prefix=ARRIVE --input-file %t/arrive/arrivals.sm_90a.ptx
# RUN: %gluonc %gpu-tests/copies_kernels.py -k tma_slice_kernel -s "tensordesc<fp32[128, 128]>, tensordesc<fp32[128, 128]>" --emit ptx -o %t/slices
# RUN: FileCheck %s --check-prefix=SLICES --input-file %t/slices/tma_slice_kernel.sm_90a.ptx
# RUN: %if ptxas %{ for f in one/copy two/copy sample/tma_copy_kernel unswizzled/tma_copy_kernel wide/wide tall/tall rank3/rank3 rank1/rank1 store/store_from_registers arrive/arrivals slices/tma_slice_kernel; do %ptxas -arch=sm_90a %t/$f.sm_90a.ptx -o %t/$f.cubin || exit 1; done %}
#
# ONE: .extern .shared .align 1024 .b8 global_smem[];
# ONE: .visible .entry copy(
# ONE-NEXT: .param .align 64 .b8 copy_param_0[128],
# ONE-NEXT: .param .u32 copy_param_1,
# ONE-NEXT: .param .u32 copy_param_2,
# ONE-NEXT: .param .u64 copy_param_3,
# ONE-NEXT: .param .u64 copy_param_4,
# ONE-NEXT: .param .align 64 .b8 copy_param_5[128],
# ONE-NEXT: .param .u32 copy_param_6,
# ONE-NEXT: .param .u32 copy_param_7,
# ONE-NEXT: .param .u64 copy_param_8,
# ONE-NEXT: .param .u64 copy_param_9
# ONE-NEXT: )
# The maps' generic addresses: TMA reads them in parameter space.
# ONE-DAG: mov.b64 %[[IN_PARAM:rd[0-9]+]], copy_param_0;
# ONE-DAG: mov.b64 %[[OUT_PARAM:rd[0-9]+]], copy_param_5;
# ONE-DAG: cvta.param.u64 %[[IN:rd[0-9]+]], %[[IN_PARAM]];
# ONE-DAG: cvta.param.u64 %[[OUT:rd[0-9]+]], %[[OUT_PARAM]];
# off_m = pid(0) * 128, off_n = pid(1) * 64.
# ONE-DAG: shl.b32 %[[M:r[0-9]+]], %{{r[0-9]+}}, 7;
# ONE-DAG: shl.b32 %[[N:r[0-9]+]], %{{r[0-9]+}}, 6;
# ONE-DAG: setp.eq.b32 %[[T0:p[0-9]+]], %[[TID:r[0-9]+]], 0;
# The mbarrier after the 16 KiB block.
# ONE-DAG: mov.b32 %[[SMEM:r[0-9]+]], global_smem;
# ONE-DAG: add.s32 %[[BAR:r[0-9]+]], %[[SMEM]], 16384;
# ONE: @%[[T0]] mbarrier.init.shared::cta.b64 [%[[BAR]]], 1;
# ONE: bar.sync 0;
# ONE: @%[[T0]] mbarrier.arrive.expect_tx.shared::cta.b64 _, [%[[BAR]]], 16384;
# One box: warp 0's elected lane.
# ONE: shr.u32 %[[WARP:r[0-9]+]], %[[TID]], 5;
# ONE-NEXT: shfl.sync.idx.b32 %[[UWARP:r[0-9]+]], %[[WARP]], 0, 31, -1;
# ONE-NEXT: elect.sync %{{r[0-9]+}}|%[[ELECTED:p[0-9]+]], -1;
# ONE-NEXT: setp.eq.b32 %[[W0:p[0-9]+]], %[[UWARP]], 0;
# ONE-NEXT: and.pred %[[ISSUE:p[0-9]+]], %[[W0]], %[[ELECTED]];
# ONE: @%[[ISSUE]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%[[SMEM]]], [%[[IN]], {%[[N]], %[[M]]}], [%[[BAR]]];
# ONE-NOT: cp.async.bulk.tensor
# Every thread waits for phase 0.
# ONE: mov.b32 %[[PHASE:r[0-9]+]], 0;
# ONE: {
# ONE-NEXT: .reg .pred complete;
# ONE-NEXT: @!%{{p[0-9]+}} bra.uni skip;
# ONE-NEXT: wait:
# ONE-NEXT: mbarrier.try_wait.parity.shared::cta.b64 complete, [%[[BAR]]], %[[PHASE]];
# ONE-NEXT: @!complete bra.uni wait;
# ONE-NEXT: skip:
# ONE-NEXT: }
# ONE: bar.sync 0;
# ONE: @%[[T0]] mbarrier.inval.shared::cta.b64 [%[[BAR]]];
# ONE: elect.sync
# ONE: @%{{p[0-9]+}} cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%[[OUT]], {%[[N]], %[[M]]}], [%[[SMEM]]];
# ONE-NOT: cp.async.bulk.tensor
# ONE: cp.async.bulk.commit_group;
# ONE: cp.async.bulk.wait_group.read 0;
# ONE-NEXT: // end inline asm
# ONE-NEXT: ret;
#
# [128, 128] is two boxes of [128, 64], one round: warp w < 2 issues box
# w, w * 64 columns on and w * 16 KiB into the block.
# TWO: .extern .shared .align 1024 .b8 global_smem[];
# TWO-DAG: shl.b32 %[[M:r[0-9]+]], %{{r[0-9]+}}, 7;
# TWO-DAG: mov.u32 %[[TID:r[0-9]+]], %tid.x;
# TWO-DAG: mov.b32 %[[SMEM:r[0-9]+]], global_smem;
# TWO-DAG: add.s32 %[[BAR:r[0-9]+]], %[[SMEM]], 32768;
# TWO: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%[[BAR]]], 32768;
# TWO: shr.u32 %[[WARP:r[0-9]+]], %[[TID]], 5;
# TWO-NEXT: shfl.sync.idx.b32 %[[UWARP:r[0-9]+]], %[[WARP]], 0, 31, -1;
# TWO-NEXT: elect.sync %{{r[0-9]+}}|%[[ELECTED:p[0-9]+]], -1;
# TWO-NEXT: setp.lt.u32 %[[INROUND:p[0-9]+]], %[[UWARP]], 2;
# TWO-NEXT: and.pred %[[ISSUE:p[0-9]+]], %[[INROUND]], %[[ELECTED]];
# TWO-DAG: shl.b32 %[[BYTES:r[0-9]+]], %[[UWARP]], 14;
# TWO-DAG: add.s32 %[[BOX:r[0-9]+]], %[[BYTES]], %[[SMEM]];
# TWO-DAG: shl.b32 %[[COLS:r[0-9]+]], %[[UWARP]], 6;
# TWO-DAG: add.s32 %[[NW:r[0-9]+]], %[[COLS]], %[[N:r[0-9]+]];
# TWO: @%[[ISSUE]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%[[BOX]]], [%[[IN:rd[0-9]+]], {%[[NW]], %[[M]]}], [%[[BAR]]];
# TWO-NOT: cp.async.bulk.tensor.2d.shared::cluster
# The store: the same boxes from the same warps, in one instruction.
# TWO: elect.sync
# TWO: @%{{p[0-9]+}} cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%[[OUT:rd[0-9]+]], {%{{r[0-9]+}}, %[[M]]}], [%{{r[0-9]+}}];
# TWO-NEXT: // end inline asm
# TWO-NEXT: // begin inline asm
# TWO-NEXT: cp.async.bulk.commit_group;
#
# WIDE: .reqntid 64, 1, 1
# WIDE-DAG: shl.b32 %[[M:r[0-9]+]], %{{r[0-9]+}}, 7;
# WIDE-DAG: shl.b32 %[[N:r[0-9]+]], %{{r[0-9]+}}, 8;
# WIDE-DAG: mov.b32 %[[SMEM:r[0-9]+]], global_smem;
# WIDE: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%[[BAR:r[0-9]+]]], 65536;
# Both warps take part in both rounds: the elected lane alone predicates.
# WIDE: shfl.sync.idx.b32 %[[UWARP:r[0-9]+]], %{{r[0-9]+}}, 0, 31, -1;
# WIDE-NEXT: elect.sync %{{r[0-9]+}}|%[[ELECTED:p[0-9]+]], -1;
# WIDE-DAG: shl.b32 %[[BYTES:r[0-9]+]], %[[UWARP]], 14;
# WIDE-DAG: add.s32 %[[S0:r[0-9]+]], %[[BYTES]], %[[SMEM]];
# WIDE-DAG: shl.b32 %[[COLS:r[0-9]+]], %[[UWARP]], 6;
# WIDE-DAG: add.s32 %[[N0:r[0-9]+]], %[[COLS]], %[[N]];
# WIDE: @%[[ELECTED]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%[[S0]]], [%[[IN:rd[0-9]+]], {%[[N0]], %[[M]]}], [%[[BAR]]];
# The second round: boxes 2 and 3, 128 columns and 32 KiB further.
# WIDE-DAG: add.s32 %[[S1:r[0-9]+]], %[[S0]], 32768;
# WIDE-DAG: add.s32 %[[N1:r[0-9]+]], %[[N0]], 128;
# WIDE: @%[[ELECTED]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%[[S1]]], [%[[IN]], {%[[N1]], %[[M]]}], [%[[BAR]]];
# WIDE-NOT: cp.async.bulk.tensor.2d.shared::cluster
# The stores, by the same rounds: one commit for all four.
# WIDE: elect.sync %{{r[0-9]+}}|%[[SELECTED:p[0-9]+]], -1;
# WIDE: @%[[SELECTED]] cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%[[IN]], {%[[SN0:r[0-9]+]], %[[M]]}], [%[[SS0:r[0-9]+]]];
# WIDE-DAG: add.s32 %[[SN1:r[0-9]+]], %[[SN0]], 128;
# WIDE-DAG: add.s32 %[[SS1:r[0-9]+]], %[[SS0]], 32768;
# WIDE: @%[[SELECTED]] cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%[[IN]], {%[[SN1]], %[[M]]}], [%[[SS1]]];
# WIDE-NEXT: // end inline asm
# WIDE-NEXT: // begin inline asm
# WIDE-NEXT: cp.async.bulk.commit_group;
# WIDE-NEXT: // end inline asm
# WIDE-NEXT: // begin inline asm
# WIDE-NEXT: cp.async.bulk.wait_group.read 0;
#
# TALL: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%{{r[0-9]+}}], 32768;
# Two boxes of 256 rows, one round: warp w's box is 256 * w rows and
# 16 KiB * w on.
# TALL: shfl.sync.idx.b32 %[[UWARP:r[0-9]+]], %{{r[0-9]+}}, 0, 31, -1;
# TALL-DAG: shl.b32 %[[BYTES:r[0-9]+]], %[[UWARP]], 14;
# TALL-DAG: shl.b32 %[[ROWS:r[0-9]+]], %[[UWARP]], 8;
# TALL-DAG: add.s32 %[[SMEM:r[0-9]+]], %[[BYTES]], %{{r[0-9]+}};
# TALL-DAG: add.s32 %[[MW:r[0-9]+]], %[[ROWS]], %{{r[0-9]+}};
# TALL: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%[[SMEM]]], [%{{rd[0-9]+}}, {%{{r[0-9]+}}, %[[MW]]}]
# TALL-NOT: cp.async.bulk.tensor.2d.shared::cluster
#
# Three coordinates, innermost first: (k, j, i) of desc[i, j, k].
# [2, 16, 32] fp32 with a 128-byte swizzle is one box.
# RANK3: .param .align 64 .b8 rank3_param_0[128],
# RANK3-NEXT: .param .u32 rank3_param_1,
# RANK3-NEXT: .param .u32 rank3_param_2,
# RANK3-NEXT: .param .u32 rank3_param_3,
# RANK3-NEXT: .param .u64 rank3_param_4,
# RANK3-NEXT: .param .u64 rank3_param_5,
# RANK3-NEXT: .param .u64 rank3_param_6
# RANK3-DAG: ld.param.b32 %[[I:r[0-9]+]], [rank3_param_1];
# RANK3-DAG: ld.param.b32 %[[J:r[0-9]+]], [rank3_param_2];
# RANK3-DAG: ld.param.b32 %[[K:r[0-9]+]], [rank3_param_3];
# RANK3: cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%{{r[0-9]+}}], [%{{rd[0-9]+}}, {%[[K]], %[[J]], %[[I]]}], [%{{r[0-9]+}}];
# RANK3-NOT: cp.async.bulk.tensor
# RANK3: cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%{{rd[0-9]+}}, {%[[K]], %[[J]], %[[I]]}], [%{{r[0-9]+}}];
# RANK3-NOT: cp.async.bulk.tensor
#
# RANK1: .param .align 64 .b8 rank1_param_0[128],
# RANK1-NEXT: .param .u32 rank1_param_1,
# RANK1-NEXT: .param .u64 rank1_param_2
# RANK1: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%{{r[0-9]+}}], 1024;
# RANK1: cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes [%{{r[0-9]+}}], [%{{rd[0-9]+}}, {%{{r[0-9]+}}}], [%{{r[0-9]+}}];
# RANK1-NOT: cp.async.bulk.tensor
# RANK1: cp.async.bulk.tensor.1d.global.shared::cta.bulk_group [%{{rd[0-9]+}}, {%{{r[0-9]+}}}], [%{{r[0-9]+}}];
# RANK1-NOT: cp.async.bulk.tensor
#
# The threads' stores, the fence, a barrier, then the TMA store; store_wait
# lets one group stay in flight.
# STORE: st.shared
# STORE-NOT: bar.sync
# STORE: fence.proxy.async.shared::cta;
# STORE-NEXT: // end inline asm
# STORE-NEXT: bar.sync 0;
# STORE: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
# STORE: cp.async.bulk.commit_group;
# STORE: cp.async.bulk.wait_group.read 1;
# STORE: fence.proxy.async.shared::cluster;
#
# Arrivals: one (no count operand) or several, where the predicate holds,
# from thread 0; Ampere's arrive is one arrival.
# ARRIVE: setp.eq.b32 %[[T0:p[0-9]+]], %{{r[0-9]+}}, 0;
# ARRIVE: @%[[T0]] mbarrier.init.shared::cta.b64 [%[[BAR:r[0-9]+]]], 3;
# ARRIVE: bar.sync 0;
# ARRIVE-NEXT: // begin inline asm
# ARRIVE-NEXT: @%[[T0]] mbarrier.arrive.shared::cta.b64 _, [%[[BAR]]];
# ARRIVE: and.pred %[[P:p[0-9]+]], %{{p[0-9]+}}, %{{p[0-9]+}};
# ARRIVE: @%[[P]] mbarrier.arrive.shared::cta.b64 _, [%[[BAR]]], 2;
# ARRIVE: @%[[T0]] mbarrier.arrive.shared::cta.b64 _, [%[[BAR]]];
# Triton main's bytes_per_cta and async_load.
# ARRIVE: @%[[T0]] mbarrier.arrive.expect_tx.shared::cta.b64 _, [%[[BAR]]], 8192;
# A predicated load, issued where the predicate holds, by warp 0's elected
# lane.
# ARRIVE: elect.sync %{{r[0-9]+}}|%[[ELECTED:p[0-9]+]], -1;
# ARRIVE: and.pred %[[W0:p[0-9]+]], %{{p[0-9]+}}, %[[ELECTED]];
# ARRIVE: and.pred %[[LP:p[0-9]+]], %{{p[0-9]+}}, %[[W0]];
# ARRIVE: @%[[LP]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# The wait's phase is a run-time value.
# ARRIVE: mbarrier.try_wait.parity.shared::cta.b64 complete, [%[[BAR]]], %{{r[0-9]+}};
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import fence_async_shared, mbarrier, tma
from triton.experimental.gluon.language.nvidia import ampere


@gluon.jit
def roundtrip(desc, coord):
    smem = gl.allocate_shared_memory(desc.dtype, desc.block_type.shape, desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    mbarrier.expect(bar, desc.block_type.nbytes)
    tma.async_copy_global_to_shared(desc, coord, bar, smem)
    mbarrier.wait(bar, phase=0)
    mbarrier.invalidate(bar)
    tma.async_copy_shared_to_global(desc, coord, smem)
    tma.store_wait(pendings=0)


@gluon.jit
def copy(in_desc, out_desc):
    BLOCK_M: gl.constexpr = in_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = in_desc.block_type.shape[1]
    off_m = gl.program_id(0) * BLOCK_M
    off_n = gl.program_id(1) * BLOCK_N
    smem = gl.allocate_shared_memory(in_desc.dtype, in_desc.block_type.shape, in_desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    mbarrier.expect(bar, in_desc.block_type.nbytes)
    tma.async_copy_global_to_shared(in_desc, [off_m, off_n], bar, smem)
    mbarrier.wait(bar, phase=0)
    mbarrier.invalidate(bar)
    tma.async_copy_shared_to_global(out_desc, [off_m, off_n], smem)
    tma.store_wait(pendings=0)


@gluon.jit
def wide(desc):
    roundtrip(desc, [gl.program_id(0) * 128, gl.program_id(1) * 256])


@gluon.jit
def tall(desc):
    roundtrip(desc, [gl.program_id(0) * 512, gl.program_id(1) * 32])


@gluon.jit
def rank3(desc):
    roundtrip(desc, [desc.shape[0], desc.shape[1], desc.shape[2]])


@gluon.jit
def rank1(desc):
    roundtrip(desc, [gl.program_id(0) * 256])


@gluon.jit
def store_from_registers(desc):
    smem = gl.allocate_shared_memory(desc.dtype, desc.block_type.shape, desc.layout)
    smem.store(gl.full([64, 64], 1.0, desc.dtype, gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])))
    fence_async_shared()
    tma.async_store(desc, [0, 0], smem)
    tma.store_wait(1)
    fence_async_shared(cluster=True)


@gluon.jit
def arrivals(desc, n):
    smem = gl.allocate_shared_memory(desc.dtype, desc.block_type.shape, desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=3)
    mbarrier.arrive(bar)
    mbarrier.arrive(bar, count=2, pred=n > 0)
    ampere.mbarrier.arrive(bar)
    mbarrier.expect(bar, bytes_per_cta=desc.block_type.nbytes)
    tma.async_load(desc, [0, 0], bar, smem, pred=n > 1)
    mbarrier.wait(bar, n & 1)


# tests/gpu/copies_kernels.py's tma_slice_kernel (as Triton's
# test_tma_slice): a copy into, and out of, the second half of a [256, 128]
# fp32 buffer while threads write the first. The halves interleave (each
# 32-column chunk of the allocation is 256 rows of 128 bytes), so the
# block's four [128, 32] boxes lie 32 KiB apart instead of the block's own
# 16 KiB, from 16 KiB into the allocation. The threads' stores touch the
# other half: the TMA store needs no fence after them.
# SLICES: mov.b32 %[[SMEM:r[0-9]+]], global_smem;
# SLICES: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%{{r[0-9]+}}], 65536;
# SLICES: shfl.sync.idx.b32 %[[UWARP:r[0-9]+]], %{{r[0-9]+}}, 0, 31, -1;
# SLICES-DAG: shl.b32 %[[BYTES:r[0-9]+]], %[[UWARP]], 15;
# SLICES-DAG: add.s32 %[[SECOND:r[0-9]+]], %[[SMEM]], 16384;
# SLICES-DAG: add.s32 %[[BOX:r[0-9]+]], %[[BYTES]], %[[SECOND]];
# SLICES-DAG: shl.b32 %[[COLS:r[0-9]+]], %[[UWARP]], 5;
# SLICES: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%[[BOX]]], [%{{rd[0-9]+}}, {%[[COLS]], %{{r[0-9]+}}}]
# SLICES: mbarrier.try_wait.parity
# SLICES-NOT: bar.sync
# SLICES-NOT: fence.proxy.async
# SLICES: st.shared
# SLICES-NOT: bar.sync
# SLICES-NOT: fence.proxy.async
# SLICES: shl.b32 %[[SBYTES:r[0-9]+]], %{{r[0-9]+}}, 15;
# SLICES-NEXT: add.s32 %[[SBOX:r[0-9]+]], %[[SBYTES]], %[[SECOND]];
# SLICES: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%{{rd[0-9]+}}, {%{{r[0-9]+}}, %{{r[0-9]+}}}], [%[[SBOX]]];
