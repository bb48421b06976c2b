# Spellings of Gluon's API that changed upstream, accepted beside each
# other (issue 33): Blackwell's module re-exporting Hopper's mbarrier,
# fence and TMA copies on sm_90a; mbarrier.arrive's count given by
# position; zeros_like/full_like with shape=, dtype= and layout=; Triton
# 3.6's smem.reshape(shape, layout); smem._reinterpret(dtype, shape,
# layout), a 1-D buffer's SwizzledSharedLayout with a 2-D order; isinstance() with a layout class; a tensor descriptor's
# `desc.type` (block_type, layout). What Blackwell alone has says
# so. (cdna4's async_wait, wait_group's older name: amd/async-copy.test.)
# RUN: rm -rf %t
# RUN: %gluonc %s -k blackwell_names -s "" --emit gluon-ir,cubin -o %t/bw
# RUN: FileCheck %s --check-prefix=BW < %t/bw/blackwell_names.sm_90a.gluon.mlir
# RUN: %gluonc %s -k like -s "" --emit gluon-ir -o %t/like
# RUN: FileCheck %s --check-prefix=LIKE < %t/like/like.sm_90a.gluon.mlir
# RUN: %gluonc %s -k views -s "*i32:16" --emit gluon-ir,cubin -o %t/views
# RUN: FileCheck %s --check-prefix=VIEWS < %t/views/views.sm_90a.gluon.mlir
# RUN: %gluonc %s -k layout_classes -s "" -o %t/classes
# RUN: %gluonc %s -k descriptor_type -s "tensordesc<fp16[64, 32]>" -o %t/desc 2>&1 | FileCheck %s --check-prefix=DESC
# RUN: %gluonc %s -k current_api -s "*i32:16" --emit gluon-ir -o %t/current
# RUN: FileCheck %s --check-prefix=CURRENT < %t/current/current_api.sm_90a.gluon.mlir
# RUN: %expect-exit 1 %gluonc %s -k reinterpret_pointers -s "*fp32" -o %t/x 2>&1 | FileCheck %s --check-prefix=POINTERS
# RUN: %expect-exit 1 %gluonc %s -k tcgen05 -s "" -o %t/x 2>&1 | FileCheck %s --check-prefix=TCGEN05
# RUN: %expect-exit 1 %gluonc %s -k like_rank -s "" -o %t/x 2>&1 | FileCheck %s --check-prefix=RANK
# RUN: %expect-exit 1 %gluonc %s -k reshape_elsewhere -s "" -o %t/x 2>&1 | FileCheck %s --check-prefix=ELSEWHERE
# RUN: %expect-exit 1 %gluonc %s -k reinterpret_too_big -s "" -o %t/x 2>&1 | FileCheck %s --check-prefix=TOOBIG
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia import blackwell
from triton.experimental.gluon.language.nvidia.blackwell import mbarrier, fence_async_shared


@gluon.jit
def blackwell_names():
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    fence_async_shared()
    mbarrier.arrive(bar, 1)
    blackwell.mbarrier.wait(bar, 0)
    mbarrier.invalidate(bar)


# BW: gluon.init_barrier
# BW: gluon.fence_async_shared
# BW: gluon.arrive_barrier %{{.*}}, 1
# BW: gluon.wait_barrier


@gluon.jit
def tcgen05():
    blackwell.tcgen05_commit(None)


# TCGEN05: error: not supported yet: Blackwell: 'triton.experimental.gluon.language.nvidia.blackwell.tcgen05_commit'


@gluon.jit
def like():
    layout: gl.constexpr = gl.BlockedLayout([2], [32], [4], [0])
    layout_2d: gl.constexpr = gl.BlockedLayout([1, 2], [4, 8], [4, 1], [1, 0])
    a = gl.zeros([32], gl.float32, layout)
    gl.full_like(a, 7)
    gl.zeros_like(a, shape=[64])
    gl.zeros_like(a, shape=[16, 16], dtype=gl.int8, layout=layout_2d)
    gl.full_like(a, 7, shape=[8, 8], dtype=gl.int16, layout=layout_2d)


# LIKE: gluon.splat %{{.*}} : f32 -> tensor<32xf32, #blocked>
# LIKE: arith.constant 7.000000e+00 : f32
# LIKE-NEXT: gluon.splat %{{.*}} : f32 -> tensor<32xf32, #blocked>
# LIKE: gluon.splat %{{.*}} : f32 -> tensor<64xf32, #blocked>
# LIKE: arith.constant 0 : i8
# LIKE-NEXT: gluon.splat %{{.*}} : i8 -> tensor<16x16xi8, #blocked1>
# LIKE: arith.constant 7 : i16
# LIKE-NEXT: gluon.splat %{{.*}} : i16 -> tensor<8x8xi16, #blocked1>


@gluon.jit
def like_rank():
    a = gl.zeros([32], gl.float32, gl.BlockedLayout([2], [32], [4], [0]))
    gl.zeros_like(a, shape=[16, 16])


# RANK: upstream-spellings.py:[[@LINE-3]]:22: error: a 2-D shape needs a layout of that rank, got BlockedLayout(size_per_thread=[2], threads_per_warp=[32], warps_per_cta=[4], order=[0]) (the input's; give layout=)


