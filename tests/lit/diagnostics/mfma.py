# gl.amd.AMDMFMALayout, gl.amd.cdna3.mfma and the buffer accesses check
# their arguments at the call: an AMD target with matrix cores, the warps,
# supported instruction shapes, the operand layouts (with a note at the
# accumulator), k_width (8 only with CDNA4 on gfx950, matching the
# instr_shape's K), dtypes, a product smaller than one instruction's tile
# (one smaller than the warps' tiles is computed by copies), int32
# offsets.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k on_nvidia -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=NV
# RUN: %expect-exit 1 %gluonc %s -k bad_shape -s "*fp32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=SHAPE
# RUN: %expect-exit 1 %gluonc %s -k wrong_operand -s "*fp32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=OPERAND
# RUN: %expect-exit 1 %gluonc %s -k wrong_version -s "*fp32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=VERSION
# RUN: %expect-exit 1 %gluonc %s -k fp32_inputs -s "*fp32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=DTYPE
# RUN: %expect-exit 1 %gluonc %s -k wide_on_gfx942 -s "*fp32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=WIDE
# RUN: %expect-exit 1 %gluonc %s -k wide_k_mismatch -s "*fp32" --arch gfx950 -o %t 2>&1 | FileCheck %s --check-prefix=INSTRK
# RUN: %expect-exit 1 %gluonc %s -k below_one_tile -s "*fp32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=TILE
# RUN: %expect-exit 1 %gluonc %s -k buffer_on_nvidia -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=BUFFER
# RUN: %expect-exit 1 %gluonc %s -k buffer_offsets -s "*fp32" --arch gfx942 -o %t 2>&1 | FileCheck %s --check-prefix=OFFSETS
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def on_nvidia(x_ptr):
    layout: gl.constexpr = gl.amd.AMDMFMALayout(3, [32, 32, 8], False, [2, 2])
    # NV: mfma.py:[[@LINE-1]]:28: error: an AMDMFMALayout needs AMD's matrix cores (MFMA: an AMD CDNA --arch), which sm_90a does not have


@gluon.jit
def bad_shape(x_ptr):
    layout: gl.constexpr = gl.amd.AMDMFMALayout(3, [64, 4, 4], False, [2, 2])
    # SHAPE: mfma.py:[[@LINE-1]]:28: error: invalid AMDMFMALayout: not supported yet: an MFMA instr_shape other than [32, 32, K] or [16, 16, K] (or [32, 32] and [16, 16])


MFMA = gl.amd.AMDMFMALayout(3, [32, 32, 8], False, [2, 2])


@gluon.jit
def wrong_operand(x_ptr):
    acc = gl.zeros([64, 64], gl.float32, MFMA)
    a = gl.zeros([64, 16], gl.float16, gl.DotOperandLayout(0, MFMA, 4))
    b = gl.zeros([16, 64], gl.float16, gl.DotOperandLayout(0, MFMA, 4))
    c = gl.amd.cdna3.mfma(a, b, acc)
    # OPERAND: mfma.py:[[@LINE-1]]:30: error: gl.amd.cdna3.mfma's b needs the layout DotOperandLayout(operand_index=1, parent=<the accumulator's layout>, k_width=4 or 8), got DotOperandLayout(operand_index=0,
    # OPERAND: mfma.py:[[@LINE-5]]:11: note: the accumulator's layout is AMDMFMALayout(version=3, instr_shape=[32, 32, 8], transposed=False, warps_per_cta=[2, 2])


@gluon.jit
def wrong_version(x_ptr):
    acc = gl.zeros([64, 64], gl.float32, MFMA)
    a = gl.zeros([64, 16], gl.float16, gl.DotOperandLayout(0, MFMA, 4))
    b = gl.zeros([16, 64], gl.float16, gl.DotOperandLayout(1, MFMA, 4))
    c = gl.amd.cdna4.mfma(a, b, acc)
    # VERSION: mfma.py:[[@LINE-1]]:33: error: gl.amd.cdna4.mfma needs an accumulator in an AMDMFMALayout of version 4, got AMDMFMALayout(version=3,


