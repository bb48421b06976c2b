# Ampere's async copies and mma_v2 (frontend/builtins/nvidia/Ampere.cpp),
# each mistake reported at the kernel's source: a target without them
# (before sm_80), a copy whose buffer does not match its pointers (the
# verifier's own check, at the call, with a note at the buffer), a mask
# that is not boolean, cache modifiers cp.async does not have, the options
# gluonc does not implement yet, a wait_group count below 0, an
# mbarrier_arrive on something other than one mbarrier; an mma_v2
# accumulator that is not in a version [2, 0] NVMMADistributedLayout,
# operands that are not in its dot operand layouts (at the operand, with a
# note at the accumulator), types, shapes and K steps mma.sync cannot take
# (the verifier's plan, at the call), uint8, and input precisions. The
# layout gives cp.async fewer than 4 contiguous bytes: an error at the copy
# when the kernel is lowered. What a cp.async wrote reaches wgmma (the
# async proxy) only through fence_async_shared().
# RUN: rm -rf %t
#
# RUN: %expect-exit 1 %gluonc %s -k copy -s "*fp16:16" --arch sm_75 -o %t 2>&1 | FileCheck %s --check-prefix=SM75 --strict-whitespace
# RUN: %expect-exit 1 %gluonc %s -k wait_only -s "*fp16:16" --arch sm_75 -o %t 2>&1 | FileCheck %s --check-prefix=WAIT75
# RUN: %expect-exit 1 %gluonc %s -k mma -s "*fp16:16" --arch sm_75 -o %t 2>&1 | FileCheck %s --check-prefix=MMA75
# RUN: %expect-exit 1 %gluonc %s -k arrive_only -s "*fp16:16" --arch sm_75 -o %t 2>&1 | FileCheck %s --check-prefix=ARRIVE75
# RUN: %expect-exit 1 %gluonc %s -k barrier_sm80 -s "*fp16:16" --arch sm_80 -o %t 2>&1 | FileCheck %s --check-prefix=BARRIER80
# RUN: %expect-exit 1 %gluonc %s -k arrive_runtime_flag -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=RUNTIMEFLAG
#
# Copies.
# RUN: %expect-exit 1 %gluonc %s -k copy_shape -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=COPYSHAPE
# RUN: %expect-exit 1 %gluonc %s -k copy_dtype -s "*fp32:16" -o %t 2>&1 | FileCheck %s --check-prefix=COPYDTYPE
# RUN: %expect-exit 1 %gluonc %s -k copy_not_smem -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=NOTSMEM
# RUN: %expect-exit 1 %gluonc %s -k copy_scalar -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=SCALAR
# RUN: %expect-exit 1 %gluonc %s -k copy_mask_int -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=MASKINT
# RUN: %expect-exit 1 %gluonc %s -k copy_cache -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=CACHE
# RUN: %expect-exit 1 %gluonc %s -k copy_eviction -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=EVICTION
# RUN: %expect-exit 1 %gluonc %s -k copy_volatile -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=VOLATILE
# RUN: %expect-exit 1 %gluonc %s -k wait_negative -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=WAITNEG
# RUN: %expect-exit 1 %gluonc %s -k copy_arrive -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=ARRIVE
# Two contiguous fp16 (4 bytes) are enough; one (no divisibility) is not.
# RUN: %gluonc %s -k copy_narrow -s "*fp16:4, i32:2" -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
# RUN: %expect-exit 1 %gluonc %s -k copy_narrow -s "*fp16, i32" -o %t 2>&1 | FileCheck %s --check-prefix=NARROW
#
# mma_v2.
# RUN: %expect-exit 1 %gluonc %s -k acc_blocked -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=ACCLAYOUT
# RUN: %expect-exit 1 %gluonc %s -k acc_wgmma -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=ACCV3
# RUN: %expect-exit 1 %gluonc %s -k a_blocked -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=ALAYOUT --strict-whitespace
# RUN: %expect-exit 1 %gluonc %s -k b_as_a -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=BLAYOUT
# RUN: %expect-exit 1 %gluonc %s -k k_width -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=KWIDTH
# RUN: %expect-exit 1 %gluonc %s -k acc_int -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=ACCINT
# RUN: %expect-exit 1 %gluonc %s -k unsigned -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=UNSIGNED
# RUN: %expect-exit 1 %gluonc %s -k shapes -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=SHAPES
# RUN: %expect-exit 1 %gluonc %s -k small_k -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=SMALLK
# RUN: %expect-exit 1 %gluonc %s -k ieee -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=IEEE
# RUN: %expect-exit 1 %gluonc %s -k precision_name -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=PRECISION
# RUN: %gluonc %s -k tf32 -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
# RUN: %gluonc %s -k precision_ignored -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
#
# cp.async, then wgmma on sm_90a.
# RUN: %expect-exit 1 %gluonc %s -k unfenced -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=UNFENCED
# RUN: %gluonc %s -k fenced -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
# RUN: %gluonc %s -k copy -s "*fp16:16" --arch sm_80 -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
# RUN: %gluonc %s -k mma -s "*fp16:16" --arch sm_80 -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.ampere import async_copy, mma_v2
from triton.experimental.gluon.language.nvidia.hopper import fence_async_shared, warpgroup_mma

