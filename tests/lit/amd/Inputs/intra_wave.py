# Kernels with intra-wave regions (tests/lit/amd/intra-wave.test): the
# next step's MFMA operands are read from LDS while the MFMAs run on the
# current ones, which were read an iteration earlier (register prefetch).
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
import triton.language.extra.tlx as tlx

MFMA: gl.constexpr = gl.amd.AMDMFMALayout(3, [32, 32, 8], False, [2, 2])
A: gl.constexpr = gl.DotOperandLayout(0, MFMA, 8)
B: gl.constexpr = gl.DotOperandLayout(1, MFMA, 8)
SMEM: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, [1, 0])
ROWS: gl.constexpr = gl.BlockedLayout([1, 8], [8, 8], [4, 1], [1, 0])


@gluon.jit
def prefetch_kernel(a_ptr, b_ptr, bias_ptr, c_ptr, n, PAIRED: gl.constexpr):
    # a: 64 x 32 and b: 32 x 64 fp16 tiles, two slots each, written once.
    r64 = gl.arange(0, 64, gl.SliceLayout(1, ROWS))
    c32 = gl.arange(0, 32, gl.SliceLayout(0, ROWS))
    r32 = gl.arange(0, 32, gl.SliceLayout(1, ROWS))
    c64 = gl.arange(0, 64, gl.SliceLayout(0, ROWS))
    a_smem = gl.allocate_shared_memory(gl.float16, [2, 64, 32], SMEM)
    b_smem = gl.allocate_shared_memory(gl.float16, [2, 32, 64], SMEM)
    for s in gl.static_range(2):
        a_smem.index(s).store(gl.load(a_ptr + s * 2048 + r64[:, None] * 32 + c32[None, :]))
        b_smem.index(s).store(gl.load(b_ptr + s * 2048 + r32[:, None] * 64 + c64[None, :]))
    rows = gl.arange(0, 64, gl.SliceLayout(1, MFMA))
    cols = gl.arange(0, 64, gl.SliceLayout(0, MFMA))
    offsets = rows[:, None] * 64 + cols[None, :]
    a = a_smem.index(0).load(A)
    b = b_smem.index(0).load(B)
    acc = gl.zeros([64, 64], gl.float32, MFMA)
    bias = gl.zeros([64, 64], gl.float32, MFMA)
    for k in range(n):
        if PAIRED:
            with tlx.warp_pipeline_stage("reads", scope="intra_wave", pair=0):
                a_next = a_smem.index((k + 1) % 2).load(A)
                b_next = b_smem.index((k + 1) % 2).load(B)
            with tlx.warp_pipeline_stage("mfmas", scope="intra_wave", pair=0):
                acc = gl.amd.cdna3.mfma(a, b, acc)
        else:
            with tlx.warp_pipeline_stage("prefetch", scope="intra_wave"):
                a_next = a_smem.index((k + 1) % 2).load(A)
                b_next = b_smem.index((k + 1) % 2).load(B)
                step = gl.amd.cdna3.buffer_load(bias_ptr, offsets + k * 4096)
                acc = gl.amd.cdna3.mfma(a, b, acc)
            bias += step
        a = a_next
        b = b_next
    gl.store(c_ptr + offsets, acc + bias)
