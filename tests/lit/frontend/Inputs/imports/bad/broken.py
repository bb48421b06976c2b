from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def broken(x):
    return x + undefined_name
