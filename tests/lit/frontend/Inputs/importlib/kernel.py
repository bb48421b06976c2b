import importlib

from triton.experimental import gluon
from triton.experimental.gluon import language as gl

helpers = importlib.import_module("01-helpers")
missing = importlib.import_module("02-missing")


@gluon.jit
def importlib_kernel(ptr):
    offs = gl.arange(0, 128, gl.BlockedLayout([1], [32], [4], [0]))
    gl.store(ptr + offs, helpers.scaled(gl.load(ptr + offs)))


@gluon.jit
def missing_kernel(ptr):
    missing.scaled(ptr)


@gluon.jit
def computed_name_kernel(ptr):
    gl.static_assert(importlib.import_module("01-" + "helpers").SCALE == 3.0)
