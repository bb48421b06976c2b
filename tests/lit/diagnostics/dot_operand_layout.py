# gl.DotOperandLayout is checked at the call: operand 0 or 1, a BlockedLayout
# parent of rank 2 or more (the FMA dot; other parents are not supported
# yet), and k_width 0 as Triton requires for a blocked parent.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k bad_index -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=INDEX
# RUN: %expect-exit 1 %gluonc %s -k bad_width -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=WIDTH
# RUN: %expect-exit 1 %gluonc %s -k linear_parent -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=PARENT
# RUN: %expect-exit 1 %gluonc %s -k flat_parent -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=FLAT
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

ACC = gl.BlockedLayout([1, 1], [8, 4], [4, 1], [1, 0])


@gluon.jit
def bad_index(x_ptr):
    layout: gl.constexpr = gl.DotOperandLayout(2, ACC, 0)
    # INDEX: dot_operand_layout.py:[[@LINE-1]]:48: error: DotOperandLayout operand_index must be 0 (the left operand) or 1 (the right one), got 2


@gluon.jit
def bad_width(x_ptr):
    layout: gl.constexpr = gl.DotOperandLayout(0, ACC, 2)
    # WIDTH: dot_operand_layout.py:[[@LINE-1]]:56: error: a DotOperandLayout with a BlockedLayout parent needs k_width 0, got 2


@gluon.jit
def linear_parent(x_ptr):
    layout: gl.constexpr = gl.DotOperandLayout(0, gl.to_linear_layout(ACC, [32, 4]), 0)
    # PARENT: dot_operand_layout.py:[[@LINE-1]]:51: error: not supported yet: a DotOperandLayout whose parent is DistributedLinearLayout(


@gluon.jit
def flat_parent(x_ptr):
    layout: gl.constexpr = gl.DotOperandLayout(1, gl.BlockedLayout([1], [32], [4], [0]), 0)
    # FLAT: dot_operand_layout.py:[[@LINE-1]]:51: error: a DotOperandLayout needs a parent of rank 2 or more, got BlockedLayout(size_per_thread=[1]
