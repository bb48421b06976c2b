# Kernels of tests/gpu/math-test.sh: gl.extra.libdevice functions
# (gluon.extern_elementwise, linked from libdevice) and a warpgroup MMA
# that accumulates in fp16.
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.extra import libdevice
from triton.experimental.gluon.language.nvidia.hopper import fence_async_shared, warpgroup_mma


@gluon.jit
def libdevice_kernel(x_ptr, y_ptr, exp_ptr, div_ptr, pow_ptr, BLOCK: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout)
    x = gl.load(x_ptr + offs)
    y = gl.load(y_ptr + offs)
    gl.store(exp_ptr + offs, libdevice.fast_expf(x))
    gl.store(div_ptr + offs, libdevice.fast_dividef(x, y))
    gl.store(pow_ptr + offs, libdevice.pow(gl.abs(x), y))


# out[M, N] = a[M, K] @ b[K, N], row-major fp16, accumulated in fp16.
@gluon.jit
def wgmma_f16_acc_kernel(a_ptr, b_ptr, out_ptr, M: gl.constexpr, N: gl.constexpr, K: gl.constexpr):
    rows: gl.constexpr = gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])
    acc_layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, N, 16])
    smem_layout: gl.constexpr = gl.NVMMASharedLayout(swizzle_byte_width=64, element_bitwidth=16, rank=2)
    am = gl.arange(0, M, gl.SliceLayout(1, rows))[:, None]
    ak = gl.arange(0, K, gl.SliceLayout(0, rows))[None, :]
    bk = gl.arange(0, K, gl.SliceLayout(1, rows))[:, None]
    bn = gl.arange(0, N, gl.SliceLayout(0, rows))[None, :]
    a = gl.allocate_shared_memory(gl.float16, [M, K], smem_layout, gl.load(a_ptr + am * K + ak))
    b = gl.allocate_shared_memory(gl.float16, [K, N], smem_layout, gl.load(b_ptr + bk * N + bn))
    fence_async_shared()
    acc = warpgroup_mma(a, b, gl.zeros([M, N], gl.float16, acc_layout))
    om = gl.arange(0, M, gl.SliceLayout(1, acc_layout))[:, None]
    on = gl.arange(0, N, gl.SliceLayout(0, acc_layout))[None, :]
    gl.store(out_ptr + om * N + on, acc)
