# gl.DotOperandLayout is checked at the call: operand 0 or 1, a BlockedLayout
# parent of rank 2 or more (the FMA dot), and k_width 0 as Triton requires
# for a blocked parent. A version 3 NVMMADistributedLayout parent is
# wgmma's A in registers: operand 0 only (wgmma reads B from shared
# memory) and k_width 32 / element bits (1, 2 or 4); a version 2 parent
# is mma_v2's A or B, k_width likewise (diagnostics/ampere.py has mma_v2's
# own checks). These are reported at the call.
# Other parents are not supported yet.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k bad_index -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=INDEX
# RUN: %expect-exit 1 %gluonc %s -k bad_width -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=WIDTH
# RUN: %expect-exit 1 %gluonc %s -k linear_parent -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=PARENT
# RUN: %expect-exit 1 %gluonc %s -k flat_parent -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=FLAT
# RUN: %expect-exit 1 %gluonc %s -k wgmma_b -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=WGMMAB --strict-whitespace
# RUN: %expect-exit 1 %gluonc %s -k wgmma_width -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=WGMMAWIDTH
# RUN: %expect-exit 1 %gluonc %s -k wgmma_width_named -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=WGMMANAMED
# RUN: %expect-exit 1 %gluonc %s -k mma_v2_width -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=MMAV2
# RUN: %expect-exit 1 %gluonc %s -k mma_v2_width_huge -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=MMAV2HUGE
# RUN: %expect-exit 1 %gluonc %s -k wgmma_width_negative -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=WGMMANEG
# RUN: %expect-exit 1 %gluonc %s -k wgmma_width_huge -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=WGMMAHUGE
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

ACC = gl.BlockedLayout([1, 1], [8, 4], [4, 1], [1, 0])
WGMMA = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 64, 16])
MMA_V2 = gl.NVMMADistributedLayout(version=[2, 0], warps_per_cta=[4, 1], instr_shape=[16, 8])


@gluon.jit
def bad_index(x_ptr):
    layout: gl.constexpr = gl.DotOperandLayout(2, ACC, 0)
    # INDEX: dot-operand-layout.py:[[@LINE-1]]:48: error: DotOperandLayout operand_index must be 0 (the left operand) or 1 (the right one), got 2


@gluon.jit
def bad_width(x_ptr):
    layout: gl.constexpr = gl.DotOperandLayout(0, ACC, 2)
    # WIDTH: dot-operand-layout.py:[[@LINE-1]]:56: error: a DotOperandLayout with a BlockedLayout parent needs k_width 0, got 2


@gluon.jit
def linear_parent(x_ptr):
    layout: gl.constexpr = gl.DotOperandLayout(0, gl.to_linear_layout(ACC, [32, 4]), 0)
    # PARENT: dot-operand-layout.py:[[@LINE-1]]:51: error: not supported yet: a DotOperandLayout whose parent is DistributedLinearLayout({{.*}}) (BlockedLayout, AMDMFMALayout and NVMMADistributedLayout parents are)


@gluon.jit
def flat_parent(x_ptr):
    layout: gl.constexpr = gl.DotOperandLayout(1, gl.BlockedLayout([1], [32], [4], [0]), 0)
    # FLAT: dot-operand-layout.py:[[@LINE-1]]:51: error: a DotOperandLayout needs a parent of rank 2 or more, got BlockedLayout(size_per_thread=[1]


@gluon.jit
def wgmma_b(x_ptr):
    layout: gl.constexpr = gl.DotOperandLayout(1, WGMMA, 2)
    # WGMMAB: dot-operand-layout.py:[[@LINE-1]]:28: error: wgmma reads B from shared memory: only operand 0 (A) of a version 3 NVMMADistributedLayout is in registers
    # WGMMAB-NEXT: {{^}}    layout: gl.constexpr = gl.DotOperandLayout(1, WGMMA, 2){{$}}
    # WGMMAB-NEXT: {{^}}                           ^{{$}}


@gluon.jit
def wgmma_width(x_ptr):
    layout: gl.constexpr = gl.DotOperandLayout(0, WGMMA, 3)
    # WGMMAWIDTH: dot-operand-layout.py:[[@LINE-1]]:28: error: k_width of wgmma's A is 32 / element bits (1, 2 or 4), got 3


@gluon.jit
def wgmma_width_named(x_ptr):
    layout: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=WGMMA, k_width=8)
    # WGMMANAMED: dot-operand-layout.py:[[@LINE-1]]:28: error: k_width of wgmma's A is 32 / element bits (1, 2 or 4), got 8


@gluon.jit
def mma_v2_width(x_ptr):
    layout: gl.constexpr = gl.DotOperandLayout(1, MMA_V2, 8)
    # MMAV2: dot-operand-layout.py:[[@LINE-1]]:28: error: k_width of an mma_v2 operand is 32 / element bits (1, 2 or 4), got 8


@gluon.jit
def mma_v2_width_huge(x_ptr):
    layout: gl.constexpr = gl.DotOperandLayout(0, MMA_V2, 4294967298)
    # MMAV2HUGE: dot-operand-layout.py:[[@LINE-1]]:28: error: k_width of an mma_v2 operand is 32 / element bits (1, 2 or 4), got 4294967298


@gluon.jit
def wgmma_width_negative(x_ptr):
    layout: gl.constexpr = gl.DotOperandLayout(0, WGMMA, -1)
    # WGMMANEG: dot-operand-layout.py:[[@LINE-1]]:28: error: k_width of wgmma's A is 32 / element bits (1, 2 or 4), got -1


@gluon.jit
def wgmma_width_huge(x_ptr):
    # 2^32 + 2 must not wrap around to 2.
    layout: gl.constexpr = gl.DotOperandLayout(0, WGMMA, 4294967298)
    # WGMMAHUGE: dot-operand-layout.py:[[@LINE-1]]:28: error: k_width of wgmma's A is 32 / element bits (1, 2 or 4), got 4294967298
