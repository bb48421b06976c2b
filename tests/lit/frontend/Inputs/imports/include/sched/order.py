from triton.experimental import gluon
from triton.experimental.gluon import language as gl
# An absolute import from a -I folder's package of the kernel's own files.
from lib.helpers import SCALE


@gluon.jit
def grouped(pid):
    return pid * 7