ROWS = gl.BlockedLayout([1, 8], [8, 4], [4, 1], [1, 0])
SMEM = gl.SwizzledSharedLayout(8, 2, 4, [1, 0])
MMA = gl.NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8])
DOT_A = gl.DotOperandLayout(operand_index=0, parent=MMA, k_width=2)
DOT_B = gl.DotOperandLayout(operand_index=1, parent=MMA, k_width=2)

# QUIET-NOT: {{error|warning}}


@gluon.jit
def tile_ptrs(ptr, ROWS_: gl.constexpr, COLS: gl.constexpr, layout: gl.constexpr):
    rows = gl.arange(0, ROWS_, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, COLS, layout=gl.SliceLayout(0, layout))
    return ptr + rows[:, None] * COLS + cols[None, :]


@gluon.jit
def copy(ptr):
    smem = gl.allocate_shared_memory(gl.float16, [32, 32], SMEM)
    async_copy.async_copy_global_to_shared(smem, tile_ptrs(ptr, 32, 32, ROWS))
    # SM75: ampere.py:[[@LINE-1]]:5: error: async_copy_global_to_shared needs asynchronous copies (cp.async), which sm_75 does not have (sm_80 or newer)
    # SM75-NEXT: {{^}}    async_copy.async_copy_global_to_shared(smem, tile_ptrs(ptr, 32, 32, ROWS)){{$}}
    # SM75-NEXT: {{^}}    ^{{$}}
    async_copy.commit_group()
    async_copy.wait_group(0)
    x = smem.load(ROWS)
    gl.store(tile_ptrs(ptr, 32, 32, ROWS), x + 1)


