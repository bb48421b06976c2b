# Kernels of tests/gpu/copies-test.sh: copies whose completion something
# other than a wait_group or a whole-buffer TMA publishes.
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.ampere import async_copy
from triton.experimental.gluon.language.nvidia.hopper import fence_async_shared, mbarrier, tma


# dst = src for the first `rows` rows of a [ROWS, COLS] fp32 tile, zeros
# below: cp.async copies (masked rows write zeros) that an mbarrier
# tracks, read after the wait on its phase; INCREMENT 0 makes the 128
# threads' arrivals count towards the phase (.noinc).
@gluon.jit
def mbarrier_copy_kernel(dst, src, rows, ROWS: gl.constexpr, COLS: gl.constexpr, INCREMENT: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([1, 4], [1, 32], [4, 1], [1, 0])
    r = gl.arange(0, ROWS, gl.SliceLayout(1, layout))[:, None]
    c = gl.arange(0, COLS, gl.SliceLayout(0, layout))[None, :]
    smem = gl.allocate_shared_memory(gl.float32, [ROWS, COLS], gl.SwizzledSharedLayout(1, 1, 1, [1, 0]))
    async_copy.async_copy_global_to_shared(smem, src + r * COLS + c, r < rows)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1 + 128 * (1 - INCREMENT))
    async_copy.mbarrier_arrive(bar, increment_count=INCREMENT == 1)
    mbarrier.arrive(bar)
    mbarrier.wait(bar, 0)
    gl.store(dst + r * COLS + c, smem.load(layout))


# out = in, one block, through the second half of a buffer twice the
# block's height, while the threads overwrite the first half with zeros:
# a TMA load and store of a slice whose boxes interleave with the other
# half's.
@gluon.jit
def tma_slice_kernel(in_desc, out_desc):
    HEIGHT: gl.constexpr = in_desc.block_type.shape[0]
    WIDTH: gl.constexpr = in_desc.block_type.shape[1]
    smem = gl.allocate_shared_memory(in_desc.dtype, [2 * HEIGHT, WIDTH], in_desc.layout)
    lower = smem.slice(HEIGHT, HEIGHT)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    mbarrier.expect(bar, in_desc.block_type.nbytes)
    tma.async_load(in_desc, [0, 0], bar, lower)
    mbarrier.wait(bar, phase=0)
    layout: gl.constexpr = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])
    smem.slice(0, HEIGHT).store(gl.zeros([HEIGHT, WIDTH], in_desc.dtype, layout))
    tma.async_store(out_desc, [0, 0], lower)
    tma.store_wait(0)
    mbarrier.invalidate(bar)


# out = in twice, for one TMA box of fewer rows than the swizzle's period
# (a [4, 64] fp16 or [2, 32] fp32 block under a 128-byte swizzle): the
# threads read what TMA loaded (out_ptr) and TMA stores what the threads
# wrote (out_desc), each side addressing the buffer by its own rules.
@gluon.jit
def short_box_kernel(in_desc, out_desc, out_ptr):
    ROWS: gl.constexpr = in_desc.block_type.shape[0]
    COLS: gl.constexpr = in_desc.block_type.shape[1]
    loaded = gl.allocate_shared_memory(in_desc.dtype, [ROWS, COLS], in_desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    mbarrier.expect(bar, in_desc.block_type.nbytes)
    tma.async_load(in_desc, [0, 0], bar, loaded)
    mbarrier.wait(bar, phase=0)
    layout: gl.constexpr = gl.BlockedLayout([1, 1], [1, 32], [1, 4], [1, 0])
    values = loaded.load(layout)
    r = gl.arange(0, ROWS, gl.SliceLayout(1, layout))[:, None]
    c = gl.arange(0, COLS, gl.SliceLayout(0, layout))[None, :]
    gl.store(out_ptr + r * COLS + c, values)
    staged = gl.allocate_shared_memory(in_desc.dtype, [ROWS, COLS], in_desc.layout)
    staged.store(values)
    fence_async_shared()
    tma.async_store(out_desc, [0, 0], staged)
    tma.store_wait(0)
    mbarrier.invalidate(bar)


# out = in twice, row by row through a buffer under a 128-byte swizzle
# indexed by a run-time row (smem.index(i) along a dimension the NVMMA
# layout lays out): the threads read each row of what TMA loaded (out_ptr),
# and write each row of what TMA stores (out_desc).
@gluon.jit
def swizzled_rows_kernel(in_desc, out_desc, out_ptr, rows):
    ROWS: gl.constexpr = in_desc.block_type.shape[0]
    COLS: gl.constexpr = in_desc.block_type.shape[1]
    loaded = gl.allocate_shared_memory(in_desc.dtype, [ROWS, COLS], in_desc.layout)
    staged = gl.allocate_shared_memory(in_desc.dtype, [ROWS, COLS], in_desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    mbarrier.expect(bar, in_desc.block_type.nbytes)
    tma.async_load(in_desc, [0, 0], bar, loaded)
    mbarrier.wait(bar, phase=0)
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    cols = gl.arange(0, COLS, layout)
    for i in range(rows):
        row = loaded.index(i).load(layout)
        gl.store(out_ptr + i * COLS + cols, row)
        staged.index(i).store(row)
    fence_async_shared()
    tma.async_store(out_desc, [0, 0], staged)
    tma.store_wait(0)
    mbarrier.invalidate(bar)


# dst = src transposed, 64 x 64 fp32, with layouts left to inference: the
# load through gl.CoalescedLayout pointers picks the layout, which the
# transposed store then shares.
@gluon.jit
def coalesced_transpose_kernel(dst, src):
    rows = gl.arange(0, 64, layout=gl.CoalescedLayout())[:, None]
    cols = gl.arange(0, 64, layout=gl.CoalescedLayout())[None, :]
    x = gl.load(src + rows * 64 + cols)
    gl.store(dst + cols * 64 + rows, x)


# dst[r] = max over the row r of a 32 x 64 fp32 src, the source's layout
# inferred backwards from the result's (a SliceLayout given by
# set_auto_layout), through gl.max.
@gluon.jit
def auto_row_max_kernel(dst, src):
    L: gl.constexpr = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])
    rows = gl.arange(0, 32)
    cols = gl.arange(0, 64)
    x = gl.load(src + rows[:, None] * 64 + cols[None, :])
    gl.store(gl.set_auto_layout(dst + rows, gl.SliceLayout(1, L)), gl.max(x, 1))