@gluon.jit
def fp32_inputs(x_ptr):
    acc = gl.zeros([64, 64], gl.float32, MFMA)
    a = gl.zeros([64, 16], gl.float32, gl.DotOperandLayout(0, MFMA, 4))
    b = gl.zeros([16, 64], gl.float32, gl.DotOperandLayout(1, MFMA, 4))
    c = gl.amd.cdna3.mfma(a, b, acc)
    # DTYPE: mfma.py:[[@LINE-1]]:9: error: not supported yet: gl.amd.cdna3.mfma of gl.float32 x gl.float32 into gl.float32 (fp16 or bf16 operands, fp32 accumulator)


MFMA4 = gl.amd.AMDMFMALayout(4, [32, 32, 16], False, [2, 2])


@gluon.jit
def wide_on_gfx942(x_ptr):
    acc = gl.zeros([64, 64], gl.float32, MFMA4)
    a = gl.zeros([64, 32], gl.float16, gl.DotOperandLayout(0, MFMA4, 8))
    b = gl.zeros([32, 64], gl.float16, gl.DotOperandLayout(1, MFMA4, 8))
    c = gl.amd.cdna4.mfma(a, b, acc)
    # WIDE: mfma.py:[[@LINE-1]]:9: error: gl.amd.cdna4.mfma with k_width 8 on a CDNA4 layout needs the doubled-K instructions only --arch gfx950 has (this is gfx942); on a CDNA3 layout k_width 8 is two instructions


@gluon.jit
def wide_k_mismatch(x_ptr):
    acc = gl.zeros([64, 64], gl.float32, MFMA4)
    a = gl.zeros([64, 32], gl.float16, gl.DotOperandLayout(0, MFMA4, 4))
    b = gl.zeros([32, 64], gl.float16, gl.DotOperandLayout(1, MFMA4, 4))
    c = gl.amd.cdna4.mfma(a, b, acc)
    # INSTRK: mfma.py:[[@LINE-1]]:27: error: gl.amd.cdna4.mfma: k_width 4 makes 8 of K per instruction, but the accumulator's instr_shape says 16
    # INSTRK: mfma.py:[[@LINE-5]]:11: note: the accumulator's layout is AMDMFMALayout(version=4, instr_shape=[32, 32, 16], transposed=False, warps_per_cta=[2, 2])


@gluon.jit
def buffer_on_nvidia(x_ptr):
    offs = gl.arange(0, 128, layout=gl.BlockedLayout([1], [32], [4], [0]))
    x = gl.amd.cdna3.buffer_load(x_ptr, offs)
    # BUFFER: mfma.py:[[@LINE-1]]:34: error: gl.amd.cdna3.buffer_load needs an AMD CDNA --arch, not sm_90a


@gluon.jit
def buffer_offsets(x_ptr):
    offs = gl.arange(0, 256, layout=gl.BlockedLayout([1], [64], [4], [0]))
    x = gl.amd.cdna3.buffer_load(x_ptr, offs.to(gl.int64))
    # OFFSETS: mfma.py:[[@LINE-1]]:41: error: gl.amd.cdna3.buffer_load needs a tensor of int32 element offsets, got


MFMA_MN = gl.amd.AMDMFMALayout(3, [32, 32], False, [2, 2])


@gluon.jit
def below_one_tile(x_ptr):
    acc = gl.zeros([16, 64], gl.float32, MFMA_MN)
    a = gl.zeros([16, 16], gl.float16, gl.DotOperandLayout(0, MFMA_MN, 4))
    b = gl.zeros([16, 64], gl.float16, gl.DotOperandLayout(1, MFMA_MN, 4))
    c = gl.amd.cdna3.mfma(a, b, acc)
    # TILE: mfma.py:[[@LINE-1]]:9: error: not supported yet: gl.amd.cdna3.mfma on [16, 16] @ [16, 64]: M and N must hold one instruction's tile and K be a multiple of 8