@gluon.jit
def arrive_only(ptr):
    bar = gl.allocate_shared_memory(gl.int64, [1], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    async_copy.mbarrier_arrive(bar)
    # ARRIVE75: ampere.py:[[@LINE-1]]:5: error: mbarrier_arrive needs asynchronous copies (cp.async), which sm_75 does not have (sm_80 or newer)


# increment_count picks the instruction: it is known at compile time.
@gluon.jit
def arrive_runtime_flag(n):
    bar = gl.allocate_shared_memory(gl.int64, [1], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    async_copy.mbarrier_arrive(bar, increment_count=n > 0)
    # RUNTIMEFLAG: ampere.py:[[@LINE-1]]:37: error: a run-time value has no compile-time truth value


# gluonc lowers mbarriers as Hopper has them.
@gluon.jit
def barrier_sm80(ptr):
    bar = gl.allocate_shared_memory(gl.int64, [1], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    async_copy.mbarrier_arrive(bar)
    # BARRIER80: ampere.py:[[@LINE-1]]:5: error: not supported yet: mbarriers on sm_80 (gluonc emits Hopper's mbarrier instructions: sm_90 or newer)


@gluon.jit
def wait_only(ptr):
    async_copy.wait_group(0)
    # WAIT75: ampere.py:[[@LINE-1]]:5: error: wait_group needs asynchronous copies (cp.async), which sm_75 does not have (sm_80 or newer)


@gluon.jit
def mma(ptr):
    a = gl.zeros([32, 16], gl.float16, DOT_A)
    b = gl.zeros([16, 16], gl.float16, DOT_B)
    acc = mma_v2(a, b, gl.zeros([32, 16], gl.float32, MMA))
    # MMA75: ampere.py:[[@LINE-1]]:11: error: mma_v2 needs mma.sync's m16n8k16 and m16n8k32, which sm_75 does not have (sm_80 or newer)
    gl.store(tile_ptrs(ptr, 32, 16, MMA), acc.to(gl.float16))


@gluon.jit
def copy_shape(ptr):
    smem = gl.allocate_shared_memory(gl.float16, [64, 32], SMEM)
    async_copy.async_copy_global_to_shared(smem, tile_ptrs(ptr, 32, 32, ROWS))
    # COPYSHAPE: ampere.py:[[@LINE-1]]:5: error: an async copy's pointers tensor<32x32x!gluon.ptr<f16>, #gluon.blocked<{{.*}}>> and shared memory !gluon.memdesc<64x32xf16, {{.*}}> must have one shape
    # COPYSHAPE: ampere.py:[[@LINE-3]]:12: note: the shared memory descriptor is defined here


@gluon.jit
def copy_dtype(ptr):
    smem = gl.allocate_shared_memory(gl.float16, [32, 32], SMEM)
    async_copy.async_load(smem, tile_ptrs(ptr, 32, 32, ROWS))
    # COPYDTYPE: ampere.py:[[@LINE-1]]:5: error: an async copy's pointers point at f32, but the shared memory !gluon.memdesc<32x32xf16, {{.*}}> holds f16


@gluon.jit
def copy_not_smem(ptr):
    async_copy.async_copy_global_to_shared(ptr, tile_ptrs(ptr, 32, 32, ROWS))
    # NOTSMEM: ampere.py:[[@LINE-1]]:44: error: smem must be a shared memory descriptor, got


@gluon.jit
def copy_scalar(ptr):
    smem = gl.allocate_shared_memory(gl.float16, [32, 32], SMEM)
    async_copy.async_copy_global_to_shared(smem, ptr)
    # SCALAR: ampere.py:[[@LINE-1]]:50: error: async_copy_global_to_shared needs a tensor of pointers, got


@gluon.jit
def copy_mask_int(ptr):
    smem = gl.allocate_shared_memory(gl.float16, [32, 32], SMEM)
    offs = gl.arange(0, 32, layout=gl.SliceLayout(0, ROWS))
    async_copy.async_copy_global_to_shared(smem, tile_ptrs(ptr, 32, 32, ROWS), mask=offs[None, :] + 1)
    # MASKINT: ampere.py:[[@LINE-1]]:80: error: the mask of async_copy_global_to_shared must be boolean, got gl.int32


@gluon.jit
def copy_cache(ptr):
    smem = gl.allocate_shared_memory(gl.float16, [32, 32], SMEM)
    async_copy.async_copy_global_to_shared(smem, tile_ptrs(ptr, 32, 32, ROWS), cache_modifier=".cv")
    # CACHE: ampere.py:[[@LINE-1]]:80: error: cp.async caches at all levels (".ca") or in L2 only (".cg"): cache_modifier must be "", ".ca" or ".cg", got ".cv"


@gluon.jit
def copy_eviction(ptr):
    smem = gl.allocate_shared_memory(gl.float16, [32, 32], SMEM)
    async_copy.async_copy_global_to_shared(smem, tile_ptrs(ptr, 32, 32, ROWS), eviction_policy="evict_last")
    # EVICTION: ampere.py:[[@LINE-1]]:80: error: not supported yet: async_copy_global_to_shared(eviction_policy=...)


@gluon.jit
def copy_volatile(ptr):
    smem = gl.allocate_shared_memory(gl.float16, [32, 32], SMEM)
    async_copy.async_load(smem, tile_ptrs(ptr, 32, 32, ROWS), volatile=True)
    # VOLATILE: ampere.py:[[@LINE-1]]:63: error: not supported yet: async_load(volatile=...)


@gluon.jit
def wait_negative(ptr):
    async_copy.wait_group(-1)
    # WAITNEG: ampere.py:[[@LINE-1]]:27: error: num_outstanding must be a count of copy groups (0 or more), got -1


@gluon.jit
def copy_arrive(ptr):
    bars = gl.allocate_shared_memory(gl.int64, [2], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    async_copy.mbarrier_arrive(bars)
    # ARRIVE: ampere.py:[[@LINE-1]]:32: error: an mbarrier is one int64 of shared memory
    # ARRIVE: ampere.py:[[@LINE-3]]:12: note: the shared memory descriptor is defined here


# One element per thread along the rows: cp.async copies at least 4 bytes.
@gluon.jit
def copy_narrow(ptr, stride):
    layout: gl.constexpr = gl.BlockedLayout([1, 2], [8, 4], [4, 1], [1, 0])
    rows = gl.arange(0, 32, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, 8, layout=gl.SliceLayout(0, layout))
    smem = gl.allocate_shared_memory(gl.float16, [32, 8], gl.SwizzledSharedLayout(1, 1, 1, [1, 0]))
    async_copy.async_copy_global_to_shared(smem, ptr + rows[:, None] * stride + cols[None, :])
    # NARROW: ampere.py:[[@LINE-1]]:5: error: 'gluon.async_copy_global_to_local' op copies 2 bytes at a time, but cp.async copies 4, 8 or 16: the pointers' layout and what is known of their values keep 1 element(s) of f16 contiguous and aligned, and the shared layout #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}> keeps 2 (give the pointers a layout with more consecutive elements per thread, and the kernel's pointer and stride parameters divisibility in the signature, e.g. *fp16:16 and i32:8)
    # NARROW-NOT: error
    async_copy.commit_group()
    async_copy.wait_group(0)
    gl.store(ptr + rows[:, None] * stride + cols[None, :], smem.load(layout))


@gluon.jit
def acc_blocked(ptr):
    acc = mma_v2(gl.zeros([32, 16], gl.float16, DOT_A), gl.zeros([16, 16], gl.float16, DOT_B), gl.zeros([32, 16], gl.float32, ROWS))
    # ACCLAYOUT: ampere.py:[[@LINE-1]]:96: error: mma_v2 needs an accumulator in an NVMMADistributedLayout of version [2, 0], got BlockedLayout(size_per_thread=[1, 8]


@gluon.jit
def acc_wgmma(ptr):
    layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 16, 16])
    acc = mma_v2(gl.zeros([64, 16], gl.float16, DOT_A), gl.zeros([16, 16], gl.float16, DOT_B), gl.zeros([64, 16], gl.float32, layout))
    # ACCV3: ampere.py:[[@LINE-1]]:96: error: mma_v2 needs an accumulator in an NVMMADistributedLayout of version [2, 0], got NVMMADistributedLayout(version=[3, 0]


@gluon.jit
def a_blocked(ptr):
    acc = gl.zeros([32, 16], gl.float32, MMA)
    acc = mma_v2(gl.zeros([32, 16], gl.float16, ROWS), gl.zeros([16, 16], gl.float16, DOT_B), acc)
    # ALAYOUT: ampere.py:[[@LINE-1]]:18: error: mma_v2's a needs the layout DotOperandLayout(operand_index=0, parent=<the accumulator's layout>, k_width=32 / element bits), got BlockedLayout(size_per_thread=[1, 8], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[1, 0])
    # ALAYOUT: ampere.py:[[@LINE-3]]:11: note: the accumulator's layout is NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8])


@gluon.jit
def b_as_a(ptr):
    acc = mma_v2(gl.zeros([32, 16], gl.float16, DOT_A), gl.zeros([16, 16], gl.float16, DOT_A), gl.zeros([32, 16], gl.float32, MMA))
    # BLAYOUT: ampere.py:[[@LINE-1]]:57: error: mma_v2's b needs the layout DotOperandLayout(operand_index=1, parent=<the accumulator's layout>, k_width=32 / element bits), got DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8]), k_width=2)


@gluon.jit
def k_width(ptr):
    a_layout: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=MMA, k_width=4)
    b_layout: gl.constexpr = gl.DotOperandLayout(operand_index=1, parent=MMA, k_width=4)
    acc = mma_v2(gl.zeros([32, 32], gl.float16, a_layout), gl.zeros([32, 16], gl.float16, b_layout), gl.zeros([32, 16], gl.float32, MMA))
    # KWIDTH: ampere.py:[[@LINE-1]]:11: error: mma_v2's `a` must be in DotOperandLayout(operand_index=0, parent=<the accumulator's layout>, k_width=2), got tensor<32x32xf16, #gluon.dot_op<{opIdx = 0, parent = {{.*}}, kWidth = 4}>>


@gluon.jit
def acc_int(ptr):
    acc = mma_v2(gl.zeros([32, 16], gl.float16, DOT_A), gl.zeros([16, 16], gl.float16, DOT_B), gl.zeros([32, 16], gl.int32, MMA))
    # ACCINT: ampere.py:[[@LINE-1]]:11: error: mma_v2 multiplies f16 into f32 or f16, bf16 into f32, f32 (as tf32) into f32, or i8 into i32; got f16 x f16 into i32


@gluon.jit
def unsigned(ptr):
    a_layout: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=MMA, k_width=4)
    b_layout: gl.constexpr = gl.DotOperandLayout(operand_index=1, parent=MMA, k_width=4)
    acc = mma_v2(gl.zeros([32, 32], gl.uint8, a_layout), gl.zeros([32, 16], gl.uint8, b_layout), gl.zeros([32, 16], gl.int32, MMA))
    # UNSIGNED: ampere.py:[[@LINE-1]]:11: error: not supported yet: mma_v2 of uint8 (int8 multiplies as signed)


