# Kernels with CDNA's copies from global memory to LDS
# (tests/lit/amd/async-copy.test).
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def buffer_ring_kernel(a_ptr, out_ptr, n, VERSION: gl.constexpr = 3):
    # Two slots of a [64, 32] fp16 tile, 2 elements (4 bytes) per lane:
    # the copy of tile i + 1 is in flight while tile i is read.
    layout: gl.constexpr = gl.BlockedLayout([1, 2], [4, 16], [gl.num_warps(), 1], [1, 0])
    ring = gl.allocate_shared_memory(gl.float16, [2, 64, 32],
                                     gl.SwizzledSharedLayout(1, 1, 1, [1, 0]))
    rows = gl.arange(0, 64, gl.SliceLayout(1, layout))
    cols = gl.arange(0, 32, gl.SliceLayout(0, layout))
    offsets = rows[:, None] * 32 + cols[None, :]
    if VERSION == 3:
        gl.amd.cdna3.async_copy.buffer_load_to_shared(ring.index(0), a_ptr, offsets)
        gl.amd.cdna3.async_copy.commit_group()
    else:
        gl.amd.cdna4.async_copy.buffer_load_to_shared(ring.index(0), a_ptr, offsets)
        gl.amd.cdna4.async_copy.commit_group()
    acc = gl.zeros([64, 32], gl.float32, layout)
    for i in range(n):
        if VERSION == 3:
            gl.amd.cdna3.async_copy.buffer_load_to_shared(
                ring.index((i + 1) % 2), a_ptr, offsets + (i + 1) * 2048,
                mask=offsets + (i + 1) * 2048 < n * 2048)
            gl.amd.cdna3.async_copy.commit_group()
            gl.amd.cdna3.async_copy.wait_group(1)
        else:
            gl.amd.cdna4.async_copy.buffer_load_to_shared(
                ring.index((i + 1) % 2), a_ptr, offsets + (i + 1) * 2048,
                mask=offsets + (i + 1) * 2048 < n * 2048)
            gl.amd.cdna4.async_copy.commit_group()
            gl.amd.cdna4.async_copy.wait_group(1)
        acc += gl.amd.cdna4.async_copy.load_shared_relaxed(ring.index(i % 2), layout).to(gl.float32)
    gl.store(out_ptr + offsets, acc)


@gluon.jit
def global_wide_kernel(a_ptr, out_ptr):
    # gfx950's 16-byte copies: 8 fp16 per lane, 8 lanes per 64-element row.
    layout: gl.constexpr = gl.BlockedLayout([1, 8], [8, 8], [gl.num_warps(), 1], [1, 0])
    smem = gl.allocate_shared_memory(gl.float16, [64, 64],
                                     gl.SwizzledSharedLayout(1, 1, 1, [1, 0]))
    rows = gl.arange(0, 64, gl.SliceLayout(1, layout))
    cols = gl.arange(0, 64, gl.SliceLayout(0, layout))
    offsets = rows[:, None] * 64 + cols[None, :]
    gl.amd.cdna4.async_copy.global_load_to_shared(smem, a_ptr + offsets)
    gl.amd.cdna4.async_copy.commit_group()
    gl.amd.cdna4.async_copy.async_wait(0)  # the older name of wait_group
    gl.store(out_ptr + offsets, smem.load(layout))
