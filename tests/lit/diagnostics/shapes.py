# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k too_big -s "*i32" -o %t 2>&1 | FileCheck %s --check-prefix=BIG
# RUN: %expect-exit 1 %gluonc %s -k full_rank -s "*i32" -o %t 2>&1 | FileCheck %s --check-prefix=RANK
# RUN: %expect-exit 1 %gluonc %s -k mask_shape -s "*i32" -o %t 2>&1 | FileCheck %s --check-prefix=MASK
# RUN: %expect-exit 1 %gluonc %s -k fp8_math -s "*fp8e4nv" -o %t 2>&1 | FileCheck %s --check-prefix=FP8
# RUN: %expect-exit 1 %gluonc %s -k loop_type -s "*i32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: %expect-exit 1 %gluonc %s -k loop_constexpr -s "*i32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=LOOP-CONST
# RUN: %expect-exit 1 %gluonc %s -k slice_of_1d -s "*i32" -o %t 2>&1 | FileCheck %s --check-prefix=SLICE
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def too_big(x_ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    offs = gl.arange(0, 1 << 24, layout=layout)
    # BIG: shapes.py:[[@LINE-1]]:12: error: tensor 'tensor<16777216xi32, {{.*}}>' puts 131072 elements in each thread; at most 256 are supported
    # BIG-NOT: see current operation


@gluon.jit
def full_rank(x_ptr):
    layout: gl.constexpr = gl.BlockedLayout([1, 1], [8, 4], [4, 1], [1, 0])
    t = gl.full([128], 0, gl.int32, layout)
    # RANK: shapes.py:[[@LINE-1]]:37: error: a 1-D shape needs a layout of that rank, got BlockedLayout(size_per_thread=[1, 1], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[1, 0])


@gluon.jit
def mask_shape(x_ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    a = gl.arange(0, 128, layout=layout)
    gl.store(x_ptr + a, 1, mask=gl.arange(0, 256, layout=layout) < 5)
    # MASK: shapes.py:[[@LINE-1]]:28: error: cannot broadcast a tensor of shape [256] to [128]


@gluon.jit
def fp8_math(x_ptr):
    v = gl.load(x_ptr)
    gl.store(x_ptr, v + v)
    # FP8: shapes.py:[[@LINE-1]]:23: error: not supported yet: arithmetic on gl.float8e4nv values


@gluon.jit
def loop_type(x_ptr, n):
    acc = n
    for i in range(n):
        acc = acc * 0.5
    # LOOP: shapes.py:[[@LINE-2]]:5: error: loop-carried variable 'acc' is scalar<i32> before the loop but scalar<fp32> after an iteration


@gluon.jit
def loop_constexpr(x_ptr, n):
    name = "a"
    for i in range(n):
        name = name + "b"
    # LOOP-CONST: shapes.py:[[@LINE-2]]:5: error: 'name' gets a new compile-time value in each iteration of a run-time loop ('ab')


@gluon.jit
def slice_of_1d(x_ptr):
    parent: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    rows: gl.constexpr = gl.SliceLayout(0, parent)
    # SLICE: shapes.py:[[@LINE-1]]:44: error: a SliceLayout of the 1-D layout BlockedLayout(size_per_thread=[1], threads_per_warp=[32], warps_per_cta=[4], order=[0]) would have no dimensions left