@gluon.jit
def shapes(ptr):
    acc = mma_v2(gl.zeros([32, 32], gl.float16, DOT_A), gl.zeros([16, 16], gl.float16, DOT_B), gl.zeros([32, 16], gl.float32, MMA))
    # SHAPES: ampere.py:[[@LINE-1]]:11: error: mma_v2's shapes do not match: a tensor<32x32xf16


@gluon.jit
def small_k(ptr):
    acc = mma_v2(gl.zeros([32, 8], gl.float16, DOT_A), gl.zeros([8, 16], gl.float16, DOT_B), gl.zeros([32, 16], gl.float32, MMA))
    # SMALLK: ampere.py:[[@LINE-1]]:11: error: K = 8 is not a multiple of mma.sync's k = 16 for f16 operands


@gluon.jit
def ieee(ptr):
    a_layout: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=MMA, k_width=1)
    b_layout: gl.constexpr = gl.DotOperandLayout(operand_index=1, parent=MMA, k_width=1)
    acc = mma_v2(gl.zeros([32, 8], gl.float32, a_layout), gl.zeros([8, 16], gl.float32, b_layout), gl.zeros([32, 16], gl.float32, MMA), input_precision="ieee")
    # IEEE: ampere.py:[[@LINE-1]]:137: error: not supported yet: mma_v2 of fp32 with input_precision="ieee" (mma.sync multiplies fp32 as "tf32")


