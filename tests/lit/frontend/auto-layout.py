# AutoLayout: gl.arange, gl.full and gl.zeros without a layout (or with
# gl.AutoLayout() or gl.CoalescedLayout()) make
# tensors whose layout gluon-resolve-auto-layouts infers from
# gl.set_auto_layout, or from a concrete operand they meet (an operator, a
# store, a loop-carried value or an if's branch that gives one). Module-level host code may
# ask Triton's driver for the current target: the one compiled for.
# RUN: rm -rf %t
# RUN: %gluonc %s -k offsets -s "*i32:16, *i32:16" --emit cubin -o %t/offsets --print-ir-after verify 2>&1 | FileCheck %s --check-prefix=OFFSETS
# RUN: %gluonc %s -k accumulate -s "*fp32:16" --emit cubin -o %t/acc --print-ir-after verify 2>&1 | FileCheck %s --check-prefix=ACC
# RUN: %gluonc %s -k accumulate_auto -s "*fp32:16" --emit cubin -o %t/acc-auto --print-ir-after verify 2>&1 | FileCheck %s --check-prefix=ACC
# RUN: %gluonc %s -k branch -s "*fp32:16, i32" -o %t/branch --print-ir-after verify 2>&1 | FileCheck %s --check-prefix=BRANCH
# RUN: %gluonc %s -k masked -s "*fp32:16, i32" -o %t/masked --print-ir-after verify 2>&1 | FileCheck %s --check-prefix=MASKED
# RUN: %gluonc %s -k unused -s "" -o %t/unused
# RUN: %gluonc %s -k coalesced_copy -s "*fp16:16, *fp16:16, i32:16" --emit cubin -o %t/coalesced --print-ir-after verify 2>&1 | FileCheck %s --check-prefix=COALESCED
# RUN: %gluonc %s -k coalesced_1d -s "*fp32:16, *fp32:16, i32" --emit ptx -o %t/coalesced1d --print-ir-after verify 2>&1 | FileCheck %s --check-prefix=COALESCED1D
# RUN: %gluonc %s -k row_sums -s "*fp32:16, *fp32:16" --emit ptx -o %t/sums --print-ir-after verify 2>&1 | FileCheck %s --check-prefix=REDUCE
# RUN: %gluonc %s -k row_maxima -s "*fp32:16, *fp32:16" --emit ptx -o %t/maxima --print-ir-after verify 2>&1 | FileCheck %s --check-prefix=REDUCE
# RUN: %gluonc %s -k total_and_scan -s "*fp32:16, *fp32:16" --emit ptx -o %t/total --print-ir-after verify 2>&1 | FileCheck %s --check-prefix=SCAN
# RUN: %gluonc %s -k target_facts -s "" -o %t/target 2>&1 | FileCheck %s --check-prefix=TARGET
# RUN: %gluonc %s -k target_facts -s "" --arch gfx942 -o %t/target-amd 2>&1 | FileCheck %s --check-prefix=TARGET-AMD
import triton
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

THREADS = triton.runtime.driver.active.get_current_target().warp_size


