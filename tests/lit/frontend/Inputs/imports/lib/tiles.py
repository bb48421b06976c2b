from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.language.core import _aggregate as aggregate

# A relative import, from the package lib.
from .helpers import OFFSET


@aggregate
class Tile:
    start: gl.tensor

    @gluon.constexpr_function
    def __init__(self, start):
        self.start = start

    @gluon.jit
    def shifted(self):
        return self.start + OFFSET * 100
