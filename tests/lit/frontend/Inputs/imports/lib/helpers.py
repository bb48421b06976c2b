from triton.experimental import gluon
from triton.experimental.gluon import language as gl

# The kernel file has a SCALE of its own: each function sees its file's.
SCALE = 2.0
OFFSET = 1


@gluon.jit
def twice(x):
    return x * SCALE


@gluon.constexpr_function
def block_for(n):
    return n * 4 + OFFSET
