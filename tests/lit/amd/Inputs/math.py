from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def math_kernel(x_ptr, y_ptr, BLOCK: gl.constexpr = 1024,
                LANES: gl.constexpr = 64):
    # Every math function gluonc lowers, on fp32 or fp64 (the pointers'
    # element type).
    layout: gl.constexpr = gl.BlockedLayout([BLOCK // LANES // 4], [LANES], [4], [0])
    offs = gl.arange(0, BLOCK, layout=layout)
    x = gl.load(x_ptr + offs)
    y = gl.log(x) + gl.log2(x) + gl.exp(x) + gl.exp2(x) + gl.sin(x)
    y += gl.cos(x) + gl.rsqrt(x) + gl.erf(x) + gl.sqrt(x) + gl.abs(x)
    y += gl.floor(x) + gl.ceil(x) + gl.fma(x, x, y) + x / (x + 1.0)
    gl.store(y_ptr + offs, y)


@gluon.jit
def atomic_add_f32(x_ptr, sum_ptr, n, BLOCK: gl.constexpr = 256):
    layout: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])
    offs = gl.arange(0, BLOCK, layout=layout)
    mask = offs < n
    x = gl.load(x_ptr + offs, mask=mask, other=0.0)
    gl.atomic_add(sum_ptr + offs % 8, x, mask=mask)