@gluon.jit
def views(out):
    nvmma4: gl.constexpr = gl.NVMMASharedLayout(swizzle_byte_width=64, transposed=False, element_bitwidth=16, rank=4)
    nvmma2: gl.constexpr = gl.NVMMASharedLayout(swizzle_byte_width=64, transposed=False, element_bitwidth=16, rank=2)
    smem = gl.allocate_shared_memory(gl.float16, [32, 1, 4, 64], nvmma4)
    smem.reshape((128, 64), nvmma2)
    flat: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, [0])
    rows: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, [1, 0])
    bytes = gl.allocate_shared_memory(gl.int8, [2048], flat)
    words = bytes.slice(1024, 1024)._reinterpret(gl.int32, [32, 8], rows)
    # A 2-D order on a 1-D buffer (upstream's shared_memory_cast_kernel):
    # contiguous, as order [0].
    smem._reinterpret(gl.int8, [1024], rows)
    layout: gl.constexpr = gl.BlockedLayout([1, 1], [4, 8], [4, 1], [1, 0])
    offs = gl.arange(0, 32, gl.SliceLayout(1, layout))[:, None] * 8 + gl.arange(0, 8, gl.SliceLayout(0, layout))[None, :]
    words.store(offs)
    gl.store(out + offs, words.load(layout))


# VIEWS: gluon.memdesc_reshape %{{.*}} -> !gluon.memdesc<128x64xf16, #[[NVMMA2:.*]]>
# VIEWS: %[[SLICE:.*]] = gluon.memdesc_subslice
# VIEWS: gluon.memdesc_reinterpret %[[SLICE]] : !gluon.memdesc<1024xi8, #[[FLAT:shared[0-9]*]], 2048> -> !gluon.memdesc<32x8xi32,
# The 1-D buffer gets the layout of `flat`, order [0].
# VIEWS: gluon.memdesc_reinterpret %{{.*}} : !gluon.memdesc<32x1x4x64xf16, {{.*}}> -> !gluon.memdesc<1024xi8, #[[FLAT]]>


@gluon.jit
def reshape_elsewhere():
    nvmma4: gl.constexpr = gl.NVMMASharedLayout(swizzle_byte_width=64, transposed=False, element_bitwidth=16, rank=4)
    smem = gl.allocate_shared_memory(gl.float16, [32, 1, 4, 64], nvmma4)
    smem.reshape((128, 64), gl.SwizzledSharedLayout(1, 1, 1, [0, 1]))


# ELSEWHERE: upstream-spellings.py:[[@LINE-3]]:29: error: reshape to SwizzledSharedLayout(vec=1, per_phase=1, max_phase=1, order=[0, 1]): it places the elements elsewhere than reshaping does, which gives NVMMASharedLayout(


@gluon.jit
def reinterpret_too_big():
    bytes = gl.allocate_shared_memory(gl.int8, [2048], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    bytes.slice(1024, 1024)._reinterpret(gl.int32, [32, 16], gl.SwizzledSharedLayout(1, 1, 1, [1, 0]))


# TOOBIG: upstream-spellings.py:[[@LINE-3]]:5: error: cannot reinterpret {{.*}} as gl.int32 [32, 16]: that takes 2048 bytes, the view spans 1024


@gluon.jit
def layout_classes():
    nvmma: gl.constexpr = gl.NVMMASharedLayout.get_default_for([64, 64], gl.float16)
    blocked: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    gl.static_assert(isinstance(nvmma, gl.NVMMASharedLayout))
    gl.static_assert(not isinstance(nvmma, gl.SwizzledSharedLayout))
    gl.static_assert(isinstance(blocked, (gl.SliceLayout, gl.BlockedLayout)))
    gl.static_assert(not isinstance(blocked, gl.NVMMADistributedLayout))
    gl.static_assert(isinstance(gl.SliceLayout(0, gl.BlockedLayout([1, 1], [1, 32], [1, 4], [1, 0])), gl.SliceLayout))


@gluon.jit
def descriptor_type(desc):
    gl.static_assert(desc.type.block_type.element_ty == gl.float16)
    gl.static_assert(desc.type.block_type.shape == [64, 32])
    gl.static_assert(desc.type.block_type == desc.block_type)
    gl.static_assert(desc.type.layout == desc.layout)
    gl.static_print(desc.type)


# DESC: tensor_descriptor_type<fp16[64, 32], NVMMASharedLayout(swizzle_byte_width=64,


@gluon.aggregate
class Offsets:
    base: gl.tensor

    @gluon.jit
    def shifted(self, n):
        return self.base + n


@gluon.jit
def current_api(ptr):
    gl.static_assert(gl.num_ctas() == 1)
    offs = Offsets(gl.arange(0, 128, gl.BlockedLayout([1], [32], [4], [0])))
    gl.assume(offs.base >= 0)
    gl.store(ptr + offs.shifted(1), 0)
    gl.barrier(cluster=True)
    gl.barrier()


# CURRENT: gluon.store
# CURRENT-NEXT: gluon.barrier
# CURRENT-NEXT: gluon.barrier


@gluon.jit
def reinterpret_pointers(ptr):
    bytes = gl.allocate_shared_memory(gl.int8, [2048], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    bytes._reinterpret(ptr.dtype, [256], gl.SwizzledSharedLayout(1, 1, 1, [0]))


# POINTERS: upstream-spellings.py:[[@LINE-3]]:24: error: not supported yet: shared memory holding pointers
