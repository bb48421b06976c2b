# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k kernel -s "*fp32" -o %t 2>&1 | FileCheck %s --strict-whitespace
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def kernel(x_ptr):
    offs = gl.arange(0, 128, layout=layuot)
    # CHECK: unknown-name.py:[[@LINE-1]]:37: error: unknown name 'layuot'
    # CHECK-NEXT: {{^}}    offs = gl.arange(0, 128, layout=layuot)
    # CHECK-NEXT: {{^}}                                    ^~~~~~
