# A kernel whose helper lives in another file (cache.test): editing the
# helper must miss the cache.
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

from lib.helpers import scale


@gluon.jit
def copy_kernel(x_ptr, out_ptr, n, BLOCK: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([4], [32], [4], [0])
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
    mask = offs < n
    gl.store(out_ptr + offs, scale(gl.load(x_ptr + offs, mask=mask)), mask=mask)
