from triton.experimental import gluon
from triton.experimental.gluon import language as gl
import pkg
from pkg import K
# L is pkg.inner's list itself, not a copy: grow() appends to it.
from pkg.inner import L, grow


@gluon.jit
def package_kernel(p):
    gl.store(p, pkg.K * 1000 + pkg.inner.K * 100 + grow() * 10 + len(L) +
             len(pkg.inner.L) + K)
