from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from bad.broken import broken


@gluon.jit
def broken_kernel(p):
    gl.store(p, broken(1.0))
