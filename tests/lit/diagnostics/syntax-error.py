# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k kernel -s "i32" -o %t 2>&1 | FileCheck %s
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def kernel(n)
    pid = gl.program_id(0)
# CHECK: syntax-error.py:[[@LINE-2]]:14: error: expected ':'
# CHECK-NEXT: def kernel(n)
# CHECK-NEXT: {{^             \^}}
