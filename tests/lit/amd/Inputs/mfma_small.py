# An MFMA tile smaller than the warps' tiles (Triton's test_amd_mfma):
# c[32, 32] = a[32, 16] @ b[16, 32] under 4 warps of a [4, 1]
# AMDMFMALayout with the older two-element instr_shape [32, 32] (K from
# the operands: 8 per v_mfma_f32_32x32x8 with k_width 4). Each warp holds
# a copy of the one tile and computes it.
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def small_mfma_kernel(a_ptr, b_ptr, c_ptr, M: gl.constexpr, N: gl.constexpr, K: gl.constexpr):
    blocked: gl.constexpr = gl.BlockedLayout([4, 4], [4, 16], [4, 1], [1, 0])
    mfma: gl.constexpr = gl.amd.AMDMFMALayout(version=3, instr_shape=[32, 32], transposed=True, warps_per_cta=[4, 1])
    rows = gl.arange(0, M, layout=gl.SliceLayout(1, blocked))[:, None]
    cols = gl.arange(0, N, layout=gl.SliceLayout(0, blocked))[None, :]
    ks = gl.arange(0, K, layout=gl.SliceLayout(0, blocked))[None, :]
    kr = gl.arange(0, K, layout=gl.SliceLayout(1, blocked))[:, None]
    a = gl.amd.cdna3.buffer_load(ptr=a_ptr, offsets=rows * K + ks)
    b = gl.amd.cdna3.buffer_load(ptr=b_ptr, offsets=kr * N + cols)
    a = gl.convert_layout(a, gl.DotOperandLayout(operand_index=0, parent=mfma, k_width=4))
    b = gl.convert_layout(b, gl.DotOperandLayout(operand_index=1, parent=mfma, k_width=4))
    c = gl.amd.cdna3.mfma(a, b, gl.zeros([M, N], gl.float32, mfma))
    c = gl.convert_layout(c, blocked).to(c_ptr.dtype.element_ty)
    gl.amd.cdna3.buffer_store(stored_value=c, ptr=c_ptr, offsets=rows * N + cols)
