# Finding 2 of issue 12: the byte size of a shared allocation of shape
# [2^16] * 4 overflowed 64 bits (to 0), passed the shared-memory limit and
# crashed the lowering (exit 139). Every shape is checked with bounded
# arithmetic: at most 2^30 elements in all (checkShape).
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k kernel -s "*i8" -o %t 2>&1 | FileCheck %s
# RUN: %expect-exit 1 %gluonc %s -k kernel -s "*i8" -D WARP=64 --arch gfx942 -o %t 2>&1 | FileCheck %s
# RUN: %expect-exit 1 %gluonc %s -k kernel -s "*i8" -D 'SHAPE=[2**30, 2]' -o %t 2>&1 | FileCheck %s --check-prefix=PAIR
# RUN: %expect-exit 1 %gluonc %s -k kernel -s "*i8" -D 'SHAPE=[2**31]' -o %t 2>&1 | FileCheck %s --check-prefix=DIM
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def kernel(x_ptr, SHAPE: gl.constexpr = [2**16] * 4, WARP: gl.constexpr = 32):
    smem = gl.allocate_shared_memory(gl.int8, SHAPE, gl.SwizzledSharedLayout(1, 1, 1, list(range(len(SHAPE)))[::-1]))
    # CHECK: shared-memory-size.py:[[@LINE-1]]:47: error: {{.*}} cannot lay out shared memory of shape [65536, 65536, 65536, 65536]: more than 2^30 elements in all
    # PAIR: error: {{.*}} cannot lay out shared memory of shape [1073741824, 2]: more than 2^30 elements in all
    # DIM: error: shape [2147483648]: dimensions must be between 1 and 2^30
