# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k add_mismatch -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=ADD
# RUN: %expect-exit 1 %gluonc %s -k expand_wrong -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=EXPAND
# RUN: %expect-exit 1 %gluonc %s -k warps -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=WARPS
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def add_mismatch(x_ptr):
    a = gl.arange(0, 512, layout=gl.BlockedLayout([4], [32], [4], [0]))
    b = gl.arange(0, 512, layout=gl.BlockedLayout([1], [32], [4], [0]))
    c = a + b
    # ADD: layout_mismatch.py:[[@LINE-1]]:11: error: layout mismatch: the left operand has layout BlockedLayout(size_per_thread=[4], threads_per_warp=[32], warps_per_cta=[4], order=[0]), the right operand has layout BlockedLayout(size_per_thread=[1], threads_per_warp=[32], warps_per_cta=[4], order=[0])
    # ADD-NEXT: {{^}}    c = a + b
    # ADD-NEXT: {{^}}          ^
    # ADD-NEXT: layout_mismatch.py:[[@LINE-4]]:13: note: the right operand; both operands need the same layout


@gluon.jit
def expand_wrong(x_ptr):
    parent: gl.constexpr = gl.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0])
    rows = gl.arange(0, 32, layout=gl.SliceLayout(0, parent))
    r2 = rows[:, None]
    # EXPAND: layout_mismatch.py:[[@LINE-1]]:18: error: cannot insert dimension 1 into a tensor with layout SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[1, 0])): it needs SliceLayout(1, parent)


@gluon.jit
def warps(x_ptr):
    layout: gl.constexpr = gl.BlockedLayout([4], [32], [8], [0])
    # WARPS: layout_mismatch.py:[[@LINE-1]]:56: error: warps_per_cta multiplies to 8, but the kernel is compiled with 4 warps (--num-warps)
