# A kernel whose helper is found on the -I path (cache-*.test): which file
# provides `helper` decides the kernel's constant.
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

from helper import scale


@gluon.jit
def copy_kernel(x_ptr, out_ptr, n, BLOCK: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([4], [32], [4], [0])
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
    mask = offs < n
    gl.store(out_ptr + offs, scale(gl.load(x_ptr + offs, mask=mask)), mask=mask)
