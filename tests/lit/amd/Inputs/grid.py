from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def grid_kernel(out_ptr, BLOCK: gl.constexpr = 256):
    # One program per (x, y); each writes its block and the grid's height.
    layout: gl.constexpr = gl.BlockedLayout([4], [64], [1], [0])
    offs = gl.arange(0, BLOCK, layout=layout)
    pid = gl.program_id(0) + gl.num_programs(0) * gl.program_id(1)
    gl.store(out_ptr + pid * BLOCK + offs, offs + gl.num_programs(1) * 1000)


@gluon.jit
def scale_kernel(x_ptr, out_ptr, factor):
    # No tensors: nothing in it depends on the warp size.
    pid = gl.program_id(0)
    x = gl.load(x_ptr + pid)
    gl.store(out_ptr + pid, x * factor)


@gluon.jit
def first_lane(out_ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])
    offs = gl.arange(0, 256, layout=layout)
    x = gl.load(out_ptr + offs)
    first = gl.inline_asm("v_readfirstlane_b32 $0, $1", ("=s", "v"), [gl.sum(x, 0)], gl.int32)
    gl.store(out_ptr + offs, x + first)


@gluon.jit
def bad_asm(out_ptr):
    v = gl.inline_asm("v_not_an_instruction $0", "=v", [], gl.int32)
    gl.store(out_ptr, v)


@gluon.jit
def buffer_copy(x_ptr, y_ptr, n, BLOCK: gl.constexpr = 512,
                LANES: gl.constexpr = 64):
    # y[i] = x[i] + 1 through buffer resources; lanes past n read 0 and
    # write nothing.
    layout: gl.constexpr = gl.BlockedLayout([BLOCK // LANES // 4], [LANES], [4], [0])
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
    mask = offs < n
    x = gl.amd.cdna3.buffer_load(x_ptr, offs, mask=mask, other=-1.0)
    gl.amd.cdna3.buffer_store(x + 1.0, y_ptr, offs, mask=mask)


@gluon.jit
def buffer_bytes(x_ptr, y_ptr, PER: gl.constexpr):
    # PER consecutive elements per thread, whatever the element size.
    layout: gl.constexpr = gl.BlockedLayout([PER], [64], [4], [0])
    offs = gl.program_id(0) * (256 * PER) + gl.arange(0, 256 * PER, layout=layout)
    x = gl.amd.cdna3.buffer_load(x_ptr, offs)
    gl.amd.cdna3.buffer_store(x, y_ptr, offs)


@gluon.jit
def system_atomic(x_ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])
    offs = gl.arange(0, 256, layout=layout)
    gl.atomic_add(x_ptr + offs % 4, offs.to(gl.float32), scope="sys")
