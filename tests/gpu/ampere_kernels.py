"""Ampere's async copies on their own, for tests/gpu/AmpereGpuTest.cpp.

async_copy_kernel copies one BLOCK_M x BLOCK_N tile of src ([M, N], row
stride stride_src) per program into shared memory with cp.async, in two
commit groups (the top and the bottom half), under the mask of the
elements inside src: the rest of the tile is zero-filled. It waits for the
first group only (wait_group(1)) before reading the top half back, and for
both before reading the bottom half, each in a layout other than the
copy's, and writes the whole tile, unmasked, to dst (row stride
stride_dst, room for every tile). The test compares dst with src inside and
with zeros outside. `layout` (the copies') sets the bytes per cp.async: 16,
8 or 4 as its elements per thread and the signature's divisibility allow.
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.ampere import async_copy

# Defaults: fp16 in 16-byte copies; the builds replace them (-D).
COPY = gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])
READ = gl.BlockedLayout([2, 1], [8, 4], [1, 4], [0, 1])
SMEM = gl.SwizzledSharedLayout(8, 1, 8, [1, 0])


@gluon.jit
def tile_offsets(off_m, off_n, stride, ROWS: gl.constexpr, COLS: gl.constexpr,
                 layout: gl.constexpr):
    rows = off_m + gl.arange(0, ROWS, layout=gl.SliceLayout(1, layout))
    cols = off_n + gl.arange(0, COLS, layout=gl.SliceLayout(0, layout))
    return rows, cols, rows[:, None] * stride + cols[None, :]


@gluon.jit
def copy_half(src, smem, off_m, off_n, M, N, stride_src, HALF: gl.constexpr,
              BLOCK_N: gl.constexpr, layout: gl.constexpr):
    rows, cols, offs = tile_offsets(off_m, off_n, stride_src, HALF, BLOCK_N,
                                    layout)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    async_copy.async_copy_global_to_shared(smem, src + offs, mask=mask)
    async_copy.commit_group()


@gluon.jit
def async_copy_kernel(src, dst, M, N, stride_src, stride_dst,
                      BLOCK_M: gl.constexpr = 64, BLOCK_N: gl.constexpr = 64,
                      layout: gl.constexpr = COPY,
                      read_layout: gl.constexpr = READ,
                      smem_layout: gl.constexpr = SMEM):
    HALF: gl.constexpr = BLOCK_M // 2
    off_m = gl.program_id(0) * BLOCK_M
    off_n = gl.program_id(1) * BLOCK_N
    smem = gl.allocate_shared_memory(src.dtype.element_ty, [BLOCK_M, BLOCK_N],
                                     smem_layout)
    top = smem.slice(0, HALF)
    bottom = smem.slice(HALF, HALF)
    copy_half(src, top, off_m, off_n, M, N, stride_src, HALF, BLOCK_N, layout)
    copy_half(src, bottom, off_m + HALF, off_n, M, N, stride_src, HALF,
              BLOCK_N, layout)
    # The top half's group has landed; the bottom half's may not have.
    async_copy.wait_group(1)
    _, _, offs = tile_offsets(off_m, off_n, stride_dst, HALF, BLOCK_N,
                              read_layout)
    gl.store(dst + offs, top.load(read_layout))
    async_copy.wait_group(0)
    _, _, offs = tile_offsets(off_m + HALF, off_n, stride_dst, HALF, BLOCK_N,
                              read_layout)
    gl.store(dst + offs, bottom.load(read_layout))
