# gl.dot_fma checks its operands at the call, as Triton's gl.dot_fma does:
# a BlockedLayout accumulator, operands in its DotOperandLayouts (with a
# note at the accumulator's definition), shapes that multiply, one operand
# dtype that the accumulator can hold.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k acc_not_blocked -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=ACC
# RUN: %expect-exit 1 %gluonc %s -k wrong_operand -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=OPERAND
# RUN: %expect-exit 1 %gluonc %s -k bad_shapes -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=SHAPES
# RUN: %expect-exit 1 %gluonc %s -k mixed_dtypes -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=MIXED
# RUN: %expect-exit 1 %gluonc %s -k narrow_acc -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=NARROW
# RUN: %expect-exit 1 %gluonc %s -k flat -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=FLAT
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

ACC = gl.BlockedLayout([2, 2], [4, 8], [4, 1], [1, 0])
A = gl.DotOperandLayout(0, ACC, 0)
B = gl.DotOperandLayout(1, ACC, 0)


@gluon.jit
def acc_not_blocked(x_ptr):
    acc = gl.zeros([32, 16], gl.float32, gl.to_linear_layout(ACC, [32, 16]))
    c = gl.dot_fma(gl.zeros([32, 8], gl.float32, A), gl.zeros([8, 16], gl.float32, B), acc)
    # ACC: dot-fma.py:[[@LINE-1]]:88: error: gl.dot_fma needs an accumulator in a BlockedLayout, got DistributedLinearLayout(


@gluon.jit
def wrong_operand(x_ptr):
    acc = gl.zeros([32, 16], gl.float32, ACC)
    c = gl.dot_fma(gl.zeros([32, 8], gl.float32, A), gl.zeros([8, 16], gl.float32, A), acc)
    # OPERAND: dot-fma.py:[[@LINE-1]]:54: error: gl.dot_fma's b needs the layout DotOperandLayout(operand_index=1, parent=<the accumulator's layout>, k_width=0), got DotOperandLayout(operand_index=0,
    # OPERAND: dot-fma.py:[[@LINE-3]]:11: note: the accumulator's layout is BlockedLayout(size_per_thread=[2, 2], threads_per_warp=[4, 8], warps_per_cta=[4, 1], order=[1, 0])


@gluon.jit
def bad_shapes(x_ptr):
    acc = gl.zeros([32, 16], gl.float32, ACC)
    c = gl.dot_fma(gl.zeros([32, 8], gl.float32, A), gl.zeros([4, 16], gl.float32, B), acc)
    # SHAPES: dot-fma.py:[[@LINE-1]]:9: error: gl.dot_fma shapes do not multiply: [32, 8] @ [4, 16] into [32, 16]


@gluon.jit
def mixed_dtypes(x_ptr):
    acc = gl.zeros([32, 16], gl.float32, ACC)
    c = gl.dot_fma(gl.zeros([32, 8], gl.float16, A), gl.zeros([8, 16], gl.float32, B), acc)
    # MIXED: dot-fma.py:[[@LINE-1]]:9: error: gl.dot_fma needs a and b of one dtype, got gl.float16 and gl.float32


@gluon.jit
def narrow_acc(x_ptr):
    acc = gl.zeros([32, 16], gl.float16, ACC)
    c = gl.dot_fma(gl.zeros([32, 8], gl.float32, A), gl.zeros([8, 16], gl.float32, B), acc)
    # NARROW: dot-fma.py:[[@LINE-1]]:9: error: gl.dot_fma cannot accumulate gl.float32 products in gl.float16


@gluon.jit
def flat(x_ptr):
    c = gl.dot_fma(gl.zeros([32, 8], gl.float32, A), gl.zeros([8, 16], gl.float32, B), 0.0)
    # FLAT: dot-fma.py:[[@LINE-1]]:88: error: gl.dot_fma's acc must be a 2-D tensor, got shape []
