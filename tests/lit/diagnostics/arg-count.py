# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k too_many -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=BUILTIN
# RUN: %expect-exit 1 %gluonc %s -k helper_call -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=HELPER
# RUN: %expect-exit 1 %gluonc %s -k missing -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def too_many(x_ptr):
    pid = gl.program_id(0, 1)
    # BUILTIN: arg-count.py:[[@LINE-1]]:28: error: program_id() takes at most 1 arguments (2 given)


@gluon.jit
def scale(x, factor):
    return x * factor


@gluon.jit
def helper_call(x_ptr):
    y = scale(1, 2, 3)
    # HELPER: arg-count.py:[[@LINE-1]]:9: error: 'scale' takes 2 arguments but 3 were given
    # HELPER: arg-count.py:[[@LINE-8]]:1: note: 'scale' is defined here


@gluon.jit
def missing(x_ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    offs = gl.arange(0, layout=layout)
    # MISSING: arg-count.py:[[@LINE-1]]:12: error: arange() missing required argument 'end'