@gluon.jit
def offsets(in_ptr, out_ptr):
    offs = gl.arange(0, 32)[:, None] * 8 + gl.arange(0, 8)[None, :]
    blocked: gl.constexpr = gl.BlockedLayout([1, 1], [4, THREADS // 4], [4, 1], [1, 0])
    value = gl.load(gl.set_auto_layout(in_ptr + offs, blocked))
    gl.store(gl.set_auto_layout(out_ptr + offs, blocked), value + 1)
# OFFSETS: #[[B:.*]] = #gluon.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
# OFFSETS: #[[S1:.*]] = #gluon.slice<{dim = 1, parent = #[[B]]}>
# OFFSETS: #[[S0:.*]] = #gluon.slice<{dim = 0, parent = #[[B]]}>
# OFFSETS: gluon.arange 0 to 32 : tensor<32xi32, #[[S1]]>
# OFFSETS: gluon.arange 0 to 8 : tensor<8xi32, #[[S0]]>
# OFFSETS: gluon.load {{.*}} -> tensor<32x8xi32, #[[B]]>
# OFFSETS-NOT: auto


@gluon.jit
def accumulate(ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    acc = gl.zeros([128], gl.float32)
    offs = gl.arange(0, 128, layout=layout)
    for i in range(4):
        acc = acc + gl.load(ptr + offs + i * 128)
    gl.store(ptr + offs, acc)


@gluon.jit
def accumulate_auto(ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    acc = gl.full([128], 0.0, gl.float32, layout=gl.AutoLayout())
    offs = gl.arange(0, 128)
    for i in range(4):
        acc = acc + gl.load(ptr + offs + i * 128)
    gl.store(gl.set_auto_layout(ptr + offs, layout), acc)
# ACC: #[[L:.*]] = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
# ACC: %[[INIT:.*]] = gluon.splat {{.*}} -> tensor<128xf32, #[[L]]>
# ACC: scf.for {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (tensor<128xf32, #[[L]]>)
# ACC-NOT: auto


@gluon.jit
def branch(ptr, c):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    x = gl.arange(0, 128)
    if c > 0:
        x = x + gl.arange(0, 128, layout=layout)
    gl.store(ptr + x, 1.0)
# BRANCH: #[[L:.*]] = #gluon.blocked
# BRANCH: gluon.arange 0 to 128 : tensor<128xi32, #[[L]]>
# BRANCH: scf.if {{.*}} -> (tensor<128xi32, #[[L]]>)
# BRANCH-NOT: auto


# Pointers in AutoLayout take a concrete mask's (or other's) layout.
@gluon.jit
def masked(ptr, n):
    layout: gl.constexpr = gl.BlockedLayout([2], [32], [4], [0])
    offs = gl.arange(0, 256)
    mask = gl.arange(0, 256, layout=layout) < n
    x = gl.load(ptr + offs, mask=mask, other=0.0)
    gl.store(ptr + offs, x + 1.0, mask=mask)
# MASKED: #[[L:.*]] = #gluon.blocked<{sizePerThread = [2]
# MASKED: gluon.arange 0 to 256 : tensor<256xi32, #[[L]]>
# MASKED-NOT: auto


# Tensors in AutoLayout that nothing uses need no layout; a 0-D "tensor"
# is a scalar.
@gluon.jit
def unused():
    x = gl.arange(0, 128)
    gl.static_assert(x.shape[0] == 128)
    y = gl.zeros([64, 64], gl.float32)
    s = gl.full([], 1.0, gl.float32)
    gl.static_assert(s.dtype == gl.float32)


# gl.CoalescedLayout: the first load or store through such pointers gives
# them the BlockedLayout Triton's coalescing would: 16 bytes of the
# contiguous dimension per thread (8 fp16), lanes then warps along it.
@gluon.jit
def coalesced_copy(dst, src, stride):
    rows = gl.arange(0, 64, layout=gl.CoalescedLayout())[:, None]
    cols = gl.arange(0, 64, layout=gl.CoalescedLayout())[None, :]
    x = gl.load(src + rows * stride + cols)
    gl.store(dst + rows * 64 + cols, x)
# COALESCED: #[[B:.*]] = #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
# COALESCED: gluon.load {{.*}} -> tensor<64x64xf16, #[[B]]>
# COALESCED-NOT: auto


# A mask does not narrow the layout (4 fp32 per thread), only the access.
@gluon.jit
def coalesced_1d(dst, src, n):
    offs = gl.program_id(0) * 1024 + gl.arange(0, 1024, layout=gl.CoalescedLayout())
    mask = offs < n
    gl.store(dst + offs, gl.load(src + offs, mask=mask), mask=mask)
# COALESCED1D: #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>


# Reductions: forwards, the result is the source's layout sliced along the
# axis; backwards, a result's slice gives the source its parent. Scans
# keep the layout.
@gluon.jit
def row_sums(dst, src):
    L: gl.constexpr = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])
    rows = gl.arange(0, 32)
    cols = gl.arange(0, 64)
    x = gl.load(gl.set_auto_layout(src + rows[:, None] * 64 + cols[None, :], L))
    gl.store(dst + rows, gl.sum(x, 1))


@gluon.jit
def row_maxima(dst, src):
    L: gl.constexpr = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])
    rows = gl.arange(0, 32)
    cols = gl.arange(0, 64)
    x = gl.load(src + rows[:, None] * 64 + cols[None, :])
    gl.store(gl.set_auto_layout(dst + rows, gl.SliceLayout(1, L)), gl.max(x, 1))
# REDUCE: #[[B:.*]] = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
# REDUCE: #[[S:.*]] = #gluon.slice<{dim = 1, parent = #[[B]]}>
# REDUCE: gluon.reduce {{.*}} : tensor<32x64xf32, #[[B]]> -> tensor<32xf32, #[[S]]>
# REDUCE-NOT: auto


@gluon.jit
def total_and_scan(dst, src):
    offs = gl.arange(0, 1024, layout=gl.CoalescedLayout())
    x = gl.load(src + offs)
    gl.store(dst, gl.sum(x, 0))
    gl.store(src + offs, gl.cumsum(x, 0))
# SCAN: #[[C:.*]] = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
# SCAN: gluon.reduce {{.*}} : tensor<1024xf32, #[[C]]> -> f32
# SCAN: gluon.scan {{.*}} : tensor<1024xf32, #[[C]]> -> tensor<1024xf32, #[[C]]>


@gluon.jit
def target_facts():
    target: gl.constexpr = triton.runtime.driver.active.get_current_target()
    gl.static_print(target, target.backend, target.arch, target.warp_size)
    gl.static_assert(isinstance(gl.AutoLayout(), gl.AutoLayout))
# TARGET: static_print: GPUTarget(backend='cuda', arch=90, warp_size=32) cuda 90 32
# TARGET-AMD: static_print: GPUTarget(backend='hip', arch='gfx942', warp_size=64) hip gfx942 64
