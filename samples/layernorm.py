"""Layer norm forward in Gluon, one program per row:

    y = (x - mean(x)) / sqrt(var(x) + eps) * w + b

and the row's mean and 1/std are stored for a backward pass. Statistics are
fp32 whatever the input type.

    gluonc samples/layernorm.py -k layernorm_kernel \
        -s "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, fp32, 1024" \
        -D 'layout=gl.BlockedLayout([4], [32], [4], [0])' -o out/
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def layernorm_kernel(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr,
                     n_cols, stride, eps,
                     BLOCK: gl.constexpr, layout: gl.constexpr):
    row = gl.program_id(0)
    cols = gl.arange(0, BLOCK, layout=layout)
    mask = cols < n_cols
    x = gl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(gl.float32)
    mean = gl.sum(x, axis=0) / n_cols
    diff = gl.where(mask, x - mean, 0.0)
    var = gl.sum(diff * diff, axis=0) / n_cols
    rstd = gl.rsqrt(var + eps)
    w = gl.load(w_ptr + cols, mask=mask).to(gl.float32)
    b = gl.load(b_ptr + cols, mask=mask).to(gl.float32)
    y = diff * rstd * w + b
    gl.store(y_ptr + row * stride + cols, y.to(y_ptr.dtype.element_ty), mask=mask)
    gl.store(mean_ptr + row, mean)
    gl.store(rstd_ptr + row, rstd)
