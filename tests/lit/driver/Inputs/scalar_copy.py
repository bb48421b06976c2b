# A kernel with no distributed layout, so that one source compiles for
# 32-thread warps and 64-thread waves alike (multi-arch.test).
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def scalar_copy_kernel(src_ptr, dst_ptr, n):
    i = gl.program_id(0)
    if i < n:
        gl.store(dst_ptr + i, gl.load(src_ptr + i) * 2.0)
