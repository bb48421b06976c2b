# CDNA's copies to LDS (gl.amd.cdna3/cdna4.async_copy), each refusal with
# its diagnostic at the source and no output written: an architecture
# without them (gfx90a, gfx1250, an NVIDIA one), a mask on the global form, an
# `other` that is not zero, a copy whose lanes do not write consecutive
# LDS words (the layout's lanes run down a column), and one of 2 bytes
# per lane.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k copy_kernel -s "*fp16:16" --arch gfx90a -o %t 2>&1 | FileCheck %s --check-prefix=ARCH
# RUN: %expect-exit 1 %gluonc %s -k commit_only -s "*fp16:16" -o %t 2>&1 | FileCheck %s --check-prefix=NVIDIA
# RUN: %expect-exit 1 %gluonc %s -k commit_only -s "*fp16:16" --arch gfx1250 -o %t 2>&1 | FileCheck %s --check-prefix=GFX1250
# RUN: %expect-exit 1 %gluonc %s -k global_mask -s "*fp16:16" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=MASK
# RUN: %expect-exit 1 %gluonc %s -k other_one -s "*fp16:16" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=OTHER
# RUN: %expect-exit 1 %gluonc %s -k column_lanes -s "*fp16:16" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=LANES
# RUN: %expect-exit 1 %gluonc %s -k two_bytes -s "*fp16:16" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=BYTES
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

ROWS = gl.BlockedLayout([1, 2], [4, 16], [4, 1], [1, 0])
SMEM = gl.SwizzledSharedLayout(1, 1, 1, [1, 0])


@gluon.jit
def copy_kernel(a_ptr):
    smem = gl.allocate_shared_memory(gl.float16, [64, 32], SMEM)
    offsets = gl.arange(0, 64, gl.SliceLayout(1, ROWS))[:, None] * 32 + gl.arange(0, 32, gl.SliceLayout(0, ROWS))[None, :]
    gl.amd.cdna3.async_copy.buffer_load_to_shared(smem, a_ptr, offsets)
    # ARCH: amd-async-copy.py:[[@LINE-1]]:5: error: gl.amd.cdna3.async_copy.buffer_load_to_shared needs an AMD --arch that copies global memory to LDS directly (gfx942, gfx950), not gfx90a


@gluon.jit
def commit_only(a_ptr):
    gl.amd.cdna4.async_copy.commit_group()
    # NVIDIA: amd-async-copy.py:[[@LINE-1]]:5: error: gl.amd.cdna4.async_copy.commit_group needs an AMD --arch that copies global memory to LDS directly (gfx942, gfx950), not sm_90a
    # GFX1250: amd-async-copy.py:[[@LINE-2]]:5: error: gl.amd.cdna4.async_copy.commit_group needs an AMD --arch that copies global memory to LDS directly (gfx942, gfx950), not gfx1250


@gluon.jit
def global_mask(a_ptr):
    smem = gl.allocate_shared_memory(gl.float16, [64, 32], SMEM)
    offsets = gl.arange(0, 64, gl.SliceLayout(1, ROWS))[:, None] * 32 + gl.arange(0, 32, gl.SliceLayout(0, ROWS))[None, :]
    gl.amd.cdna3.async_copy.global_load_to_shared(smem, a_ptr + offsets, mask=offsets < 100)
    # MASK: amd-async-copy.py:[[@LINE-1]]:74: error: not supported yet: a mask on gl.amd.cdna3.async_copy.global_load_to_shared (a lane that is off writes nothing to LDS); buffer_load_to_shared takes one and writes zeros


@gluon.jit
def other_one(a_ptr):
    smem = gl.allocate_shared_memory(gl.float16, [64, 32], SMEM)
    offsets = gl.arange(0, 64, gl.SliceLayout(1, ROWS))[:, None] * 32 + gl.arange(0, 32, gl.SliceLayout(0, ROWS))[None, :]
    gl.amd.cdna3.async_copy.buffer_load_to_shared(smem, a_ptr, offsets, mask=offsets < 100, other=1.0)
    # OTHER: amd-async-copy.py:[[@LINE-1]]:93: error: gl.amd.cdna3.async_copy.buffer_load_to_shared writes zeros where the mask is false (the hardware's out-of-range read): `other` may only be 0, got 1.0


@gluon.jit
def column_lanes(a_ptr):
    # 4 bytes per lane, but lane 1 is the next row, 16 bytes on.
    cols: gl.constexpr = gl.BlockedLayout([1, 2], [16, 4], [4, 1], [0, 1])
    smem = gl.allocate_shared_memory(gl.float16, [64, 8], SMEM)
    offsets = gl.arange(0, 64, gl.SliceLayout(1, cols))[:, None] * 8 + gl.arange(0, 8, gl.SliceLayout(0, cols))[None, :]
    gl.amd.cdna3.async_copy.buffer_load_to_shared(smem, a_ptr, offsets)
    # LANES: amd-async-copy.py:[[@LINE-1]]:5: error: 'gluon.buffer_load_to_local' op lane 1 writes element offset 8 of the wave's run, not 2 (each lane's vector must follow the previous lane's)


@gluon.jit
def two_bytes(a_ptr):
    ones: gl.constexpr = gl.BlockedLayout([1, 1], [2, 32], [4, 1], [1, 0])
    smem = gl.allocate_shared_memory(gl.float16, [8, 32], SMEM)
    offsets = gl.arange(0, 8, gl.SliceLayout(1, ones))[:, None] * 32 + gl.arange(0, 32, gl.SliceLayout(0, ones))[None, :]
    gl.amd.cdna3.async_copy.buffer_load_to_shared(smem, a_ptr, offsets)
    # BYTES: amd-async-copy.py:[[@LINE-1]]:5: error: 'gluon.buffer_load_to_local' op copies 2 bytes per lane and instruction, but CDNA copies to LDS 4
