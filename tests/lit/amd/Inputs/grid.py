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
