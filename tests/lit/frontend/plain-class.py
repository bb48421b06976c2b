# A class that is no @aggregate but whose __init__ only stores attributes
# of self is a compile-time value: host code's configuration objects
# (Config(128)) can be a kernel's constexpr arguments, and kernels can
# make them. Other classes, and run-time values in such an instance, are
# errors at the source.
# RUN: rm -rf %t
# RUN: %gluonc %s -k kernel -s "*i32:16, Config(128)" --emit gluon-ir,cubin,json -o %t/config
# RUN: FileCheck %s --check-prefix=IR < %t/config/kernel.sm_90a.gluon.mlir
# RUN: FileCheck %s --check-prefix=JSON < %t/config/kernel.sm_90a.json
# RUN: %gluonc %s -k made_inside -s "*i32:16" -o %t/inside
# RUN: %expect-exit 1 %gluonc %s -k kernel -s "*i32:16, Counter(1)" -o %t/x 2>&1 | FileCheck %s --check-prefix=NOTPLAIN
# RUN: %expect-exit 1 %gluonc %s -k runtime_field -s "*i32:16" -o %t/x 2>&1 | FileCheck %s --check-prefix=RUNTIME
# RUN: test ! -e %t/x
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


class Config:
    """The block and the factor of the kernel."""

    def __init__(self, block, scale=2):
        self.block = block
        # RUNTIME: plain-class.py:[[@LINE-1]]:14: error: 'Config' is no @aggregate, so its instances hold compile-time values, but field 'block' gets a run-time scalar
        self.scale = scale

    def doubled(self):
        return 2 * self.block


class Counter:

    def __init__(self, start):
        self.count = start
        print("made")


@gluon.jit
def kernel(ptr, cfg: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    offs = gl.arange(0, cfg.block, layout=layout)
    gl.store(ptr + offs, offs * cfg.scale)
# IR: gluon.arange 0 to 128
# IR: arith.constant 2 : i32
# JSON: "cfg": "Config(block=128, scale=2)"
# NOTPLAIN: <signature>:1:1: error: class 'Counter' is not an @aggregate; kernels can use only classes decorated with @aggregate (from triton.language.core import _aggregate as aggregate), and, as compile-time values, classes whose __init__ only stores attributes of self


@gluon.jit
def made_inside(ptr):
    cfg: gl.constexpr = Config(64, scale=3)
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    gl.static_assert(cfg.block == 64 and cfg.scale == 3)
    offs = gl.arange(0, cfg.block, layout=layout)
    gl.store(ptr + offs, offs)


@gluon.jit
def runtime_field(ptr):
    cfg = Config(gl.program_id(0))
