# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k add_mismatch -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=ADD
# RUN: %expect-exit 1 %gluonc %s -k expand_wrong -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=EXPAND
# RUN: %expect-exit 1 %gluonc %s -k warps -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=WARPS
# RUN: %expect-exit 1 %gluonc %s -k store_mismatch -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=STORE
# RUN: %expect-exit 1 %gluonc %s -k bad_axis -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=AXIS
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def add_mismatch(x_ptr):
    a = gl.arange(0, 512, layout=gl.BlockedLayout([4], [32], [4], [0]))
    b = gl.arange(0, 512, layout=gl.BlockedLayout([1], [32], [4], [0]))
    c = a + b
    # ADD: layout-mismatch.py:[[@LINE-1]]:11: error: layout mismatch: the left operand has layout BlockedLayout(size_per_thread=[4], threads_per_warp=[32], warps_per_cta=[4], order=[0]), the right operand has layout BlockedLayout(size_per_thread=[1], threads_per_warp=[32], warps_per_cta=[4], order=[0])
    # ADD-NEXT: {{^}}    c = a + b
    # ADD-NEXT: {{^}}          ^
    # ADD-NEXT: layout-mismatch.py:[[@LINE-5]]:9: note: the right operand is defined here; both operands need the same layout


@gluon.jit
def expand_wrong(x_ptr):
    parent: gl.constexpr = gl.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0])
    rows = gl.arange(0, 32, layout=gl.SliceLayout(0, parent))
    r2 = rows[:, None]
    # EXPAND: layout-mismatch.py:[[@LINE-1]]:18: error: cannot insert dimension 1 into a tensor with layout SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[1, 0])): it needs SliceLayout(1, parent)


@gluon.jit
def warps(x_ptr):
    layout: gl.constexpr = gl.BlockedLayout([4], [32], [8], [0])
    # WARPS: layout-mismatch.py:[[@LINE-1]]:56: error: warps_per_cta multiplies to 8, but the kernel is compiled with 4 warps (--num-warps)


@gluon.jit
def store_mismatch(x_ptr):
    offs = gl.arange(0, 512, layout=gl.BlockedLayout([4], [32], [4], [0]))
    values = gl.full([512], 1.0, gl.float32,
                     layout=gl.BlockedLayout([2], [32], [4], [0]))
    gl.store(x_ptr + offs, values)
    # STORE: layout-mismatch.py:[[@LINE-1]]:28: error: layout mismatch: gl.store's pointers have layout BlockedLayout(size_per_thread=[4], threads_per_warp=[32], warps_per_cta=[4], order=[0]), the value has layout BlockedLayout(size_per_thread=[2], threads_per_warp=[32], warps_per_cta=[4], order=[0])
    # STORE: layout-mismatch.py:[[@LINE-4]]:14: note: the value is defined here; gl.convert_layout(value, layout) moves it to the pointers' layout


@gluon.jit
def bad_axis(x_ptr):
    tile = gl.full([64, 16], 1.0, gl.float32,
                   layout=gl.BlockedLayout([2, 4], [16, 2], [2, 2], [1, 0]))
    gl.store(x_ptr, gl.sum(gl.sum(tile, axis=2), axis=0))
    # AXIS: layout-mismatch.py:[[@LINE-1]]:41: error: axis 2 is out of range for a tensor of shape [64, 16]
