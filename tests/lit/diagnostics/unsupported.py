# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k early_return -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=RETURN
# RUN: %expect-exit 1 %gluonc %s -k cache -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=CACHE
# RUN: %expect-exit 1 %gluonc %s -k host_module -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=HOST
# RUN: %expect-exit 1 %gluonc %s -k recursive -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=RECURSION
# RUN: %expect-exit 1 %gluonc %s -k blackwell -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=BLACKWELL
# RUN: test ! -e %t
import torch
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.blackwell import tcgen05_mma


@gluon.jit
def early_return(n):
    if n > 0:
        return
    # RETURN: unsupported.py:[[@LINE-1]]:9: error: not supported yet: 'return' inside a run-time 'if' or loop


@gluon.jit
def cache(n):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    p = gl.full([128], 0, gl.int32, layout)
    gl.load(p, cache_modifier=".cg")
    # CACHE: unsupported.py:[[@LINE-1]]:16: error: not supported yet: gl.load(cache_modifier=...)


@gluon.jit
def host_module(n):
    t = torch.zeros(4)
    # HOST: unsupported.py:[[@LINE-1]]:15: error: module 'torch' is not available in kernels


@gluon.jit
def recurse(n: gl.constexpr):
    return recurse(n)


@gluon.jit
def recursive(n):
    recurse(3)
    # RECURSION: unsupported.py:[[@LINE-6]]:12: error: recursion is not supported: 'recurse' calls itself
    # RECURSION: unsupported.py:[[@LINE-2]]:5: note: the first call is here


@gluon.jit
def blackwell(n):
    tcgen05_mma(n)
    # BLACKWELL: unsupported.py:[[@LINE-1]]:5: error: not supported yet: {{.*}}tcgen05_mma