@gluon.jit
def precision_name(ptr):
    acc = mma_v2(gl.zeros([32, 16], gl.float16, DOT_A), gl.zeros([16, 16], gl.float16, DOT_B), gl.zeros([32, 16], gl.float32, MMA), input_precision="fast")
    # PRECISION: ampere.py:[[@LINE-1]]:133: error: input_precision must be "tf32", "tf32x3", "ieee", "bf16x3" or "bf16x6", got "fast"


@gluon.jit
def tf32(ptr):
    a_layout: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=MMA, k_width=1)
    b_layout: gl.constexpr = gl.DotOperandLayout(operand_index=1, parent=MMA, k_width=1)
    acc = mma_v2(gl.zeros([32, 8], gl.float32, a_layout), gl.zeros([8, 16], gl.float32, b_layout), gl.zeros([32, 16], gl.float32, MMA), input_precision="tf32")
    gl.store(tile_ptrs(ptr, 32, 16, MMA), acc.to(gl.float16))


# fp16 operands ignore the precision, as in Triton.
@gluon.jit
def precision_ignored(ptr):
    acc = mma_v2(gl.zeros([32, 16], gl.float16, DOT_A), gl.zeros([16, 16], gl.float16, DOT_B), gl.zeros([32, 16], gl.float32, MMA), input_precision="ieee")
    gl.store(tile_ptrs(ptr, 32, 16, MMA), acc.to(gl.float16))


WGMMA = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 64, 16])
NVMMA_SMEM = gl.NVMMASharedLayout(128, 16)


@gluon.jit
def unfenced(ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], NVMMA_SMEM)
    async_copy.async_copy_global_to_shared(a, tile_ptrs(ptr, 64, 64, ROWS))
    # UNFENCED: ampere.py:[[@LINE+4]]:11: error: a warpgroup_mma reads shared memory that threads stored without fence_async_shared() after the store: the async proxy may not see the values
    # UNFENCED: ampere.py:[[@LINE-2]]:5: note: the store
    async_copy.commit_group()
    async_copy.wait_group(0)
    acc = warpgroup_mma(a, a, gl.zeros([64, 64], gl.float32, WGMMA))
    gl.store(tile_ptrs(ptr, 64, 64, WGMMA), acc.to(gl.float16))


@gluon.jit
def fenced(ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], NVMMA_SMEM)
    async_copy.async_copy_global_to_shared(a, tile_ptrs(ptr, 64, 64, ROWS))
    async_copy.commit_group()
    async_copy.wait_group(0)
    fence_async_shared()
    acc = warpgroup_mma(a, a, gl.zeros([64, 64], gl.float32, WGMMA))
    gl.store(tile_ptrs(ptr, 64, 64, WGMMA), acc.to(gl.float16))
