# A kernel whose image records its source's name: with --debug, the
# device assertion's message carries the file name and line.
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def check(p, n):
    offs = gl.arange(0, 128, layout=gl.BlockedLayout([1], [32], [4], [0]))
    x = gl.load(p + offs)
    gl.device_assert(x < n, "x must be below n")
    gl.store(p + offs, x + 1)


@gluon.jit
def broken(p):
    gl.store(p, undefined_name)
