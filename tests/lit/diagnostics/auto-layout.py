# AutoLayout's errors, each at its source: two layouts for one tensor, a
# tensor nothing gives a layout, a builtin that needs a concrete layout,
# set_auto_layout on a tensor that has one or with a layout of another rank.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k conflict -s "" -o %t 2>&1 | FileCheck %s --check-prefix=CONFLICT
# RUN: %expect-exit 1 %gluonc %s -k unreached -s "*fp32:16" -o %t 2>&1 | FileCheck %s --check-prefix=UNREACHED
# RUN: %expect-exit 1 %gluonc %s -k needs_layout -s "" -o %t 2>&1 | FileCheck %s --check-prefix=NEEDS
# RUN: %expect-exit 1 %gluonc %s -k method_needs_layout -s "" -o %t 2>&1 | FileCheck %s --check-prefix=METHOD
# RUN: %expect-exit 1 %gluonc %s -k already_concrete -s "" -o %t 2>&1 | FileCheck %s --check-prefix=CONCRETE
# RUN: %expect-exit 1 %gluonc %s -k wrong_rank -s "" -o %t 2>&1 | FileCheck %s --check-prefix=RANK
# RUN: %expect-exit 1 %gluonc %s -k not_a_slice -s "*i32:16" -o %t 2>&1 | FileCheck %s --check-prefix=SLICE
# RUN: %expect-exit 1 %gluonc %s -k auto_parent -s "" -o %t 2>&1 | FileCheck %s --check-prefix=PARENT
# RUN: %expect-exit 1 %gluonc %s -k tuple_reduce -s "" -o %t 2>&1 | FileCheck %s --check-prefix=TUPLE
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

L1: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
L2: gl.constexpr = gl.BlockedLayout([2], [32], [4], [0])


@gluon.jit
def conflict():
    x = gl.arange(0, 256)
    a = gl.set_auto_layout(x, L1)
    b = gl.set_auto_layout(x, L2)
    # CONFLICT: auto-layout.py:[[@LINE-1]]:9: error: conflicting layouts inferred for a tensor in AutoLayout: #gluon.blocked<{sizePerThread = [1]{{.*}}> and #gluon.blocked<{sizePerThread = [2]
    # CONFLICT: auto-layout.py:[[@LINE-3]]:9: note: the first comes from this set_auto_layout
    # CONFLICT: auto-layout.py:[[@LINE-3]]:9: note: the second from this set_auto_layout


@gluon.jit
def unreached(ptr):
    x = gl.arange(0, 128)
    # UNREACHED: auto-layout.py:[[@LINE-1]]:9: error: cannot infer the layout of this tensor in AutoLayout: no gl.set_auto_layout reaches it
    gl.store(ptr + x, 1.0)


@gluon.jit
def needs_layout():
    x = gl.zeros([128], gl.float32)
    y = gl.convert_layout(x, L1)
    # NEEDS: auto-layout.py:[[@LINE-1]]:27: error: convert_layout needs a tensor with a concrete layout, got one in AutoLayout: give it a layout with gl.set_auto_layout(value, layout)


@gluon.jit
def method_needs_layout():
    x = gl.arange(0, 128)
    s = x.reshape(8, 16)
    # METHOD: auto-layout.py:[[@LINE-1]]:9: error: {{.*}}reshape needs a tensor with a concrete layout, got one in AutoLayout


@gluon.jit
def already_concrete():
    x = gl.arange(0, 128, layout=L1)
    y = gl.set_auto_layout(x, L2)
    # CONCRETE: auto-layout.py:[[@LINE-1]]:28: error: gl.set_auto_layout needs a tensor in AutoLayout, got one in BlockedLayout(size_per_thread=[1], threads_per_warp=[32], warps_per_cta=[4], order=[0]); gl.convert_layout changes a layout


@gluon.jit
def wrong_rank():
    x = gl.zeros([16, 16], gl.float32)
    y = gl.set_auto_layout(x, L1)
    # RANK: auto-layout.py:[[@LINE-1]]:9: error: a 2-D tensor in AutoLayout cannot take the layout BlockedLayout(size_per_thread=[1], threads_per_warp=[32], warps_per_cta=[4], order=[0]) of rank 1


@gluon.jit
def not_a_slice(ptr):
    x = gl.arange(0, 128)
    a = gl.set_auto_layout(x, L1)
    e = x[:, None]
    # SLICE: auto-layout.py:[[@LINE-1]]:14: error: expand_dims along 1 needs its source in a SliceLayout along 1, but inference gives it #gluon.blocked
    # SLICE: auto-layout.py:[[@LINE-3]]:9: note: that layout comes from this set_auto_layout
    gl.store(ptr + e, 0)


@gluon.jit
def auto_parent():
    layout: gl.constexpr = gl.SliceLayout(0, gl.AutoLayout())
    # PARENT: auto-layout.py:[[@LINE-1]]:46: error: expected a concrete distributed layout such as gl.BlockedLayout(...), got AutoLayout(), which only gl.arange, gl.full and gl.zeros take


@gluon.jit
def _add(a, b):
    return a + b


@gluon.jit
def tuple_reduce():
    x = gl.arange(0, 128)
    y = gl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x], dtype=gl.int32, is_pure=True, pack=1)
    # TUPLE: auto-layout.py:[[@LINE-1]]:62: error: inline_asm_elementwise needs a tensor with a concrete layout, got one in AutoLayout
