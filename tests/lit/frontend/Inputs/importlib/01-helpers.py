# A sibling whose file name is no identifier, as upstream's tutorials are
# named ("05-wgmma.py"): only importlib.import_module can load it.
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

SCALE = 3.0


@gluon.jit
def scaled(x):
    return x * SCALE
